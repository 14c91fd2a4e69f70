"""Tournaments (issue 27): both rows of a pair from the same games, and they add up."""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from common.botspec import BotError
from common.cli import main
from common.tournament import seating, tournament


# ------------------------------------------------------------------ tournaments
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seating_gives_each_bot_each_seat_equally_often(players: int) -> None:
    seen = collections.Counter(
        (seat, side) for i in range(2 * players) for seat, side in enumerate(seating(players, i))
    )
    assert set(seen.values()) == {players}
    for i in range(2 * players):
        assert set(seating(players, i)) == {0, 1}


@pytest.mark.parametrize(("name", "players"), [("metrocity", 2), ("metropolia", 3)])
def test_a_pairs_two_rows_come_from_the_same_games_and_add_up(name: str, players: int) -> None:
    table = tournament(
        name, ["random", "heuristic", "greedy" if name == "metropolia" else "mcts:8"],
        games=6, seed=2, players=players, timing=True,
    )  # fmt: skip
    rows = {(r["bot"], r["against"]): r for r in table["pairings"]}
    assert len(rows) == 6
    for (a, b), row in rows.items():
        other = rows[(b, a)]
        assert isinstance(row["wins"], int)
        assert row["win_share"] + other["win_share"] == pytest.approx(row["games"])
        assert row["ahead_rate"] + other["ahead_rate"] == pytest.approx(1.0)
        assert row["fair_share"] + other["fair_share"] == pytest.approx(1.0)
        assert row["wins"] + other["wins"] >= row["games"]
    for bot in table["bots"]:
        assert table["timing"][bot]["decisions"] > 0
    assert table["standings"][0]["bot"] != "random"


def test_tournament_refuses_a_bot_twice() -> None:
    with pytest.raises(BotError, match="different bots"):
        tournament("metrocity", ["random", "random"], games=1, seed=1)


def test_tournament_prints_markdown_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    args = ["-b", "random,heuristic", "-n", "2", "-s", "1", "--markdown", "--timing"]
    r = CliRunner().invoke(main, ["metrocity", "tournament", *args, "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "| `heuristic` | `random` | 2 | 2 | 100.0% |" in r.output
    assert json.loads(out.read_text())["timing"]["heuristic"]["decisions"] > 0


def test_a_tournament_keeps_a_record_of_every_game_and_what_was_played() -> None:
    import common

    table = tournament("metropolia", ["random", "greedy", "heuristic"], games=4, seed=3)
    assert (table["game"], table["players"], table["engine"]) == (
        "metropolia",
        2,
        common.__version__,
    )
    assert table["options"] == {}
    records = table["records"]
    assert len(records) == 3 * 4  # three pairings of four games
    first = records[0]
    assert first["pair"] == ["random", "greedy"] and first["index"] == 0 and first["seed"] == 3
    assert sorted(first["bots"]) == ["greedy", "random"]
    for r in records:
        assert isinstance(r["winners"], list) and r["decisions"] > 0 and r["seconds"] > 0
        assert r["turns"] is not None and len(r["scores"]) == 2
