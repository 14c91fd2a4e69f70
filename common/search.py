"""Depth-limited search that knows chance: expectimax (max-n) over decisions and outcomes.

The depth counts **plies of both kinds**: a decision is one ply and a chance request is one
ply. That matters because one step of a game may be followed by chance at once, and chance
by more chance: a decision whose answer is forced is taken by the engine without asking
(``ActionForced``), so a roll can follow a roll, a draw a shuffle, with no decision between.
A search that counted decisions only would recurse without end down such a chain; this one
stops wherever its plies run out and scores the position there.

At a decision the seat to act takes the child best for itself (max-n: every node's value is
a vector, one number a seat); at chance the value is the mean over ``g.chance.outcomes()``
weighted by their probabilities, each settled on a copy with ``copy.resolve(outcome)``, which
reveals nothing. A request with more than ``outcome_limit`` outcomes (a deck's shuffle) is
sampled instead, ``samples`` outcomes drawn from the searcher's own generator
(``request.draw(rng)``), never from the game's seed. A leaf is scored by each seat's share of
the win if the game is over, else by ``evaluate`` (default ``Game.estimate()``, or an equal
share each when the game gives none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from common.actions import Action
from common.chance import ChanceTooLarge
from common.game import Game
from common.mcts import rewards
from common.rng import BotRandom

#: scores a position for every seat (a leaf of the search)
Evaluate = Callable[[Game], Sequence[float]]


def expectimax(
    game: Game,
    depth: int,
    *,
    evaluate: Evaluate = rewards,
    outcome_limit: int = 64,
    samples: int = 8,
    rng: BotRandom | None = None,
) -> list[float]:
    """Each seat's value of ``game`` searched ``depth`` plies (decisions and chance alike)."""
    if type(depth) is not int or depth < 0:
        raise ValueError(f"depth is a non-negative integer, got {depth!r}")

    def value(game: Game, depth: int) -> list[float]:
        if game.is_over or depth == 0:
            return list(evaluate(game))
        request = game.chance
        if request is not None:
            try:
                outcomes = request.outcomes(limit=outcome_limit)
            except ChanceTooLarge:
                draw = rng if rng is not None else BotRandom(len(game.events))
                outcomes = [(request.draw(draw), 1.0 / samples) for _ in range(samples)]
            total = [0.0] * game.num_players
            for outcome, p in outcomes:
                after = game.clone()
                after.resolve(outcome)
                for s, v in enumerate(value(after, depth - 1)):
                    total[s] += p * v
            return total
        seat = game.to_act
        assert seat is not None
        best: list[float] | None = None
        for action in game.legal_actions():
            after = game.clone()
            after.apply(action)
            found = value(after, depth - 1)
            if best is None or found[seat] > best[seat]:
                best = found
        assert best is not None
        return best

    return value(game, depth)


class ExpectimaxBot:
    """Plays the move of the highest expected value for its seat, searched ``depth`` plies.

    The move itself is the first ply; with ``depth=2`` the bot weighs each move by the
    chance that follows it (the dice of the next roll) and scores the positions then. The
    search starts from ``game.determinize(seat, rng)``: what the seat cannot see redrawn.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        depth: int = 2,
        evaluate: Evaluate = rewards,
        outcome_limit: int = 64,
        samples: int = 8,
    ) -> None:
        if type(depth) is not int or depth < 1:
            raise ValueError(f"depth counts the move itself: an integer from 1, got {depth!r}")
        self.rng = BotRandom(seed)
        self.depth = depth
        self.evaluate = evaluate
        self.outcome_limit = outcome_limit
        self.samples = samples

    def choose(self, game: Game, seat: int) -> Action:
        """The legal action whose searched value for ``seat`` is highest (the first of ties)."""
        root = game.determinize(seat, self.rng)
        best, best_value = None, -1.0
        for action, mine in zip(game.legal_actions(), root.legal_actions(), strict=True):
            after = root.clone()
            after.apply(mine)
            value = expectimax(
                after,
                self.depth - 1,
                evaluate=self.evaluate,
                outcome_limit=self.outcome_limit,
                samples=self.samples,
                rng=self.rng,
            )[seat]
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best
