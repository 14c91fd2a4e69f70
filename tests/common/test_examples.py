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
