"""The default bots (issue 27): each game's strongest within 50 ms a move, as its doc measures."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common import games, get
from common.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(games())


# ------------------------------------------------------------------ default bots
@pytest.mark.parametrize("name", GAMES)
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

    for name in GAMES:
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


# ------------------------------------------------------------------ the choice's rule
def _default_bots_script() -> Any:
    spec = importlib.util.spec_from_file_location(
        "default_bots", ROOT / "benchmarks" / "default_bots.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _table(medians: dict[str, float], ahead: dict[tuple[str, str], tuple[float, float]]) -> Any:
    """A tournament table: bots in standings order with their medians, pairings' CIs."""
    return {
        "standings": [{"bot": b} for b in medians],
        "timing": {b: {"median_ms": m} for b, m in medians.items()},
        "pairings": [
            {"bot": b, "against": a, "ahead_rate": sum(ci) / 2, "ahead_ci95": ci, "fair_share": 0.5}
            for (b, a), ci in ahead.items()
        ],
    }


def test_the_default_is_the_strongest_under_budget_unless_a_faster_bot_ties_it() -> None:
    choose = _default_bots_script().choose
    slow_first = {"mcts:1000": 80.0, "mcts:160": 40.0, "mcts": 8.0, "heuristic": 0.05}
    weaker = {("mcts", "mcts:160"): (0.30, 0.45), ("heuristic", "mcts:160"): (0.2, 0.4)}
    tied = {("mcts", "mcts:160"): (0.39, 0.58), ("heuristic", "mcts:160"): (0.2, 0.4)}
    # over budget first: the next; a faster bot significantly weaker does not stand in
    assert choose(_table(slow_first, weaker)) == "mcts:160"
    # one at a fifth of the time whose interval reaches the fair share does
    assert choose(_table(slow_first, tied)) == "mcts"
    # not twice as fast: the strongest stays
    assert choose(_table({"a": 10.0, "b": 6.0}, {("b", "a"): (0.4, 0.6)})) == "a"
    # under a millisecond nobody waits: the strongest stays
    assert choose(_table({"a": 0.8, "b": 0.01}, {("b", "a"): (0.4, 0.6)})) == "a"


# ------------------------------------------------------------------ bots by strength
def _standings(name: str) -> list[tuple[str, float]]:
    """The standings of the doc's default-bot table: each bot and its median ms a move."""
    doc = (ROOT / "docs" / f"{name}.md").read_text()
    table = doc[doc.index("<!-- default-bot table") : doc.index("<!-- end of the default-bot")]
    part = table[table.index("| bot | mean ahead rate") :]
    out = []
    for line in part.splitlines()[2:]:
        if not line.startswith("| `"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        out.append((cells[0].strip("`"), float(cells[3])))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_bots_are_listed_strongest_first_as_the_docs_tournament_measured(name: str) -> None:
    info = get(name)
    assert list(info.strength) == _standings(name)
    assert set(info.bot_names()) <= {n for n, _ in info.strength}  # every bot was measured
    listed = CliRunner().invoke(main, ["list"]).output
    assert f"bots, strongest first: {info.strength_text()}" in listed
    core = (ROOT / "docs" / "core.md").read_text()
    assert f"| {info.cls.title} | {info.strength_text()} |" in core
