"""Metropolia embedded in a script: the rulebook's payment example with physical dice.

Run: ``python examples/metropolia_scripted.py``. The dice are supplied as a front end with real
dice would; every coin that moves shows up as an event.
"""

from __future__ import annotations

import json

import metropolia
from common import RandomBot, play
from metropolia import HeuristicBot
from metropolia.render import render_text


def main() -> None:
    """Play a few scripted turns, then let bots finish the game."""
    g = metropolia.new_game(players=["Bartek", "Kasia", "Michał"], seed=2024)
    g.resolve((1,))  # Bartek rolls 1: every Wheat Field pays its owner
    g.apply("build cafe")
    g.resolve((3,))  # Kasia rolls 3: Bartek's Cafe takes 1 from her, then her Bakery pays
    g.apply("pass")
    for e in g.resolve((2,)):  # Michał rolls 2: his Bakery pays him
        print(json.dumps(e.to_json(), ensure_ascii=False))
        print("   ", g.describe(e))  # the same event in words
    g.apply("build wheat_field")
    print(render_text(g, None))
    result = play(g, [HeuristicBot(1), RandomBot(2), RandomBot(3)])
    print("winner:", [g.players[w] for w in result.winners], "landmarks:", result.scores)


if __name__ == "__main__":
    main()
