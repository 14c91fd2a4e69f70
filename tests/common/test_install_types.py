"""mypy sees the installed package after the README's ``pip install -e .``: a path entry."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy", reason="mypy (the [dev] extra) is not installed")

GOOD = """
import metropolia
from common import Game

game: Game = metropolia.new_game(players=2, seed=1)
index: int = game.action_index(game.legal_actions()[0]) if game.to_act is not None else 0
print(game.num_distinct_actions(), index, len(game.observation(0)))
"""

BAD = """
import metropolia

metropolia.new_game(players=2, seed="seven")
"""


def _mypy(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "user_script.py"
    script.write_text(text)
    # run from a folder outside the checkout: only the installation can show the package
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_mypy_reads_the_installed_packages_types_in_a_users_script(tmp_path: Path) -> None:
    good = _mypy(tmp_path, GOOD)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = _mypy(tmp_path, BAD)
    # the wrong seed is found in the package's own signature, not a missing-module note
    assert bad.returncode == 1
    assert 'Argument "seed" to "new_game" has incompatible type "str"' in bad.stdout
    assert "Cannot find implementation" not in bad.stdout
