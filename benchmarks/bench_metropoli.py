"""Random self-play speed of Metropoli (issue 6): games/s and actions/s, and clone().

Run: ``python -m pytest benchmarks/bench_metropoli.py --benchmark-only -p no:cacheprovider``.
Each round plays ``GAMES`` complete 4-player games with the full rules and the event log on; the
games per second and actions per second are in each benchmark's ``extra_info``.
"""

from __future__ import annotations

from pytest_benchmark.fixture import BenchmarkFixture

import metropoli
from common import RandomBot, play

GAMES = 30


def _play_batch(players: int) -> int:
    actions = 0
    for i in range(GAMES):
        game = metropoli.new_game(players=players, seed=i)
        play(game, [RandomBot(i * 10 + k) for k in range(players)])
        actions += game.decisions
    return actions


def _record(benchmark: BenchmarkFixture, actions: int) -> None:
    assert benchmark.stats is not None
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["games_per_s"] = round(GAMES / mean, 1)
    benchmark.extra_info["actions_per_s"] = round(actions / mean)
    print(f"\n{GAMES / mean:,.0f} games/s, {actions / mean:,.0f} actions/s")


def test_random_four_player_games(benchmark: BenchmarkFixture) -> None:
    """Complete random 4-player games per second, and actions per second."""
    actions = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _play_batch, args=(4,), rounds=5, warmup_rounds=1
    )
    _record(benchmark, actions)


def test_random_six_player_games(benchmark: BenchmarkFixture) -> None:
    """The largest table: 6 players."""
    actions = benchmark.pedantic(  # type: ignore[no-untyped-call]
        _play_batch, args=(6,), rounds=3, warmup_rounds=1
    )
    _record(benchmark, actions)


def test_clone_mid_game(benchmark: BenchmarkFixture) -> None:
    """clone() of a mid-game position (target 10 us)."""
    game = metropoli.new_game(players=4, seed=3)
    bots = [RandomBot(k) for k in range(4)]
    while game.decisions < 80 and not game.is_over:
        if game.chance is not None:
            game.resolve()
        else:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game, seat))
    benchmark(game.clone)
