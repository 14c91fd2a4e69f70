"""Metropolis rules, one test per rule of the seed and the rulings MS-1 ... MS-8."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from common import ActionForced, IllegalAction, InvalidOption, RandomBot, load, play
from metropolis_lots import (
    Accept,
    Build,
    BuildingPut,
    ChoiceSkipped,
    Decline,
    FinalRound,
    Give,
    LotGiven,
    LotTaken,
    Pass,
    Take,
    new_game,
)
from metropolis_lots.data import CHIPS, DATA_DIR, DEAL, TURNS, default_board, rotations, rules_for
from metropolis_lots.reference import values_of
from metropolis_lots.rules import Metropolis, split_value
from metropolis_lots.state import Building
from tests.metropolis_lots.helpers import ALL_LOTS, ask_build, ask_choice, dealt, offer, own

# ------------------------------------------------------------------------------ board (MS-1)


def test_board_has_80_lots_in_8_districts_by_first_digit() -> None:
    b = default_board()
    assert b.lots == tuple(ALL_LOTS)
    assert b.districts == (1, 2, 3, 4, 5, 6, 7, 8)
    assert all(b.district_of(lot) == lot // 10 for lot in b.lots)


def test_park_view_lots_are_the_rulebooks_list() -> None:  # ruling MS-1
    expected = {*range(15, 20), 25, 40, 45, 70, *range(60, 65)}
    assert default_board().park_view == expected


def test_river_lots_are_the_rulebooks_list() -> None:  # ruling MS-1
    expected = {*range(45, 50), *range(55, 60), *range(70, 75), *range(80, 85)}
    assert default_board().river == expected


def test_centre_is_lots_40_to_59() -> None:
    assert default_board().centre == set(range(40, 60))


def test_neighbours_are_orthogonal_not_corner_touching() -> None:
    n = default_board().neighbours
    assert 12 in n[11] and 16 in n[11]  # "for example 11 and 12"
    assert 15 not in n[11]  # "but not lots that only touch at a corner, for example 11 and 15"
    assert n[10] == (11, 15)
    assert n[12] == (11, 13, 17)


def test_lots_of_different_districts_are_never_neighbours() -> None:  # ruling MS-2
    b = default_board()
    assert b.position[14][0] == b.position[20][0]
    assert abs(b.position[14][1] - b.position[20][1]) == 1
    assert 20 not in b.neighbours[14]


def test_a_building_has_a_location_when_any_of_its_lots_has_it() -> None:  # ruling MS-4
    b = default_board()
    # "An apartment building on 25, 20, 21 ... counts as ... with a view of the park."
    assert "park_view" in b.locations_of((20, 21, 25))
    assert b.locations_of((21, 22)) == frozenset()


# ------------------------------------------------------------------------------ set-up (MS-5)


@pytest.mark.parametrize(("players", "each"), [(2, 12), (3, 8), (4, 6), (5, 5)])
def test_deal_by_player_count(players: int, each: int) -> None:
    g = new_game(players=players, seed=4)
    assert g.chance is not None and g.chance.describe() == f"draw {players * each} from lots"
    g.resolve()
    for seat in range(players):
        assert sum(1 for lot in ALL_LOTS if g.s.owner[lot] == seat) == each
    assert g.chance is not None and g.chance.describe() == "draw 4 from lots"
    g.resolve()
    assert len(g.s.offer) == 4
    assert len(g.s.stack) == 80 - players * each - 4


@pytest.mark.parametrize(
    ("players", "colours"),
    [
        (2, ("white", "green")),
        (3, ("white", "green", "blue")),
        (4, ("white", "green", "blue", "yellow")),
        (5, ("white", "green", "blue", "yellow", "pink")),
    ],
)
def test_chips_per_colour_from_the_seed(players: int, colours: tuple[str, ...]) -> None:
    g = dealt(players)
    assert g.s.colours == colours
    assert g.s.chips == [CHIPS[c] - DEAL[players] for c in colours]


def test_four_players_choose_their_colours() -> None:
    g = dealt(4, colours="pink,yellow,green,white")
    assert g.s.chips == [15 - 6, 15 - 6, 30 - 6, 30 - 6]


def test_colour_option_is_checked() -> None:
    with pytest.raises(InvalidOption, match="distinct colours"):
        new_game(players=4, colours="white,white,blue,pink")
    with pytest.raises(InvalidOption, match="with 3 players the chips are white, green, blue"):
        new_game(players=3, colours="white,green,pink")
    with pytest.raises(InvalidOption, match="4 are needed"):
        new_game(players=4, colours="white,green")


def test_the_deal_is_a_chance_outcome_that_can_be_supplied() -> None:
    g = new_game(players=2, seed=0)
    with pytest.raises(IllegalAction):
        g.resolve((*range(10, 34), 99))
    g.resolve(tuple(range(10, 34)))
    assert [g.s.owner[lot] for lot in (10, 21, 22, 33)] == [0, 0, 1, 1]


def test_views_show_everything_but_the_stack_order() -> None:
    g = dealt(3)
    view = g.view(1)
    assert view["state"]["stack_size"] == len(g.s.stack)
    assert "stack" not in view["state"]
    assert g._secrets(1) == []  # the stack is drawn from at random: it has no order yet
    json.dumps(g.view(None))


def test_players_out_of_range_are_refused() -> None:
    with pytest.raises(InvalidOption, match="2 to 5"):
        new_game(players=6)
    with pytest.raises(InvalidOption, match="2 to 5"):
        new_game(players=1)


# ------------------------------------------------------------------------------ claims (MS-6)


def example_district() -> Metropolis:
    """The rulebook's example: A owns 14, B 11, C 17, D 13 in district 1."""
    return dealt(4, hands=[[14], [11], [17], [13]])


