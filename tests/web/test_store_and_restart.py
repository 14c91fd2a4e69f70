"""metro web loses nothing: the stores keep each step, ``kill -9`` and a restart bring every
game back at its last answered move, and the web answers as metro serve answers."""

from __future__ import annotations

import asyncio
import functools
import json
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest

from common.serve import Server
from common.web.store import (
    Appended,
    Created,
    MemoryStore,
    PostgresStore,
    SeatRecord,
    SqliteStore,
    Store,
    Write,
    Writer,
)
from tests.web.conftest import Client, Running
from tests.web.harness import free_port

ROOT = Path(__file__).resolve().parents[2]


def _exercise(store: Store) -> None:
    """Create, append, undo (drop the tail) and read back, as the host does."""
    seats = [SeatRecord(0, "human", None, "h0"), SeatRecord(1, "bot", "random", None)]
    store.create("g1", "metrocity", {"physical": False}, seats)
    store.append("g1", 0, 0, [{"type": "A", "n": 1}, {"type": "B"}], False)
    store.append("g1", 2, 2, [{"type": "C"}], False)
    store.append("g1", 3, 1, [{"type": "D"}], True)  # an undo back to index 1, then one event
    (found,) = list(store.games())
    assert found.id == "g1" and found.game == "metrocity"
    assert found.settings == {"physical": False}
    assert [e["type"] for e in found.events] == ["A", "D"]
    assert found.seats == tuple(seats)
    assert found.rows == 4  # the undo added a row and rewrote none
    store.append("g1", 4, 1, [], False)  # an undo that adds nothing: a row that only cuts
    assert [e["type"] for e in store.load("g1").events] == ["A"]  # type: ignore[union-attr]
    assert [(p, e and e["type"]) for p, e in store.since("g1", 2)] == [
        (2, "C"),
        (1, "D"),
        (1, None),
    ]


def test_the_memory_and_sqlite_stores_keep_what_the_host_gives_them(tmp_path: Path) -> None:
    _exercise(MemoryStore())
    path = tmp_path / "games.sqlite"
    store = SqliteStore(path)
    _exercise(store)
    store.close()
    again = SqliteStore(path)  # a new process would see the same
    assert [e["type"] for e in next(iter(again.games())).events] == ["A"]
    again.close()


def test_the_postgres_store_keeps_what_the_host_gives_it(postgres: str) -> None:
    store = PostgresStore(postgres)
    _exercise(store)
    store.close()


def test_games_come_back_when_the_host_starts_again_over_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    first = Running(SqliteStore(path))
    client = Client(first.url)
    made = client.ask(cmd="new", game="metrocity", bots={"1": "random"})
    token = made["seats"][0]["token"]
    state = client.ask(cmd="follow", token=token)
    for _ in range(5):
        while not state.get("legal"):
            state = client.until(lambda u: u.get("legal") or u["is_over"])
            client.updates.clear()
        state = client.ask(cmd="apply", token=token, action=state["legal"]["text"][0])
    before = client.ask(cmd="view", token=token)
    client.close()
    first.stop()
    second = Running(SqliteStore(path))
    other = Client(second.url)
    after = other.ask(cmd="view", token=token)
    assert after["seq"] == before["seq"] and after["view"] == before["view"]
    assert other.ask(cmd="view", token=made["spectator"])["ok"]
    other.close()
    second.stop()


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "common", "web", "--port", str(port), "--db", str(db)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"metro web did not start: {proc.stderr.read() if proc.stderr else ''!r}")


def test_kill_nine_and_a_restart_bring_every_game_back_at_its_last_answered_move(
    tmp_path: Path,
) -> None:
    db, port = tmp_path / "games.sqlite", free_port()
    proc = _start(db, port)
    try:
        client = Client(f"ws://127.0.0.1:{port}/ws")
        games: list[dict[str, Any]] = []
        for name in ("metropolia", "metrocity", "metropolis_lots"):
            made = client.ask(cmd="new", game=name, bots={"1": "random"})
            token = made["seats"][0]["token"]
            state = client.ask(cmd="follow", token=token)
            for _ in range(6):
                while not state.get("legal") and not state["is_over"]:
                    state = client.until(
                        lambda u, g=made["id"]: u["id"] == g and (u.get("legal") or u["is_over"])
                    )
                    client.updates.clear()
                if state["is_over"]:
                    break
                state = client.ask(cmd="apply", token=token, action=state["legal"]["text"][-1])
            # the bots' moves after the last one are answered too (pushed): wait for them, so
            # that the game rests at a human's turn and comes back at that very position
            while not state.get("legal") and not state["is_over"]:
                state = client.until(
                    lambda u, g=made["id"]: u["id"] == g and (u.get("legal") or u["is_over"])
                )
                client.updates.clear()
            games.append({"token": token, "answered": client.ask(cmd="view", token=token)})
        proc.send_signal(signal.SIGKILL)  # no goodbye: whatever was answered must be stored
        proc.wait(timeout=10)
        proc = _start(db, port)
        client = Client(f"ws://127.0.0.1:{port}/ws")
        for g in games:
            back = client.ask(cmd="view", token=g["token"])
            assert back["ok"], back
            assert back["seq"] == g["answered"]["seq"]
            assert back["view"] == g["answered"]["view"]
        client.close()
    finally:
        proc.kill()
        proc.wait(timeout=10)


