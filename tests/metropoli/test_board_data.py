"""The reconstructed board (rulings MI-2, MI-4, MI-5) pinned space by space and area by area,
and a replacement board checked on load."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from common import InvalidOption
from metropoli.data import BOARD as B
from metropoli.data import load_board

#: ruling MI-2: the three streets of a half side, counted from its corner outward
_OFFSETS = (1, 3, 4)


def _raw() -> dict[str, Any]:
    text = resources.files("metropoli").joinpath("data", "board.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_motorway_exits_follow_mi_4_space_1_is_11_corners_skipped() -> None:
    # ruling MI-4: "space 1 = 11, 2 = 12, ..., 6 = 16, 7 = 21, ... skipping corners"
    non_corners = [sp for sp in range(40) if sp % 10]
    assert len(non_corners) == 36
    for k, sp in enumerate(non_corners):
        assert B.exit_of[sp] == 10 * (k // 6 + 1) + (k % 6 + 1), sp
        assert B.exits[B.exit_of[sp] or 0] == sp
    assert [B.exit_of[sp] for sp in (0, 10, 20, 30)] == [None] * 4
    spots = {1: 11, 6: 16, 7: 21, 11: 24, 33: 56, 39: 66}
    assert {sp: B.exit_of[sp] for sp in spots} == spots


def test_areas_follow_mi_5_street_c_of_one_colour_and_street_r_of_the_other() -> None:
    # ruling MI-5: area (r, c) of the district at corner 10d is faced by street c of the
    # neighbourhood after the corner and street r of the one before it, counted outward
    for d in range(4):
        corner = 10 * d
        after = [corner + o for o in _OFFSETS]
        before = [(corner - o) % 40 for o in _OFFSETS]
        for r in range(3):
            for c in range(3):
                area = 9 * d + 3 * r + c
                assert B.area_district[area] == d
                assert B.area_streets[area] == (after[c], before[r]), area
        hoods = {B.hood_of[sp] for sp in after} | {B.hood_of[sp] for sp in before}
        assert len(hoods) == 2 and all(B.hood_district[h or 0] == d for h in hoods)
    assert B.area_streets[0] == (1, 39) and B.area_streets[9] == (11, 9)


def test_the_shipped_board_passes_its_own_checks() -> None:
    assert load_board(_raw()) == B


def _break(change: Any) -> dict[str, Any]:
    raw = copy.deepcopy(_raw())
    change(raw)
    return raw


def _swap_exits(raw: dict[str, Any]) -> None:
    raw["spaces"][1]["exit"] = raw["spaces"][2]["exit"]


def _same_colour_area(raw: dict[str, Any]) -> None:
    raw["areas"][0]["streets"] = [1, 3]


def _area_in_two_districts(raw: dict[str, Any]) -> None:
    raw["areas"][0]["district"] = 1


def _street_off_its_colour(raw: dict[str, Any]) -> None:
    raw["spaces"][1]["neighbourhood"] = 1


def _corner_exit(raw: dict[str, Any]) -> None:
    raw["spaces"][0]["exit"] = 77


def _missing_key(raw: dict[str, Any]) -> None:
    del raw["areas"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_swap_exits, "exits 11..66"),
        (_same_colour_area, "two streets of one colour"),
        (_area_in_two_districts, "district"),
        (_street_off_its_colour, "neighbourhood"),
        (_corner_exit, "corners have none"),
        (_missing_key, "malformed board data"),
    ],
)
def test_a_replacement_board_that_breaks_the_shape_is_refused(change: Any, message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        load_board(_break(change))
