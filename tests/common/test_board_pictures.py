"""The README's board pictures are redrawn by one command, a picture a game."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_script_draws_every_games_board_as_the_readme_shows_it(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg", reason="cairosvg (the [test] extra) draws the PNGs")
    spec = importlib.util.spec_from_file_location(
        "board_pictures", ROOT / "scripts" / "board_pictures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["board_pictures"] = module
    spec.loader.exec_module(module)
    assert module.main(["--out", str(tmp_path)]) == 0
    readme = (ROOT / "README.md").read_text()
    for name in module.POSITIONS:
        png = tmp_path / f"{name}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"(docs/boards/{name}.png)" in readme
        assert (ROOT / "docs" / "boards" / f"{name}.png").exists()
