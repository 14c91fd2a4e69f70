"""Simulation on a Dask cluster with the ``[dask]`` extra: the same records as one process.

``common.simulate(..., scheduler=ADDRESS)`` sends batches of game numbers to the workers of a
Dask scheduler; game i is played with seed ``seed + i`` wherever it runs, so the records equal
a serial run's. Here the cluster is a ``LocalCluster`` of worker processes on this machine; on
a real cluster, start ``dask scheduler`` and ``dask worker tcp://HOST:8786`` on each machine
(every worker needs this package, and the module of any bot of your own, installed) and pass
that address, or run ``metro metropolia simulate --scheduler tcp://HOST:8786``.

Run: ``python examples/dask_simulation.py [GAMES]`` (needs ``pip install -e '.[dask]'``).
"""

from __future__ import annotations

import sys
from typing import Any

from distributed import LocalCluster

import common
from common.botspec import BotLike
from common.simulation import summarize
from metropolia import GreedyBot


def main(games: int = 200, workers: int = 2) -> dict[str, Any]:
    """Play ``games`` Metropolia games on a local cluster and check them against one process."""
    bots: list[BotLike] = [GreedyBot, "heuristic"]  # a class travels to the workers pickled
    with LocalCluster(  # type: ignore[no-untyped-call, unused-ignore]
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        spread = common.simulate(
            "metropolia", bots, games=games, seed=1, scheduler=cluster.scheduler_address
        )
    serial = common.simulate("metropolia", bots, games=games, seed=1)
    assert spread == serial, "a cluster plays the same games as one process"
    return summarize(spread)


if __name__ == "__main__":
    summary = main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
    for name, row in summary["by_bot"].items():
        low, high = row["ci95"]
        print(f"{name:<12} won {row['wins']} of {row['games']} ({low:.0%}-{high:.0%} at 95%)")