def _web_and_serve_agree(client: Client, name: str) -> None:
    """The same moves through metro web and through metro serve give the same answers."""
    made = client.ask(cmd="new", game=name, players=2)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    host = client  # the web host drew a seed we cannot know: replay its moves on serve
    server = Server()
    web_log = host.ask(cmd="events", token=tokens[0])["events"]
    assert web_log[0]["seed"] is None
    # serve gets the same game by the same outcomes: its chance given from the web's log
    served = server.handle({"cmd": "new", "game": name, "players": 2, "seed": 1, "id": "g"})
    assert served["ok"]
    for step in range(30):
        state = host.ask(cmd="view", token=tokens[0])
        if state["is_over"]:
            break
        events = host.ask(cmd="events", token=tokens[0], since=0)["events"]
        # settle serve's chance with the web's outcomes, when the web shows them to seat 0
        got = server.handle({"cmd": "view", "id": "g", "seat": 0, "v": 2})
        while got["chance"] is not None:
            outcomes = [e["outcome"] for e in events if e["type"] == "ChanceResolved"]
            done = [
                e
                for e in server.handle({"cmd": "events", "id": "g"})["events"]
                if e["type"] == "ChanceResolved"
            ]
            nxt = outcomes[len(done)]
            if nxt is None:
                return  # a hidden outcome: the rest cannot be matched from seat 0's eyes
            got = server.handle({"cmd": "resolve", "id": "g", "outcome": nxt, "seat": 0, "v": 2})
        seat = state["to_act"]
        web_answer = host.ask(cmd="view", token=tokens[seat])
        serve_answer = server.handle({"cmd": "view", "id": "g", "seat": seat, "v": 2})
        for field in ("to_act", "prompt", "chance", "is_over", "seq", "view", "legal"):
            assert web_answer.get(field) == serve_answer.get(field), (step, field)
        move = web_answer["legal"]["text"][0]
        a = host.ask(cmd="apply", token=tokens[seat], action=move)
        b = server.handle({"cmd": "apply", "id": "g", "action": move, "seat": seat, "v": 2})
        assert a["events"][0] == b["events"][0] and a["told"][0] == b["told"][0]


@pytest.mark.parametrize("name", ["metropolia", "metropolis_lots"])
def test_the_web_answers_as_metro_serve_answers(client: Client, name: str) -> None:
    _web_and_serve_agree(client, name)


def test_a_large_message_is_refused_and_a_huge_frame_closes_only_that_socket(web: Running) -> None:
    big, calm = Client(web.url), Client(web.url)
    refused = big.send_text(json.dumps({"cmd": "games", "pad": "x" * 100_000}))
    assert refused["error"]["code"] == "bad_request"
    big.ws.send("x" * (2 * 1024 * 1024))  # past the socket's frame limit: this socket closes
    with pytest.raises(Exception):  # noqa: B017 (the connection is closed by the server)
        big.wait(None, timeout=5)
    assert calm.ask(cmd="games")["ok"]
    calm.close()


class _HeldStore(MemoryStore):
    """A store whose commits wait while ``held`` is clear, as a disk that syncs slowly; it
    counts its commits and the writes of each."""

    slow = True

    def __init__(self) -> None:
        super().__init__()
        self.held = threading.Event()
        self.held.set()
        self.groups: list[int] = []

    def write(self, writes: Sequence[Write]) -> None:
        self.held.wait(timeout=30)
        self.groups.append(len(writes))
        super().write(writes)


