"""A generic Monte Carlo tree search bot over the core contract.

Open-loop UCT: the tree is keyed by the decisions taken; chance is sampled afresh on every
iteration from the bot's own generator (never from the game's, whose future outcomes are
fixed by its seed and would let the bot see the dice to come). Hidden information is handled
by determinisation: each iteration starts from ``game.determinize(seat, rng)``, a copy in which
everything the seat cannot see is redrawn.

A game can make the search much stronger with knowledge of its own, all optional:

- ``ranker(game, seat, legal)`` orders the legal actions best first. The tree then expands
  actions in that order and, with ``widening``, considers only the first
  ``ceil(widening * visits ** 0.5)`` of them at a node seen ``visits`` times (progressive
  widening), so a budget of a few hundred playouts is not spread over hundreds of moves.
- ``opponent_moves`` keeps the other seats to the ranker's first few moves: a model of
  opponents who play as the ranker does, which spends the playouts on the bot's own choices.
- ``rollout_bot`` plays the playouts (a cheap greedy policy is far more telling than random
  moves); ``rollout_depth`` cuts them short, scoring the position by ``game.estimate()``.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from common.actions import Action
from common.bots import Bot
from common.game import Game, Prompt
from common.kernel import decide
from common.rng import BotRandom

#: the largest budget a bot's name may ask for (``mcts:N``, ``mcts:Ns``): a name can come from
#: a caller of ``metro serve`` or a command line, and no decision should take longer
MAX_PLAYOUTS = 100_000
MAX_SECONDS = 60.0

#: orders ``legal`` (the legal actions of ``seat`` in ``game``) best first
Ranker = Callable[[Game, int, Sequence[Action]], Sequence[Action]]


class _Node:
    __slots__ = ("children", "seat", "total", "visits")

    def __init__(self) -> None:
        self.seat: int | None = None  # who decides here (set when the node is left by a move)
        self.visits = 0
        self.total = 0.0  # the summed rewards of the seat that chose the move into this node
        self.children: dict[Action, _Node] = {}


def rewards(game: Game) -> list[float]:
    """Each seat's reward: its share of the win, or the game's estimate if unfinished."""
    if game.is_over:
        winners = game.result().winners
        share = 1.0 / len(winners) if winners else 0.0
        return [share if s in winners else 0.0 for s in range(game.num_players)]
    estimate = game.estimate()
    if estimate is not None:
        return list(estimate)
    return [1.0 / game.num_players] * game.num_players


class MCTSBot:
    """UCT search with ``iterations`` playouts (or ``seconds`` of search) per decision."""

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 200,
        seconds: float | None = None,
        exploration: float = 1.0,
        rollout_depth: int = 1_000_000,
        rollout_bot: Bot | None = None,
        ranker: Ranker | None = None,
        widening: float | None = None,
        opponent_moves: int | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if widening is not None and widening <= 0:
            raise ValueError(f"widening must be positive, got {widening}")
        if opponent_moves is not None and (opponent_moves < 1 or ranker is None):
            raise ValueError("opponent_moves needs a ranker and must be at least 1")
        self.rng = BotRandom(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        #: the policy of the playouts (a Bot); None plays them at random
        self.rollout_bot = rollout_bot
        self.ranker = ranker
        self.widening = widening
        #: at the other seats' nodes, only the ranker's first few moves (a model of them)
        self.opponent_moves = opponent_moves
        self._seat = -1
        #: the tree of the last choose() (for reports and tests)
        self.last_root: _Node | None = None
        #: how many playouts the last choose() ran (for reports and tests)
        self.last_iterations = 0

    def choose(self, game: Game, seat: int) -> Action:
        """Search from ``game`` and return the most visited legal action."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        self._seat = seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (done < self.iterations) if deadline is None else (time.perf_counter() < deadline):
            self._iterate(game.determinize(seat, self.rng), root)
            done += 1
        self.last_iterations = done
        self.last_root = root
        stats = root.children

        def rank(a: Action) -> tuple[int, float]:
            child = stats.get(a)
            if child is None:
                return (-1, 0.0)
            return (child.visits, child.total / child.visits)

        # max() keeps the first of equals: the ranker's (or the game's) order breaks ties
        ordered = self._ordered(game, seat, legal)
        return max(ordered, key=rank)

    # ------------------------------------------------------------------ one playout
    def _ordered(self, game: Game, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        if self.ranker is None:
            return legal
        return self.ranker(game, seat, legal)

    def _settle_chance(self, game: Game) -> None:
        rng = self.rng
        while True:
            pending = game._pending
            if pending is None or isinstance(pending, Prompt):
                return
            game._resolve_quietly(pending.draw(rng))

    def _candidates(self, game: Game, node: _Node, seat: int) -> Sequence[Action]:
        """The actions considered at ``node``: all legal ones, or the ranker's best few."""
        legal = game.legal_actions(copy=False)
        if self.ranker is None:
            return legal
        ranked = list(self.ranker(game, seat, legal))
        if self.widening is not None:
            allowed = math.ceil(self.widening * math.sqrt(node.visits + 1))
            del ranked[allowed:]
        if self.opponent_moves is not None and seat != self._seat:
            del ranked[self.opponent_moves :]
        return ranked

    def _iterate(self, game: Game, root: _Node) -> None:
        rng = self.rng
        path = [root]
        node = root
        self._settle_chance(game)
        # selection and expansion
        while game._pending is not None:
            p = game._pending
            assert isinstance(p, Prompt)
            seat = p.seat
            node.seat = seat
            candidates = self._candidates(game, node, seat)
            children = node.children
            untried = [a for a in candidates if a not in children]
            if untried:
                # in the ranker's order when there is one, else at random
                action = untried[0] if self.ranker else untried[int(rng.random() * len(untried))]
                child = children[action] = _Node()
                game._apply_quietly(action, None)
                self._settle_chance(game)
                path.append(child)
                break
            log_n = math.log(node.visits or 1)
            c = self.exploration
            best_score = -math.inf
            best: Action = candidates[0]
            for a in candidates:
                ch = children[a]
                score = ch.total / ch.visits + c * math.sqrt(log_n / ch.visits)
                if score > best_score:
                    best_score, best = score, a
            game._apply_quietly(best, None)
            self._settle_chance(game)
            node = children[best]
            path.append(node)
        # playout
        depth = 0
        bot = self.rollout_bot
        while depth < self.rollout_depth:
            turn = game._pending
            if turn is None:
                break
            assert isinstance(turn, Prompt)
            if bot is not None:
                game._apply_quietly(bot.choose(game, turn.seat), None)
            else:  # an index into the game's own list: applied without a second check
                legal = game._legal_actions()
                decide(game, turn.seat, legal[int(rng.random() * len(legal))])
            self._settle_chance(game)
            depth += 1
        scores = rewards(game)
        # back-propagation: each node is scored for the seat that chose the move into it
        for parent, child in itertools.pairwise(path):
            child.visits += 1
            if parent.seat is not None:
                child.total += scores[parent.seat]
        root.visits += 1


@attrs.frozen
class MCTSFactory:
    """Makes MCTS bots (seed -> bot) with fixed settings; ``with_budget`` changes the budget."""

    settings: dict[str, Any] = attrs.field(factory=dict)
    #: makes the playout policy for a bot of a given seed (None: random playouts)
    rollout: Callable[[int], Bot] | None = None

    def __call__(self, seed: int) -> MCTSBot:
        """A new bot with these settings."""
        rollout_bot = None if self.rollout is None else self.rollout(seed)
        return MCTSBot(seed, rollout_bot=rollout_bot, **self.settings)

    def with_budget(self, budget: str) -> MCTSFactory:
        """The same settings with another budget: ``"400"`` playouts or ``"2s"`` of search,
        at most ``MAX_PLAYOUTS`` playouts or ``MAX_SECONDS`` seconds a decision."""
        text = budget.strip()
        limits = f"at most {MAX_PLAYOUTS} playouts (mcts:400) or {MAX_SECONDS:g} seconds (mcts:2s)"
        try:
            if text.endswith("s"):
                seconds = float(text[:-1])
                if not 0 < seconds <= MAX_SECONDS:
                    raise ValueError
                return attrs.evolve(self, settings={**self.settings, "seconds": seconds})
            iterations = int(text)
            if not 1 <= iterations <= MAX_PLAYOUTS:
                raise ValueError
        except ValueError:
            raise ValueError(f"bad MCTS budget {budget!r}: give {limits} a decision") from None
        settings = {k: v for k, v in self.settings.items() if k != "seconds"}
        return attrs.evolve(self, settings={**settings, "iterations": iterations})


def mcts_factory(rollout: Callable[[int], Bot] | None = None, **settings: Any) -> MCTSFactory:
    """A bot factory (seed -> bot) for MCTSBot with fixed settings (see MCTSBot's arguments)."""
    MCTSBot(0, **settings)  # refuse bad settings now, not at the first game
    return MCTSFactory(settings, rollout)
