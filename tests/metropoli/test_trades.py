"""Trades (MI-18): any cash sum in the money unit (ruling MI-A2, core ruling CORE-5) and the
stop to trade after the move, before the space acts (ruling MI-A15)."""

from __future__ import annotations

import pytest

from common import IllegalAction
from metropoli import (
    Accept,
    Act,
    Cancel,
    Cash,
    Decline,
    Done,
    Give,
    Metropoli,
    Offer,
    Pass,
    Send,
    Take,
)
from metropoli.data import TRADE_PRICES, TRADE_UNIT
from metropoli.events import AuctionOpened, RentCharged, TradeDone
from tests.metropoli.helpers import clear_owners, forced, land, payments, started


def _drafting(cash_of_partner: int | None = None) -> tuple[Metropoli, int]:
    g = started()
    clear_owners(g)
    g.s.owner[1] = 0
    if cash_of_partner is not None:
        g.s.cash[2] = cash_of_partner
    land(g, 0, not_first_round=False)
    g.apply(Offer(2))
    return g, 2


def test_trade_cash_may_be_any_multiple_of_the_smallest_banknote_the_payer_holds() -> None:
    g, partner = _drafting()
    assert TRADE_UNIT == 10_000  # the $10,000 banknote (seed "Components")
    for amount in (10_000, 130_000, 4_990_000, 5_000_000, -70_000, -5_000_000):
        assert g.is_legal(Cash(amount)), amount
    g.apply(Cash(1_230_000))
    g.apply(Give(1))
    start = len(g.events)
    g.apply(Send())
    g.apply(Accept())
    assert payments(g, start) == [(0, partner, 1_230_000, "trade")]


@pytest.mark.parametrize("amount", [0, 5_000, 135_000, -1, 5_010_000, -5_010_000])
def test_trade_cash_off_the_unit_or_beyond_the_payers_cash_is_refused(amount: int) -> None:
    g, _ = _drafting()
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply(Cash(amount))
    assert g.to_json() == before


def test_no_loans_the_partner_pays_only_what_it_holds() -> None:
    g, _ = _drafting(cash_of_partner=260_000)
    assert g.is_legal(Cash(-260_000))
    assert not g.is_legal(Cash(-270_000))


def test_listed_cash_amounts_are_a_documented_subset_that_is_legal() -> None:
    g, _ = _drafting(cash_of_partner=600_000)
    listed = sorted(a.amount for a in g.legal_actions() if isinstance(a, Cash))
    assert listed == sorted(
        [*TRADE_PRICES, *(-x for x in TRADE_PRICES if x <= 600_000)]
    )  # CORE-5: the list is the data's steps; every other sum goes through is_legal
    assert all(g.is_legal(a) for a in g.legal_actions())


def test_a_trade_may_be_proposed_after_the_move_before_the_space_acts() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[9] = 2
    land(g, 6, act=False)  # a free street: its auction waits for the stop
    assert g.prompt is not None and g.prompt.kind == "act" and g.to_act == 0
    assert list(g.legal_actions()) == [Act(), Offer(1), Offer(2), Offer(3)]
    assert not [e for e in g.events if isinstance(e, AuctionOpened)]
    g.apply(Offer(2))
    g.apply(Take(9))
    g.apply(Cash(400_000))
    g.apply(Send())
    g.apply(Accept())
    assert g.s.owner[9] == 0
    # the stop comes back (ruling MI-A26): more proposals, or act
    assert g.prompt is not None and g.prompt.kind == "act" and g.to_act == 0
    g.apply(Act())
    assert g.prompt is not None and g.prompt.kind == "bid" and g.to_act == 1
    kinds = [type(e) for e in g.events]
    assert kinds.index(TradeDone) < kinds.index(AuctionOpened)


def test_the_stop_comes_back_after_a_trade_while_proposals_remain() -> None:
    g = started(proposals_per_stop=2)
    clear_owners(g)
    land(g, 6, act=False)
    g.apply(Offer(1))
    g.apply(Cash(-100_000))
    g.apply(Send())
    g.apply(Decline())
    assert g.prompt is not None and g.prompt.kind == "act"
    g.apply(Act())
    assert g.prompt is not None and g.prompt.kind == "bid"


