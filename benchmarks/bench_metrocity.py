"""Throughput of Metro City: random self-play games/s and actions/s, clone and legal moves.

Run: ``python -m pytest benchmarks/bench_metrocity.py --benchmark-only``. Actions/s is printed
in ``extra_info`` (decisions taken divided by the mean time of one batch of games).
"""

from __future__ import annotations

from typing import Any

from _shared import play_random_games, play_to, play_until, record_rates

import metrocity
from common import RandomBot

GAMES = 20


def _random_games(first_seed: int, games: int = GAMES) -> int:
    return play_random_games(
        lambda seed: metrocity.new_game(seed=seed), range(first_seed, first_seed + games)
    )


def _mid_game(decisions: int = 20) -> metrocity.MetroCity:
    return play_until(metrocity.new_game(seed=3), [RandomBot(1), RandomBot(2)], decisions)


def test_bench_random_games(benchmark: Any) -> None:
    """Random self-play: a batch of 20 games per round."""
    actions = benchmark(_random_games, 0)
    record_rates(benchmark, GAMES, actions, "metrocity: ")


def test_bench_clone(benchmark: Any) -> None:
    """Cloning a mid-game position (target: 10 us)."""
    g = _mid_game()
    benchmark(g.clone)


def test_bench_legal_actions(benchmark: Any) -> None:
    """Generating the legal moves of a mid-game position."""
    g = _mid_game()
    benchmark(g.legal_actions)


def _holding_tokens(count: int = 2) -> metrocity.MetroCity:
    """The first position of seed 3's random game where the seat to act holds ``count``
    tokens (found by playing on, not by a fixed number of decisions, which any change of
    the bots' or the game's streams would move)."""

    def holding(g: metrocity.MetroCity) -> bool:
        return g.to_act is not None and len(g.s.money[g.to_act]) >= count

    g = play_to(metrocity.new_game(seed=3), [RandomBot(1), RandomBot(2)], holding)
    if not holding(g):
        raise AssertionError(f"seed 3's game never gives the seat to act {count} tokens")
    return g


def test_bench_legal_actions_with_tokens_held(benchmark: Any) -> None:
    """Legal moves late in a game, when build-overs with several tokens join the placements."""
    g = _holding_tokens()
    assert any(type(a).__name__ == "BuildOver" for a in g.legal_actions())
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

    print(_random_games(1, int(sys.argv[1]) if len(sys.argv) > 1 else GAMES))
