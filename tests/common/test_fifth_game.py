"""The guide "Writing a fifth game" in docs/core.md holds a whole game: it passes the kit, and
its package brings its own page parts (tests/browser/test_fifth_game_browser.py plays it)."""

from __future__ import annotations

import importlib
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from common import RandomBot, play
from common.testing import check_game
from tests.common.pig_guide import GUIDE, game_code, lay_out


def _pig() -> Any:
    """The game class written in the guide, run from the page itself."""
    space: dict[str, Any] = {"__name__": "pig_guide"}
    exec(compile(game_code(), str(GUIDE), "exec"), space)
    return space["Pig"]


def test_the_guides_game_passes_the_conformance_kit() -> None:
    pig = _pig()
    games = check_game(lambda s: pig(players=2 + s % 3, seed=s), games=8)
    assert all(g.is_over and max(g.result().scores) >= 30 for g in games)


def test_the_guides_game_tells_its_events_and_describes_its_data() -> None:
    pig = _pig()
    game = pig(seed=3, goal=20)
    play(game, [RandomBot(1), RandomBot(2)])
    told = [game.describe(e) for e in game.events]
    assert any(t.endswith("points.") and " banks " in t for t in told)
    assert any("rolls a 1" in t for t in told)
    assert pig.static_data(goal=50) == {"goal": 50, "die": 6, "bust": 1}


def test_the_guides_package_brings_its_own_page_parts_and_blurb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = lay_out(tmp_path)
    monkeypatch.syspath_prepend(str(project))
    try:
        pig = importlib.import_module("pig")
        info = pig.INFO
        assert info.name == "pig" and info.package() == "pig"
        assert info.web_files() == ["panel.js"]
        assert info.blurb.startswith("Roll as often as you dare")
        panel = info.web_folder().joinpath("panel.js").read_text()
        assert "export default" in panel and "rows" in panel
        # the entry point the guide's pyproject.toml declares is the package's GameInfo
        declared = tomllib.loads((project / "pyproject.toml").read_text())
        assert declared["project"]["entry-points"]["metro.games"] == {"pig": "pig:INFO"}
        assert declared["tool"]["setuptools"]["package-data"] == {"pig": ["web/*"]}
    finally:
        sys.modules.pop("pig", None)


def test_the_guides_game_gets_the_cores_labels_for_its_moves() -> None:
    """A game without words for its moves gets the core's: the protocol's labels and the
    terminal's menu rely on every game answering ``label``."""
    from common.protocol import legal

    pig = _pig()
    game = pig(seed=3)
    while game.chance is not None:
        game.resolve()
    seat = game.to_act
    answer = legal(game, seat)
    assert answer["text"] == ["roll", "hold"]
    assert answer["labels"] == ["Roll", "Hold"]
    assert legal(game, 1 - seat)["labels"] == []  # none for a seat that is not to act
