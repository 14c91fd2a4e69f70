"""A host strangers can neither cheat nor starve: each way a hostile client cheated metro web
or took it down, tried again as the client did, over a real WebSocket on a loopback port with
a real SQLite file. The attacker comes from 127.0.0.2 and the other player from 127.0.0.3 (the
whole of 127.0.0.0/8 reaches a host listening on 127.0.0.1)."""

from __future__ import annotations

import http.client
import json
import random
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from websockets.exceptions import ConnectionClosed

import common.web.host as host_module
from common.errors import InvalidOption
from common.registry import get
from common.serve import Server
from common.web.store import SqliteStore
from tests.web.conftest import Client, Running, play_to_the_end
from tests.web.harness import OPEN

ATTACKER = ("127.0.0.2", 0)
#: the events that show what was hidden: chance, a hand drawn, a card turned up
REVEALING = ("ChanceResolved", "TilesDrawn", "CardRevealed", "CardRead")
VICTIM = ("127.0.0.3", 0)


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Running]:
    """The tests' own metro web, over a real SQLite file."""
    running = Running(SqliteStore(tmp_path / "games.sqlite"))
    yield running
    running.stop()


@pytest.fixture
def client(web: Running) -> Iterator[Client]:
    """A client of ``web``."""
    c = Client(web.url)
    yield c
    c.close()


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Callable[..., Running]]:
    """Start a metro web over a SQLite file with some limits changed from the tests' own."""
    started: list[Running] = []

    def start(**limits: Any) -> Running:
        running = Running(
            SqliteStore(tmp_path / f"games{len(started)}.sqlite"),
            limits=attrs.evolve(OPEN, **limits),
        )
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()


