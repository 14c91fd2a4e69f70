"""The guide "Writing a fifth game" in docs/core.md holds a whole game: it passes the kit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from common import RandomBot, play
from common.testing import check_game

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "core.md"


def _pig() -> Any:
    """The game class written in the guide, run from the page itself."""
    text = GUIDE.read_text()
    part = text[text.index("## Writing a fifth game") :]
    code = re.search(r"```python\n(.*?)```", part, re.S)
    assert code is not None, "the guide has no code block"
    space: dict[str, Any] = {"__name__": "pig_guide"}
    exec(compile(code.group(1), str(GUIDE), "exec"), space)
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
