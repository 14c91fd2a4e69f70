"""Throughput of Metro City: random self-play games/s and actions/s, clone and legal moves.

Run: ``python -m pytest benchmarks/bench_metrocity.py --benchmark-only``. Actions/s is printed
in ``extra_info`` (decisions taken divided by the mean time of one batch of games).
"""

from __future__ import annotations

from typing import Any

import metrocity
from common import RandomBot, play

GAMES = 20


def _random_games(first_seed: int) -> int:
    actions = 0
    for i in range(GAMES):
        g = metrocity.new_game(seed=first_seed + i)
        play(g, [RandomBot(first_seed + i), RandomBot(first_seed + i + 1)])
        actions += g.decisions
    return actions


def _mid_game(decisions: int = 20) -> metrocity.MetroCity:
    g = metrocity.new_game(seed=3)
    bots = [RandomBot(1), RandomBot(2)]
    while g.decisions < decisions:
        if g.chance is not None:
            g.resolve()
        else:
            g.apply(bots[g.to_act or 0].choose(g, g.to_act or 0))
    return g


def test_bench_random_games(benchmark: Any) -> None:
    """Random self-play: a batch of 20 games per round."""
    actions = benchmark(_random_games, 0)
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["games_per_s"] = round(GAMES / mean, 1)
    benchmark.extra_info["actions_per_s"] = round(actions / mean)
    print(f"\nmetrocity: {GAMES / mean:,.1f} games/s, {actions / mean:,.0f} actions/s")


def test_bench_clone(benchmark: Any) -> None:
    """Cloning a mid-game position (target: 10 us)."""
    g = _mid_game()
    benchmark(g.clone)


def test_bench_legal_actions(benchmark: Any) -> None:
    """Generating the legal moves of a mid-game position."""
    g = _mid_game()
    benchmark(g.legal_actions)


def test_bench_legal_actions_with_tokens_held(benchmark: Any) -> None:
    """Legal moves late in a game, when build-overs with several tokens join the placements."""
    g = _mid_game(37)  # seat 0 holds two tokens: 93 moves
    assert len(g.s.money[g.to_act or 0]) == 2, "the position should hold tokens"
    benchmark(g.legal_actions)


def test_bench_apply(benchmark: Any) -> None:
    """Applying one placement (to a fresh clone each round, so the position stays the same)."""
    g = _mid_game()
    action = g.legal_actions()[0]

    def setup() -> tuple[tuple[metrocity.MetroCity, Any], dict[str, Any]]:
        return (g.clone(), action), {}

    benchmark.pedantic(lambda c, a: c.apply(a), setup=setup, rounds=2000)


if __name__ == "__main__":
    # For an instruction count that machine load does not disturb: run under
    # ``valgrind --tool=callgrind`` with 0 and with N games (PYTHONHASHSEED=0) and divide the
    # difference of the "Collected" totals by the number of actions printed.
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    total = 0
    for i in range(n):
        g = metrocity.new_game(seed=1 + i)
        play(g, [RandomBot(1 + i), RandomBot(2 + i)])
        total += g.decisions
    print(total)
