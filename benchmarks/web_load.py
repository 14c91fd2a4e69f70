"""``metro web`` under load: human moves a second through ``/ws`` with many games at once
against the host's bots, the latency of a human's ``apply``, the host's CPU and memory.

It starts a real ``metro web`` (a process of its own, over the store ``--db`` names),
then N clients, each on its own socket with a game of its own against a bot: a client
answers each of its turns with a random legal move as soon as it is its turn (``--think``: a
person's pace). Per N it reports:

- the **answer** latency of a human's ``apply`` (sent to answered: the move stored and
  answered), median, p99 and max;
- the **turn** time: from the move sent until the client may move again (the bots' moves
  played and pushed in between), median and p99;
- human **moves a second**, the host's **CPU** (cores used: its CPU seconds over the wall
  seconds) and its resident memory (**RSS**) after the load;
- then, with ``--open K``, the memory K more open games cost, per game.

Every client comes from 127.0.0.1, one address, so the host is started with that address's
quotas raised (``QUOTAS``: messages, games a minute, unfinished games and sockets per
address); every other check of a host of strangers (origins, the bots' pool and its CPU
budget, the outbox, the timeouts) is as it is by default. An answer that is an error (a
quota tripped, a move refused) stops the run: the figures are of a load that was served.

Run: ``python benchmarks/web_load.py [--game G] [--clients 10,100] [--seconds 20]
[--open 1000] [--think S] [--db memory|sqlite|postgres|ADDRESS] [--host-args FLAGS]
[--tree DIR]`` (extra ``[web]``). ``--db sqlite`` is a new file in a temporary folder,
``--db postgres`` a PostgreSQL of its own (``initdb`` in a temporary folder, as the store
tests make it); ``--tree`` runs the host of another checkout (an A/B against a base commit).
``benchmarks/web_load_bgio.py`` runs the same load against boardgame.io, interleaved.
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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common.jsontext import patch  # noqa: E402  (this checkout's, whatever --tree runs)

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
    "--connections",
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


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux)."""
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) process ``pid`` has used (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_port(port: int, proc: subprocess.Popen[Any], what: str) -> None:
    """Wait until something listens on ``port`` (``proc`` must stay alive meanwhile)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"{what} did not start")
            time.sleep(0.1)


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` (the nearest rank below)."""
    return values[int(q * (len(values) - 1))]


@dataclass
class Figures:
    """One run's figures: latencies in seconds, sorted."""

    who: str
    clients: int
    seconds: float
    moves: int
    games: int
    answers: list[float]
    turns: list[float]
    cpu: float
    rss: float
    #: the clients' CPU (cores used): they share the machine with the host
    clients_cpu: float = 0.0

    @property
    def rate(self) -> float:
        """Human moves a second."""
        return self.moves / self.seconds

    def line(self) -> str:
        """The figures in one line."""
        a, t = self.answers, self.turns
        return (
            f"{self.who:>5} N={self.clients:<4} {self.rate:7,.0f} moves/s  answer p50 "
            f"{statistics.median(a) * 1e3:6.1f} p99 {quantile(a, 0.99) * 1e3:6.1f} max "
            f"{a[-1] * 1e3:6.1f} ms  turn p50 {statistics.median(t) * 1e3:6.1f} p99 "
            f"{quantile(t, 0.99) * 1e3:6.1f} ms  CPU {self.cpu:4.2f} cores, "
            f"{self.cpu / self.rate * 1e3:4.2f} ms a move (clients "
            f"{self.clients_cpu:4.2f})  RSS {self.rss:4.0f} MB  ({self.games} games, "
            f"{self.moves} moves, {self.seconds:.1f} s)"
        )


class Player:
    """One client with one game at a time: plays its seat with random legal moves. It takes
    the views as patches and makes each whole, as the browser app does."""

    def __init__(self, url: str, game: str, bot: str, seed: int, think: float) -> None:
        self.url, self.game, self.bot, self.think = url, game, bot, think
        self.rng = random.Random(seed)
        self.view: Any = None
        self.answers: list[float] = []
        self.turns: list[float] = []
        self.moves = 0
        self.games = 0

    def take(self, text: str | bytes) -> dict[str, Any]:
        """A message read, its view made whole from its patch (the views of one seat)."""
        got: dict[str, Any] = json.loads(text)
        if "view_patch" in got:
            self.view = patch(self.view, got.pop("view_patch"))
            got["view"] = self.view
        elif "view" in got:
            self.view = got["view"]
        return got

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
                    got = self.take(await ws.recv())
                    if got.get("rid") == rid:
                        if not got["ok"]:
                            raise RuntimeError(f"{request['cmd']} was refused: {got['error']}")
                        return got

            while time.monotonic() < until:
                made = await ask(cmd="new", game=self.game, bots={"1": self.bot})
                token = made["seats"][0]["token"]
                state = await ask(cmd="follow", token=token, patch=True)
                sent = time.perf_counter()  # a bot that moves first: the turn starts now
                self.games += 1
                while not state["is_over"] and time.monotonic() < until:
                    if not state.get("legal"):  # the bots' turn: wait for the update
                        got = self.take(await ws.recv())
                        if got.get("type") == "update" and (got.get("legal") or got["is_over"]):
                            state = got
                            self.turns.append(time.perf_counter() - sent)
                        continue
                    if self.think:  # a person reads the board before moving
                        await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                    move = self.rng.choice(state["legal"]["text"])
                    sent = time.perf_counter()
                    state = await ask(cmd="apply", token=token, action=move)
                    self.answers.append(time.perf_counter() - sent)
                    self.moves += 1
                    if state.get("legal") or state["is_over"]:
                        self.turns.append(self.answers[-1])


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


class Host:
    """A ``metro web`` of its own process (from ``tree``) on a free port, until ``stop``."""

    def __init__(self, tree: Path, db: str, host_args: str) -> None:
        self.port = free_port()
        self.proc = start_host(tree, self.port, db, *QUOTAS, *shlex.split(host_args))
        wait_for_port(self.port, self.proc, "metro web")
        self.url = f"ws://127.0.0.1:{self.port}/ws"

    def stop(self) -> None:
        """End the host's process."""
        self.proc.terminate()
        self.proc.wait(timeout=10)


def run_ours(
    clients: int,
    seconds: float,
    *,
    game: str = "metrocity",
    bot: str = "random",
    think: float = 0.0,
    db: str = "memory",
    host_args: str = "",
    tree: Path = ROOT,
    open_more: int = 0,
) -> tuple[Figures, float | None]:
    """One run of the load against a fresh host: its figures, and with ``open_more`` the KB
    an open game costs."""
    with store_address(db) as address:
        return _run_ours(clients, seconds, game, bot, think, address, host_args, tree, open_more)


def _run_ours(
    clients: int,
    seconds: float,
    game: str,
    bot: str,
    think: float,
    db: str,
    host_args: str,
    tree: Path,
    open_more: int,
) -> tuple[Figures, float | None]:
    host = Host(tree, db, host_args)
    try:
        players = [Player(host.url, game, bot, i, think) for i in range(clients)]
        cpu0 = cpu_seconds(host.proc.pid)
        mine = time.process_time()
        start = time.monotonic()

        async def load() -> None:
            await asyncio.gather(*(p.run(start + seconds) for p in players))

        asyncio.run(load())
        took = time.monotonic() - start
        mine = time.process_time() - mine
        figures = Figures(
            "ours",
            clients,
            took,
            sum(p.moves for p in players),
            sum(p.games for p in players),
            sorted(x for p in players for x in p.answers),
            sorted(x for p in players for x in p.turns),
            (cpu_seconds(host.proc.pid) - cpu0) / took,
            rss_mb(host.proc.pid),
            mine / took,
        )
        per_game = None
        if open_more:
            before = rss_mb(host.proc.pid)
            asyncio.run(open_games(host.url, game, open_more))
            per_game = (rss_mb(host.proc.pid) - before) * 1024 / open_more
        return figures, per_game
    finally:
        host.stop()


def clients_list(text: str) -> list[int]:
    """``--clients``: comma-separated counts of clients (games at once)."""
    counts = [int(x) for x in text.split(",") if x.strip()]
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"clients must be counts above 0, got {text!r}")
    return counts


