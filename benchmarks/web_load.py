"""``metro web`` under load: moves a second through ``/ws`` with many games at once against
the host's bots, the latency of a human's ``apply``, and the memory an open game costs.

It starts a real ``metro web`` (a process of its own, over the store ``--db`` names), then N
clients, each
on its own socket with a game of its own against bots: a client answers each of its turns
with a random legal move as soon as it is its turn. Latency is from the ``apply`` sent to its
answer (the move stored and answered). Before the load it opens ``--open`` games and reads
the server's resident memory before and after.

Every client comes from 127.0.0.1, one address, so the host is started with that address's
quotas raised (``QUOTAS``: messages, games a minute, unfinished games and sockets per
address); every other check of a host of strangers (origins, the bots' pool and its CPU
budget, the outbox, the timeouts) is as it is by default.

Run: ``python benchmarks/web_load.py [--game G] [--clients 100] [--seconds 20] [--open 1000]
[--think S] [--db memory|sqlite|postgres|ADDRESS] [--tree PATH] [--host-args FLAGS]`` (extra
``[web]``). ``--db sqlite`` is a new file in a temporary folder, ``--db postgres`` a PostgreSQL
of its own (``initdb`` in a temporary folder, as the store tests make it); ``--tree`` runs the
host of another checkout (a worktree at a base commit), for a before/after in turn. With
``--think 0`` the clients answer at once and the host is saturated (its throughput); with a
person's pace (``--think 1``) the latency is that of a host with spare time. Goals: p99 under
20 ms for a human move at a person's pace, 1,000 open games in under 300 MB; with a store
that syncs each commit (PostgreSQL), no game's answer waiting on another game's commit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


#: the per-address quotas raised for a load from one address (docs/web.md, "Limits")
QUOTAS = [
    "--rate",
    "100000",
    "--games-per-minute",
    "1000000",
    "--open-per-address",
    "1000000",
    "--connections-per-address",
    "100000",
]


@contextlib.contextmanager
def store_address(db: str) -> Iterator[str]:
    """What ``--db`` gives ``metro web`` for ``db``: a fresh SQLite file or PostgreSQL of its
    own for ``sqlite`` and ``postgres``, else ``db`` itself."""
    if db == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield str(Path(folder) / "games.sqlite")
    elif db == "postgres":
        sys.path.insert(0, str(ROOT))
        from tests.web.harness import temporary_postgres

        with temporary_postgres() as dsn:
            yield dsn
    else:
        yield db


def start_host(tree: Path, port: int, db: str, *flags: str) -> subprocess.Popen[bytes]:
    """A ``metro web`` of the checkout ``tree`` on ``port`` over the store ``db``, in a
    process of its own (its output thrown away)."""
    return subprocess.Popen(
        [sys.executable, "-m", "common", "web", "--port", str(port), "--db", db, *flags],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux)."""
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class Player:
    """One client with one game: plays its seat with random legal moves."""

    def __init__(self, url: str, game: str, bot: str, seed: int, think: float) -> None:
        self.url, self.game, self.bot, self.think = url, game, bot, think
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.moves = 0
        self.games = 0

    async def run(self, until: float) -> None:
        """Play games one after another until the time ``until``."""
        from websockets.asyncio.client import connect

        async with connect(self.url, max_size=None) as ws:
            rid = 0

            async def ask(**request: Any) -> dict[str, Any]:
                nonlocal rid
                rid += 1
                await ws.send(json.dumps({**request, "rid": rid}))
                while True:
                    got: dict[str, Any] = json.loads(await ws.recv())
                    if got.get("rid") == rid:
                        return got
                    if got.get("type") == "update":
                        self.pending = got

            while time.monotonic() < until:
                made = await ask(cmd="new", game=self.game, bots={"1": self.bot})
                token = made["seats"][0]["token"]
                state = await ask(cmd="follow", token=token)
                self.games += 1
                while not state["is_over"] and time.monotonic() < until:
                    if state.get("legal"):
                        if self.think:  # a person reads the board before moving
                            await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                        move = self.rng.choice(state["legal"]["text"])
                        start = time.perf_counter()
                        state = await ask(cmd="apply", token=token, action=move)
                        self.latencies.append(time.perf_counter() - start)
                        self.moves += 1
                        continue
                    while True:  # the bots' turn: wait for the update that gives it back
                        got = json.loads(await ws.recv())
                        if got.get("type") == "update" and (got.get("legal") or got["is_over"]):
                            state = got
                            break


