"""Machine instructions per decision of random self-play, counted by valgrind's callgrind.

Wall-clock rates on a shared machine vary by a third from run to run; the number of
instructions a batch of seeded games executes does not, so this is the figure to compare
versions by. Each game is measured as ``metro bench`` plays it (random bots, game i seeded
seed + i, the full rules and the event log): the instructions of a run of ``n`` games less
those of a run of none (start-up and imports), divided by the decisions taken.

``--path`` measures other loops over the same seeds: ``public`` (a library user's loop),
``floor`` (that loop with each call cut to what it cannot avoid, an experiment),
``both`` or ``all``, each also as a ratio to ``play()``.

Run: ``python benchmarks/instructions.py [GAME ...] [-n GAMES] [-s SEED] [--path P]`` (needs
``valgrind`` on the PATH; about a minute a game and loop).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

#: the batch a child process plays: ``metro bench``'s own loop (``play`` with random bots),
#: the same games through the public contract (``public``), or the public path's
#: games with each call cut to what it cannot avoid (``floor``, an experiment)
_CHILD = """
import sys
from common import registry, speed
sys.path.insert(0, sys.argv[5])  # benchmarks/, where the floor experiment lives
from floor import floor_batch
info = registry.get(sys.argv[1])
n = int(sys.argv[2])
batches = {"play": speed.random_batch, "public": speed.public_batch, "floor": floor_batch}
print(batches[sys.argv[4]](info, n, None, int(sys.argv[3]), {})[0] if n else 0)
"""
#: games a run plays by default: enough that one-time tables are a small share
_DEFAULT_GAMES = {"metrocity": 200, "metropolia": 60, "metropoli": 20, "metropolis_lots": 30}


def count(game: str, games: int, seed: int, path: str = "play") -> tuple[int, int]:
    """Return (instructions, decisions) of ``games`` random games under callgrind."""
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            _CHILD,
            game,
            str(games),
            str(seed),
            path,
            str(Path(__file__).parent),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no instruction count:\n{proc.stderr}")
    return int(found.group(1)), int(proc.stdout.split()[-1])


def main() -> None:
    """Print the instructions per decision of each game named (all four by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(_DEFAULT_GAMES))
    parser.add_argument("-n", "--count", type=int, help="games to play (default: per game)")
    parser.add_argument("-s", "--seed", type=int, default=1)
    parser.add_argument(
        "--path",
        choices=("play", "public", "floor", "both", "all"),
        default="play",
        help="play(): the core's loop; public: legal_actions + random.Random.choice + apply; "
        "floor: the public path's calls cut to what they cannot avoid (floor.floor_batch); "
        "both: play and public; all: the three",
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: it counts the instructions")
    for game in args.games:
        n = args.count or _DEFAULT_GAMES.get(game, 20)
        base, _ = count(game, 0, args.seed)
        paths = {"both": ("play", "public"), "all": ("play", "public", "floor")}.get(
            args.path, (args.path,)
        )
        per = {}
        for path in paths:
            total, decisions = count(game, n, args.seed, path)
            per[path] = (total - base) / decisions
            print(
                f"{game} ({path}): {per[path]:,.0f} instructions a decision "
                f"({n} games, {decisions} decisions, seed {args.seed})"
            )
        if "play" in per:
            for path in ("public", "floor"):
                if path in per:
                    print(f"{game}: {path} costs {per[path] / per['play']:.3f} times play()")


if __name__ == "__main__":
    main()
