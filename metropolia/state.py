"""The state of a game of Metropolia: purses, cities, the market and where the turn stands.

Cards and landmarks are held as counts indexed like ``data.CARDS`` and ``data.LANDMARKS`` so
that a copy is a handful of list copies (cheap clones for bots and search).
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.define(slots=True)
class MetroState:
    """Everything that changes during a game."""

    #: coins per seat
    coins: list[int]
    #: cards[seat][i]: how many of ``data.CARDS[i]`` the seat has built
    cards: list[list[int]]
    #: landmarks[seat][j]: whether the seat has built ``data.LANDMARKS[j]``
    landmarks: list[list[bool]]
    #: supply[i]: cards of ``data.CARDS[i]`` that can be built now (face up in Plus)
    supply: list[int]
    #: offers[seat]: (costs, choices): Pass, then what the seat could build with unlimited coins,
    #: cheapest first; derived from the fields above and kept current by the rules
    offers: list[tuple[tuple[int, ...], tuple[Any, ...]]]
    #: Plus: the hidden stack, top first, as card indices (the only secret, ruling MK-5)
    stack: list[int] = attrs.Factory(list)
    #: the seat whose turn it is
    turn: int = 0
    #: turns begun so far (extra turns included)
    turns: int = 0
    #: the dice of the current roll and their total (after the Port)
    dice: tuple[int, ...] = ()
    total: int = 0
    #: the Radio Tower's once-a-turn choice was made (ruling MK-A1)
    rerolled: bool = False
    #: the roll was doubles and the Amusement Park was built: another turn follows
    again: bool = False
    #: next purple card (index into data.CARDS) to resolve this turn
    purple_next: int = 0
    #: the seat that built all its landmarks
    winner: int | None = None
    #: Plus: every city holds the Town Hall, a starting property (ruling MK-A15)
    town_hall: bool = False
    #: payments="pay_first" (ruling MK-A17): the roll's green and blue income waits until the
    #: opponents have paid the roller's purple cards
    income_due: bool = False
    #: unbuyable_purple="remove" (ruling MK-A19): the card indices that left the game
    retired: tuple[int, ...] = ()

    def copy(self) -> MetroState:
        """Return an independent copy."""
        return MetroState(
            self.coins[:],
            [c[:] for c in self.cards],
            [m[:] for m in self.landmarks],
            self.supply[:],
            self.offers[:],
            self.stack[:],
            self.turn,
            self.turns,
            self.dice,
            self.total,
            self.rerolled,
            self.again,
            self.purple_next,
            self.winner,
            self.town_hall,
            self.income_due,
            self.retired,
        )
