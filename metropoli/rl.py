"""Metropoli as a fixed action space and observation vector (the core's PettingZoo adapter,
issue 10, extra ``[rl]``).

``catalogue`` holds every action ``legal_actions()`` can ever list for the player count, derived
from the data in a fixed order: the answers without arguments, each distance of a triple, each
bid and raise in $50,000 up to ``BID_LIST_CAP`` (ruling MI-A1), each area for a paid or free
block, each concession to go to, give, take or sell, each partner of a proposal, and the listed
trade cash amounts each way (ruling MI-A2). Sums off those lists stay legal through ``apply``
(core ruling CORE-5) but are not in the space.

``observe`` turns ``game.view(seat)`` into numbers, seats counted from the observer.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from common import Action, Game
from common.rl import RLSpec
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


def _rel(seat: int | None, me: int, n: int) -> list[float]:
    """A one-hot of ``seat`` counted from ``me`` (index n: nobody)."""
    out = [0.0] * (n + 1)
    out[n if seat is None else (seat - me) % n] = 1.0
    return out


def observe(game: Game, seat: int) -> Sequence[float]:
    """What ``seat`` sees as numbers, from ``game.view(seat)`` only (never the deck order)."""
    view = game.view(seat)
    st: dict[str, Any] = view["state"]
    n = len(view["players"])
    order = [(seat + k) % n for k in range(n)]  # the observer first
    out: list[float] = [0.0] * len(PHASES)
    out[_PHASE_INDEX.get(st["phase"], 0)] = 1.0
    out += _rel(view["to_act"], seat, n)
    out += _rel(st["active"], seat, n)
    out += [
        float(st["final_phase"]),
        float(st["completion_phase"]),
        min(st["turn"], 1000) / 1000.0,
        st["skyscrapers"] / D.ROOFS,
        st["blocks_left"] / D.BLOCK_SUPPLY,
        st["deck_size"] / D.MAX_DECK,
        st["paid_blocks_this_turn"] / D.BLOCKS_PER_TURN,
        st["last_roll"] / 18.0,
    ]
    for x in order:
        out += [
            st["cash"][x] / _MONEY,
            st["positions"][x] / (B.size - 1),
            float(st["first_round"][x]),
            st["final_turns"][x] / 40.0,
        ]
        out += [1.0 if st["status"][x] == k else 0.0 for k in _STATUS]
    owners = st["owners"]
    for c in _CONCESSIONS:
        out += _rel(owners[str(c)], seat, n)
    built = set(st["areas_built_this_turn"])
    for a in range(_AREAS):
        out += [st["heights"][a] / D.MAX_HEIGHT, st["roofs"][a] / D.ROOFS, float(a in built)]
    out += [cap / D.MAX_HEIGHT for cap in st["district_caps"]]
    out += [v / 400_000.0 for v in st["neighbourhood_values"]]
    out += _auction(st["auction"], seat, n)
    out += _trade(st["trade"], seat, n)
    owed = [0.0, 0.0]  # what the observer owes, and is owed
    for d in st["debts"]:
        if d["debtor"] == seat:
            owed[0] += d["amount"] / _MONEY
        if d["creditor"] == seat:
            owed[1] += d["amount"] / _MONEY
    return out + owed


def _auction(au: dict[str, Any] | None, seat: int, n: int) -> list[float]:
    space = [0.0] * len(_CONCESSIONS)
    if au is None:
        return [0.0, *space, 0.0, 0.0, 0.0, *([0.0] * n), *_rel(None, seat, n), 0.0, 0.0]
    space[_CONCESSION_INDEX[au["space"]]] = 1.0
    passed = [0.0] * n
    for x in au["passed"]:
        passed[(x - seat) % n] = 1.0
    return [
        1.0,
        *space,
        float(au["kind"] == "bankruptcy"),
        au["price"] / _MONEY,
        float(au["stage"] == "raise"),
        *passed,
        *_rel(au["leader"], seat, n),
        float(au["stage"] == "preempt"),
        float(au["stage"] == "bid"),
    ]


def _trade(tr: dict[str, Any] | None, seat: int, n: int) -> list[float]:
    give = [0.0] * len(_CONCESSIONS)
    take = [0.0] * len(_CONCESSIONS)
    if tr is None:
        return [0.0, *_rel(None, seat, n), *give, *take, 0.0, 0.0]
    for c in tr["give"]:
        give[_CONCESSION_INDEX[c]] = 1.0
    for c in tr["take"]:
        take[_CONCESSION_INDEX[c]] = 1.0
    return [
        1.0,
        *_rel(tr["partner"], seat, n),
        *give,
        *take,
        tr["cash"] / _MONEY,
        float(tr["sent"]),
    ]


RL = RLSpec(catalogue, observe)
"""The Metropoli entry of ``GameInfo.rl``."""
