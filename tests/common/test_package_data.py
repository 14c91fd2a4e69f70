"""A plain ``pip install .`` (a wheel, not the editable checkout) ships every package's
``py.typed``, the browser app and each game's own page parts (its ``web/`` folder), and the
installed registry finds them there."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from common.registry import games
from tests.tiers import slow

ROOT = Path(__file__).resolve().parents[2]
pytestmark = slow

#: what the wheel is built from besides the packages
PROJECT_FILES = ("pyproject.toml", "README.md", "LICENSE")


def _packages() -> dict[str, list[str]]:
    """Each package the registry's games come from, with its page parts; and ``common``."""
    found: dict[str, list[str]] = {"common": []}
    for info in games().values():
        package = info.package()
        assert package is not None, info.name
        found[package] = info.web_files()
    return found


def _pip(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built from a copy of its files (no build/ left in the tree)."""
    source = tmp_path_factory.mktemp("source")
    for name in PROJECT_FILES:
        shutil.copy2(ROOT / name, source / name)
    for package in _packages():
        shutil.copytree(
            ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    out = tmp_path_factory.mktemp("wheel")
    _pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(out), str(source))
    (built,) = out.glob("*.whl")
    return built


def test_the_wheel_holds_each_games_page_parts_and_every_py_typed(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for package, parts in _packages().items():
        assert f"{package}/py.typed" in names, package
        for part in parts:
            assert f"{package}/web/{part}" in names, (package, part)
    assert {"common/web/static/index.html", "common/web/static/panels.js"} <= names


def test_the_installed_registry_finds_each_games_page_parts(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    _pip("install", "--no-deps", "--no-index", "--target", str(site), str(wheel))
    script = (
        "import json\n"
        "from common.registry import games\n"
        "print(json.dumps({n: [str(i.web_folder()), i.web_files()] for n, i in games().items()}))"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,  # not the checkout: only the installation can show the packages
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    for name, info in games().items():
        folder, parts = found[name]
        assert Path(folder).is_relative_to(site), (name, folder)
        assert parts == info.web_files() and "panel.js" in parts
