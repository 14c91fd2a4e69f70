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
from metropolis_lots.rules import Metropolis, split_value
from metropolis_lots.state import Building
from metropolis_lots.tables import revalue

__all__ = ["Gains", "HeuristicBot", "RandomBot", "swap_candidates", "worth_of"]

POTENTIAL = 0.5  # weight of what unbuilt lots could still hold
LOT_BONUS = 0.3  # a lot next to one's own lot keeps claims open (ruling MS-6)


def _location_bonus(r: Rules, kind: str, lots: tuple[int, ...]) -> int:
    row = r.chart.rows[kind]
    return sum(row.location.get(loc, 0) for loc in r.board.locations_of(lots))


class _Valuer:
    """District-by-district estimate of a seat's worth, on hypothetical lot owners."""

    def __init__(self, r: Rules) -> None:
        self.r = r
        some = r.board.districts[0]
        #: per district, the location bonus of each placement, by its rank in ``r.placed``
        self.bonus = {
            d: tuple(_location_bonus(r, r.models[mi].kind, a.lots) for mi, _, a in r.placed[d])
            for d in r.board.districts
        }
        #: the model of each placement rank (every district shares one geometry, MS-1)
        self.model_of = tuple(mi for mi, _, _ in r.placed[some])
        #: per lot bit of a district, the bits of its neighbours (all inside the district)
        self.near = tuple(
            sum(1 << (x % 10) for x in r.board.neighbours.get(some * 10 + i, ())) for i in range(10)
        )
        self._worth: dict[tuple[object, ...], float] = {}
        self._mods: dict[tuple[tuple[tuple[str, int], ...], tuple[int, ...]], tuple[int, ...]] = {}

    def _modifiers(self, here: dict[str, int], supply: Sequence[int]) -> tuple[int, ...]:
        """Per model, its chart value before location in a district holding ``here``; -1 when
        the supply has none left or a "No" kind (MS-4) stands there."""
        key = (tuple(sorted(here.items())), tuple(supply))
        found = self._mods.get(key)
        if found is None:
            r = self.r
            out = []
            for mi, m in enumerate(r.models):
                if supply[mi] <= 0 or any(k in here for k in r.forbidden[m.kind]):
                    out.append(-1)
                    continue
                row = r.chart.rows[m.kind]
                out.append(row.base + sum(row.per_building.get(k, 0) * c for k, c in here.items()))
            if len(self._mods) > 50_000:
                self._mods.clear()
            found = self._mods[key] = tuple(out)
        return found

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
        # remembered per district state: a search meets the same districts again and again
        inside = [i for i, b in enumerate(buildings) if b.district == d]
        base = d * 10
        key = (
            seat,
            d,
            weight,
            tuple(owner[base : base + 10]),
            tuple(
                (b.model, b.lots, b.owner, b.shares, values[i])
                for i in inside
                for b in (buildings[i],)
            ),
            tuple(supply),
        )
        found = self._worth.get(key)
        if found is not None:
            return found
        total: float = 0.0
        here: dict[str, int] = {}
        for i in inside:
            b = buildings[i]
            here[b.kind] = here.get(b.kind, 0) + 1
            for s, _ in b.shares:
                if s == seat:
                    total += dict(split_value(values[i], b)).get(seat, 0)
                    break
        if weight > 0:
            total = self.promise(seat, d, owner, built, here, supply, weight, total)
        if len(self._worth) > 50_000:
            self._worth.clear()
        self._worth[key] = total
        return total

    def promise(
        self,
        seat: int,
        d: int,
        owner: Sequence[int],
        built: Sequence[int],
        here: dict[str, int],
        supply: Sequence[int],
        weight: float,
        total: float,
    ) -> float:
        """``total`` plus what the seat's unbuilt lots in ``d`` promise (``here``: the kinds
        standing there, counted): a bonus per lot touching another of its lots, and
        ``weight`` times the best building they could hold."""
        base = d * 10
        own = held = 0
        for i in range(10):
            if owner[base + i] == seat:
                held |= 1 << i
                if built[base + i] < 0:
                    own |= 1 << i
        if not own:
            return total
        near = self.near
        for i in range(10):
            if own >> i & 1 and near[i] & held:
                total += LOT_BONUS
        ranks = self.r.inside[own]
        if not ranks:
            return total
        mods = self._modifiers(here, supply)
        model_of = self.model_of
        bonus = self.bonus[d]
        best = 0
        for k in ranks:
            mod = mods[model_of[k]]
            if mod >= 0 and mod + bonus[k] > best:
                best = mod + bonus[k]
        return total + weight * best


