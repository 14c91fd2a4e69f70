"""A small dice race used only by the tests of the core (it is not registered in the CLI).

Each turn the seat on turn chooses to roll one or two dice and moves that far (with the option
``near``, within that many squares of the target only one die: the engine takes that forced
roll itself); landing on a
multiple of 5 takes the top card of a secret, shuffled bonus deck; the first to reach the
target wins. It exercises every kind of chance request, a forced move and a declared secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import attrs

from common import (
    Action,
    ActionSet,
    Dice,
    Draw,
    Event,
    Game,
    Option,
    Result,
    Shuffle,
    winners_by_score,
)
from common.chance import ChanceRequest

BONUS_DECK = (1, 1, 2, 2, 3, 5)


@attrs.frozen
class Roll(Action):
    """Roll one or two dice."""

    dice: Literal[1, 2]


@attrs.frozen
class Moved(Event):
    """A seat moved to a square."""

    seat: int
    to: int


@attrs.frozen
class BonusTaken(Event):
    """A seat took a bonus card."""

    seat: int
    value: int


@attrs.frozen
class FirstPlayerDrawn(Event):
    """The first player was drawn."""

    seat: int


@attrs.define
class RaceState:
    """Positions, the deck and whose turn it is."""

    positions: list[int]
    deck: list[int]
    turn: int = 0

    def copy(self) -> RaceState:
        """Return an independent copy."""
        return RaceState(list(self.positions), list(self.deck), self.turn)


class Race(Game):
    """The dice race."""

    name = "toyrace"
    title = "Toy Race"
    min_players = 2
    max_players = 4
    options_spec = {
        "target": Option(20, (10, 20, 30), "the square that wins"),
        "near": Option(0, (0, 6), "within this many squares of the target, one die only"),
    }
    actions = ActionSet([Roll])
    game_events = (Moved, BonusTaken, FirstPlayerDrawn)

    s: RaceState

    def _setup(self) -> None:
        self.s = RaceState([0] * self.num_players, [])
        self._request(Shuffle("bonus", BONUS_DECK))

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        if isinstance(request, Shuffle):
            self.s.deck = list(outcome)
            self._request(Draw("seats", tuple(range(self.num_players))))
        elif isinstance(request, Draw):
            self.s.turn = outcome[0]
            self._emit(FirstPlayerDrawn(self.s.turn))
            self._next_turn()
        else:
            seat = self.s.turn
            pos = self.s.positions[seat] + sum(outcome)
            self.s.positions[seat] = pos
            self._emit(Moved(seat, pos))
            if pos % 5 == 0 and self.s.deck:
                value = self.s.deck.pop(0)
                self.s.positions[seat] += value
                self._emit(BonusTaken(seat, value))
            if self.s.positions[seat] >= self.options["target"]:
                self._end()
            else:
                self.s.turn = (seat + 1) % self.num_players
                self._next_turn()

    def _near(self) -> bool:
        return bool(self.options["target"] - self.s.positions[self.s.turn] <= self.options["near"])

    def _next_turn(self) -> None:
        if self._near():  # one die is the only choice: never asked
            self._force(self.s.turn, Roll(1))
        else:
            self._ask(self.s.turn, "roll", "roll one or two dice")

    def _legal_actions(self) -> Sequence[Action]:
        return [Roll(1)] if self._near() else [Roll(1), Roll(2)]

    def _on_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Roll)
        self._request(Dice(action.dice, "move"))

    def _copy_state(self, other: Race) -> None:
        self.s = other.s.copy()

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"positions": list(self.s.positions), "deck_size": len(self.s.deck)}

    def _secrets(self, seat: int | None) -> list[Any]:
        # two cards left would be matched by any roll of those two numbers: too short to test
        return [list(self.s.deck)] if len(set(self.s.deck)) > 2 else []

    def _result(self) -> Result:
        scores = tuple(self.s.positions)
        return Result(scores, winners_by_score(scores))

    @classmethod
    def _static_data(cls, options: Any) -> dict[str, Any]:
        return {"target": options["target"], "near": options["near"], "bonus": list(BONUS_DECK)}

    def max_actions(self) -> int:
        return int(self.options["target"]) * self.num_players + 1
