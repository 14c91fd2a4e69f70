"""Random self-play of every game, sampled round-robin over minutes: the spread of a machine.

On a shared machine (the project's VM) the speed changes for seconds at a time. One
``metro bench`` run times its batches within a second or two, so it reports whichever state
the machine is in. This script plays one ``metro bench`` batch of each game in turn, with
``metro bench``'s calibration loop before each round, for ``--rounds`` rounds. It prints a
line a round, then each game's distribution of rates and how many rounds fell below the
target.

Run: ``python benchmarks/speed_states.py [--rounds 200] [-n GAMES] [--target 100000]``
(about 1.5 s a round).
"""

from __future__ import annotations

import argparse
import statistics
import time

from common.registry import games, get
from common.speed import loop_rate, random_batch, warm_up


def sample(rounds: int, n: int, seed: int, quiet: bool = False) -> dict[str, list[float]]:
    """Return each game's actions/s per round, and the calibration loop's (M iterations/s)."""
    infos = [get(name) for name in games()]
    for info in infos:
        warm_up(info, n, None, seed, {})
    rates: dict[str, list[float]] = {"loop": [], **{info.name: [] for info in infos}}
    for _ in range(rounds):
        rates["loop"].append(loop_rate())
        row = [time.strftime("%H:%M:%S"), f"loop {rates['loop'][-1]:.1f} M/s"]
        for info in infos:
            start = time.perf_counter()
            actions = random_batch(info, n, None, seed, {})[0]
            rates[info.name].append(actions / (time.perf_counter() - start))
            row.append(f"{info.name} {rates[info.name][-1]:,.0f}")
        if not quiet:
            print("  ".join(row), flush=True)
    return rates


def summary(rates: dict[str, list[float]], target: float) -> list[str]:
    """One line a game: min, 10th percentile, median, 90th percentile, max, rounds below."""
    lines = []
    for name, values in rates.items():
        cuts = (
            statistics.quantiles(values, n=10, method="inclusive")
            if len(values) > 1
            else values * 9
        )
        shown = [min(values), cuts[0], statistics.median(values), cuts[-1], max(values)]
        if name == "loop":
            text, below = [f"{v:.1f}" for v in shown], " (M iterations/s)"
        else:
            text = [f"{v:,.0f}" for v in shown]
            below = f" ({sum(v < target for v in values)} of {len(values)} below {target:,.0f})"
        lines.append(
            f"{name}: min {text[0]}, p10 {text[1]}, median {text[2]}, p90 {text[3]}, "
            f"max {text[4]}{below}"
        )
    return lines


def main() -> None:
    """Parse the arguments, sample, print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("-n", "--games", type=int, default=200, help="games a batch")
    parser.add_argument("-s", "--seed", type=int, default=1)
    parser.add_argument("--target", type=float, default=100_000, help="actions/s")
    parser.add_argument("-q", "--quiet", action="store_true", help="the summary only")
    args = parser.parse_args()
    if args.rounds < 1 or args.games < 1:
        parser.error("--rounds and --games must be at least 1")
    for line in summary(sample(args.rounds, args.games, args.seed, args.quiet), args.target):
        print(line)


if __name__ == "__main__":
    main()
