"""Auctions (MI-9), bankruptcy (MI-16), trades (MI-18), the final phase and wealth (MI-17)."""

from __future__ import annotations

import pytest

from common import IllegalAction
from metropoli import (
    Accept,
    Bid,
    Cancel,
    Cash,
    Decline,
    Done,
    Give,
    Offer,
    Pass,
    Preempt,
    Raise,
    Sell,
    Send,
    Take,
)
from metropoli.data import BOARD as B
from metropoli.events import (
    AuctionClosed,
    BankruptcyBegan,
    FinalPhaseBegan,
    PlayerBankrupt,
    TradeProposed,
    WealthCounted,
)
from tests.metropoli.helpers import clear_owners, forced, land, payments, started


def test_auction_with_no_bid_leaves_the_concession_with_the_bank() -> None:
    g = started()
    clear_owners(g)
    land(g, 6)
    for seat in (1, 2, 3, 0):  # from the active player's left, the active player last
        assert g.to_act == seat
        g.apply(Pass())
    assert AuctionClosed(6, None, 0) in g.events
    assert g.s.owner[6] is None
    assert g.prompt is not None and g.prompt.kind == "build"


def test_auction_bids_are_multiples_of_50000_within_cash() -> None:
    g = started()
    clear_owners(g)
    g.s.cash[1] = 420_000
    land(g, 6)
    bids = [a.amount for a in g.legal_actions() if isinstance(a, Bid)]
    assert bids == [50_000, 100_000, 250_000, 400_000]  # listed: steps, then all-in (MI-A1)
    assert all(b % 50_000 == 0 for b in bids)
    for wrong in (60_000, 0, 450_000, -50_000):
        with pytest.raises(IllegalAction):
            g.apply(Bid(wrong))
    g.apply(Bid(350_000))  # not listed, but a legal bid (ruling MI-9, CORE-5)
    assert g.s.auction is not None and g.s.auction.high == 350_000
    with pytest.raises(IllegalAction):
        g.apply(Bid(350_000))  # a bid must raise the price


def test_listed_bids_stop_at_the_listing_cap() -> None:
    from metropoli.data import BID_LIST_CAP

    g = started()
    clear_owners(g)
    g.s.cash[1] = BID_LIST_CAP + 3_000_000
    land(g, 6)
    bids = [a.amount for a in g.legal_actions() if isinstance(a, Bid)]
    assert max(bids) == BID_LIST_CAP
    assert g.is_legal(Bid(BID_LIST_CAP + 2_000_000))


def test_auction_one_bidder_then_active_waives_pre_emption() -> None:
    g = started()
    clear_owners(g)
    land(g, 6)
    g.apply(Bid(50_000))  # seat 1
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())  # the active player passes in the bidding
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "raise"
    g.apply(Pass())
    assert g.to_act == 0 and list(g.legal_actions()) == [Preempt(), Pass()]
    start = len(g.events)
    g.apply(Pass())
    assert payments(g, start) == [(1, None, 50_000, "auction")]
    assert g.s.owner[6] == 1


def test_auction_winner_raises_the_market_value_then_pre_emption_adds_50000() -> None:
    g = started()
    clear_owners(g)
    land(g, 6)
    g.apply(Bid(100_000))
    g.apply(Bid(150_000))  # seat 2 outbids
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Pass())  # seat 1 drops out
    assert g.to_act == 2
    g.apply(Raise(400_000))
    start = len(g.events)
    g.apply(Preempt())
    assert payments(g, start) == [(0, None, 450_000, "preemption")]
    assert g.s.owner[6] == 0


def test_pre_emption_refused_for_lack_of_cash() -> None:
    g = started()
    clear_owners(g)
    g.s.cash[0] = 120_000
    land(g, 6, not_first_round=False)
    g.apply(Bid(100_000))
    g.apply(Pass())
    start = len(g.events)
    g.apply(Pass())
    # the active player's $120,000 cannot raise $100,000 by $50,000: the pass is taken
    assert forced(g, start) == [(0, Pass())]
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "raise"
    start = len(g.events)
    g.apply(Pass())  # the winner keeps the price; 100,000 + 50,000 > 120,000: no pre-emption
    assert g.s.owner[6] == 1
    assert payments(g, start) == [(1, None, 100_000, "auction")]
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "build"


def test_the_active_player_may_win_the_auction_outright() -> None:
    g = started()
    clear_owners(g)
    land(g, 6, not_first_round=False)
    for _ in range(3):
        g.apply(Pass())
    g.apply(Bid(250_000))  # no raise step when the active player wins (ruling MI-A17)
    assert g.s.owner[6] == 0 and g.s.cash[0] == 5_000_000 - 250_000
    assert g.prompt is not None and g.prompt.kind == "build"


