"""metro web loses nothing: the stores keep each step, ``kill -9`` and a restart bring every
game back at its last answered move, and the web answers as metro serve answers."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from common.serve import Server
from common.web.store import MemoryStore, PostgresStore, SeatRecord, SqliteStore, Store
from tests.web.conftest import Client, Running
from tests.web.harness import free_port

ROOT = Path(__file__).resolve().parents[2]


def _exercise(store: Store) -> None:
    """Create, append, undo (drop the tail) and read back, as the host does."""
    seats = [SeatRecord(0, "human", None, "h0"), SeatRecord(1, "bot", "random", None)]
    store.create("g1", "metrocity", {"physical": False}, seats)
    store.append("g1", 0, [{"type": "A", "n": 1}, {"type": "B"}], False)
    store.append("g1", 2, [{"type": "C"}], False)
    store.append("g1", 1, [{"type": "D"}], True)  # an undo back to index 1, then one event
    (found,) = list(store.games())
    assert found.id == "g1" and found.game == "metrocity"
    assert found.settings == {"physical": False}
    assert [e["type"] for e in found.events] == ["A", "D"]
    assert found.seats == tuple(seats)


def test_the_memory_and_sqlite_stores_keep_what_the_host_gives_them(tmp_path: Path) -> None:
    _exercise(MemoryStore())
    path = tmp_path / "games.sqlite"
    store = SqliteStore(path)
    _exercise(store)
    store.close()
    again = SqliteStore(path)  # a new process would see the same
    assert [e["type"] for e in next(iter(again.games())).events] == ["A", "D"]
    again.close()


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A PostgreSQL server of its own, on a Unix socket in a temporary folder."""
    # Debian keeps the server's programs off the PATH, in /usr/lib/postgresql/<version>/bin
    bins = [*sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)]
    where = os.pathsep.join([*map(str, bins), os.environ.get("PATH", "")])
    initdb, server = shutil.which("initdb", path=where), shutil.which("postgres", path=where)
    if initdb is None or server is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    pytest.importorskip("psycopg", reason="the PostgreSQL store needs psycopg (extra [postgres])")
    as_user: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="metro-pg-"))
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL")
        as_user = [runuser, "-u", "postgres", "--"]
        shutil.chown(folder, "postgres")
    data = folder / "data"
    subprocess.run(
        [*as_user, initdb, "-D", str(data), "-U", "postgres"], check=True, capture_output=True
    )
    proc = subprocess.Popen(
        [*as_user, server, "-D", str(data), "-k", str(folder), "-c", "listen_addresses="],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    dsn = f"postgresql://postgres@/postgres?host={folder}"
    import psycopg

    deadline = time.monotonic() + 30
    while True:
        try:
            psycopg.connect(dsn).close()
            break
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                proc.kill()
                pytest.skip("PostgreSQL did not start")
            time.sleep(0.2)
    yield dsn
    proc.terminate()
    proc.wait(timeout=30)
    shutil.rmtree(folder, ignore_errors=True)


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
