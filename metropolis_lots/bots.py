"""Bots for Metropolis: the core's RandomBot and a greedy heuristic that reads the chart.

The heuristic values a seat's position district by district: its share of the buildings
standing there plus half the value of the best building its unbuilt lots there could still
hold. Every decision (lot, building, pool, exchange) takes the choice that raises that
estimate most; only the districts a choice touches are re-valued.
"""

from __future__ import annotations

from collections.abc import Sequence

from common import Action, Game, GameRandom, RandomBot
from metropolis_lots.actions import Accept, Build, Decline, Done, Give, Pass, Propose, Take
from metropolis_lots.data import Rules
from metropolis_lots.rules import Metropolis, split_value, values_of
from metropolis_lots.state import Building, MetropolisState

__all__ = ["HeuristicBot", "RandomBot"]

POTENTIAL = 0.5  # weight of what unbuilt lots could still hold
LOT_BONUS = 0.3  # a lot next to one's own lot keeps claims open (ruling MS-6)


def _location_bonus(r: Rules, kind: str, lots: tuple[int, ...]) -> int:
    row = r.chart.rows[kind]
    return sum(row.location.get(loc, 0) for loc in r.board.locations_of(lots))


class _Valuer:
    """District-by-district estimate of a seat's worth, on hypothetical lot owners."""

    def __init__(self, r: Rules) -> None:
        self.r = r
        self.loc = [
            {
                d: [(p.mask, _location_bonus(r, m.kind, p.lots)) for p in r.placements[mi][d]]
                for d in r.board.districts
            }
            for mi, m in enumerate(r.models)
        ]

    def worth(
        self,
        seat: int,
        d: int,
        owner: Sequence[int],
        built: Sequence[int],
        buildings: Sequence[Building],
        values: Sequence[int],
        supply: Sequence[int],
        weight: float,
    ) -> float:
        """The seat's share of district ``d``'s buildings plus its unbuilt lots' promise."""
        r = self.r
        total: float = 0.0
        here: dict[str, int] = {}
        for i, b in enumerate(buildings):
            if b.district != d:
                continue
            here[b.kind] = here.get(b.kind, 0) + 1
            if any(s == seat for s, _ in b.shares):
                total += dict(split_value(values[i], b)).get(seat, 0)
        if weight <= 0:
            return total
        base = d * 10
        own = 0
        for i in range(10):
            if owner[base + i] == seat and built[base + i] < 0:
                own |= 1 << i
                near = r.board.neighbours[base + i]
                if any(owner[x] == seat for x in near):
                    total += LOT_BONUS
        if not own:
            return total
        best = 0
        for mi, m in enumerate(r.models):
            if supply[mi] <= 0 or any(k in here for k in r.forbidden[m.kind]):
                continue
            row = r.chart.rows[m.kind]
            mod = row.base + sum(row.per_building.get(k, 0) * c for k, c in here.items())
            for mask, bonus in self.loc[mi][d]:
                if mask & own == mask and mod + bonus > best:
                    best = mod + bonus
        return total + weight * best


_VALUERS: dict[int, _Valuer] = {}


def _valuer(r: Rules) -> _Valuer:
    """The valuer of a rules set, made once (the rules are cached and immutable)."""
    v = _VALUERS.get(id(r))
    if v is None or v.r is not r:
        v = _VALUERS[id(r)] = _Valuer(r)
    return v


