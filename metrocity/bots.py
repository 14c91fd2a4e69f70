"""Bots for Metro City: the core's RandomBot and a one-move-lookahead HeuristicBot."""

from __future__ import annotations

import math
from collections.abc import Sequence

from common import Action, Game, GameRandom, RandomBot
from metrocity.actions import BuildOver, Pass, Place, Swap
from metrocity.data import BLOCK_INDEX, BLOCK_STREETS, STREET_INDEX, STREETS
from metrocity.rules import MetroCity, award_winner
from metrocity.tables import street_sums

#: how much an unsettled street's expected share counts against money already won
OPEN_WEIGHT = 0.6
#: a street one block short of complete, with the opponent to move, leans their way
LAST_BLOCK_RISK = 0.6
_STREET_BLOCKS = tuple(s.blocks for s in STREETS)


class HeuristicBot:
    """Scores each legal action by the money it wins now plus its effect on open streets.

    An open street is worth its token times ``tanh`` of the bot's lead there, scaled by how many
    blocks are still empty. It reads only what its seat may see: the grid, the tokens and its
    own hand (through the legal actions).
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = GameRandom(seed)

    def choose(self, game: Game, seat: int) -> Action:
        """Return the best-scoring legal action (ties broken at random)."""
        assert isinstance(game, MetroCity)
        legal = game.legal_actions()
        values = action_values(game, seat, legal)
        if isinstance(legal[0], Pass):
            # the first answer (no swap) unless a swap gains strictly more
            best_at, best_gain = 0, values[0]
            for i, gain in enumerate(values):
                if gain > best_gain + 1e-9:
                    best_at, best_gain = i, gain
            return legal[best_at]
        best: list[Action] = []
        best_value = -math.inf
        for action, value in zip(legal, values, strict=True):
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]


def action_values(game: MetroCity, seat: int, legal: Sequence[Action]) -> list[float]:
    """The heuristic's score of each of ``legal`` (the legal actions of ``seat``), in order.

    A placement scores the change in ``seat``'s expected share of the block's two streets
    (money won at once counting in full), less the token a build-over pays; a Courthouse adds
    the best swap it then allows. An answer to the Courthouse scores the swap's gain (no swap:
    0). The heuristic bot plays the best; the search bot's ranker orders by it.
    """
    s = game.s
    tiles = s.tiles
    owners = s.owners
    tokens = s.street_tokens
    tie = str(game.options["tie"])
    if legal and isinstance(legal[0], Pass | Swap):
        factors = _factors(tiles, owners, tokens, seat, tie, s.pending_block)
        gains = []
        for action in legal:
            if isinstance(action, Swap):
                a, b = STREET_INDEX[action.first], STREET_INDEX[action.second]
                gains.append(_swap_gain(tokens, factors, a, b))
            else:
                gains.append(0.0)
        return gains
    # a street's value with a tile placed on any of its empty blocks is the same whichever
    # block it fills, so each (street, tile) is scored once; build-overs are scored per block
    before: dict[int, float] = {}
    on_street: dict[tuple[int, str], float] = {}
    after: dict[tuple[str, int], float] = {}
    base: list[float] | None = None  # the street factors, for a Courthouse's swaps
    values = []
    for action in legal:
        assert isinstance(action, Place | BuildOver)
        block = BLOCK_INDEX[action.block]
        tile = action.tile
        key = (tile, block)
        value = after.get(key)
        if value is None:
            row, column = BLOCK_STREETS[block]
            for st in (row, column):
                if st not in before:
                    before[st] = _street_value(tiles, owners, tokens, st, seat, None, tie)
            if isinstance(action, Place) and tile != "court":
                value = on_street.get((row, tile))
                if value is None:
                    value = on_street[row, tile] = _placement_value(
                        tiles, owners, tokens, seat, tie, key, streets=(row,)
                    )
                on_column = on_street.get((column, tile))
                if on_column is None:
                    on_column = on_street[column, tile] = _placement_value(
                        tiles, owners, tokens, seat, tie, key, streets=(column,)
                    )
                value += on_column
            else:
                if tile == "court" and base is None:
                    base = _factors(tiles, owners, tokens, seat, tie, -1)
                value = _placement_value(tiles, owners, tokens, seat, tie, key, base)
            value = after[key] = value - (before[row] + before[column])
        if isinstance(action, BuildOver):
            value -= action.token
        values.append(value)
    return values


def _placement_value(
    tiles: list[str | None],
    owners: list[int],
    tokens: list[int | None],
    seat: int,
    tie: str,
    key: tuple[str, int],
    base: list[float] | None = None,
    streets: tuple[int, ...] | None = None,
) -> float:
    """The value of the block's two streets with ``tile`` placed there by ``seat``.

    ``base`` (the street factors as they stand) speeds up a Courthouse's best swap;
    ``streets`` values only those of the block's streets.
    """
    tile, block = key
    old_tile, old_owner = tiles[block], owners[block]
    placed = old_tile is None
    tiles[block] = tile
    owners[block] = seat
    try:
        placer = seat if placed else None
        value = sum(
            _street_value(tiles, owners, tokens, st, seat, placer, tie)
            for st in (BLOCK_STREETS[block] if streets is None else streets)
        )
        if tile == "court":
            value += _best_swap_gain(tiles, owners, tokens, seat, tie, block, placed, base)
    finally:
        tiles[block] = old_tile
        owners[block] = old_owner
    return value


def _lead_factor(
    tiles: list[str | None], owners: list[int], street: int, seat: int, placer: int | None, tie: str
) -> tuple[float, float]:
    """(weight, factor): factor in [-1, 1] is how surely ``seat`` takes the street's token."""
    blocks = _STREET_BLOCKS[street]
    empty = sum(1 for b in blocks if tiles[b] is None)
    sums = street_sums(tiles, owners, street)
    if empty == 0 and placer is not None:
        winner = award_winner(sums, placer, tie)
        return 1.0, 0.0 if winner is None else (1.0 if winner == seat else -1.0)
    lead = sums[seat] - sums[1 - seat]
    x = lead / (2.0 + 2.5 * empty)
    if empty == 1:
        x -= LAST_BLOCK_RISK
    return OPEN_WEIGHT, math.tanh(x)


