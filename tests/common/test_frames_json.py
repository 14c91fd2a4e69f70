"""The host's frames and stored rows are written by ``jsontext.compact`` (orjson with the
``[web]`` extra): what it writes must read back as the very value ``json`` writes, for every
part of every game's answers, and what is not JSON data must still be refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import common
from common import jsontext
from common.protocol import line

GAMES = sorted(common.games())


def _floats(value: Any) -> bool:
    """Whether a float sits anywhere in the JSON value."""
    if type(value) is float:
        return True
    if type(value) is dict:
        return any(_floats(v) for v in value.values())
    if type(value) is list or type(value) is tuple:
        return any(_floats(v) for v in value)
    return False


def _parts(name: str, seed: int) -> list[Any]:
    """Views of every seat and the spectators, legal moves and events of a random game."""
    game = common.games()[name].new_game(seed=seed)
    rand = random.Random(seed)
    parts: list[Any] = []
    steps = 0
    while not game.is_over and steps < 400:
        if game.chance is not None:
            events = game.resolve()
        else:
            legal = game.legal_actions()
            parts.append([a.to_json() for a in legal[:20]])
            events = game.apply(rand.choice(legal))
        parts.extend(e.to_json() for e in events)
        if steps % 25 == 0:
            parts.extend(game.view(s) for s in (None, *range(game.num_players)))
        steps += 1
    return parts


@pytest.mark.parametrize("name", GAMES)
def test_every_part_of_a_games_answers_reads_back_as_json_writes_it(name: str) -> None:
    for seed in (1, 2):
        for part in _parts(name, seed):
            text = jsontext.compact(part)
            assert json.loads(text) == json.loads(json.dumps(part))
            # a non-finite float would turn into null under orjson: the games write none
            assert not _floats(part)


def test_compact_keeps_text_and_has_no_spaces() -> None:
    value = {"who": "Zoë ☃", "n": [1, -2, 3], "none": None, "yes": True}
    text = jsontext.compact(value)
    assert json.loads(text) == value
    assert " " not in text.replace("Zoë ☃", "")


def test_what_is_not_json_data_is_refused_with_a_type_error() -> None:
    with pytest.raises(TypeError):
        jsontext.compact({"x": object()})


@pytest.mark.skipif(not jsontext._ORJSON, reason="orjson is not installed (the [web] extra)")
@pytest.mark.parametrize("bad", [{1: "an int key"}, {"big": 2**70}])
def test_orjson_refuses_what_json_would_bend(bad: Any) -> None:
    # json writes an int key as a string and any integer; orjson refuses both, so a frame
    # holding one becomes an internal error: the games' JSON forms hold neither
    with pytest.raises(TypeError):
        jsontext.compact(bad)


def test_an_answer_that_cannot_be_written_becomes_an_internal_error_with_its_rid() -> None:
    out = json.loads(line({"ok": True, "rid": 7, "thing": object()}))
    assert out["ok"] is False and out["error"]["code"] == "internal_error"
    assert out["rid"] == 7
