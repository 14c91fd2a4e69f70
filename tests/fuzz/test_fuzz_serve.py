"""The server answers any line with one JSON answer and keeps serving."""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import common
from common.serve import Server, serve

GAMES = sorted(common.games())
CODES = {"illegal_action", "invalid_option", "invalid_save", "bad_request"}

requests = st.fixed_dictionaries(
    {
        "cmd": st.sampled_from(
            [
                "new",
                "view",
                "legal",
                "apply",
                "resolve",
                "save",
                "load",
                "events",
                "close",
                "games",
                "nope",
            ]
        )
    },
    optional={
        "id": st.one_of(st.just("g1"), st.text(max_size=4), st.integers()),
        "game": st.one_of(st.sampled_from(GAMES or ["x"]), st.text(max_size=6)),
        "players": st.one_of(st.integers(-2, 8), st.none(), st.text(max_size=3)),
        "seed": st.one_of(st.integers(-5, 50), st.text(max_size=3), st.none()),
        "seat": st.one_of(st.integers(-2, 8), st.none(), st.booleans()),
        "since": st.one_of(st.integers(-3, 50), st.text(max_size=2)),
        "action": st.one_of(
            st.text(max_size=20), st.dictionaries(st.text(max_size=6), st.integers(), max_size=3)
        ),
        "outcome": st.one_of(st.none(), st.lists(st.integers(-1, 90), max_size=4)),
        "options": st.one_of(
            st.dictionaries(st.text(max_size=8), st.integers(), max_size=2), st.integers()
        ),
        "save": st.one_of(
            st.dictionaries(st.text(max_size=6), st.integers(), max_size=3), st.text(max_size=10)
        ),
    },
)


def check_answer(answer: dict[str, Any]) -> None:
    json.dumps(answer)
    if not answer["ok"]:
        assert answer["error"]["code"] in CODES and answer["error"]["message"]


@settings(max_examples=150, deadline=None)
@given(st.lists(requests, min_size=1, max_size=12))
def test_any_sequence_of_requests_gets_an_answer_each(batch: list[dict[str, Any]]) -> None:
    server = Server()
    if GAMES:
        assert server.handle({"cmd": "new", "game": GAMES[0], "seed": 1, "id": "g1"})["ok"]
    for request in batch:
        check_answer(server.handle(request))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.binary(max_size=200), min_size=1, max_size=8))
def test_garbage_bytes_get_an_error_line_each_and_the_server_goes_on(chunks: list[bytes]) -> None:
    lines = [c.replace(b"\n", b" ") + b"\n" for c in chunks]
    lines.append(b'{"cmd": "games"}\n')
    out = io.StringIO()
    serve(io.BytesIO(b"".join(lines)), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    for a in answers:
        check_answer(a)
    assert answers[-1]["ok"] and "games" in answers[-1]
