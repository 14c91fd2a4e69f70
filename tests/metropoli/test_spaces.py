"""Each space of the track (seed "Game Actions", "Bridges", "Other Spaces")."""

from __future__ import annotations

import pytest

from common import IllegalAction
from metropoli import (
    Bid,
    Cross,
    Done,
    FreeBlock,
    GoTo,
    Metropoli,
    Pass,
    Preempt,
    Roll,
    Steps,
)
from metropoli.data import BOARD as B
from metropoli.events import AuctionOpened, CardRead, Moved, PlayerLeft
from tests.metropoli.helpers import clear_owners, land, pass_stop, payments, started


def test_a_free_street_is_auctioned() -> None:
    g = started()
    clear_owners(g)
    land(g, 6)
    assert any(isinstance(e, AuctionOpened) and e.space == 6 for e in g.events)
    assert g.prompt is not None and g.prompt.kind == "bid" and g.to_act == 1


def test_own_street_gives_one_free_block_on_its_three_areas() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[7] = 0
    land(g, 7)
    assert {a.area for a in g.legal_actions() if isinstance(a, FreeBlock)} == set(B.street_areas[7])
    cash = g.s.cash[0]
    g.apply(FreeBlock(B.street_areas[7][0]))
    assert g.s.cash[0] == cash and g.s.heights[B.street_areas[7][0]] == 1
    assert g.prompt is not None and g.prompt.kind == "build"


def test_la_borsa_pays_250000_passing_and_500000_landing() -> None:
    g = started()
    clear_owners(g)
    start = len(g.events)
    land(g, 0)
    assert payments(g, start) == [(None, 0, 500_000, "borsa")]
    g.apply(Done())
    start = len(g.events)
    land(g, 3)  # seat 1 passes La Borsa
    assert (None, 1, 250_000, "borsa") in payments(g, start)


def test_la_borsa_pays_nothing_in_the_first_round() -> None:
    g = started()
    clear_owners(g)
    start = len(g.events)
    land(g, 0, not_first_round=False)  # ruling MI-12
    assert payments(g, start) == []


def test_first_round_borsa_option_pays_from_the_start() -> None:
    g = started(first_round_borsa=True)
    clear_owners(g)
    start = len(g.events)
    land(g, 0, not_first_round=False)
    assert payments(g, start) == [(None, 0, 500_000, "borsa")]


def test_court_fines_10000_per_pip_of_the_roll() -> None:
    g = started()
    land(g, 10, total=9)
    assert (0, None, 90_000, "fine") in payments(g)


def test_motorway_reads_two_dice_as_an_exit_and_does_not_pass_la_borsa() -> None:
    g = started()
    clear_owners(g)
    land(g, 20)
    assert g.chance is not None and g.chance.describe() == "dice 2 (motorway exit: Player 1)"
    start = len(g.events)
    g.resolve((5, 6))
    pass_stop(g)
    assert B.exit_of[33] == 56
    assert Moved(0, 20, 33, "motorway") in g.events[start:]
    assert not payments(g, start)
    assert g.prompt is not None and g.prompt.kind == "bid"  # free street 33 is auctioned


def test_motorway_exits_cover_every_non_corner_space_once() -> None:
    assert sorted(B.exits) == [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    assert {B.kinds[s] for s in B.exits.values()} == {"street", "bridge", "metropoli"}


def test_municipality_moves_to_a_free_concession_for_auction() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[1] = 2
    land(g, 30)
    gos = {a.space for a in g.legal_actions() if isinstance(a, GoTo)}
    assert 1 not in gos and 9 in gos and 35 in gos
    start = len(g.events)
    g.apply(GoTo(9))
    pass_stop(g)
    assert Moved(0, 30, 9, "municipality") in g.events[start:]
    assert not payments(g, start)
    assert g.prompt is not None and g.prompt.kind == "bid"


def test_municipality_places_a_free_block_anywhere() -> None:
    g = started()
    land(g, 30)
    cash = g.s.cash[0]
    g.apply(FreeBlock(20))
    assert g.s.heights[20] == 1 and g.s.cash[0] == cash


def test_metropoli_card_is_read_and_goes_to_the_bottom() -> None:
    g = started(deck=("collect_500k", *(c for c in started().cards if c != "collect_500k")))
    land(g, 8)
    assert any(isinstance(e, CardRead) and e.card == "collect_500k" for e in g.events)
    assert g.s.deck[-1] == "collect_500k" and len(g.s.deck) == 22
    assert (None, 0, 500_000, "card") in payments(g)


def test_card_pay_each_other_player() -> None:
    order = ("pay_each", *(c for c in started().cards if c != "pay_each"))
    g = started(deck=order)
    land(g, 8)
    got = payments(g)
    assert [(0, x, 50_000, "card") for x in (1, 2, 3)] == [p for p in got if p[3] == "card"]


def test_card_advance_to_nearest_bridge_passes_la_borsa() -> None:
    order = ("advance_bridge_1", *(c for c in started().cards if c != "advance_bridge_1"))
    g = started(deck=order)
    clear_owners(g)
    land(g, 38)
    assert g.s.pos[0] == 5
    assert (None, 0, 250_000, "borsa") in payments(g)


def test_bridge_toll_is_100000_per_bridge_of_the_owner_then_crossing_is_optional() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[5] = g.s.owner[15] = g.s.owner[35] = 2
    land(g, 5)
    assert (0, 2, 300_000, "toll") in payments(g)
    assert list(g.legal_actions()) == [Cross(), Pass()]
    g.apply(Cross())
    assert g.s.pos[0] == 25  # Broadway joins bridges 5 and 25
    assert g.prompt is not None and g.prompt.kind == "bid"  # free arrival bridge: auction


def test_crossing_to_an_owned_bridge_pays_no_toll_there() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[15] = 0
    g.s.owner[35] = 1
    land(g, 15)
    start = len(g.events)
    g.apply(Cross())  # own bridge: free crossing along Main Street
    assert g.s.pos[0] == 35 and not payments(g, start)
    assert g.prompt is not None and g.prompt.kind == "build"


def _buy_bridge_5(*, cross_bought_bridge: bool = True) -> Metropoli:
    """The player on turn lands on free bridge 5 and wins its auction (no raise, MI-A17)."""
    g = started(cross_bought_bridge=cross_bought_bridge)
    clear_owners(g)
    land(g, 5)
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Bid(50_000))
    assert g.s.owner[5] == 0
    return g


