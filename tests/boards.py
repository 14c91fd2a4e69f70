"""Each game's board at its start, half-way and at its end, for the tests of how boards read.

A game is played by its heuristic bots from a fixed seed, with the most players it takes (the
fullest board) and with the fewest; the positions are copies, so a test may draw any of them.
"""

from __future__ import annotations

from functools import cache

import common
from common.bots import advance

GAMES = ("metrocity", "metropoli", "metropolia", "metropolis_lots")


@cache
def positions(name: str, players: int, seed: int = 3) -> tuple[common.Game, ...]:
    """The game ``name`` for ``players`` just set up, half-way through and over."""
    info = common.get(name)

    def played(steps: int | None) -> tuple[common.Game, int]:
        game = info.new_game(players=players, seed=seed)
        bots = [info.bot_factory("heuristic")(seed * 10 + i) for i in range(players)]
        done = 0
        while not game.is_over and (steps is None or done < steps):
            done += advance(game, bots, 1)
        return game, done

    end, steps = played(None)
    return played(0)[0], played(steps // 2)[0], end


def sizes(name: str) -> tuple[int, ...]:
    """The fewest and the most players the game takes."""
    cls = common.get(name).cls
    return tuple(sorted({cls.min_players, cls.max_players}))


def viewer(game: common.Game) -> int:
    """The seat whose board a test draws: the one to act, else the first."""
    return game.to_act if game.to_act is not None else 0


def svg_of(name: str, game: common.Game) -> str:
    """The game's SVG board as the seat to act (else the first) sees it."""
    render = common.get(name).render_svg
    assert render is not None
    return str(render(game, viewer(game)))
