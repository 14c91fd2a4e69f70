"""The SVG picture of a position (issue 7): cities, landmarks, coins and the market."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

import metropolia
from common import play
from common.cli import main
from metropolia import HeuristicBot
from metropolia.render import render_svg
from tests.metropolia.helpers import position

SVG = "{http://www.w3.org/2000/svg}"


def _groups(root: ET.Element, klass: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}g") if e.get("class") == klass]


def test_svg_parses_and_has_one_element_per_built_card_kind_with_count_and_colour() -> None:
    g = position(
        2,
        coins=[7, 12],
        cards=[{"wheat_field": 2, "cafe": 1, "stadium": 1}, {"ranch": 3}],
        landmarks=[["train_station"], []],
    )
    root = ET.fromstring(render_svg(g, None))
    cities = _groups(root, "city")
    assert [c.get("data-seat") for c in cities] == ["0", "1"]
    first = {e.get("data-card"): e for e in _groups(cities[0], "card")}
    assert set(first) == {"wheat_field", "cafe", "stadium"}
    assert first["wheat_field"].get("data-count") == "2"
    assert first["cafe"].get("data-colour") == "red"
    assert first["stadium"].get("data-colour") == "purple"
    second = _groups(cities[1], "card")
    assert [(e.get("data-card"), e.get("data-count")) for e in second] == [("ranch", "3")]


def test_svg_shows_each_citys_coins() -> None:
    g = position(3, coins=[7, 12, 0])
    root = ET.fromstring(render_svg(g, 1))
    coins = _groups(root, "coins")
    assert [e.get("data-coins") for e in coins] == ["7", "12", "0"]
    text = "".join("".join(e.itertext()) for e in coins)
    assert "7 coins" in text and "12 coins" in text


def test_svg_marks_landmarks_built_or_under_construction() -> None:
    g = position(2, landmarks=[["train_station", "radio_tower"], []])
    root = ET.fromstring(render_svg(g, None))
    city = _groups(root, "city")[0]
    built = {e.get("data-landmark"): e.get("data-built") for e in _groups(city, "landmark")}
    assert built == {
        "train_station": "true",
        "shopping_mall": "false",
        "amusement_park": "false",
        "radio_tower": "true",
    }


def test_svg_base_market_has_every_pile_with_its_count() -> None:
    g = metropolia.new_game(players=2, seed=1)
    root = ET.fromstring(render_svg(g, None))
    piles = {e.get("data-card"): e.get("data-count") for e in _groups(root, "pile")}
    assert len(piles) == 15
    assert piles["wheat_field"] == "6" and piles["stadium"] == "4"
    assert not _groups(root, "stack")


def test_svg_plus_market_has_ten_face_up_piles_and_the_stack_size() -> None:
    g = metropolia.new_game(players=2, seed=4, plus=True)
    g.resolve()
    view = g.view(0)["state"]
    root = ET.fromstring(render_svg(g, 0))
    piles = {e.get("data-card"): e.get("data-count") for e in _groups(root, "pile")}
    assert len(piles) == 10
    assert piles == {cid: str(k) for cid, k in view["market"].items()}
    (stack,) = _groups(root, "stack")
    assert stack.get("data-size") == str(view["stack_size"])
    city = _groups(root, "city")[0]
    assert len(_groups(city, "landmark")) == 6  # Plus: the Port and Airport as well
    # ruling MK-A15: the Town Hall is drawn as a property of the city, not as a landmark
    assert [e.get("data-property") for e in _groups(city, "property")] == ["town_hall"]


def test_svg_escapes_player_names_and_names_the_winner() -> None:
    g = metropolia.new_game(players=["<Ala & Co>", 'O"lek'], seed=2)
    play(g, [HeuristicBot(0), HeuristicBot(1)])
    text = render_svg(g, 0)
    root = ET.fromstring(text)
    assert "&lt;Ala &amp; Co&gt;" in text
    status = [e for e in root.iter(f"{SVG}text") if e.get("class") == "status"]
    assert "Game over:" in "".join(status[0].itertext())


def test_cli_render_writes_an_svg(tmp_path: Path) -> None:
    out = tmp_path / "out.svg"
    result = CliRunner().invoke(
        main, ["metropolia", "render", "--seed", "3", "--steps", "60", "--svg", str(out)]
    )
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text())
    assert _groups(root, "city") and _groups(root, "pile")
