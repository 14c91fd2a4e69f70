"""The heuristic bot's strength, and the text rendering."""

from __future__ import annotations

import runpy
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import metrocity
from common import Bot, play
from metrocity.data import TILES, category_display
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
    assert render_text(g, None).splitlines()[-1].startswith("Game over (the grid is full): ")


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
    assert "1st Street" in demo.output and "Game over" in demo.output
    sim = runner.invoke(
        main, ["metrocity", "simulate", "--bots", "heuristic,random", "--games", "4", "-s", "1"]
    )
    assert sim.exit_code == 0, sim.output
    assert "heuristic" in sim.output
    helptext = runner.invoke(main, ["metrocity", "--help"])
    assert "reconstruction" in helptext.output


# ---------------------------------------------------------------- SVG (issues 7, 23)

SVG = "{http://www.w3.org/2000/svg}"


def _svg(g: metrocity.MetroCity, seat: int | None, **kw: Any) -> ET.Element:
    return ET.fromstring(render_svg(g, seat, **kw))


def _classed(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    """The ``tag`` elements whose class list holds ``name``."""
    return [e for e in root.iter(f"{SVG}{tag}") if name in (e.get("class") or "").split()]


def _keyed(root: ET.Element, key: str) -> ET.Element:
    found = root.find(f".//{SVG}g[@data-key='{key}']")
    assert found is not None, key
    return found


def _texts(element: ET.Element) -> list[str]:
    return [e.text or "" for e in element.iter(f"{SVG}text")]


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


def test_svg_has_one_element_per_block_with_the_tile_kind_and_owner() -> None:
    g = _random_position(3, 40)
    root = _svg(g, None)
    tiles = _classed(root, "g", "tile")
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
        kind = TILES[cell["tile"]]
        # the block, the number (or the special tile's word) and the category's band
        block, label, band = _texts(element)
        assert block == element.get("data-block") and band == category_display(kind.kind)
        assert label == str(kind.value) if kind.value else cell["name"].startswith(label)
    assert len(_classed(root, "g", "empty")) == 30 - len(placed)


def test_every_clickable_element_has_a_key_and_a_title() -> None:
    # STYLE.md section 1: one shared data-key (block:A1) and a <title> on what a front end clicks
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    root = _svg(g, 0)
    keyed = [e for e in root.iter(f"{SVG}g") if e.get("data-key")]
    keys = [e.get("data-key", "") for e in keyed]
    assert all(e.findtext(f"{SVG}title") for e in keyed)
    blocks = [f"block:{c}{r}" for r in range(1, 6) for c in "ABCDEF"]
    streets = [f"street:{st['id']}" for st in g.view(0)["state"]["streets"]]
    hand = [f"tile:{t}" for t in g.view(0)["state"]["hand"]]
    assert sorted(keys) == sorted([*blocks, *streets, *hand, "token:10"])
    assert _keyed(root, "token:10").findtext(f"{SVG}title", "").startswith("$10 token of Player 1")


def test_svg_shows_each_streets_token_and_sums_or_its_winner() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    root = _svg(g, 0)
    st1 = _texts(_keyed(root, "street:st1"))
    assert st1 == ["$10", "won by Player 1", "$10 at 18:9"]  # seat 0 took st1 (18 against 9)
    for street in g.view(0)["state"]["streets"][1:]:
        a, b = street["sums"]
        texts = _texts(_keyed(root, f"street:{street['id']}"))
        assert texts == [f"${street['token']}", f"open, {street['empty']} empty", f"sums {a}:{b}"]
    bonus = {e.get("data-street"): e.text for e in _classed(root, "text", "bonus")}
    assert len(bonus) == 11 and bonus["st1"] == "won by Player 1"
    texts = _texts(root)
    assert "1st Street" in texts and "F Avenue" in texts


def test_svg_names_the_players_with_their_colours_money_tokens_and_whose_turn() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    root = _svg(g, 1)
    rows = [e for e in root.iter(f"{SVG}g") if e.get("data-seat") is not None]
    assert [_texts(r)[:2] for r in rows] == [["Player 1", "$10"], ["Player 2 (you)", "$0"]]
    assert "$10" in _texts(rows[0])[2:] and "no tokens" in _texts(rows[1])
    swatches = [e.get("class") for r in rows for e in r.iter(f"{SVG}rect")]
    assert "seat0" in swatches and "seat1" in swatches
    assert g.to_act == 0  # seat 0 to place: its row is marked
    assert rows[0].find(f"{SVG}polygon") is not None and rows[1].find(f"{SVG}polygon") is None
    status = [e.text for e in _classed(root, "text", "status")]
    assert status == ["Player 1 to place a tile"]


def test_svg_of_a_tied_street_says_the_token_was_discarded() -> None:
    g = fill_row1(("res5", "com2", "res1"), ("com5", "com3", "park"))  # 8 against 8
    texts = _texts(_keyed(_svg(g, None), "street:st1"))
    assert texts == ["$10", "tied: discarded", "$10 at 8:8"]


def test_svg_of_a_tie_the_placer_kept_names_the_placer() -> None:
    g = fill_row1(("com2", "com3", "res1"), ("com4", "res2", "park"), tie="placer")
    texts = _texts(_keyed(_svg(g, None), "street:st1"))
    assert texts == ["$10", "tie kept by Player 2", "$10 at 6:6"]
    assert "goes to the player whose placement completed" in " ".join(_texts(_svg(g, None)))


def test_svg_is_drawn_from_the_view_only() -> None:
    common_tiles = ("com2", "res1")
    a = start(("ind7", "res5"), (*common_tiles, "ind3", "ind4", "ind5"))
    b = start(("ind7", "res5"), (*common_tiles, "mall", "park", "court"))
    for g in (a, b):
        hs.play(g, "place ind7 A1", "place com2 B1")
    assert render_svg(a, 0) == render_svg(b, 0)  # seat 1's hands differ
    assert render_svg(a, None) == render_svg(b, None)
    assert render_svg(a, 1) != render_svg(b, 1)
    hand = _classed(_svg(a, 0), "g", "hand-tile")
    assert [e.get("data-tile") for e in hand] == a.view(0)["state"]["hand"]
    assert not _classed(_svg(a, None), "g", "hand-tile")


def test_svg_holds_the_text_board_and_names_the_game() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    svg = render_svg(g, 0)
    root = ET.fromstring(svg)
    assert root.findtext(f"{SVG}desc") == render_text(g, 0)
    assert root.findtext(f"{SVG}title") == "Metro City: Player 1 vs Player 2"
    assert svg._repr_svg_() == svg  # shows as a picture in Jupyter


def test_svg_escapes_player_names() -> None:
    g = metrocity.new_game(players=["<Ann & co>", 'Bo "B"'], seed=1)
    root = ET.fromstring(render_svg(g, None))
    assert root.findtext(f"{SVG}title") == 'Metro City: <Ann & co> vs Bo "B"'
    assert "<Ann & co>" in _texts(root) and 'Bo "B"' in _texts(root)


def test_svg_of_a_finished_game_names_the_winner() -> None:
    g = metrocity.new_game(seed=4)
    play(g, [metrocity.HeuristicBot(1), metrocity.RandomBot(2)])
    status = [e.text or "" for e in _classed(_svg(g, None), "text", "status")]
    winner = g.players[g.result().winners[0]]
    assert status and status[0].startswith(f"Game over (the grid is full): {winner} wins, $")
    assert metrocity.INFO.render_svg is render_svg


def test_svg_marks_the_last_placement_the_targets_and_a_pending_courthouse() -> None:
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))  # F1 asks the swap
    root = _svg(g, 0, last="F1", targets=("street:st1", "street:avF", "block:A2", "tile:res1"))
    assert len(_classed(root, "rect", "last")) == 1 and len(_classed(root, "rect", "pending")) == 1
    assert len(_classed(root, "circle", "target-ring")) == 2
    assert len(_classed(root, "rect", "target")) == 1 + g.view(0)["state"]["hand"].count("res1")
    status = [e.text for e in _classed(root, "text", "status")]
    assert status == [
        "Player 2 to answer the Courthouse at F1: swap the bonus tokens of two streets, or pass"
    ]
    plain = _svg(g, 0)
    assert not _classed(plain, "rect", "last") and not _classed(plain, "rect", "target")


