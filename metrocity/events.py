"""The facts of a Metro City game, in the order they happen."""

from __future__ import annotations

from typing import Any

import attrs

from common import Event


@attrs.frozen
class TokensPlaced(Event):
    """The bonus tokens laid face up at the streets, in street order (MC-2)."""

    tokens: tuple[int, ...]


@attrs.frozen
class FirstPlayerDrawn(Event):
    """Each seat drew a token (``draws`` by seat); the higher goes first; all 4 left play."""

    draws: tuple[int, ...]
    out_of_play: tuple[int, ...]
    first: int


@attrs.frozen
class TilesDrawn(Event):
    """``seat`` drew ``count`` tiles into its hand; which ones only that seat sees."""

    seat: int
    count: int
    tiles: tuple[str, ...] | None

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """Hide the tiles from everyone but the drawer (a private draw, MC-1)."""
        data = self.to_json()
        if seat != self.seat:
            data["tiles"] = None
        return data


@attrs.frozen
class TilePlaced(Event):
    """``seat`` placed ``tile`` at ``block``; ``replaced``/``paid`` are set by a build-over."""

    seat: int
    tile: str
    block: str
    replaced: str | None = None
    paid: int | None = None


@attrs.frozen
class BonusesSwapped(Event):
    """A Courthouse's owner swapped the tokens of two streets (MC-5)."""

    seat: int
    first: str
    second: str
    first_token: int
    second_token: int


@attrs.frozen
class StreetAwarded(Event):
    """A completed street's token went to ``winner`` (None: a tie discarded it), by ``sums``."""

    street: str
    token: int
    sums: tuple[int, ...]
    winner: int | None


@attrs.frozen
class Passed(Event):
    """``seat`` could not place (an empty hand) and passed (MC-3).

    It follows the ``ActionForced`` pass the engine took for the seat (ruling MC-A3).
    """

    seat: int