def main() -> None:
    """Run the load for each N and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="metrocity")
    parser.add_argument("--bot", default="random", help="the bots the host plays")
    parser.add_argument("--clients", type=clients_list, default=[10, 100])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--open", type=int, default=1000, help="games opened for the memory")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a client waits before each move (0: at once, the host saturated)",
    )
    parser.add_argument(
        "--db",
        default="memory",
        help="the host's store: memory, sqlite (a new file), postgres (a server of its own), "
        "or a file or address",
    )
    parser.add_argument(
        "--host-args", default="", help="more flags for metro web, e.g. '--bot-workers 2'"
    )
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose host runs")
    args = parser.parse_args()
    print(
        f"{args.game} against the host's {args.bot} bot, each client thinking {args.think:g} s "
        f"a move, store {args.db}, host from {args.tree}"
    )
    for n in args.clients:
        figures, per_game = run_ours(
            n,
            args.seconds,
            game=args.game,
            bot=args.bot,
            think=args.think,
            db=args.db,
            host_args=args.host_args,
            tree=args.tree,
            open_more=args.open if n == args.clients[-1] else 0,
        )
        print(figures.line())
        if per_game is not None:
            print(f"memory: {args.open} more open games cost {per_game:.1f} KB a game")


if __name__ == "__main__":
    main()
