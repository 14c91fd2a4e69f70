"""What a seat may decide in Metropolia: each decision of the turn is one of these records."""

from __future__ import annotations

from typing import Literal

import attrs

from common import Action


@attrs.frozen
class Roll(Action):
    """Roll one die, or two with the Train Station (prompt ``dice``)."""

    word = "roll"
    dice: Literal[1, 2]


@attrs.frozen
class Reroll(Action):
    """Use the Radio Tower to roll again (yes) or keep the roll (no) (prompt ``reroll``)."""

    word = "reroll"
    again: bool


@attrs.frozen
class UsePort(Action):
    """Add 2 to a total of 10 or more with the Port (yes), or not (no) (prompt ``port``)."""

    word = "port"
    add: bool


@attrs.frozen
class TakeFrom(Action):
    """Name the opponent the TV Station takes coins from (prompt ``tv_station``)."""

    word = "tv"
    seat: int


@attrs.frozen
class Swap(Action):
    """Business Center: give ``give`` to ``seat`` for their ``take`` (``business_center``)."""

    word = "swap"
    give: str
    seat: int
    take: str


@attrs.frozen
class NoSwap(Action):
    """Business Center: decline the swap (prompt ``business_center``)."""

    word = "noswap"


@attrs.frozen
class Build(Action):
    """Build an establishment or a landmark by its id (prompt ``build``)."""

    word = "build"
    card: str


@attrs.frozen
class Pass(Action):
    """Build nothing this turn (prompt ``build``)."""

    word = "pass"


ACTIONS = (Roll, Reroll, UsePort, TakeFrom, Swap, NoSwap, Build, Pass)
