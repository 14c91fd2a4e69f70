"""Fair play for a host of strangers: how far a seat may take its moves back.

Chance outcome k is drawn from the seed and k, so a roll taken back comes back the same:
undo cannot fish for a better roll. But it could peek: a seat that plays, watches the dice,
undoes and plays again knows what the dice will show. So a host of strangers lets a seat take
back its decisions only as far as the last moment anything random or hidden was revealed to
anyone (the rule online boards keep):

- a chance outcome (a roll, a draw, a shuffle), whoever sees it;
- an event that some seats see and others do not (a hand drawn, a private card), and a fact
  that turns hidden information face up (``Event.reveals``: the top card of a face-down
  stack, whose order a shuffle fixed);
- a decision of a bot, which draws on its own generator and on what its seat alone sees (an
  undo across it would let a seat ask again for another reply, or probe the bot's hand);
- the end of the game.

The trusted caller of ``metro serve`` keeps ``Game.undo``'s full reach (rulings HOST-1 and
HOST-2, docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Collection

from common.errors import IllegalAction
from common.events import ActionTaken, ChanceResolved, Event, GameEnded, GameStarted
from common.game import Game

#: what an undo refused because of a reveal says it may do instead
_RULE = (
    "an undo goes back only as far as the last roll, draw, shuffle, private card or bot move, "
    "so that nobody can see or change what chance brings"
)


def reveals(kind: type[Event]) -> bool:
    """True if events of ``kind`` show what was hidden: a chance outcome, a fact that shows
    some seats more than others (``for_seat`` redacts), or one marked ``reveals``."""
    found = _REVEALS.get(kind)
    if found is None:
        redacts = kind is not GameStarted and kind.for_seat is not Event.for_seat
        found = _REVEALS[kind] = kind is ChanceResolved or kind.reveals or redacts
    return found


_REVEALS: dict[type[Event], bool] = {}


def undo_point(game: Game, seat: int, bots: Collection[int] = ()) -> int:
    """Where an undo by ``seat`` goes back to: the log index of its last decision, if nothing
    random or hidden was revealed since (``bots``: the seats bots play).

    Raises IllegalAction saying why when there is none: the seat has not decided yet, the game
    is over, or a roll, a draw, a private event or a bot's move came after its last decision.
    """
    events = game.events
    for i in range(len(events) - 1, 0, -1):
        event = events[i]
        kind = type(event)
        if kind is ActionTaken:
            assert isinstance(event, ActionTaken)
            if event.seat == seat:
                return i
            if event.seat in bots:  # ruling HOST-2
                name = game.players[event.seat]
                raise IllegalAction(
                    f"nothing to undo: {name}, a bot, has moved since your last decision; {_RULE}"
                )
        elif kind is GameEnded:
            raise IllegalAction("the game is over: nothing can be taken back")
        elif kind is ChanceResolved:
            assert isinstance(event, ChanceResolved)
            raise IllegalAction(
                f"nothing to undo: chance has been revealed since your last decision "
                f"({event.request}); {_RULE}"
            )
        elif reveals(kind):
            raise IllegalAction(
                "nothing to undo: hidden information has been shown since your last "
                f"decision; {_RULE}"
            )
    raise IllegalAction("nothing of yours to undo: you have not decided yet")


def can_undo(game: Game, seat: int | None, bots: Collection[int] = ()) -> bool:
    """True if ``seat`` (None: a spectator, who never may) has a decision it may take back."""
    if seat is None or game.is_over:
        return False
    try:
        undo_point(game, seat, bots)
    except IllegalAction:
        return False
    return True
