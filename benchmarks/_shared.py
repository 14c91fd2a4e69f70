"""What every game's benchmark does alike: play batches of random games, report their rates,
and reach a mid-game position to time clone() and legal_actions() on."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from common import Bot, Game, RandomBot, advance, play

G = TypeVar("G", bound=Game)


def play_random_games(
    new_game: Callable[[int], Game],
    seeds: Iterable[int],
    bot_seed: Callable[[int, int], int] = lambda game_seed, seat: game_seed + seat,
) -> int:
    """Play one game per seed to its end with random bots; return the decisions taken."""
    actions = 0
    for seed in seeds:
        game = new_game(seed)
        play(game, [RandomBot(bot_seed(seed, s)) for s in range(game.num_players)])
        actions += game.decisions
    return actions


def record_rates(benchmark: Any, games: int, actions: int, label: str = "") -> None:
    """Store games/s and actions/s of one timed batch in ``extra_info`` and print them."""
    if benchmark.stats is None:  # ``--benchmark-disable``: the batch ran once, as a test
        return
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["games_per_s"] = round(games / mean, 1)
    benchmark.extra_info["actions_per_s"] = round(actions / mean)
    print(f"\n{label}{games / mean:,.1f} games/s, {actions / mean:,.0f} actions/s")


def play_to(game: G, bots: Sequence[Bot], reached: Callable[[G], bool]) -> G:
    """Play ``game`` on, a step at a time (chance from its own generator), until
    ``reached(game)`` holds or the game ends."""
    while not reached(game) and advance(game, bots, 1):
        pass
    return game


def play_until(game: G, bots: Sequence[Bot], decisions: int) -> G:
    """Play ``game`` on (chance from its own generator) until ``decisions`` or its end."""
    return play_to(game, bots, lambda g: g.decisions >= decisions)
