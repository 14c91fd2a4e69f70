"""The public path against ``play()`` and against Catanatron, side by side in one run (issue 28).

For each game, the same seeds played two ways, a chunk of ``--chunk`` games at a time, in
turn, each chunk's fastest of ``--repeat`` runs kept:
- ``play()`` with a ``RandomBot`` a seat (``common.speed.random_batch``);
- the loop a library user writes: ``legal_actions()``, a choice by ``random.Random``,
  ``apply()``, and ``resolve()`` for chance (``common.speed.public_batch``).
Beside them, the fastest of ``--repeat`` batches of Catanatron's random self-play with four
``RandomPlayer``s (``pip install catanatron``; skipped with a note when it is not installed),
its actions counted as it counts them.
Targets: the public path within 1.25 times ``play()``'s time, and at least four times
Catanatron's actions a second.

Run: ``python benchmarks/public_path.py [GAME ...] [-n GAMES] [--chunk C] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import common
from common.speed import public_batch, random_batch


def fastest(batch: Callable[[], int], repeat: int) -> tuple[float, int]:
    """The fastest of ``repeat`` runs of ``batch`` (which returns its actions): (s, actions)."""
    best = float("inf")
    actions = 0
    for _ in range(repeat):
        start = time.perf_counter()
        actions = batch()
        best = min(best, time.perf_counter() - start)
    return best, actions


def interleaved(info: Any, games: int, chunk: int, repeat: int) -> tuple[float, int, float, int]:
    """Both paths over the same games, a chunk at a time: (play s, decisions, public s, decisions).

    Each chunk of ``chunk`` games is played ``repeat`` times by each path in turn and each
    path's fastest time is kept; the chunks' times are summed. A slow spell of the shared
    machine then costs a chunk's repeat, not a whole batch (issue 28).
    """
    play_s = public_s = 0.0
    play_n = public_n = 0
    for first in range(1, games + 1, chunk):
        size = min(chunk, games + 1 - first)
        best_play = best_public = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            n_play = random_batch(info, size, None, first, {})[0]
            best_play = min(best_play, time.perf_counter() - start)
            start = time.perf_counter()
            n_public = public_batch(info, size, None, first, {})[0]
            best_public = min(best_public, time.perf_counter() - start)
        play_s += best_play
        public_s += best_public
        play_n += n_play
        public_n += n_public
    return play_s, play_n, public_s, public_n


def catanatron_batch(games: int) -> Callable[[], int] | None:
    """Catanatron's random self-play, four players; None when it is not installed."""
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)

    def run() -> int:
        actions = 0
        for seed in range(games):
            game: Any = Game([RandomPlayer(c) for c in colours], seed=seed)
            game.play()
            actions += len(game.state.actions)
        return actions

    return run


def main() -> None:
    """Print each game's rates on both paths, their ratio, and Catanatron's rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(common.games()))
    parser.add_argument("-n", "--count", type=int, default=200, help="games a batch")
    parser.add_argument("--chunk", type=int, default=10, help="games timed together")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each chunk")
    parser.add_argument("--catan-games", type=int, default=20)
    args = parser.parse_args()
    catan = catanatron_batch(args.catan_games)
    catan_rate = None
    if catan is not None:
        catan()  # warm-up
        took, actions = fastest(catan, args.repeat)
        catan_rate = actions / took
        print(f"catanatron (4 random players): {catan_rate:,.0f} actions/s")
    else:
        print("catanatron is not installed (pip install catanatron): no comparison with it")
    for name in args.games:
        info = common.get(name)
        random_batch(info, max(1, args.count // 10), None, 1, {})  # warm-up, as metro bench
        public_batch(info, max(1, args.count // 10), None, 1, {})
        play_s, play_n, public_s, public_n = interleaved(info, args.count, args.chunk, args.repeat)
        play_rate, public_rate = play_n / play_s, public_n / public_s
        versus = f", {public_rate / catan_rate:.1f} times Catanatron" if catan_rate else ""
        print(
            f"{name}: play() {play_rate:,.0f} actions/s, public path {public_rate:,.0f} "
            f"actions/s: {play_rate / public_rate:.2f} times play()'s time a decision{versus}"
        )


if __name__ == "__main__":
    main()
