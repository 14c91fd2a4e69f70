"""Events: the typed, append-only log of a game, and the core events every game shares.

The log has two layers in one stream. ``GameStarted`` records the parameters; each decision
is an ``ActionTaken`` and each chance outcome a ``ChanceResolved``; the fact events a game
defines (``RentPaid``, ``CardBuilt``, ...) follow the decision or outcome that caused them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, overload

import attrs

from common.actions import Action
from common.codec import Record, doc

#: the save format. 2: forced answers taken by the engine, shared action words and rules
#: changed play in every game, so a log of format 1 no longer replays
FORMAT_VERSION = 2
#: the oldest format this engine replays
OLDEST_FORMAT = 2


class Event(Record):
    """Base of every event; a game's facts subclass it as frozen attrs classes."""

    __slots__ = ()
    #: True for a fact that turns hidden information face up with no chance outcome of its
    #: own (the top card of a face-down stack): a host of strangers lets no undo cross it
    #: (``common.fairplay``); a chance outcome, and an event that redacts, always count
    reveals: ClassVar[bool] = False

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """Return the JSON form ``seat`` may see (None: a spectator); override to redact."""
        return self.to_json()


@attrs.frozen
class GameStarted(Event):
    """The game's parameters: everything needed to start it again.

    The seed is the host's alone: chance outcome k is drawn from the seed and k, so whoever
    knew it would know every die to come and every hidden card. A seat or a spectator sees
    the seed as null.
    """

    game: str = doc("the registered name of the game")
    players: tuple[str, ...] = doc("the players' names, by seat")
    seed: int = doc(
        "the seed chance is drawn from (0 to 2**53 - 1); null in what a seat or a spectator "
        "sees: only the host's save holds it"
    )
    options: dict[str, Any] = doc("the rule options, every one with its value")
    format: int = doc("the save format the log is written in", default=FORMAT_VERSION)

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The parameters without the seed, which predicts every chance outcome."""
        data = self.to_json()
        data["seed"] = None
        return data


@attrs.frozen
class ActionTaken(Event):
    """A decision: ``seat`` took ``action``."""

    seat: int = doc("the seat that decided")
    action: Action = doc("what it chose")

    def to_json(self) -> dict[str, Any]:
        """Return the JSON form, the action nested as its own JSON form."""
        return {"type": self.type_name, "seat": self.seat, "action": self.action.to_json()}


@attrs.frozen
class ActionForced(Event):
    """A move the engine took for ``seat`` because it was the only legal one (not a decision).

    A game never asks a question with a single possible answer: it takes that answer with
    ``Game._force`` and logs it here, so the log still says what happened.
    """

    seat: int = doc("the seat the move was taken for")
    action: Action = doc("its only legal move, taken for it")

    def to_json(self) -> dict[str, Any]:
        """Return the JSON form, the action nested as its own JSON form."""
        return {"type": self.type_name, "seat": self.seat, "action": self.action.to_json()}


@attrs.frozen
class ChanceResolved(Event):
    """A chance outcome: what the dice showed, which card was drawn, how a deck fell.

    ``visible_to`` is None when everybody sees the outcome, else the seats that do.
    """

    request: str = doc("what chance settled, in words (``dice 2 (roll by seat 0)``)")
    outcome: tuple[Any, ...] = doc(
        "the dice, the cards drawn, or the deck's new order; null for a seat it is hidden from"
    )
    visible_to: tuple[int, ...] | None = doc(
        "the seats that see the outcome; null: everybody", default=None
    )

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

    scores: tuple[int, ...] = doc("each seat's final score, in the game's units")
    winners: tuple[int, ...] = doc("the winning seats (several share a tie)")


CORE_EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    ActionTaken,
    ActionForced,
    ChanceResolved,
    GameEnded,
)


class EventLog(Sequence[Event]):
    """An append-only sequence of events; ``fork()`` shares the prefix instead of copying it.

    ``record(factory, *args)`` logs an event without building it: the entry stays a tuple
    until someone reads it, when ``factory(*args)`` makes the event once and the entry is
    replaced by it. A simulation that never reads its log never pays for its event objects.
    The arguments must be immutable values (ints, strings, tuples, frozen records), since the
    event may be made long after.

    A log that shares nothing is the whole of its list, so an append is ``list.append``
    (a game appends several entries a decision). After ``fork()`` both logs are
    ``_shared``: only the first ``_n`` entries of the list are theirs, and each one's next
    append first makes the list its own (``_own``), copying the prefix unless it is the
    first of them to append.
    """

    __slots__ = ("_items", "_n", "_shared")

    def __init__(self, items: list[Event] | None = None) -> None:
        self._items: list[Any] = items if items is not None else []
        #: this log's length while ``_shared``
        self._n = len(self._items)
        self._shared = False

    def _own(self) -> list[Any]:
        """The list to append to: made this log's own first if it is shared with a fork."""
        items = self._items
        if self._shared:
            if len(items) != self._n:  # another fork appended past our end: copy once
                items = self._items = items[: self._n]
            self._shared = False
        return items

    def append(self, event: Event) -> None:
        """Add one event at the end."""
        (self._own() if self._shared else self._items).append(event)

    def record(self, factory: Callable[..., Event], *args: Any) -> None:
        """Add the event ``factory(*args)`` at the end, made only when it is read."""
        (self._own() if self._shared else self._items).append((factory, *args))

    def fork(self) -> EventLog:
        """Return an independent log with the same events, sharing storage until one appends."""
        other = EventLog.__new__(EventLog)
        other._items = self._items
        other._n = self._n = len(self)
        other._shared = self._shared = True
        return other

    def __len__(self) -> int:
        return self._n if self._shared else len(self._items)

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
        n = len(self)
        if isinstance(i, slice):
            return [self._event(k) for k in range(n)[i]]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("event index out of range")
        return self._event(i)

    def __iter__(self) -> Iterator[Event]:
        for i in range(len(self)):
            yield self._event(i)

    def entry(self, i: int) -> Any:
        """The log's own entry ``i``: an event, or the ``(factory, *args)`` it is made from.

        An entry keeps its identity until it is read as an event, so a reader may key what it
        learnt from the log so far by the entry it stopped at (a clone shares its entries).
        """
        if not 0 <= i < len(self):
            raise IndexError("event index out of range")
        return self._items[i]

    def kind(self, i: int) -> Callable[..., Event]:
        """The class (or factory) of entry ``i``, without making a recorded event."""
        e = self.entry(i)
        return e[0] if type(e) is tuple else type(e)

    def count(self, *kinds: type[Event]) -> int:
        """How many entries are events of ``kinds``, without building a recorded one."""
        n = 0
        for i in range(len(self)):
            e = self._items[i]
            if (e[0] if type(e) is tuple else type(e)) in kinds:
                n += 1
        return n

    def since(self, start: int) -> tuple[Event, ...]:
        """Return the events from index ``start`` on."""
        return tuple(self._event(i) for i in range(max(start, 0), len(self)))

    def view(self, start: int) -> LogSlice:
        """The events from index ``start`` to the end as it is now, built only when read."""
        return LogSlice(self, start, len(self))


class LogSlice(Sequence[Event]):
    """The events a step caused (what ``apply`` and ``resolve`` return): a read-only part of
    the log, each event built only when it is read.

    It equals the tuple of the same events and reads like one (``len``, ``[i]``, slices,
    iteration, ``+``); it keeps its length when the game goes on. A caller that never reads
    what a move caused, as a simulation loop, pays nothing for its events.
    """

    __slots__ = ("_log", "_start", "_stop")

    def __init__(self, log: EventLog, start: int, stop: int) -> None:
        self._log = log
        self._start = start
        self._stop = stop

    def __len__(self) -> int:
        return self._stop - self._start

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, i: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        n = self._stop - self._start
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("event index out of range")
        return self._log._event(self._start + i)

    def __iter__(self) -> Iterator[Event]:
        event = self._log._event
        for i in range(self._start, self._stop):
            yield event(i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogSlice | tuple):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[Event]) -> tuple[Event, ...]:
        return (*self, *other)

    def __radd__(self, other: Sequence[Event]) -> tuple[Event, ...]:
        return (*other, *self)

    def __repr__(self) -> str:
        return repr(tuple(self))
