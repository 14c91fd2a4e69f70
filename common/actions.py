"""Actions: what a seat may decide, as frozen attrs records with a JSON and a short text form.

A game declares each action as ``@attrs.frozen class Bid(Action): amount: int`` with a class
variable ``word = "bid"``; ``str(Bid(150000))`` is ``"bid 150000"`` and parses back.

A field made with ``seat_field`` holds a seat: 0-based in the JSON form, as the API counts,
and in the text form the player's number as people count them (seat 0 is written ``1``), so
``offer 2`` typed at the terminal opens a proposal to Player 2.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, overload

import attrs

from common.codec import DOC, CodecError, Record, RecordSet
from common.errors import IllegalAction

_NONE = "-"
#: the key of a seat field's mark in its attrs metadata (``seat_field``)
SEAT = "seat"


def seat_field(text: str, **field: Any) -> Any:
    """An attrs field holding a seat, described by ``text``: 0-based in JSON, written in the
    text form as the player's number shown (1-based)."""
    return attrs.field(metadata={DOC: text, SEAT: True}, **field)


def _seat_token(token: str) -> int:
    """The seat a player's number in a text form names (``1`` is seat 0)."""
    if not _INT_TOKEN.fullmatch(token) or int(token) < 1:
        raise ValueError(f"expected a player's number (1, 2, ...), got {token!r}")
    return int(token) - 1


#: an integer in a text form: an optional minus and at most 18 ASCII digits
_INT_TOKEN = re.compile(r"-?[0-9]{1,18}")


def _text_token(value: Any) -> str:
    if value is None:
        return _NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(_text_token(v) for v in value) if value else _NONE
    return str(value)


def _parse_token(token: str, tp: Any) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is bool:
        if token in ("yes", "true"):
            return True
        if token in ("no", "false"):
            return False
        raise ValueError(f"expected yes or no, got {token!r}")
    if tp is int:
        # ASCII digits only: int() would also read "1_000", " 7" and other scripts' digits
        if not _INT_TOKEN.fullmatch(token):
            raise ValueError(f"expected an integer, got {token!r}")
        return int(token)
    if tp is str:
        return token
    if origin is typing.Literal:
        for a in args:
            if _text_token(a) == token:
                return a
        raise ValueError(f"expected one of {[_text_token(a) for a in args]}, got {token!r}")
    if origin is tuple:
        if token == _NONE:
            return ()
        parts = token.split(",")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_parse_token(p, args[0]) for p in parts)
        if len(parts) != len(args):
            raise ValueError(f"expected {len(args)} comma-separated values, got {token!r}")
        return tuple(_parse_token(p, a) for p, a in zip(parts, args, strict=True))
    if args and type(None) in args:
        if token == _NONE:
            return None
        errors = []
        for a in args:
            if a is type(None):
                continue
            try:
                return _parse_token(token, a)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError("; ".join(errors))
    raise ValueError(f"no text form for {tp!r}")


class Action(Record):
    """Base of every decision a seat can take; subclasses are frozen attrs classes."""

    __slots__ = ()
    word: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "word" not in cls.__dict__:
            cls.word = cls.__name__.lower()

    @classmethod
    def seat_fields(cls) -> frozenset[str]:
        """The names of the fields that hold a seat (``seat_field``), found once per class."""
        found = cls.__dict__.get("_seat_fields_cache")
        if found is None:
            found = frozenset(
                a.name
                for a in attrs.fields(cls)  # type: ignore[arg-type]
                if a.metadata.get(SEAT)
            )
            type.__setattr__(cls, "_seat_fields_cache", found)
        assert isinstance(found, frozenset)
        return found

    def __str__(self) -> str:
        parts = [self.word]
        seats = self.seat_fields()
        for f in self._field_specs():
            value = getattr(self, f.name)
            if f.name in seats and type(value) is int:
                value += 1  # the player's number as shown
            parts.append(_text_token(value))
        return " ".join(parts)

    @classmethod
    def from_text(cls, tokens: list[str]) -> Action:
        """Read this action from the tokens after its word (a seat as the player's number)."""
        specs = cls._field_specs()  # the field types, resolved once per class
        seats = cls.seat_fields()
        if len(tokens) != len(specs):
            usage = " ".join(
                [cls.word, *[f"<{'player' if f.name in seats else f.name}>" for f in specs]]
            )
            raise ValueError(f"{cls.word!r} takes {len(specs)} value(s): {usage}")
        values = {}
        for f, tok in zip(specs, tokens, strict=True):
            try:
                if f.name in seats and f.type is int:
                    values[f.name] = _seat_token(tok)
                else:
                    values[f.name] = _parse_token(tok, f.type)
            except ValueError as exc:
                raise ValueError(f"{cls.word} {f.name}: {exc}") from exc
        return cls(**values)


