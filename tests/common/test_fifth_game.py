"""The guide "Writing a fifth game" in docs/core.md holds a whole game: it passes the kit."""

from __future__ import annotations

from typing import Any

from common import RandomBot, play
from common.testing import check_game
from tests.common.pig_guide import GUIDE, game_code


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
