"""Several ``metro web`` hosts over one PostgreSQL: one host serves each game under its lease,
a move reaching another host is handed to it, every step reaches the followers of every host,
a dead host's games go on elsewhere; and no store ever rewrites a stored row."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest

import common.web.store as store_module
from common.registry import get
from common.web.host import token_hash
from common.web.store import (
    Appended,
    Conflict,
    Created,
    InUse,
    MemoryStore,
    PostgresStore,
    SeatRecord,
    SqliteStore,
    Store,
)
from tests.tiers import slow
from tests.web.conftest import Client
from tests.web.harness import free_port

ROOT = Path(__file__).resolve().parents[2]
#: what a test's hosts allow: its clients all come from 127.0.0.1, as fast as a test goes
OPEN = [
    "--games-per-minute", "100000", "--open-per-address", "100000",
    "--connections-per-address", "1000", "--rate", "10000", "--allow-bot-games",
]  # fmt: skip


# ---------------------------------------------------------------------- every store's contract
def _stores(kind: str, tmp_path: Path, dsn: Callable[[], str]) -> Store:
    if kind == "memory":
        return MemoryStore()
    if kind == "sqlite":
        return SqliteStore(tmp_path / "games.sqlite")
    return PostgresStore(dsn())


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgres"])
def test_a_row_at_a_seq_stored_already_is_refused_and_the_stored_rows_stay(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    store = _stores(kind, tmp_path, lambda: str(request.getfixturevalue("postgres")))
    gid = f"c{kind}"
    store.create(gid, "metrocity", {}, [SeatRecord(0, "human", None, f"h{kind}")])
    store.append(gid, 0, 0, [{"type": "A"}, {"type": "B"}], False)
    before = store.load(gid)
    with pytest.raises(Conflict, match="row 1"):
        store.append(gid, 1, 1, [{"type": "X"}], True)  # another writer's step at row 1
    with pytest.raises(Conflict):  # in a group, the write fails whole
        store.write([Appended(gid, 2, 2, ({"type": "C"},), False), Appended(gid, 0, 0, (), False)])
    after = store.load(gid)
    assert after == before and after is not None
    assert [e["type"] for e in after.events] == ["A", "B"] and after.rows == 2 and not after.over
    assert store.since(gid, 0) == [(0, {"type": "A"}), (1, {"type": "B"})]
    store.append(gid, 2, 1, [{"type": "D"}], False)  # an undo is a row added, not a rewrite
    assert store.since(gid, 0)[:2] == [(0, {"type": "A"}), (1, {"type": "B"})]
    assert [e["type"] for e in store.load(gid).events] == ["A", "D"]  # type: ignore[union-attr]
    store.close()


def test_a_game_is_written_only_by_the_host_that_holds_its_lease(
    postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = PostgresStore(postgres), PostgresStore(postgres)
    one.join("one", "ws://127.0.0.1:1")
    two.join("two", "ws://127.0.0.1:2")
    seats = (SeatRecord(0, "human", None, "lease-h"),)
    one.write(
        [Created("lease", "metrocity", {}, seats), Appended("lease", 0, 0, ({"a": 1},), False)]
    )
    claim = two.claim("lease")
    assert not claim.mine and claim.holder == "one" and claim.address == "ws://127.0.0.1:1"
    with pytest.raises(Conflict, match="no longer holds its lease"):
        two.append("lease", 1, 1, [{"b": 2}], False)
    assert two.claim("nothing-stored") == store_module.Claim(False)
    # a host that stops renewing loses its games once the lease runs out
    monkeypatch.setattr(store_module, "LEASE", 0.3)
    one.append("lease", 1, 1, [{"b": 2}], False)  # renewed for 0.3 s
    time.sleep(0.5)
    assert two.claim("lease").mine
    with pytest.raises(Conflict):
        one.append("lease", 2, 2, [{"c": 3}], False)
    renewed = one.renew(["lease"], [], [])
    assert renewed.lost == {"lease"}
    assert one.key() == two.key()
    two.close()  # its leases go with it: the game is free at once
    assert one.claim("lease").mine
    one.close()


def test_a_second_store_on_one_sqlite_file_is_refused_and_names_the_first(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    first = SqliteStore(path)
    first.join("abc", "ws://127.0.0.1:9")
    with pytest.raises(InUse) as refused:
        SqliteStore(path)
    said = str(refused.value)
    assert str(path) in said and f"pid {os.getpid()}" in said and "host abc" in said
    assert "PostgreSQL" in said
    first.close()
    SqliteStore(path).close()  # let go: the next one opens it


# ---------------------------------------------------------------------- real hosts
class Host:
    """A ``metro web`` process on a loopback port over ``db``."""

    def __init__(self, db: str, *extra: str) -> None:
        self.port = free_port()
        command = [sys.executable, "-m", "common", "web", "--port", str(self.port), "--db", db]
        self.proc = subprocess.Popen(
            [*command, *OPEN, *extra],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.kill()
                    err = self.proc.stderr.read() if self.proc.stderr else b""
                    raise AssertionError(f"metro web did not start: {err.decode()}") from None
                time.sleep(0.05)

    def health(self) -> dict[str, Any]:
        """The host's /health."""
        with urlopen(f"http://127.0.0.1:{self.port}/health", timeout=10) as answer:
            found: dict[str, Any] = json.loads(answer.read())
        return found

    def kill(self) -> None:
        """kill -9: no goodbye."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)


@pytest.fixture
def hosts(postgres: str) -> Iterator[Callable[..., Host]]:
    """Start hosts over the test's PostgreSQL; all killed after."""
    started: list[Host] = []

    def start(*extra: str) -> Host:
        host = Host(postgres, *extra)
        started.append(host)
        return host

    yield start
    for host in started:
        host.kill()