def test_claim_example_lot_without_neighbour_is_free_to_all() -> None:
    g = example_district()
    assert g.neighbour_claim(15) == (0, 1, 2, 3)  # "only lot 15 has no neighbor"


def test_claim_example_one_neighbour_only_that_neighbour() -> None:
    g = example_district()
    assert g.neighbour_claim(10) == (1,)  # "Only player B can take lot 10"
    assert g.neighbour_claim(19) == (0,)  # "and only player A can take lot 19"


def test_claim_example_several_neighbours_any_of_them() -> None:
    g = example_district()
    assert g.neighbour_claim(16) == (1, 2)  # "Lot 16 can be taken by B or C"
    assert g.neighbour_claim(18) == (2, 3)  # "lot 18 by C or D"
    assert g.neighbour_claim(12) == (1, 2, 3)  # "Lot 12 can be taken by B, C, or D"


def test_claim_example_below_the_threshold_every_lot_is_free() -> None:
    g = example_district()  # only 4 lots are occupied: free choice still applies
    assert g.s.occupied_in(1) == 4
    for lot in (10, 12, 15, 16, 18, 19):
        assert g.claimants(lot) == (0, 1, 2, 3)


def test_free_choice_up_to_the_fifth_lot_claim_from_the_sixth() -> None:
    g = dealt(3, hands=[[10, 11], [13], [19]], offer=[12, 15, 20, 21])
    assert g.s.occupied_in(1) == 4
    assert g.claimants(15) == (0, 1, 2)  # 4 occupied: the 5th lot is free to take
    own(g, 2, [18])  # now 5 occupied: the 6th lot goes by neighbours
    assert g.claimants(12) == (0, 1)  # 11 (A) and 13 (B)
    assert g.claimants(15) == (0,)  # its neighbours 10 (A) and 16 (free)
    ask_choice(g)
    assert g.to_act == 0
    legal = g.legal_actions()
    assert Take(12) in legal and Take(15) in legal
    assert Give(12, 1) in legal and Give(12, 2) not in legal


def test_equal_claims_the_seat_on_turn_decides_who_gets_the_lot() -> None:
    # the rulebook: "if it is player A's turn and lot 12 is on offer, A can give it to B, C,
    # or D"; A (seat 0) has no claim to 12 itself once 5 lots of district 1 are occupied
    g = dealt(4, hands=[[14, 19], [11], [17], [13]], offer=[12, 30, 31, 32])
    assert g.s.occupied_in(1) == 5
    legal = g.legal_actions()
    assert Take(12) not in legal
    assert {a.to for a in legal if isinstance(a, Give) and a.lot == 12} == {1, 2, 3}
    events = g.apply(Give(12, 3))
    assert g.s.owner[12] == 3
    assert any(isinstance(e, LotGiven) and not e.forced for e in events)  # 30 was free to take


