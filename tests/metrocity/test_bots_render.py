"""The heuristic bot's strength, and the text rendering."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import metrocity
from common import Bot, play
from metrocity.render import render_text
from tests.metrocity import helpers as hs
from tests.metrocity.helpers import fill_row1, start


def test_heuristic_bot_beats_random_in_at_least_80_percent_of_200_games() -> None:
    wins = 0
    games = 200
    for i in range(games):
        g = metrocity.new_game(seed=10_000 + i)
        h = i % 2  # the heuristic bot plays each seat half the time
        bots: dict[int, Bot] = {h: metrocity.HeuristicBot(i), 1 - h: metrocity.RandomBot(i + 1)}
        result = play(g, bots)
        wins += result.winners == (h,)
    assert wins >= 0.8 * games, f"heuristic won {wins} of {games}"


def test_heuristic_bot_takes_a_street_it_can_win_now() -> None:
    g = start(("res5", "com2", "res1"), ("com6", "com5", "ind7"))
    hs.play(g, "place res5 A1", "place com6 B1", "place com2 C1", "place com5 D1", "place res1 E1")
    # seat 1 leads st1 (token 10) by 11 to 8 with F1 the last empty block
    action = metrocity.HeuristicBot(0).choose(g, 1)
    assert isinstance(action, metrocity.Place) and action.block == "F1"


def test_heuristic_bot_uses_the_courthouse_to_move_a_big_token_to_a_street_it_wins() -> None:
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    action = metrocity.HeuristicBot(0).choose(g, 1)
    # seat 1 wins st1 (13 against 5): the largest open token (avF, 12) moves there
    assert str(action) == "swap st1 avF"


def test_render_text_shows_street_names_bonuses_and_both_sums() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    text = render_text(g, 0)
    assert "1st Street" in text and "F Avenue" in text
    assert "won a" in text  # st1 went to seat 0
    assert "18:9" in text  # both players' sums on st1
    assert "$12" in text  # avF's bonus
    assert "your hand:" in text
    spectator = render_text(g, None)
    assert "your hand" not in spectator


def test_render_text_of_a_finished_game_names_the_winner() -> None:
    g = metrocity.new_game(seed=4)
    play(g, [metrocity.HeuristicBot(1), metrocity.RandomBot(2)])
    assert "game over" in render_text(g, None)


EXAMPLE = Path(__file__).parents[2] / "examples" / "metrocity_scripted.py"


def test_the_scripted_example_runs(capsys: Any) -> None:
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert '"winner": 0' in out and "won a" in out


def test_cli_demo_and_simulate_run_for_metrocity() -> None:
    from click.testing import CliRunner

    from common.cli import main

    runner = CliRunner()
    demo = runner.invoke(main, ["metrocity", "demo", "--seed", "3"])
    assert demo.exit_code == 0, demo.output
    assert "1st Street" in demo.output and "game over" in demo.output
    sim = runner.invoke(
        main, ["metrocity", "simulate", "--bots", "heuristic,random", "--games", "4", "-s", "1"]
    )
    assert sim.exit_code == 0, sim.output
    assert "heuristic" in sim.output
    helptext = runner.invoke(main, ["metrocity", "--help"])
    assert "reconstruction" in helptext.output
