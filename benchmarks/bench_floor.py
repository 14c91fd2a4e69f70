"""The floor experiment plays the public path's games (benchmarks/floor.py).

Run: ``python -m pytest benchmarks/bench_floor.py``.
"""

from __future__ import annotations

import pytest
from floor import floor_batch

import common
from common.speed import public_batch

GAMES = sorted(common.games())


@pytest.mark.parametrize("name", GAMES)
def test_the_floor_experiment_plays_the_public_paths_games(name: str) -> None:
    """Its instructions are compared with the public path's: the games must be the same."""
    info = common.get(name)
    for seed in (1, 2, 3):
        public = public_batch(info, 1, None, seed, {})
        floor = floor_batch(info, 1, None, seed, {})
        assert public[:2] == floor[:2]
        assert public[2].to_json() == floor[2].to_json()