def test_taking_a_lot_marks_it_with_a_chip_and_refills_the_offer() -> None:
    g = dealt(3, offer=[30, 31, 32, 33])
    chips = g.s.chips[0]
    g.apply(Take(31))
    assert g.s.owner[31] == 0 and g.s.chips[0] == chips - 1
    assert g.chance is not None and g.chance.describe() == "draw 1 from lots"
    g.resolve((40,))
    assert sorted(g.s.offer) == [30, 32, 33, 40]


def test_voluntary_give_away_to_a_seat_that_may_take_it() -> None:
    g = dealt(3, offer=[30, 31, 32, 33])
    assert Take(30) in g.legal_actions()
    events = g.apply(Give(30, 2))
    assert g.s.owner[30] == 2
    assert any(isinstance(e, LotGiven) and not e.forced for e in events)


def test_forced_give_away_when_no_offered_lot_may_be_taken() -> None:
    # district 1 has 5+ occupied lots; every offered lot neighbours only seat 1's lots
    g = dealt(3, hands=[[30], [11, 13, 17, 19], [38]], offer=[12, 18, 14, 16])
    own(g, 2, [15])
    ask_choice(g)
    legal = g.legal_actions()
    assert not any(isinstance(a, Take) for a in legal)
    assert g.prompt is not None and g.prompt.kind == "give" and "give one away" in g.prompt.text
    assert Give(12, 1) in legal and Give(12, 2) not in legal
    assert Give(16, 1) in legal and Give(16, 2) in legal  # 15 (C) and 17 (B)
    events = g.apply(Give(16, 2))
    assert any(isinstance(e, LotGiven) and e.forced for e in events)
    with pytest.raises(IllegalAction):
        g.clone().apply(Take(12))


def test_chip_exhaustion_forbids_taking_and_receiving() -> None:  # ruling MS-5
    g = dealt(3, offer=[30, 31, 32, 33])
    g.s.chips[0] = 0
    g.s.chips[2] = 0
    ask_choice(g)
    legal = g.legal_actions()
    assert not any(isinstance(a, Take) for a in legal)
    assert all(isinstance(a, Give) and a.to == 1 for a in legal)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply(Take(30))
    with pytest.raises(IllegalAction):
        g.apply(Give(30, 2))
    assert g.to_json() == before


def test_nobody_able_to_take_any_lot_skips_to_building() -> None:  # ruling MS-A2
    g = dealt(2, hands=[[20]], offer=[30, 31, 32, 33])
    g.s.chips[0] = 0
    g.s.chips[1] = 0
    start = len(g.events)
    ask_choice(g)
    assert [type(e) for e in g.events[start:]] == [ChoiceSkipped]
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "build"


def test_a_whole_round_without_progress_ends_the_game() -> None:  # ruling MS-A2
    g = dealt(2, offer=[30, 31, 32, 33])
    g.s.chips[0] = 0
    g.s.chips[1] = 0
    g.s.supply = [0] * len(g.s.supply)
    g.s.supply[0] = 1  # a house still fits, so the game does not end for that reason
    g.s.owner = [-1 if o >= 0 else o for o in g.s.owner]  # nobody owns a lot: nothing to build
    start = len(g.events)
    ask_choice(g)
    skipped = [e.seat for e in g.events[start:] if isinstance(e, ChoiceSkipped)]
    assert skipped == [0, 1]
    assert g.is_over
    assert g.result().winners == (0, 1)


def test_illegal_choice_names_what_is_allowed() -> None:
    g = dealt(3, offer=[30, 31, 32, 33])
    with pytest.raises(IllegalAction, match="legal: take 30"):
        g.apply(Take(50))
    with pytest.raises(IllegalAction, match="Player 2 is not to act: Player 1 must decide"):
        g.apply(Take(30), seat=1)


