"""Positions for the Metropolis tests, built through supplied chance outcomes and small edits."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from metropolis_lots import Metropolis, new_game
from metropolis_lots.data import DEAL
from metropolis_lots.state import NO_ONE

ALL_LOTS = [d * 10 + i for d in range(1, 9) for i in range(10)]


def dealt(
    players: int,
    hands: Sequence[Sequence[int]] | None = None,
    offer: Sequence[int] = (),
    **options: Any,
) -> Metropolis:
    """A game after the deal (supplied outcome) and the first offer (supplied outcome).

    Hands not given are filled from the lots of districts 8, 7, 6... in order; the offer is
    completed with the lowest free lots of district 3 upward.
    """
    options.setdefault("trade_proposals", 0)
    g = new_game(players=players, seed=0, **options)
    k = DEAL[players]
    given = [list(h) for h in (hands or [])]
    used = {lot for h in given for lot in h} | set(offer)
    spare = [lot for lot in reversed(ALL_LOTS) if lot not in used]
    full = []
    for seat in range(players):
        hand = given[seat] if seat < len(given) else []
        while len(hand) < k:
            hand.append(spare.pop(0))
        full.extend(hand)
    g.resolve(tuple(full))
    rest = [lot for lot in ALL_LOTS if lot not in set(full) and lot not in offer]
    first = list(offer) + rest[: 4 - len(offer)]
    g.resolve(tuple(first))
    return g


def own(g: Metropolis, seat: int, lots: Iterable[int]) -> None:
    """Give ``seat`` these lots off the stack or offer (a chip each), as if taken earlier."""
    s = g.s
    for lot in lots:
        assert s.owner[lot] == NO_ONE, lot
        if lot in s.stack:
            s.stack.remove(lot)
        if lot in s.offer:
            s.offer.remove(lot)
        s.owner[lot] = seat
        s.chips[seat] -= 1
    s.reindex()
    g._memo_key = None


def offer(g: Metropolis, lots: Sequence[int]) -> None:
    """Replace the offer with these unowned lots (back to the stack go the old ones)."""
    s = g.s
    s.stack.extend(s.offer)
    for lot in lots:
        assert s.owner[lot] == NO_ONE, lot
        if lot in s.stack:
            s.stack.remove(lot)
    s.stack.sort()
    s.offer = list(lots)
    g._memo_key = None


def ask_choice(g: Metropolis) -> None:
    """Re-ask the seat on turn to choose a lot, after edits."""
    g.s.reindex()
    g._memo_key = None
    g.choice_step()
    g._sync_pending()  # a step of the core's own ends so: is_over and chance say what it asks


def ask_build(g: Metropolis) -> None:
    """Re-ask the seat on turn to build, after edits."""
    g.s.reindex()
    g._memo_key = None
    g.building_step()
    g._sync_pending()  # a step of the core's own ends so: is_over and chance say what it asks
