"""Rules the rules audit confirmed only by script, now each pinned by a test (MI-9, MI-11,
MI-15, MI-16, MI-17, seed "Trust", rulings MI-A6, MI-A7, MI-A9)."""

from __future__ import annotations

import pytest

from common import IllegalAction
from metropoli import (
    Bid,
    Build,
    Cross,
    Done,
    FreeBlock,
    GoTo,
    Metropoli,
    Offer,
    Pass,
    Preempt,
    Raise,
    Roll,
    Sell,
    Steps,
)
from metropoli.data import BOARD as B
from metropoli.events import PlayerBankrupt, PlayerLeft
from tests.metropoli.helpers import (
    clear_owners,
    dice_for,
    forced,
    land,
    pass_stop,
    payments,
    started,
)


def with_card(card: str, players: int = 4) -> Metropoli:
    """A started game whose Metropoli deck has ``card`` on top."""
    ids = tuple(started().cards)
    return started(players=players, deck=(card, *(c for c in ids if c != card)))


def test_court_fine_after_a_motorway_jump_is_the_two_exit_dice() -> None:
    # ruling MI-15: after a motorway jump the dice that moved the player are the two exit dice
    g = with_card("go_court")
    clear_owners(g)
    land(g, 20, total=9)
    start = len(g.events)
    g.resolve((1, 2))  # exit 12: space 2, a Metropoli space; the card sends to the Court
    pass_stop(g)
    assert B.exits[12] == 2 and g.s.pos[0] == 10
    assert payments(g, start) == [(0, None, 30_000, "fine")]


def test_la_borsa_pays_on_the_way_out_in_the_final_phase() -> None:
    # rulings MI-17, MI-A6: passing La Borsa on the move that leaves the game still pays
    g = started()
    clear_owners(g)
    g.s.final = True
    g.s.turns_taken[0] = 1
    g.s.pos[0] = 35
    g.apply(Roll())
    g.resolve((6, 6, 6))
    start = len(g.events)
    g.apply(Steps(30))  # past La Borsa (space 0) and on past L'Autostrada (space 20)
    assert payments(g, start) == [(None, 0, 250_000, "borsa")]
    assert PlayerLeft(0, "motorway") in g.events[start:]
    assert g.s.pos[0] == 20 and g.s.status[0] == "left"


def test_bankruptcy_auction_the_creditor_may_buy() -> None:
    # ruling MI-16, seed "Bankruptcy": "sold to the highest bidder (who may also be the creditor)"
    g = started()
    clear_owners(g)
    g.s.owner[6] = 1  # rent due to seat 1
    g.s.owner[11] = 0
    g.s.cash[0] = 50_000
    rent = g.street_rent(6)[0]
    start = len(g.events)
    land(g, 6, not_first_round=False)
    assert forced(g, start) == [(0, Sell(11))]  # the only concession: no question
    assert g.to_act == 1
    g.apply(Bid(300_000))  # the creditor bids
    g.apply(Pass())
    g.apply(Pass())
    assert g.s.owner[11] == 1
    assert payments(g, start) == [
        (1, 0, 300_000, "bankruptcy auction"),
        (0, 1, rent, "rent"),
    ]
    assert g.s.status[0] == "in"


def test_bankruptcy_to_the_bank_gives_it_the_cash_and_nothing_more() -> None:
    # ruling MI-16: the Bank as creditor receives nothing beyond the cash; an unsold
    # concession returns to the Bank (ruling MI-A9)
    g = started()
    clear_owners(g)
    g.s.owner[11] = 0
    g.s.cash[0] = 20_000
    start = len(g.events)
    land(g, 10, total=9)  # the Court: a $90,000 fine
    assert forced(g, start) == [(0, Sell(11))]
    for _ in range(3):
        g.apply(Pass())
    assert payments(g, start) == [(0, None, 20_000, "bankruptcy")]
    assert PlayerBankrupt(0, None) in g.events
    assert g.s.owner[11] is None and g.s.cash[0] == 0 and g.s.status[0] == "bankrupt"
    assert g.to_act == 1


