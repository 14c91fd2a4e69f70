"""The Master Plan of Metropoli, rules 1-10 (seed; rulings MI-10, MI-11)."""

from __future__ import annotations

import pytest

from common import IllegalAction
from metropoli import Build, Done, FreeBlock, Metropoli
from metropoli.data import BOARD as B
from metropoli.events import BlockBuilt, CompletionPhaseBegan, FinalPhaseBegan, RoofPlaced
from tests.metropoli.helpers import clear_owners, land, payments, started


def build_phase(players: int = 4) -> Metropoli:
    """A game whose active player (seat 0) is in the building step, on La Borsa."""
    g = started(players=players)
    land(g, 0, not_first_round=False)
    assert g.prompt is not None and g.prompt.kind == "build"
    return g


def next_build_phase(g: Metropoli) -> None:
    """End the turn and play the next players to their building step on La Borsa."""
    g.apply(Done())
    land(g, 0, not_first_round=False)


def test_rule_1_blocks_only_on_buildable_areas() -> None:
    g = build_phase()
    areas = {a.area for a in g.legal_actions() if isinstance(a, Build)}
    assert areas == set(range(len(B.area_district)))
    with pytest.raises(IllegalAction):
        g.apply(Build(len(B.area_district)))


def test_rule_2_blocks_stack_into_taller_buildings() -> None:
    g = build_phase()
    g.apply(Build(4))
    next_build_phase(g)
    g.apply(Build(4))
    assert g.s.heights[4] == 2


def test_rule_3_a_block_costs_100000_paid_to_the_bank() -> None:
    g = build_phase()
    start = len(g.events)
    g.apply(Build(0))
    assert payments(g, start) == [(0, None, 100_000, "block")]
    assert g.s.cash[0] == 4_900_000


def test_rule_4_first_two_floor_building_gets_roof_one_and_caps_its_district() -> None:
    g = build_phase()
    g.s.heights[0] = 1
    start = len(g.events)
    g.apply(Build(0))
    roofs = [e for e in g.events[start:] if isinstance(e, RoofPlaced)]
    assert roofs == [RoofPlaced(0, 1, 2, 0)]
    assert g.s.caps == [2, 0, 0, 0]
    # the district is capped at 2; other districts are not
    g.s.heights[1] = 2
    legal = {a.area for a in g.legal_actions() if isinstance(a, Build)}
    assert 1 not in legal
    g.s.heights[9] = 2
    assert 9 in {a.area for a in g.legal_actions() if isinstance(a, Build)}


@pytest.mark.parametrize("number", [2, 3, 4])
def test_rules_5_to_7_next_roof_goes_to_the_first_building_one_floor_taller(number: int) -> None:
    g = build_phase()
    s = g.s
    # districts 0.. number-2 already hold roofs 1 .. number-1
    for k in range(number - 1):
        area = B.district_areas[k][0]
        s.heights[area], s.roof[area], s.caps[k] = k + 2, k + 1, k + 2
    s.roofs = number - 1
    target = B.district_areas[number - 1][4]
    s.heights[target] = number  # one floor below the next roof's height
    s.blocks_left = 80 - sum(s.heights)
    assert g.invariants() == []  # a position the Master Plan allows
    start = len(g.events)
    g.apply(Build(target))
    got = [e for e in g.events[start:] if isinstance(e, RoofPlaced)]
    assert got == [RoofPlaced(target, number, number + 1, number - 1)]
    assert s.caps[number - 1] == number + 1
    if number == 4:
        assert any(isinstance(e, CompletionPhaseBegan) for e in g.events[start:])


def test_rule_7_no_building_exceeds_five_floors() -> None:
    g = build_phase()
    s = g.s
    for k in range(4):
        area = B.district_areas[k][0]
        s.heights[area], s.roof[area], s.caps[k] = k + 2, k + 1, k + 2
    s.roofs = 4
    s.heights[B.district_areas[3][1]] = 5
    s.blocks_left = 80 - sum(s.heights)
    assert g.invariants() == []
    assert B.district_areas[3][1] not in {a.area for a in g.legal_actions() if isinstance(a, Build)}


def test_rule_8_one_skyscraper_per_district() -> None:
    g = build_phase()
    g.s.heights[0] = 1
    g.apply(Build(0))  # roof 1, district 0 capped at 2
    g.s.heights[5] = 1
    start = len(g.events)
    g.apply(Build(5))  # a second 2-floor building in district 0: no roof
    assert not [e for e in g.events[start:] if isinstance(e, RoofPlaced)]
    assert g.s.roof[5] == 0 and g.s.roofs == 1