class HeuristicBot:
    """Greedy on the chart: takes promising lots, builds what adds most, trades to complete."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = GameRandom(seed)
        self._tried: set[Propose] = set()
        self._pools: set[Build] = set()

    # ------------------------------------------------------------------ helpers
    def _weight(self, s: MetropolisState) -> float:
        return 0.0 if s.final_left >= 0 else POTENTIAL

    def _gain(
        self,
        g: Metropolis,
        seat: int,
        districts: set[int],
        owner: list[int],
        built: list[int],
        buildings: list[Building],
        supply: list[int],
    ) -> float:
        s = g.s
        v = _valuer(g.r)
        w = self._weight(s)
        values = s.values if buildings is s.buildings else values_of(g.r, buildings)
        after = sum(v.worth(seat, d, owner, built, buildings, values, supply, w) for d in districts)
        before = sum(
            v.worth(seat, d, s.owner, s.building_at, s.buildings, s.values, s.supply, w)
            for d in districts
        )
        return after - before

    def _lot_gain(self, g: Metropolis, seat: int, lot: int) -> float:
        s = g.s
        owner = list(s.owner)
        owner[lot] = seat
        return self._gain(g, seat, {lot // 10}, owner, s.building_at, s.buildings, s.supply)

    def _build_gain(self, g: Metropolis, seat: int, a: Build) -> float:
        s = g.s
        owner = list(s.owner)
        built = list(s.building_at)
        counts: dict[int, int] = {}
        for lot in a.lots:
            counts[owner[lot]] = counts.get(owner[lot], 0) + 1
            owner[lot] = s.turn
            built[lot] = len(s.buildings)
        m = g.r.model_by_id[a.model]
        b = Building(a.model, m.kind, a.lots, s.turn, tuple(sorted(counts.items())))
        supply = list(s.supply)
        supply[g.r.models.index(m)] -= 1
        return self._gain(g, seat, {a.lots[0] // 10}, owner, built, [*s.buildings, b], supply)

    def _trade_gain(self, g: Metropolis, seat: int, a: Propose, proposer: int) -> float:
        s = g.s
        owner = list(s.owner)
        for lot in a.give:
            owner[lot] = a.partner
        for lot in a.take:
            owner[lot] = proposer
        districts = {lot // 10 for lot in (*a.give, *a.take)}
        return self._gain(g, seat, districts, owner, s.building_at, s.buildings, s.supply)

    # ------------------------------------------------------------------ decisions
    def choose(self, game: Game, seat: int) -> Action:
        """Pick the action that raises this seat's estimate most."""
        assert isinstance(game, Metropolis)
        g = game
        kind = g.s.phase
        if kind == "choose":
            return self._choose_lot(g, seat)
        if kind == "build":
            return self._build(g, seat)
        if kind == "pool":
            pool = g.s.pool
            assert pool is not None
            return Accept() if self._build_gain(g, seat, pool) > 0 else Decline()
        if kind == "answer":
            trade = g.s.trade
            assert trade is not None
            return Accept() if self._trade_gain(g, seat, trade, g.s.turn) > 0 else Decline()
        if kind == "trade":
            return self._propose(g, seat)
        legal = g.legal_actions()
        return legal[0]

    def _choose_lot(self, g: Metropolis, seat: int) -> Action:
        best: Action | None = None
        best_score = -1e9
        gives: list[Give] = []
        for a in g.legal_actions():
            if isinstance(a, Take):
                score = self._lot_gain(g, seat, a.lot) + 0.01 * self.rng.random()
                if score > best_score:
                    best, best_score = a, score
            elif isinstance(a, Give):
                gives.append(a)
        if best is not None:
            return best
        # forced to give: hand over what helps its receiver least
        return min(gives, key=lambda a: (self._lot_gain(g, a.to, a.lot), a.lot, a.to))

    def _build(self, g: Metropolis, seat: int) -> Action:
        if g.s.pool_declined == 0:
            self._pools = set()
        best: Action = Pass()
        best_score = 0.0
        for a in g.legal_actions():
            if isinstance(a, Build) and a not in self._pools:
                score = self._build_gain(g, seat, a)
                if score > best_score + 1e-9:
                    best, best_score = a, score
        if isinstance(best, Build):
            self._pools.add(best)  # a declined pool is not proposed again this turn
        return best

    def _propose(self, g: Metropolis, seat: int) -> Action:
        s = g.s
        if s.proposals == 0:
            self._tried = set()
        r = g.r
        mine = s.unbuilt_of(seat)
        best: Propose | None = None
        best_score = 0.5
        for p in range(g.num_players):
            if p == seat:
                continue
            theirs = s.unbuilt_of(p)
            # swaps where each side's new lot touches a lot it already owns
            wanted = [t for t in theirs if any(s.owner[x] == seat for x in r.board.neighbours[t])]
            offered = [m for m in mine if any(s.owner[x] == p for x in r.board.neighbours[m])]
            for t in wanted:
                for m in offered:
                    a = Propose(p, (m,), (t,))
                    if a in self._tried or not g.proposal_ok(seat, a):
                        continue
                    mine_gain = self._trade_gain(g, seat, a, seat)
                    if mine_gain <= best_score:
                        continue
                    if self._trade_gain(g, p, a, seat) > 0:
                        best, best_score = a, mine_gain
        if best is None:
            return Done()
        self._tried.add(best)
        return best