# ------------------------------------------------------------------------------ shapes (MS-3)

#: placements of each model in one district (2 rows of 5 lots, MS-1) by option ``rotation``
#: (ruling MS-A12): a domino lies in a row, or with ``free`` across the rows too; an L of three
#: lots has four orientations, two of them a half turn apart
PLACEMENTS_PER_DISTRICT = {
    "half": {
        "house": 10,
        "shop": 8,
        "school": 8,
        "apartment_l": 8,
        "apartment_j": 8,
        "office": 6,
        "factory": 4,
        "hospital_l": 6,
        "hospital_j": 6,
        "department_store": 3,
    },
    "free": {
        "house": 10,
        "shop": 13,
        "school": 13,
        "apartment_l": 16,
        "apartment_j": 16,
        "office": 6,
        "factory": 4,
        "hospital_l": 6,
        "hospital_j": 6,
        "department_store": 3,
    },
    "none": {
        "house": 10,
        "shop": 8,
        "school": 8,
        "apartment_l": 4,
        "apartment_j": 4,
        "office": 6,
        "factory": 4,
        "hospital_l": 3,
        "hospital_j": 3,
        "department_store": 3,
    },
}


@pytest.mark.parametrize(
    ("rotation", "model", "count"),
    [(rot, m, c) for rot, per in PLACEMENTS_PER_DISTRICT.items() for m, c in sorted(per.items())],
)
def test_every_shape_has_its_pinned_placement_count_in_every_district(
    rotation: str, model: str, count: int
) -> None:
    r = rules_for(None, rotation)
    mi = [m.id for m in r.models].index(model)
    for d in r.board.districts:
        places = r.placements[mi][d]
        assert len(places) == count
        assert all(lot // 10 == d for p in places for lot in p.lots)


def test_the_supply_is_the_seeds_25_buildings() -> None:
    r = rules_for(None)
    by_kind: dict[str, int] = {}
    for m in r.models:
        by_kind[m.kind] = by_kind.get(m.kind, 0) + m.count
    assert by_kind == {
        "house": 8,
        "shop": 3,
        "school": 2,
        "apartment": 4,
        "factory": 3,
        "office": 2,
        "hospital": 2,
        "department_store": 1,
    }
    assert sum(by_kind.values()) == 25


def _footprints(rotation: str, model: str, district: int = 4) -> set[tuple[int, ...]]:
    r = rules_for(None, rotation)
    return {p.lots for p in r.placements[[m.id for m in r.models].index(model)][district]}


@pytest.mark.parametrize("rotation", ["half", "free", "none"])
def test_mirrored_hospitals_do_not_fit_the_same_lots(rotation: str) -> None:  # MS-3, MS-A12
    ll, jj = _footprints(rotation, "hospital_l"), _footprints(rotation, "hospital_j")
    assert ll and jj and not ll & jj


@pytest.mark.parametrize("rotation", ["half", "none"])
def test_mirrored_apartments_do_not_fit_the_same_lots(rotation: str) -> None:  # MS-A12
    # the seed: "Both hospitals and 2 of the apartment buildings are mirror images of each
    # other and do not fit on the same lots as their counterpart."
    ll, jj = _footprints(rotation, "apartment_l"), _footprints(rotation, "apartment_j")
    assert ll and jj and not ll & jj
    models = rules_for(None, rotation).model_by_id
    assert models["apartment_l"].count == models["apartment_j"].count == 2
    assert models["apartment_l"].kind == models["apartment_j"].kind == "apartment"


def test_with_half_turns_every_l_of_three_lots_fits_one_apartment_model() -> None:  # MS-A12
    # turned around, each model covers two of the four orientations of an L: together they
    # fit every L of three lots, each on lots its counterpart does not fit
    ll, jj = _footprints("half", "apartment_l"), _footprints("half", "apartment_j")
    assert ll | jj == _footprints("free", "apartment_l")
    assert (40, 45, 46) in ll and (41, 45, 46) in jj  # the printed L and its mirror image
    assert (40, 41, 46) in ll and (40, 41, 45) in jj  # each turned around


def test_with_free_rotation_the_mirrored_apartments_share_their_footprints() -> None:
    # MS-A12: an L of three lots turned by a quarter turn is its own mirror image, so the
    # seed's sentence cannot hold with option rotation=free
    assert _footprints("free", "apartment_l") == _footprints("free", "apartment_j")
    shape = ((0, 0), (1, 0), (1, 1))
    mirror = ((0, 1), (1, 0), (1, 1))
    assert set(rotations(shape)) == set(rotations(mirror))
    assert not set(rotations(shape, TURNS["half"])) & set(rotations(mirror, TURNS["half"]))


@pytest.mark.parametrize(
    ("rotation", "vertical_shop", "turned_apartment"),
    [("half", False, True), ("free", True, True), ("none", False, False)],
)
def test_option_rotation_decides_which_placements_are_legal(
    rotation: str, vertical_shop: bool, turned_apartment: bool
) -> None:  # MS-A12
    g = dealt(3, hands=[[40, 41, 45, 46, 20]], offer=[30, 31, 32, 33], rotation=rotation)
    g.apply(Take(30))
    g.resolve((34,))
    legal = g.legal_actions()
    assert Build("shop", (40, 41)) in legal  # as printed: in a row
    assert (Build("shop", (40, 45)) in legal) is vertical_shop  # a quarter turn
    assert Build("apartment_l", (40, 45, 46)) in legal  # as printed
    assert (Build("apartment_l", (40, 41, 46)) in legal) is turned_apartment  # a half turn
    assert (Build("apartment_j", (40, 45, 46)) in legal) is (rotation == "free")  # mirrored
    before = g.to_json()
    if not vertical_shop:
        with pytest.raises(IllegalAction, match="not legal"):
            g.apply(Build("shop", (40, 45)))
        assert g.to_json() == before


def test_option_rotation_is_checked() -> None:
    with pytest.raises(InvalidOption, match="rotation"):
        new_game(players=3, rotation="quarter")


# ------------------------------------------------------------------------------ building (MS-7)


def build_position(players: int = 3) -> Metropolis:
    """Seat 0 on turn, about to build; it owns 40, 41, 45, 46 and 20."""
    g = dealt(players, hands=[[40, 41, 45, 46, 20]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    return g


def test_building_needs_own_lots_in_the_shape() -> None:
    g = build_position()
    legal = g.legal_actions()
    assert g.prompt is not None and g.prompt.kind == "build"
    assert Build("factory", (40, 41, 45, 46)) in legal
    assert Build("house", (20,)) in legal
    assert Build("shop", (40, 41)) in legal
    assert Build("shop", (20, 21)) not in legal  # 21 is not seat 0's
    assert Build("office", (40, 41, 42)) not in legal
    assert Pass() in legal


def test_building_moves_chips_and_takes_the_model_from_supply() -> None:
    g = build_position()
    chips = g.s.chips[0]
    events = g.apply(Build("factory", (40, 41, 45, 46)))
    put = [e for e in events if isinstance(e, BuildingPut)]
    assert put and put[0].shares == ((0, 4),)
    assert g.s.chips[0] == chips + 4 - 1  # chips off the lots, one on the building
    assert g.view()["state"]["supply"]["factory"] == 2
    assert all(g.s.building_at[lot] == 0 for lot in (40, 41, 45, 46))


def test_a_building_type_no_longer_in_supply_cannot_be_built() -> None:
    g = build_position()
    g.s.supply[[m.id for m in g.r.models].index("factory")] = 0
    ask_build(g)
    assert not any(isinstance(a, Build) and a.model == "factory" for a in g.legal_actions())


def test_no_school_or_hospital_with_a_factory_and_vice_versa() -> None:
    g = build_position()
    own(g, 1, [43, 44, 48, 49])
    g.put_up(1, "factory", (43, 44, 48, 49))
    ask_build(g)
    models = {a.model for a in g.legal_actions() if isinstance(a, Build) and a.lots[0] // 10 == 4}
    assert "school" not in models and "hospital_l" not in models
    assert "shop" in models and "factory" in models
    # and the other way round: a school keeps factories out
    g2 = build_position()
    own(g2, 1, [43, 44])
    g2.put_up(1, "school", (43, 44))
    ask_build(g2)
    models = {a.model for a in g2.legal_actions() if isinstance(a, Build) and a.lots[0] // 10 == 4}
    assert "factory" not in models and "school" in models


def test_buildings_are_permanent_no_building_on_built_lots() -> None:
    g = build_position()
    g.apply(Build("factory", (40, 41, 45, 46)))
    for lot in (40, 41, 45, 46):
        assert g.s.owner[lot] == 0 and g.s.building_at[lot] == 0
    g.s.turn = 0  # seat 0 again, to look for a building on the same lots
    ask_build(g)
    assert not any(
        isinstance(a, Build) and set(a.lots) & {40, 41, 45, 46} for a in g.legal_actions()
    )


def test_only_the_seat_on_turn_builds_once_after_choosing() -> None:
    g = build_position()
    g.apply(Build("house", (20,)))
    assert g.to_act == 1
    assert g.prompt is not None and g.prompt.kind in ("take", "give")


def test_pooling_a_four_lot_building_needs_the_partners_yes() -> None:  # ruling MS-7
    g = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    pooled = Build("factory", (40, 41, 45, 46))
    assert pooled in g.legal_actions()
    g.apply(pooled)
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "pool"
    events = g.apply(Accept())
    put = next(e for e in events if isinstance(e, BuildingPut))
    assert put.owner == 0 and put.shares == ((0, 3), (1, 1))
    assert all(g.s.owner[lot] == 0 for lot in (40, 41, 45, 46))


def test_a_declined_pool_changes_nothing_and_the_builder_goes_on() -> None:
    g = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    before_owner = list(g.s.owner)
    g.apply(Build("factory", (40, 41, 45, 46)))
    g.apply(Decline())
    assert g.s.owner == before_owner and not g.s.buildings
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "build"


def test_declined_pools_are_bounded_per_turn() -> None:  # ruling MS-A4
    g = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33], pool_proposals=1)
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    g.apply(Decline())
    assert Build("factory", (40, 41, 45, 46)) not in g.legal_actions()


def test_only_four_and_six_lot_buildings_may_be_pooled() -> None:
    g = dealt(3, hands=[[40, 41], [45, 42]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    legal = g.legal_actions()
    assert Build("apartment", (40, 41, 45)) not in legal
    assert Build("office", (40, 41, 42)) not in legal
    assert Build("shop", (40, 41)) in legal


def test_pooling_needs_a_lot_of_the_seat_on_turn() -> None:
    g = dealt(3, hands=[[20], [40, 41], [45, 46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    assert Build("factory", (40, 41, 45, 46)) not in g.legal_actions()


def test_pool_with_two_partners_asks_each() -> None:
    g = dealt(3, hands=[[40, 41], [45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    assert g.to_act == 1
    g.apply(Accept())
    assert g.to_act == 2
    events = g.apply(Accept())
    put = next(e for e in events if isinstance(e, BuildingPut))
    assert put.shares == ((0, 2), (1, 1), (2, 1))


def test_pooled_value_split_by_lots_rounded_down_rest_to_builder() -> None:  # ruling MS-7
    b = Building("factory", "factory", (40, 41, 45, 46), 0, ((0, 3), (1, 1)))
    assert split_value(11, b) == [(0, 9), (1, 2)]  # 11*3//4 = 8, 11//4 = 2, rest 1 to seat 0
    b2 = Building(
        "department_store", "department_store", (40, 41, 42, 45, 46, 47), 1, ((0, 1), (1, 5))
    )
    assert split_value(20, b2) == [(0, 3), (1, 17)]


# ------------------------------------------------------------------------------ chart (MS-4)


def value(kind: str, lots: tuple[int, ...], others: Sequence[tuple[str, tuple[int, ...]]]) -> int:
    r = rules_for(None)
    bs = [Building(kind, kind, lots, 0, ((0, len(lots)),))]
    bs += [Building(k, k, ls, 1, ((1, len(ls)),)) for k, ls in others]
    return values_of(r, bs)[0]


def test_chart_house() -> None:
    assert value("house", (21,), []) == 2
    assert value("house", (15,), []) == 4  # park view +2
    assert value("house", (21,), [("school", (22, 23)), ("shop", (27, 28))]) == 2 + 2 + 1
    assert value("house", (21,), [("factory", (23, 24, 28, 29))]) == 0  # 2-2
    assert value("house", (21,), [("factory", (23, 24, 28, 29)), ("house", (26,))]) == 0


def test_chart_values_never_go_below_zero() -> None:
    two_factories = [("factory", (11, 12, 16, 17)), ("factory", (13, 14, 18, 19))]
    assert value("house", (10,), two_factories) == 0


@pytest.mark.parametrize(
    "options",
    [{}, {"rotation": "free", "pool_proposals": 5}, {"trade_proposals": 0, "rotation": "none"}],
)
def test_a_building_event_holds_its_value_and_the_values_it_changed(
    options: dict[str, object],
) -> None:  # ruling MS-4
    """``BuildingPut.value`` and ``revalued`` (issue 23: what putting it up caused) are what
    ``values_of`` gives over the buildings standing before and after, in random games."""
    for players in (2, 3, 4, 5):
        g = new_game(players=players, seed=40 + players, **options)
        play(g, [RandomBot(players * 10 + s) for s in range(players)])
        standing: list[Building] = []
        for e in g.events:
            if not isinstance(e, BuildingPut):
                continue
            before = values_of(g.r, standing)
            standing.append(Building(e.model, e.kind, e.lots, e.owner, e.shares))
            after = values_of(g.r, standing)
            assert e.value == after[-1]
            assert e.revalued == tuple(
                (b.lots, b.kind, b.owner, was, now)
                for b, was, now in zip(standing, before, after, strict=False)
                if was != now
            )
        assert any(e.revalued for e in g.events if isinstance(e, BuildingPut))


def test_chart_shop() -> None:
    assert value("shop", (21, 22), []) == 4
    assert value("shop", (41, 42), []) == 6  # centre +2
    assert value("shop", (21, 22), [("house", (23,)), ("apartment", (25, 26, 20))]) == 4 + 1 + 2
    assert value("shop", (21, 22), [("shop", (23, 24))]) == 3


def test_chart_school() -> None:
    assert value("school", (21, 22), [("house", (23,)), ("apartment", (24, 29, 28))]) == 7


def test_chart_apartment() -> None:
    assert value("apartment", (20, 21, 25), []) == 9  # the rulebook's park-view example
    others = [("school", (22, 23)), ("shop", (27, 28)), ("factory", (33, 34, 38, 39))]
    assert value("apartment", (31, 35, 36), [*others[:2], ("factory", (33, 34, 38, 39))]) == 6 - 2
    assert value("apartment", (20, 21, 25), others[:2]) == 9 + 1 + 1
    assert value("apartment", (20, 21, 26), others[:2]) == 6 + 1 + 1


def test_chart_office() -> None:
    assert value("office", (21, 22, 23), []) == 7
    assert value("office", (40, 41, 42), []) == 10  # centre +3
    ds = ("department_store", (45, 46, 47, 48, 49, 44))
    assert value("office", (40, 41, 42), [("shop", (43, 44)), ds]) == 10 + 1 + 2


def test_chart_factory() -> None:
    assert value("factory", (21, 22, 26, 27), []) == 8
    assert value("factory", (70, 71, 75, 76), []) == 11  # river +3
    assert value("factory", (21, 22, 26, 27), [("factory", (23, 24, 28, 29))]) == 10


def test_chart_hospital() -> None:
    assert value("hospital", (10, 15, 16, 17), []) == 12  # park view +2
    assert (
        value("hospital", (21, 26, 27, 28), [("house", (20,)), ("apartment", (23, 24, 29))]) == 12
    )


def test_chart_department_store() -> None:
    assert value("department_store", (20, 21, 22, 25, 26, 27), []) == 15
    assert value("department_store", (40, 41, 42, 45, 46, 47), []) == 20  # centre +5
    assert (
        value(
            "department_store",
            (20, 21, 22, 25, 26, 27),
            [
                ("house", (23,)),
                ("apartment", (24, 28, 29)),
            ],
        )
        == 17
    )
    office = [("office", (43, 44, 48))]
    assert value("department_store", (40, 41, 42, 45, 46, 47), office) == 21


def test_chart_option_replaces_the_chart_and_travels_in_the_save() -> None:
    data = json.loads((DATA_DIR / "chart.json").read_text())
    data["kinds"]["house"]["base"] = 50
    g = new_game(players=3, seed=1, chart=data)
    assert g.r.chart.rows["house"].base == 50
    data["kinds"]["house"]["base"] = 99  # the game holds its own copy
    assert g.r.chart.rows["house"].base == 50
    play(g, [RandomBot(s) for s in range(3)])
    again = load(g.to_json())  # the chart is in the save itself, not a file beside it
    assert isinstance(again, Metropolis) and again.to_json() == g.to_json()
    assert again.r.chart.rows["house"].base == 50


def test_chart_option_errors_are_clear() -> None:
    data = json.loads((DATA_DIR / "chart.json").read_text())
    del data["kinds"]["shop"]
    with pytest.raises(InvalidOption, match=r"kinds missing \['shop'\]"):
        new_game(players=3, chart=data)
    data = json.loads((DATA_DIR / "chart.json").read_text())
    data["kinds"]["shop"]["location"] = {"beach": 2}
    with pytest.raises(InvalidOption, match="location keys"):
        new_game(players=3, chart=data)
    data = json.loads((DATA_DIR / "chart.json").read_text())
    data["kinds"]["shop"]["forbidden"] = [["house"]]
    with pytest.raises(InvalidOption, match="forbidden must be a list of building kinds"):
        new_game(players=3, chart=data)
    with pytest.raises(InvalidOption, match="no 'kinds' object"):
        new_game(players=3, chart=7)


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/stdin", "/etc/passwd", "chart.json"])
def test_a_chart_option_never_names_a_file(path: str) -> None:
    """Issue 21: a rule option is data; a path from a request or a save is refused unread."""
    with pytest.raises(InvalidOption, match="not a file name") as caught:
        new_game(players=3, chart=path)
    assert path not in str(caught.value)  # nor does the message tell whether it exists


# ------------------------------------------------------------------------------ end (MS-8)


def test_all_lots_out_gives_every_seat_one_last_building_turn() -> None:
    g = dealt(2, offer=[30, 31, 32, 33])
    own(g, 0, [lot for lot in g.s.stack if lot // 10 in (1, 2, 3)])
    own(g, 1, [lot for lot in list(g.s.stack)])
    offer(g, [30, 31, 32, 33])
    g.s.stack = []
    g.s.offer = [30]
    g.s.chips = [5, 5]
    ask_choice(g)  # 30, the last lot, neighbours only seat 0's lots: its one choice is taken
    assert g.events[-2:] == [ActionForced(0, Take(30)), LotTaken(0, 30)]  # ruling MS-A14
    assert g.prompt is not None and g.prompt.kind == "build"  # the last lot: no refill
    events = g.apply(Pass())
    assert any(isinstance(e, FinalRound) and e.first == 1 for e in events)
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "build"
    g.apply(Build("house", (g.s.unbuilt_of(1)[0],)))
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "build"
    g.apply(Pass())
    assert g.is_over


def test_the_game_ends_early_when_no_building_fits() -> None:
    g = build_position()
    g.s.supply = [0] * len(g.s.supply)
    g.s.supply[[m.id for m in g.r.models].index("house")] = 1
    ask_build(g)
    g.apply(Build("house", (20,)))  # the last building in the supply
    assert g.is_over
    assert g.result().scores[0] == 2


def test_highest_total_wins_and_ties_share() -> None:
    g = build_position()
    g.s.supply = [0] * len(g.s.supply)
    ask_build(g)  # nothing can be built any more: the game ends at once
    assert g.is_over
    assert g.result().winners == (0, 1, 2)


def test_final_scores_credit_every_building() -> None:
    g = build_position()
    g.apply(Build("factory", (40, 41, 45, 46)))  # centre has no factory bonus; river 45, 46
    assert g.view()["state"]["scores"][0] == 11
