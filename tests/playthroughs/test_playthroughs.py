"""Golden playthroughs: each file is regenerated and must equal the committed text.

After an intended change of behaviour, rewrite them with
``python -m pytest tests/playthroughs --update-playthroughs`` and review the diff.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import common
from common.playthrough import playthrough

HERE = Path(__file__).parent
#: (game, players, seed, steps): a few seeds per game, cut at a readable length
CASES = [
    ("metrocity", 2, 1, 30),
    ("metrocity", 2, 2, 30),
    ("metropolia", 2, 1, 50),
    ("metropolia", 3, 2, 50),
    ("metropolis_lots", 3, 1, 40),
    ("metropolis_lots", 2, 2, 40),
    ("metropoli", 3, 1, 50),
    ("metropoli", 4, 2, 50),
]
AVAILABLE = set(common.games())


@pytest.mark.parametrize(
    ("name", "players", "seed", "steps"),
    [c for c in CASES if c[0] in AVAILABLE],
    ids=lambda v: str(v),
)
def test_playthrough_matches_golden_file(
    name: str, players: int, seed: int, steps: int, request: pytest.FixtureRequest
) -> None:
    game = common.get(name).new_game(players=players, seed=seed)
    text = playthrough(game, bot_seed=seed, max_steps=steps)
    path = HERE / f"{name}-{players}p-seed{seed}.txt"
    if request.config.getoption("--update-playthroughs") or not path.exists():
        path.write_text(text)
        if not request.config.getoption("--update-playthroughs"):
            pytest.fail(f"{path.name} did not exist: written now, commit it")
        return
    golden = path.read_text()
    if text != golden:
        diff = "".join(
            list(
                difflib.unified_diff(
                    golden.splitlines(True), text.splitlines(True), "golden", "now", n=1
                )
            )[:60]
        )
        pytest.fail(
            f"{path.name} changed (rewrite with --update-playthroughs if intended):\n{diff}"
        )
