"""Steps a second of the PettingZoo adapters (extra ``[rl]``), as an RL loop drives them.

Each step: the agent to move observes (the observation vector and its action mask), picks a
uniformly random action allowed by the mask, and steps the environment. Game i is reset with
seed i. The figure is steps a second, the fastest of ``--repeat`` runs.

Run: ``python benchmarks/rl_steps.py [GAME ...] [-n GAMES] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import common
from common.rl import make_env


def play_batch(name: str, games: int) -> int:
    """Play ``games`` episodes with a random masked policy; return the steps taken."""
    env = make_env(name)
    rng = random.Random(1)
    steps = 0
    for seed in range(games):
        env.reset(seed=seed)
        while not all(env.terminations.values()):
            agent = env.agent_selection
            mask = env.observe(agent)["action_mask"]
            allowed = mask.nonzero()[0]
            env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
    return steps


def main() -> None:
    """Print each game's steps a second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(common.games()))
    parser.add_argument("-n", "--count", type=int, default=20, help="episodes a run")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    try:
        import pettingzoo  # noqa: F401
    except ImportError:
        sys.exit("the [rl] extra is not installed: pip install -e '.[rl]'")
    for name in args.games:
        play_batch(name, max(1, args.count // 10))  # warm-up
        best = float("inf")
        steps = 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            steps = play_batch(name, args.count)
            best = min(best, time.perf_counter() - start)
        print(f"{name}: {steps / best:,.0f} steps/s ({steps} steps in {args.count} episodes)")


if __name__ == "__main__":
    main()