def _street_value(
    tiles: list[str | None],
    owners: list[int],
    tokens: list[int | None],
    street: int,
    seat: int,
    placer: int | None,
    tie: str,
) -> float:
    token = tokens[street]
    if token is None:
        return 0.0
    weight, factor = _lead_factor(tiles, owners, street, seat, placer, tie)
    return token * weight * factor


def _factors(
    tiles: list[str | None],
    owners: list[int],
    tokens: list[int | None],
    seat: int,
    tie: str,
    block: int,
    base: list[float] | None = None,
) -> list[float]:
    """Each street's weighted lead factor for ``seat`` (0 once awarded).

    ``block`` is the block just placed on (its streets count ``seat`` as the placer), -1 for
    none. ``base``, the factors before anything changed at ``block``, spares recomputing the
    other nine streets.
    """
    placed_streets = BLOCK_STREETS[block] if block >= 0 else ()
    if base is None:
        streets: Sequence[int] = range(len(STREETS))
        out = [0.0] * len(STREETS)
    else:
        streets = placed_streets
        out = list(base)
    for st in streets:
        if tokens[st] is None:
            out[st] = 0.0
            continue
        placer = seat if st in placed_streets else None
        weight, factor = _lead_factor(tiles, owners, st, seat, placer, tie)
        out[st] = weight * factor
    return out


def _swap_gain(tokens: list[int | None], factors: list[float], a: int, b: int) -> float:
    ta, tb = tokens[a], tokens[b]
    assert ta is not None and tb is not None
    return (tb - ta) * (factors[a] - factors[b])


def _best_swap_gain(
    tiles: list[str | None],
    owners: list[int],
    tokens: list[int | None],
    seat: int,
    tie: str,
    block: int,
    placed: bool,
    base: list[float] | None = None,
) -> float:
    """The most a swap gains with a Courthouse on ``block``; ``base``: the factors without it."""
    if base is None or not placed:
        factors = _factors(tiles, owners, tokens, seat, tie, block if placed else -1)
    else:  # only the block's two streets changed
        factors = _factors(tiles, owners, tokens, seat, tie, block, base)
    open_ = [i for i, t in enumerate(tokens) if t is not None]
    return max(
        [
            0.0,
            *(
                _swap_gain(tokens, factors, a, b)
                for k, a in enumerate(open_)
                for b in open_[k + 1 :]
            ),
        ]
    )


__all__ = ["HeuristicBot", "RandomBot", "action_values"]