def test_winner_may_not_raise_above_their_cash_and_preemption_needs_cash() -> None:
    # ruling MI-9: a raise is a multiple of $50,000 within the raiser's cash; pre-emption
    # needs Market Value + $50,000 in the active player's cash
    g = started()
    clear_owners(g)
    g.s.cash[0] = 500_000
    g.s.cash[1] = 500_000
    land(g, 6, not_first_round=False)
    g.apply(Bid(100_000))  # seat 1
    for _ in range(3):
        g.apply(Pass())  # seats 2, 3 and the active player
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "raise"
    for wrong in (550_000, 120_000, 100_000):
        assert not g.is_legal(Raise(wrong))
        with pytest.raises(IllegalAction):
            g.apply(Raise(wrong))
    start = len(g.events)
    g.apply(Raise(500_000))  # 500,000 + 50,000 is more than the active player holds
    assert payments(g, start) == [(1, None, 500_000, "auction")]
    assert g.s.owner[6] == 1
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "build"


def _completion(g: Metropoli) -> None:
    """The four skyscrapers stand (Master Plan rule 9): roof k on area 0 of district k-1."""
    s = g.s
    for k in range(4):
        area = B.district_areas[k][0]
        s.heights[area], s.roof[area], s.caps[k] = k + 2, k + 1, k + 2
    s.roofs = 4
    s.blocks_left = 80 - sum(s.heights)
    assert g.invariants() == []


def test_rule_9_a_free_block_on_ones_own_street_meets_the_obligation() -> None:
    # Master Plan rule 9, ruling MI-A7: any block placed this turn, free or paid, counts
    g = started()
    clear_owners(g)
    _completion(g)
    g.s.owner[1] = 0
    land(g, 1)
    g.apply(FreeBlock(3))
    assert g.prompt is not None and g.prompt.kind == "build"
    assert Done() in g.legal_actions()
    assert [p for p in payments(g) if p[3] == "block"] == []


def test_rule_9_a_free_block_from_the_municipality_meets_the_obligation() -> None:
    g = started()
    clear_owners(g)
    _completion(g)
    land(g, 30)
    g.apply(FreeBlock(20))
    assert Done() in g.legal_actions()


@pytest.mark.parametrize(
    ("owned", "trust"),
    [
        ((1, 3, 4), True),  # all three brown streets: a trust
        ((1, 3), False),  # two of three streets
        ((1, 3, 5, 15, 25, 35), False),  # bridges never count toward a neighbourhood
        ((1, 39), False),  # both streets facing area 0, of two colours: no trust
        ((1, 37, 39), False),  # a street of one colour and two of the other
    ],
)
def test_trust_is_all_three_streets_of_one_colour(owned: tuple[int, ...], trust: bool) -> None:
    # seed "Trust": "all the Building Exploitation Concessions of the same colour"
    g = started()
    clear_owners(g)
    g.s.heights[0] = 1
    g.s.blocks_left = 79
    for sp in owned:
        g.s.owner[sp] = 1
    total, _tallest, _blocks, _sky, value, hood_value, got = g.street_rent(1)
    assert got is trust
    assert value == 20_000 and total == (value + hood_value) * (2 if trust else 1)


def test_trust_with_no_blocks_charges_double_the_neighbourhood_value() -> None:
    # seed "Trust" with ruling MI-A14: value 0, the neighbourhood value still due, doubled
    g = started()
    clear_owners(g)
    for sp in B.hood_streets[0]:
        g.s.owner[sp] = 1
    total, *_, trust = g.street_rent(4)
    assert trust and total == 2 * g.s.hood_values[0]


def test_trust_of_a_player_who_has_left_is_still_doubled() -> None:
    # ruling MI-17: a player who has left still collects; the trust is a fact of ownership
    g = started()
    clear_owners(g)
    g.s.final = True
    g.s.status[1] = "left"
    for sp in B.hood_streets[0]:
        g.s.owner[sp] = 1
    start = len(g.events)
    land(g, 3)
    rent = [p for p in payments(g, start) if p[3] == "rent"]
    assert rent == [(0, 1, 2 * g.s.hood_values[0], "rent")]