def test_a_move_is_answered_and_told_only_once_stored_and_other_games_go_on_meanwhile() -> None:
    store = _HeldStore()
    web = Running(store)
    mover, watcher, other = Client(web.url), Client(web.url), Client(web.url)
    made = mover.ask(cmd="new", game="metropolia", players=2)
    token = made["seats"][0]["token"]
    state = watcher.ask(cmd="follow", token=made["spectator"])
    elsewhere = other.ask(cmd="new", game="metropolia", players=2)
    move = mover.ask(cmd="view", token=token)["legal"]["text"][0]
    store.held.clear()  # the disk is slow from now on
    rid = 10**9
    mover.ws.send(json.dumps({"cmd": "apply", "token": token, "action": move, "rid": rid}))
    # the loop goes on: another game's readers are answered while the commit waits
    seen = other.ask(cmd="view", token=elsewhere["seats"][0]["token"])
    assert seen["ok"] and seen["seq"] == elsewhere["seq"]
    with pytest.raises(TimeoutError):
        mover.wait(rid, timeout=0.5)  # not stored: not answered
    with pytest.raises(TimeoutError):
        watcher.ws.recv(timeout=0.3)  # nor told to anyone
    held = store.load(made["id"])
    assert held is not None and len(held.events) == state["seq"]  # in memory, not stored
    store.held.set()
    answer = mover.wait(rid)
    assert answer["ok"] and answer["seq"] > state["seq"]
    update = watcher.until(lambda u: u["seq"] == answer["seq"])
    assert update["events"] == answer["events"]  # a public move: alike for both
    stored = store.load(made["id"])
    assert stored is not None and len(stored.events) == answer["seq"]
    for c in (mover, watcher, other):
        c.close()
    web.stop()


def test_the_writer_commits_the_writes_that_waited_together_in_order() -> None:
    store = _HeldStore()
    writer = Writer(store)
    seats = (SeatRecord(0, "human", None, None),)

    async def many() -> list[int]:
        store.held.clear()
        first = writer.submit(Created("g0", "metrocity", {}, seats))
        await asyncio.sleep(0.05)  # the first commit is on its way: the others gather
        rest = [writer.submit(Created(f"g{i}", "metrocity", {}, seats)) for i in range(1, 50)]
        order: list[int] = []
        for i, done in enumerate([first, *rest]):
            done.add_done_callback(functools.partial(lambda i, _: order.append(i), i))
        store.held.set()
        await asyncio.gather(first, *rest)
        return order

    order = asyncio.run(many())
    writer.close()
    assert order == list(range(50))
    assert store.groups == [1, 49]  # one commit for the 49 that waited
    assert [g.id for g in store.games()] == [f"g{i}" for i in range(50)]


def test_a_write_that_fails_fails_alone() -> None:
    store = _HeldStore()
    writer = Writer(store)

    async def run() -> list[BaseException | None]:
        store.held.clear()
        writes = [
            Created("a", "metrocity", {}, (SeatRecord(0, "human", None, "same"),)),
            Created("b", "metrocity", {}, (SeatRecord(0, "human", None, "same"),)),
            Created("c", "metrocity", {}, (SeatRecord(0, "human", None, "other"),)),
        ]
        futures = [writer.submit(w) for w in writes]
        store.held.set()
        got = await asyncio.gather(*futures, return_exceptions=True)
        return [g if isinstance(g, BaseException) else None for g in got]

    errors = asyncio.run(run())
    writer.close()
    assert errors[0] is None and isinstance(errors[1], ValueError) and errors[2] is None
    assert store.find("other") is not None


