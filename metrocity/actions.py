"""What a Metro City player may decide: place a tile, build over one's own, swap bonuses."""

from __future__ import annotations

import attrs

from common import Action


@attrs.frozen
class Place(Action):
    """Place ``tile`` from hand on the empty block ``block`` (e.g. ``place res3 B2``)."""

    tile: str
    block: str
    word = "place"


@attrs.frozen
class BuildOver(Action):
    """Build ``tile`` over one's own tile at ``block``, paying the won token ``token`` (MC-3)."""

    tile: str
    block: str
    token: int
    word = "build"


@attrs.frozen
class Swap(Action):
    """After placing the Courthouse, swap the bonus tokens of two unawarded streets (MC-5)."""

    first: str
    second: str
    word = "swap"


@attrs.frozen
class NoSwap(Action):
    """After placing the Courthouse, leave the bonus tokens where they are (MC-5)."""

    word = "noswap"
