"""The shared core of the Metro engines: the Game contract, chance, events, bots, registry."""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

from common.actions import Action, ActionsByIndex, ActionSet
from common.bots import Bot, GameTooLong, RandomBot, advance, play
from common.chance import ChanceRequest, ChanceTooLarge, Dice, Draw, Shuffle
from common.errors import IllegalAction, InvalidOption, InvalidSave, MetroError
from common.events import (
    ActionForced,
    ActionTaken,
    ChanceResolved,
    Event,
    EventLog,
    GameEnded,
    GameStarted,
)
from common.game import Game, Option, Prompt, Result, Secret, load_data, winners_by_score
from common.registry import GameInfo, games, get, load, register, replay
from common.rng import BotRandom, GameRandom
from common.seats import clockwise, counter_clockwise, next_seat
from common.simulation import GameRecord, simulate

try:
    __version__ = _version("metro-engines")
except PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Action",
    "ActionForced",
    "ActionSet",
    "ActionTaken",
    "ActionsByIndex",
    "Bot",
    "BotRandom",
    "ChanceRequest",
    "ChanceResolved",
    "ChanceTooLarge",
    "Dice",
    "Draw",
    "Event",
    "EventLog",
    "Game",
    "GameEnded",
    "GameInfo",
    "GameRandom",
    "GameRecord",
    "GameStarted",
    "GameTooLong",
    "IllegalAction",
    "InvalidOption",
    "InvalidSave",
    "MetroError",
    "Option",
    "Prompt",
    "RandomBot",
    "Result",
    "Secret",
    "Shuffle",
    "__version__",
    "advance",
    "clockwise",
    "counter_clockwise",
    "games",
    "get",
    "load",
    "load_data",
    "next_seat",
    "play",
    "register",
    "replay",
    "simulate",
    "winners_by_score",
]
