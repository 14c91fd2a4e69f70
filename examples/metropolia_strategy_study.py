"""A reproducible Metropolia strategy study: the Cheese Factory rush against the Store rush.

Each game i uses seed i, and the bots' seeds are fixed, so the same command prints the same
table on any machine. Run: ``python examples/metropolia_strategy_study.py [games]``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import metropolia
from common import Bot, play
from metropolia import CheeseRushBot, HeuristicBot, StoreRushBot


def study(games: int = 200) -> dict[str, float]:
    """Win rate of each strategy in 2-player base games against the other, seats alternating."""
    makers: dict[str, Callable[[int], Bot]] = {
        "cheese_rush": CheeseRushBot,
        "store_rush": StoreRushBot,
        "heuristic": HeuristicBot,
    }
    names = list(makers)
    rates: dict[str, float] = {}
    for a in names:
        for b in names:
            if a == b:
                continue
            wins = 0
            for i in range(games):
                seat = i % 2
                bots: list[Bot] = [makers[b](i), makers[b](i)]
                bots[seat] = makers[a](i)
                wins += seat in play(metropolia.new_game(players=2, seed=i), bots).winners
            rates[f"{a} vs {b}"] = wins / games
    return rates


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for pairing, rate in study(n).items():
        print(f"{pairing:<28} {rate:6.1%}")
