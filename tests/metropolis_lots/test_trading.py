"""Issue 11, rulings MS-9, MS-A5, MS-A11, MS-A13: exchanges of unbuilt lots, every seat's
window at the start of each turn."""

from __future__ import annotations

import pytest

from common import IllegalAction, RandomBot
from common.bots import advance
from metropolis_lots import (
    Accept,
    Build,
    Decline,
    Done,
    HeuristicBot,
    Metropolis,
    Pass,
    Propose,
    Take,
    TradeAnswered,
    TradeProposed,
    new_game,
)
from tests.metropolis_lots.helpers import dealt


def store_position(**options: int) -> Metropolis:
    """Seat 0 lacks 47 for a department store on 40-42, 45-47; seat 1 lacks 31 for a factory
    on 30, 31, 35, 36; each holds the other's missing lot."""
    options.setdefault("trade_proposals", 3)
    g = dealt(
        3,
        hands=[[40, 41, 42, 45, 46, 31], [47, 30, 35, 36], [20]],
        offer=[10, 11, 12, 13],
        **options,
    )
    assert g.prompt is not None and g.prompt.kind == "propose" and g.s.trader == 0
    return g


SWAP = Propose(1, (31,), (47,))


def close_windows(g: Metropolis) -> list[int]:
    """Answer ``done`` in every open exchange window; return the seats asked, in order."""
    asked = []
    while g.prompt is not None and g.s.phase == "trade":
        asked.append(g.prompt.seat)
        g.apply(Done())
    return asked


def test_a_swap_completes_a_department_store_footprint() -> None:
    g = store_position()
    chips = list(g.s.chips)
    events = g.apply(SWAP)
    assert any(isinstance(e, TradeProposed) and e.partner == 1 for e in events)
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "exchange"
    events = g.apply(Accept())
    assert any(isinstance(e, TradeAnswered) and e.accepted for e in events)
    assert g.s.owner[47] == 0 and g.s.owner[31] == 1
    assert g.invariants() == []  # lots, chips per colour and the lot masks still add up
    assert g.s.chips == chips  # one for one: chips move with the lots
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "propose"
    close_windows(g)
    g.apply(Take(10))
    g.resolve((14,))
    store = Build("department_store", (40, 41, 42, 45, 46, 47))
    assert store in g.legal_actions()
    g.apply(store)
    assert g.s.buildings[0].shares == ((0, 6),)


def test_every_seat_has_an_exchange_window_in_turn_order_at_the_start_of_a_turn() -> None:
    # the seed: "Players may negotiate with each other at any time (even when it is not their
    # turn)"; ruling MS-A13: the seat on turn first, then clockwise, then the lot choice
    g = store_position()
    assert close_windows(g) == [0, 1, 2]
    assert g.prompt is not None and g.prompt.kind in ("take", "give") and g.to_act == 0
    assert g.view()["state"]["trader"] is None
    g.apply(Take(10))
    g.resolve((14,))
    g.apply(Pass())
    assert g.s.turn == 1 and close_windows(g) == [1, 2, 0]


def test_a_seat_not_on_turn_may_propose_to_the_seat_on_turn() -> None:  # ruling MS-A13
    g = store_position()
    g.apply(Done())  # seat 0's window
    assert g.to_act == 1 and g.s.trader == 1 and g.s.turn == 0
    assert g.view()["state"]["trader"] == 1
    back = Propose(0, (47,), (31,))  # seat 1 offers 47 for seat 0's 31
    assert back in g.legal_actions()
    g.apply(back)
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "exchange"
    g.apply(Accept())
    assert g.s.owner[47] == 0 and g.s.owner[31] == 1
    assert g.to_act == 1 and g.s.trader == 1  # seat 1's window stays open
    assert g.invariants() == []


def test_the_final_round_opens_the_exchange_windows_too() -> None:  # ruling MS-A13
    g = dealt(2, hands=[[40, 41, 45], [46, 20]], offer=[30], trade_proposals=1)
    g.s.stack = []
    g.s.offer = []  # every lot is out: the next turn is the final round's
    g._memo_key = None
    g.s.phase = "build"
    g.building_step()  # seat 0 builds nothing it wants: pass
    g.apply(Pass())
    assert g.s.final_left >= 0 and g.s.turn == 1
    assert g.prompt is not None and g.prompt.kind == "propose" and g.s.trader == 1
    swap = Propose(0, (46,), (41,))
    g.apply(swap)
    g.apply(Decline())
    # one proposal a seat: seat 1's window closed, seat 0's opens before seat 1 builds
    assert g.to_act == 0 and g.s.trader == 0
    g.apply(Propose(1, (41,), (46,)))
    g.apply(Decline())
    assert g.prompt is not None and g.prompt.kind == "build" and g.to_act == 1


