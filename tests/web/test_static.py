"""The browser app's files: served by metro web as they are (no build step), nothing fetched
from another host (the page works offline), every module valid JavaScript and, where a
TypeScript compiler is at hand, type-checked through its JSDoc types."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from common.registry import games
from common.web.app import STATIC
from tests.web.conftest import Running

MODULES = sorted(STATIC.glob("*.js"))


def test_the_app_is_plain_files_served_at_the_root(web: Running) -> None:
    import httpx

    assert {p.name for p in MODULES} >= {"client.js", "game.js", "start.js", "board.js"}
    start = httpx.get(web.http + "/")
    assert start.status_code == 200 and "data-catalogue" in start.text
    page = httpx.get(web.http + "/game.html")
    assert page.status_code == 200 and "data-board" in page.text
    for module in MODULES:
        got = httpx.get(f"{web.http}/{module.name}")
        assert got.status_code == 200 and "javascript" in got.headers["content-type"]


def test_the_app_names_no_game() -> None:
    # a game's own words and panel are its package's (docs/web.md): a new game edits nothing here
    named = [rf"\b{re.escape(info.name)}\b" for info in games().values()]
    named += [rf"\b{re.escape(info.cls.title)}\b" for info in games().values()]
    named += [r"metro ?city|metropoli|metropolia|metropolis"]
    for path in STATIC.iterdir():
        text = path.read_text()
        for pattern in named:
            found = re.search(pattern, text, re.I)
            assert found is None, f"{path.name} names {found.group(0)!r}"


def test_nothing_is_fetched_from_another_host() -> None:
    for path in STATIC.iterdir():
        text = path.read_text()
        for url in re.findall(r"\b(?:https?|wss?)://[^\s\"'`)]+", text):
            assert url.startswith(("ws://127.0.0.1", "http://127.0.0.1")), f"{path.name}: {url}"
        assert not re.search(r"""\bfrom\s+["'](?!\./)""", text), f"{path.name}: a bare import"


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to check the modules' syntax")
@pytest.mark.parametrize("module", MODULES, ids=[m.name for m in MODULES])
def test_each_module_is_valid_javascript(module: Path) -> None:
    done = subprocess.run(["node", "--check", str(module)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _tsc() -> str | None:
    return os.environ.get("METRO_TSC") or shutil.which("tsc")


@pytest.mark.skipif(_tsc() is None, reason="no TypeScript compiler (METRO_TSC or tsc on PATH)")
def test_the_modules_pass_typescripts_strict_check_of_their_jsdoc_types() -> None:
    tsc = _tsc()
    assert tsc is not None
    done = subprocess.run(
        [
            tsc,
            "--noEmit",
            "--allowJs",
            "--checkJs",
            "--strict",
            "--target",
            "es2022",
            "--module",
            "es2022",
            "--moduleResolution",
            "bundler",
            "--lib",
            "es2023,dom,dom.iterable",
            *map(str, MODULES),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