def _two_hosts(
    hosts: Callable[..., Host], **new: Any
) -> tuple[Host, Host, Client, Client, dict[str, Any]]:
    """Hosts A and B, a client of each, and a game made through A's with ``new``."""
    a, b = hosts(), hosts()
    on_a, on_b = Client(a.url), Client(b.url)
    made = on_a.ask(cmd="new", **new)
    assert made["ok"], made
    return a, b, on_a, on_b, made


def _next_state(client: Client, gid: str, seq: int, timeout: float) -> dict[str, Any]:
    """The update of game ``gid`` that reaches ``seq`` (or its end), within ``timeout``."""
    return client.until(
        lambda u: u["id"] == gid and (u["seq"] >= seq or u["is_over"]), timeout=timeout
    )


class TwoSeats:
    """A game of two humans, seat 0 followed through one client and seat 1 through another
    (each of its own host)."""

    def __init__(self, made: dict[str, Any], clients: dict[int, Client], seed: int) -> None:
        self.gid = made["id"]
        self.tokens = {s["seat"]: s["token"] for s in made["seats"]}
        self.clients = clients
        self.states = {s: clients[s].ask(cmd="follow", token=self.tokens[s]) for s in (0, 1)}
        self.rng = random.Random(seed)

    def move(self) -> tuple[int, dict[str, Any]]:
        """A random move of the seat to act; the other seat must be told it within 2 s,
        whichever host made the step. The seat and its answer."""
        seat = self.states[0]["to_act"]
        assert seat is not None, self.states[0]
        mover, other = self.clients[seat], self.clients[1 - seat]
        legal = self.states[seat]["legal"]["text"]
        answer = mover.ask(cmd="apply", token=self.tokens[seat], action=self.rng.choice(legal))
        assert answer["ok"], answer
        told = _next_state(other, self.gid, answer["seq"], timeout=2)
        assert told["seq"] == answer["seq"] and told["to_act"] == answer["to_act"]
        self.states[seat], self.states[1 - seat] = answer, told
        mover.updates.clear()
        other.updates.clear()
        return seat, answer


