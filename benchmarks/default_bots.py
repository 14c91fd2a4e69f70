"""Which bot should play a seat nobody named: a tournament of a game's bots, timed a move.

    python benchmarks/default_bots.py GAME [--games N] [--jobs J] [--seed S] [--write]

Every pair of the game's candidate bots (``CANDIDATES``) plays the same games (seats
alternating, ``common.tournament``), every decision timed in CPU milliseconds. The default is
the strongest bot (the highest mean ahead rate against the others) whose median time a move
is under ``BUDGET_MS``, unless a bot at least ``FASTER`` times faster is not significantly
weaker in their own games (its 95% interval reaches its fair share): then the fastest such
bot, as long as the strongest takes ``WAIT_MS`` or more a move (below that nobody waits).
The script prints the table and that choice, says whether the game's
``GameInfo.default_bot`` agrees, and with ``--write`` puts the table into the game's
``docs/GAME.md`` between its two ``default-bot table`` markers.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import click  # noqa: E402

import common  # noqa: E402
from common.tournament import markdown, tournament  # noqa: E402

#: the median time a move the default bot must stay under (CPU milliseconds)
BUDGET_MS = 50.0
#: how many times faster a bot must be to stand in for a stronger one it is not
#: significantly weaker than (a tie of two searches is a coin's throw, their times are not)
FASTER = 2.0
#: below this median time a move (CPU milliseconds) the strongest is taken as it is
WAIT_MS = 1.0

#: each game's bots to compare: its own, and a search budget that fits (or not) the budget
CANDIDATES: dict[str, list[str]] = {
    "metropolia": ["random", "heuristic", "cheese_rush", "store_rush", "greedy", "mcts"],
    # more playouts bought nothing in the MCTS tuning (docs/metropoli.md: 64 won 7 of 16)
    "metropoli": ["random", "heuristic", "mcts"],
    "metropolis_lots": ["random", "heuristic", "mcts", "mcts:160"],
    "metrocity": ["random", "heuristic", "mcts:100", "mcts"],
}

#: games per pair (a multiple of twice the players, so each bot has each seat equally often)
GAMES: dict[str, int] = {
    "metropolia": 100,
    "metropoli": 60,
    "metropolis_lots": 100,
    "metrocity": 100,
}

BEGIN = "<!-- default-bot table: made by benchmarks/default_bots.py, do not edit -->"
END = "<!-- end of the default-bot table -->"


def strongest(table: dict[str, Any], budget_ms: float = BUDGET_MS) -> str:
    """The strongest bot of ``table`` (its standings order) whose median is under budget."""
    for row in table["standings"]:
        if table["timing"][row["bot"]]["median_ms"] < budget_ms:
            return str(row["bot"])
    raise ValueError("no bot keeps its median time a move under the budget")


def stand_in(table: dict[str, Any], best: str) -> dict[str, Any] | None:
    """The pairing of the fastest bot that may stand in for ``best`` (module docstring)."""
    timing = table["timing"]
    if timing[best]["median_ms"] < WAIT_MS:
        return None
    pairs = {(p["bot"], p["against"]): p for p in table["pairings"]}
    for bot in sorted(timing, key=lambda b: timing[b]["median_ms"]):
        if bot == best or timing[bot]["median_ms"] * FASTER > timing[best]["median_ms"]:
            continue
        pairing = pairs[(bot, best)]
        if pairing["ahead_ci95"][1] >= pairing["fair_share"]:  # not significantly weaker
            return dict(pairing)
    return None


def choose(table: dict[str, Any], budget_ms: float = BUDGET_MS) -> str:
    """The default bot the table makes: the strongest under budget, or its stand-in."""
    best = strongest(table, budget_ms)
    pairing = stand_in(table, best)
    return best if pairing is None else str(pairing["bot"])


def report(game: str, table: dict[str, Any], command: str) -> str:
    """The doc's section: how it was made, the table and the choice."""
    best = strongest(table)
    pairing = stand_in(table, best)
    timing = table["timing"]
    chosen = best if pairing is None else str(pairing["bot"])
    why = (
        f"the strongest whose median time a move is under {BUDGET_MS:.0f} ms"
        if pairing is None
        else (
            f"which `{best}`, first in the standings, did not beat significantly in their own "
            f"games (`{chosen}` ahead in {pairing['ahead_rate']:.1%}, 95% CI "
            f"{pairing['ahead_ci95'][0]:.1%}-{pairing['ahead_ci95'][1]:.1%}), at "
            f"{timing[best]['median_ms'] / timing[chosen]['median_ms']:.1f} times its speed"
        )
    )
    t = timing[chosen]
    return "\n".join(
        [
            BEGIN,
            f"`{command}` ({table['players']} players, {table['games_per_pair']} games a pair, "
            f"seed {table['seed']}; {table['seconds'] / 60:.0f} min on this machine, python "
            f"{platform.python_version()}, load average {table['load_average']:.1f} on "
            f"{os.cpu_count()} cores). Both rows of a pair come from the same games; `wins` "
            "counts a shared win for each winner, `win rate` shares it out; times are CPU "
            "milliseconds a decision of the bot, over every decision it took in the "
            "tournament.",
            "",
            markdown(table),
            "",
            f"Default: **`{chosen}`**, {why} (median {t['median_ms']:.2f} ms, 90th percentile "
            f"{t['p90_ms']:.2f} ms, max {t['max_ms']:.1f} ms). "
            f"`GameInfo.default_bot` is `{common.get(game).default()}`.",
            END,
        ]
    )


