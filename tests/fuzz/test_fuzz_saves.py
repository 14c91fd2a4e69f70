"""A save edited by an attacker who recomputes its checksum is refused with InvalidSave, or
loads as a game that is whole: the replay catches what the checksum cannot (issue 21)."""

from __future__ import annotations

import copy
import hashlib
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import common
from common import InvalidSave, RandomBot, advance

GAMES = sorted(common.games())


@cache
def _save(name: str) -> str:
    """A save part way through a game: long enough to hold every kind of event."""
    game = common.get(name).new_game(seed=11)
    advance(game, [RandomBot(s) for s in range(game.num_players)], 80)
    return game.to_json()


def _resealed(save: dict[str, Any]) -> dict[str, Any]:
    text = json.dumps(save["events"], sort_keys=True, separators=(",", ":"))
    save["checksum"] = hashlib.sha256(text.encode()).hexdigest()
    return save


values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**60), 2**60),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=6),
        st.sampled_from(["/dev/zero", "/dev/stdin", "/etc/passwd", "GameStarted", "ActionTaken"]),
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (keys and indexes)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _places(v, (*path, i))
    return out


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = new


edits = st.lists(
    st.one_of(
        st.tuples(st.just("set"), st.integers(0, 10**6), values),
        st.tuples(st.just("drop"), st.integers(0, 10**6), st.none()),
        st.tuples(st.just("copy"), st.integers(0, 10**6), st.integers(0, 10**6)),
        st.tuples(st.just("swap"), st.integers(0, 10**6), st.integers(0, 10**6)),
        st.tuples(
            st.just("option"), st.sampled_from(["seed", "players", "chart", "cards", "x"]), values
        ),
    ),
    min_size=1,
    max_size=4,
)


def _edit(save: dict[str, Any], kind: str, a: Any, b: Any) -> None:
    events = save["events"]
    if kind == "set":
        places = [p for p in _places(events) if p]
        _set(events, places[a % len(places)], b)
    elif kind == "drop" and events:
        del events[a % len(events)]
    elif kind == "copy" and events:
        events.insert(b % (len(events) + 1), copy.deepcopy(events[a % len(events)]))
    elif kind == "swap" and events:
        i, j = a % len(events), b % len(events)
        events[i], events[j] = events[j], events[i]
    elif kind == "option" and events and isinstance(events[0], dict):
        options = events[0].setdefault("options", {})
        if isinstance(options, dict):
            options[a] = b


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60, deadline=None)
@given(changes=edits)
def test_an_edited_save_with_a_fresh_checksum_is_refused_or_whole(
    name: str, changes: list[tuple[str, Any, Any]]
) -> None:
    save = json.loads(_save(name))
    for kind, a, b in changes:
        _edit(save, kind, a, b)
    _resealed(save)
    try:
        game = common.load(save)
    except InvalidSave:
        return
    # it loaded: then it is a game the engine itself would have played, and stays whole
    text = game.to_json()
    assert common.load(text).to_json() == text
    assert game.invariants() == []
    for seat in [None, *range(game.num_players)]:
        json.dumps(game.view(seat), allow_nan=False)