def test_svg_keys_every_label_and_colour() -> None:
    # issue 23: a legend for every abbreviation; MC-A10: the Park is the published School
    texts = " ".join(_texts(_svg(start(), None)))
    for words in (
        "Residential (Houses) 1-5",
        "Commercial (Stores) 2-6",
        "Industrial (Factories) 3-7",
        "Park (School): counts 0",
        "Power Plant: counts 0",
        "Mall: counts 0",
        "Courthouse: counts 0",
        "a street's bonus token",
    ):
        assert words in texts


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
    assert _classed(root, "g", "tile")


# ---------------------------------------------------------------- the text board (issue 23)


def test_the_text_board_fits_80_columns_and_a_screen_with_the_prompt_and_events() -> None:
    # issue 23: one decision's screen (board, what happened since, prompt) fits 60 lines
    for seed, names in ((1, None), (2, ["Anastasia Wolkonskaja-Montgomery", "Bartholomew F. III"])):
        g = metrocity.new_game(players=names or 2, seed=seed)
        bots: list[Bot] = [metrocity.HeuristicBot(seed), metrocity.RandomBot(seed)]
        since = 0
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            seat = g.to_act or 0
            for viewer in (0, 1, None):
                board = render_text(g, viewer).splitlines()
                assert max(map(len, board)) <= 80 and len(board) <= 22
                hand = g.view(viewer)["state"]["hand"] or []
                assert all(f"{TILES[t].display} [{t}]" in "\n".join(board) for t in hand)
            if seat == 0:
                told = [g.describe(e, 0) for e in g.events[since:]]
                events = [line for t in told for line in textwrap.wrap(t, 80)]
                assert g.prompt is not None
                prompt = textwrap.wrap(g.prompt.text, 80)
                assert len(render_text(g, 0).splitlines()) + len(events) + len(prompt) + 1 <= 60
                since = len(g.events)
            g.apply(bots[seat].choose(g, seat))


