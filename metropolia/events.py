"""What happened in Metropolia: the fact events that follow each decision or chance outcome.

Coins only move in these events: ``CoinsReceived`` (from the bank), ``CoinsPaid`` (seat to
seat) and ``Built`` (to the bank). Summing them gives every seat's purse.
"""

from __future__ import annotations

import attrs

from common import Event
from common.codec import doc


@attrs.frozen
class DiceRolled(Event):
    """The roll that counts for activation, after any re-roll and Port bonus."""

    seat: int = doc("the roller")
    dice: tuple[int, ...] = doc(
        "the dice that count, one or two values 1..6 (a Radio Tower re-roll's if it was taken)"
    )
    total: int = doc(
        "the total that activates the cards: the dice, plus 2 when the Port's bonus is taken"
    )


@attrs.frozen
class CoinsReceived(Event):
    """A seat took ``amount`` coins from the bank because of ``source`` (a card or landmark id)."""

    seat: int = doc("the seat the bank paid")
    amount: int = doc("the coins received")
    source: str = doc(
        "the id of the card or landmark that paid them (wheat_field, airport, ...), town_hall "
        "for the Town Hall, start for the starting coins"
    )


@attrs.frozen
class CoinsPaid(Event):
    """``payer`` paid ``amount`` of the ``owed`` coins to ``payee`` for card ``source``.

    When ``amount`` < ``owed`` the payer ran out and the rest was waived.
    """

    payer: int = doc("the seat that paid")
    payee: int = doc("the seat paid: the card's owner")
    amount: int = doc("the coins paid: what was owed, or all the payer held when that was less")
    owed: int = doc("the coins the card asked for; what amount falls short of it is waived")
    source: str = doc("the id of the card that made the payment (cafe, stadium, tv_station, ...)")


@attrs.frozen
class CardsSwapped(Event):
    """Business Center: ``seat`` gave ``give`` to ``other`` and took ``take`` from them."""

    seat: int = doc("the roller, the Business Center's owner")
    give: str = doc("the id of the establishment the roller gave")
    other: int = doc("the opponent's seat")
    take: str = doc("the id of the establishment the roller took from the opponent")


@attrs.frozen
class Built(Event):
    """A seat paid ``cost`` to the bank and built ``card`` (an establishment or a landmark)."""

    seat: int = doc("the seat that built")
    card: str = doc("the id of the establishment or landmark built")
    cost: int = doc("the coins paid to the bank for it")


@attrs.frozen
class CardRevealed(Event):
    """Plus market: the top card of the stack was turned face up (ruling MK-5)."""

    reveals = True  # the stack's order is secret: no undo of a host of strangers crosses it

    card: str = doc("the id of the card turned face up (its pile in the market)")
    stack_left: int = doc("the cards still face down in the stack after it")


@attrs.frozen
class PileRemoved(Event):
    """Harbor rule (option ``unbuyable_purple="remove"``, ruling MK-A19): every player owns
    the purple ``card``, so its ``cards`` face-up copies leave the market and the game."""

    card: str = doc("the id of the purple card every player owns")
    cards: int = doc("how many face-up copies of it left the market")


@attrs.frozen
class Passed(Event):
    """``seat`` passed on the prompt of kind ``declined``: kept the roll (``reroll``), kept the
    total without the Port (``port``), made no Business Center swap (``swap``) or built nothing
    this turn (``build``). The decision alone (``pass``) does not say which."""

    seat: int = doc("the seat that passed")
    declined: str = doc("the kind of the prompt it declined: reroll, port, swap or build")


@attrs.frozen
class ExtraTurn(Event):
    """Amusement Park: the seat rolled doubles and takes another turn."""

    seat: int = doc("the seat that takes another turn")


EVENTS = (DiceRolled, CoinsReceived, CoinsPaid, CardsSwapped, Built, CardRevealed, PileRemoved,
          Passed, ExtraTurn)  # fmt: skip
