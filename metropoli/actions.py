"""What a seat may decide in Metropoli: one frozen record per decision.

The words are shared by the four games: ``pass`` declines the one optional thing a
prompt offers (a bid, the winner's raise, pre-emption, a crossing, a free block), ``done``
ends the building step and the turn, ``accept`` / ``decline`` answer a proposal, ``roll 3``
rolls the three dice.
"""

from __future__ import annotations

from typing import Literal

import attrs

from common import Action
from common.actions import seat_field
from common.codec import doc


@attrs.frozen
class Roll(Action):
    """Roll the three dice to move (``roll 3``: the shared word ``roll N``)."""

    dice: Literal[3] = doc("how many dice are rolled: always 3", default=3)
    word = "roll"


@attrs.frozen
class Act(Action):
    """Let the space reached act (after the chance to trade first, ruling MI-A15)."""

    word = "act"


@attrs.frozen
class Steps(Action):
    """After a triple, advance this many spaces, 1 to 40 (ruling MI-14; prompt ``move``)."""

    count: int = doc("the spaces to advance along the track, 1 to 40")
    word = "move"


@attrs.frozen
class Bid(Action):
    """Bid this total price in an auction (a multiple of $50,000, ruling MI-9)."""

    amount: int = doc(
        "the total price bid, in dollars: a multiple of $50,000 above the high bid, within "
        "the bidder's cash"
    )
    word = "bid"


@attrs.frozen
class Pass(Action):
    """Decline the one optional thing the prompt offers: leave the auction (MI-9), keep the
    winning bid as the Market Value, let the winner have the concession (no pre-emption),
    stay off the bridge, or decline the free block."""

    word = "pass"


@attrs.frozen
class Raise(Action):
    """As auction winner, raise the Market Value to this amount (ruling MI-9)."""

    amount: int = doc(
        "the Market Value asked, in dollars: a multiple of $50,000 above the winning bid, "
        "within the winner's cash"
    )
    word = "raise"


@attrs.frozen
class Preempt(Action):
    """Exercise the right of pre-emption: buy at Market Value + $50,000."""

    word = "preempt"


@attrs.frozen
class Cross(Action):
    """Cross the city along the avenue to the opposite Bridge (ruling MI-13)."""

    word = "cross"


@attrs.frozen
class FreeBlock(Action):
    """Place a free block on this Buildable Area (own street, Municipality or a card)."""

    area: int = doc("the Buildable Area (0..35) the free block goes on")
    word = "free"


@attrs.frozen
class GoTo(Action):
    """On Il Comune, move to a space whose concession is free; it is auctioned."""

    space: int = doc("the space (0..39) of a concession still with the Bank, to move to")
    word = "goto"


@attrs.frozen
class Build(Action):
    """Buy one block for $100,000 and place it on this Buildable Area (ruling MI-10)."""

    area: int = doc("the Buildable Area (0..35) the paid block goes on")
    word = "build"


@attrs.frozen
class Done(Action):
    """End the building step and the turn, and pass the dice."""

    word = "done"


@attrs.frozen
class Offer(Action):
    """Open a trade proposal to ``partner`` (only the player on turn, ruling MI-18)."""

    partner: int = seat_field(
        "the seat the proposal is made to: another player still in the game; in the text form "
        "the player's number (offer 2: to Player 2)"
    )
    word = "offer"


@attrs.frozen
class Give(Action):
    """Add one of your concessions to the proposal."""

    space: int = doc("the space (0..39) of a concession of yours that goes to the partner")
    word = "give"


@attrs.frozen
class Take(Action):
    """Ask for one of the partner's concessions in the proposal."""

    space: int = doc("the space (0..39) of a concession of the partner's that comes to you")
    word = "take"


@attrs.frozen
class Cash(Action):
    """Set the cash of the proposal: > 0 you pay the partner, < 0 the partner pays you."""

    amount: int = doc(
        "the cash of the deal, in dollars, a multiple of $10,000 and not 0: > 0 you pay the "
        "partner, < 0 the partner pays you (within the payer's cash)"
    )
    word = "cash"


@attrs.frozen
class Send(Action):
    """Send the proposal to the partner, who accepts or declines it."""

    word = "send"


@attrs.frozen
class Cancel(Action):
    """Drop the proposal being composed."""

    word = "cancel"


@attrs.frozen
class Accept(Action):
    """Accept the trade proposed to you."""

    word = "accept"


@attrs.frozen
class Decline(Action):
    """Decline the trade proposed to you."""

    word = "decline"


@attrs.frozen
class Sell(Action):
    """In bankruptcy, put this concession up for auction (ruling MI-16)."""

    space: int = doc("the space (0..39) of a concession of yours to put up for auction")
    word = "sell"


ALL_ACTIONS: tuple[type[Action], ...] = (
    Roll,
    Act,
    Steps,
    Bid,
    Pass,
    Raise,
    Preempt,
    Cross,
    FreeBlock,
    GoTo,
    Build,
    Done,
    Offer,
    Give,
    Take,
    Cash,
    Send,
    Cancel,
    Accept,
    Decline,
    Sell,
)
