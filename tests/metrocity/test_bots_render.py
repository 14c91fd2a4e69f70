"""The heuristic bot's strength, and the text rendering."""

from __future__ import annotations

import runpy
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import metrocity
from common import Bot, play
from metrocity.render import render_svg, render_text
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


# ---------------------------------------------------------------- SVG (issue 7)

SVG = "{http://www.w3.org/2000/svg}"


def _svg(g: metrocity.MetroCity, seat: int | None) -> ET.Element:
    return ET.fromstring(render_svg(g, seat))


def _random_position(seed: int, steps: int) -> metrocity.MetroCity:
    g = metrocity.new_game(seed=seed)
    bots = [metrocity.RandomBot(seed), metrocity.RandomBot(seed + 1)]
    for _ in range(steps):
        if g.is_over:
            break
        if g.chance is not None:
            g.resolve()
        else:
            g.apply(bots[g.to_act or 0].choose(g, g.to_act or 0))
    return g


def test_svg_has_one_element_per_tile_on_the_grid_with_kind_and_owner() -> None:
    g = _random_position(3, 40)
    root = _svg(g, None)
    tiles = root.findall(f".//{SVG}g[@class='tile']")
    grid = g.view(None)["state"]["grid"]
    placed = {
        f"{'ABCDEF'[c]}{r + 1}": cell
        for r, row in enumerate(grid)
        for c, cell in enumerate(row)
        if cell is not None
    }
    assert len(tiles) == len(placed) > 0
    for element in tiles:
        cell = placed[element.get("data-block", "")]
        assert element.get("data-tile") == cell["tile"]
        assert element.get("data-owner") == str(cell["owner"])
    assert len(root.findall(f".//{SVG}rect[@class='empty']")) == 30 - len(placed)


def test_svg_shows_each_streets_bonus_or_its_winner_and_the_street_names() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    root = _svg(g, 0)
    bonus = {
        e.get("data-street"): e.text for e in root.iter(f"{SVG}text") if e.get("class") == "bonus"
    }
    assert len(bonus) == 11
    assert bonus["st1"] == "won by Player 1"  # seat 0 took st1 (18 against 9)
    for street in g.view(0)["state"]["streets"][1:]:
        assert bonus[street["id"]] == f"${street['token']}"
    texts = [e.text for e in root.iter(f"{SVG}text")]
    assert "1st Street" in texts and "F Avenue" in texts
    assert "$10 at 18:9" in texts  # the token it was won with and the sums of the award
    money = [e.text or "" for e in root.iter(f"{SVG}text") if e.get("class") == "money"]
    assert money[0].startswith("Player 1: $10 ($10)") and money[1].startswith("Player 2: $0")


def test_svg_of_a_tied_street_says_the_token_was_discarded() -> None:
    g = fill_row1(("res5", "com2", "res1"), ("com5", "com3", "park"))  # 8 against 8
    root = _svg(g, None)
    st1 = next(e for e in root.iter(f"{SVG}text") if e.get("data-street") == "st1")
    assert st1.text == "tied: discarded"
    assert "$10 at 8:8" in [e.text for e in root.iter(f"{SVG}text")]


def test_svg_is_drawn_from_the_view_only() -> None:
    common_tiles = ("com2", "res1")
    a = start(("ind7", "res5"), (*common_tiles, "ind3", "ind4", "ind5"))
    b = start(("ind7", "res5"), (*common_tiles, "mall", "park", "court"))
    for g in (a, b):
        hs.play(g, "place ind7 A1", "place com2 B1")
    assert render_svg(a, 0) == render_svg(b, 0)  # seat 1's hands differ
    assert render_svg(a, None) == render_svg(b, None)
    assert render_svg(a, 1) != render_svg(b, 1)
    hand = [e.text or "" for e in _svg(a, 0).iter(f"{SVG}text") if e.get("class") == "hand"]
    assert hand and hand[0].startswith("your hand: ")
    assert not [e for e in _svg(a, None).iter(f"{SVG}text") if e.get("class") == "hand"]


def test_svg_escapes_player_names() -> None:
    g = metrocity.new_game(players=["<Ann & co>", 'Bo "B"'], seed=1)
    root = ET.fromstring(render_svg(g, None))
    texts = [e.text or "" for e in root.iter(f"{SVG}text")]
    assert 'Metro City: <Ann & co> vs Bo "B"' in texts


def test_svg_of_a_finished_game_names_the_winner() -> None:
    g = metrocity.new_game(seed=4)
    play(g, [metrocity.HeuristicBot(1), metrocity.RandomBot(2)])
    status = [e.text or "" for e in _svg(g, None).iter(f"{SVG}text") if e.get("class") == "status"]
    assert status and status[0].startswith("game over")
    assert metrocity.INFO.render_svg is render_svg


def test_cli_render_writes_an_svg(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from common.cli import main

    out = tmp_path / "out.svg"
    res = CliRunner().invoke(
        main, ["metrocity", "render", "--seed", "3", "--steps", "40", "--svg", str(out)]
    )
    assert res.exit_code == 0, res.output
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG}svg"
    assert root.findall(f".//{SVG}g[@class='tile']")