def test_mi_a28_the_buyer_of_the_bridge_one_stands_on_may_cross_it() -> None:
    """Seed "Bridges": "The space corresponds to a Bridge owned by the player whose turn it
    is. The player may decide to cross the city" (ruling MI-A28)."""
    g = _buy_bridge_5()
    assert g.prompt is not None and g.prompt.kind == "cross"
    assert list(g.legal_actions()) == [Cross(), Pass()]
    start = len(g.events)
    g.apply(Cross())
    assert Moved(0, 5, 25, "bridge") in g.events[start:]
    assert g.prompt is not None and g.prompt.kind == "bid"  # free arrival bridge 25: auction
    for _ in range(3):
        g.apply(Pass())
    g.apply(Bid(50_000))  # bought too, but the token came by crossing: no crossing back
    assert g.s.owner[25] == 0
    assert g.prompt is not None and g.prompt.kind == "build"


def test_mi_a28_staying_on_the_bought_bridge_goes_on_to_the_building_step() -> None:
    g = _buy_bridge_5()
    g.apply(Pass())
    assert g.s.pos[0] == 5 and g.prompt is not None and g.prompt.kind == "build"


def test_mi_13_option_a_bridge_bought_at_auction_is_not_crossed_this_turn() -> None:
    # ruling MI-13's reading, kept as cross_bought_bridge=False (ruling MI-A28)
    g = _buy_bridge_5(cross_bought_bridge=False)
    assert g.prompt is not None and g.prompt.kind == "build"


def test_mi_a28_a_bridge_bought_by_another_player_gives_no_crossing() -> None:
    g = started()
    clear_owners(g)
    land(g, 5)
    g.apply(Bid(50_000))  # seat 1
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())  # the active player passes
    g.apply(Pass())  # the winner keeps the price
    g.apply(Pass())  # the active player does not pre-empt
    assert g.s.owner[5] == 1 and g.prompt is not None and g.prompt.kind == "build"


def test_mi_a28_pre_empting_the_bridge_one_stands_on_also_lets_one_cross() -> None:
    g = started()
    clear_owners(g)
    land(g, 5)
    g.apply(Bid(50_000))  # seat 1
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Preempt())
    assert g.s.owner[5] == 0 and g.prompt is not None and g.prompt.kind == "cross"


def test_triple_lets_the_player_choose_1_to_40_spaces() -> None:
    g = started()
    clear_owners(g)
    g.apply(Roll())
    g.resolve((2, 2, 2))
    assert list(g.legal_actions()) == [Steps(n) for n in range(1, 41)]
    with pytest.raises(IllegalAction):
        g.apply(Steps(41))
    g.apply(Steps(30))
    assert g.s.pos[0] == 30


def test_court_after_a_triple_uses_the_dice_total() -> None:
    g = started()
    g.apply(Roll())
    g.resolve((3, 3, 3))
    g.apply(Steps(10))
    assert (0, None, 90_000, "fine") in payments(g)


def test_final_phase_player_leaves_on_passing_the_motorway() -> None:
    g = started()
    clear_owners(g)
    g.s.final = True
    land(g, 22, total=5)  # from 17, passing 20
    assert PlayerLeft(0, "motorway") in g.events
    assert g.s.status[0] == "left" and g.s.pos[0] == 20
    assert g.to_act == 1  # the turn passed at once


def test_skip_declines_a_free_block() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[7] = 0
    land(g, 7)
    g.apply(Pass())
    assert sum(g.s.heights) == 0


def test_waive_gives_the_concession_to_the_winner() -> None:
    g = started()
    clear_owners(g)
    land(g, 6)
    g.apply(Bid(100_000))
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())
    assert g.s.owner[6] == 1
