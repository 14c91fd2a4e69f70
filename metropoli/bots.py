"""Bots for Metropoli: the core's random bot and a heuristic bot that values concessions.

The heuristic's judgement is one scoring function, ``score_actions``: the heuristic bot plays
the first best-scored action and the MCTS bot (``metropoli.mcts``) orders its search by the
same scores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from common import Action, Game, GameRandom
from common import RandomBot as _CoreRandomBot
from metropoli import data as D
from metropoli.actions import (
    Accept,
    Act,
    Bid,
    Build,
    Cancel,
    Done,
    FreeBlock,
    GoTo,
    Offer,
    Pass,
    Preempt,
    Roll,
)
from metropoli.rules import Metropoli

B = D.BOARD
RandomBot = _CoreRandomBot

#: the cash the heuristic keeps before paying for blocks; it bids down to half of it
RESERVE = 700_000
#: cash above which the Municipality's trip to a free concession beats a free block
GOTO_CASH = 1_500_000
#: a trade must raise the heuristic's worth by more than this to be accepted
TRADE_MARGIN = 200_000
#: scores far below any real one, for the actions the heuristic never takes by choice
NEVER = -1e15
_PASS = Pass()
#: the scores of "go on" answers that every kept option is measured against (a crossing's
#: pass: stay on the bridge)
_BASE = {Pass: 1.0, Act: 0.0, Cancel: 0.0, Roll: 0.0}


def worth(g: Metropoli, seat: int, space: int) -> int:
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


def area_score(g: Metropoli, seat: int, area: int) -> int:
    """How much a block on ``area`` profits ``seat`` (own streets) minus opponents."""
    owner = g.s.owner
    score = 0
    for sp in B.area_streets[area]:
        o = owner[sp]
        if o == seat:
            score += 3
        elif o is not None:
            score -= 2
    return score


def landing(g: Metropoli, seat: int, space: int) -> int:
    """What reaching ``space`` is worth to ``seat`` now, roughly (for a triple's distance)."""
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


def trade_margin(g: Metropoli, seat: int) -> int:
    """What the proposal on the table gains ``seat`` (its partner), by ``worth``."""
    s = g.s
    assert s.trade is not None
    _, give, take, cash = s.trade
    # from the partner's side: receives ``give`` and ``cash``; hands over ``take``
    gain = cash + sum(worth(g, seat, c) for c in give)
    loss = sum(worth(g, seat, c) for c in take)
    return gain - loss


# ---------------------------------------------------------------------- scores by phase
# Each scorer returns one score per legal action, higher is better; the heuristic takes the
# first best. Ties matter: answers listed earlier win them, as the legal order lists them.


def _bid_limit(g: Metropoli, seat: int) -> int:
    s = g.s
    au = s.auction
    assert au is not None
    limit = worth(g, seat, au.space)
    if au.kind == "bankruptcy":
        limit = min(limit, s.hood_values[B.hood_of[au.space] or 0] * 2 + 400_000)
    return min(limit, s.cash[seat] - RESERVE // 2)


def _score_bid(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    # the surplus of a bid under the limit; Pass (0) is listed last, so a bid at the limit wins
    limit = _bid_limit(g, seat)
    return [limit - a.amount if type(a) is Bid else 0.0 for a in legal]


def _score_raise(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    return [0.0 if type(a) is Pass else -float(a.amount) for a in legal]  # type: ignore[attr-defined]


def _score_preempt(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    s = g.s
    au = s.auction
    assert au is not None
    price = au.high + D.PREEMPT_EXTRA
    surplus = min(worth(g, seat, au.space), s.cash[seat] - RESERVE // 2) - price
    return [surplus if type(a) is Preempt else 0.0 for a in legal]


def _score_steps(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    p = g.s.pos[seat]
    return [landing(g, seat, (p + a.count) % B.size) for a in legal]  # type: ignore[attr-defined]


def _score_blocks(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    # a free block from one's street or a card is always taken; at Il Comune the trip to a
    # free concession wins with cash to bid, else the best free block (declined unless it
    # profits where the option municipality_pass lets it be declined, ruling MI-A27)
    taken = g.s.phase == "free"
    rich = g.s.cash[seat] > GOTO_CASH
    out: list[float] = []
    for a in legal:
        t = type(a)
        if t is FreeBlock:
            out.append(area_score(g, seat, a.area))  # type: ignore[attr-defined]
        elif t is GoTo:
            w = worth(g, seat, a.space)  # type: ignore[attr-defined]
            out.append(w - NEVER if rich else NEVER + w)
        else:  # Pass
            out.append(NEVER if taken else 0.5)
    return out


def _score_build(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    # a block profits when its area scores above the end of the turn (0.5) and the cash
    # stays above the reserve; if the turn cannot end, the best area anyway
    short = 0.0 if g.s.cash[seat] > RESERVE else NEVER / 2
    out: list[float] = []
    for a in legal:
        t = type(a)
        if t is Build:
            out.append(area_score(g, seat, a.area) + short)  # type: ignore[attr-defined]
        elif t is Done:
            out.append(0.5)
        else:  # Offer
            out.append(NEVER)
    return out


def _score_trade(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    # accepted only when the margin exceeds TRADE_MARGIN (ties reject)
    margin = trade_margin(g, seat) - TRADE_MARGIN - 0.5
    return [margin if type(a) is Accept else 0.0 for a in legal]


def _score_sell(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    return [-float(worth(g, seat, a.space)) for a in legal]  # type: ignore[attr-defined]


def _score_plain(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    # roll, act, cross, draft: go on (Roll, Act, Pass, Cancel); proposals and the rest never
    return [_BASE.get(type(a), NEVER) for a in legal]


_SCORERS: dict[str, Callable[[Metropoli, int, Sequence[Action]], list[float]]] = {
    "bid": _score_bid,
    "raise": _score_raise,
    "preempt": _score_preempt,
    "move": _score_steps,
    "free": _score_blocks,
    "municipality": _score_blocks,
    "build": _score_build,
    "trade": _score_trade,
    "sell": _score_sell,
}


def score_actions(g: Metropoli, seat: int, legal: Sequence[Action]) -> list[float]:
    """The heuristic's score of each of ``legal`` (the legal actions of ``seat``), best high."""
    return _SCORERS.get(g.s.phase, _score_plain)(g, seat, legal)


def best_action(g: Metropoli, seat: int, legal: Sequence[Action]) -> Action:
    """The heuristic's choice: the first of ``legal`` with the best score."""
    scores = score_actions(g, seat, legal)
    return legal[scores.index(max(scores))]


def rank_actions(game: Game, seat: int, legal: Sequence[Action]) -> list[Action]:
    """``legal`` ordered best first by the heuristic's scores (ties keep the legal order),
    except that in an auction the choice between bidding and passing comes first: a search
    should weigh dropping out before it weighs a jump bid."""
    assert isinstance(game, Metropoli)
    scores = score_actions(game, seat, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    ranked = [legal[i] for i in order]
    if len(ranked) > 1:
        # a proposal the heuristic would never open is left out: a search tried them, and
        # cancelled nearly all (49 of 56 in a game), each a move a person watches
        ranked = [a for a in ranked if type(a) is not Offer]
    if game.s.phase == "bid" and type(ranked[0]) is not Pass:
        ranked.remove(_PASS)
        ranked.insert(1, _PASS)
    return ranked


class HeuristicBot:
    """Bids up to an estimate of a concession's worth, builds where its own streets profit,
    keeps a cash reserve, and accepts only trades that raise its wealth."""

    reserve = RESERVE

    def __init__(self, seed: int = 0) -> None:
        self.rng = GameRandom(seed)

    def worth(self, g: Metropoli, seat: int, space: int) -> int:
        """What a concession is worth to ``seat``: a rough price it will pay at most."""
        return worth(g, seat, space)

    def area_score(self, g: Metropoli, seat: int, area: int) -> int:
        """How much a block on ``area`` profits ``seat`` (own streets) minus opponents."""
        return area_score(g, seat, area)

    def choose(self, game: Game, seat: int) -> Action:
        """Pick an action for ``seat``."""
        assert isinstance(game, Metropoli)
        return best_action(game, seat, game.legal_actions(copy=False))


__all__ = [
    "HeuristicBot",
    "RandomBot",
    "area_score",
    "best_action",
    "landing",
    "rank_actions",
    "score_actions",
    "worth",
]
