"""A rules audit of Metropolis: the seed's sentences and rulings the other tests did not name."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from common import IllegalAction, InvalidOption, RandomBot
from common.testing import check_game
from metropolis_lots import Accept, Build, Give, LotGiven, Metropolis, Pass, Take, new_game
from metropolis_lots.rules import split_value
from metropolis_lots.state import NO_ONE, Building
from tests.metropolis_lots.helpers import ask_build, ask_choice, dealt, own
from tests.metropolis_lots.test_conformance import _candidates
from tests.tiers import slow


def put_houses(g: Metropolis, lots: Iterable[int], seat: int = 1) -> None:
    """A house on each lot, by its owner (a free lot becomes ``seat``'s first)."""
    for lot in lots:
        if g.s.owner[lot] == NO_ONE:
            own(g, seat, [lot])
        g.put_up(g.s.owner[lot], "house", (lot,))


def only_in_supply(g: Metropolis, **left: int) -> None:
    """Empty the supply but for these models."""
    g.s.supply = [left.get(m.id, 0) for m in g.r.models]


# ------------------------------------------------------------------------------ turn order


def test_seat_zero_goes_first_and_turns_go_clockwise() -> None:  # ruling MS-A1
    g = dealt(3, offer=[30, 31, 32, 33])
    order = []
    for lot in (34, 35, 36):
        order.append(g.to_act)
        g.apply(Take(min(g.s.offer)))
        g.resolve((lot,))
        g.apply(Pass())
    assert order == [0, 1, 2] and g.to_act == 0


# ------------------------------------------------------------------------------ set-up (MS-5)


def test_three_and_five_players_may_say_which_seat_gets_which_colour() -> None:  # MS-A8
    # the seed gives 3 players white, green and blue (20 chips) but not who gets which
    assert dealt(3).s.chips == [30 - 8, 30 - 8, 20 - 8]
    assert dealt(3, colours="blue,white,green").s.chips == [20 - 8, 30 - 8, 30 - 8]
    g = dealt(5, colours="pink,yellow,blue,green,white")
    assert g.s.chips == [15 - 5, 15 - 5, 20 - 5, 30 - 5, 30 - 5]
    with pytest.raises(InvalidOption, match="3 are needed"):
        new_game(players=3, colours="white,green")


# ------------------------------------------------------------------------------ claims (MS-6)


def test_claim_majority_of_the_neighbouring_lots_does_not_matter() -> None:
    # "It does not matter whether a player owns the majority of the neighboring lots."
    g = dealt(3, hands=[[11, 17], [15], [14, 19]])
    assert g.s.occupied_in(1) == 5
    assert g.claimants(16) == (0, 1)  # 11 and 17 (A) against 15 (B): both may take it


def test_lots_under_a_building_count_as_occupied_and_claim_for_its_owner() -> None:
    # ruling MS-A3: the building's chip marks every lot under it
    g = dealt(3, hands=[[40, 41, 45, 46, 20]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    own(g, 2, [49])
    assert g.s.occupied_in(4) == 5  # four built lots and 49: the claim rule applies
    assert g.claimants(47) == (0,)  # next to 46, under seat 0's factory
    assert g.claimants(43) == (0, 1, 2)  # no owned neighbour: free to anyone


def test_pooled_lots_give_the_claim_to_the_builder_not_the_partner() -> None:  # MS-A3
    g = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    g.apply(Accept())
    own(g, 2, [49])
    assert g.claimants(47) == (0,)  # 46 was seat 1's, now under seat 0's building


def test_a_given_lot_is_marked_with_the_receivers_chip() -> None:
    # "The lot card is handed to the chosen player, who marks the lot with a chip of their colour."
    g = dealt(3, offer=[30, 31, 32, 33])
    before = list(g.s.chips)
    events = g.apply(Give(30, 1))
    assert any(isinstance(e, LotGiven) and e.to == 1 for e in events)
    assert g.s.owner[30] == 1
    assert g.s.chips == [before[0], before[1] - 1, before[2]]


def test_a_lot_whose_only_claimants_have_no_chips_cannot_go_to_anyone() -> None:  # MS-5, MS-6
    g = dealt(3, hands=[[11, 13], [15], [19, 14]], offer=[12, 30, 31, 32])
    assert g.s.occupied_in(1) == 5
    g.s.chips[0] = 0
    g._memo_key = None
    assert g.claimants(12) == (0,)  # 11 and 13 are seat 0's
    assert not any(getattr(a, "lot", None) == 12 for a in g.legal_actions())


# ------------------------------------------------------------------------------ building (MS-7)


def test_a_hospital_keeps_factories_out_of_its_district() -> None:  # "and vice versa"
    g = dealt(3, hands=[[40, 41, 45, 46, 20], [42, 43, 44, 47]], offer=[30, 31, 32, 33])
    g.put_up(1, "hospital_l", (42, 43, 44, 47))
    g.apply(Take(30))
    g.resolve((34,))
    legal = g.legal_actions()
    assert Build("factory", (40, 41, 45, 46)) not in legal
    assert Build("shop", (40, 41)) in legal


def test_pooling_frees_every_partners_chips_and_the_builder_marks_the_building() -> None:
    # MS-5: chips come off the lots (back to their owners), one of the builder's on the building
    g = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    before = list(g.s.chips)
    g.apply(Build("factory", (40, 41, 45, 46)))
    g.apply(Accept())
    assert g.s.chips == [before[0] + 3 - 1, before[1] + 1, before[2]]


def test_pooled_value_split_three_ways_rest_to_the_builder() -> None:  # ruling MS-7
    b = Building(
        "department_store",
        "department_store",
        (40, 41, 42, 45, 46, 47),
        1,
        ((0, 2), (1, 2), (2, 2)),
    )
    assert split_value(20, b) == [(0, 6), (1, 8), (2, 6)]  # 20*2//6 = 6 each, 2 left over


# ------------------------------------------------------------------------------ end (MS-8)


def test_the_game_ends_early_when_the_remaining_buildings_no_longer_fit() -> None:
    # only the department store (2x3) is left and a house stands in the middle column of
    # every district: it fits nowhere, so the game ends though lots are still in the stack
    g = dealt(3, hands=[[20]], offer=[30, 31, 33, 34])
    put_houses(g, [d * 10 + 2 for d in range(1, 9)])
    only_in_supply(g, department_store=1)
    g.apply(Take(30))
    g.resolve((35,))
    assert g.is_over and g.s.stack


def test_the_game_goes_on_while_a_remaining_building_still_fits() -> None:
    g = dealt(3, hands=[[20]], offer=[30, 31, 33, 34])
    put_houses(g, [d * 10 + 2 for d in range(1, 8)])  # district 8 keeps a free 2x3 block
    only_in_supply(g, department_store=1)
    g.apply(Take(30))
    g.resolve((35,))
    assert not g.is_over


def test_a_no_pair_can_be_why_nothing_fits_any_more() -> None:  # MS-4 "No", MS-8
    # only a school is left; districts 3-8 are built up; districts 1 and 2 each hold a
    # factory, so the school fits on their free lots but is not allowed there
    g = dealt(3, hands=[[10, 11, 15, 16], [20, 21, 25, 26]], offer=[])
    g.put_up(0, "factory", (10, 11, 15, 16))
    g.put_up(1, "factory", (20, 21, 25, 26))
    put_houses(g, [lot for lot in range(30, 90) if g.s.building_at[lot] == NO_ONE])
    only_in_supply(g, school=1)
    assert not g._any_building_fits()
    g2 = dealt(3, hands=[[10, 11, 15, 16], [20, 21, 25, 26]], offer=[])
    g2.put_up(0, "factory", (10, 11, 15, 16))
    g2.put_up(1, "shop", (20, 21))  # no factory in district 2: the school fits there
    put_houses(g2, [lot for lot in range(30, 90) if g2.s.building_at[lot] == NO_ONE])
    only_in_supply(g2, school=1)
    assert g2._any_building_fits()


def test_in_the_final_round_a_seat_with_nothing_to_build_is_skipped() -> None:  # MS-A2, MS-A6
    g = dealt(2, hands=[[], [20]], offer=[30])
    g.s.stack = []
    g.s.offer = []  # every lot is out
    only_in_supply(g, house=1)
    for lot in range(10, 90):
        if g.s.owner[lot] == 0:
            g.s.owner[lot] = NO_ONE  # seat 0 owns nothing: it cannot build
    ask_build(g)  # seat 0, whose last lot choice is over
    assert g.s.final_left == 2 and g.to_act == 1  # the final round: seat 1 first
    g.apply(Build("house", (20,)))
    assert g.is_over  # the supply is empty now: the game ends early


# ------------------------------------------------------------------------------ give-away (MS-A10)


def test_giving_away_a_lot_one_may_take_oneself_is_allowed_by_default() -> None:  # MS-A10
    # "When two players have equal claim, whoever's turn it is decides"; below 5 occupied
    # lots everyone has a claim, so the seat on turn decides who gets the lot
    g = dealt(3, offer=[30, 31, 32, 33])
    assert Take(30) in g.legal_actions() and Give(30, 2) in g.legal_actions()
    g.apply(Give(30, 2))
    assert g.s.owner[30] == 2


def test_strict_reading_gives_away_only_lots_without_own_claim() -> None:  # MS-A10
    # "Whoever's turn it is may also choose a lot to which they themselves have no claim.
    # They must then give it away" - read strictly, with option give_claimed=false
    g = dealt(4, hands=[[14, 19], [11], [17], [13]], offer=[12, 30, 31, 32], give_claimed=False)
    legal = g.legal_actions()
    assert Take(30) in legal and not any(isinstance(a, Give) and a.lot == 30 for a in legal)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply(Give(30, 2))
    assert g.to_json() == before
    # lot 12 (5 occupied lots in district 1; neighbours B, C, D): A has no claim, gives it
    assert {a.to for a in legal if isinstance(a, Give) and a.lot == 12} == {1, 2, 3}
    events = g.apply(Give(12, 2))
    assert any(isinstance(e, LotGiven) and not e.forced for e in events)


def test_strict_reading_still_lets_a_seat_without_chips_give_away() -> None:  # MS-5, MS-A10
    g = dealt(3, offer=[30, 31, 32, 33], give_claimed=False)
    g.s.chips[0] = 0
    ask_choice(g)
    legal = g.legal_actions()
    assert legal and all(isinstance(a, Give) for a in legal)
    assert Give(30, 1) in legal and Give(30, 2) in legal


@slow
def test_the_other_readings_play_by_the_core_contract() -> None:  # MS-A6, MS-A10
    games = check_game(
        lambda s: new_game(players=2 + s % 4, seed=s, give_claimed=False, final_round="others"),
        games=2,
        seed=70,
        deep_games=1,
    )
    assert all(g.is_over for g in games)
    g = new_game(players=3, seed=5, give_claimed=False)
    bot = RandomBot(5)
    step = 0
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        step += 1
        if step % 9 == 0:
            listed = set(g.legal_actions())
            for a in _candidates(g):
                assert g.is_legal(a) == (a in listed), (step, a)  # type: ignore[arg-type]
        assert g.to_act is not None
        g.apply(bot.choose(g, g.to_act))


# ------------------------------------------------------------------------------ final round (MS-A6)


def last_lot_position(**options: Any) -> Metropolis:
    """Two players; seat 0 is about to choose lot 30, the last lot of the game."""
    g = dealt(2, offer=[30, 31, 32, 33], **options)
    own(g, 0, [lot for lot in g.s.stack if lot // 10 in (1, 2, 3)])
    own(g, 1, list(g.s.stack))
    own(g, 1, [31, 32, 33])
    g.s.stack = []
    g.s.chips = [5, 5]
    ask_choice(g)
    return g


def test_final_round_every_seat_gets_one_more_turn_by_default() -> None:  # MS-8, MS-A6
    g = last_lot_position()
    g.apply(Take(30))
    g.apply(Pass())  # seat 0 built (or not) after the last lot went out
    assert g.to_act == 1
    g.apply(Pass())
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "build"
    g.apply(Pass())
    assert g.is_over


def test_final_round_option_others_does_not_ask_the_last_lots_seat_again() -> None:  # MS-A6
    g = last_lot_position(final_round="others")
    g.apply(Take(30))
    g.apply(Pass())
    assert g.to_act == 1 and g.s.final_left == 1
    g.apply(Pass())
    assert g.is_over
