"""What happened in Metropolia: the fact events that follow each decision or chance outcome.

Coins only move in these events: ``CoinsReceived`` (from the bank), ``CoinsPaid`` (seat to
seat) and ``Built`` (to the bank). Summing them gives every seat's purse.
"""

from __future__ import annotations

import attrs

from common import Event


@attrs.frozen
class DiceRolled(Event):
    """The roll that counts for activation, after any re-roll and Port bonus."""

    seat: int
    dice: tuple[int, ...]
    total: int


@attrs.frozen
class CoinsReceived(Event):
    """A seat took ``amount`` coins from the bank because of ``source`` (a card or landmark id)."""

    seat: int
    amount: int
    source: str


@attrs.frozen
class CoinsPaid(Event):
    """``payer`` paid ``amount`` of the ``owed`` coins to ``payee`` for card ``source``.

    When ``amount`` < ``owed`` the payer ran out and the rest was waived.
    """

    payer: int
    payee: int
    amount: int
    owed: int
    source: str


@attrs.frozen
class CardsSwapped(Event):
    """Business Center: ``seat`` gave ``give`` to ``other`` and took ``take`` from them."""

    seat: int
    give: str
    other: int
    take: str


@attrs.frozen
class Built(Event):
    """A seat paid ``cost`` to the bank and built ``card`` (an establishment or a landmark)."""

    seat: int
    card: str
    cost: int


@attrs.frozen
class CardRevealed(Event):
    """Plus market: the top card of the stack was turned face up (ruling MK-5)."""

    card: str
    stack_left: int


@attrs.frozen
class PileRemoved(Event):
    """Harbor rule (option ``unbuyable_purple="remove"``, ruling MK-A19): every player owns
    the purple ``card``, so its ``cards`` face-up copies leave the market and the game."""

    card: str
    cards: int


@attrs.frozen
class Passed(Event):
    """``seat`` passed on the prompt of kind ``declined``: kept the roll (``reroll``), kept the
    total without the Port (``port``), made no Business Center swap (``swap``) or built nothing
    this turn (``build``). The decision alone (``pass``) does not say which."""

    seat: int
    declined: str


@attrs.frozen
class ExtraTurn(Event):
    """Amusement Park: the seat rolled doubles and takes another turn."""

    seat: int


EVENTS = (DiceRolled, CoinsReceived, CoinsPaid, CardsSwapped, Built, CardRevealed, PileRemoved,
          Passed, ExtraTurn)  # fmt: skip
