"""Embedding Metropolis: deal with a supplied outcome, take a lot, build, and let bots finish.

Run: ``python examples/metropolis_lots_play.py``.
"""

from __future__ import annotations

import metropolis_lots
from common import RandomBot, play
from metropolis_lots import Build, HeuristicBot, Take


def main() -> None:
    """Play the opening by hand, then hand the seats to bots."""
    g = metropolis_lots.new_game(players=3, seed=2024, trade_proposals=0)
    # the deal is a chance outcome: seat 0 gets 40-47, seat 1 the next 8 lots, seat 2 the rest
    g.resolve((40, 41, 42, 43, 44, 45, 46, 47, *range(10, 18), *range(20, 28)))
    g.resolve((30, 31, 32, 33))  # the first offer
    print(g.prompt)
    g.apply(Take(30))
    g.resolve()  # the refill, drawn from the game's own seeded generator
    store = Build("department_store", (40, 41, 42, 45, 46, 47))
    print("can build the department store:", store in g.legal_actions())
    g.apply(store)
    result = play(g, [HeuristicBot(0), RandomBot(1), RandomBot(2)])
    print(metropolis_lots.render_text(g))
    print("scores", result.scores, "winners", result.winners)


if __name__ == "__main__":
    main()
