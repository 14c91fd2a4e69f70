"""``metro web`` beside boardgame.io: the same load on both, interleaved in rounds, and the
ratios of their figures round by round (on a shared, noisy machine only ratios of runs taken
side by side mean anything).

The peer is boardgame.io 0.50.x with its own Node server (Koa and socket.io) and its
in-memory storage, serving a trivial game (``benchmarks/bgio/grid.js``: a 6x5 grid, the
human claims a cell and the host's bot claims a random one inside the same move). Its
clients (``bgio/driver.js``) are its official client over its socket.io transport, WebSocket
only, each with a match of its own, moving at once whenever it may: the pattern of
``web_load.py``'s players, who play Metro City against the host's random bot.

boardgame.io is never a dependency of this project: install it into a scratch folder
outside the checkout, and name it with ``--bgio DIR`` (or ``$BGIO_DIR``)::

    npm install --prefix /work/scratch-bgio boardgame.io@0.50.2
    python benchmarks/web_load_bgio.py --bgio /work/scratch-bgio --clients 10,100 --rounds 3

Without node, npm or that install the script says what is missing and stops (exit 0: a
skip, not a failure). ``--tree DIR`` runs our host from another checkout (the figures
before a change).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_load import (
    ROOT,
    Figures,
    clients_list,
    cpu_seconds,
    free_port,
    quantile,
    rss_mb,
    run_ours,
    wait_for_port,
)

HERE = Path(__file__).resolve().parent / "bgio"


def missing(bgio: Path) -> str | None:
    """Why the peer cannot run here (None: it can)."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            return f"no {tool} on PATH: install Node.js 18 or later"
    package = bgio / "node_modules" / "boardgame.io" / "package.json"
    if not package.is_file():
        return (
            f"boardgame.io is not installed in {bgio}: "
            f"npm install --prefix {bgio} boardgame.io@0.50.2"
        )
    version = json.loads(package.read_text())["version"]
    if not version.startswith("0.50."):
        return f"boardgame.io {version} in {bgio}: this load is written for 0.50.x"
    return None


def run_bgio(bgio: Path, clients: int, seconds: float) -> Figures:
    """One run of the load against a fresh boardgame.io server."""
    port = free_port()
    env = {**os.environ, "NODE_PATH": str(bgio / "node_modules")}
    server = subprocess.Popen(
        ["node", str(HERE / "server.js"), str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, server, "boardgame.io's server")
        cpu0 = cpu_seconds(server.pid)
        start = time.monotonic()
        out = subprocess.run(
            ["node", str(HERE / "driver.js"), str(port), str(clients), str(seconds)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=seconds + 120,
        )
        took = time.monotonic() - start
        cpu = (cpu_seconds(server.pid) - cpu0) / took
        rss = rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=10)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    latencies = sorted(got["latencies"])
    # the bot's move is inside the human's: an answer is the whole turn
    return Figures(
        "bgio",
        clients,
        got["seconds"],
        got["moves"],
        got["games"],
        latencies,
        latencies,
        cpu,
        rss,
        got["cpu"] / took,
    )


def ratios(ours: Figures, peer: Figures) -> str:
    """Ours over the peer's: answer p50 and p99 (lower is better), moves a second (higher)."""
    p50 = statistics.median(ours.answers) / statistics.median(peer.answers)
    return (
        f"ours/bgio: answer p50 {p50:.2f}"
        f"  p99 {quantile(ours.answers, 0.99) / quantile(peer.answers, 0.99):.2f}"
        f"  moves/s {ours.rate / peer.rate:.2f}"
    )


def main() -> None:
    """Interleave the two loads, round by round, for each N; print each run and the ratios."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--bgio",
        type=Path,
        default=Path(os.environ.get("BGIO_DIR", "/work/scratch-bgio")),
        help="the folder boardgame.io was installed into with npm (default $BGIO_DIR)",
    )
    parser.add_argument("--clients", type=clients_list, default=[10, 100])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--game", default="metrocity", help="ours: the game the humans play")
    parser.add_argument("--db", default="memory", help="ours: the host's store")
    parser.add_argument("--host-args", default="", help="ours: more flags for metro web")
    parser.add_argument(
        "--tree", type=Path, default=ROOT, help="ours: the checkout whose host runs"
    )
    args = parser.parse_args()
    why = missing(args.bgio)
    if why is not None:
        print(f"skipped: {why}")
        return
    print(f"ours: {args.game}, store {args.db}, host from {args.tree}; peer: {args.bgio}")
    for n in args.clients:
        kept: list[tuple[Figures, Figures]] = []
        for r in range(args.rounds):
            runs = {}
            # each round in the other order: neither side always gets the warmer machine
            for who in ("ours", "bgio") if r % 2 == 0 else ("bgio", "ours"):
                if who == "ours":
                    runs[who] = run_ours(
                        n, args.seconds, game=args.game, db=args.db,
                        host_args=args.host_args, tree=args.tree,
                    )[0]  # fmt: skip
                else:
                    runs[who] = run_bgio(args.bgio, n, args.seconds)
                print(runs[who].line(), flush=True)
            kept.append((runs["ours"], runs["bgio"]))
            print(f"  round {r + 1}: {ratios(*kept[-1])}", flush=True)
        p50 = [statistics.median(o.answers) / statistics.median(b.answers) for o, b in kept]
        p99 = [quantile(o.answers, 0.99) / quantile(b.answers, 0.99) for o, b in kept]
        rate = [o.rate / b.rate for o, b in kept]
        print(
            f"N={n}, median of {len(kept)} rounds, ours/bgio: answer p50 "
            f"{statistics.median(p50):.2f}, p99 {statistics.median(p99):.2f}, moves/s "
            f"{statistics.median(rate):.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
