"""Issue 11, ruling MS-9: exchanges of unbuilt lots before choosing a lot."""

from __future__ import annotations

import pytest

from common import IllegalAction
from metropolis_lots import (
    Accept,
    Build,
    Decline,
    Done,
    HeuristicBot,
    Metropolis,
    Propose,
    Take,
    TradeAnswered,
    TradeProposed,
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
    assert g.prompt is not None and g.prompt.kind == "trade"
    return g


SWAP = Propose(1, (31,), (47,))


def test_a_swap_completes_a_department_store_footprint() -> None:
    g = store_position()
    chips = list(g.s.chips)
    events = g.apply(SWAP)
    assert any(isinstance(e, TradeProposed) and e.partner == 1 for e in events)
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "answer"
    events = g.apply(Accept())
    assert any(isinstance(e, TradeAnswered) and e.accepted for e in events)
    assert g.s.owner[47] == 0 and g.s.owner[31] == 1
    assert g.invariants() == []  # lots, chips per colour and the lot masks still add up
    assert g.s.chips == chips  # one for one: chips move with the lots
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "trade"
    g.apply(Done())
    g.apply(Take(10))
    g.resolve((14,))
    store = Build("department_store", (40, 41, 42, 45, 46, 47))
    assert store in g.legal_actions()
    g.apply(store)
    assert g.s.buildings[0].shares == ((0, 6),)


def test_declining_leaves_everything_as_it_was() -> None:
    g = store_position()
    before = g.view()["state"]
    g.apply(SWAP)
    events = g.apply(Decline())
    assert any(isinstance(e, TradeAnswered) and not e.accepted for e in events)
    after = g.view()["state"]
    assert after["proposals_made"] == 1
    before["proposals_made"] = after["proposals_made"] = 0
    assert after == before


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
    g.apply(Done())
    g.apply(Take(10))
    g.resolve((14,))
    g.apply(Build("house", (31,)))
    # seat 1 on turn now; seat 0's 31 carries a house
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "trade"
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


def test_proposals_are_bounded_per_turn() -> None:
    g = store_position(trade_proposals=2)
    g.apply(SWAP)
    g.apply(Decline())
    g.apply(SWAP)
    g.apply(Decline())
    assert g.prompt is not None and g.prompt.kind == "choose"


def test_no_exchanges_with_the_option_at_zero() -> None:
    g = store_position(trade_proposals=1)
    g.apply(Done())
    assert g.prompt is not None and g.prompt.kind == "choose"
    g2 = dealt(3)
    assert g2.prompt is not None and g2.prompt.kind == "choose"


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
