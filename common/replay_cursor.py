"""A cursor over a saved game: step forward and back through it without keeping every state."""

from __future__ import annotations

from typing import Any

from common.errors import IllegalAction
from common.events import ActionTaken, ChanceResolved, Event
from common.game import Game, reapply, replay_into
from common.registry import load

_CHECKPOINT_EVERY = 64


class Replay:
    """Walk a saved game step by step; ``position`` counts the decisions and outcomes applied.

    The game at each position is rebuilt from the nearest earlier checkpoint (one kept every
    64 steps), so a long game is never materialised state by state.
    """

    def __init__(self, save: str | bytes | dict[str, Any]) -> None:
        full = load(save)  # validates the whole save once
        cls = type(full)
        self._cls: type[Game] = cls
        self._events: list[Event] = list(full.events)
        self._steps = [
            i for i, e in enumerate(self._events) if isinstance(e, ActionTaken | ChanceResolved)
        ]
        self._game = replay_into(cls, self._prefix(0))
        self._position = 0
        self._checkpoints: dict[int, Game] = {0: self._game.clone()}

    def _prefix(self, position: int) -> list[Event]:
        end = self._steps[position] if position < len(self._steps) else len(self._events)
        return self._events[:end]

    @property
    def length(self) -> int:
        """The number of steps (decisions and chance outcomes) in the game."""
        return len(self._steps)

    @property
    def position(self) -> int:
        """How many steps have been applied at the cursor."""
        return self._position

    @property
    def game(self) -> Game:
        """The game at the cursor (a fresh copy each time: changing it does not move the cursor)."""
        return self._game.clone()

    def forward(self) -> Game:
        """Apply the next step and return the game there."""
        if self._position >= len(self._steps):
            raise IllegalAction(f"the replay is at its end (step {self._position})")
        reapply(self._game, self._events[self._steps[self._position]])
        self._position += 1
        if self._position % _CHECKPOINT_EVERY == 0:
            self._checkpoints.setdefault(self._position, self._game.clone())
        return self.game

    def back(self) -> Game:
        """Go back one step and return the game there."""
        if self._position == 0:
            raise IllegalAction("the replay is at its start")
        return self.seek(self._position - 1)

    def seek(self, position: int) -> Game:
        """Move to ``position`` (0 to ``length``) and return the game there."""
        if not 0 <= position <= len(self._steps):
            raise IllegalAction(f"position {position} is outside 0 to {len(self._steps)}")
        if position < self._position:
            base = max(p for p in self._checkpoints if p <= position)
            self._game = self._checkpoints[base].clone()
            self._position = base
        while self._position < position:
            self.forward()
        return self.game
