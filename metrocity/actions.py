"""What a Metro City player may decide: place a tile, build over one's own, swap bonuses, pass.

Each field is checked when an action is made, so a bad tile, block, token or street is refused
with a message naming what is allowed, before legality is even asked.
"""

from __future__ import annotations

from typing import Any

import attrs

from common import Action
from common.codec import doc
from metrocity.data import BLOCK_INDEX, STREET_INDEX, TILES, TOKENS


def _tile(_: Any, attribute: Any, value: str) -> None:
    if value not in TILES:
        raise ValueError(f"no tile {value!r}; tiles: {', '.join(TILES)}")


def _block(_: Any, attribute: Any, value: str) -> None:
    if value not in BLOCK_INDEX:
        raise ValueError(f"no block {value!r}; blocks are A1 to F5 (avenue A-F, street 1-5)")


def _token(_: Any, attribute: Any, value: int) -> None:
    if value not in TOKENS:
        raise ValueError(f"no token {value!r}; tokens are {TOKENS[0]} to {TOKENS[-1]}")


def _street(_: Any, attribute: Any, value: str) -> None:
    if value not in STREET_INDEX:
        raise ValueError(f"no street {value!r}; streets: {', '.join(STREET_INDEX)}")


@attrs.frozen
class Place(Action):
    """Place ``tile`` from hand on the empty block ``block`` (e.g. ``place res3 B2``)."""

    tile: str = doc(
        "the id of a tile in your hand: res1..res5, com2..com6, ind3..ind7, park, power, mall "
        "or court",
        validator=_tile,
    )
    block: str = doc(
        "the empty block it goes on: avenue letter A..F and street number 1..5 (B2)",
        validator=_block,
    )
    word = "place"


@attrs.frozen
class BuildOver(Action):
    """Build ``tile`` over one's own tile at ``block``, paying the won token ``token`` (MC-3)."""

    tile: str = doc("the id of the tile from your hand to build", validator=_tile)
    block: str = doc(
        "the block (A1..F5) holding one of your own tiles, which leaves the game",
        validator=_block,
    )
    token: int = doc(
        "the won bonus token you pay, by its value in dollars (1..15)",
        validator=_token,
    )
    word = "build"


@attrs.frozen
class Swap(Action):
    """After placing the Courthouse, swap the bonus tokens of two unawarded streets (MC-5)."""

    first: str = doc(
        "the id of a street not yet awarded: st1..st5 (the Streets) or avA..avF (the Avenues)",
        validator=_street,
    )
    second: str = doc("the id of another street not yet awarded", validator=_street)
    word = "swap"


@attrs.frozen
class Pass(Action):
    """Decline the one optional thing a prompt offers: the Courthouse's swap (MC-5).

    The same word is the pass of a player who cannot place (MC-3), which is never asked: the
    engine takes it for the player (ruling MC-A3).
    """

    word = "pass"
