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

try:  # the [web] extra: the host writes every frame, and orjson writes one ten times faster
    import orjson

    _ORJSON = True
except ImportError:  # pragma: no cover - the base install writes with json
    _ORJSON = False

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
        raise JSONError(str(exc)) from None  # the callers say what was not JSON
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


def compact(value: Any) -> str:
    """``dumps(value, separators=(",", ":"))``, the way a host writes its frames and rows.

    With orjson installed (the ``[web]`` extra) it writes them, about ten times faster on a
    view; its text differs only in keeping non-ASCII characters as they are (not ``\\u``
    escapes) and in writing a float that is not finite as ``null``: the games' JSON forms
    hold no floats. Raises TypeError for what is not JSON data (or an integer beyond 64
    bits), as ``dumps`` raises TypeError or ValueError.
    """
    if not _ORJSON:
        return json.dumps(value, allow_nan=False, separators=(",", ":"))
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError as exc:  # a TypeError already; said as json says it
        raise TypeError(str(exc)) from None


def diff(old: Any, new: Any) -> list[dict[str, Any]]:
    """A JSON Patch (RFC 6902: ``add``, ``remove`` and ``replace`` operations) that turns the
    JSON value ``old`` into ``new``: objects compared key by key, lists of the same length
    item by item, anything else replaced whole. Empty when they are equal.

    Parts that Python calls equal are not looked into: an object whose keys only changed
    their order is unchanged (JSON's objects are unordered), and so is a place whose value
    turns from a number into a boolean of equal value (Python's ``1 == True``) inside an
    otherwise unchanged object or list. A view, whose places keep their kinds, may be
    diffed; data that mixes them at one place may not. Added keys keep the order of
    ``new``: an object whose new keys do not come after the kept ones is replaced whole.

    >>> for op in diff({"a": 1, "b": [1, 2]}, {"b": [1, 3], "c": None}):
    ...     print(op)
    {'op': 'remove', 'path': '/a'}
    {'op': 'replace', 'path': '/b/1', 'value': 3}
    {'op': 'add', 'path': '/c', 'value': None}
    """
    ops: list[dict[str, Any]] = []
    if not _same(old, new):
        _diff(old, new, "", ops)
    return ops


def _same(old: Any, new: Any) -> bool:
    """Whether two JSON values are equal (and of one type at the top: see ``diff``)."""
    return type(old) is type(new) and old == new


def _pointer(key: str) -> str:
    """One reference token of a JSON Pointer (RFC 6901): ``~`` and ``/`` escaped."""
    return key.replace("~", "~0").replace("/", "~1") if "~" in key or "/" in key else key


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """The operations that turn ``old`` into ``new``, which differ, at ``path``."""
    kind = type(new)
    if kind is dict and type(old) is dict and _keeps_order(old, new):
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_pointer(key)}"})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{_pointer(key)}", "value": value})
                continue
            was = old[key]
            if type(was) is not type(value) or was != value:  # _same, inline: it runs a lot
                _diff(was, value, f"{path}/{_pointer(key)}", ops)
    elif kind is list and type(old) is list and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if type(a) is not type(b) or a != b:
                _diff(a, b, f"{path}/{i}", ops)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _keeps_order(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether ``new``'s keys are ``old``'s that it kept, in their order, then the added ones:
    what removing and adding keys makes (an object's text has its keys in an order, which a
    patched copy must keep; otherwise the object is replaced whole)."""
    if old.keys() == new.keys():
        return list(old) == list(new)
    kept = [k for k in old if k in new]
    return kept == list(new)[: len(kept)]


def patch(value: Any, ops: list[dict[str, Any]]) -> Any:
    """``value`` with the JSON Patch ``ops`` (``add``, ``remove``, ``replace``) applied, in
    place where it can be (the result is returned: a patch of the whole value replaces it)."""
    for op in ops:
        path = op["path"]
        if path == "":
            value = op["value"]
            continue
        keys = [k.replace("~1", "/").replace("~0", "~") for k in path[1:].split("/")]
        parent = value
        for key in keys[:-1]:
            parent = parent[int(key)] if type(parent) is list else parent[key]
        last: Any = int(keys[-1]) if type(parent) is list else keys[-1]
        if op["op"] == "remove":
            del parent[last]
        else:
            parent[last] = op["value"]
    return value
