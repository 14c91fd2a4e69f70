"""Metropoli embedded in a script: set-up from supplied outcomes, an auction with pre-emption.

Run: ``python examples/metropoli_auction.py``. The dice and shuffles are given (as a front end
with physical dice would), then Anna lands on a free street, Carla wins the auction, raises the
Market Value, and Anna pre-empts it for $50,000 more.
"""

from __future__ import annotations

import metropoli
from metropoli.data import BOARD
from metropoli.render import render_text


def main() -> None:
    """Play a scripted opening and print what happened, in words, and the board."""
    g = metropoli.new_game(players=["Anna", "Bruno", "Carla"], seed=1)
    g.resolve((6, 6, 5))  # Anna rolls highest for the first player
    g.resolve((2, 3, 1))
    g.resolve((4, 1, 2))
    g.resolve(BOARD.streets)  # the concession deal, in track order: two each
    g.resolve(BOARD.neighbourhood_values)  # neighbourhood values, brown first
    g.resolve(tuple(g.cards))  # the Metropoli deck, face down
    start = len(g.events)
    g.apply("roll 3")
    g.resolve((4, 5, 2))  # 11: Anna lands on Van Buren, whose concession is free: an auction
    # Anna could propose a trade before the space acts (ruling MI-A15); she lets it act.
    # Bidding starts at Anna's left; the winner may raise; Anna may pre-empt for $50,000 more
    bids = ("act", "bid 100000", "bid 150000", "pass", "pass", "raise 400000", "preempt", "done")
    for action in bids:
        print(f"{g.players[g.to_act or 0]:>6}: {action}")
        g.apply(action)
    for e in g.events[start:]:
        print(g.describe(e))  # each event in a sentence; e.to_json() is its JSON form
    print(render_text(g, None))


if __name__ == "__main__":
    main()