def _closed_with(client: Client, timeout: float = 10) -> tuple[int, str]:
    """The code and reason the host closed ``client``'s socket with (waiting for it)."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            client.ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    except ConnectionClosed as exc:
        assert exc.rcvd is not None, "closed without a close frame"
        return exc.rcvd.code, exc.rcvd.reason
    except TimeoutError:
        pass
    raise AssertionError("the host did not close the socket")


# ---------------------------------------------------------------- 1. the seed cannot be chosen


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"seed": 42}, "the seed is not a rule option"),
        ({"players": 3}, "players is not a rule option"),
        ({"options": {}}, "not nested"),
        ({"plus": True, "nope": 1}, "unknown option 'nope'"),
        ([], "options must be an object"),
        ("seed=42", "options must be an object"),
    ],
)
def test_a_request_gives_only_the_games_declared_options(
    client: Client, options: Any, said: str
) -> None:
    got = client.ask(cmd="new", game="metropolia", options=options, bots={"1": "random"})
    assert got["error"]["code"] == "invalid_option", got
    assert said in got["error"]["message"]
    if isinstance(options, dict):
        assert "options: " in got["error"]["message"] and "plus" in got["error"]["message"]
    data = client.ask(cmd="data", game="metropolia", options=options)
    assert data["error"]["code"] == "invalid_option", data
    # the same gate in metro serve and in the Python API
    served = Server().handle({"cmd": "new", "game": "metropolia", "options": options})
    assert served["error"]["code"] == "invalid_option" and said in served["error"]["message"]
    with pytest.raises(InvalidOption, match=said.replace("'", ".")):
        get("metropolia").new_game(options=options)
    made = client.ask(cmd="new", game="metropolia", options={"plus": True}, bots={"1": "random"})
    assert made["ok"], made


def test_no_option_of_any_game_can_reach_the_constructors_own_parameters() -> None:
    from common.registry import games

    for info in games().values():
        assert not {"seed", "players", "options"} & set(info.cls.options_spec), info.name


# ---------------------------------------------------------------- 2. undo neither peeks nor fishes


def test_undo_after_a_roll_is_refused_so_the_dice_cannot_be_seen_first(client: Client) -> None:
    # the attack: play, watch the next roll, undo, choose knowing it (12 of 12 turns before)
    made = client.ask(cmd="new", game="metropolia", bots={"1": "random"})
    token = made["seats"][0]["token"]
    state = client.ask(cmd="follow", token=token)
    refused = 0
    for _ in range(12):
        state = client.ask(cmd="view", token=token)
        while not state.get("legal"):
            client.updates.clear()
            state = client.until(lambda u: u.get("legal") or u["is_over"])
        moved = client.ask(cmd="apply", token=token, action=state["legal"]["text"][-1])
        assert moved["ok"], moved
        after = client.ask(cmd="view", token=token)
        seen = client.ask(cmd="events", token=token)["events"]
        back = client.ask(cmd="undo", token=token)
        if after["can_undo"] and after["to_act"] == 0:
            assert back["ok"], back  # within the turn: nothing was revealed since
            continue
        assert back["error"]["code"] == "illegal_action", back
        message = back["error"]["message"]
        assert "chance has been revealed" in message or "a bot, has moved" in message, message
        assert "last roll, draw, shuffle, private card or bot move" in message
        log = client.ask(cmd="events", token=token)["events"]
        assert log[: len(seen)] == seen  # nothing was taken back
        refused += 1
    assert refused >= 10


@pytest.mark.parametrize("name", ["metropoli", "metropolis_lots", "metrocity", "metropolia"])
def test_an_undo_takes_back_only_what_revealed_nothing_and_the_same_move_brings_the_same(
    web: Running, name: str
) -> None:
    players = 3 if name == "metropoli" else 2
    client = Client(web.url)
    made = client.ask(
        cmd="new", game=name, players=players, bots={str(s): "random" for s in range(1, players)}
    )
    token, gid = made["seats"][0]["token"], made["id"]
    rng = random.Random(7)
    state = client.ask(cmd="follow", token=token)
    undone = tried = 0
    for _ in range(200):
        if state["is_over"]:
            break
        if not state.get("legal"):
            state = client.until(lambda u: u.get("legal") or u["is_over"])
            client.updates.clear()
            continue
        move = rng.choice(state["legal"]["text"])
        before = state["seq"]
        moved = client.ask(cmd="apply", token=token, action=move)
        assert moved["ok"], moved
        state = moved
        if any(e["type"] in REVEALING for e in moved["events"]):
            refused = client.ask(cmd="undo", token=token)  # a draw came of the move itself
            assert refused["error"]["code"] == "illegal_action", refused
            tried += 1
            continue
        if moved["to_act"] != 0 or moved["is_over"]:
            continue  # a bot may move at any moment now: nothing to try
        tried += 1
        game = web.host.tables[gid].game
        chances = game._chance_count
        full = [e.to_json() for e in game.events]
        back = client.ask(cmd="undo", token=token)
        assert back["ok"] is moved["can_undo"], (moved["can_undo"], back)
        if not back["ok"]:
            continue
        undone += 1
        taken = full[back["seq"] :]
        assert taken[0]["type"] == "ActionTaken" and taken[0]["seat"] == 0
        assert not [e for e in taken if e["type"] in REVEALING]
        assert all(e["seat"] == 0 for e in taken if e["type"] == "ActionTaken")
        assert web.host.tables[gid].game._chance_count == chances  # no draw taken back
        assert back["seq"] <= before
        # the same move again: the very same events (nothing chance brings was changed)
        again = client.ask(cmd="apply", token=token, action=move)
        assert again["ok"] and again["seq"] == moved["seq"]
        redo = [e.to_json() for e in web.host.tables[gid].game.events]
        assert redo == full
        state = again
    assert tried
    # Metro City draws a tile after every placement, and a turn of Metropolia is a roll and
    # one decision but for a Business Center's swap: only the others take moves back often
    if name in ("metropoli", "metropolis_lots"):
        assert undone, "no move was ever taken back"
    client.close()


def test_serve_keeps_the_full_undo_of_its_trusted_caller() -> None:
    server = Server()
    server.handle({"cmd": "new", "game": "metropolia", "seed": 3, "id": "g"})
    for _ in range(6):
        view = server.handle({"cmd": "view", "id": "g", "v": 2, "seat": 0})
        if view["chance"] is not None:
            server.handle({"cmd": "resolve", "id": "g"})
            continue
        legal = server.handle({"cmd": "legal", "id": "g", "seat": view["to_act"]})["text"]
        server.handle({"cmd": "apply", "id": "g", "action": legal[0]})
    log = server.handle({"cmd": "events", "id": "g"})["events"]
    first = next(i for i, e in enumerate(log) if e["type"] == "ActionTaken")
    assert any(e["type"] == "ChanceResolved" for e in log[first:])
    back = server.handle({"cmd": "undo", "id": "g", "to": first})
    assert back["ok"] and back["seq"] == first  # back past the dice: the host may


# ---------------------------------------------------------------- 3. the game cap is nobody's


def test_reconnecting_does_not_give_an_address_more_games(make: Callable[..., Running]) -> None:
    web = make(games_per_minute=5)
    for _ in range(5):  # a new socket for every game, as the attack did
        attacker = Client(web.url, source_address=ATTACKER)
        assert attacker.ask(cmd="new", game="metrocity", bots={"1": "random"})["ok"]
        attacker.close()
    attacker = Client(web.url, source_address=ATTACKER)
    over = attacker.ask(cmd="new", game="metrocity", bots={"1": "random"})
    assert over["error"]["code"] == "rate_limited", over
    assert "at most 5 new games a minute from one address" in over["error"]["message"]
    victim = Client(web.url, source_address=VICTIM)
    assert victim.ask(cmd="new", game="metrocity", bots={"1": "random"})["ok"]
    attacker.close()
    victim.close()


def test_the_caps_count_only_unfinished_games_and_a_finished_one_leaves_memory(
    make: Callable[..., Running], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "FINISHED_KEPT", 0)  # every finished game from the store
    web = make(open_per_address=2, open_games=3)
    a = Client(web.url, source_address=ATTACKER)
    made = [a.ask(cmd="new", game="metrocity", bots={"1": "random"}) for _ in range(2)]
    over = a.ask(cmd="new", game="metrocity", bots={"1": "random"})
    assert over["error"]["code"] == "forbidden", over
    assert "at most 2 unfinished games from one address" in over["error"]["message"]
    b = Client(web.url, source_address=VICTIM)
    assert b.ask(cmd="new", game="metrocity", bots={"1": "random"})["ok"]
    full = Client(web.url, source_address=("127.0.0.4", 0))
    refused = full.ask(cmd="new", game="metrocity", bots={"1": "random"})
    assert (
        refused["error"]["code"] == "rate_limited" and "3 unfinished" in refused["error"]["message"]
    )
    # the attacker's first game played to its end: it leaves memory and both counts
    token = made[0]["seats"][0]["token"]
    final = play_to_the_end(a, token)
    gid = made[0]["id"]
    deadline = time.monotonic() + 5
    while gid in web.host.tables and time.monotonic() < deadline:
        time.sleep(0.01)
    assert gid not in web.host.tables and gid not in web.host.finished
    assert a.ask(cmd="new", game="metrocity", bots={"1": "random"})["ok"]
    # its tokens still open the final position and the replay, from the store, and act no more
    seen = a.ask(cmd="view", token=token)
    assert seen["ok"] and seen["is_over"] and seen["view"] == final["view"]
    assert seen["view"]["result"] is not None and seen["can_undo"] is False
    steps = a.ask(cmd="steps", token=token)
    assert steps["is_over"] and steps["steps"][-1]["seq"] == final["seq"]
    middle = steps["steps"][len(steps["steps"]) // 2]["seq"]
    assert a.ask(cmd="render", token=token, seq=middle)["svg"].startswith("<svg")
    for request in ({"cmd": "apply", "action": "pass"}, {"cmd": "undo"}, {"cmd": "bot"}):
        refused = a.ask(token=token, **request)
        assert refused["error"]["code"] == "illegal_action", refused
        assert "over" in refused["error"]["message"]
    assert a.ask(cmd="view", token=made[0]["spectator"])["is_over"]
    mine = a.ask(cmd="mine", tokens=[token, made[1]["seats"][0]["token"]])["games"]
    assert [g["is_over"] for g in mine] == [True, False]
    assert mine[0]["decisions"] == len([s for s in steps["steps"] if s["seat"] is not None])
    assert mine[0]["players"] == ["Player 1", "Player 2"] and mine[0]["title"] == "Metro City"
    assert gid not in web.host.tables and gid not in web.host.finished
    for c in (a, b, full):
        c.close()


# ---------------------------------------------------------------- 4. sockets nobody can hold


def test_sockets_are_counted_per_address_and_in_all_and_idle_ones_let_go(
    make: Callable[..., Running],
) -> None:
    web = make(connections=4, connections_per_address=3, idle=1.0)
    held = [Client(web.url, source_address=ATTACKER) for _ in range(3)]
    fourth = Client(web.url, source_address=ATTACKER)
    code, reason = _closed_with(fourth)
    assert code == 1008 and "at most 3 connections from one address" in reason
    player = Client(web.url, source_address=VICTIM)
    made = player.ask(cmd="new", game="metrocity", bots={"1": "random"})
    player.ask(cmd="follow", token=made["seats"][0]["token"])  # following: never idle
    late = Client(web.url, source_address=("127.0.0.4", 0))
    code, reason = _closed_with(late)
    assert code == 1013 and "try again later" in reason
    for c in held:  # idle: no game followed and nothing sent
        code, reason = _closed_with(c)
        assert code == 1008 and "idle" in reason
    again = Client(web.url, source_address=("127.0.0.4", 0))
    assert again.ask(cmd="games")["ok"]
    time.sleep(1.5)
    assert player.ask(cmd="view", token=made["seats"][0]["token"])["ok"]  # still there
    again.close()
    player.close()


def _raw(source: tuple[str, int], port: int, data: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=source)
    sock.sendall(data)
    return sock


def _is_closed(sock: socket.socket, timeout: float) -> bool:
    """True if the host closes ``sock`` within ``timeout`` (whatever it answers first)."""
    deadline = time.monotonic() + timeout
    try:
        while True:
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            if sock.recv(4096) == b"":
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


def test_half_open_http_requests_are_timed_out_and_cannot_lock_others_out(
    make: Callable[..., Running],
) -> None:
    web = make(request_timeout=1.0, connections_per_address=10)
    headers = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # never ended
    body = b"POST /health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nab"
    held = [_raw(ATTACKER, web.port, headers if i % 2 else body) for i in range(10)]
    extra = [_raw(ATTACKER, web.port, headers) for _ in range(5)]
    assert all(_is_closed(s, 2) for s in extra)  # past the address's count: closed at once
    page = http.client.HTTPConnection("127.0.0.1", web.port, timeout=5, source_address=VICTIM)
    page.request("GET", "/")
    assert page.getresponse().status == 200
    player = Client(web.url, source_address=VICTIM)
    assert player.ask(cmd="games")["ok"]
    start = time.monotonic()
    assert all(_is_closed(s, 5) for s in held)  # too slow: let go
    assert time.monotonic() - start < 4
    for s in held + extra:
        s.close()
    player.close()


# ---------------------------------------------------------------- 5. bots that starve nobody


def test_games_no_human_plays_need_the_hosts_leave(make: Callable[..., Running]) -> None:
    web = make(allow_bot_games=False)
    client = Client(web.url)
    refused = client.ask(cmd="new", game="metrocity", bots={"0": "random", "1": "random"})
    assert (
        refused["error"]["code"] == "forbidden"
        and "--allow-bot-games" in refused["error"]["message"]
    )
    assert client.ask(cmd="new", game="metrocity", bots={"1": "random"})["ok"]
    client.close()


def _decisions(web: Running, gid: str) -> int:
    table = web.host.tables.get(gid) or web.host.finished.get(gid)
    return int(table.game.decisions)


def test_the_bots_of_a_game_nobody_is_at_pause_until_somebody_comes(web: Running) -> None:
    maker = Client(web.url)
    made = maker.ask(
        cmd="new", game="metropoli", players=3, bots={str(s): "mcts" for s in range(3)}
    )
    gid = made["id"]
    deadline = time.monotonic() + 30
    while _decisions(web, gid) < 1:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    maker.close()  # the maker leaves: nobody is at the game
    table = web.host.tables[gid]
    deadline = time.monotonic() + 60
    while table.present or not table.advancing.done():  # its decision under way ends
        assert time.monotonic() < deadline, "the bots never paused"
        time.sleep(0.02)
    paused = _decisions(web, gid)
    time.sleep(1.0)
    assert _decisions(web, gid) == paused and not web.host.pool.busy
    watcher = Client(web.url)
    watcher.ask(cmd="follow", token=made["spectator"])
    watcher.until(lambda u: u["seq"] > 0 and _decisions(web, gid) > paused, timeout=60)
    watcher.close()


def test_a_strangers_bot_games_hold_up_anothers_bot_by_a_decision_or_two(
    make: Callable[..., Running],
) -> None:
    web = make(bot_cpu=1.0)
    pool = web.host.pool
    seen: list[tuple[str, str]] = []  # ("asks" or "starts", address), in order
    run = pool.run

    async def logged(owner: str, decide: Callable[[], Any], kind: str | None = None) -> Any:
        seen.append(("asks", owner))

        def started() -> Any:
            seen.append(("starts", owner))
            return decide()

        return await run(owner, started, kind)

    pool.run = logged
    attacker = Client(web.url, source_address=ATTACKER)
    for _ in range(4):
        made = attacker.ask(
            cmd="new", game="metropoli", players=3, bots={str(s): "mcts" for s in range(3)}
        )
        attacker.ask(cmd="follow", token=made["spectator"])
    deadline = time.monotonic() + 30
    while pool.waiting < 2:  # their decisions queue up
        assert time.monotonic() < deadline
        time.sleep(0.05)
    player = Client(web.url, source_address=VICTIM)
    made = player.ask(cmd="new", game="metrocity", bots={"1": "random"})
    token = made["seats"][0]["token"]
    state = player.ask(cmd="follow", token=token)
    for _ in range(3):
        while not state.get("legal"):
            state = player.until(lambda u: u.get("legal") or u["is_over"], timeout=60)
            player.updates.clear()
        assert player.ask(cmd="apply", token=token, action=state["legal"]["text"][0])["ok"]
        state = player.until(lambda u: u.get("legal") or u["is_over"], timeout=60)
        player.updates.clear()
    attacker.close()
    player.close()
    mine = [i for i, e in enumerate(seen) if e == ("asks", "127.0.0.3")]
    assert len(mine) >= 3
    for asked in mine:
        began = seen.index(("starts", "127.0.0.3"), asked)
        theirs = [e for e in seen[asked:began] if e == ("starts", "127.0.0.2")]
        # its bot waited for the decision under way (sent to the worker already, if not yet
        # begun) and at most one more of theirs
        assert len(theirs) <= 2, seen[asked : began + 1]


def test_serve_and_bot_names_cap_the_search_budget() -> None:
    server = Server()
    server.handle({"cmd": "new", "game": "metrocity", "seed": 1, "id": "g"})
    while server.handle({"cmd": "view", "id": "g", "v": 2})["chance"] is not None:
        server.handle({"cmd": "resolve", "id": "g"})
    for budget in ("mcts:86400s", "mcts:infs", "mcts:1000000"):
        got = server.handle({"cmd": "bot", "id": "g", "bot": budget})
        assert got["error"]["code"] == "bad_request", got
        assert "at most 100000 playouts" in got["error"]["message"]
        assert "60 seconds" in got["error"]["message"]
    from common.botspec import BotError, factory_of

    with pytest.raises(BotError, match="at most 100000 playouts"):
        factory_of(get("metrocity"), "mcts:86400s")


# ---------------------------------------------------------------- 6. the host's own pages only


def test_only_the_hosts_own_pages_and_the_named_origins_open_the_socket(
    make: Callable[..., Running],
) -> None:
    web = make(allow_origins=("https://friend.example",))
    evil = Client(web.url, origin="http://evil.example")
    code, reason = _closed_with(evil)
    assert code == 1008 and "evil.example" in reason and "--allow-origin" in reason
    for origin in (f"http://127.0.0.1:{web.port}", "https://friend.example", None):
        ok = Client(web.url, **({"origin": origin} if origin else {}))
        assert ok.ask(cmd="games")["ok"], origin
        ok.close()
    # a page of another site whose name was made to point here (DNS rebinding): refused
    sock = socket.create_connection(("127.0.0.1", web.port))
    rebound = Client(
        f"ws://evil.example:{web.port}/ws", sock=sock, origin=f"http://evil.example:{web.port}"
    )
    code, reason = _closed_with(rebound)
    assert code == 1008 and "localhost or 127.0.0.1" in reason
    page = http.client.HTTPConnection("127.0.0.1", web.port, timeout=5)
    page.request("GET", "/", headers={"Host": f"evil.example:{web.port}"})
    answer = page.getresponse()
    assert answer.status == 421 and json.loads(answer.read())["error"]["code"] == "forbidden"


@pytest.mark.parametrize("path", ["/", "/game.html", "/start.js", "/health", "/missing"])
def test_every_answer_carries_the_browsers_protections(web: Running, path: str) -> None:
    page = http.client.HTTPConnection("127.0.0.1", web.port, timeout=5)
    page.request("GET", path)
    answer = page.getresponse()
    answer.read()
    csp = answer.getheader("content-security-policy") or ""
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "default-src 'none'" in csp and "unsafe-eval" not in csp
    assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert answer.getheader("x-content-type-options") == "nosniff"
    assert answer.getheader("x-frame-options") == "DENY"
    assert answer.getheader("referrer-policy") == "no-referrer"


def test_the_pages_have_no_inline_script() -> None:
    from html.parser import HTMLParser

    from common.web.app import STATIC

    class Scripts(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.inline: list[str] = []
            self.in_script = False

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            names = dict(attrs)
            self.inline += [f"{tag} {k}" for k in names if k.startswith("on")]
            self.in_script = tag == "script"
            if tag == "script" and not names.get("src"):
                self.inline.append("a script without src")

        def handle_data(self, data: str) -> None:
            if self.in_script and data.strip():
                self.inline.append(f"script text {data.strip()[:20]!r}")

        def handle_endtag(self, tag: str) -> None:
            self.in_script = False

    pages = sorted(STATIC.glob("*.html"))
    assert pages
    for page in pages:
        found = Scripts()
        found.feed(page.read_text())
        assert not found.inline, (page.name, found.inline)


# ---------------------------------------------------------------- 7. the small ones


@pytest.mark.parametrize(
    "bots",
    [
        {"²": "random"},
        {"٣": "random"},
        {"1": 5},
        {"1": ["random"]},
        {"9999": "random"},
        {"-1": "random"},
    ],
)
def test_a_malformed_bots_field_is_a_clean_error(client: Client, bots: Any) -> None:
    got = client.ask(cmd="new", game="metrocity", bots=bots)
    assert got["error"]["code"] == "bad_request", got
    assert "bots:" in got["error"]["message"]


def test_a_reader_too_slow_for_its_updates_is_let_go(make: Callable[..., Running]) -> None:
    web = make(outbox_bytes=64 * 1024)
    slow = Client(web.url)
    made = slow.ask(
        cmd="new", game="metropoli", players=3, bots={str(s): "random" for s in range(3)}
    )
    slow.ws.send(json.dumps({"cmd": "follow", "token": made["spectator"], "svg": True}))
    # it reads nothing more: the host's writer waits on the socket, its outbox grows
    deadline = time.monotonic() + 60
    while web.app.state.live:
        assert time.monotonic() < deadline, "the slow reader was never let go"
        for conn in web.app.state.live:
            assert conn.queued <= 64 * 1024
        time.sleep(0.05)
    code, reason = _closed_with(slow, timeout=30)
    assert code == 1008 and "too slowly" in reason


def test_no_undo_crosses_a_card_turned_up_from_a_face_down_stack() -> None:
    from common.errors import IllegalAction
    from common.fairplay import undo_point

    # Metropolia Plus: building may empty a pile, and the stack's next card is turned up
    # with no roll of its own (ruling MK-5): an undo there would show the stack's order
    rng = random.Random(1)
    for seed in range(40):
        game = get("metropolia").new_game(seed=seed, options={"plus": True})
        while not game.is_over and game.decisions < 400:
            if game.chance is not None:
                game.resolve()
                continue
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            got = game.apply(legal[rng.randrange(len(legal))])
            if any(e.type_name == "CardRevealed" for e in got) and game.chance is None:
                assert not any(e.type_name == "ChanceResolved" for e in got)
                with pytest.raises(IllegalAction, match="hidden information has been shown"):
                    undo_point(game, seat)
                return
    raise AssertionError("no card was turned up by a decision")


def test_a_reader_that_keeps_up_is_never_let_go_however_fast_the_bots_play(
    web: Running,
) -> None:
    # cheap bot moves run on the loop: between two of them the loop turns, so the writers
    # send what waits and a reader that reads is never "too slow"
    watcher = Client(web.url)
    made = watcher.ask(
        cmd="new", game="metropoli", players=3, bots={str(s): "random" for s in range(3)}
    )
    watcher.ask(cmd="follow", token=made["spectator"])
    other = Client(web.url)
    assert other.ask(cmd="games")["ok"]  # answered while the bots play
    final = watcher.until(lambda u: u["is_over"], timeout=60)
    assert final["view"]["result"] is not None
    watcher.close()
    other.close()


def test_an_unfinished_game_nobody_follows_leaves_memory_and_comes_back(
    make: Callable[..., Running],
) -> None:
    web = make(idle_game=1.0)
    client = Client(web.url, source_address=ATTACKER)
    made = client.ask(cmd="new", game="metropolia", bots={"1": "random"})
    token, gid = made["seats"][0]["token"], made["id"]
    state = client.ask(cmd="follow", token=token)
    while not state.get("legal"):
        state = client.until(lambda u: u.get("legal") or u["is_over"])
    client.close()  # nobody follows it now
    deadline = time.monotonic() + 10
    while gid in web.host.tables:
        assert time.monotonic() < deadline, "the game never left memory"
        time.sleep(0.05)
    assert web.host.quotas.open["127.0.0.2"] == 0  # no longer counted as the address's
    back = Client(web.url, source_address=VICTIM)
    again = back.ask(cmd="follow", token=token)  # brought back from the store, as it was
    assert again["ok"] and again["seq"] == state["seq"] and again["view"] == state["view"]
    assert gid in web.host.tables
    moved = back.ask(cmd="apply", token=token, action=again["legal"]["text"][0])
    assert moved["ok"], moved
    back.until(lambda u: u.get("legal") or u["is_over"])  # and its bot plays on
    back.close()