@slow
def test_a_game_made_on_one_host_is_played_to_its_end_through_two(
    hosts: Callable[..., Host],
) -> None:
    a, b, on_a, on_b, made = _two_hosts(hosts, game="metropolia", players=2)
    play = TwoSeats(made, {0: on_a, 1: on_b}, 36)
    tokens, states = play.tokens, play.states
    assert states[1]["ok"] and states[1]["seq"] == states[0]["seq"]
    moves = 0
    while not states[0]["is_over"]:
        play.move()
        moves += 1
    assert moves > 10 and states[1]["is_over"]
    # both hosts tell the same game, and only A (its maker) served it
    for seat in (0, 1):
        for client in (on_a, on_b):
            seen = client.ask(cmd="view", token=tokens[seat])
            assert seen["seq"] == states[0]["seq"] and seen["is_over"]
    assert a.health()["copies"] == 0 and b.health()["copies"] == 1
    on_a.close()
    on_b.close()


@slow
def test_a_bot_game_followed_through_two_hosts_has_one_bot_decision_a_turn(
    hosts: Callable[..., Host],
) -> None:
    a, b, on_a, on_b, made = _two_hosts(hosts, game="metrocity", bots={"1": "random"})
    gid, token = made["id"], made["seats"][0]["token"]
    on_a.close()  # nobody is on A: its bots play for the human who plays through B only
    state = on_b.ask(cmd="follow", token=token)
    rng = random.Random(7)
    while not state["is_over"]:
        if not state.get("legal"):  # the bot's turn: A plays it, B tells it
            state = on_b.until(lambda u: u["id"] == gid and (u.get("legal") or u["is_over"]))
            on_b.updates.clear()
            continue
        state = on_b.ask(cmd="apply", token=token, action=rng.choice(state["legal"]["text"]))
        assert state["ok"], state
    again = Client(a.url)
    final = again.ask(cmd="view", token=made["spectator"])
    assert final["is_over"] and final["seq"] == state["seq"]
    events = on_b.ask(cmd="events", token=token)["events"]
    bot_turns = [e for e in events if e["type"] == "ActionTaken" and e["seat"] == 1]
    decided = a.health()["bot_decisions"], b.health()["bot_decisions"]
    assert decided == (len(bot_turns), 0) and bot_turns
    again.close()
    on_b.close()


@slow
def test_the_owner_killed_mid_game_the_game_goes_on_through_another_host(
    hosts: Callable[..., Host],
) -> None:
    a, b, on_a, on_b, made = _two_hosts(hosts, game="metropolia", players=2)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    others = [on_a.ask(cmd="new", game="metrocity", bots={"1": "random"}) for _ in range(3)]
    clients = {0: on_a, 1: on_b}
    rng = random.Random(9)
    acknowledged = made["seq"]
    for _ in range(8):
        seat = on_b.ask(cmd="view", token=tokens[1])["to_act"]
        view = clients[seat].ask(cmd="view", token=tokens[seat])
        answer = clients[seat].ask(
            cmd="apply", token=tokens[seat], action=rng.choice(view["legal"]["text"])
        )
        assert answer["ok"], answer
        acknowledged = answer["seq"]
    log = on_b.ask(cmd="events", token=tokens[0])["events"]
    assert len(log) == acknowledged
    a.kill()
    on_a.close()
    # seat 0 comes back through B: its move is taken within a lease and a retry
    again = Client(b.url)
    began = time.monotonic()
    view = again.ask(cmd="view", token=tokens[0])
    assert view["seq"] == acknowledged
    while True:
        seat = view["to_act"]
        token = tokens[seat]
        view = again.ask(cmd="view", token=token)
        answer = again.ask(cmd="apply", token=token, action=view["legal"]["text"][0])
        if answer["ok"]:
            break
        assert answer["error"]["code"] == "internal_error", answer
        assert time.monotonic() - began < 10
    assert time.monotonic() - began < 10
    assert answer["seq"] > acknowledged
    assert again.ask(cmd="events", token=tokens[0])["events"][:acknowledged] == log
    assert b.health()["games"] >= 1  # B serves it now
    # a host started later sees every game as it is
    c = hosts()
    on_c = Client(c.url)
    assert on_c.ask(cmd="view", token=tokens[1])["seq"] == answer["seq"]
    assert on_c.ask(cmd="events", token=tokens[0])["events"][:acknowledged] == log
    for other in others:
        seen = on_c.ask(cmd="view", token=other["seats"][0]["token"])
        assert seen["ok"] and seen["seq"] >= other["seq"]
    on_b.close()
    again.close()
    on_c.close()