def write_doc(game: str, section: str) -> Path:
    """Replace the table between the markers of ``docs/GAME.md`` (they must be there)."""
    path = ROOT / "docs" / f"{game}.md"
    text = path.read_text()
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path} has no default-bot table markers: add {BEGIN!r} and {END!r}")
    path.write_text(pattern.sub(lambda _: section, text))
    return path


def main(argv: list[str] | None = None) -> int:
    """Run the tournament of one game and print (or write) its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(CANDIDATES))
    parser.add_argument("--games", "-n", type=int, default=None)
    parser.add_argument("--jobs", "-j", type=int, default=2)
    parser.add_argument("--seed", "-s", type=int, default=1)
    parser.add_argument("--bots", "-b", default=None, help="comma-separated bots instead")
    parser.add_argument("--write", action="store_true", help="write the table into the doc")
    parser.add_argument("--out", type=Path, default=None, help="also write the table as JSON")
    parser.add_argument(
        "--table", type=Path, default=None, help="report a table --out wrote instead of playing"
    )
    args = parser.parse_args(argv)
    bots = args.bots.split(",") if args.bots else CANDIDATES[args.game]
    games = args.games or GAMES[args.game]
    command = f"python benchmarks/default_bots.py {args.game}" + (
        f" -n {games}" if args.games else ""
    )
    if args.table is not None:  # a table this script wrote with --out: no games played
        table = json.loads(args.table.read_text())
    else:
        pairs = len(bots) * (len(bots) - 1) // 2
        start = time.perf_counter()
        with click.progressbar(length=pairs * games, label=args.game, file=sys.stderr) as bar:
            table = tournament(
                args.game,
                bots,
                games=games,
                seed=args.seed,
                jobs=args.jobs,
                timing=True,
                progress=bar.update,
            )
        table["seconds"] = round(time.perf_counter() - start, 1)
        table["load_average"] = round(os.getloadavg()[0], 2)
    if args.out is not None:
        args.out.write_text(json.dumps(table, indent=2) + "\n")
    section = report(args.game, table, command)
    print(section)
    best = choose(table)
    if common.get(args.game).default() != best:
        print(
            f"note: {args.game}'s GameInfo.default_bot is {common.get(args.game).default()!r}, "
            f"the table's choice {best!r}",
            file=sys.stderr,
        )
    if args.write:
        print(f"wrote {write_doc(args.game, section)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