def test_bankruptcy_partial_auction_covers_the_debt() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[6] = 1  # rent due to seat 1
    g.s.owner[11] = g.s.owner[13] = 0
    g.s.cash[0] = 50_000
    value = g.street_rent(6)[0]
    land(g, 6, not_first_round=False)
    assert BankruptcyBegan(0, 1, value) in g.events
    assert g.to_act == 0 and set(g.legal_actions()) == {Sell(11), Sell(13)}
    g.apply(Sell(11))
    assert g.to_act == 1  # every other player may bid, from the debtor's left
    g.apply(Pass())
    g.apply(Bid(250_000))  # seat 2
    g.apply(Pass())  # seat 3
    assert g.s.owner[11] == 2
    assert (2, 0, 250_000, "bankruptcy auction") in payments(g)
    assert (0, 1, value, "rent") in payments(g)
    assert g.s.owner[13] == 0 and g.s.status[0] == "in"
    assert g.prompt is not None and g.prompt.kind == "build"


def test_bankruptcy_full_hands_all_cash_to_the_creditor_and_leaves() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[6] = 1
    g.s.owner[11] = 0
    g.s.cash[0] = 50_000
    start = len(g.events)
    land(g, 6, not_first_round=False)
    assert forced(g, start) == [(0, Sell(11))]  # the debtor's only concession: no question
    for _ in range(3):
        g.apply(Pass())  # nobody buys: it goes back to the Bank
    assert g.s.owner[11] is None
    assert (0, 1, 50_000, "bankruptcy") in payments(g)
    assert PlayerBankrupt(0, 1) in g.events
    assert g.s.status[0] == "bankrupt" and g.s.cash[0] == 0
    assert g.to_act == 1  # the game goes on


def test_mi_a24_the_game_ends_when_only_one_player_remains() -> None:
    """Seed "End of the Game": "The game ends at the moment when only one player remains in
    the game" (ruling MI-A24; MI-17 read it as the start of a final phase)."""
    g = started(players=3)
    clear_owners(g)
    g.s.owner[6] = 1
    g.s.cash[0] = 10_000
    land(g, 6, not_first_round=False)  # seat 0 cannot pay seat 1's rent: bankrupt
    assert g.s.status[0] == "bankrupt" and not g.is_over and g.to_act == 1
    land(g, 0)  # seat 1 plays a turn on La Borsa
    g.apply(Done())
    g.s.cash[2] = 20_000
    land(g, 6, not_first_round=False)  # seat 2 cannot pay either: one player remains
    assert g.is_over and g.s.status == ["bankrupt", "in", "bankrupt"]
    assert not [e for e in g.events if isinstance(e, FinalPhaseBegan)]
    assert [e.seat for e in g.events if isinstance(e, WealthCounted)] == [0, 1, 2]
    result = g.result()
    assert result.winners == (1,) and result.reason.startswith("the last player remaining")
    assert result.scores[1] == g.s.cash[1] + sum(g.wealth(1)[1:])


def test_trade_proposed_by_the_active_player_accept_and_reject() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[1] = 0
    g.s.owner[9] = 2
    land(g, 0, not_first_round=False)
    assert Offer(2) in g.legal_actions() and Offer(0) not in g.legal_actions()
    g.apply(Offer(2))
    assert g.prompt is not None and g.prompt.kind == "draft"
    assert Send() not in g.legal_actions()  # an empty proposal cannot be sent
    g.apply(Give(1))
    g.apply(Take(9))
    g.apply(Send())
    assert TradeProposed(0, 2, (1,), (9,), 0) in g.events
    assert g.to_act == 2 and list(g.legal_actions()) == [Accept(), Decline()]
    g.apply(Accept())
    assert g.s.owner[1] == 2 and g.s.owner[9] == 0
    # several proposals at each trading point (ruling MI-A26): the building step goes on
    assert g.prompt is not None and g.prompt.kind == "build" and Offer(1) in g.legal_actions()


def test_trade_of_concessions_and_cash_both_ways() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[1] = g.s.owner[3] = 0
    g.s.owner[9] = 2
    land(g, 0, not_first_round=False)
    g.apply(Offer(2))
    g.apply(Give(1))
    g.apply(Give(3))
    g.apply(Take(9))
    g.apply(Cash(-250_000))  # the partner pays $250,000 on top
    assert not [a for a in g.legal_actions() if isinstance(a, Cash)]  # cash is set once
    start = len(g.events)
    g.apply(Send())
    g.apply(Accept())
    assert (g.s.owner[1], g.s.owner[3], g.s.owner[9]) == (2, 2, 0)
    assert payments(g, start) == [(2, 0, 250_000, "trade")]