def test_the_text_board_says_whose_turn_it_is_and_what_is_asked() -> None:
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))  # F1 asks the swap
    assert render_text(g, 0).splitlines()[-2:] == [
        "Player 2 (b) to answer the Courthouse at F1: swap the bonus tokens of two",
        "  streets, or pass",
    ]
    g.apply("pass")
    assert render_text(g, None).splitlines()[-1] == "Player 1 (a) to place a tile"
    assert render_text(metrocity.new_game(seed=1), None).splitlines()[-1] == (
        "Set-up: the bonus tokens are shuffled"
    )


def test_the_text_board_shows_the_avenues_by_name_and_a_park_held_twice_once() -> None:
    g = start(("park", "park", "res1", "res2", "res3"), ("com2",))
    text = render_text(g, 0)
    assert "A Avenue    $6   open    0:0" in text and "F Avenue    $12  open    0:0" in text
    assert "your hand: Residential 1 [res1], Residential 2 [res2], Residential 3 [res3]," in text
    assert "Park (School) [park] x2" in text
    assert "Player 1 (a, you): $0 (tokens none); hand 5, pile 15" in text


def test_before_the_tokens_are_dealt_a_street_shows_no_none() -> None:
    from click.testing import CliRunner

    from common.cli import main

    g = metrocity.new_game(seed=3)
    assert g.chance is not None and all(st["token"] is None for st in g.view(0)["state"]["streets"])
    text, svg = " ".join(render_text(g, 0).split()), str(render_svg(g, 0))
    assert "None" not in text and "None" not in svg
    assert "? open" in text and "the bonus tokens are not dealt yet" in text
    assert ">?</text>" in svg and "bonus not dealt yet" in svg
    save = g.clone()
    g.resolve()
    assert "?" not in render_text(g, 0).split("tiles:")[0]  # dealt: every token has its value
    runner = CliRunner()
    with runner.isolated_filesystem():
        Path("g.json").write_text(save.to_json())
        for args in (["render", "--save", "g.json", "--at", "0"], ["replay", "g.json", "--step"]):
            out = runner.invoke(main, ["metrocity", *args], input="\n" * 5)
            assert out.exit_code == 0, out.output
            assert "$None" not in out.output and "? open" in " ".join(out.output.split()), args
