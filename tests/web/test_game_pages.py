"""Each game's own page parts: the files of its package's ``web`` folder, served by metro web
at ``/games/<name>/<file>`` with their content type, and nothing else; the catalogue says
which there are, with each game's blurb and default player count."""

from __future__ import annotations

import http.client
import importlib
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from common import GameInfo, register
from common.registry import _REGISTRY, games
from common.web.app import SECURITY_HEADERS
from common.web.store import MemoryStore
from tests.common.toygame import Race
from tests.web.conftest import Client, Running

#: each game's own scripts, as they are in its package
GAME_SCRIPTS = sorted(
    (name, path)
    for name, info in games().items()
    for path in info.web_files()
    if path.endswith(".js")
)


def _raw_get(web: Running, path: str) -> tuple[int, str, bytes]:
    """GET ``path`` exactly as written (no client tidies ``..`` or ``%2F`` away)."""
    conn = http.client.HTTPConnection("127.0.0.1", web.port, timeout=10)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.getheader("content-type") or "", answer.read()
    finally:
        conn.close()


def test_the_catalogue_gives_each_games_blurb_player_count_and_page_parts(
    client: Client,
) -> None:
    listed = {g["name"]: g for g in client.ask(cmd="games")["games"]}
    assert set(listed) == set(games())
    for name, info in games().items():
        entry = listed[name]
        low, high = entry["players"]
        assert entry["blurb"] == info.blurb and entry["blurb"].endswith(".")
        assert entry["default_players"] == info.cls.min_players
        assert low <= entry["default_players"] <= high
        assert entry["web"] == info.web_files() and "panel.js" in entry["web"]
        assert entry["default_bot"] in entry["bots"]


@pytest.mark.parametrize(("name", "path"), GAME_SCRIPTS)
def test_each_games_panel_is_served_from_its_package_as_javascript(
    web: Running, name: str, path: str
) -> None:
    folder = games()[name].web_folder()
    assert folder is not None
    got = httpx.get(f"{web.http}/games/{name}/{path}")
    assert got.status_code == 200
    assert got.headers["content-type"] == "text/javascript; charset=utf-8"
    assert got.content == folder.joinpath(path).read_bytes()
    # the same policy as every page of the host: a script only from the host itself
    for header, value in SECURITY_HEADERS:
        assert got.headers[header.decode()] == value.decode()


@pytest.mark.parametrize(
    "path",
    [
        "/games/metrocity/../__init__.py",
        "/games/metrocity/..%2F__init__.py",
        "/games/metrocity/%2e%2e/rules.py",
        "/games/metrocity/%2E%2E%2Frules.py",
        "/games/metrocity/..%5Crules.py",
        "/games/metrocity//etc/passwd",
        "/games/metrocity/%2Fetc%2Fpasswd",
        "/games/metrocity/web/panel.js",
        "/games/metrocity/panel.js%00",
        "/games/metrocity/PANEL.JS",
        "/games/metrocity/",
        "/games/..%2Fcommon/game.py",
        "/games/%2e%2e/common/game.py",
        "/games/nogame/panel.js",
        "/games/toyrace/panel.js",
    ],
)
def test_nothing_outside_a_games_page_parts_is_served(web: Running, path: str) -> None:
    status, kind, body = _raw_get(web, path)
    assert status in (400, 404), (path, status)
    assert b"import" not in body and b"root:" not in body and b"class " not in body
    if status == 404 and kind == "application/json":
        assert b"not_found" in body


@pytest.fixture
def paged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Race]]:
    """A game whose package's web folder holds files of every kind, hidden ones too."""
    package = tmp_path / "pagedrace"
    web = package / "web"
    (web / "img").mkdir(parents=True)
    (web / "__pycache__").mkdir()
    (package / "__init__.py").write_text(
        "from tests.common.toygame import Race\n\n\n"
        "class PagedRace(Race):\n"
        '    """A race that ships page parts of every kind."""\n\n'
        '    name = "pagedrace"\n'
    )
    (web / "panel.js").write_text("export default { rows: () => [] };\n")
    (web / "style.css").write_text(".x { color: red; }\n")
    (web / "img" / "dot.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>\n')
    (web / "notes.py").write_text("SECRET = 1\n")
    (web / ".env").write_text("SECRET=1\n")
    (web / "__pycache__" / "panel.js").write_text("SECRET\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    cls = importlib.import_module("pagedrace").PagedRace
    register(GameInfo(cls))
    register(GameInfo(Race))
    yield cls
    _REGISTRY.pop("pagedrace", None)
    _REGISTRY.pop(Race.name, None)
    sys.modules.pop("pagedrace", None)


def test_a_game_outside_the_checkout_serves_its_files_of_the_kinds_a_page_uses(
    paged: type[Race],
) -> None:
    web = Running(MemoryStore())
    client = Client(web.url)
    try:
        listed = {g["name"]: g for g in client.ask(cmd="games")["games"]}
        # the blurb is the class's docstring's first line, where the GameInfo gives none
        assert listed["pagedrace"]["blurb"] == "A race that ships page parts of every kind."
        assert listed["pagedrace"]["web"] == ["img/dot.svg", "notes.py", "panel.js", "style.css"]
        assert listed["toyrace"]["web"] == []  # a game with no web folder: no page parts
        kinds = {
            "panel.js": "text/javascript; charset=utf-8",
            "style.css": "text/css; charset=utf-8",
            "img/dot.svg": "image/svg+xml",
        }
        for path, kind in kinds.items():
            got = httpx.get(f"{web.http}/games/pagedrace/{path}")
            assert got.status_code == 200 and got.headers["content-type"] == kind, path
        # a kind no page uses, hidden files and Python's caches: not served
        for path in ("notes.py", ".env", "__pycache__/panel.js", "img", "img/"):
            got = httpx.get(f"{web.http}/games/pagedrace/{path}")
            assert got.status_code == 404 and b"SECRET" not in got.content, path
            assert "img/dot.svg, panel.js, style.css" in got.json()["error"]["message"]
    finally:
        client.close()
        web.stop()


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to check the modules' syntax")
@pytest.mark.parametrize(("name", "path"), GAME_SCRIPTS)
def test_each_games_scripts_are_valid_javascript_importing_only_the_app(
    name: str, path: str
) -> None:
    folder = games()[name].web_folder()
    assert folder is not None
    script = Path(str(folder.joinpath(path)))
    done = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    text = script.read_text()
    for module in re.findall(r"""\bfrom\s+["']([^"']+)["']""", text):
        assert module.startswith(("./", "../../")), f"{name}/{path} imports {module}"
    assert "eval(" not in text and "new Function" not in text