def _completion(g: Metropoli) -> None:
    s = g.s
    for k in range(4):
        area = B.district_areas[k][0]
        s.heights[area], s.roof[area], s.caps[k] = k + 2, k + 1, k + 2
    s.roofs = 4
    s.blocks_left = 80 - sum(s.heights)
    assert g.invariants() == []


def test_rule_9_completion_phase_obliges_a_block_each_turn() -> None:
    g = build_phase()
    _completion(g)
    legal = g.legal_actions()
    assert Done() not in legal and any(isinstance(a, Build) for a in legal)
    g.apply(Build(3))
    assert Done() in g.legal_actions()


def test_rule_9_a_player_short_of_100000_is_exempt() -> None:
    g = build_phase()
    _completion(g)
    g.s.cash[0] = 99_999
    assert Done() in g.legal_actions()
    assert not [a for a in g.legal_actions() if isinstance(a, Build)]


def test_rule_10_two_paid_blocks_per_turn_never_on_the_same_area() -> None:
    g = build_phase()
    g.apply(Build(0))
    assert Build(0) not in g.legal_actions()
    g.apply(Build(1))
    assert not [a for a in g.legal_actions() if isinstance(a, Build)]
    assert Done() in g.legal_actions()


def test_free_blocks_come_on_top_of_the_two_paid_ones() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[1] = 0
    land(g, 1, not_first_round=False)  # own street: one free block
    assert g.prompt is not None and g.prompt.kind == "free"
    free = {a.area for a in g.legal_actions() if isinstance(a, FreeBlock)}
    assert free == set(B.street_areas[1])
    g.apply(FreeBlock(3))
    g.apply(Build(0))
    g.apply(Build(1))
    built = [e for e in g.events if isinstance(e, BlockBuilt)]
    assert [(e.area, e.paid) for e in built] == [(3, False), (0, True), (1, True)]
    assert Build(3) not in g.legal_actions()


def test_the_80th_block_starts_the_final_phase_and_ends_building() -> None:
    g = build_phase()
    g.s.blocks_left = 1
    g.apply(Build(0))
    assert g.s.blocks_left == 0
    assert any(isinstance(e, FinalPhaseBegan) for e in g.events)
    assert not [a for a in g.legal_actions() if isinstance(a, Build)]


def test_rules_4_to_7_roofs_and_caps_reached_by_building() -> None:
    # Master Plan rules 4-8 played out with paid blocks (two a turn, never on one area, rule
    # 10): the first buildings of 2, 3, 4 and 5 floors get roofs 1-4 and cap their districts,
    # and a street facing each skyscraper is worth height x $200,000 (seed "Skyscrapers")
    g = build_phase()
    a, b, c, d = 4, 13, 22, 31  # the centre area of districts 0, 1, 2, 3
    turns = [(a, b), (a, b), (b, c), (c, d), (c, d), (c, d), (d,), (d,)]
    start = len(g.events)
    for k, areas in enumerate(turns):
        if k:
            next_build_phase(g)
        for area in areas:
            g.apply(Build(area))
        assert g.invariants() == []
    roofs = [e for e in g.events[start:] if isinstance(e, RoofPlaced)]
    expected = [(a, 1, 2, 0), (b, 2, 3, 1), (c, 3, 4, 2), (d, 4, 5, 3)]
    assert roofs == [RoofPlaced(*x) for x in expected]
    assert g.s.caps == [2, 3, 4, 5] and g.s.roofs == 4
    assert [g.s.heights[x] for x in (a, b, c, d)] == [2, 3, 4, 5]
    assert sum(isinstance(e, CompletionPhaseBegan) for e in g.events) == 1
    assert g.s.blocks_left == 80 - 14
    for area, height in ((a, 2), (b, 3), (c, 4), (d, 5)):
        street = B.area_streets[area][0]
        _total, tallest, _blocks, sky, value, _hood, _trust = g.street_rent(street)
        assert (tallest, sky, value) == (height, True, height * 200_000)
    # each district is capped at its skyscraper's height (rules 4-7); the first to reach a
    # height already roofed elsewhere gets no roof (rule 8)
    next_build_phase(g)
    legal = {x.area for x in g.legal_actions() if isinstance(x, Build)}
    assert {a, b, c, d}.isdisjoint(legal) and 5 in legal
    g.apply(Build(5))
    next_build_phase(g)
    g.apply(Build(5))
    assert g.s.heights[5] == 2 and g.s.roof[5] == 0
    next_build_phase(g)
    assert Build(5) not in g.legal_actions()
    assert g.invariants() == []
