"""The examples run: each embeds an engine the way the docs say."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import common

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", sorted(common.games()))
def test_the_serve_client_plays_a_whole_game_through_the_protocol(game: str) -> None:
    view = load_example("serve_client").main(game, 3)
    assert view["is_over"] and view["result"] is not None


def test_the_expectimax_example_weighs_each_roll_by_its_chance() -> None:
    example = load_example("chance_expectimax")
    rates = example.main(games=20)
    assert rates["ExpectimaxBot"] > rates["heuristic"]


def test_the_rl_example_learns_to_beat_random() -> None:
    pytest.importorskip("pettingzoo", reason="the [rl] extra is not installed")
    pytest.importorskip("numpy", reason="the [rl] extra is not installed")
    result = load_example("rl_reinforce").train(episodes=150, evaluation=40)
    assert 0 <= result["before"] < result["after"] <= 1


def test_the_dask_example_plays_the_same_records_on_a_cluster() -> None:
    pytest.importorskip("distributed", reason="the [dask] extra is not installed")
    summary = load_example("dask_simulation").main(games=30)
    assert summary["games"] == 30 and sum(r["games"] for r in summary["by_bot"].values()) == 60
