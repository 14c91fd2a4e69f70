"""What a player at the table sees (issue 22): awards as made, streets' blocks, discards, names."""

from __future__ import annotations

from typing import Any

import pytest

import metrocity
from common import RandomBot
from metrocity import StreetAwarded
from metrocity.data import BLOCK_IDS, STREETS, TILES
from metrocity.render import render_svg, render_text
from metrocity.schema import STATE_SCHEMA
from metrocity.tables import street_sums
from tests.metrocity.helpers import TOKENS, fill_row1, play, start


def _street(g: metrocity.MetroCity, street_id: str, seat: int | None = None) -> dict[str, Any]:
    return next(st for st in g.view(seat)["state"]["streets"] if st["id"] == street_id)


def test_an_awarded_street_shows_the_sums_and_token_of_its_award_after_a_build_over() -> None:
    # MC-4: "When a placement fills the last empty block of a street, each player sums their
    # numbered tiles on it ... Higher sum takes the token": the view keeps that moment
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("mall",))
    award = {"token": 10, "sums": [18, 9], "winner": 0, "placer": 1, "tied": False}
    assert _street(g, "st1")["award"] == award
    g.apply("build mall A1 10")  # a Mall stops Residential and Industrial: 6 against 9 now
    assert street_sums(g.s.tiles, g.s.owners, 0) == (6, 9)
    for seat in (0, 1, None):
        st1 = _street(g, "st1", seat)
        assert st1["sums"] == [18, 9] and st1["award"] == award
        assert st1["winner"] == 0 and st1["token"] is None
    assert "$10 won a    18:9" in render_text(g, None)
    assert "$10 at 18:9" in render_svg(g, None)


def test_an_open_street_shows_its_sums_as_it_stands() -> None:
    g = start(("ind7",), ("park",))
    play(g, "place ind7 A1")
    assert _street(g, "st1")["sums"] == [7, 0] and _street(g, "st1")["award"] is None
    play(g, "place park B1")  # MC-4: a Park stops Industrial of either player
    assert _street(g, "st1")["sums"] == [0, 0]


def test_a_tie_under_the_placer_rule_shows_the_placer_and_the_tie() -> None:
    # MC-4: "Tie: the token is discarded (rule option: stays with the placer)"
    g = fill_row1(("com2", "com3", "res1"), ("com4", "res2", "park"), tie="placer")
    st1 = _street(g, "st1")
    assert st1["award"] == {"token": 10, "sums": [6, 6], "winner": 1, "placer": 1, "tied": True}
    assert "$10 won b=   6:6" in render_text(g, 0)
    tied = fill_row1(("com2", "com3", "res1"), ("com4", "res2", "park"))
    award = _street(tied, "st1")["award"]
    assert award["winner"] is None and award["tied"] and award["placer"] == 1
    assert tied.view(None)["state"]["discarded"] == [10]


def test_each_street_lists_its_blocks_in_order() -> None:
    g = start()
    streets = g.view(None)["state"]["streets"]
    assert streets[0]["blocks"] == ["A1", "B1", "C1", "D1", "E1", "F1"]
    assert streets[5]["blocks"] == ["A1", "A2", "A3", "A4", "A5"]
    assert [st["blocks"] for st in streets] == [[BLOCK_IDS[b] for b in s.blocks] for s in STREETS]


def test_the_discarded_tokens_and_the_four_out_of_play_are_shown_to_all() -> None:
    # MC-3: building over discards one of one's tokens; MC-2: the 4 tokens off the streets
    # "all go back out of play" (ruling MC-A6: the draw is public)
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("mall",))
    for seat in (0, 1, None):
        state = g.view(seat)["state"]
        assert state["discarded"] == [] and state["out_of_play"] == list(TOKENS[11:])
    g.apply("build mall A1 10")
    assert all(g.view(seat)["state"]["discarded"] == [10] for seat in (0, 1, None))
    assert metrocity.new_game(seed=1).view(None)["state"]["out_of_play"] == []


def test_tiles_show_both_names_of_the_park_in_views_and_pictures() -> None:
    # ruling MC-A10: the rule source's Park is a School in the published rules
    g = start(("park", "res3"), ("com2",))
    play(g, "place park A1")
    cell = g.view(None)["state"]["grid"][0][0]
    assert cell == {"tile": "park", "owner": 0, "name": "Park (School)"}
    state = g.view(0)["state"]
    assert state["hand_names"] == [TILES[t].display for t in state["hand"]]
    assert "Residential 3" in state["hand_names"]
    assert g.view(None)["state"]["hand_names"] is None
    assert "Pk Park (School)" in render_text(g, None)
    svg = render_svg(g, None)
    assert ">Park (School)</text>" in svg  # the band naming the tile's kind
    assert "<title>Park (School), Player 1's, on A1</title>" in svg


def test_the_hand_names_never_show_the_other_hand() -> None:
    common_tiles = ("com2", "res1")
    a = start(("ind7",), (*common_tiles, "ind3", "ind4", "ind5"))
    b = start(("ind7",), (*common_tiles, "mall", "park", "court"))
    assert a.view(0) == b.view(0) and a.view(None) == b.view(None)
    assert a.view(1)["state"]["hand_names"] != b.view(1)["state"]["hand_names"]


def _properties(schema: Any, path: str = "state") -> list[str]:
    """The paths of the schema's properties that lack a description."""
    missing = []
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            if "description" not in sub:
                missing.append(f"{path}.{name}")
        for key, sub in schema.items():
            if key == "properties":
                for name, prop in sub.items():
                    missing += _properties(prop, f"{path}.{name}")
            elif isinstance(sub, dict | list):
                missing += _properties(sub, path)
    elif isinstance(schema, list):
        for sub in schema:
            missing += _properties(sub, path)
    return missing


def test_every_property_of_the_view_schema_is_described() -> None:
    assert _properties(STATE_SCHEMA) == []
    assert set(STATE_SCHEMA["required"]) == set(STATE_SCHEMA["properties"])


@pytest.mark.parametrize("seed", range(6))
def test_the_view_awards_agree_with_the_logged_awards_through_random_games(seed: int) -> None:
    g = metrocity.new_game(seed=seed)
    bot = RandomBot(seed)
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        legal = g.legal_actions()
        g.apply(legal[-1] if bot.rng.random() < 0.5 else bot.choose(g, g.to_act or 0))
    logged = {e.street: e for e in g.events if isinstance(e, StreetAwarded)}
    for st in g.view(None)["state"]["streets"]:
        e = logged.get(st["id"])
        if e is None:
            assert st["award"] is None
            continue
        assert st["award"]["token"] == e.token and st["award"]["sums"] == list(e.sums)
        assert st["award"]["winner"] == e.winner == st["winner"] and st["sums"] == list(e.sums)
