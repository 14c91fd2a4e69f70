"""Strict JSON at the library's edge: bounded nesting, no NaN or Infinity, valid Unicode.

Everything that comes in from outside (a protocol request, a save, an event log given as
JSON) is read with ``loads`` or checked with ``check``, and everything that goes out is
written with ``dumps``. Python's own ``json`` accepts ``NaN``, ``Infinity`` and ``1e999``
(which it reads as infinity), writes them back, which no other JSON reader accepts, and
recurses once per level of nesting, so a line of a thousand ``[`` raises RecursionError in
the reader or in whatever walks the value next.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

#: the deepest nesting a value from outside may have: a save is about eight levels deep
#: (events, an event, its options, a chart's rows and their modifiers)
MAX_DEPTH = 64

_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONError(ValueError):
    """A text or value that is not strict JSON within the bounds; the message says why."""


def _no_constant(name: str) -> Any:
    raise JSONError(f"{name} is not JSON (JSON numbers are finite)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONError(f"the number {text[:20]} is too large for JSON (it reads as infinity)")
    return value


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """Read strict JSON: finite numbers, valid Unicode, at most ``max_depth`` levels deep."""
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise JSONError(f"the JSON is nested more than {max_depth} levels deep") from None
    except JSONError:
        raise
    except (ValueError, UnicodeDecodeError) as exc:
        raise JSONError(f"not JSON: {exc}") from None
    check(value, max_depth=max_depth)
    return value


def check(value: Any, *, max_depth: int = MAX_DEPTH) -> None:
    """Raise JSONError unless ``value`` is plain JSON data within the bounds.

    Plain JSON data: dicts with string keys, lists (or tuples), strings without lone
    surrogates, ints, finite floats, booleans and None, nested at most ``max_depth`` levels.
    The walk is iterative, so it never recurses whatever it is given.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is str:
            if not item.isascii() and _SURROGATE.search(item):
                raise JSONError(f"the text {item[:20]!r} is not valid Unicode (lone surrogate)")
        elif kind is dict or kind is list or kind is tuple:
            if depth > max_depth:
                raise JSONError(f"the JSON is nested more than {max_depth} levels deep")
            if kind is dict:
                for key, sub in item.items():
                    if type(key) is not str:
                        raise JSONError(f"an object key must be a string, got {key!r:.40}")
                    if not key.isascii() and _SURROGATE.search(key):
                        raise JSONError(f"the key {key[:20]!r} is not valid Unicode")
                    stack.append((sub, depth + 1))
            else:
                stack.extend((sub, depth + 1) for sub in item)
        elif kind is float:
            if not math.isfinite(item):
                raise JSONError(f"{item} is not JSON (JSON numbers are finite)")
        elif item is not None and kind is not int and kind is not bool:
            raise JSONError(f"a {kind.__name__} is not JSON data")


def dumps(value: Any, **kwargs: Any) -> str:
    """Write strict JSON (``allow_nan=False``): raises ValueError rather than write NaN."""
    return json.dumps(value, allow_nan=False, **kwargs)
