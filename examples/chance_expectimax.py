"""Search with explicit chance: a one-move expectimax bot built on ``g.chance.outcomes()``.

After each legal move the bot looks at what the game waits for. If it is chance with a short
list of outcomes (the dice of Metropolia, ``Dice(1)`` or ``Dice(2)``), it settles a copy of
the game with every outcome in turn and weighs the game's own ``estimate()`` of its chance to
win by the outcome's probability; otherwise it reads the estimate at once. It plays the move
of the highest expectation. A search never calls ``resolve()`` without an outcome on a copy:
that would draw the real dice to come from the game's seed (docs/core.md, "Randomness").

Run: ``python examples/chance_expectimax.py [GAMES]``: the bot against Metropolia's
``heuristic`` in 2-player base games, seats alternating, through ``common.simulate``.
"""

from __future__ import annotations

import sys

import common
from common import Action, Game
from common.chance import ChanceTooLarge
from common.simulation import summarize


def expected_chance(game: Game, seat: int) -> float:
    """``seat``'s expected estimate over the pending chance's outcomes (if there are few)."""
    request = game.chance
    if request is not None:
        try:
            outcomes = request.outcomes(limit=64)
        except ChanceTooLarge:
            outcomes = []
        if outcomes:
            total = 0.0
            for outcome, p in outcomes:
                after = game.clone()
                after.resolve(outcome)
                total += p * _value(after, seat)
            return total
    return _value(game, seat)


def _value(game: Game, seat: int) -> float:
    if game.is_over:
        return 1.0 if seat in game.result().winners else 0.0
    estimate = game.estimate()
    return estimate[seat] if estimate is not None else 1.0 / game.num_players


class ExpectimaxBot:
    """The legal move whose expected estimate after the chance that follows is highest."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, seat: int) -> Action:
        """Try every legal move on a copy and keep the best in expectation."""
        best, best_value = None, -1.0
        for action in game.legal_actions():
            after = game.clone()
            after.apply(action)
            value = expected_chance(after, seat)
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best


def main(games: int = 100) -> dict[str, float]:
    """Win rates of the expectimax bot and the heuristic against each other."""
    records = common.simulate("metropolia", [ExpectimaxBot, "heuristic"], games=games, seed=1)
    by_bot = summarize(records)["by_bot"]
    return {name: row["win_rate"] for name, row in by_bot.items()}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for name, rate in main(n).items():
        print(f"{name:<14} won {rate:.0%} of {n} games")
