"""The server answers any line with one strict-JSON answer, keeps serving, and never lets a
request replace a game, read a file or show what its seat may not see (issue 21)."""

from __future__ import annotations

import builtins
import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import common
from common.serve import Server, serve

GAMES = sorted(common.games())
CODES = {"illegal_action", "invalid_option", "invalid_save", "bad_request"}
PATHS = ["/dev/zero", "/dev/stdin", "/etc/passwd", "../x.json", "chart.json", "@/dev/zero"]


def nested(leaf: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A value wrapped in 1 to 300 lists or objects: deeper than any request may be."""
    return st.tuples(leaf, st.integers(1, 300), st.booleans()).map(
        lambda t: _wrap(t[0], t[1], t[2])
    )


def _wrap(value: Any, depth: int, as_object: bool) -> Any:
    for _ in range(depth):
        value = {"k": value} if as_object else [value]
    return value


json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=8)
)
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
        "id": st.one_of(st.sampled_from(["g1", "g2", "mine"]), st.text(max_size=4), st.integers()),
        "game": st.one_of(st.sampled_from(GAMES or ["x"]), st.text(max_size=6)),
        "players": st.one_of(
            st.integers(-2, 8), st.none(), st.text(max_size=3), st.floats(), nested(st.just(2))
        ),
        "seed": st.one_of(
            st.integers(-5, 2**60), st.text(max_size=3), st.none(), st.floats(), st.booleans()
        ),
        "seat": st.one_of(st.integers(-2, 8), st.none(), st.booleans(), st.floats(0, 3)),
        "since": st.one_of(st.integers(-3, 50), st.text(max_size=2), st.floats()),
        "rid": st.one_of(json_leaf, nested(json_leaf)),
        "action": st.one_of(
            st.text(max_size=20),
            st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
            nested(st.text(max_size=3)),
        ),
        "outcome": st.one_of(
            st.none(),
            st.lists(st.one_of(st.integers(-1, 90), st.floats(), st.booleans()), max_size=4),
            nested(st.integers(1, 6)),
        ),
        "options": st.one_of(
            st.dictionaries(st.text(max_size=8), st.integers(), max_size=2),
            st.integers(),
            st.fixed_dictionaries({"chart": st.sampled_from(PATHS)}),
            st.fixed_dictionaries({"cards": st.sampled_from(PATHS)}),
            nested(st.integers()),
        ),
        "save": st.one_of(
            st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
            st.text(max_size=10),
            nested(st.integers()),
        ),
    },
)


def check_answer(answer: dict[str, Any]) -> None:
    """An answer is strict JSON with a known error code, or ok."""
    line = json.dumps(answer, allow_nan=False)
    json.loads(line)
    if not answer["ok"]:
        assert answer["error"]["code"] in CODES, answer
        assert answer["error"]["message"]


@pytest.fixture(autouse=True)
def _no_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a request says, the server opens no file."""
    real_open = builtins.open

    def guarded(file: Any, *args: Any, **kwargs: Any) -> Any:
        if any(str(file).startswith(p.lstrip("@")) for p in PATHS if p.startswith(("/", "."))):
            raise AssertionError(f"a request made the server open {file!r}")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded)


@settings(max_examples=200, deadline=None)
@given(st.lists(requests, min_size=1, max_size=12))
def test_any_sequence_of_requests_gets_an_answer_each(batch: list[dict[str, Any]]) -> None:
    server = Server()
    if GAMES:
        assert server.handle({"cmd": "new", "game": GAMES[0], "seed": 1, "id": "g1"})["ok"]
    for request in batch:
        before = dict(server.games)
        answer = server.handle(request)
        check_answer(answer)
        if request["cmd"] in ("new", "load") and answer["ok"]:
            # a new game never takes the place of an open one
            assert all(server.games[gid] is game for gid, game in before.items())
            assert "seed" not in answer
        if not answer["ok"]:
            assert server.games == before
        # a line of the real loop gives the same answer (new servers: ids are per server)
    assert all(isinstance(g, common.Game) for g in server.games.values())


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


constants = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-1e400", "[" * 2000])


@settings(max_examples=100, deadline=None)
@given(constants, st.sampled_from(["rid", "seed", "players", "outcome", "seat", "since"]))
def test_non_json_numbers_and_deep_nesting_in_any_field_are_bad_requests(
    constant: str, field: str
) -> None:
    body = constant if not constant.startswith("[") else constant + "]" * len(constant)
    line = f'{{"cmd": "new", "game": "metrocity", "{field}": {body}}}\n'
    out = io.StringIO()
    serve(io.BytesIO(line.encode() + b'{"cmd": "games"}\n'), out)
    answers = [
        json.loads(a, parse_constant=lambda c: pytest.fail(c)) for a in out.getvalue().splitlines()
    ]
    assert answers[0]["ok"] is False and answers[0]["error"]["code"] == "bad_request"
    assert answers[1]["ok"]
