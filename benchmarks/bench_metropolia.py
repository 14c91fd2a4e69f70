"""Random self-play speed of Metropolia (issue 8): 2-player base games/s and actions/s.

Run: ``python -m pytest benchmarks/bench_metropolia.py --benchmark-only -p no:cacheprovider``.
Each round plays ``GAMES`` complete games with the full rules and the event log on; the games
per second and actions per second are in each benchmark's ``extra_info``.
"""

from __future__ import annotations

from pytest_benchmark.fixture import BenchmarkFixture

import metropolia
from common import RandomBot, play

GAMES = 50


def _play_batch(players: int, plus: bool) -> int:
    actions = 0
    for i in range(GAMES):
        game = metropolia.new_game(players=players, seed=i, plus=plus)
        play(game, [RandomBot(i + k) for k in range(players)])
        actions += game.decisions
    return actions


def _record(benchmark: BenchmarkFixture, actions: int) -> None:
    assert benchmark.stats is not None
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["games_per_s"] = round(GAMES / mean, 1)
    benchmark.extra_info["actions_per_s"] = round(actions / mean)
    print(f"\n{GAMES / mean:,.0f} games/s, {actions / mean:,.0f} actions/s")


def test_random_two_player_base_games(benchmark: BenchmarkFixture) -> None:
    """The issue-8 target: complete 2-player base games per second (target 600)."""
    actions = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _play_batch, args=(2, False), rounds=5, warmup_rounds=1
    )
    _record(benchmark, actions)


def test_random_four_player_plus_games(benchmark: BenchmarkFixture) -> None:
    """The heaviest setting: 4-player games with Metropolia Plus."""
    actions = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _play_batch, args=(4, True), rounds=3, warmup_rounds=1
    )
    _record(benchmark, actions)


def test_clone_mid_game(benchmark: BenchmarkFixture) -> None:
    """clone() of a mid-game position (target 10 us)."""
    game = metropolia.new_game(players=4, seed=3, plus=True)
    bots = [RandomBot(k) for k in range(4)]
    while game.decisions < 60 and not game.is_over:
        if game.chance is not None:
            game.resolve()
        else:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game, seat))
    benchmark(game.clone)