class ActionSet(RecordSet):
    """The actions of one game: parses JSON objects and text forms into Action values."""

    def __init__(self, kinds: Iterable[type[Action]]) -> None:
        kinds = tuple(kinds)
        super().__init__(kinds, "action")
        self._classes = frozenset(kinds)
        self.by_word: dict[str, type[Action]] = {}
        for k in kinds:
            if k.word in self.by_word:
                raise TypeError(f"two actions have the word {k.word!r}")
            self.by_word[k.word] = k

    def parse(self, value: Any) -> Action:
        """Return an Action from an Action, its JSON object, or its text form.

        Raises IllegalAction (a ValueError) naming what was wrong and what is allowed.
        """
        if type(value) in self._classes:
            return value  # type: ignore[no-any-return]
        if isinstance(value, Action):
            raise IllegalAction(f"{type(value).__name__} is not an action of this game")
        try:
            if isinstance(value, str):
                tokens = value.split()
                if not tokens:
                    raise CodecError("empty action text")
                kind = self.by_word.get(tokens[0])
                if kind is None:
                    allowed = ", ".join(sorted(self.by_word))
                    raise CodecError(f"unknown action {tokens[0]!r}; actions: {allowed}")
                return kind.from_text(tokens[1:])
            parsed = self.from_json(value)
            assert isinstance(parsed, Action)
            return parsed
        except ValueError as exc:
            raise IllegalAction(f"malformed action: {exc}") from exc


#: every subclass of ActionsByIndex: ``play`` reads their ``_len`` and ``_item`` directly
BY_INDEX: set[type] = set()


class ActionsByIndex(Sequence[Action]):
    """Legal actions computed by index instead of listed: ``len``, ``[i]`` and iteration.

    Random play and playouts read one legal action of many, so a game's ``_legal_actions``
    may return one of these (docs/core.md, "Legal actions by index"). A subclass sets
    ``_len`` and writes ``_item(i)`` for ``0 <= i < _len`` from a snapshot of the position,
    and may list all items faster in ``__iter__``; negative indexes, slices and IndexError
    are handled here, as a list handles them. ``play`` reads ``_len`` and ``_item`` directly
    for a RandomBot (no ``len`` and ``[i]`` calls), so a subclass leaves those two as they are.
    """

    __slots__ = ("_last", "_len")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        BY_INDEX.add(cls)

    def __init__(self, length: int) -> None:
        self._len = length

    def __len__(self) -> int:
        return self._len

    def _item(self, i: int) -> Action:
        """The action at index ``i``, ``0 <= i < len(self)``."""
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        # the item read last is kept: ``apply`` takes it as legal without listing the rest
        # (random play through the public path reads one item, then applies it)
        if type(i) is int and 0 <= i < self._len:  # random play's one read: checked first
            item = self._last = self._item(i)
            return item
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if 0 <= i < self._len:
            item = self._last = self._item(i)
            return item
        raise IndexError(f"legal action index out of range ({self._len} actions)")

    def __iter__(self) -> Iterator[Action]:
        return map(self._item, range(self._len))

    def __eq__(self, other: object) -> bool:
        # the same actions in the same order: equal as the tuple of them would be
        if isinstance(other, ActionsByIndex | tuple):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"
