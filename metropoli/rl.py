"""Metropoli's fixed encodings: the action catalogue and the observation (``Game`` hooks).

``catalogue`` holds every action ``legal_actions()`` can ever list for the player count, derived
from the data in a fixed order: the answers without arguments, each distance of a triple, each
bid and raise in $50,000 up to ``BID_LIST_CAP`` (ruling MI-A1), each area for a paid or free
block, each concession to go to, give, take or sell, each partner of a proposal, and the listed
trade cash amounts each way (ruling MI-A2). Sums off those lists stay legal through ``apply``
(core ruling CORE-5) but are not in the space.

``observe`` reads the state as a seat sees it (everything but the deck's order), seats counted
from the observer; ``layout(game)`` names its fields.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from common import Action, Game
from common.encoding import Encodings, Field, Layout
from metropoli import data as D
from metropoli.actions import (
    Accept,
    Act,
    Bid,
    Build,
    Cancel,
    Cash,
    Cross,
    Decline,
    Done,
    FreeBlock,
    Give,
    GoTo,
    Offer,
    Pass,
    Preempt,
    Raise,
    Roll,
    Sell,
    Send,
    Steps,
    Take,
)

if TYPE_CHECKING:
    from metropoli.rules import Metropoli

B = D.BOARD
#: every phase a view can show, for a one-hot of what is being decided
PHASES = (
    "setup",
    "first",
    "deal",
    "hoods",
    "deck",
    "roll",
    "dice",
    "move",
    "act",
    "bid",
    "raise",
    "preempt",
    "cross",
    "free",
    "municipality",
    "motorway",
    "build",
    "draft",
    "trade",
    "sell",
    "between",
    "over",
)
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_STATUS = ("in", "left", "bankrupt")
_CONCESSIONS = B.concessions
_CONCESSION_INDEX = {c: i for i, c in enumerate(_CONCESSIONS)}
_AREAS = len(B.area_district)
_MONEY = 10_000_000.0  # a scale for sums of money (twice a starting fortune)


@cache
def _catalogue(players: int) -> tuple[Action, ...]:
    out: list[Action] = [
        Roll(),
        Act(),
        Pass(),
        Preempt(),
        Cross(),
        Done(),
        Send(),
        Cancel(),
        Accept(),
        Decline(),
    ]
    out += [Steps(n) for n in range(1, B.size + 1)]
    prices = range(D.BID_UNIT, D.BID_LIST_CAP + 1, D.BID_UNIT)
    out += [Bid(x) for x in prices]
    out += [Raise(x) for x in prices]
    out += [Build(x) for x in range(_AREAS)]
    out += [FreeBlock(x) for x in range(_AREAS)]
    out += [GoTo(c) for c in _CONCESSIONS]
    out += [Give(c) for c in _CONCESSIONS]
    out += [Take(c) for c in _CONCESSIONS]
    out += [Sell(c) for c in _CONCESSIONS]
    out += [Offer(p) for p in range(players)]
    out += [Cash(x) for x in D.TRADE_PRICES]
    out += [Cash(-x) for x in D.TRADE_PRICES]
    return tuple(out)


def catalogue(game: Game) -> Sequence[Action]:
    """Every action ``legal_actions()`` can list with this many players, in a fixed order."""
    return _catalogue(game.num_players)


def _key(game: Game) -> int:
    return game.num_players


@cache
def _layout(n: int) -> Layout:
    seats = f"per seat, the observer's first then clockwise ({n})"
    rel = f"a one-hot of a seat counted from the observer, the last of {n + 1} for nobody"
    c = len(_CONCESSIONS)
    return Layout(
        [
            Field("phase", len(PHASES), f"a one-hot of the phase: {', '.join(PHASES)}"),
            Field("to_act", n + 1, f"the seat asked: {rel}"),
            Field("active", n + 1, f"the active player: {rel}"),
            Field("final_phase", 1, "1 in the final phase (MI-17)"),
            Field("completion", 1, "1 in the completion phase, after roof 4 (MI-11)"),
            Field("turn", 1, "the turn counter / 1000 (at most 1)"),
            Field("skyscrapers", 1, f"skyscrapers built / {D.ROOFS}"),
            Field("blocks_left", 1, f"blocks left in the supply / {D.BLOCK_SUPPLY}"),
            Field("deck", 1, f"cards in the deck / {D.MAX_DECK} (its order is secret)"),
            Field("paid_blocks", 1, f"paid blocks this turn / {D.BLOCKS_PER_TURN} (MI-10)"),
            Field("last_roll", 1, "the last roll's total / 18"),
            Field("cash", n, f"{seats}: cash / {_MONEY:,.0f}"),
            Field("position", n, f"{seats}: space / {B.size - 1}"),
            Field("first_round", n, f"{seats}: 1 before the seat's first turn is over (MI-12)"),
            Field("final_turns", n, f"{seats}: turns taken in the final phase / 40"),
            Field("status", n * len(_STATUS), f"{seats}: a one-hot of {', '.join(_STATUS)}"),
            Field("owners", c * (n + 1), f"per concession ({c}, board order), its holder: {rel}"),
            Field("heights", _AREAS, f"per Buildable Area, its height / {D.MAX_HEIGHT}"),
            Field("roofs", _AREAS, f"per area, its skyscraper's roof number / {D.ROOFS}"),
            Field("built_here", _AREAS, "1 where a block went up this turn (MI-10)"),
            Field("caps", len(B.district_names), f"per district, its cap / {D.MAX_HEIGHT}"),
            Field(
                "hood_values", len(B.hood_streets), "per neighbourhood, its value / 400,000 (MI-7)"
            ),
            Field("auction", 1, "1 while an auction runs"),
            Field("auction_space", c, "a one-hot of the concession auctioned"),
            Field("auction_kind", 1, "1 for a bankruptcy auction (MI-16)"),
            Field("auction_price", 1, f"the highest bid / {_MONEY:,.0f}"),
            Field("auction_stage", 3, "a one-hot of the stage: bid, raise, preempt (MI-9)"),
            Field("auction_passed", n, f"{seats}: 1 for a seat out of this auction"),
            Field("auction_leader", n + 1, f"the highest bidder: {rel}"),
            Field("trade", 1, "1 while a trade is composed or answered (MI-18)"),
            Field("trade_partner", n + 1, f"the partner: {rel}"),
            Field("trade_give", c, "1 per concession the proposer gives"),
            Field("trade_take", c, "1 per concession the proposer takes"),
            Field("trade_cash", 1, f"the cash the proposer adds (negative: asks) / {_MONEY:,.0f}"),
            Field("trade_sent", 1, "1 once the proposal is sent"),
            Field("owed", 2, f"what the observer owes, then is owed / {_MONEY:,.0f} (MI-16)"),
        ]
    )


def layout(game: Game) -> Layout:
    """The observation's fields for the game's player count."""
    return _layout(game.num_players)


@cache
def _offsets(n: int) -> dict[str, int]:
    lay = _layout(n)
    return {f.name: lay.offset(f.name) for f in lay.fields}


_STAGES = {"bid": 0, "raise": 1, "preempt": 2}
_STATUS_AT = {k: i for i, k in enumerate(_STATUS)}


def observe(game: Metropoli, seat: int) -> array[float]:
    """What ``seat`` sees as numbers, laid out as ``layout(game)`` (never the deck order)."""
    s = game.s
    n = game.num_players
    out = _layout(n).zeros()
    at = _offsets(n)
    out[at["phase"] + _PHASE_INDEX.get(s.phase, 0)] = 1.0
    p = game.prompt
    out[at["to_act"] + (n if p is None else (p.seat - seat) % n)] = 1.0
    out[at["active"] + (s.active - seat) % n] = 1.0
    if s.final:
        out[at["final_phase"]] = 1.0
    if s.roofs == D.ROOFS:
        out[at["completion"]] = 1.0
    out[at["turn"]] = min(s.turn_no, 1000) / 1000.0
    out[at["skyscrapers"]] = s.roofs / D.ROOFS
    out[at["blocks_left"]] = s.blocks_left / D.BLOCK_SUPPLY
    out[at["deck"]] = len(s.deck) / D.MAX_DECK
    out[at["paid_blocks"]] = s.paid_built / D.BLOCKS_PER_TURN
    out[at["last_roll"]] = s.last_roll / 18.0
    cash, pos, first, final, status = (
        at["cash"],
        at["position"],
        at["first_round"],
        at["final_turns"],
        at["status"],
    )
    for k in range(n):
        x = (seat + k) % n
        out[cash + k] = s.cash[x] / _MONEY
        out[pos + k] = s.pos[x] / (B.size - 1)
        if s.turns_taken[x] == 0:
            out[first + k] = 1.0
        out[final + k] = s.final_turns[x] / 40.0
        out[status + k * len(_STATUS) + _STATUS_AT[s.status[x]]] = 1.0
    owners, width, owner = at["owners"], n + 1, s.owner
    for i, c in enumerate(_CONCESSIONS):
        holder = owner[c]
        out[owners + i * width + (n if holder is None else (holder - seat) % n)] = 1.0
    heights, roofs = at["heights"], at["roofs"]
    for a, h in enumerate(s.heights):
        if h:
            out[heights + a] = h / D.MAX_HEIGHT
    for a, r in enumerate(s.roof):
        if r:
            out[roofs + a] = r / D.ROOFS
    for a in s.built_areas:
        out[at["built_here"] + a] = 1.0
    caps = at["caps"]
    for d, cap in enumerate(s.caps):
        out[caps + d] = cap / D.MAX_HEIGHT
    hoods = at["hood_values"]
    for h, v in enumerate(s.hood_values):
        out[hoods + h] = v / 400_000.0
    au = s.auction
    if au is not None:
        out[at["auction"]] = 1.0
        out[at["auction_space"] + _CONCESSION_INDEX[au.space]] = 1.0
        if au.kind == "bankruptcy":
            out[at["auction_kind"]] = 1.0
        out[at["auction_price"]] = au.high / _MONEY
        out[at["auction_stage"] + _STAGES[au.stage]] = 1.0
        passed = at["auction_passed"]
        for x in au.order:
            if au.passed[x]:
                out[passed + (x - seat) % n] = 1.0
        leader = au.leader
        out[at["auction_leader"] + (n if leader is None else (leader - seat) % n)] = 1.0
    tr = s.trade
    if tr is not None:
        out[at["trade"]] = 1.0
        out[at["trade_partner"] + (tr[0] - seat) % n] = 1.0
        give, take = at["trade_give"], at["trade_take"]
        for c in tr[1]:
            out[give + _CONCESSION_INDEX[c]] = 1.0
        for c in tr[2]:
            out[take + _CONCESSION_INDEX[c]] = 1.0
        out[at["trade_cash"]] = tr[3] / _MONEY
        if s.phase == "trade":
            out[at["trade_sent"]] = 1.0
    owed = at["owed"]
    for debt in s.debts:
        if debt.debtor == seat:
            out[owed] += debt.amount / _MONEY
        if debt.creditor == seat:
            out[owed + 1] += debt.amount / _MONEY
    return out


ENCODINGS = Encodings(catalogue, layout, observe, _key)
"""Metropoli's encodings: the catalogue depends on the player count only."""