def test_the_space_acts_on_the_position_after_the_trade() -> None:
    # ruling MI-A15: a street bought at the stop counts for the card read after it
    ids = tuple(started().cards)
    g = started(deck=("collect_per_street", *(c for c in ids if c != "collect_per_street")))
    clear_owners(g)
    g.s.owner[1] = 0
    g.s.owner[9] = 2
    land(g, 8, act=False)
    g.apply(Offer(2))
    g.apply(Take(9))
    g.apply(Cash(100_000))
    g.apply(Send())
    start = len(g.events)
    g.apply(Accept())
    g.apply(Act())
    assert (None, 0, 2 * 50_000, "card") in payments(g, start)


def test_mi_a18_the_street_one_stands_on_cannot_be_given_at_the_arrival_stop() -> None:
    # ruling MI-A18: the space reached has decided the action (seed "Game Actions"): one's own
    # street gives a free block, and a trade at the stop cannot turn it into rent
    g = started()
    clear_owners(g)
    g.s.owner[6] = g.s.owner[7] = 0
    land(g, 6, act=False)
    g.apply(Offer(2))
    gives = {a.space for a in g.legal_actions() if isinstance(a, Give)}
    assert gives == {7}
    assert not g.is_legal(Give(6))
    with pytest.raises(IllegalAction):
        g.apply(Give(6))
    g.apply(Cancel())
    g.apply(Act())
    assert g.prompt is not None and g.prompt.kind == "free"
    assert not [e for e in g.events if isinstance(e, RentCharged)]


def test_mi_a18_ones_own_bridge_cannot_be_given_at_the_arrival_stop() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[5] = 0
    g.s.owner[6] = 0
    land(g, 5, act=False)
    g.apply(Offer(1))
    assert {a.space for a in g.legal_actions() if isinstance(a, Give)} == {6}


def test_mi_a18_in_the_building_step_the_street_one_stands_on_may_be_traded() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[6] = 0
    land(g, 6)
    g.apply(Pass())
    g.apply(Offer(2))
    assert Give(6) in g.legal_actions()


@pytest.mark.parametrize(
    ("space", "owner"),
    [(6, 2), (5, 2), (10, None)],  # another's street (rent), bridge (toll), Il Tribunale (fine)
)
def test_no_stop_where_the_space_makes_a_payment_due(space: int, owner: int | None) -> None:
    # seed "Trading and Negotiations", rule 1: a debt is settled at once, with no discount
    g = started()
    clear_owners(g)
    if owner is not None:
        g.s.owner[space] = owner
    land(g, space, act=False)
    assert g.prompt is not None and g.prompt.kind != "act"
    assert [p for p in payments(g) if p[0] == 0]


def test_no_stop_with_trading_off_or_the_option_off() -> None:
    g = started(proposals_per_stop=0)
    clear_owners(g)
    land(g, 6, act=False)
    assert g.prompt is not None and g.prompt.kind == "bid"
    g = started(trade_after_move=False)
    clear_owners(g)
    land(g, 6, act=False)
    assert g.prompt is not None and g.prompt.kind == "bid"


def test_mi_a26_the_stop_with_no_proposal_left_takes_act_itself() -> None:
    # the stop keeps its place in the turn (ruling MI-A26); with its proposals used up its
    # only answer, act, is taken and logged (issue 22)
    g = started(proposals_per_stop=1)
    clear_owners(g)
    land(g, 6, act=False)
    g.apply(Offer(1))
    g.apply(Cancel())
    assert forced(g)[-1] == (0, Act())
    assert g.prompt is not None and g.prompt.kind == "bid"


def test_act_is_legal_only_at_the_stop() -> None:
    g = started()
    with pytest.raises(IllegalAction):
        g.apply(Act())
    assert g.parse_action("act") == Act()
    land(g, 0, not_first_round=False)
    assert g.is_legal(Done()) and not g.is_legal(Act())