def test_a_host_that_starts_again_replays_nothing_until_a_token_asks(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    first = Running(SqliteStore(path))
    client = Client(first.url)
    made = [client.ask(cmd="new", game="metrocity", bots={"1": "random"}) for _ in range(5)]
    assert all(m["ok"] for m in made)
    client.close()
    first.stop()
    second = Running(SqliteStore(path))
    try:
        assert second.host.loaded == 0 and not second.host.tables  # nothing replayed
        health = json.loads(urlopen(f"{second.http}/health", timeout=10).read())
        assert health["games"] == 0
        other = Client(second.url)
        seen = other.ask(cmd="view", token=made[2]["seats"][0]["token"])
        assert seen["ok"] and seen["id"] == made[2]["id"]
        assert second.host.loaded == 1 and list(second.host.tables) == [made[2]["id"]]
        assert other.ask(cmd="view", id=made[4]["id"])["ok"]
        assert second.host.loaded == 2
        other.close()
    finally:
        second.stop()


def test_the_answer_to_a_move_comes_before_the_update_of_the_bots_reply(tmp_path: Path) -> None:
    web = Running(SqliteStore(tmp_path / "games.sqlite"))
    client = Client(web.url)
    rng = random.Random(3)
    for _ in range(2):
        made = client.ask(cmd="new", game="metropolia", bots={"1": "random"})
        token = made["seats"][0]["token"]
        state = client.ask(cmd="follow", token=token)
        while not state["is_over"]:
            if not state.get("legal"):  # the bot's turn: its update gives the turn back
                state = client.until(lambda u: u.get("legal") or u["is_over"])
                client.updates.clear()
                continue
            move = rng.choice(state["legal"]["text"])
            client.ws.send(json.dumps({"cmd": "apply", "token": token, "action": move}))
            state = json.loads(client.ws.recv(timeout=10))
            # the very next message is the answer: the bot's reply, stored after, follows it
            assert state.get("type") != "update" and state["ok"], state
    client.close()
    web.stop()


class _FailingStore(MemoryStore):
    """A store whose writes fail while ``failing`` is set, as a full disk's would."""

    slow = True
    failing = False

    def write(self, writes: Sequence[Write]) -> None:
        if self.failing:
            raise OSError("no space left on the device")
        super().write(writes)


def test_a_step_the_store_cannot_keep_is_not_taken_and_the_game_comes_back_stored() -> None:
    store = _FailingStore()
    web = Running(store)
    client = Client(web.url)
    made = client.ask(cmd="new", game="metropolia", players=2)
    token = made["seats"][0]["token"]
    before = client.ask(cmd="view", token=token)
    store.failing = True
    refused = client.ask(cmd="apply", token=token, action=before["legal"]["text"][0])
    assert refused["error"]["code"] == "internal_error", refused
    assert "could not keep this step" in refused["error"]["message"]
    assert made["id"] not in web.host.tables  # memory held more than the store: let go
    store.failing = False
    back = client.ask(cmd="view", token=token)
    assert back["seq"] == before["seq"] and back["view"] == before["view"]
    moved = client.ask(cmd="apply", token=token, action=before["legal"]["text"][0])
    assert moved["ok"] and moved["seq"] > before["seq"]
    client.close()
    web.stop()


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_a_store_refuses_events_that_would_leave_a_hole_in_a_log(kind: str, tmp_path: Path) -> None:
    store = MemoryStore() if kind == "memory" else SqliteStore(tmp_path / "games.sqlite")
    store.create("g", "metrocity", {}, [SeatRecord(0, "human", None, "h")])
    store.append("g", 0, 0, [{"type": "A"}, {"type": "B"}], False)
    with pytest.raises(ValueError, match="would leave a hole after the 2 stored"):
        store.append("g", 3, 3, [{"type": "D"}], False)  # the step at 2 was never stored
    store.write(
        [
            Appended("g", 2, 2, ({"type": "C"},), False),
            Appended("g", 3, 3, ({"type": "D"},), False),
        ]
    )
    loaded = store.load("g")
    assert loaded is not None and [e["type"] for e in loaded.events] == ["A", "B", "C", "D"]
    store.close()


class _SlowLoads(MemoryStore):
    """A store whose reads of a game wait while ``held`` is clear, as a busy server's."""

    def __init__(self) -> None:
        super().__init__()
        self.held = threading.Event()
        self.held.set()

    def load(self, gid: str) -> Any:
        self.held.wait(timeout=30)
        return super().load(gid)


def test_a_game_read_from_the_store_keeps_no_other_game_waiting() -> None:
    store = _SlowLoads()
    first = Running(store)
    maker = Client(first.url)
    stored = maker.ask(cmd="new", game="metropolia", players=2)
    maker.close()
    first.stop()
    second = Running(store)  # the game is in the store only
    reader, other = Client(second.url), Client(second.url)
    elsewhere = other.ask(cmd="new", game="metropolia", players=2)
    store.held.clear()
    rid = 10**9
    reader.ws.send(json.dumps({"cmd": "view", "token": stored["seats"][0]["token"], "rid": rid}))
    time.sleep(0.2)  # the read has begun and waits
    seen = other.ask(cmd="view", token=elsewhere["seats"][0]["token"])  # answered meanwhile
    assert seen["ok"] and seen["seq"] == elsewhere["seq"]
    with pytest.raises(TimeoutError):
        reader.wait(rid, timeout=0.3)
    store.held.set()
    back = reader.wait(rid)
    assert back["ok"] and back["id"] == stored["id"] and back["seq"] == stored["seq"]
    reader.close()
    other.close()
    second.stop()
