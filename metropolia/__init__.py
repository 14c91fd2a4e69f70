"""Metropolia and Metropolia Plus (the Polish Machi Koro and its Harbor expansion) on the core.

>>> import metropolia
>>> g = metropolia.new_game(players=2, seed=1)
>>> g.chance
Dice(count=1, purpose='roll by seat 0', visible_to=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common import GameInfo, RandomBot
from common.game import load_data
from metropolia.actions import Build, Pass, Reroll, Roll, Swap, TakeFrom, UsePort
from metropolia.bots import BuildOrderBot, CheeseRushBot, HeuristicBot, StoreRushBot
from metropolia.events import (
    Built,
    CardRevealed,
    CardsSwapped,
    CoinsPaid,
    CoinsReceived,
    DiceRolled,
    ExtraTurn,
    Passed,
    PileRemoved,
)
from metropolia.help import explain
from metropolia.render import action_keys, render_svg, render_text
from metropolia.rules import Metropolia
from metropolia.search import MCTS, GreedyBot


def new_game(
    players: int | Sequence[str] = 2, seed: int | None = None, plus: bool = False, **options: Any
) -> Metropolia:
    """Start a game of Metropolia for 2-4 players (``plus=True`` adds Metropolia Plus)."""
    return Metropolia(players=players, seed=seed, plus=plus, **options)


def load(text: str | bytes | dict[str, Any]) -> Metropolia:
    """Restore a game from its save (``game.to_json()``)."""
    game = load_data(Metropolia, text)
    assert isinstance(game, Metropolia)
    return game


def record_extras(game: Metropolia) -> dict[str, Any]:
    """A simulated game's own figures: its turns, each seat's landmarks built and coins."""
    s = game.s
    return {
        "turns": s.turns,
        "landmarks": [sum(built) for built in s.landmarks],
        "coins": list(s.coins),
    }


INFO = GameInfo(
    explain=explain,
    cls=Metropolia,
    bots={
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "cheese_rush": CheeseRushBot,
        "store_rush": StoreRushBot,
        "greedy": GreedyBot,
        "mcts": MCTS,
    },
    render_text=render_text,
    render_svg=render_svg,
    action_keys=action_keys,
    record_extras=record_extras,
    # docs/metropolia.md, "The default bot": the strongest under 50 ms a move (median)
    # docs/metropolia.md, "The default bot": the standings of its tournament, ms a move
    strength=(
        ("greedy", 0.03),
        ("mcts", 35.81),
        ("store_rush", 0.01),
        ("cheese_rush", 0.01),
        ("heuristic", 0.03),
        ("random", 0.00),
    ),
    default_bot="greedy",
    description="Metropolia (Polish Machi Koro) and Metropolia Plus: roll, earn, build "
    "landmarks. Card table: rulings MK-1, MK-2.",
    blurb="Roll dice, collect income from your establishments, build your landmarks first.",
)

__all__ = [
    "INFO",
    "Build",
    "BuildOrderBot",
    "Built",
    "CardRevealed",
    "CardsSwapped",
    "CheeseRushBot",
    "CoinsPaid",
    "CoinsReceived",
    "DiceRolled",
    "ExtraTurn",
    "GreedyBot",
    "HeuristicBot",
    "Metropolia",
    "Pass",
    "Passed",
    "PileRemoved",
    "Reroll",
    "Roll",
    "StoreRushBot",
    "Swap",
    "TakeFrom",
    "UsePort",
    "load",
    "new_game",
]