def test_trade_rejected_changes_nothing_and_cash_must_exist() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[1] = 0
    g.s.cash[3] = 200_000
    land(g, 0, not_first_round=False)
    g.apply(Offer(3))
    asks = {-a.amount for a in g.legal_actions() if isinstance(a, Cash) and a.amount < 0}
    assert asks == {100_000}  # seat 3 cannot pay more than its cash: no loans
    with pytest.raises(IllegalAction):
        g.apply(Cash(-250_000))
    g.apply(Give(1))
    g.apply(Cash(-100_000))
    g.apply(Send())
    g.apply(Decline())
    assert g.s.owner[1] == 0 and g.s.cash[3] == 200_000
    assert g.prompt is not None and g.prompt.kind == "build"


def test_a_cash_only_proposal_asks_for_a_contribution() -> None:
    g = started()
    land(g, 0, not_first_round=False)
    g.apply(Offer(1))
    g.apply(Cash(-100_000))  # "contribute to the cost of building a block"
    start = len(g.events)
    g.apply(Send())
    g.apply(Accept())
    assert payments(g, start) == [(1, 0, 100_000, "trade")]


def test_a_cancelled_draft_uses_up_the_proposal() -> None:
    g = started(proposals_per_stop=1)
    land(g, 0, not_first_round=False)
    g.apply(Offer(1))
    g.apply(Cancel())
    assert g.prompt is not None and g.prompt.kind == "build"
    assert not [a for a in g.legal_actions() if isinstance(a, Offer)]


def test_final_phase_left_players_collect_rent_and_wealth_decides() -> None:
    g = started(players=3)
    clear_owners(g)
    s = g.s
    s.final = True
    s.status[1] = "left"
    s.owner[19] = 1
    s.owner[1] = 0
    s.owner[5] = 2
    land(g, 19)  # seat 0 pays rent to seat 1, who has left
    rent = g.street_rent(19)[0]
    assert (0, 1, rent, "rent") in payments(g)
    g.apply(Done())
    assert g.to_act == 2  # seat 1 has left: it plays no more turns
    s.pos[2] = 18
    land(g, 22, total=4)  # seat 2 passes L'Autostrada and leaves
    s.pos[0] = 15
    land(g, 21, total=6)
    assert g.is_over
    counted = {e.seat: e for e in g.events if isinstance(e, WealthCounted)}
    hood = B.hood_of[1]
    assert hood is not None
    assert counted[0].streets == s.hood_values[hood] and counted[0].bridges == 0
    assert counted[2].bridges == 500_000
    assert g.result().scores == tuple(counted[x].total for x in range(3))
    best = max(counted[x].total for x in range(3))
    assert g.result().winners == tuple(x for x in range(3) if counted[x].total == best)


def test_end_turn_passes_the_dice_clockwise() -> None:
    g = started()
    land(g, 0, not_first_round=False)
    g.apply(Done())
    assert g.to_act == 1


def test_only_the_player_on_turn_opens_negotiations() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[1] = 0
    g.s.owner[9] = 2
    land(g, 0, not_first_round=False)
    g.apply(Offer(2))
    g.apply(Give(1))
    g.apply(Send())
    # the partner may only answer: no counter-proposal (MI-18)
    assert list(g.legal_actions()) == [Accept(), Decline()]
    g.apply(Decline())
    g.apply(Done())
    land(g, 0, not_first_round=False)
    assert g.to_act == 1


def test_trade_actions_have_text_forms_that_parse_back() -> None:
    g = started()
    for action in (Offer(2), Give(1), Take(9), Cash(-250_000), Send(), Cancel()):
        assert g.parse_action(str(action)) == action
    assert str(Cash(-250_000)) == "cash -250000"


def test_a_trade_before_rolling_returns_to_the_roll() -> None:
    g = started(proposals_per_stop=2)
    clear_owners(g)
    g.s.owner[1] = 0
    g.s.owner[9] = 2
    g.apply(Offer(2))
    g.apply(Take(9))
    g.apply(Cash(100_000))
    g.apply(Send())
    g.apply(Accept())
    assert g.s.owner[9] == 0 and g.to_act == 0
    assert g.prompt is not None and g.prompt.kind == "roll"
    g.apply(Offer(1))  # the second of two proposals this turn
    g.apply(Give(1))
    g.apply(Send())
    g.apply(Decline())
    assert [a for a in g.legal_actions() if isinstance(a, Offer)] == []


def test_the_survivor_of_bankruptcies_wins_at_once_with_no_lone_final_phase() -> None:
    # ruling MI-A24 (seed 003 "Vittoria"): the last player left without going bankrupt wins;
    # before it, the survivor walked a lone final phase that could only cost them (MI-A12)
    first = "collect_from_each"
    order = (first, *(c for c in started(players=3).cards if c != first))
    g = started(players=3, deck=order)
    clear_owners(g)
    g.s.status[2] = "bankrupt"
    g.s.cash[2] = 0
    g.s.cash[1] = 10_000
    land(g, 8)  # seat 1 cannot pay seat 0: bankrupt, one player remains
    assert g.is_over
    assert g.result().winners == (0,)
    assert not [e for e in g.events if isinstance(e, FinalPhaseBegan)]
