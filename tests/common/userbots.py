"""Bots of a user's own, as a researcher writes them: the tests load them as module:Class."""

from __future__ import annotations

from typing import Any

from common import Action, Game
from common.rng import BotRandom


class FirstMoveBot:
    """Always the first legal action: a bot with no seed."""

    def choose(self, game: Game, seat: int) -> Action:
        """The first of the legal actions."""
        return game.legal_actions()[0]


class SeededBot:
    """A random legal action from its own generator: a bot made with the seat's seed."""

    def __init__(self, seed: int) -> None:
        self.rng = BotRandom(seed)

    def choose(self, game: Game, seat: int) -> Action:
        """A legal action drawn from the bot's generator."""
        legal = game.legal_actions()
        return legal[int(self.rng.random() * len(legal))]


def make_seeded(seed: int) -> Any:
    """A factory function: the same bot as ``SeededBot(seed)``."""
    return SeededBot(seed)


NOT_A_BOT = 3


class IllegalBot:
    """Answers every question with the same made-up move: a bot with a bug."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Game, seat: int) -> Any:
        """Not a legal action anywhere."""
        return {"type": "nonsense"}
