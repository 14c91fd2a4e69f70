"""What the Monte Carlo tree search knows of Metropolis (guides, not rules).

- ``rank`` orders the legal actions best first by the heuristic bot's own scoring (``Gains``),
  so the search widens into the moves the heuristic likes first;
- ``win_chances`` turns each seat's projected total (its buildings now plus the promise of
  its unbuilt lots, as the heuristic values them) into chances to win: ``estimate()``;
- ``PlayoutBot`` plays playouts when they are asked for (``rollout_depth`` above 0): the
  heuristic's lot and building choices with a little noise, no exchanges (the costliest
  choice to score). The registered ``MCTS`` scores each new leaf by the estimate at once,
  which did better in trials than cutting playouts after a few decisions (the docs' MCTS
  section has the figures).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from common import Action, Event, Game, GameRandom
from common.mcts import MCTSFactory, mcts_factory
from metropolis_lots.actions import Accept, Build, Decline, Done, Give, Pass, Propose, Take
from metropolis_lots.bots import PROPOSE_MARGIN, Gains, worth_of
from metropolis_lots.events import PoolProposed, TradeAnswered, TradeProposed
from metropolis_lots.rules import Metropolis

__all__ = ["MCTS", "PlayoutBot", "projected", "rank", "win_chances"]

#: spread (in chart points) of the final margin around the projected one, with all 80 lots
#: still to come and with none left; the chances sharpen as the lots run out
SPREAD_START = 12.0
SPREAD_END = 4.0
#: the weight of the best building a seat's unbuilt lots could hold, in the projection
PROMISE = 0.5


#: rankings of recent positions: the search meets the same position again and again
_RANKED: dict[tuple[object, ...], list[Action]] = {}
_RANKED_LIMIT = 5_000


def rank(game: Game, seat: int, legal: Sequence[Action]) -> list[Action]:
    """The legal actions best first, by what the heuristic bot expects each to add.

    A proposal declined already (an exchange in this game, a pooled building this turn) is
    left out: asked again, the partner would answer the same, and a person at the table would
    have to answer it again.
    """
    assert isinstance(game, Metropolis)
    s = game.s
    options = game.options
    declined = _declined(game)
    key = (
        id(game.r),
        options["give_claimed"],
        options["pool_proposals"],
        options["trade_proposals"],
        seat,
        s.phase,
        s.turn,
        s.trader,
        tuple(s.owner),
        tuple(s.building_at),
        tuple(b.model for b in s.buildings),
        tuple(s.offer),
        tuple(s.chips),
        s.final_left,
        s.trade,
        s.pool,
        s.pool_declined,
        s.proposals,
        declined,
    )
    found = _RANKED.get(key)
    if found is None:
        if len(_RANKED) >= _RANKED_LIMIT:
            _RANKED.clear()
        found = _RANKED[key] = _rank(game, seat, [a for a in legal if a not in declined])
    return found[:]


def declined(game: Game) -> frozenset[Action]:
    """The proposals of the seat to act that were declined (``_declined``): a front end does
    not offer them again, though the rules let them be made (ruling MS-A4)."""
    assert isinstance(game, Metropolis)
    return _declined(game)


def _declined(g: Metropolis) -> frozenset[Action]:
    """The proposals of the seat to act that were declined and may not be made again.

    An exchange its partner declined is left out for the rest of the game (read from the log,
    ``_declined_exchanges``); a pooled building a partner declined, for the rest of the turn
    (the turn's ``pool_declined`` latest ``PoolProposed``, the rules' own count).
    """
    s = g.s
    if s.phase == "trade":
        trader = s.trader
        return frozenset(a for seat, a in _declined_exchanges(g) if seat == trader)
    if s.phase != "build" or not s.pool_declined:
        return frozenset()
    found: list[Action] = []
    log = g.events
    i = len(log)
    while len(found) < s.pool_declined and i > 0:
        i -= 1
        e = log[i]
        if isinstance(e, PoolProposed):
            found.append(Build(e.model, e.lots))
    return frozenset(found)


#: for every 16th entry of a log read, by the entry's id: the entry itself (kept alive here,
#: so that its id is not reused) and its index, the (proposer, exchange) pairs declined up to
#: it, and the exchange proposed and not yet answered there. A search's copies share their
#: game's log, so a rank reads the copy's own entries and at most 16 of the game's.
_READ: dict[int, tuple[object, int, frozenset[tuple[int, Propose]], Event | None]] = {}
_READ_LIMIT = 50_000
_READ_EVERY = 16


def _declined_exchanges(g: Metropolis) -> frozenset[tuple[int, Propose]]:
    """Every (proposer, exchange) of the game so far that the partner declined."""
    log = g.events
    n = len(log)
    # the log's own entries (EventLog.entry): only the exchanges are made events here
    entry = log.entry
    declined: frozenset[tuple[int, Propose]] = frozenset()
    open_: Event | None = None
    i = (n - 1) // _READ_EVERY * _READ_EVERY
    while i >= 0:
        here = entry(i)
        known = _READ.get(id(here))
        if known is not None and known[0] is here and known[1] == i:
            declined, open_ = known[2], known[3]
            break
        i -= _READ_EVERY
    if len(_READ) > _READ_LIMIT:
        _READ.clear()
    for k in range(max(i, -1) + 1, n):
        kind = log.kind(k)
        if kind is TradeProposed:
            open_ = log[k]
        elif kind is TradeAnswered:
            answer = log[k]
            assert isinstance(answer, TradeAnswered)
            if not answer.accepted and isinstance(open_, TradeProposed):
                exchange = Propose(open_.partner, open_.give, open_.take)
                declined = declined | {(open_.seat, exchange)}
            open_ = None
        if k % _READ_EVERY == 0:
            here = entry(k)
            _READ[id(here)] = (here, k, declined, open_)
    return declined


def _rank(g: Metropolis, seat: int, legal: Sequence[Action]) -> list[Action]:
    phase = g.s.phase
    if phase == "choose":
        gains = Gains(g, seat)
        takes = [a for a in legal if isinstance(a, Take)]
        gives = [a for a in legal if isinstance(a, Give)]
        takes.sort(key=lambda a: -gains.lot(a.lot))
        # a lot given away is best where it helps its receiver least
        gives.sort(key=lambda a: Gains(g, a.to).lot(a.lot))
        return [*takes, *gives]
    if phase == "build":
        gains = Gains(g, seat)
        scored = [(gains.build(a) if isinstance(a, Build) else 1e-9, a) for a in legal]
        scored.sort(key=lambda x: -x[0])
        return [a for _, a in scored]
    if phase in ("pool", "answer"):
        return [Accept(), Decline()] if _answer_gain(g, seat) > 0 else [Decline(), Accept()]
    if phase == "trade":
        mine = Gains(g, seat)
        theirs = [Gains(g, p) for p in range(g.num_players)]
        good: list[tuple[float, Action]] = []
        rest: list[Action] = []
        for a in legal:
            if isinstance(a, Propose):
                gain = mine.trade(a, seat)
                if gain > PROPOSE_MARGIN and theirs[a.partner].trade(a, seat) > 0:
                    good.append((gain, a))
                    continue
            if not isinstance(a, (Done, Propose)):
                rest.append(a)
        # an exchange the heuristic would not propose is left out: declined, it costs the
        # proposer nothing, so the search would try it again and again, and a person at the
        # table would have to answer each one
        good.sort(key=lambda x: -x[0])
        return [*(a for _, a in good), Done(), *rest]
    return list(legal)


def _answer_gain(g: Metropolis, seat: int) -> float:
    s = g.s
    if s.phase == "pool":
        assert s.pool is not None
        return Gains(g, seat).build(s.pool)
    assert s.trade is not None
    return Gains(g, seat).trade(s.trade, s.trader)


class PlayoutBot:
    """The heuristic's lots and buildings with some noise, and no exchanges: fast playouts."""

    def __init__(self, seed: int = 0, noise: float = 1.0) -> None:
        self.rng = GameRandom(seed)
        #: chart points of uniform noise added to each lot's and building's gain
        self.noise = noise

    def choose(self, game: Game, seat: int) -> Action:
        """A quick, slightly random version of the heuristic's choice."""
        assert isinstance(game, Metropolis)
        g = game
        phase = g.s.phase
        if phase == "trade":
            return Done()
        if phase in ("pool", "answer"):
            return Accept() if _answer_gain(g, seat) > 0 else Decline()
        legal = g.legal_actions(copy=False)
        rnd = self.rng.random
        noise = self.noise
        gains = Gains(g, seat)
        best: Action = legal[0]
        best_score = -math.inf
        if phase == "choose":
            for a in legal:
                if isinstance(a, Take):
                    score = gains.lot(a.lot) + noise * rnd()
                    if score > best_score:
                        best, best_score = a, score
            return best
        # build: what adds most, or pass
        best, best_score = Pass(), noise * rnd()
        for a in legal:
            if isinstance(a, Build):
                score = gains.build(a) + noise * rnd()
                if score > best_score:
                    best, best_score = a, score
        return best


def projected(g: Metropolis) -> list[float]:
    """Each seat's projected total: its buildings now plus its unbuilt lots' promise."""
    return worth_of(g, PROMISE)


def win_chances(g: Metropolis) -> tuple[float, ...]:
    """Each seat's chance to win, from its projected total (a softmax; summing to 1)."""
    totals = projected(g)
    left = len(g.s.stack) + len(g.s.offer)
    share = left / len(g.r.board.lots)
    spread = SPREAD_END + (SPREAD_START - SPREAD_END) * share
    top = max(totals)
    weights = [math.exp((t - top) / spread) for t in totals]
    whole = sum(weights)
    return tuple(w / whole for w in weights)


#: the game's own MCTS (``metro metropolis_lots ... -b mcts``)
MCTS: MCTSFactory = mcts_factory(
    rollout=PlayoutBot,
    iterations=40,
    ranker=rank,
    widening=1.0,
    rollout_depth=0,
    exploration=0.7,
)
