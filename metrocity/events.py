"""The facts of a Metro City game, in the order they happen."""

from __future__ import annotations

from typing import Any

import attrs

from common import Event
from common.codec import doc


@attrs.frozen
class TokensPlaced(Event):
    """The bonus tokens laid face up at the streets, in street order (MC-2)."""

    tokens: tuple[int, ...] = doc(
        "the token laid at each of the 11 streets, in dollars (1..15), in street order: "
        "st1..st5, then avA..avF"
    )


@attrs.frozen
class FirstPlayerDrawn(Event):
    """Each seat drew a token (``draws`` by seat); the higher goes first; all 4 left play."""

    draws: tuple[int, ...] = doc("the token each seat drew, in dollars, by seat")
    out_of_play: tuple[int, ...] = doc(
        "the four tokens laid at no street: the two draws, then the two never drawn"
    )
    first: int = doc("the seat that goes first: the higher draw")


@attrs.frozen
class TilesDrawn(Event):
    """``seat`` drew ``count`` tiles into its hand; which ones only that seat sees."""

    seat: int = doc("the seat that drew them")
    count: int = doc("how many tiles it drew")
    tiles: tuple[str, ...] | None = doc(
        "the ids of the tiles drawn, in order; null for every seat but the drawer"
    )

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """Hide the tiles from everyone but the drawer (a private draw, MC-1)."""
        data = self.to_json()
        if seat != self.seat:
            data["tiles"] = None
        return data


@attrs.frozen
class TilePlaced(Event):
    """``seat`` placed ``tile`` at ``block``; ``replaced``/``paid`` are set by a build-over."""

    seat: int = doc("the seat that placed it")
    tile: str = doc("the id of the tile placed")
    block: str = doc("the block it went on (A1..F5)")
    replaced: str | None = doc(
        "the id of the seat's own tile built over (it leaves the game); null: the block was empty",
        default=None,
    )
    paid: int | None = doc(
        "the token paid for a build-over, in dollars (1..15); null: the block was empty",
        default=None,
    )


@attrs.frozen
class BonusesSwapped(Event):
    """A Courthouse's owner swapped the tokens of two streets (MC-5)."""

    seat: int = doc("the Courthouse's owner, who swapped")
    first: str = doc("the id of one street")
    second: str = doc("the id of the other street")
    first_token: int = doc(
        "the token, in dollars, that lay at first before the swap and now lies at second"
    )
    second_token: int = doc(
        "the token, in dollars, that lay at second before the swap and now lies at first"
    )


@attrs.frozen
class StreetAwarded(Event):
    """A completed street's token went to ``winner`` (None: a tie discarded it), by ``sums``."""

    street: str = doc("the id of the completed street")
    token: int = doc("the bonus token at stake, in dollars (1..15)")
    sums: tuple[int, ...] = doc("each seat's sum on the street by the award rule (MC-4), by seat")
    winner: int | None = doc("the seat that took the token; null: a tie discarded it")


@attrs.frozen
class Passed(Event):
    """``seat`` could not place (an empty hand) and passed (MC-3).

    It follows the ``ActionForced`` pass the engine took for the seat (ruling MC-A3).
    """

    seat: int = doc("the seat with no tile left in hand, which passed")
