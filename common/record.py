"""A game told in words, step by step, as a seat sees it.

A step is what the replay cursor (``common.replay_cursor.Replay``) counts: a decision
(``ActionTaken``) or a chance outcome (``ChanceResolved``), with the facts it caused. Step 0
is the start, before the first of them. The words are the game's own (``Game.describe``), so
a step says no more than the seat may see.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from common.events import ActionTaken, ChanceResolved, Event
from common.game import Game


@attrs.frozen
class Step:
    """One step of a game in words: its number, who decided it, and its sentences."""

    number: int
    #: the seat that decided (None for the start and for chance)
    seat: int | None
    #: the step's own sentence first, then those of the facts it caused
    lines: tuple[str, ...]


def step_starts(events: Sequence[Event]) -> list[int]:
    """The indexes in ``events`` where steps 1, 2, ... begin (decisions and outcomes)."""
    return [i for i, e in enumerate(events) if isinstance(e, ActionTaken | ChanceResolved)]


def tell(
    game: Game, seat: int | None = None, *, start: int = 0, stop: int | None = None
) -> Iterator[Step]:
    """The steps of ``game``'s log from step ``start`` up to (not including) step ``stop``.

    Each is told as ``seat`` sees it (None: a spectator); a fact the seat may not see at
    all is left out.
    """
    events = list(game.events)
    starts = [0, *step_starts(events), len(events)]
    last = len(starts) - 1 if stop is None else min(stop, len(starts) - 1)
    for number in range(max(0, start), last):
        chunk = events[starts[number] : starts[number + 1]]
        if not chunk:
            continue
        first = chunk[0]
        lines = tuple(t for t in (game.describe(e, seat) for e in chunk) if t)
        decided = first.seat if isinstance(first, ActionTaken) else None
        yield Step(number, decided, lines)


def header(game: Game) -> str:
    """One line naming the game, its players and its rule options."""
    options = ", ".join(f"{k} {_value(v)}" for k, v in game.options.items())
    shown = f"; options: {options}" if options else ""
    return f"{game.title or game.name}: {', '.join(game.players)}{shown}"


def _value(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    text = str(value)
    return text if len(text) <= 24 else text[:21] + "..."


def record(game: Game, seat: int | None = None) -> str:
    """The whole game in words: a header line, then each step numbered, its facts indented."""
    out = [header(game)]
    width = len(str(len(step_starts(game.events))))
    for step in tell(game, seat):
        for k, line in enumerate(step.lines):
            number = f"{step.number:>{width}}" if k == 0 else " " * width
            out.append(f"{number}  {line}")
    return "\n".join(out) + "\n"
