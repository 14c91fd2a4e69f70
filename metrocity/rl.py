"""Metro City as a fixed action space and observation vector (the core's PettingZoo adapter).

``catalogue`` lists every action that can ever be legal in a 2-player game, derived from the
data: each tile on each block, each build-over with each token, each swap of two streets.
``observe`` turns ``game.view(seat)`` into numbers, the seat's own side first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from common import Action, Game
from common.rl import RLSpec
from metrocity.actions import BuildOver, Pass, Place, Swap
from metrocity.data import (
    BLOCK_IDS,
    BLOCK_INDEX,
    COLUMNS,
    HAND_SIZE,
    PLAYER_TILES,
    STREETS,
    TILE_KINDS,
    TOKENS,
)

_TILE_INDEX = {t.id: i for i, t in enumerate(TILE_KINDS)}
#: the most money a seat can hold: every token (ruling MC-2), for scaling
_ALL_MONEY = float(sum(TOKENS))
#: a bound on one seat's sum on a street: its six highest numbers (for scaling)
_MAX_SUM = float(sum(sorted((t.value for t in TILE_KINDS), reverse=True)[:COLUMNS]))
_PROMPTS = ("place", "swap")
#: per block: empty, mine, theirs, then the tile one-hot
_BLOCK_WIDTH = 3 + len(TILE_KINDS)


@cache
def _catalogue() -> tuple[Action, ...]:
    out: list[Action] = [Place(t.id, b) for t in TILE_KINDS for b in BLOCK_IDS]
    out += [BuildOver(t.id, b, k) for t in TILE_KINDS for b in BLOCK_IDS for k in TOKENS]
    out.append(Pass())
    out += [
        Swap(STREETS[a].id, STREETS[b].id)
        for a in range(len(STREETS))
        for b in range(a + 1, len(STREETS))
    ]
    return tuple(out)


def catalogue(game: Game) -> Sequence[Action]:
    """Every action a 2-player game could offer, in a fixed order (it needs no options)."""
    return _catalogue()


def observe(game: Game, seat: int) -> Sequence[float]:
    """What ``seat`` sees as numbers: grid, hand, streets, money, sizes and the prompt.

    Built from ``game.view(seat)`` only, always relative to ``seat`` (mine before theirs).
    """
    view = game.view(seat)
    state = view["state"]
    other = 1 - seat
    out: list[float] = []
    for row in state["grid"]:
        for cell in row:
            out += _block(cell, seat)
    hand = [0.0] * len(TILE_KINDS)
    for tile in state["hand"]:
        hand[_TILE_INDEX[tile]] += 1.0
    out += hand
    for street in state["streets"]:
        winner = street["winner"]
        awarded = bool(street["awarded"])
        out += [
            (street["token"] or 0) / TOKENS[-1],
            1.0 if awarded and winner == seat else 0.0,
            1.0 if awarded and winner == other else 0.0,
            1.0 if awarded and winner is None else 0.0,
            street["sums"][seat] / _MAX_SUM,
            street["sums"][other] / _MAX_SUM,
            street["empty"] / COLUMNS,
        ]
    for k in (seat, other):
        player = state["players"][k]
        held = [0.0] * len(TOKENS)
        for token in player["tokens"]:
            held[token - TOKENS[0]] = 1.0
        out.append(player["money"] / _ALL_MONEY)
        out += held
        out.append(player["hand_size"] / HAND_SIZE)
        out.append(player["pile_size"] / len(PLAYER_TILES))
    prompt = view["prompt"]
    out += [1.0 if prompt is not None and prompt["kind"] == k else 0.0 for k in _PROMPTS]
    swap_for = [0.0] * len(BLOCK_IDS)
    if state["swap_for"] is not None:
        swap_for[BLOCK_INDEX[state["swap_for"]]] = 1.0
    out += swap_for
    out.append(1.0 if view["to_act"] == seat else 0.0)
    out.append(1.0 if state["first"] == seat else 0.0)
    out.append(1.0 if state["tie"] == "placer" else 0.0)
    return out


def _block(cell: dict[str, Any] | None, seat: int) -> list[float]:
    out = [0.0] * _BLOCK_WIDTH
    if cell is None:
        out[0] = 1.0
        return out
    out[1 if cell["owner"] == seat else 2] = 1.0
    out[3 + _TILE_INDEX[cell["tile"]]] = 1.0
    return out


RL = RLSpec(catalogue, observe)

__all__ = ["RL", "catalogue", "observe"]
