"""Metro City embedded in a script: set-up from supplied outcomes, a few moves, the views.

Run: ``python examples/metrocity_scripted.py``. The token shuffle and both tile piles are given
(as a front end with physical components would), then the players complete 1st Street.
"""

from __future__ import annotations

import json

import metrocity
from metrocity.data import PLAYER_TILES
from metrocity.render import render_text


def pile(first: list[str]) -> tuple[str, ...]:
    """One player's 20 tiles with ``first`` on top."""
    rest = list(PLAYER_TILES)
    for tile in first:
        rest.remove(tile)
    return (*first, *rest)


def main() -> None:
    """Play the opening of a scripted game and print what each seat sees."""
    g = metrocity.new_game(seed=1)
    # 11 street tokens (1st-5th Street, A-F Avenue), the two first-player draws, 2 out of play
    g.resolve((10, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 15, 1, 13, 14))
    g.resolve(pile(["res5", "com6", "ind7", "mall", "court"]))
    g.resolve(pile(["com2", "com3", "com4", "park", "power"]))
    for move in ("place res5 A1", "place com2 B1", "place com6 C1", "place com3 D1"):
        g.apply(move)
    g.apply("place ind7 E1")
    events = g.apply("place com4 F1")  # completes 1st Street: 18 against 9
    for e in events:
        print(json.dumps(e.for_seat(0)))
    print(render_text(g, 0))
    print("seat 1 sees its hand:", g.view(1)["state"]["hand"])


if __name__ == "__main__":
    main()
