"""OpenSpiel's own MCTS against the project's default bot, through ``common.openspiel``.

Importing ``common.openspiel`` registers every game with pyspiel (``python_metro_<name>``).
Seat 0 is played by OpenSpiel's ``MCTSBot`` with random rollouts, unchanged; the other seats
by the game's default bot (``GameInfo.default_bot``), which reads the Metro game the
OpenSpiel state holds (``state.metro``) and answers with its action index. Chance is
sampled from OpenSpiel's chance outcomes, item by item, with the script's own generator.

Run: ``python examples/openspiel_mcts.py [GAME] [GAMES] [SIMULATIONS]`` (needs
``pip install -e '.[openspiel]'``): Metro City, 4 games, 20 simulations a move by default.
It prints each game's returns and MCTS's share of the wins.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import common
import common.openspiel


def play(name: str, seed: int, simulations: int) -> list[float]:
    """One game: MCTS at seat 0, the default bot elsewhere; the returns."""
    game = pyspiel.load_game(common.openspiel.PREFIX + name)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)
    info = common.get(name)
    default = info.bot_factory(info.default())
    others: dict[int, Any] = {s: default(seed * 31 + s) for s in range(1, game.num_players())}
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif player == 0:
            state.apply_action(searcher.step(state))
        else:
            metro = state.metro
            state.apply_action(metro.action_index(others[player].choose(metro, player)))
    return [float(r) for r in state.returns()]


def main(name: str = "metrocity", games: int = 4, simulations: int = 20) -> float:
    """Play ``games`` games; print each one's returns; return MCTS's share of the wins."""
    won = 0.0
    for seed in range(games):
        returns = play(name, seed, simulations)
        won += returns[0]
        print(f"game {seed}: returns {returns}")
    share = won / games
    print(
        f"OpenSpiel MCTS ({simulations} simulations) won {share:.0%} against {name}'s default bot"
    )
    return share


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        args[0] if args else "metrocity",
        int(args[1]) if len(args) > 1 else 4,
        int(args[2]) if len(args) > 2 else 20,
    )
