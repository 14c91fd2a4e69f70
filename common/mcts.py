"""A generic Monte Carlo tree search bot over the core contract.

Open-loop UCT: the tree is keyed by the decisions taken; chance is sampled afresh on every
iteration from the bot's own generator (never from the game's, whose future outcomes are
fixed by its seed and would let the bot see the dice to come). Hidden information is handled
by determinisation: each iteration starts from ``game.determinize(seat, rng)``, a copy in which
everything the seat cannot see is redrawn.
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

from common.actions import Action
from common.game import Game
from common.rng import GameRandom


class _Node:
    __slots__ = ("children", "seat", "total", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.children: dict[str, _Node] = {}


def _rewards(game: Game) -> list[float]:
    if game.is_over:
        result = game.result()
        share = 1.0 / len(result.winners) if result.winners else 0.0
        return [share if s in result.winners else 0.0 for s in range(game.num_players)]
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
        exploration: float = 1.4,
        rollout_depth: int = 200,
        rollout_bot: Any = None,
    ) -> None:
        self.rng = GameRandom(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        #: the policy of the playouts (a Bot); None plays them at random
        self.rollout_bot = rollout_bot

    def choose(self, game: Game, seat: int) -> Action:
        """Search from ``game`` and return the most visited legal action."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node(seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (done < self.iterations) if deadline is None else (time.perf_counter() < deadline):
            self._iterate(game.determinize(seat, self.rng), root)
            done += 1
        by_text = {str(a): a for a in legal}
        best = max(
            by_text, key=lambda k: (root.children[k].visits if k in root.children else -1, k)
        )
        return by_text[best]

    def _settle_chance(self, game: Game) -> None:
        while game.chance is not None:
            game.resolve(game.chance.draw(self.rng))

    def _iterate(self, game: Game, root: _Node) -> None:
        path = [root]
        node = root
        self._settle_chance(game)
        # selection and expansion
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            node.seat = seat
            legal = game.legal_actions()
            untried = [a for a in legal if str(a) not in node.children]
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                child = _Node(None)
                node.children[str(action)] = child
                game.apply(action)
                self._settle_chance(game)
                path.append(child)
                break
            log_n = math.log(node.visits or 1)
            best: tuple[float, Action] | None = None
            for a in legal:
                c = node.children[str(a)]
                score = c.total / c.visits + self.exploration * math.sqrt(log_n / c.visits)
                if best is None or score > best[0]:
                    best = (score, a)
            assert best is not None
            game.apply(best[1])
            self._settle_chance(game)
            node = node.children[str(best[1])]
            path.append(node)
        # rollout
        depth = 0
        while not game.is_over and depth < self.rollout_depth:
            if self.rollout_bot is not None:
                seat = game.to_act
                assert seat is not None
                game.apply(self.rollout_bot.choose(game, seat))
            else:
                legal = game.legal_actions(copy=False)
                game.apply(legal[self.rng._randbelow(len(legal))])
            self._settle_chance(game)
            depth += 1
        rewards = _rewards(game)
        # back-propagation: each node is scored for the seat that chose the move into it
        for parent, child in itertools.pairwise(path):
            child.visits += 1
            if parent.seat is not None:
                child.total += rewards[parent.seat]
        root.visits += 1


def mcts_factory(**kwargs: Any) -> Any:
    """A bot factory (seed -> bot) for MCTSBot with fixed settings."""

    def make(seed: int) -> MCTSBot:
        return MCTSBot(seed, **kwargs)

    return make
