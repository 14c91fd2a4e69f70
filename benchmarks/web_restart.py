"""How soon ``metro web`` answers again after a restart over a store that holds many games.

It fills a store with ``--games`` unfinished games (each a copy of one real Metro City game,
played some decisions in by random bots, with a seat's token and a spectator's of its own),
then starts a real ``metro web`` over it (a process of its own) and times, from the start of
the process, its first answer to ``/health``; then the first ``view`` of a stored game by its
token (the game brought back from the store and replayed: the host replays nothing before).
It does so with a SQLite file and with a PostgreSQL of its own (``initdb`` in a temporary
folder; left out, saying why, where PostgreSQL is missing), ``--rounds`` times each, in turn.

Run: ``python benchmarks/web_restart.py [--games 10000] [--rounds 3] [--stores sqlite,postgres]
[--tree PATH]`` (extras ``[web]`` and ``[postgres]``; ``--tree`` runs another checkout's
host). Goal: ``/health`` within 1 s of the start.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.request import urlopen

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common.registry import get  # noqa: E402
from common.web.host import token_hash  # noqa: E402
from common.web.store import Appended, Created, SeatRecord, Store, open_store  # noqa: E402
from tests.web.harness import Unavailable, free_port, temporary_postgres  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from web_load import start_host  # noqa: E402


def a_game_log(decisions: int, seed: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The log of a Metro City game ``decisions`` decisions in (random moves, chance from the
    game's own generator), and its summary, as the host stores them."""
    game = get("metrocity").new_game(players=2, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.decisions < decisions:
        if game.chance is not None:
            game.resolve()
            continue
        game.apply(rng.choice(game.legal_actions()), seat=game.to_act)
    summary = {
        "players": list(game.players),
        "decisions": game.decisions,
        "to_act": game.to_act,
        "seq": len(game.events),
    }
    return [e.to_json() for e in game.events], summary


def fill(store: Store, count: int, events: list[dict[str, Any]], summary: dict[str, Any]) -> str:
    """Store ``count`` copies of the game, 500 a commit; the token of the last one's seat 0."""
    token = ""
    batch: list[Created | Appended] = []
    for _ in range(count):
        gid = secrets.token_hex(6)
        token = secrets.token_urlsafe(18)
        seats = (
            SeatRecord(0, "human", None, token_hash(token)),
            SeatRecord(1, "bot", "random", None),
            SeatRecord(None, "spectator", None, token_hash(secrets.token_urlsafe(18))),
        )
        settings = {"physical": False, "bots": {"1": "random"}}
        batch += [
            Created(gid, "metrocity", settings, seats),
            Appended(gid, 0, 0, tuple(events), False, summary),
        ]
        if len(batch) >= 1000:
            store.write(batch)
            batch = []
    if batch:
        store.write(batch)
    return token


def restart(db: str, token: str, tree: Path = ROOT) -> tuple[float, float, int]:
    """Start ``metro web --db db``: seconds to its first ``/health`` answer, seconds more to
    the first ``view`` of the game ``token`` opens, and the ``seq`` it answers."""
    from websockets.sync.client import connect

    port = free_port()
    began = time.perf_counter()
    server = start_host(tree, port, db)
    try:
        deadline = time.monotonic() + 1200
        while True:
            try:
                with urlopen(f"http://127.0.0.1:{port}/health", timeout=1) as answer:
                    assert json.loads(answer.read())["ok"]
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("metro web did not answer /health") from None
                time.sleep(0.005)
        healthy = time.perf_counter() - began
        with connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as ws:
            asked = time.perf_counter()
            ws.send(json.dumps({"cmd": "view", "token": token, "rid": 1}))
            while True:
                got = json.loads(ws.recv(timeout=60))
                if got.get("rid") == 1:
                    break
            viewed = time.perf_counter() - asked
        assert got["ok"], got
        return healthy, viewed, int(got["seq"])
    finally:
        server.terminate()
        server.wait(timeout=30)


@contextlib.contextmanager
def stores(names: list[str], folder: Path) -> Iterator[dict[str, str]]:
    """The address of each store asked for that can be had here."""
    found: dict[str, str] = {}
    with contextlib.ExitStack() as stack:
        for name in names:
            if name == "sqlite":
                found[name] = str(folder / "games.sqlite")
            elif name == "postgres":
                try:
                    found[name] = stack.enter_context(temporary_postgres())
                except Unavailable as why:
                    print(f"postgres: left out ({why})")
            else:
                raise SystemExit(f"no store {name!r}: stores are sqlite and postgres")
        yield found


def main() -> None:
    """Fill each store, restart a host over it ``--rounds`` times, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--decisions", type=int, default=30, help="decisions into each game")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument(
        "--tree", type=Path, default=ROOT, help="the checkout whose metro web to run"
    )
    args = parser.parse_args()
    events, summary = a_game_log(args.decisions, seed=7)
    with (
        tempfile.TemporaryDirectory() as folder,
        stores(args.stores.split(","), Path(folder)) as found,
    ):
        tokens = {}
        for name, db in found.items():
            store = open_store(db)
            began = time.perf_counter()
            tokens[name] = fill(store, args.games, events, summary)
            store.close()
            print(
                f"{name}: {args.games:,} games of {len(events)} events stored in "
                f"{time.perf_counter() - began:.1f} s"
            )
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in found}
        for _ in range(args.rounds):
            for name, db in found.items():  # in turn: the machine's load hits both alike
                healthy, viewed, seq = restart(db, tokens[name], args.tree.resolve())
                assert seq == len(events), (seq, len(events))
                times[name].append((healthy, viewed))
        for name, got in times.items():
            health = [h for h, _ in got]
            view = [v for _, v in got]
            print(
                f"{name}: /health {statistics.median(health):.2f} s from the process's start "
                f"(median of {len(got)}; max {max(health):.2f} s); first view of a stored game "
                f"(loaded and replayed) {statistics.median(view) * 1e3:.0f} ms"
            )


if __name__ == "__main__":
    main()
