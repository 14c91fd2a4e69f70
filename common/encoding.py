"""Fixed encodings of a game for learning and search: an action index and an observation layout.

A game's *catalogue* is every action its ``legal_actions()`` can ever list for its player
count and rule options, in a fixed order: action ``i`` of the catalogue has index ``i``
(``Game.action_index``, ``Game.action_from_index``, ``Game.legal_mask``). An *observation* is a
flat vector of 32-bit floats of a fixed length, laid out in named fields (``Layout``), that
holds only what one seat may see (``Game.observation``).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from common.actions import Action


@attrs.frozen
class Field:
    """One named run of an observation vector: ``size`` numbers that mean ``doc``."""

    name: str
    size: int
    doc: str


class Layout:
    """The fields of an observation vector in order, with their offsets and a zero template."""

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        offsets: dict[str, int] = {}
        at = 0
        for f in self.fields:
            if f.name in offsets:
                raise ValueError(f"the observation field {f.name!r} is declared twice")
            if f.size < 1:
                raise ValueError(f"the observation field {f.name!r} has size {f.size}")
            offsets[f.name] = at
            at += f.size
        self._offsets = offsets
        #: the length of every observation vector of this layout
        self.size = at
        self._zeros = array("f", bytes(4 * at))

    def offset(self, name: str) -> int:
        """Where field ``name`` starts in the vector."""
        return self._offsets[name]

    def zeros(self) -> array[float]:
        """A new vector of this layout, all zeros (the template a game fills)."""
        return self._zeros[:]

    def split(self, vector: Sequence[float]) -> dict[str, list[float]]:
        """The values of ``vector`` by field name (for reading and debugging)."""
        if len(vector) != self.size:
            raise ValueError(f"a vector of this layout has {self.size} numbers, got {len(vector)}")
        return {
            f.name: list(vector[self._offsets[f.name] : self._offsets[f.name] + f.size])
            for f in self.fields
        }

    def text(self, vector: Sequence[float]) -> str:
        """``vector`` as one line a field, its non-zero entries as ``index:value`` pairs."""
        lines = []
        for name, values in self.split(vector).items():
            shown = " ".join(f"{i}:{v:g}" for i, v in enumerate(values) if v)
            lines.append(f"{name}: {shown or '-'}")
        return "\n".join(lines)

    def markdown(self) -> str:
        """The fields as a Markdown table (start, size, name, meaning) for a game's doc."""
        rows = ["| start | size | field | what it holds |", "|---|---|---|---|"]
        for f in self.fields:
            rows.append(f"| {self._offsets[f.name]} | {f.size} | `{f.name}` | {f.doc} |")
        rows.append(f"| {self.size} | | | (the vector's length) |")
        return "\n".join(rows)


class Catalogue:
    """Every action a game can list, in a fixed order, with the index of each.

    The index is found by identity first (a game's own prebuilt action objects, as its
    legal-action lists hand them out) and by equality otherwise.
    """

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        index: dict[Action, int] = {}
        for i, a in enumerate(self.actions):
            if a in index:
                raise ValueError(f"the action catalogue lists {a} twice")
            index[a] = i
        self.index: Mapping[Action, int] = index
        #: catalogue objects by ``id``: they live as long as the catalogue, so ids are stable
        self.ids: Mapping[int, int] = {id(a): i for i, a in enumerate(self.actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def indices(self, legal: Iterable[Action]) -> list[int]:
        """The sorted indices of ``legal``; ValueError for an action not in the catalogue."""
        ids = self.ids
        index = self.index
        out = []
        for a in legal:
            i = ids.get(id(a))
            if i is None:
                i = index.get(a)
                if i is None:
                    raise ValueError(f"the legal action {a} is not in the game's action catalogue")
            out.append(i)
        out.sort()
        return out


@attrs.frozen
class Encodings:
    """A game's fixed encodings as functions of the game (its class attribute ``encodings``).

    ``catalogue(game)`` lists every action ``legal_actions()`` can list with the game's players
    and options, in a fixed order; ``layout(game)`` gives the observation's fields and
    ``observe(game, seat)`` a new vector of them. Optional: ``key(game)``, what the catalogue
    depends on (default: the player count and the options), and ``legal_indices(game)``, the
    legal actions' indices computed from the state, ascending (default: each looked up).
    """

    # Any: each function is written for its own game class, which Callable[[Game], ...] rejects
    catalogue: Callable[[Any], Sequence[Action]]
    layout: Callable[[Any], Layout]
    observe: Callable[[Any, int], array[float]]
    key: Callable[[Any], Hashable] | None = None
    legal_indices: Callable[[Any], list[int]] | None = None
