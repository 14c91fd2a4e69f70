"""The state of a game of Metropoli: plain attrs records, copied cheaply for clones."""

from __future__ import annotations

from typing import Any

import attrs

IN, LEFT, BANKRUPT = "in", "left", "bankrupt"


@attrs.define(slots=True)
class Auction:
    """A running auction (ruling MI-9; bankruptcy auctions ruling MI-16).

    ``order`` is the call order (from the left of the active player or debtor); ``stage`` is
    bid, raise (the winner may raise the Market Value) or preempt.
    """

    space: int
    kind: str  # "sale" or "bankruptcy"
    order: tuple[int, ...]
    passed: list[bool]
    idx: int = -1
    caller: int = -1
    high: int = 0
    leader: int | None = None
    stage: str = "bid"

    def copy(self) -> Auction:
        """Return an independent copy."""
        return Auction(
            self.space,
            self.kind,
            self.order,
            list(self.passed),
            self.idx,
            self.caller,
            self.high,
            self.leader,
            self.stage,
        )


@attrs.define(slots=True)
class Debt:
    """A sum ``debtor`` owes ``creditor`` (None: the Bank), settled in order."""

    debtor: int
    creditor: int | None
    amount: int
    reason: str
    began: bool = False  # bankruptcy procedure announced for this debt


@attrs.define(slots=True)
class MetropoliState:
    """Everything that changes during a game."""

    cash: list[int]
    pos: list[int]
    status: list[str]
    turns_taken: list[int]
    final_turns: list[int]
    owner: list[int | None]  # by space; None: the Bank (or not a concession)
    heights: list[int]  # by Buildable Area
    roof: list[int]  # by area: 0, or the skyscraper's number 1..4
    caps: list[int]  # by district: 0 uncapped, else the skyscraper's height
    hood_values: list[int]
    deck: list[str]  # Metropoli cards, top first (secret)
    roofs: int = 0
    blocks_left: int = 0
    active: int = 0
    turn_no: int = 0
    final: bool = False
    phase: str = "setup"
    first_rolls: list[int] = attrs.Factory(list)
    contenders: list[int] = attrs.Factory(list)
    roll_idx: int = 0
    last_roll: int = 0
    paid_built: int = 0
    built_areas: list[int] = attrs.Factory(list)
    free_areas: tuple[int, ...] = ()
    cards_read: int = 0
    #: proposals left at the current trading point (the roll, an arrival, the building
    #: step): rulings MI-A2, MI-A26
    proposals_left: int = 0
    trade: tuple[int, tuple[int, ...], tuple[int, ...], int] | None = None
    trade_from: str = "build"  # the step a trade answer returns to: roll, act or build
    trade_cash_set: bool = False
    #: the choices left to the proposal being composed, listed at the offer: its Give, Take
    #: and Cash actions, then Send (once it holds something) and Cancel
    trade_menu: tuple[tuple[Any, ...], ...] = ((), (), (), ())
    auction: Auction | None = None
    debts: list[Debt] = attrs.Factory(list)
    after_debts: str = "build"
    #: the bridge the token stands on and may cross from this turn (-1: none; a crossing
    #: sets it back to -1: one crossing a turn), rulings MI-13, MI-A28
    bridge_at: int = -1

    def copy(self) -> MetropoliState:
        """Return an independent copy (all mutable parts copied); positional for speed."""
        au = self.auction
        return MetropoliState(
            self.cash[:],
            self.pos[:],
            self.status[:],
            self.turns_taken[:],
            self.final_turns[:],
            self.owner[:],
            self.heights[:],
            self.roof[:],
            self.caps[:],
            self.hood_values[:],
            self.deck[:],
            self.roofs,
            self.blocks_left,
            self.active,
            self.turn_no,
            self.final,
            self.phase,
            self.first_rolls[:],
            self.contenders[:],
            self.roll_idx,
            self.last_roll,
            self.paid_built,
            self.built_areas[:],
            self.free_areas,
            self.cards_read,
            self.proposals_left,
            self.trade,
            self.trade_from,
            self.trade_cash_set,
            self.trade_menu,
            None if au is None else au.copy(),
            [Debt(d.debtor, d.creditor, d.amount, d.reason, d.began) for d in self.debts]
            if self.debts
            else [],
            self.after_debts,
            self.bridge_at,
        )
