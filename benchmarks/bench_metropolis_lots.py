"""Throughput of Metropolis (80 lots): random self-play games/s and actions/s, clone, legal moves.

Run: ``python -m pytest benchmarks/bench_metropolis_lots.py --benchmark-only -p no:cacheprovider``.
Each round plays ``GAMES`` complete 2- or 3-player games with the full rules (exchanges and pooling
on, the event log kept); games/s and actions/s are printed and stored in ``extra_info``.
"""

from __future__ import annotations

from typing import Any

import pytest

import metropolis_lots
from common import RandomBot, play

GAMES = 10


def _random_games(first_seed: int, players: int = 3) -> int:
    actions = 0
    for i in range(GAMES):
        g = metropolis_lots.new_game(players=players, seed=first_seed + i)
        play(g, [RandomBot(first_seed + i + s) for s in range(players)])
        actions += g.decisions
    return actions


def _mid_game() -> metropolis_lots.Metropolis:
    g = metropolis_lots.new_game(players=3, seed=3)
    bots = [RandomBot(1), RandomBot(2), RandomBot(3)]
    while g.decisions < 120 and not g.is_over:
        if g.chance is not None:
            g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
    return g


@pytest.mark.parametrize("players", [2, 3])
def test_bench_random_games(benchmark: Any, players: int) -> None:
    """Random self-play: a batch of 10 games per round (2 players is what ``metro bench``
    measures by default; issue 8's target is 100,000 actions/s)."""
    actions = benchmark(_random_games, 0, players)
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["games_per_s"] = round(GAMES / mean, 1)
    benchmark.extra_info["actions_per_s"] = round(actions / mean)
    print(
        f"\nmetropolis_lots {players}p: {GAMES / mean:,.1f} games/s, "
        f"{actions / mean:,.0f} actions/s"
    )


def test_bench_clone(benchmark: Any) -> None:
    """Cloning a mid-game position (target: 10 us)."""
    g = _mid_game()
    benchmark(g.clone)


def test_bench_legal_actions(benchmark: Any) -> None:
    """Legal moves of a mid-game position (the memo is dropped each time)."""
    g = _mid_game()

    def fresh() -> list[Any]:
        g._memo_key = None
        return g.legal_actions()

    benchmark(fresh)