async def open_games(url: str, game: str, count: int) -> None:
    """Open ``count`` games, 20 a connection, each against a bot."""
    from websockets.asyncio.client import connect

    opened = 0
    while opened < count:
        async with connect(url, max_size=None) as ws:
            for _ in range(min(20, count - opened)):
                await ws.send(json.dumps({"cmd": "new", "game": game, "bots": {"1": "random"}}))
                got = json.loads(await ws.recv())
                while got.get("type") == "update":
                    got = json.loads(await ws.recv())
                assert got["ok"], got
                opened += 1


def main() -> None:
    """Run the load and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="metropolia")
    parser.add_argument("--bot", default="random", help="the bots the host plays")
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--open", type=int, default=1000, help="games opened for the memory")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a client waits before each move (0: at once, the host saturated)",
    )
    parser.add_argument(
        "--host-args",
        default="",
        help="more flags for metro web, e.g. '--bot-workers 2 --bot-cpu 1'",
    )
    parser.add_argument(
        "--db", default="memory", help="memory, sqlite (a new file), postgres, or an address"
    )
    parser.add_argument(
        "--tree", type=Path, default=ROOT, help="the checkout whose metro web to run"
    )
    args = parser.parse_args()
    with store_address(args.db) as db:
        run(args, db)


def run(args: argparse.Namespace, db: str) -> None:
    """Start the host over ``db``, run the load, print the figures."""
    port = free_port()
    tree = args.tree.resolve()
    server = start_host(tree, port, db, *QUOTAS, *shlex.split(args.host_args))
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    sys.exit("metro web did not start")
                time.sleep(0.1)
        url = f"ws://127.0.0.1:{port}/ws"
        idle = rss_mb(server.pid)
        # the games' memory first, in a fresh process: after the load the heap has room that
        # the finished games left, which new games would fill without growing it
        asyncio.run(open_games(url, args.game, args.open))
        opened = rss_mb(server.pid)
        players = [Player(url, args.game, args.bot, i, args.think) for i in range(args.clients)]
        start = time.monotonic()

        async def load() -> None:
            await asyncio.gather(*(p.run(start + args.seconds) for p in players))

        asyncio.run(load())
        took = time.monotonic() - start
        latencies = sorted(x for p in players for x in p.latencies)
        moves = sum(p.moves for p in players)
        p99 = latencies[int(0.99 * (len(latencies) - 1))]
        print(
            f"{args.game}, {args.clients} clients each with a game against the host's "
            f"{args.bot} bot, thinking {args.think:g} s a move, store {args.db}, "
            f"host {tree.name}, {took:.1f} s: "
            f"{sum(p.games for p in players)} games, "
            f"{moves} human moves ({moves / took:,.0f} a second)"
        )
        print(
            f"apply latency: median {statistics.median(latencies) * 1e3:.1f} ms, "
            f"p99 {p99 * 1e3:.1f} ms, max {latencies[-1] * 1e3:.1f} ms"
        )
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=10) as answer:
            health = json.loads(answer.read())
        if health.get("commits"):
            print(
                f"store: {health['writes']:,} writes in {health['commits']:,} commits "
                f"({health['writes'] / health['commits']:.1f} a commit)"
            )
        if args.open:
            print(
                f"memory: {idle:.0f} MB idle, {opened:.0f} MB with {args.open} games open "
                f"({(opened - idle) * 1024 / args.open:.1f} KB a game), "
                f"{rss_mb(server.pid):.0f} MB after the load"
            )
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
