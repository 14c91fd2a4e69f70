"""Throughput of Metropolis (80 lots): random self-play games/s and actions/s, clone, legal moves.

Run: ``python -m pytest benchmarks/bench_metropolis_lots.py --benchmark-only -p no:cacheprovider``.
Each round plays ``GAMES`` complete 2- or 3-player games with the full rules (exchanges and pooling
on, the event log kept); games/s and actions/s are printed and stored in ``extra_info``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from _shared import play_random_games, play_until, record_rates

import metropolis_lots
from common import RandomBot

GAMES = 10


def _random_games(first_seed: int, players: int = 3) -> int:
    return play_random_games(
        lambda seed: metropolis_lots.new_game(players=players, seed=seed),
        range(first_seed, first_seed + GAMES),
    )


def _mid_game() -> metropolis_lots.Metropolis:
    g = metropolis_lots.new_game(players=3, seed=3)
    return play_until(g, [RandomBot(1), RandomBot(2), RandomBot(3)], 120)


@pytest.mark.parametrize("players", [2, 3])
def test_bench_random_games(benchmark: Any, players: int) -> None:
    """Random self-play: a batch of 10 games per round (2 players is what ``metro bench``
    measures by default; issue 8's target is 100,000 actions/s)."""
    actions = benchmark(_random_games, 0, players)
    record_rates(benchmark, GAMES, actions, f"metropolis_lots {players}p: ")


def test_bench_clone(benchmark: Any) -> None:
    """Cloning a mid-game position (target: 10 us)."""
    g = _mid_game()
    benchmark(g.clone)


def test_bench_legal_actions(benchmark: Any) -> None:
    """Legal moves of a mid-game position (the memo is dropped each time)."""
    g = _mid_game()

    def fresh() -> Sequence[Any]:
        g._memo_key = None
        return g.legal_actions()

    benchmark(fresh)
