"""The readable path: legal choices, buildings and swaps straight from the rulebook's words.

The engine lists them from tables made once per process (placements as bits per lot pattern,
action objects, results remembered per lot pattern; see ``rules.py``). These functions say
the same thing plainly, lot by lot, in the same order; the tests check on random games that
both agree at every step (issue 8: a fast path beside the readable one, proved equal).
"""

from __future__ import annotations

from common import Action
from common.seats import clockwise
from metropolis_lots.actions import Build, Done, Give, Pass, Propose, Take
from metropolis_lots.rules import FREE_UNTIL, Metropolis
from metropolis_lots.state import NO_ONE


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


def legal_actions(g: Metropolis) -> list[Action]:
    """What the seat on turn may do, by the phase of the turn, from the functions above."""
    s = g.s
    if g.to_act is None:
        return []
    if s.phase == "choose":
        return choices(g, s.turn)
    if s.phase == "build":
        return [*builds(g, s.turn), Pass()]
    if s.phase == "trade":
        return [Done(), *swaps(g, s.trader)]  # the open window's seat (MS-A13)
    return list(g.legal_actions())  # answers: accept or decline
