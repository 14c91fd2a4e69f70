"""Game knowledge for the core's MCTS bot: a move ranker, a playout policy, a position estimate.

These are guides for the search, not rules. The ranker orders the legal actions by the heuristic
bot's own score, so the tree (with progressive widening) looks at the few promising placements
first instead of spreading its playouts over a hundred. The estimate turns the money held and
each open street's expected owner into each seat's chance to win, so playouts can stop early.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from common import Action, BotRandom, Game
from common.mcts import mcts_factory
from metrocity.bots import LAST_BLOCK_RISK, action_values
from metrocity.data import STREETS
from metrocity.rules import MetroCity
from metrocity.tables import street_sums

#: how far an open street's expected share counts in the estimate, against money won
ESTIMATE_OPEN_WEIGHT = 0.8
#: the money lead (in $) worth odds of e to 1 in the estimate's logistic
ESTIMATE_SCALE = 4.0
_STREET_BLOCKS = tuple(s.blocks for s in STREETS)


def rank_actions(game: Game, seat: int, legal: Sequence[Action]) -> list[Action]:
    """``legal`` ordered best first by the heuristic bot's score (equal scores keep their order)."""
    assert isinstance(game, MetroCity)
    values = action_values(game, seat, legal)
    order = sorted(range(len(legal)), key=values.__getitem__, reverse=True)
    return [legal[i] for i in order]


class CachedRanker:
    """``rank_actions`` remembered by position: the search meets the same positions again.

    Every playout starts at the root, where the seat's hand and the grid are always the same,
    and positions a few moves deep recur too. The key holds everything the legal actions and
    their scores depend on; the memory is emptied when it holds ``size`` positions.
    """

    def __init__(self, size: int = 20_000) -> None:
        self.size = size
        self._memory: dict[tuple[object, ...], list[Action]] = {}

    def __call__(self, game: Game, seat: int, legal: Sequence[Action]) -> list[Action]:
        """The ranking of ``legal``, computed once per position."""
        assert isinstance(game, MetroCity)
        s = game.s
        key = (
            seat,
            game.options["tie"],
            s.pending_block,
            tuple(s.tiles),
            tuple(s.owners),
            tuple(s.street_tokens),
            tuple(s.hands[seat]),
            tuple(s.money[seat]),
        )
        ranked = self._memory.get(key)
        if ranked is None:
            if len(self._memory) >= self.size:
                self._memory.clear()
            ranked = self._memory[key] = rank_actions(game, seat, legal)
        return list(ranked)


def expected_lead(game: MetroCity) -> float:
    """Seat 0's expected money lead: money held plus each open street's leaning share."""
    s = game.s
    lead = float(s.cash[0] - s.cash[1])
    tiles, owners = s.tiles, s.owners
    to_move = 1 if s.turn == 1 else -1  # the seat to move leans a one-block street its way
    for street, token in enumerate(s.street_tokens):
        if token is None:
            continue
        empty = 0
        for b in _STREET_BLOCKS[street]:
            if tiles[b] is None:
                empty += 1
        sums = street_sums(tiles, owners, street)
        x = (sums[0] - sums[1]) / (2.0 + 2.5 * empty)
        if empty == 1:
            x -= to_move * LAST_BLOCK_RISK
        lead += ESTIMATE_OPEN_WEIGHT * token * math.tanh(x)
    return lead


def win_chances(game: MetroCity) -> tuple[float, float]:
    """Each seat's estimated chance to win (summing to 1), from the expected money lead."""
    x = max(-30.0, min(30.0, expected_lead(game) / ESTIMATE_SCALE))  # exp() stays finite
    p0 = 1.0 / (1.0 + math.exp(-x))
    return (p0, 1.0 - p0)


class GreedyPlayout:
    """The playout policy: the heuristic's best move, or a random one with chance ``noise``."""

    def __init__(self, seed: int = 0, *, noise: float = 0.1) -> None:
        self.rng = BotRandom(seed)
        self.noise = noise

    def choose(self, game: Game, seat: int) -> Action:
        """A quick, mostly greedy move."""
        assert isinstance(game, MetroCity)
        legal = game.legal_actions(copy=False)
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        values = action_values(game, seat, legal)
        return legal[max(range(len(values)), key=values.__getitem__)]


def _playout(seed: int) -> GreedyPlayout:
    return GreedyPlayout(seed)


#: the registry's ``mcts`` bot for Metro City (``mcts:N`` / ``mcts:Ts`` change the budget)
MCTS = mcts_factory(
    rollout=_playout,
    iterations=200,
    ranker=CachedRanker(),
    widening=1.0,
    rollout_depth=0,
    exploration=0.7,
)

__all__ = [
    "MCTS",
    "CachedRanker",
    "GreedyPlayout",
    "expected_lead",
    "rank_actions",
    "win_chances",
]
