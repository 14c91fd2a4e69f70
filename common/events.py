"""Events: the typed, append-only log of a game, and the core events every game shares.

The log has two layers in one stream. ``GameStarted`` records the parameters; each decision
is an ``ActionTaken`` and each chance outcome a ``ChanceResolved``; the fact events a game
defines (``RentPaid``, ``CardBuilt``, ...) follow the decision or outcome that caused them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

import attrs

from common.actions import Action
from common.codec import Record

FORMAT_VERSION = 1


class Event(Record):
    """Base of every event; a game's facts subclass it as frozen attrs classes."""

    __slots__ = ()

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """Return the JSON form ``seat`` may see (None: a spectator); override to redact."""
        return self.to_json()


@attrs.frozen
class GameStarted(Event):
    """The game's parameters: everything needed to start it again."""

    game: str
    players: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    format: int = FORMAT_VERSION


@attrs.frozen
class ActionTaken(Event):
    """A decision: ``seat`` took ``action``."""

    seat: int
    action: Action

    def to_json(self) -> dict[str, Any]:
        """Return the JSON form, the action nested as its own JSON form."""
        return {"type": self.type_name, "seat": self.seat, "action": self.action.to_json()}


@attrs.frozen
class ChanceResolved(Event):
    """A chance outcome: what the dice showed, which card was drawn, how a deck fell.

    ``visible_to`` is None when everybody sees the outcome, else the seats that do.
    """

    request: str
    outcome: tuple[Any, ...]
    visible_to: tuple[int, ...] | None = None

    @classmethod
    def of(cls, request: Any, outcome: tuple[Any, ...]) -> ChanceResolved:
        """The event of ``request`` (a ChanceRequest) settled with ``outcome``."""
        return cls(request.describe(), outcome, request.visible_to)

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """Hide the outcome from seats it is secret to."""
        data = self.to_json()
        if self.visible_to is not None and (seat is None or seat not in self.visible_to):
            data["outcome"] = None
        return data


@attrs.frozen
class GameEnded(Event):
    """The game is over: final scores by seat and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


CORE_EVENTS: tuple[type[Event], ...] = (GameStarted, ActionTaken, ChanceResolved, GameEnded)


class EventLog(Sequence[Event]):
    """An append-only sequence of events; ``fork()`` shares the prefix instead of copying it.

    ``record(factory, *args)`` logs an event without building it: the entry stays a tuple
    until someone reads it, when ``factory(*args)`` makes the event once and the entry is
    replaced by it. A simulation that never reads its log never pays for its event objects.
    The arguments must be immutable values (ints, strings, tuples, frozen records), since the
    event may be made long after.
    """

    __slots__ = ("_items", "_n")

    def __init__(self, items: list[Event] | None = None) -> None:
        self._items: list[Any] = items if items is not None else []
        self._n = len(self._items)

    def append(self, event: Event) -> None:
        """Add one event at the end."""
        if self._n != len(self._items):  # another fork appended past our end: copy once
            self._items = self._items[: self._n]
        self._items.append(event)
        self._n += 1

    def record(self, factory: Callable[..., Event], *args: Any) -> None:
        """Add the event ``factory(*args)`` at the end, made only when it is read."""
        if self._n != len(self._items):
            self._items = self._items[: self._n]
        self._items.append((factory, *args))
        self._n += 1

    def fork(self) -> EventLog:
        """Return an independent log with the same events, sharing storage until one appends."""
        other = EventLog.__new__(EventLog)
        other._items = self._items
        other._n = self._n
        return other

    def __len__(self) -> int:
        return self._n

    def _event(self, i: int) -> Event:
        e = self._items[i]
        if type(e) is tuple:  # a recorded entry: make its event now, once
            e = self._items[i] = e[0](*e[1:])
        return e  # type: ignore[no-any-return]

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Event]: ...
    def __getitem__(self, i: int | slice) -> Event | Sequence[Event]:
        if isinstance(i, slice):
            return [self._event(k) for k in range(self._n)[i]]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("event index out of range")
        return self._event(i)

    def __iter__(self) -> Iterator[Event]:
        for i in range(self._n):
            yield self._event(i)

    def since(self, start: int) -> tuple[Event, ...]:
        """Return the events from index ``start`` on."""
        return tuple(self._event(i) for i in range(max(start, 0), self._n))
