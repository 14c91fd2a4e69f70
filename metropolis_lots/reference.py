"""The plain reading of Metropolis: what the rulebook says, lot by lot, slow and obvious.

The engine answers the same questions from tables made once per process (placements as bits
per lot pattern, action objects made once, lot masks kept as lots change hands, the values
kept as buildings go up; see ``rules.py`` and ``tables.py``). The functions here read only
the owners, the buildings, the supply and the offer, and say it as the rules state it, in
the engine's order; the tests check on random games that both agree at every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from common import Action, Result
from common.seats import clockwise
from metropolis_lots.actions import Accept, Build, Decline, Done, Give, Pass, Propose, Take
from metropolis_lots.data import FREE_UNTIL, Rules
from metropolis_lots.state import NO_ONE, Building

if TYPE_CHECKING:
    from metropolis_lots.rules import Metropolis


# ------------------------------------------------------------------ claims (MS-5, MS-6)
def claimants(g: Metropolis, lot: int) -> list[int]:
    """Who may take ``lot`` (ruling MS-6): anyone while fewer than 5 lots of its district are
    owned; later the owners of its neighbours, or anyone when it has no owned neighbour."""
    s = g.s
    everyone = list(range(g.num_players))
    district = lot // 10
    occupied = sum(1 for x in g.r.board.lots if x // 10 == district and s.owner[x] != NO_ONE)
    if occupied < FREE_UNTIL:
        return everyone
    near = sorted({s.owner[x] for x in g.r.board.neighbours[lot] if s.owner[x] != NO_ONE})
    return near or everyone


def may_take(g: Metropolis, seat: int, lot: int) -> bool:
    """Whether ``seat`` may take ``lot``: it has a chip left (MS-5) and a claim (MS-6)."""
    return g.s.chips[seat] > 0 and seat in claimants(g, lot)


def choices(g: Metropolis, seat: int) -> list[Action]:
    """Each offered lot, ascending: take it if allowed, then give it to each seat that may
    take it, clockwise from ``seat``; a seat without chips may not take (MS-5). With option
    ``give_claimed`` off, a lot the seat may take itself is not given away (MS-A10)."""
    s = g.s
    out: list[Action] = []
    for lot in sorted(s.offer):
        allowed = [p for p in claimants(g, lot) if s.chips[p] > 0]
        if seat in allowed:
            out.append(Take(lot))
            if not g.options["give_claimed"]:
                continue
        for p in clockwise(seat, g.num_players, include_start=False):
            if p in allowed:
                out.append(Give(lot, p))
    return out


# ------------------------------------------------------------------ building (MS-7, MS-8)
def builds(g: Metropolis, seat: int) -> list[Action]:
    """Every building ``seat`` may put up (ruling MS-7): by district, model and placement.

    A model still in the supply, not a "No" kind of one standing in the district, on unbuilt
    lots all its own; or for a pool size, on unbuilt owned lots of which one at least is its
    own, while pooling proposals are left this turn (MS-A4). Only districts where the seat
    has an unbuilt lot are looked at.
    """
    s = g.s
    r = g.r
    pooling = s.pool_declined < g.options["pool_proposals"]
    out: list[Action] = []
    for d in r.board.districts:
        lots_here = [x for x in r.board.lots if x // 10 == d]
        if not any(s.owner[x] == seat and s.building_at[x] == NO_ONE for x in lots_here):
            continue
        standing = {b.kind for b in s.buildings if b.district == d}
        for mi, m in enumerate(r.models):
            if s.supply[mi] <= 0 or any(r.chart.forbids(m.kind, k) for k in standing):
                continue
            for p in r.placements[mi][d]:
                if any(s.owner[x] == NO_ONE or s.building_at[x] != NO_ONE for x in p.lots):
                    continue
                mine = sum(1 for x in p.lots if s.owner[x] == seat)
                if mine == len(p.lots) or (pooling and mine > 0 and m.size in r.pool_sizes):
                    out.append(Build(m.id, p.lots))
    return out


def any_building_fits(g: Metropolis) -> bool:
    """Whether some model still in the supply fits on unbuilt lots of a district holding no
    "No" kind of it (ruling MS-8); whose lots they are does not matter."""
    s = g.s
    r = g.r
    for d in r.board.districts:
        standing = {b.kind for b in s.buildings if b.district == d}
        for mi, m in enumerate(r.models):
            if s.supply[mi] <= 0 or any(r.chart.forbids(m.kind, k) for k in standing):
                continue
            for p in r.placements[mi][d]:
                if all(s.building_at[x] == NO_ONE for x in p.lots):
                    return True
    return False


# ------------------------------------------------------------------ negotiating (MS-9)
def swaps(g: Metropolis, seat: int) -> list[Action]:
    """The listed exchange proposals (ruling MS-A5), clockwise by partner: one unbuilt lot of
    ``seat`` next to a lot the partner holds, for one unbuilt lot of the partner next to a lot
    ``seat`` holds (built lots count as held)."""
    s = g.s
    r = g.r

    def unbuilt(p: int) -> list[int]:
        return [x for x in r.board.lots if s.owner[x] == p and s.building_at[x] == NO_ONE]

    def next_to(lot: int, p: int) -> bool:
        return any(s.owner[x] == p for x in r.board.neighbours[lot])

    out: list[Action] = []
    for p in clockwise(seat, g.num_players, include_start=False):
        offered = [x for x in unbuilt(seat) if next_to(x, p)]
        wanted = [x for x in unbuilt(p) if next_to(x, seat)]
        out.extend(Propose(p, (m,), (t,)) for m in offered for t in wanted)
    return out


def exchange_allowed(g: Metropolis, seat: int, trade: Propose) -> bool:
    """Whether ``seat`` may propose ``trade`` (ruling MS-9): to another seat, some unbuilt lots
    of its own (each named once, ascending) for some unbuilt lots of the partner, at least one
    lot in all, and each side with a chip for every lot it gains on balance (MS-A5)."""
    s = g.s
    if trade.partner == seat or trade.partner not in range(g.num_players):
        return False
    if not trade.give and not trade.take:
        return False
    for lots, holder in ((trade.give, seat), (trade.take, trade.partner)):
        if list(lots) != sorted(set(lots)):
            return False
        for lot in lots:
            if lot not in g.r.board.lots or s.owner[lot] != holder:
                return False
            if s.building_at[lot] != NO_ONE:
                return False
    gains = len(trade.take) - len(trade.give)  # the lots ``seat`` gains on balance
    return s.chips[seat] >= gains and s.chips[trade.partner] >= -gains


# ------------------------------------------------------------------ the prompt's choices
def legal_actions(g: Metropolis) -> list[Action]:
    """What the seat asked may do, by the step of the turn: exchanges in the open window
    (MS-9, MS-A13), an answer to an exchange or a pool (MS-A4), a lot chosen (MS-6), or a
    building put up (MS-7); nothing when nobody is asked."""
    s = g.s
    if g.to_act is None:
        return []
    if s.phase == "trade":
        return [Done(), *swaps(g, s.trader)]  # the open window's seat (MS-A13)
    if s.phase in ("answer", "pool"):
        return [Accept(), Decline()]
    if s.phase == "choose":
        return choices(g, s.turn)
    if s.phase == "build":
        return [*builds(g, s.turn), Pass()]
    return []


# ------------------------------------------------------------------ scoring (MS-4, MS-7, MS-8)
def values_of(rules: Rules, buildings: Sequence[Building]) -> tuple[int, ...]:
    """The chart value of every building (ruling MS-4): base, location, and a modifier per
    *other* building of each kind in its district; never below 0."""
    here: dict[int, dict[str, int]] = {}
    for b in buildings:
        counts = here.setdefault(b.district, {})
        counts[b.kind] = counts.get(b.kind, 0) + 1
    places = rules.board.lot_locations
    out = []
    for b in buildings:
        row = rules.chart.rows[b.kind]
        per = row.per_building
        locs = set().union(*(places[lot] for lot in b.lots))
        value = row.base + sum(row.location.get(loc, 0) for loc in locs)
        value += sum(per.get(k, 0) * c for k, c in here[b.district].items())
        value -= per.get(b.kind, 0)  # a building does not modify itself
        out.append(max(0, value))
    return tuple(out)


def credited(value: int, building: Building) -> list[tuple[int, int]]:
    """Who is credited what of a building's value (MS-7): each owner of its lots in
    proportion to the lots it contributed, rounded down, the rest to the builder; by seat."""
    size = len(building.lots)
    parts = {seat: value * lots // size for seat, lots in building.shares}
    parts[building.owner] += value - sum(parts.values())
    return sorted(parts.items())


def scores(g: Metropolis) -> list[int]:
    """Each seat's total: the chart value of every building, from scratch, credited to its
    owners (MS-4, MS-7)."""
    totals = [0] * g.num_players
    for b, value in zip(g.s.buildings, values_of(g.r, g.s.buildings), strict=True):
        for seat, part in credited(value, b):
            totals[seat] += part
    return totals


def result(g: Metropolis) -> Result:
    """The result as the book reads it (MS-8): the highest total wins, ties share the win."""
    totals = scores(g)
    best = max(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == best)
    return Result(tuple(totals), winners, "highest total building value")
