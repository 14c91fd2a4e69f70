"""Issue 22: ``Metropolis.static_data(**options)``, the game's tables as one JSON document."""

from __future__ import annotations

import json

import pytest

from common import InvalidOption
from metropolis_lots import Metropolis
from metropolis_lots.data import CHIPS, DATA_DIR, DEAL, FREE_UNTIL, OFFER_SIZE, rules_for
from tests.metropolis_lots.helpers import dealt


def test_static_data_is_plain_json() -> None:
    data = Metropolis.static_data()
    assert json.loads(json.dumps(data)) == data
    assert data["game"] == "metropolis_lots" and data["rotation"] == "half"


@pytest.mark.parametrize("rotation", ["half", "free", "none"])
def test_static_data_agrees_with_the_engines_tables(rotation: str) -> None:
    data = Metropolis.static_data(rotation=rotation)
    r = rules_for(None, rotation)
    b = r.board
    assert data["board"]["lots"] == list(b.lots)
    assert {int(k): tuple(v) for k, v in data["board"]["neighbours"].items()} == dict(b.neighbours)
    assert set(data["board"]["park_view"]) == b.park_view
    assert set(data["board"]["river"]) == b.river and set(data["board"]["centre"]) == b.centre
    # the board a view carries is the same
    assert dealt(3, rotation=rotation).view()["state"]["board"] == data["board"]
    assert [m["model"] for m in data["buildings"]] == [m.id for m in r.models]
    for mi, (entry, m) in enumerate(zip(data["buildings"], r.models, strict=True)):
        assert (entry["kind"], entry["count"]) == (m.kind, m.count)
        assert [tuple(c) for c in entry["cells"]] == list(m.cells)
        expected = [p.lots for d in b.districts for p in r.placements[mi][d]]
        assert [tuple(p) for p in entry["placements"]] == expected
    assert sum(m["count"] for m in data["buildings"]) == 25  # the seed's 25 buildings
    assert data["pool_sizes"] == sorted(r.pool_sizes)
    for kind, row in r.chart.rows.items():
        got = data["chart"][kind]
        assert (got["base"], got["location"], got["per_building"]) == (
            row.base,
            dict(row.location),
            dict(row.per_building),
        )
        assert set(got["forbidden"]) == set(row.forbidden)
    assert data["chips"] == CHIPS
    assert {int(n): d["lots"] for n, d in data["deal"].items()} == DEAL
    assert (data["offer_size"], data["free_until"]) == (OFFER_SIZE, FREE_UNTIL)


def test_static_data_follows_the_seeds_numbers() -> None:
    data = Metropolis.static_data()
    assert data["chips"] == {"white": 30, "green": 30, "blue": 20, "yellow": 15, "pink": 15}
    deal = data["deal"]
    assert [deal[n]["lots"] for n in "2345"] == [12, 8, 6, 5]
    assert deal["2"]["colours"] == ["white", "green"]
    assert deal["3"]["colours"] == ["white", "green", "blue"]
    assert deal["4"]["colours_chosen"] and not deal["5"]["colours_chosen"]
    names = {m["model"]: m["name"] for m in data["buildings"]}
    assert names["apartment_l"] == names["apartment_j"] == "apartment building"
    assert names["department_store"] == "department store"


def test_option_rotation_changes_the_footprints() -> None:  # ruling MS-A12
    half = {m["model"]: m for m in Metropolis.static_data(rotation="half")["buildings"]}
    free = {m["model"]: m for m in Metropolis.static_data(rotation="free")["buildings"]}
    none = {m["model"]: m for m in Metropolis.static_data(rotation="none")["buildings"]}
    assert [len(x["apartment_l"]["orientations"]) for x in (half, free, none)] == [2, 4, 1]
    assert len(free["shop"]["placements"]) > len(half["shop"]["placements"])
    # the seed: the mirrored apartments "do not fit on the same lots as their counterpart"
    ll = {tuple(p) for p in half["apartment_l"]["placements"]}
    jj = {tuple(p) for p in half["apartment_j"]["placements"]}
    assert ll and jj and not ll & jj
    assert {tuple(p) for p in free["apartment_l"]["placements"]} == ll | jj


def test_option_chart_changes_the_chart() -> None:
    data = json.loads((DATA_DIR / "chart.json").read_text())
    data["kinds"]["house"]["base"] = 50
    assert Metropolis.static_data()["chart"]["house"]["base"] == 2
    assert Metropolis.static_data(chart=data)["chart"]["house"]["base"] == 50


def test_static_data_refuses_bad_options() -> None:
    with pytest.raises(InvalidOption, match="rotation"):
        Metropolis.static_data(rotation="sideways")
    with pytest.raises(InvalidOption, match="unknown option"):
        Metropolis.static_data(board="big")
