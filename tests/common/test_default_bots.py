"""The default bots (issue 27): each game's strongest within 50 ms a move, as its doc measures."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from common import get
from common.cli import main

ROOT = Path(__file__).resolve().parents[2]
#: the figures each game's records declare beyond the common ones (docs/core.md)
EXTRAS = {
    "metropolia": {"landmarks", "coins"},
    "metropoli": {"bankruptcies", "bankrupt", "wealth"},
    "metropolis_lots": {"buildings"},
    "metrocity": {"streets"},
}


# ------------------------------------------------------------------ default bots
@pytest.mark.parametrize("name", sorted(EXTRAS))
def test_every_games_default_bot_is_its_docs_measured_choice(name: str) -> None:
    info = get(name)
    default = info.default()
    assert default in info.bot_names()
    info.bot_factory(default)(1)  # it resolves
    doc = (ROOT / "docs" / f"{name}.md").read_text()
    begin = doc.index("<!-- default-bot table")
    table = doc[begin : doc.index("<!-- end of the default-bot table -->")]
    assert f"python benchmarks/default_bots.py {name}" in table
    assert f"Default: **`{default}`**" in table
    assert f"`GameInfo.default_bot` is `{default}`" in table


def test_demo_play_and_the_protocol_use_the_default_bot() -> None:
    from common.cli import options as O

    for name in sorted(EXTRAS):
        info = get(name)
        players = info.cls.min_players
        assert O.bots_by_seat(info, None, players) == [info.default()] * players  # demo's seats
    # a whole demo where the default bot is quick (a search bot's demo takes seconds)
    r = CliRunner().invoke(main, ["metropolia", "demo", "-s", "1"])
    assert r.exit_code == 0 and "bots greedy, greedy" in r.output, r.output
    r = CliRunner().invoke(main, ["metrocity", "play", "-s", "1"], input="quit\n")
    assert "Player 2 (mcts:100)" in r.output, r.output
    from common.protocol import catalogue

    for entry in catalogue():
        assert entry["default_bot"] == get(entry["name"]).default()
        assert entry["default_bot"] in entry["bots"]
