"""Search with explicit chance: ``common.search.ExpectimaxBot`` against Metropolia's heuristic.

With ``depth=2`` the bot tries each legal move on a copy (the first ply) and then the chance
that follows it (the second ply): the dice of Metropolia, ``Dice(1)`` or ``Dice(2)``, each
roll settled on a copy with ``copy.resolve(outcome)`` and weighed by its probability; the
positions then are scored by the game's own ``estimate()``. Chance counts as a ply, so a
chain of chance (a forced answer between two rolls) cannot make the search run on. A search
never calls ``resolve()`` without an outcome on a copy: that would draw the real dice to
come from the game's seed (docs/core.md, "Randomness").

Run: ``python examples/chance_expectimax.py [GAMES]``: the bot against Metropolia's
``heuristic`` in 2-player base games, seats alternating, through ``common.simulate``.
"""

from __future__ import annotations

import sys

import common
from common.search import ExpectimaxBot
from common.simulation import summarize


def main(games: int = 100) -> dict[str, float]:
    """Win rates of the expectimax bot and the heuristic against each other."""
    records = common.simulate("metropolia", [ExpectimaxBot, "heuristic"], games=games, seed=1)
    by_bot = summarize(records)["by_bot"]
    return {name: row["win_rate"] for name, row in by_bot.items()}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for name, rate in main(n).items():
        print(f"{name:<14} won {rate:.0%} of {n} games")
