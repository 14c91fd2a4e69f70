"""What a Metro City player may decide: place a tile, build over one's own, swap bonuses, pass.

Each field is checked when an action is made, so a bad tile, block, token or street is refused
with a message naming what is allowed, before legality is even asked.
"""

from __future__ import annotations

from typing import Any

import attrs

from common import Action
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

    tile: str = attrs.field(validator=_tile)
    block: str = attrs.field(validator=_block)
    word = "place"


@attrs.frozen
class BuildOver(Action):
    """Build ``tile`` over one's own tile at ``block``, paying the won token ``token`` (MC-3)."""

    tile: str = attrs.field(validator=_tile)
    block: str = attrs.field(validator=_block)
    token: int = attrs.field(validator=_token)
    word = "build"


@attrs.frozen
class Swap(Action):
    """After placing the Courthouse, swap the bonus tokens of two unawarded streets (MC-5)."""

    first: str = attrs.field(validator=_street)
    second: str = attrs.field(validator=_street)
    word = "swap"


@attrs.frozen
class Pass(Action):
    """Decline the one optional thing a prompt offers: the Courthouse's swap (MC-5).

    The same word is the pass of a player who cannot place (MC-3), which is never asked: the
    engine takes it for the player (ruling MC-A3).
    """

    word = "pass"
