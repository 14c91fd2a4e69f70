"""A game played by random bots one decision at a time, for tests that look at every step."""

from __future__ import annotations

from collections.abc import Iterator

from common.bots import RandomBot
from common.game import Game


def decisions(game: Game, limit: int) -> Iterator[int]:
    """Take random decisions (each seat's own ``RandomBot``), chance settled from the game's
    generator before each, until the game ends or ``limit`` are taken; yield each one's
    number (0 first) after it is taken."""
    bots = [RandomBot(s) for s in range(game.num_players)]
    for turn in range(limit):
        while game.chance is not None:
            game.resolve()
        if game.is_over:
            return
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat), seat=seat)
        yield turn