def _fill(dsn: str, count: int) -> list[str]:
    """Store ``count`` games of Metro City, a few moves into each; their seat 0 tokens."""
    rng = random.Random(300)
    store = PostgresStore(dsn)
    tokens: list[str] = []
    writes: list[Created | Appended] = []
    info = get("metrocity")
    for i in range(count):
        game = info.new_game(players=2, seed=i)
        for _ in range(4):
            while game.chance is not None:
                game.resolve()
            if game.is_over or game.to_act is None:
                break
            game.apply(rng.choice(list(game.legal_actions())), seat=game.to_act)
        gid, token = f"many{i:04d}", f"token-of-game-{i}"
        seats = (
            SeatRecord(0, "human", None, token_hash(token)),
            SeatRecord(1, "human", None, None),
        )
        events = tuple(e.to_json() for e in game.events)
        writes += [
            Created(gid, "metrocity", {"physical": False, "bots": {}}, seats),
            Appended(gid, 0, 0, events, False, {"players": list(game.players)}),
        ]
        tokens.append(token)
    store.write(writes)
    store.close()
    return tokens


@slow
def test_a_host_started_over_hundreds_of_stored_games_is_ready_at_once(
    postgres: str, hosts: Callable[..., Host]
) -> None:
    tokens = _fill(postgres, 320)
    host = hosts()
    began = time.monotonic()  # the port is open: /health waits on no stored game
    health = host.health()
    assert time.monotonic() - began < 3
    assert health["loaded"] == 0 and health["games"] == 0
    client = Client(host.url)
    for k in (0, 159, 319, *random.Random(1).sample(range(320), 10)):
        seen = client.ask(cmd="view", token=tokens[k])
        assert seen["ok"] and seen["id"] == f"many{k:04d}", seen
    assert host.health()["loaded"] == 13
    client.close()


def test_a_second_host_on_one_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    first = Host(db)
    try:
        port = free_port()
        second = subprocess.run(
            [sys.executable, "-m", "common", "web", "--port", str(port), "--db", db],
            cwd=ROOT,
            capture_output=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        said = second.stderr.decode()
        assert second.returncode != 0
        assert db in said and f"pid {first.proc.pid}" in said, said
        assert f"ws://127.0.0.1:{first.port}" in said and "PostgreSQL" in said
        first.kill()  # kill -9: the lock goes with the process
        Host(db).kill()
    finally:
        first.kill()


@slow
def test_an_undo_asked_through_one_host_is_agreed_through_the_other(
    hosts: Callable[..., Host],
) -> None:
    _, _, on_a, on_b, made = _two_hosts(hosts, game="metrocity", players=2)
    play = TwoSeats(made, {0: on_a, 1: on_b}, 5)
    gid, tokens, clients = play.gid, play.tokens, play.clients
    for _ in range(200):  # a move that may be taken back: no draw came after it
        seat, answer = play.move()
        if answer["can_undo"]:
            break
    else:
        pytest.fail("no move of 200 could be taken back")
    asker, agreeing = clients[seat], clients[1 - seat]
    asked = asker.ask(cmd="undo", token=tokens[seat])
    assert asked["ok"] and asked["undo"] == {"by": seat, "agreed": [seat]}, asked
    told = agreeing.until(lambda u: u["id"] == gid and u.get("undo") is not None, timeout=2)
    assert told["undo"] == asked["undo"] and told["seq"] == answer["seq"]
    agreed = agreeing.ask(cmd="undo", token=tokens[1 - seat])
    assert agreed["ok"] and agreed["seq"] < answer["seq"] and "undo" not in agreed, agreed
    back = asker.until(lambda u: u["id"] == gid and u["seq"] == agreed["seq"], timeout=2)
    assert back["to_act"] == seat and "undo" not in back
    for client in (on_a, on_b):
        seen = client.ask(cmd="view", token=tokens[seat])
        assert seen["seq"] == agreed["seq"] and seen["view"] == back["view"]
    on_a.close()
    on_b.close()
