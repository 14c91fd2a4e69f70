"""Metro City's static data (issue 22): one JSON description that agrees with the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

import metrocity
from common import InvalidOption
from metrocity.data import (
    BLOCK_IDS,
    BLOCK_STREETS,
    HAND_SIZE,
    PLAYER_TILES,
    STREETS,
    TILE_COUNTS,
    TILE_KINDS,
    TOKENS,
)
from metrocity.reference import rule_sums
from metrocity.tables import street_sums

DATA = metrocity.MetroCity.static_data()


def test_static_data_is_plain_json() -> None:
    assert json.loads(json.dumps(DATA)) == DATA


def test_the_grid_lists_every_block_with_its_name_and_streets() -> None:
    blocks = DATA["grid"]["blocks"]
    assert (DATA["grid"]["rows"], DATA["grid"]["columns"]) == (5, 6)  # seed 004: "6 x 5 grid"
    assert [b["id"] for b in blocks] == list(BLOCK_IDS)
    for b, (row, column) in zip(blocks, BLOCK_STREETS, strict=True):
        assert b["streets"] == [STREETS[row].id, STREETS[column].id]
        assert b["name"] == f"{STREETS[row].name} and {STREETS[column].name}"
    assert blocks[0] == {
        "id": "A1",
        "name": "1st Street and A Avenue",
        "row": 1,
        "column": "A",
        "streets": ["st1", "avA"],
    }


def test_the_streets_are_the_engines_eleven_with_their_blocks() -> None:
    # seed 004: "a 6 x 5 grid with 11 named streets"; rows first (ruling MC-2's order)
    streets = DATA["streets"]
    assert len(streets) == 11
    assert [s["id"] for s in streets] == [s.id for s in STREETS]
    assert [s["name"] for s in streets] == [s.name for s in STREETS]
    assert [s["blocks"] for s in streets] == [[BLOCK_IDS[b] for b in s.blocks] for s in STREETS]
    assert [s["kind"] for s in streets] == ["street"] * 5 + ["avenue"] * 6
    assert "MC-6" in DATA["street_names"]


def test_the_tiles_are_the_engines_with_counts_values_and_both_park_names() -> None:
    tiles = {t["id"]: t for t in DATA["tiles"]}
    assert list(tiles) == [t.id for t in TILE_KINDS]
    assert sum(t["count"] for t in tiles.values()) == len(PLAYER_TILES) == 20
    for kind in TILE_KINDS:
        t = tiles[kind.id]
        assert (t["category"], t["value"], t["label"]) == (kind.kind, kind.value, kind.label)
        assert t["count"] == TILE_COUNTS[kind.id]
    # ruling MC-A10: the rule source's Park is the published rules' School
    assert tiles["park"]["names"] == ["Park", "School"]
    assert tiles["park"]["display"] == "Park (School)" and tiles["park"]["count"] == 2
    assert tiles["res3"]["names"] == ["Residential 3"]
    # seed 004: "Residential Buildings count from 1 to 5, Commercial Buildings count from 2 to
    # 6 and Industrial Buildings count from 3 to 7"
    values = {c["id"]: c["values"] for c in DATA["categories"]}
    assert values["residential"] == [1, 2, 3, 4, 5]
    assert values["commercial"] == [2, 3, 4, 5, 6]
    assert values["industrial"] == [3, 4, 5, 6, 7]
    buildings = {c["id"]: c["buildings"] for c in DATA["categories"]}
    assert buildings == {
        "residential": "Houses",
        "commercial": "Stores",
        "industrial": "Factories",
        "park": None,
        "power": None,
        "mall": None,
        "court": None,
    }


@pytest.mark.parametrize("special", ["park", "power", "mall", "court"])
def test_each_tiles_stops_are_what_the_engine_stops(special: str) -> None:
    # MC-4: "a Park or Mall prevents either player's Industrial Buildings from counting ...;
    # a Power Plant or Mall prevents Residential Buildings from counting"
    tiles = {t["id"]: t for t in DATA["tiles"]}
    row: list[str | None] = [special, "res5", "com6", "ind7", None, None] + [None] * 24
    owners = [1, 0, 0, 0] + [-1] * 26
    mine = street_sums(row, owners, 0)[0]
    assert (mine, 0) == rule_sums([(t, o) for t, o in zip(row[:4], owners[:4], strict=True) if t])
    values = {"residential": 5, "commercial": 6, "industrial": 7}
    expected = sum(v for category, v in values.items() if category not in tiles[special]["stops"])
    assert mine == expected
    words = tiles[special]["effect"]
    for category in tiles[special]["stops"]:
        assert category.capitalize() in words
    assert tiles[special]["value"] == 0 and words.startswith("counts nothing")


def test_the_numbered_tiles_effects_name_what_stops_them() -> None:
    tiles = {t["id"]: t for t in DATA["tiles"]}
    assert "Park (School) or a Mall" in tiles["ind5"]["effect"]
    assert "Power Plant or a Mall" in tiles["res2"]["effect"]
    assert "except" not in tiles["com4"]["effect"]
    assert "swap the bonus tokens of two streets" in tiles["court"]["effect"]


def test_the_tokens_and_hands_are_the_engines() -> None:
    # seed 004 / MC-2: 15 Currency tokens $1-$15, one at each of the 11 streets
    assert DATA["tokens"] == {
        "values": list(TOKENS),
        "on_streets": 11,
        "first_player_draws": 2,
        "out_of_play": 4,
    }
    assert DATA["hand_size"] == HAND_SIZE == 5 and DATA["tiles_per_player"] == 20


@pytest.mark.parametrize("tie", ["discard", "placer"])
def test_the_tie_rule_in_use_follows_the_option(tie: str) -> None:
    data: dict[str, Any] = metrocity.MetroCity.static_data(tie=tie)
    assert data["tie"]["rule"] == tie
    other = metrocity.MetroCity.static_data(tie="placer" if tie == "discard" else "discard")
    assert data["tie"] != other["tie"]
    assert {k: v for k, v in data.items() if k != "tie"} == {
        k: v for k, v in other.items() if k != "tie"
    }
    assert ("discarded" in data["tie"]["text"]) == (tie == "discard")
    assert DATA["tie"]["rule"] == "discard"  # the default (ruling MC-4)


def test_static_data_refuses_a_bad_option() -> None:
    with pytest.raises(InvalidOption, match="tie='coin' is not allowed"):
        metrocity.MetroCity.static_data(tie="coin")
    with pytest.raises(InvalidOption, match="unknown option"):
        metrocity.MetroCity.static_data(bonus=3)