def test_a_raise_keeps_the_price_when_the_winner_keeps_it() -> None:
    # ruling MI-9: the winner may keep the price; pre-emption is then at price + $50,000
    g = started()
    clear_owners(g)
    land(g, 6)
    g.apply(Bid(100_000))
    for _ in range(3):
        g.apply(Pass())
    g.apply(Pass())
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "preempt"


def test_mi_a17_no_raise_step_when_the_active_player_wins_the_auction() -> None:
    # ruling MI-A17: the winner's raise sets the Market Value against pre-emption (seed "Game
    # Actions"); the active player has no pre-emption to meet, so wins at the last bid
    g = started()
    clear_owners(g)
    land(g, 6)
    g.apply(Bid(100_000))  # seat 1
    g.apply(Pass())
    g.apply(Pass())
    start = len(g.events)
    g.apply(Bid(150_000))  # the active player outbids
    g.apply(Pass())  # seat 1 drops out: the active player has won
    assert payments(g, start) == [(0, None, 150_000, "auction")]
    assert g.s.owner[6] == 0
    assert g.prompt is not None and g.prompt.kind == "build"
    assert not g.is_legal(Raise(1_000_000))


def test_mi_a19_a_creditor_who_has_left_may_buy_at_the_bankruptcy_auction() -> None:
    # ruling MI-A19, seed "Bankruptcy": sold to the highest bidder, "who may also be the
    # creditor"; a creditor who has left the game (MI-17) still bids there, no one else who left
    g = started()
    clear_owners(g)
    g.s.final = True
    g.s.status[1] = g.s.status[3] = "left"
    g.s.owner[6] = 1  # seat 1, who has left, collects the rent
    g.s.owner[11] = 0
    g.s.cash[0] = 50_000
    rent = g.street_rent(6)[0]
    start = len(g.events)
    land(g, 6, total=5)
    assert forced(g, start) == [(0, Sell(11))]
    assert g.s.auction is not None and g.s.auction.order == (1, 2)
    assert g.to_act == 1
    g.apply(Bid(200_000))
    g.apply(Pass())  # seat 2
    assert g.s.owner[11] == 1
    assert payments(g, start) == [
        (1, 0, 200_000, "bankruptcy auction"),
        (0, 1, rent, "rent"),
    ]


# --- the final phase (MI-17, MI-A6) -------------------------------------------------------
def test_final_phase_a_player_on_l_autostrada_must_come_round_again() -> None:
    # ruling MI-A6: standing on L'Autostrada when the final phase starts is not reaching it
    g = started()
    clear_owners(g)
    g.s.final = True
    g.s.pos[0] = 20
    g.apply(Roll())
    g.resolve(dice_for(7))
    pass_stop(g)
    assert g.s.pos[0] == 27 and g.s.status[0] == "in"


def test_final_phase_a_go_to_l_autostrada_card_makes_the_player_leave() -> None:
    g = with_card("go_motorway")
    g.s.final = True
    land(g, 2)
    assert PlayerLeft(0, "motorway") in g.events
    assert g.chance is None and g.to_act == 1


def test_final_phase_auctions_go_on_but_no_block_is_offered() -> None:
    # rulings MI-17: "obviously without building anything else"; a free concession is still
    # auctioned
    g = started()
    clear_owners(g)
    g.s.final = True
    land(g, 6)
    assert g.prompt is not None and g.prompt.kind == "bid"
    g = started()
    clear_owners(g)
    g.s.final = True
    g.s.owner[7] = 0
    land(g, 7)  # one's own street: no free block in the final phase
    assert g.prompt is not None and g.prompt.kind == "build"
    assert not [a for a in g.legal_actions() if isinstance(a, Build | FreeBlock)]
    assert Done() in g.legal_actions()
    g = started()
    clear_owners(g)
    g.s.final = True
    land(g, 30)  # Il Comune: only the move to a free concession
    legal = g.legal_actions()
    assert not [a for a in legal if isinstance(a, FreeBlock)]
    assert [a for a in legal if isinstance(a, GoTo)]


