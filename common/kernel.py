"""The one step of every game, written once: a decision, a chance outcome, the log's append.

``Game.apply`` and ``Game.resolve``, ``play()``, the bots' playouts and the benchmarks all
move a game through these three functions and nothing else:

- ``decide(game, seat, action)`` logs a decision already known to be legal, hands it to the
  game's ``_on_action`` hook and brings ``is_over`` and ``chance`` up to date;
- ``settle(game, request, outcome)`` does the same for a chance outcome already validated,
  or for the one the game's own seed gives (``outcome`` None);
- ``entries(log)`` is the list a step appends its entries to, made the log's own first (a
  cloned log shares its list until its first append). Each step sets it as the game's
  ``_entries`` before the game's hook runs, so a hook appends to it without a call.

Each returns where in the log its events start, so a caller that reads them makes a
``LogSlice`` and one that does not (a playout) pays for nothing more. The checks (is the
action legal, is this seat to act, is chance pending) are the callers': this module is
what comes after them.

``PromptCache`` is the one kind of prompt cache, bounded: the core's ``_ask`` keeps its
prompts in one, and a game that keys its questions by its own state keeps them in another.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import attrs

from common.chance import ChanceRequest, Dice, Draw, Shuffle
from common.events import ActionTaken, ChanceResolved, EventLog
from common.rng import chance_dice, chance_drawn, chance_stream

if TYPE_CHECKING:
    from common.game import Game


@attrs.frozen
class Prompt:
    """What the seat on turn is asked: ``kind`` is a short stable word (``roll``, ``bid``...)."""

    seat: int
    kind: str
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        """Return the plain-JSON form."""
        return {"seat": self.seat, "kind": self.kind, "text": self.text}


def entries(log: EventLog) -> list[Any]:
    """The list ``log`` appends to, made its own first: append events or (factory, *args)."""
    return log._own() if log._shared else log._items


def decide(game: Game, seat: int, action: Any) -> int:
    """Take ``action``, legal for ``seat`` at the pending prompt; where its events start."""
    log = game._log
    items = game._entries = log._own() if log._shared else log._items
    start = len(items)
    game._decisions += 1
    items.append((ActionTaken, seat, action))
    game._on_action(seat, action)
    now = game._pending
    if type(now) is not Prompt:
        if now is None:
            game._after_step()
            game.is_over = True
        else:
            game.chance = now  # type: ignore[assignment]
    return start


def settle(game: Game, request: ChanceRequest, outcome: tuple[Any, ...] | None = None) -> int:
    """Apply ``outcome`` (validated) of the pending ``request``, or the one the game's seed
    gives as its next chance outcome when it is None; where its events start."""
    k = game._chance_count
    if outcome is None:
        kind = type(request)
        if kind is Dice:
            outcome = chance_dice(game.seed, k, request.count)  # type: ignore[attr-defined]
        elif kind is Draw and 0 < request.count <= len(request.cards):  # type: ignore[attr-defined]
            outcome = chance_drawn(game.seed, k, request.cards, request.count)  # type: ignore[attr-defined]
        elif kind is Shuffle and request.cards:  # type: ignore[attr-defined]
            outcome = chance_drawn(game.seed, k, request.cards, len(request.cards))  # type: ignore[attr-defined]
        else:
            outcome = request.draw(chance_stream(game.seed, k))
    log = game._log
    items = game._entries = log._own() if log._shared else log._items
    start = len(items)
    game._chance_count = k + 1
    items.append((ChanceResolved.of, request, outcome))
    game._on_chance(request, outcome)
    now = game._pending
    if type(now) is Prompt:
        game.chance = None
    elif now is None:
        game._after_step()
        game.is_over = True
        game.chance = None
    else:
        game.chance = now  # type: ignore[assignment]
    return start


class PromptCache:
    """Prompts made once each, by a key: ``get(key)`` finds one, ``keep(key, prompt)`` adds one.

    A prompt is an immutable value, so a question asked again can be the very object asked
    before, made once. The cache holds at most ``limit`` prompts and starts again empty when
    full (a prompt's text may name amounts and players, so the kinds of text are not bounded
    by the rules). ``get`` is the dict's own, a lookup at C speed.
    """

    __slots__ = ("_limit", "_made", "get")

    def __init__(self, limit: int = 4096) -> None:
        self._made: dict[Hashable, Prompt] = {}
        self._limit = limit
        self.get: Callable[[Hashable], Prompt | None] = self._made.get

    def keep(self, key: Hashable, prompt: Prompt) -> Prompt:
        """Keep ``prompt`` under ``key`` and return it."""
        made = self._made
        if len(made) >= self._limit:
            made.clear()
        made[key] = prompt
        return prompt

    def __len__(self) -> int:
        return len(self._made)
