"""What a seat may decide in Metropolia: each decision of the turn is one of these records.

The prompt a decision answers has the word of its main action as its kind (``roll``,
``reroll``, ``port``, ``take``, ``swap``, ``build``); ``pass`` declines the one optional
thing a prompt offers (a re-roll, the Port's +2, a swap, a build), as in every Metro game.
"""

from __future__ import annotations

from typing import Literal

import attrs

from common import Action
from common.actions import seat_field
from common.codec import doc


@attrs.frozen
class Roll(Action):
    """Roll one die, or two with the Train Station (prompt ``roll``)."""

    word = "roll"
    dice: Literal[1, 2] = doc("how many dice to roll: 1, or 2 with the Train Station built")


@attrs.frozen
class Reroll(Action):
    """Roll again with the Radio Tower, once a turn (prompt ``reroll``; ``pass`` keeps it)."""

    word = "reroll"


@attrs.frozen
class UsePort(Action):
    """Add 2 to a total of 10 or more with the Port (prompt ``port``; ``pass`` keeps it)."""

    word = "port"


@attrs.frozen
class TakeFrom(Action):
    """TV Station: take its coins from the opponent in ``seat`` (prompt ``take``)."""

    word = "take"
    seat: int = seat_field(
        "the opponent's seat the TV Station takes 5 coins from (or all they hold); in the text "
        "form the player's number (take 2: from Player 2)"
    )


@attrs.frozen
class Swap(Action):
    """Business Center: give ``give`` to ``seat`` for their ``take`` (prompt ``swap``)."""

    word = "swap"
    give: str = doc(
        "the id of one of your green, blue or red establishments, given to the opponent"
    )
    seat: int = seat_field("the opponent's seat (in the text form the player's number, from 1)")
    take: str = doc(
        "the id of one of the opponent's green, blue or red establishments, taken in return"
    )


@attrs.frozen
class Build(Action):
    """Build an establishment or a landmark by its id (prompt ``build``)."""

    word = "build"
    card: str = doc(
        "the id of the establishment (from the market) or landmark to build: wheat_field, "
        "train_station, ..."
    )


@attrs.frozen
class Pass(Action):
    """Decline what the prompt offers: keep the roll (``reroll``), keep the total (``port``),
    make no swap (``swap``), build nothing this turn (``build``)."""

    word = "pass"


ACTIONS = (Roll, Reroll, UsePort, TakeFrom, Swap, Build, Pass)