# --- bankruptcy details (MI-16, MI-A9) ----------------------------------------------------
def test_a_card_owed_to_every_player_lapses_once_the_reader_is_bankrupt() -> None:
    # ruling MI-A9: debts are settled clockwise; a bankrupt debtor's cash goes to the creditor
    # of the debt it could not pay, and its other debts lapse
    g = with_card("pay_each")
    clear_owners(g)
    g.s.cash[0] = 60_000
    start = len(g.events)
    land(g, 2, not_first_round=False)
    assert payments(g, start) == [(0, 1, 50_000, "card"), (0, 2, 10_000, "bankruptcy")]
    assert PlayerBankrupt(0, 2) in g.events and g.s.debts == []
    assert g.to_act == 1


def test_no_trade_during_a_bankruptcy() -> None:
    # seed "Trading and Negotiations", rule 5; ruling MI-18
    g = started()
    clear_owners(g)
    g.s.owner[6] = 1
    g.s.owner[11] = g.s.owner[13] = 0
    g.s.cash[0] = 50_000
    land(g, 6, not_first_round=False)
    assert g.prompt is not None and g.prompt.kind == "sell"
    assert list(g.legal_actions()) == [Sell(11), Sell(13)]
    assert not g.is_legal(Offer(2))


# --- smaller sentences of the rulebook -----------------------------------------------------
def test_a_triple_of_40_makes_one_full_lap() -> None:
    # seed "Triple Dice": "without making more than one complete lap"; ruling MI-12
    g = started()
    clear_owners(g)
    g.s.turns_taken[0] = 1
    g.s.pos[0] = 30
    g.apply(Roll())
    g.resolve((4, 4, 4))
    start = len(g.events)
    g.apply(Steps(40))  # back to Il Comune, passing La Borsa once
    assert g.s.pos[0] == 30
    assert [p for p in payments(g, start) if p[3] == "borsa"] == [(None, 0, 250_000, "borsa")]
    g = started()
    clear_owners(g)
    g.s.turns_taken[0] = 1
    g.apply(Roll())
    g.resolve((4, 4, 4))
    start = len(g.events)
    g.apply(Steps(40))  # from La Borsa round to La Borsa: landing pays $500,000
    assert payments(g, start) == [(None, 0, 500_000, "borsa")]


def test_toll_paid_then_crossing_to_a_third_players_bridge_pays_no_second_toll() -> None:
    # ruling MI-13: "they do not have to pay any toll to the owner ... on the arrival space"
    g = started()
    clear_owners(g)
    g.s.owner[5] = 2
    g.s.owner[25] = 3
    start = len(g.events)
    land(g, 5, not_first_round=False)
    g.apply(Cross())
    assert g.s.pos[0] == 25
    assert payments(g, start) == [(0, 2, 100_000, "toll")]
    assert g.prompt is not None and g.prompt.kind == "build"


def test_toll_is_paid_even_when_the_player_does_not_cross() -> None:
    # seed "Bridges": "the toll must be paid in any case"
    g = started()
    clear_owners(g)
    g.s.owner[15] = 2
    start = len(g.events)
    land(g, 15, not_first_round=False)
    assert payments(g, start) == [(0, 2, 100_000, "toll")]
    g.apply(Pass())
    assert g.s.pos[0] == 15 and payments(g, start) == [(0, 2, 100_000, "toll")]


def test_il_comune_offers_free_bridges_and_keeps_the_right_of_pre_emption() -> None:
    # seed "Other Spaces": "any space whose Concession is still free ... the normal auction"
    g = started()
    clear_owners(g)
    land(g, 30)
    assert GoTo(35) in g.legal_actions() and GoTo(5) in g.legal_actions()
    g.apply(GoTo(35))
    pass_stop(g)
    g.apply(Bid(100_000))  # seat 1
    for _ in range(3):
        g.apply(Pass())
    g.apply(Pass())
    assert g.to_act == 0 and list(g.legal_actions()) == [Preempt(), Pass()]
