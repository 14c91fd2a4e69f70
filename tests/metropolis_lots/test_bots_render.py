"""The heuristic bot against random play, the text rendering and the extra CLI commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from common import Bot, RandomBot, play
from common.cli import main
from metropolis_lots import INFO, HeuristicBot, new_game, render_text
from metropolis_lots.cli import cli
from tests.metropolis_lots.helpers import dealt


def test_heuristic_beats_random_in_80_percent_of_three_player_games() -> None:
    games = 75
    wins = 0
    for i in range(games):
        hero = i % 3
        bots: list[Bot] = [RandomBot(1000 + i * 3 + s) for s in range(3)]
        bots[hero] = HeuristicBot(i)
        result = play(new_game(players=3, seed=7000 + i), bots)
        wins += hero in result.winners
    assert wins / games >= 0.8


def test_heuristic_bot_plays_every_player_count() -> None:
    for n in range(2, 6):
        g = new_game(players=n, seed=n)
        play(g, [HeuristicBot(s) for s in range(n)])
        assert g.is_over


def test_render_shows_the_districts_owners_and_buildings() -> None:
    g = dealt(3, hands=[[40, 41, 45, 46]], offer=[30, 31, 32, 33])
    text = render_text(g)
    assert "░ park ░" in text
    assert "40A" in text and "30*" in text
    g.apply(g.legal_actions()[0])
    g.resolve((34,))
    from metropolis_lots import Build

    g.apply(Build("factory", (40, 41, 45, 46)))
    text = render_text(g)
    assert "40Afa" in text
    assert re.search(r"A Player 1\s+white", text)
    assert INFO.render_text is not None


def test_cli_chart_command_validates_and_calls_it_a_reconstruction(tmp_path: object) -> None:
    runner = CliRunner()
    out = runner.invoke(cli, ["chart"])
    assert out.exit_code == 0, out.output
    assert "reconstruction" in out.output.lower()
    assert "department_store" in out.output
    bad = runner.invoke(cli, ["chart", "--chart", "/nonexistent/chart.json"])
    assert bad.exit_code != 0
    assert "cannot read the chart file" in bad.output
    help_text = runner.invoke(cli, ["chart", "--help"]).output
    assert "reconstruction" in help_text.lower()


def test_cli_board_command_lists_the_locations() -> None:
    out = CliRunner().invoke(cli, ["board"])
    assert out.exit_code == 0, out.output
    assert "park view: 15 16 17 18 19 25 40 45 60 61 62 63 64 70" in out.output


def _flat_chart(tmp_path: Path) -> Path:
    """A valid replacement chart in which every building is worth nothing."""
    from metropolis_lots.data import DATA_DIR

    data = json.loads((DATA_DIR / "chart.json").read_text())
    for row in data["kinds"].values():
        row.update(base=0, location={}, per_building={})
    path = tmp_path / "flat_chart.json"
    path.write_text(json.dumps(data))
    return path


def test_chart_flag_replaces_the_chart_in_demo_play_and_simulate(tmp_path: Path) -> None:
    """``--chart FILE`` on the generic commands feeds the ``chart`` option (ruling MS-4)."""
    chart = str(_flat_chart(tmp_path))
    runner = CliRunner()
    demo = runner.invoke(main, ["metropolis_lots", "demo", "-p", "3", "-s", "2", "--chart", chart])
    assert demo.exit_code == 0, demo.output
    assert "result: scores [0, 0, 0]" in demo.output
    bots = "heuristic,random,random"
    played = runner.invoke(
        main, ["metropolis_lots", "play", "-p", "3", "-s", "2", "-b", bots, "--chart", chart]
    )
    assert played.exit_code == 0, played.output
    assert "scores [0, 0, 0]" in played.output
    args = ["simulate", "-n", "3", "-p", "3", "-s", "1", "--json", "--chart", chart]
    sim = runner.invoke(main, ["metropolis_lots", *args])
    assert sim.exit_code == 0, sim.output
    summary = json.loads(sim.output)
    assert summary["games"] == 3
    help_text = runner.invoke(main, ["metropolis_lots", "demo", "--help"]).output
    assert "--chart" in help_text and "reconstruction" in help_text


def test_chart_flag_with_a_bad_file_gives_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad_chart.json"
    bad.write_text(json.dumps({"kinds": {"house": {}}}))
    out = CliRunner().invoke(main, ["metropolis_lots", "demo", "-p", "3", "--chart", str(bad)])
    assert out.exit_code == 2
    assert "chart" in out.output and "kinds missing" in out.output
    assert "Traceback" not in out.output
    gone = CliRunner().invoke(
        main, ["metropolis_lots", "simulate", "-n", "1", "--chart", str(tmp_path / "none.json")]
    )
    assert gone.exit_code == 2
    assert "cannot read" in gone.output and "none.json" in gone.output
