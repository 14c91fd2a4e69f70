"""Metro City (published as City Blocks): two developers build a 6x5 grid for street bonuses.

>>> import metrocity
>>> g = metrocity.new_game(seed=1)
>>> g.chance.describe()
'shuffle tokens'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common import GameInfo
from common.game import load_data
from metrocity.actions import BuildOver, Pass, Place, Swap
from metrocity.bots import HeuristicBot, RandomBot
from metrocity.events import (
    BonusesSwapped,
    FirstPlayerDrawn,
    Passed,
    StreetAwarded,
    TilePlaced,
    TilesDrawn,
    TokensPlaced,
)
from metrocity.help import explain
from metrocity.render import action_keys, render_svg, render_text
from metrocity.rules import MetroCity
from metrocity.search import MCTS


def new_game(
    players: int | Sequence[str] = 2, seed: int | None = None, **options: Any
) -> MetroCity:
    """Start a game of Metro City for 2 players (a count or two names); option ``tie``."""
    return MetroCity(players=players, seed=seed, **options)


def load(text: str | bytes | dict[str, Any]) -> MetroCity:
    """Restore a game from its save (``game.to_json()``)."""
    game = load_data(MetroCity, text)
    assert isinstance(game, MetroCity)
    return game


def record_extras(game: MetroCity) -> dict[str, Any]:
    """A simulated game's own figures: its turns (placements and passes) and each seat's
    streets won."""
    winners = game.s.street_winner
    return {
        "turns": game.events.count(TilePlaced, Passed),
        "streets": [winners.count(seat) for seat in range(game.num_players)],
    }


INFO = GameInfo(
    explain=explain,
    cls=MetroCity,
    bots={"random": RandomBot, "heuristic": HeuristicBot, "mcts": MCTS},
    render_text=render_text,
    render_svg=render_svg,
    action_keys=action_keys,
    record_extras=record_extras,
    # docs/metrocity.md, "The default bot": the strongest under 50 ms a move (median)
    # docs/metrocity.md, "The default bot": the standings of its tournament, ms a move
    strength=(("mcts", 63.66), ("mcts:100", 29.91), ("heuristic", 0.22), ("random", 0.01)),
    default_bot="mcts:100",
    description=(
        "two players place building tiles on a 6x5 grid to win the mayor's bonus on each "
        "of 11 streets. The street names are a reconstruction (ruling MC-6, "
        "metrocity/data/streets.json)."
    ),
    blurb="Place your tiles on a 6×5 grid of city blocks and win the bonus of each street.",
)

__all__ = [
    "INFO",
    "BonusesSwapped",
    "BuildOver",
    "FirstPlayerDrawn",
    "HeuristicBot",
    "MetroCity",
    "Pass",
    "Passed",
    "Place",
    "RandomBot",
    "StreetAwarded",
    "Swap",
    "TilePlaced",
    "TilesDrawn",
    "TokensPlaced",
    "load",
    "new_game",
    "render_svg",
    "render_text",
]
