"""Metropoli (Spartaco Albertarelli, Editrice Giochi 2010): auctions of concessions on a
40-space track around a city that every player builds and everyone exploits.

>>> import metropoli
>>> g = metropoli.new_game(players=4, seed=1)
>>> g.chance.describe()
'dice 3 (first player: Player 1)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common import GameInfo
from common.game import load_data
from common.mcts import mcts_factory
from metropoli.actions import (
    Accept,
    Act,
    Bid,
    Build,
    Cancel,
    Cash,
    Cross,
    Decline,
    Done,
    FreeBlock,
    Give,
    GoTo,
    Offer,
    Pass,
    Preempt,
    Raise,
    Roll,
    Sell,
    Send,
    Steps,
    Take,
)
from metropoli.bots import HeuristicBot, RandomBot, rank_actions
from metropoli.events import ALL_EVENTS
from metropoli.help import explain
from metropoli.render import action_keys, render_svg, render_text
from metropoli.rules import Metropoli


def new_game(
    players: int | Sequence[str] = 3, seed: int | None = None, **options: Any
) -> Metropoli:
    """Start a game of Metropoli for 3 to 6 players; options are keyword-only and validated."""
    return Metropoli(players=players, seed=seed, **options)


def load(text: str | bytes | dict[str, Any]) -> Metropoli:
    """Restore a game from its save (``game.to_json()``)."""
    game = load_data(Metropoli, text)
    assert isinstance(game, Metropoli)
    return game


def _cli() -> Any:
    from metropoli.cli import cli

    return cli


def record_extras(game: Metropoli) -> dict[str, Any]:
    """A simulated game's own figures: its turns, bankruptcies and each seat's final wealth
    (cash, streets and bridges, ruling MI-17) and whether it went bankrupt."""
    s = game.s
    bankrupt = [int(status == "bankrupt") for status in s.status]
    return {
        "turns": s.turn_no,
        "bankruptcies": sum(bankrupt),
        "bankrupt": bankrupt,
        "wealth": [sum(game.wealth(seat)) for seat in range(game.num_players)],
    }


INFO = GameInfo(
    explain=explain,
    cls=Metropoli,
    bots={
        "random": RandomBot,
        "heuristic": HeuristicBot,
        # docs/metropoli.md, "MCTS": the settings measured against the heuristic bot
        "mcts": mcts_factory(
            rollout=HeuristicBot,
            ranker=rank_actions,
            iterations=32,
            widening=1.0,
            rollout_depth=12,
            exploration=0.3,
            opponent_moves=1,
        ),
    },
    render_text=render_text,
    render_svg=render_svg,
    action_keys=action_keys,
    # docs/metropoli.md, "The default bot": the standings of its tournament, ms a move
    strength=(("mcts", 6.75), ("heuristic", 0.01), ("random", 0.00)),
    default_bot="mcts",
    cli=_cli(),
    flags={
        "cards": "Metropoli deck JSON file (a list of cards, or an object with a 'cards' list) "
        "replacing the shipped deck, itself a reconstruction (ruling MI-8)."
    },
    file_flags=frozenset({"cards"}),
    record_extras=record_extras,
    description="Metropoli: concession auctions, rents and a city built by all (3-6 players). "
    "Board, neighbourhood values and the Metropoli deck are reconstructions (MI-2..MI-8).",
    blurb="Race around the board, buy concessions at auction, build up the city's areas.",
)

__all__ = [
    "ALL_EVENTS",
    "INFO",
    "Accept",
    "Act",
    "Bid",
    "Build",
    "Cancel",
    "Cash",
    "Cross",
    "Decline",
    "Done",
    "FreeBlock",
    "Give",
    "GoTo",
    "HeuristicBot",
    "Metropoli",
    "Offer",
    "Pass",
    "Preempt",
    "Raise",
    "RandomBot",
    "Roll",
    "Sell",
    "Send",
    "Steps",
    "Take",
    "load",
    "new_game",
]
