"""The public path (legal_actions + random.Random.choice + apply) beside play(), per game.

Run: ``python -m pytest benchmarks/bench_public_path.py --benchmark-only``; the side-by-side
figures with their ratio and Catanatron's rate come from ``python benchmarks/public_path.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from _shared import record_rates

import common
from common.speed import public_batch, random_batch

GAMES = sorted(common.games())
BATCH = 20


@pytest.mark.parametrize("name", GAMES)
def test_bench_public_path(benchmark: Any, name: str) -> None:
    """Random self-play through the public contract: a batch of 20 games per round."""
    info = common.get(name)
    actions = benchmark(lambda: public_batch(info, BATCH, None, 1, {})[0])
    record_rates(benchmark, BATCH, actions, f"{name} (public path): ")


@pytest.mark.parametrize("name", GAMES)
def test_bench_play(benchmark: Any, name: str) -> None:
    """The same number of games with play() and random bots, for the comparison."""
    info = common.get(name)
    actions = benchmark(lambda: random_batch(info, BATCH, None, 1, {})[0])
    record_rates(benchmark, BATCH, actions, f"{name} (play): ")
