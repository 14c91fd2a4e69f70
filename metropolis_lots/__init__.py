"""Metropolis (Sid Sackson): an 80-lot claim board, buildings and a scoring chart.

The board geometry, the building floor plans and the scoring chart are reconstructions
(rulings MS-1, MS-3, MS-4) shipped as replaceable JSON files in ``metropolis_lots/data/``;
the chart can be swapped per game with the ``chart`` option (``--chart FILE`` on every
``metro metropolis_lots`` command, or ``chart=...`` in Python).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common import GameInfo, InvalidSave
from common.game import load_data
from metropolis_lots.actions import Accept, Build, Decline, Done, Give, Pass, Propose, Take
from metropolis_lots.bots import HeuristicBot, RandomBot
from metropolis_lots.cli import cli
from metropolis_lots.events import (
    BuildingPut,
    BuildingScored,
    ChoiceSkipped,
    FinalRound,
    LotGiven,
    LotOffered,
    LotsDealt,
    LotTaken,
    PoolAnswered,
    PoolProposed,
    TradeAnswered,
    TradeProposed,
)
from metropolis_lots.help import explain
from metropolis_lots.render import action_keys, render_svg, render_text
from metropolis_lots.rules import Metropolis
from metropolis_lots.search import MCTS, declined


def new_game(
    players: int | Sequence[str] = 3, seed: int | None = None, **rule_options: Any
) -> Metropolis:
    """Start a game of Metropolis for 2 to 5 players (options: see ``Metropolis.options_spec``)."""
    return Metropolis(players=players, seed=seed, **rule_options)


def load(text: str | bytes | dict[str, Any]) -> Metropolis:
    """Restore a game of Metropolis from its save (``game.to_json()``)."""
    game = load_data(Metropolis, text)
    if not isinstance(game, Metropolis):  # pragma: no cover - load_data builds this class
        raise InvalidSave("not a Metropolis save")
    return game


def record_extras(game: Metropolis) -> dict[str, Any]:
    """A simulated game's own figures: its turns (lot choices, and the final round's
    building turns, ruling MS-8) and each seat's buildings standing at the end."""
    log = game.events
    turns = log.count(LotTaken, LotGiven, ChoiceSkipped)
    if log.count(FinalRound):
        turns += game.num_players
    owned = [0] * game.num_players
    for building in game.s.buildings:
        owned[building.owner] += 1
    return {"turns": turns, "buildings": owned}


INFO = GameInfo(
    explain=explain,
    declined=declined,
    cls=Metropolis,
    bots={"random": RandomBot, "heuristic": HeuristicBot, "mcts": MCTS},
    render_text=render_text,
    render_svg=render_svg,
    action_keys=action_keys,
    # docs/metropolis_lots.md, "The default bot": the standings of its tournament, ms a move
    strength=(("mcts:160", 46.81), ("mcts", 8.70), ("heuristic", 0.06), ("random", 0.01)),
    default_bot="mcts",
    description="Sid Sackson's lot-claiming game on 80 lots, 2-5 players. Board, building "
    "shapes and scoring chart are a reconstruction (rulings MS-1, MS-3, MS-4); replace the "
    "chart with --chart FILE.",
    cli=cli,
    record_extras=record_extras,
    flags={
        "chart": "Scoring chart JSON file replacing the shipped one, which is a reconstruction "
        "(ruling MS-4); read here, checked when the game starts.",
    },
    file_flags=frozenset({"chart"}),
    blurb="Collect building lots, put up houses, shops and towers where they score most.",
)

__all__ = [
    "INFO",
    "Accept",
    "Build",
    "BuildingPut",
    "BuildingScored",
    "ChoiceSkipped",
    "Decline",
    "Done",
    "FinalRound",
    "Give",
    "HeuristicBot",
    "LotGiven",
    "LotOffered",
    "LotTaken",
    "LotsDealt",
    "Metropolis",
    "Pass",
    "PoolAnswered",
    "PoolProposed",
    "Propose",
    "RandomBot",
    "Take",
    "TradeAnswered",
    "TradeProposed",
    "load",
    "new_game",
    "render_svg",
    "render_text",
]
