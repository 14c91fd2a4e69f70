"""Random self-play speed of Metropolia (issue 8): 2-player base games/s and actions/s.

Run: ``python -m pytest benchmarks/bench_metropolia.py --benchmark-only -p no:cacheprovider``.
Each round plays ``GAMES`` complete games with the full rules and the event log on; the games
per second and actions per second are in each benchmark's ``extra_info``.
"""

from __future__ import annotations

from _shared import play_random_games, play_until, record_rates
from pytest_benchmark.fixture import BenchmarkFixture

import metropolia
from common import RandomBot

GAMES = 50


def _play_batch(players: int, plus: bool) -> int:
    return play_random_games(
        lambda seed: metropolia.new_game(players=players, seed=seed, plus=plus), range(GAMES)
    )


def test_random_two_player_base_games(benchmark: BenchmarkFixture) -> None:
    """The issue-8 target: complete 2-player base games per second (target 600)."""
    actions = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _play_batch, args=(2, False), rounds=5, warmup_rounds=1
    )
    record_rates(benchmark, GAMES, actions)


def test_random_four_player_plus_games(benchmark: BenchmarkFixture) -> None:
    """The heaviest setting: 4-player games with Metropolia Plus."""
    actions = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _play_batch, args=(4, True), rounds=3, warmup_rounds=1
    )
    record_rates(benchmark, GAMES, actions)


def test_clone_mid_game(benchmark: BenchmarkFixture) -> None:
    """clone() of a mid-game position (target 10 us)."""
    game = play_until(
        metropolia.new_game(players=4, seed=3, plus=True), [RandomBot(k) for k in range(4)], 60
    )
    benchmark(game.clone)
