"""Bots for Metro City: the core's RandomBot and a one-move-lookahead HeuristicBot."""

from __future__ import annotations

import math

from common import Action, Game, GameRandom, RandomBot
from metrocity.actions import BuildOver, NoSwap, Place, Swap
from metrocity.data import BLOCK_INDEX, BLOCK_STREETS, STREET_INDEX, STREETS
from metrocity.rules import MetroCity, award_winner, street_sums

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
        if isinstance(legal[0], NoSwap):
            return self._choose_swap(game, seat, legal)
        tiles = game.s.tiles
        owners = game.s.owners
        tokens = game.s.street_tokens
        tie = str(game.options["tie"])
        before: dict[int, float] = {}
        after: dict[tuple[str, int], float] = {}
        best: list[Action] = []
        best_value = -math.inf
        for action in legal:
            assert isinstance(action, Place | BuildOver)
            block = BLOCK_INDEX[action.block]
            key = (action.tile, block)
            value = after.get(key)
            if value is None:
                if block not in before:
                    before[block] = sum(
                        _street_value(tiles, owners, tokens, st, seat, None, tie)
                        for st in BLOCK_STREETS[block]
                    )
                value = after[key] = (
                    self._placement_value(tiles, owners, tokens, seat, tie, key) - before[block]
                )
            if isinstance(action, BuildOver):
                value -= action.token
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    @staticmethod
    def _placement_value(
        tiles: list[str | None],
        owners: list[int],
        tokens: list[int | None],
        seat: int,
        tie: str,
        key: tuple[str, int],
    ) -> float:
        """The value of the block's two streets with ``tile`` placed there by ``seat``."""
        tile, block = key
        old_tile, old_owner = tiles[block], owners[block]
        placed = old_tile is None
        tiles[block] = tile
        owners[block] = seat
        try:
            placer = seat if placed else None
            value = sum(
                _street_value(tiles, owners, tokens, st, seat, placer, tie)
                for st in BLOCK_STREETS[block]
            )
            if tile == "court":
                value += _best_swap_gain(tiles, owners, tokens, seat, tie, block, placed)
        finally:
            tiles[block] = old_tile
            owners[block] = old_owner
        return value

    def _choose_swap(self, game: MetroCity, seat: int, legal: list[Action]) -> Action:
        s = game.s
        tie = str(game.options["tie"])
        factors = _factors(s.tiles, s.owners, s.street_tokens, seat, tie, s.pending_block)
        best: Action = legal[0]
        best_gain = 0.0
        for action in legal[1:]:
            assert isinstance(action, Swap)
            a, b = STREET_INDEX[action.first], STREET_INDEX[action.second]
            gain = _swap_gain(s.street_tokens, factors, a, b)
            if gain > best_gain + 1e-9:
                best, best_gain = action, gain
        return best


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
) -> list[float]:
    placed_streets = set(BLOCK_STREETS[block]) if block >= 0 else set()
    out = []
    for st in range(len(STREETS)):
        if tokens[st] is None:
            out.append(0.0)
            continue
        placer = seat if st in placed_streets else None
        weight, factor = _lead_factor(tiles, owners, st, seat, placer, tie)
        out.append(weight * factor)
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
) -> float:
    factors = _factors(tiles, owners, tokens, seat, tie, block if placed else -1)
    open_ = [i for i, t in enumerate(tokens) if t is not None]
    best = 0.0
    for k, a in enumerate(open_):
        for b in open_[k + 1 :]:
            best = max(best, _swap_gain(tokens, factors, a, b))
    return best


__all__ = ["HeuristicBot", "RandomBot"]
