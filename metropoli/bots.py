"""Bots for Metropoli: the core's random bot and a heuristic bot that values concessions."""

from __future__ import annotations

from common import Action, Game, GameRandom
from common import RandomBot as _CoreRandomBot
from metropoli import data as D
from metropoli.actions import (
    Accept,
    Act,
    Bid,
    Build,
    Cancel,
    Cross,
    EndTurn,
    FreeBlock,
    GoTo,
    Keep,
    Offer,
    Pass,
    Preempt,
    Reject,
    Roll,
    Sell,
    Skip,
    Stay,
    Steps,
    Waive,
)
from metropoli.rules import Metropoli

B = D.BOARD
RandomBot = _CoreRandomBot


class HeuristicBot:
    """Bids up to an estimate of a concession's worth, builds where its own streets profit,
    keeps a cash reserve, and accepts only trades that raise its wealth."""

    reserve = 700_000

    def __init__(self, seed: int = 0) -> None:
        self.rng = GameRandom(seed)

    # ------------------------------------------------------------------ valuations
    def worth(self, g: Metropoli, seat: int, space: int) -> int:
        """What a concession is worth to ``seat``: a rough price it will pay at most."""
        s = g.s
        if B.kinds[space] == "bridge":
            mine = sum(1 for b in B.bridges if s.owner[b] == seat)
            return 600_000 + 200_000 * mine
        hood = B.hood_of[space]
        assert hood is not None
        value = s.hood_values[hood] * 2 + 500_000
        value += g.street_rent(space)[4] * 2
        mates = [t for t in B.hood_streets[hood] if t != space]
        owned = sum(1 for t in mates if s.owner[t] == seat)
        value += 300_000 * owned + (500_000 if owned == len(mates) else 0)
        for area in B.street_areas[space]:
            other = next(x for x in B.area_streets[area] if x != space)
            if s.owner[other] == seat:
                value += 100_000
        return value

    def area_score(self, g: Metropoli, seat: int, area: int) -> int:
        """How much a block on ``area`` profits ``seat`` (own streets) minus opponents."""
        s = g.s
        score = 0
        for sp in B.area_streets[area]:
            o = s.owner[sp]
            if o == seat:
                score += 3
            elif o is not None:
                score -= 2
        return score

    # ------------------------------------------------------------------ choose
    def choose(self, game: Game, seat: int) -> Action:
        """Pick an action for ``seat``."""
        assert isinstance(game, Metropoli)
        g = game
        s = g.s
        legal = g.legal_actions()
        kind = s.phase
        cash = s.cash[seat]
        if kind == "bid":
            au = s.auction
            assert au is not None
            limit = self.worth(g, seat, au.space)
            if au.kind == "bankruptcy":
                limit = min(limit, s.hood_values[B.hood_of[au.space] or 0] * 2 + 400_000)
            limit = min(limit, cash - self.reserve // 2)
            bids = [a for a in legal if isinstance(a, Bid) and a.amount <= limit]
            return bids[0] if bids else Pass()
        if kind == "raise":
            return Keep()
        if kind == "preempt":
            au = s.auction
            assert au is not None
            price = au.high + D.PREEMPT_EXTRA
            ok = price <= min(self.worth(g, seat, au.space), cash - self.reserve // 2)
            return Preempt() if ok else Waive()
        if kind == "steps":
            return max(
                (a for a in legal if isinstance(a, Steps)),
                key=lambda a: self._landing(g, seat, (s.pos[seat] + a.count) % B.size),
            )
        if kind == "cross":
            return Stay() if Stay() in legal else Cross()
        if kind in ("free_block", "municipality"):
            gos = [a for a in legal if isinstance(a, GoTo)]
            if gos and cash > 1_500_000:
                return max(gos, key=lambda a: self.worth(g, seat, a.space))
            blocks = [a for a in legal if isinstance(a, FreeBlock)]
            if blocks:
                best = max(blocks, key=lambda a: self.area_score(g, seat, a.area))
                if self.area_score(g, seat, best.area) > 0 or kind == "free_block":
                    return best
            return Skip()
        if kind == "build":
            builds = [a for a in legal if isinstance(a, Build)]
            if builds:
                pick = max(builds, key=lambda a: self.area_score(g, seat, a.area))
                good = self.area_score(g, seat, pick.area) > 0 and cash > self.reserve
                if good or EndTurn() not in legal:
                    return pick
            if EndTurn() in legal:
                return EndTurn()
            return legal[0]
        if kind == "trade":
            return Accept() if self._trade_good(g, seat) else Reject()
        if kind == "sell":
            return min(
                (a for a in legal if isinstance(a, Sell)),
                key=lambda a: self.worth(g, seat, a.space),
            )
        if kind == "draft":
            return Cancel()
        if kind == "arrived":
            return Act()
        if Roll() in legal:
            return Roll()
        others = [a for a in legal if not isinstance(a, Offer)]
        return others[0] if others else legal[0]

    def _landing(self, g: Metropoli, seat: int, space: int) -> int:
        s = g.s
        kind = B.kinds[space]
        if kind in ("street", "bridge"):
            o = s.owner[space]
            if o is None:
                return 300_000
            if o == seat:
                return 200_000
            if kind == "street":
                return -g.street_rent(space)[0]
            return -D.TOLL_PER_BRIDGE * sum(1 for b in B.bridges if s.owner[b] == o)
        if kind == "borsa":
            return D.BORSA_LAND
        if kind == "court":
            return -D.FINE_PER_PIP * s.last_roll
        return 0

    def _trade_good(self, g: Metropoli, seat: int) -> bool:
        s = g.s
        assert s.trade is not None
        _, give, take, cash = s.trade
        # from this seat's side: receives ``give`` and ``cash``; hands over ``take``
        gain = cash + sum(self.worth(g, seat, c) for c in give)
        loss = sum(self.worth(g, seat, c) for c in take)
        return gain > loss + 200_000


__all__ = ["HeuristicBot", "RandomBot"]