@pytest.mark.parametrize(
    ("proposal", "why"),
    [
        (Propose(1, (), ()), "empty"),
        (Propose(1, (31,), (20,)), "lot of a third seat"),
        (Propose(2, (31,), (47,)), "47 is not the partner's"),
        (Propose(0, (31,), ()), "oneself"),
        (Propose(7, (31,), ()), "no such seat"),
        (Propose(1, (47,), (31,)), "the lots the wrong way round"),
        (Propose(1, (31, 31), ()), "a lot twice"),
        (Propose(1, (31,), (99,)), "no such lot"),
    ],
)
def test_illegal_proposals_are_refused(proposal: Propose, why: str) -> None:
    g = store_position()
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply(proposal)
    assert g.to_json() == before, why


def test_a_built_lot_cannot_be_exchanged() -> None:
    g = store_position()
    close_windows(g)
    g.apply(Take(10))
    g.resolve((14,))
    g.apply(Build("house", (31,)))
    # seat 1 on turn now; seat 0's 31 carries a house
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "propose"
    with pytest.raises(IllegalAction):
        g.apply(Propose(0, (47,), (31,)))
    g.apply(Propose(0, (47,), (40,)))


def test_any_legal_proposal_is_accepted_not_only_the_listed_swaps() -> None:  # ruling MS-A5
    g = store_position()
    bigger = Propose(1, (31, 45), (47,))
    assert bigger not in g.legal_actions()
    g.apply(bigger)
    g.apply(Accept())
    assert g.s.owner[45] == 1 and g.s.owner[31] == 1 and g.s.owner[47] == 0


def test_gifts_need_a_chip_of_the_receiver() -> None:  # ruling MS-A5
    g = store_position()
    g.s.chips[1] = 0
    g._memo_key = None
    with pytest.raises(IllegalAction):
        g.apply(Propose(1, (31,), ()))
    g.apply(Propose(1, (31,), (47,)))  # one for one needs no spare chip


def test_proposals_are_bounded_per_seat_and_turn() -> None:  # ruling MS-A11
    g = store_position(trade_proposals=2)
    g.apply(SWAP)
    g.apply(Decline())
    g.apply(SWAP)
    g.apply(Decline())
    # seat 0 made its two: its window closes and seat 1's opens, with two of its own
    assert g.prompt is not None and g.prompt.kind == "propose" and g.s.trader == 1
    assert g.view()["state"]["proposals_made"] == 0
    back = Propose(0, (47,), (31,))
    g.apply(back)
    g.apply(Decline())
    g.apply(back)
    g.apply(Decline())
    assert g.s.trader == 2


def test_no_exchanges_with_the_option_at_zero() -> None:
    g = dealt(3, hands=[[40, 41, 42, 45, 46, 31], [47, 30, 35, 36]], trade_proposals=0)
    assert g.prompt is not None and g.prompt.kind in ("take", "give")
    assert g.view()["state"]["trader"] is None


def test_random_games_exchange_in_windows_of_seats_not_on_turn() -> None:  # ruling MS-A13
    g = new_game(players=3, seed=6)  # a game that reaches the final round
    bots = [RandomBot(46 + i) for i in range(3)]
    proposers: set[tuple[bool, bool]] = set()
    while not g.is_over:
        start = len(g.events)
        advance(g, bots, 1)
        for e in g.events[start:]:
            if isinstance(e, TradeProposed):
                proposers.add((e.seat == g.s.turn, g.s.final_left >= 0))
        assert g.decisions <= g.max_actions()
    assert (True, False) in proposers and (False, False) in proposers
    assert any(final for _, final in proposers)  # the final round has windows too


def test_heuristic_bot_proposes_the_footprint_completing_swap() -> None:
    g = store_position()
    action = HeuristicBot(0).choose(g, 0)
    assert action == SWAP


def test_heuristic_bot_accepts_a_swap_that_raises_its_estimate() -> None:
    g = store_position()
    g.apply(SWAP)
    assert HeuristicBot(1).choose(g, 1) == Accept()


def test_heuristic_bot_declines_a_swap_that_lowers_its_estimate() -> None:
    g = store_position()
    g.apply(Propose(1, (31,), (35,)))  # would break seat 1's own factory footprint
    assert HeuristicBot(1).choose(g, 1) == Decline()


def test_heuristic_bot_judges_a_proposal_by_who_made_it() -> None:  # ruling MS-A13
    # seat 1, not on turn, offers seat 0 its 47 for 31: seat 0 gains the store's last lot
    g = store_position()
    g.apply(Done())
    g.apply(Propose(0, (47,), (31,)))
    assert g.s.turn == 0 and g.s.trader == 1
    assert HeuristicBot(0).choose(g, 0) == Accept()
