"""A real ``metro web``: uvicorn on a free loopback port in a thread, and a WebSocket client."""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="metro web needs the [web] extra (starlette)")
pytest.importorskip("uvicorn", reason="metro web needs the [web] extra (uvicorn)")
pytest.importorskip("websockets", reason="the tests talk to metro web with websockets")

from websockets.sync.client import ClientConnection, connect

from common.web.limits import Limits
from common.web.store import MemoryStore, Store
from tests.web.harness import OPEN, ThreadedWeb, Unavailable, temporary_postgres


class Running(ThreadedWeb):
    """A metro web served in this process until ``stop()``: ``url`` its WebSocket."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0, limits: Limits = OPEN) -> None:
        super().__init__(store, bot_delay=bot_delay, limits=limits)
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.http = f"http://127.0.0.1:{self.port}"


class Client:
    """One WebSocket: ``ask`` sends a request and returns its answer; pushes are kept."""

    _rids = itertools.count(1)

    def __init__(self, url: str, **options: Any) -> None:
        """Connect to ``url``; ``options`` go to websockets' ``connect`` (``origin``,
        ``source_address=("127.0.0.2", 0)`` to come from another loopback address, ...)."""
        self._opened = connect(url, max_size=None, open_timeout=10, **options)
        self.ws: ClientConnection = self._opened.__enter__()
        self.updates: list[dict[str, Any]] = []

    def ask(self, **request: Any) -> dict[str, Any]:
        """Send ``request`` and return the answer with the same rid."""
        rid = next(self._rids)
        self.ws.send(json.dumps({**request, "rid": rid}))
        return self.wait(rid)

    def send_text(self, text: str) -> dict[str, Any]:
        """Send a raw message; return the next answer (not an update)."""
        self.ws.send(text)
        return self.wait(None)

    def wait(self, rid: Any, timeout: float = 10) -> dict[str, Any]:
        """The next answer with ``rid`` (None: the next answer of any rid)."""
        deadline = time.monotonic() + timeout
        while True:
            message: dict[str, Any] = json.loads(
                self.ws.recv(timeout=max(0.01, deadline - time.monotonic())),
                parse_constant=lambda c: pytest.fail(f"{c} in an answer"),
            )
            if message.get("type") == "update":
                self.updates.append(message)
                continue
            if rid is None or message.get("rid") == rid:
                return message

    def until(self, check: Any, timeout: float = 20) -> dict[str, Any]:
        """Wait for a push for which ``check(update)`` holds; return it."""
        for u in self.updates:
            if check(u):
                return u
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got: dict[str, Any] = json.loads(
                self.ws.recv(timeout=max(0.01, deadline - time.monotonic()))
            )
            if got.get("type") == "update":
                self.updates.append(got)
                if check(got):
                    return got
        raise AssertionError("the update never came")

    def close(self) -> None:
        """Close the socket."""
        self._opened.__exit__(None, None, None)


def play_to_the_end(client: Client, token: str, seed: int = 0, limit: int = 5000) -> dict[str, Any]:
    """Random legal moves for the token's seat until the game is over; the last answer."""
    rng = random.Random(seed)
    state = client.ask(cmd="follow", token=token)
    for _ in range(limit):
        if state["is_over"]:
            return state
        if state.get("legal"):
            state = client.ask(cmd="apply", token=token, action=rng.choice(state["legal"]["text"]))
            assert state["ok"], state
            continue
        state = client.until(lambda u: u.get("legal") or u["is_over"])
        client.updates.clear()
    raise AssertionError("the game did not end")


@pytest.fixture
def web() -> Iterator[Running]:
    """A metro web over a memory store (a client may send as fast as a test does)."""
    running = Running(MemoryStore())
    yield running
    running.stop()


@pytest.fixture
def client(web: Running) -> Iterator[Client]:
    """A client of ``web``."""
    c = Client(web.url)
    yield c
    c.close()


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A PostgreSQL server of its own (one a test module), on a Unix socket in a temporary
    folder; the test is skipped, saying why, where PostgreSQL cannot be started."""
    try:
        with temporary_postgres() as dsn:
            yield dsn
    except Unavailable as why:
        pytest.skip(str(why))
