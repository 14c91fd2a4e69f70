"""Fuzzing every registered game: garbage actions, stale actions, wrong seats, bad outcomes,
damaged saves. Each must raise the documented error type and leave the game unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import common
from common import Game, IllegalAction, InvalidSave, RandomBot, advance
from common.testing import fingerprint

GAMES = sorted(common.games())
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**9), 10**9) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def position(name: str, seed: int, steps: int) -> Game:
    """A game of ``name`` after ``steps`` random steps (fewer if it ends)."""
    g = common.get(name).new_game(players=None, seed=seed)
    bot = RandomBot(seed)
    advance(g, {seat: bot for seat in range(g.num_players)}, steps)
    return g


def refused(g: Game, call: Any, error: type[Exception] = IllegalAction) -> str:
    before = fingerprint(g)
    text = g.to_json()
    with pytest.raises(error) as info:
        call()
    assert fingerprint(g) == before and g.to_json() == text
    assert str(info.value), "an error must say what was wrong"
    return str(info.value)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), junk=json_values)
def test_random_json_is_refused_or_legal(name: str, seed: int, steps: int, junk: Any) -> None:
    g = position(name, seed, steps)
    if g.to_act is not None:
        try:
            parsed = g.parse_action(junk)
        except IllegalAction:
            refused(g, lambda: g.apply(junk))
            return
        if parsed not in g.legal_actions() and not g.is_legal(parsed):
            refused(g, lambda: g.apply(junk))


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 60), data=st.data())
def test_mutated_legal_actions_are_refused_or_legal(
    name: str, seed: int, steps: int, data: Any
) -> None:
    g = position(name, seed, steps)
    legal = g.legal_actions()
    if not legal:
        return
    base = data.draw(st.sampled_from(legal)).to_json()
    key = data.draw(st.sampled_from(sorted(base)))
    mutated = dict(base)
    mutated[key] = data.draw(json_values)
    if data.draw(st.booleans()):
        mutated.pop(data.draw(st.sampled_from(sorted(mutated))))
    try:
        parsed = g.parse_action(mutated)
    except IllegalAction:
        refused(g, lambda: g.apply(mutated))
        return
    if parsed not in legal and not g.is_legal(parsed):  # unlisted but legal: CORE-5
        refused(g, lambda: g.apply(mutated))


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 80), other=st.integers(0, 10_000))
def test_actions_from_another_position_and_wrong_seats(
    name: str, seed: int, steps: int, other: int
) -> None:
    g = position(name, seed, steps)
    elsewhere = position(name, other, steps // 2 + 1).legal_actions()
    legal = g.legal_actions()
    for a in elsewhere[:5]:
        # a game may list a sample of a huge choice (trade proposals) and accept the rest
        # through is_legal; what it refuses must leave it unchanged
        if a not in legal and not (g.to_act is not None and g.is_legal(a)):
            refused(g, lambda a=a: g.apply(a))
    if g.to_act is not None and legal:
        wrong = (g.to_act + 1) % g.num_players
        if wrong != g.to_act:
            message = refused(g, lambda: g.apply(legal[0], seat=wrong))
            assert f"{g.players[wrong]} is not to act" in message


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80), junk=json_values)
def test_outcomes_that_do_not_fit_the_chance_request(
    name: str, seed: int, steps: int, junk: Any
) -> None:
    g = position(name, seed, steps)
    if g.chance is None:
        refused(g, lambda: g.resolve((1,)))
        return
    try:
        g.chance.validate(junk)
    except IllegalAction:
        if junk is not None:
            refused(g, lambda: g.resolve(junk))


def _mutations(save: dict[str, Any], draw: Any) -> dict[str, Any]:
    kind = draw(st.sampled_from(["flip", "drop", "retype", "truncate", "version", "game"]))
    events = save["events"]
    if kind == "version":
        save["format"] = 99
    elif kind == "game":
        save["game"] = draw(st.sampled_from([g for g in [*GAMES, "chess"] if g != save["game"]]))
    elif kind == "truncate":
        save["events"] = events[: draw(st.integers(0, max(0, len(events) - 1)))]
    else:
        i = draw(st.integers(0, len(events) - 1))
        keys = sorted(k for k in events[i] if k != "type") or ["type"]
        key = draw(st.sampled_from(keys))
        if kind == "drop":
            events[i].pop(key)
        elif kind == "retype":
            events[i][key] = draw(json_values)
        else:
            value = events[i][key]
            events[i][key] = (value + 1) if isinstance(value, int) else [value]
    if draw(st.booleans()):  # make the checksum fit, so the replay itself must catch it
        from common.game import _checksum

        save["checksum"] = _checksum(save["events"])
    return save


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 60), data=st.data())
def test_damaged_saves_raise_invalid_save(name: str, seed: int, steps: int, data: Any) -> None:
    g = position(name, seed, steps)
    original = g.to_json()
    save = _mutations(json.loads(original), data.draw)
    try:
        loaded = common.load(save)
    except InvalidSave as exc:
        assert str(exc)
        return
    # a mutation may be harmless only if the loaded game is a faithful game of its own log
    assert json.loads(loaded.to_json())["events"] == save["events"]


@pytest.mark.parametrize("name", GAMES)
def test_truncated_save_text_is_invalid(name: str) -> None:
    text = position(name, 1, 30).to_json()
    for cut in (1, len(text) // 3, len(text) - 2):
        with pytest.raises(InvalidSave):
            common.load(text[:cut])
