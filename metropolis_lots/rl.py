"""Metropolis' fixed encodings: the action catalogue and the observation (``Game`` hooks).

The catalogue holds every action that ``legal_actions()`` can ever list for the game's player
count and options, derived from the data in a fixed order, the very objects the rules hand
out: the four answers, every lot taken or given to each seat, every building placement (a
pooled building is the same ``build`` action), and the exchange proposals ruling MS-A5 lists
(one lot for one lot with any other seat). Larger exchanges stay legal through ``apply`` but
are not in the space.

Nothing on the table is secret (the stack has no order, ruling MS-A7), so the observation
reads the state directly, seats counted from the observer; ``layout(game)`` names its fields.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from common import Action, Game
from common.encoding import Encodings, Field, Layout
from metropolis_lots.data import chart_key, rules_for
from metropolis_lots.tables import ACCEPT, DECLINE, DONE, GIVES, PASS, TAKES, swap

if TYPE_CHECKING:
    from metropolis_lots.rules import Metropolis

#: the phases a position can be in, for a one-hot of what is being decided
PHASES = ("deal", "offer", "trade", "answer", "choose", "refill", "build", "pool", "over")
_PHASE_AT = {p: i for i, p in enumerate(PHASES)}
_SCALE_CHIPS = 30.0
_SCALE_SCORE = 100.0


def _key(game: Game) -> tuple[int, str | None, str]:
    return (game.num_players, chart_key(game.options["chart"]), game.options["rotation"])


def catalogue(game: Game) -> Sequence[Action]:
    """Every action ``legal_actions()`` can list for these players and options, fixed order."""
    players, chart, rotation = _key(game)
    r = rules_for(chart, rotation)
    lots = r.board.lots
    out: list[Action] = [DONE, PASS, ACCEPT, DECLINE]
    out += [TAKES[lot] for lot in lots]
    out += [GIVES[lot][to] for lot in lots for to in range(players)]
    out += [a for mi in range(len(r.models)) for d in r.board.districts for _, a in r.builds[mi][d]]
    # ruling MS-A5: the listed proposals are one-for-one swaps with any other seat
    out += [
        swap(p, give, take)
        for p in range(players)
        for give in lots
        for take in lots
        if give != take
    ]
    return out


@cache
def _kinds(chart: str | None) -> tuple[str, ...]:
    r = rules_for(chart)
    return tuple(dict.fromkeys(m.kind for m in r.models))


@cache
def _layout(players: int, chart: str | None, rotation: str) -> Layout:
    r = rules_for(chart, rotation)
    lots = len(r.board.lots)
    kinds = _kinds(chart)
    seats = f"per seat, the observer's first then clockwise ({players})"
    return Layout(
        [
            Field(
                "owner",
                lots * players,
                f"per lot (ascending, {lots}), a one-hot of its owner counted from the observer",
            ),
            Field("built", lots, "1 where the lot carries a building"),
            Field("kind", lots * len(kinds), f"per lot, a one-hot of its building's kind: {kinds}"),
            Field("offer", lots, "1 where the lot is among those on offer"),
            Field("trade_give", lots, "1 where the lot is given in the pending exchange"),
            Field("trade_take", lots, "1 where the lot is taken in the pending exchange"),
            Field("pool", lots, "1 where the lot is in the pending pooled building"),
            Field("supply", len(r.models), "each building model's supply left / its count"),
            Field("chips", players, f"{seats}: chips left / {_SCALE_CHIPS:g}"),
            Field("scores", players, f"{seats}: building value now / {_SCALE_SCORE:g}"),
            Field("turn", players, f"{seats}: 1 for the seat on turn"),
            Field("trader", players, f"{seats}: 1 for the seat whose exchange window is open"),
            Field("phase", len(PHASES), f"a one-hot of the phase: {', '.join(PHASES)}"),
            Field("stack", 1, f"the lots still to draw / {lots}"),
            Field("final", 1, "build turns left in the final round / the players (MS-8)"),
            Field("proposals", 1, "exchange proposals made in this window / 10"),
            Field("to_act", 1, "1 when the observer is the seat asked"),
        ]
    )


def layout(game: Game) -> Layout:
    """The observation's fields for the game's players and options."""
    return _layout(*_key(game))


@cache
def _plan(players: int, chart: str | None, rotation: str) -> tuple[Any, ...]:
    """What ``observe`` reads for a game of these players and options, worked out once."""
    r = rules_for(chart, rotation)
    lay = _layout(players, chart, rotation)
    slot = [-1] * 100
    for i, lot in enumerate(r.board.lots):
        slot[lot] = i
    kind_at = {k: i for i, k in enumerate(_kinds(chart))}
    get_owners = itemgetter(*r.board.lots)
    # per lot and owner, where its 1 goes in ``owner`` from each observer's side
    owner_cell = [[[-1] * players for _ in range(players)] for _ in range(len(r.board.lots))]
    at = lay.offset("owner")
    for i in range(len(r.board.lots)):
        for seat in range(players):
            for o in range(players):
                owner_cell[i][seat][o] = at + i * players + (o - seat) % players
    offsets = {f.name: lay.offset(f.name) for f in lay.fields}
    counts = tuple(m.count for m in r.models)
    #: (kind, lots) of a building -> the cells of ``built`` and ``kind`` it sets, made as met
    cells: dict[tuple[str, tuple[int, ...]], tuple[int, ...]] = {}
    return lay, tuple(slot), kind_at, get_owners, owner_cell, offsets, counts, cells


def observe(game: Metropolis, seat: int) -> array[float]:
    """What ``seat`` sees as numbers, laid out as ``layout(game)``."""
    from metropolis_lots.rules import scores_of

    s = game.s
    r = game.r
    n = game.num_players
    lay, slot, kind_at, get_owners, owner_cell, at, counts, cells = _plan(*_key(game))
    out: array[float] = lay.zeros()
    for i, o in enumerate(get_owners(s.owner)):
        if o >= 0:
            out[owner_cell[i][seat][o]] = 1.0
    for b in s.buildings:
        found = cells.get((b.kind, b.lots))
        if found is None:
            built, kind, k = at["built"], at["kind"], kind_at[b.kind]
            found = cells[b.kind, b.lots] = tuple(
                c
                for lot in b.lots
                for c in (built + slot[lot], kind + slot[lot] * len(kind_at) + k)
            )
        for c in found:
            out[c] = 1.0
    offer = at["offer"]
    for lot in s.offer:
        out[offer + slot[lot]] = 1.0
    if s.trade is not None:
        give, take = at["trade_give"], at["trade_take"]
        for lot in s.trade.give:
            out[give + slot[lot]] = 1.0
        for lot in s.trade.take:
            out[take + slot[lot]] = 1.0
    if s.pool is not None:
        pool = at["pool"]
        for lot in s.pool.lots:
            out[pool + slot[lot]] = 1.0
    supply = at["supply"]
    for i, left in enumerate(s.supply):
        out[supply + i] = left / counts[i]
    chips, scores = at["chips"], at["scores"]
    score = scores_of(s.buildings, s.values, n)
    for k in range(n):
        p = (seat + k) % n
        out[chips + k] = s.chips[p] / _SCALE_CHIPS
        out[scores + k] = score[p] / _SCALE_SCORE
    out[at["turn"] + (s.turn - seat) % n] = 1.0
    if s.trader >= 0:
        out[at["trader"] + (s.trader - seat) % n] = 1.0
    out[at["phase"] + _PHASE_AT[s.phase]] = 1.0
    out[at["stack"]] = len(s.stack) / len(r.board.lots)
    out[at["final"]] = max(0, s.final_left) / n
    out[at["proposals"]] = s.proposals / 10
    asked = game.prompt
    if asked is not None and asked.seat == seat:
        out[at["to_act"]] = 1.0
    return out


ENCODINGS = Encodings(catalogue, layout, observe, _key)
"""Metropolis' encodings: the catalogue depends on the players, the chart and the rotation."""

__all__ = ["ENCODINGS", "PHASES", "catalogue", "layout", "observe"]
