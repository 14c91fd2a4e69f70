"""Random self-play speed of Metropoli (issue 6): games/s and actions/s, and clone().

Run: ``python -m pytest benchmarks/bench_metropoli.py --benchmark-only -p no:cacheprovider``.
Each round plays ``GAMES`` complete 4-player games with the full rules and the event log on; the
games per second and actions per second are in each benchmark's ``extra_info``.
"""

from __future__ import annotations

from _shared import play_random_games, play_until, record_rates
from pytest_benchmark.fixture import BenchmarkFixture

import metropoli
from common import RandomBot

GAMES = 30


def _play_batch(players: int) -> int:
    return play_random_games(
        lambda seed: metropoli.new_game(players=players, seed=seed),
        range(GAMES),
        lambda seed, seat: seed * 10 + seat,
    )


def test_random_four_player_games(benchmark: BenchmarkFixture) -> None:
    """Complete random 4-player games per second, and actions per second."""
    actions = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _play_batch, args=(4,), rounds=5, warmup_rounds=1
    )
    record_rates(benchmark, GAMES, actions)


def test_random_six_player_games(benchmark: BenchmarkFixture) -> None:
    """The largest table: 6 players."""
    actions = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _play_batch, args=(6,), rounds=3, warmup_rounds=1
    )
    record_rates(benchmark, GAMES, actions)


def test_clone_mid_game(benchmark: BenchmarkFixture) -> None:
    """clone() of a mid-game position (target 10 us)."""
    game = play_until(metropoli.new_game(players=4, seed=3), [RandomBot(k) for k in range(4)], 80)
    benchmark(game.clone)
