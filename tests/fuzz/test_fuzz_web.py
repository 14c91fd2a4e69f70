"""metro web answers any request with a typed answer, over a real WebSocket: requests drawn at
random from every command and field (the options, the bots and undo among them), with real
tokens and made-up ones, never get ``internal_error``, never close the socket, and never
show the seed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="metro web needs the [web] extra (starlette)")
pytest.importorskip("websockets", reason="the test talks to metro web with websockets")

from common.registry import games
from common.serve import Server
from common.web.host import WebHost
from common.web.store import SqliteStore
from tests.web.conftest import Client, Running
from tests.web.harness import OPEN

GAMES = sorted(games())
#: the codes a refusal may have: every one says what was wrong
CODES = {"bad_request", "illegal_action", "invalid_option", "invalid_save", "forbidden"}
#: the web's commands, the trusted host's own (which the web refuses) and none
COMMANDS = [*WebHost.commands, *Server.commands, ""]


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Running, Client, list[str]]]:
    """A metro web (no game without a human), a client, and the tokens of a few real games."""
    folder = tmp_path_factory.mktemp("fuzz-web")
    web = Running(
        SqliteStore(folder / "games.sqlite"), limits=attrs.evolve(OPEN, allow_bot_games=False)
    )
    client = Client(web.url)
    tokens: list[str] = []
    for name in GAMES:
        players = 3 if name == "metropoli" else 2
        made = client.ask(cmd="new", game=name, players=players, bots={"1": "random"})
        assert made["ok"], made
        tokens += [s["token"] for s in made["seats"]] + [made["spectator"]]
    made = client.ask(cmd="new", game="metropolia", chance="physical")
    tokens += [s["token"] for s in made["seats"]]
    yield web, client, tokens
    client.close()
    web.stop()


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.lists(st.integers(0, 6), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
option_names = st.sampled_from(
    ["seed", "players", "options", "plus", "tie", "chart", "deck", "turn_limit", "²", ""]
)
options = st.one_of(
    junk,
    st.dictionaries(option_names, junk, max_size=3),
    st.just({"seed": 42}),
    st.just({"players": 3}),
)
bot_names = st.sampled_from(
    ["random", "mcts", "heuristic", "greedy", "mcts:86400s", "mcts:1", "nope"]
)
bot_seats = st.one_of(
    st.sampled_from(["0", "1", "2", "9", "²", "٣", "-1", "00", " 1", "1.0"]), st.text(max_size=3)
)
bots = st.one_of(junk, st.dictionaries(bot_seats, st.one_of(bot_names, junk), max_size=3))
actions = st.one_of(
    junk,
    st.sampled_from(["pass", "done", "roll 1", "roll 2", "place res1 A1", "bid 300000", "build 3"]),
    st.fixed_dictionaries({"type": st.sampled_from(["Pass", "Roll", "Place", "Nope"])}),
)


@st.composite
def any_request(draw: st.DrawFn, tokens: list[str]) -> dict[str, Any]:
    """A request: any command, any of its fields, real tokens or made-up ones."""
    request: dict[str, Any] = {"cmd": draw(st.sampled_from(COMMANDS))}
    fields = {
        "token": st.one_of(st.sampled_from(tokens), junk),
        "id": st.one_of(st.text(max_size=14), junk),
        "game": st.one_of(st.sampled_from([*GAMES, "chess"]), junk),
        "players": st.one_of(st.integers(-1, 9), st.lists(st.text(max_size=5), max_size=7), junk),
        "options": options,
        "bots": bots,
        "chance": st.one_of(st.sampled_from(["host", "physical"]), junk),
        "action": actions,
        "outcome": st.one_of(st.lists(st.integers(-1, 7), max_size=4), junk),
        "agree": junk,
        "since": st.one_of(st.integers(-2, 400), junk),
        "seq": st.one_of(st.integers(-2, 400), junk),
        "svg": junk,
        "bot": st.one_of(bot_names, junk),
        "tokens": st.one_of(st.lists(st.one_of(st.sampled_from(tokens), junk), max_size=4), junk),
        "seed": st.integers(0, 100),
    }
    for name in draw(st.lists(st.sampled_from(sorted(fields)), max_size=5, unique=True)):
        request[name] = draw(fields[name])
    return request


def requests(tokens: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """Any request, and as often a ``new`` with odd options and bots, or an ``undo``, an
    ``apply`` or a ``bot`` with a real token and odd fields."""
    real = st.sampled_from(tokens)
    made = st.fixed_dictionaries(
        {"cmd": st.just("new"), "game": st.sampled_from(GAMES)},
        optional={
            "players": st.one_of(st.integers(1, 6), junk),
            "options": options,
            "bots": bots,
            "chance": st.one_of(st.just("physical"), junk),
        },
    )
    acted = st.fixed_dictionaries(
        {"cmd": st.sampled_from(["undo", "apply", "bot", "resolve"]), "token": real},
        optional={"agree": junk, "action": actions, "bot": st.one_of(bot_names, junk)},
    )
    return st.one_of(any_request(tokens), made, acted)


def test_every_request_gets_a_typed_answer_and_the_socket_stays(
    host: tuple[Running, Client, list[str]],
) -> None:
    web, client, tokens = host

    @settings(
        max_examples=400,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(requests(tokens))
    def check(request: dict[str, Any]) -> None:
        got = client.ask(**request)
        assert isinstance(got.get("ok"), bool), got
        if not got["ok"]:
            error = got["error"]
            assert error["code"] in CODES, (request, got)
            assert isinstance(error["message"], str) and error["message"], got
        text = json.dumps(got)
        for table in list(web.host.tables.values()):
            assert f'"seed": {table.game.seed}' not in text

    check()
    assert client.ask(cmd="games")["ok"]