_VALUERS: dict[int, _Valuer] = {}


def _valuer(r: Rules) -> _Valuer:
    """The valuer of a rules set, made once (the rules are cached and immutable)."""
    v = _VALUERS.get(id(r))
    if v is None or v.r is not r:
        v = _VALUERS[id(r)] = _Valuer(r)
    return v


class Gains:
    """What each choice adds to one seat's estimate (``_Valuer.worth`` summed over the districts
    it touches): the scoring the heuristic bot and the search's ranker share.

    Made for one position; the worth before any choice is computed once per district.
    """

    def __init__(self, g: Metropolis, seat: int) -> None:
        self.g = g
        self.seat = seat
        self.s = g.s
        self.v = _valuer(g.r)
        self.w = 0.0 if g.s.final_left >= 0 else POTENTIAL
        self._before: dict[int, float] = {}

    def _worth_now(self, d: int) -> float:
        found = self._before.get(d)
        if found is None:
            s = self.s
            found = self._before[d] = self.v.worth(
                self.seat, d, s.owner, s.building_at, s.buildings, s.values, s.supply, self.w
            )
        return found

    def _gain(
        self,
        districts: set[int],
        owner: list[int],
        built: list[int],
        buildings: list[Building],
        values: Sequence[int],
        supply: list[int],
    ) -> float:
        v = self.v
        seat = self.seat
        w = self.w
        after = sum(v.worth(seat, d, owner, built, buildings, values, supply, w) for d in districts)
        return after - sum(self._worth_now(d) for d in districts)

    def lot(self, lot: int, to: int | None = None) -> float:
        """The gain of ``lot`` going to ``to`` (this seat by default)."""
        s = self.s
        owner = list(s.owner)
        owner[lot] = self.seat if to is None else to
        return self._gain({lot // 10}, owner, s.building_at, s.buildings, s.values, s.supply)

    def build(self, a: Build) -> float:
        """The gain of the seat on turn putting up ``a`` (pooled or not)."""
        s = self.s
        owner = list(s.owner)
        built = list(s.building_at)
        counts: dict[int, int] = {}
        for lot in a.lots:
            counts[owner[lot]] = counts.get(owner[lot], 0) + 1
            owner[lot] = s.turn
            built[lot] = len(s.buildings)
        r = self.g.r
        m = r.model_by_id[a.model]
        b = Building(a.model, m.kind, a.lots, s.turn, tuple(sorted(counts.items())))
        supply = list(s.supply)
        supply[r.models.index(m)] -= 1
        buildings = [*s.buildings, b]
        values = revalue(r, buildings, s.values, b.district)
        return self._gain({b.district}, owner, built, buildings, values, supply)

    def trade(self, a: Propose, proposer: int) -> float:
        """The gain of the exchange ``a`` proposed by ``proposer`` going through."""
        s = self.s
        owner = list(s.owner)
        for lot in a.give:
            owner[lot] = a.partner
        for lot in a.take:
            owner[lot] = proposer
        districts = {lot // 10 for lot in (*a.give, *a.take)}
        return self._gain(districts, owner, s.building_at, s.buildings, s.values, s.supply)


def swap_candidates(g: Metropolis, seat: int) -> list[Propose]:
    """The one-for-one swaps the heuristic weighs: each side gets a lot touching its own."""
    s = g.s
    neighbours = g.r.board.neighbours
    mine = s.unbuilt_of(seat)
    out: list[Propose] = []
    for p in range(g.num_players):
        if p == seat:
            continue
        theirs = s.unbuilt_of(p)
        wanted = [t for t in theirs if any(s.owner[x] == seat for x in neighbours[t])]
        offered = [m for m in mine if any(s.owner[x] == p for x in neighbours[m])]
        out += [Propose(p, (m,), (t,)) for t in wanted for m in offered]
    return out


def worth_of(g: Metropolis, potential: float = POTENTIAL) -> list[float]:
    """Every seat's whole estimate: its buildings' value now plus its unbuilt lots' promise
    (the heuristic's ``worth`` summed over the districts, in one pass)."""
    s = g.s
    n = g.num_players
    v = _valuer(g.r)
    weight = 0.0 if s.final_left >= 0 else potential
    totals = [0.0] * n
    here_of: dict[int, dict[str, int]] = {d: {} for d in g.r.board.districts}
    for b, value in zip(s.buildings, s.values, strict=True):
        here = here_of[b.district]
        here[b.kind] = here.get(b.kind, 0) + 1
        for seat, part in split_value(value, b):
            totals[seat] += part
    if weight > 0:
        for d, here in here_of.items():
            for seat in range(n):
                if s.own[seat * 10 + d]:
                    totals[seat] = v.promise(
                        seat, d, s.owner, s.building_at, here, s.supply, weight, totals[seat]
                    )
    return totals


#: a proposal must raise the proposer's estimate by more than this to be worth making
PROPOSE_MARGIN = 0.5


class HeuristicBot:
    """Greedy on the chart: takes promising lots, builds what adds most, trades to complete."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = GameRandom(seed)
        #: the exchanges proposed in this game (``_game``): a partner that declined one would
        #: decline it again, and a person would have to answer it again every turn
        self._tried: set[Propose] = set()
        self._game: Game | None = None
        self._pools: set[Build] = set()

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
            return Accept() if Gains(g, seat).build(pool) > 0 else Decline()
        if kind == "answer":
            trade = g.s.trade
            assert trade is not None
            return Accept() if Gains(g, seat).trade(trade, g.s.trader) > 0 else Decline()
        if kind == "trade":
            return self._propose(g, seat)
        legal = g.legal_actions()
        return legal[0]

    def _choose_lot(self, g: Metropolis, seat: int) -> Action:
        gains = Gains(g, seat)
        best: Action | None = None
        best_score = -1e9
        gives: list[Give] = []
        for a in g.legal_actions():
            if isinstance(a, Take):
                score = gains.lot(a.lot) + 0.01 * self.rng.random()
                if score > best_score:
                    best, best_score = a, score
            elif isinstance(a, Give):
                gives.append(a)
        if best is not None:
            return best
        # forced to give: hand over what helps its receiver least
        return min(gives, key=lambda a: (Gains(g, a.to).lot(a.lot), a.lot, a.to))

    def _build(self, g: Metropolis, seat: int) -> Action:
        if g.s.pool_declined == 0:
            self._pools = set()
        gains = Gains(g, seat)
        best: Action = Pass()
        best_score = 0.0
        for a in g.legal_actions():
            if isinstance(a, Build) and a not in self._pools:
                score = gains.build(a)
                if score > best_score + 1e-9:
                    best, best_score = a, score
        if isinstance(best, Build):
            self._pools.add(best)  # a declined pool is not proposed again this turn
        return best

    def _propose(self, g: Metropolis, seat: int) -> Action:
        if g is not self._game:
            self._tried, self._game = set(), g
        mine = Gains(g, seat)
        theirs = [Gains(g, p) for p in range(g.num_players)]
        best: Propose | None = None
        best_score = PROPOSE_MARGIN
        for a in swap_candidates(g, seat):
            if a in self._tried or not g.proposal_ok(seat, a):
                continue
            mine_gain = mine.trade(a, seat)
            if mine_gain <= best_score:
                continue
            if theirs[a.partner].trade(a, seat) > 0:
                best, best_score = a, mine_gain
        if best is None:
            return Done()
        self._tried.add(best)
        return best
