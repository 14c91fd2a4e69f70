"""Metro City's fixed encodings: the action catalogue and the observation (``Game`` hooks).

``catalogue`` lists every action that can ever be legal in a 2-player game, derived from the
data: each tile on each block, each build-over with each token, no swap and each swap of two
streets, the very objects the rules hand out. ``observe`` reads the state as ``seat`` sees it
(ruling MC-A7: its own hand, never the other hand or a pile's order; MC-A8: won tokens are
public), the seat's own side first; ``LAYOUT`` names its fields.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING

from common import Action, Game
from common.encoding import Encodings, Field, Layout
from metrocity.data import BLOCKS, COLUMNS, HAND_SIZE, PLAYER_TILES, STREETS, TILE_KINDS, TOKENS
from metrocity.state import PLACE
from metrocity.tables import BUILD_BY_TOKEN, PASS, SWAP, tally_sums

if TYPE_CHECKING:
    from metrocity.rules import MetroCity

_KINDS = len(TILE_KINDS)
_TILE_INDEX = {t.id: i for i, t in enumerate(TILE_KINDS)}
_STREETS = len(STREETS)
#: the most money a seat can hold: every token (ruling MC-2), for scaling
_ALL_MONEY = float(sum(TOKENS))
#: a bound on one seat's sum on a street: its six highest numbers (for scaling)
_MAX_SUM = float(sum(sorted((t.value for t in TILE_KINDS), reverse=True)[:COLUMNS]))

LAYOUT = Layout(
    [
        Field("mine", BLOCKS, "1 where the block (row-major, A1 first) holds a tile of the seat"),
        Field("theirs", BLOCKS, "1 where the block holds a tile of the other seat"),
        Field(
            "tiles",
            BLOCKS * len(TILE_KINDS),
            f"per block, a one-hot of its tile kind ({_KINDS} kinds in data order); all 0 empty",
        ),
        Field("hand", _KINDS, "how many tiles of each kind the seat holds in hand"),
        Field("token", _STREETS, "the token lying at each street, as value / 15 (0: none left)"),
        Field("won_mine", _STREETS, "1 where the seat took the street's token"),
        Field("won_theirs", _STREETS, "1 where the other seat took the street's token"),
        Field("discarded", _STREETS, "1 where the street's token was discarded on a tie"),
        Field("sum_mine", _STREETS, f"the seat's sum on each street (MC-4) / {_MAX_SUM:g}"),
        Field("sum_theirs", _STREETS, "the other seat's sum on each street, scaled alike"),
        Field("empty", _STREETS, f"each street's empty blocks / {COLUMNS}"),
        Field("money", 2, f"the seat's money, then the other's, / {_ALL_MONEY:g}"),
        Field("tokens_mine", len(TOKENS), "1 for each token ($1 first) the seat holds"),
        Field("tokens_theirs", len(TOKENS), "1 for each token the other seat holds"),
        Field("tokens_gone", len(TOKENS), "1 for each token discarded or out of play (MC-2)"),
        Field("hand_sizes", 2, f"the seat's hand size, then the other's, / {HAND_SIZE}"),
        Field("pile_sizes", 2, f"the seat's pile size, then the other's, / {len(PLAYER_TILES)}"),
        Field("prompt", 2, "a one-hot of the question asked: place, swap (0s: chance or over)"),
        Field("to_act", 1, "1 when the seat is the one asked"),
        Field("swap_block", BLOCKS, "the Courthouse's block while its owner may swap (MC-5)"),
        Field("first", 1, "1 when the seat played first"),
        Field("tie_placer", 1, "1 under the rule option tie=placer"),
    ]
)
_AT = {f.name: LAYOUT.offset(f.name) for f in LAYOUT.fields}


def catalogue(game: Game) -> Sequence[Action]:
    """Every action a 2-player game could offer, in a fixed order (it needs no options)."""
    out: list[Action] = list(PLACE)
    out += [BUILD_BY_TOKEN[t.id][k][b] for t in TILE_KINDS for b in range(BLOCKS) for k in TOKENS]
    out.append(PASS)
    out += [SWAP[a, b] for a in range(_STREETS) for b in range(a + 1, _STREETS)]
    return out


_PLACES = BLOCKS * _KINDS
#: where the no-swap answer stands in the catalogue, after every placement and build-over
_PASS_AT = _PLACES + _PLACES * len(TOKENS)
_SWAP_AT = {
    pair: _PASS_AT + 1 + i
    for i, pair in enumerate((a, b) for a in range(_STREETS) for b in range(a + 1, _STREETS))
}


def legal_indices(game: MetroCity) -> list[int]:
    """The catalogue indices of the legal actions at a prompt, ascending, from the state.

    The same as looking up ``legal_actions()`` (a test checks it): each kind in hand on each
    empty block, then over each own block with each token held; or no swap and each pair of
    streets still holding a token.
    """
    s = game.s
    if s.pending_block >= 0:
        open_ = [st for st in range(_STREETS) if s.street_tokens[st] is not None]
        return [_PASS_AT, *(_SWAP_AT[a, b] for k, a in enumerate(open_) for b in open_[k + 1 :])]
    seat = s.turn
    tile_index = _TILE_INDEX
    kinds = sorted({tile_index[t] for t in s.hands[seat]})
    free = s.free
    out = [k * BLOCKS + b for k in kinds for b in free]
    money = s.money[seat]
    if money:
        tokens = sorted(money)
        step = len(TOKENS)
        out += [
            _PLACES + (k * BLOCKS + b) * step + t - 1
            for k in kinds
            for b in s.owned[seat]
            for t in tokens
        ]
    return out


def observe(game: MetroCity, seat: int) -> array[float]:
    """What ``seat`` sees as numbers, laid out as ``LAYOUT`` (the seat's own side first)."""
    s = game.s
    out = LAYOUT.zeros()
    at = _AT
    other = 1 - seat
    tile_index = _TILE_INDEX
    mine, theirs, tiles = at["mine"], at["theirs"], at["tiles"]
    owners = s.owners
    for b, t in enumerate(s.tiles):
        if t is not None:
            out[(mine if owners[b] == seat else theirs) + b] = 1.0
            out[tiles + b * _KINDS + tile_index[t]] = 1.0
    hand = at["hand"]
    for t in s.hands[seat]:
        out[hand + tile_index[t]] += 1.0
    token, won_mine, won_theirs = at["token"], at["won_mine"], at["won_theirs"]
    discarded, sum_mine, sum_theirs, empty = (
        at["discarded"],
        at["sum_mine"],
        at["sum_theirs"],
        at["empty"],
    )
    tally = s.street_tally
    for st in range(_STREETS):
        lying = s.street_tokens[st]
        if lying is not None:
            out[token + st] = lying / 15.0
        winner = s.street_winner[st]
        if winner is not None:
            out[(won_mine if winner == seat else won_theirs if winner >= 0 else discarded) + st] = 1
        award = s.awards[st]
        sums = award[1] if award is not None else tally_sums(tally[0][st], tally[1][st])
        out[sum_mine + st] = sums[seat] / _MAX_SUM
        out[sum_theirs + st] = sums[other] / _MAX_SUM
        out[empty + st] = s.street_empty[st] / COLUMNS
    money = at["money"]
    out[money] = s.cash[seat] / _ALL_MONEY
    out[money + 1] = s.cash[other] / _ALL_MONEY
    for field, k in (("tokens_mine", seat), ("tokens_theirs", other)):
        base = at[field] - 1
        for token in s.money[k]:
            out[base + token] = 1.0
    gone = at["tokens_gone"] - 1
    for token in s.discarded:
        out[gone + token] = 1.0
    for token in s.out_of_play:
        out[gone + token] = 1.0
    sizes, piles = at["hand_sizes"], at["pile_sizes"]
    out[sizes] = len(s.hands[seat]) / HAND_SIZE
    out[sizes + 1] = len(s.hands[other]) / HAND_SIZE
    out[piles] = len(s.piles[seat]) / len(PLAYER_TILES)
    out[piles + 1] = len(s.piles[other]) / len(PLAYER_TILES)
    p = game.prompt
    if p is not None:
        out[at["prompt"] + (p.kind == "swap")] = 1.0
        if p.seat == seat:
            out[at["to_act"]] = 1.0
    if s.pending_block >= 0:
        out[at["swap_block"] + s.pending_block] = 1.0
    if s.first == seat:
        out[at["first"]] = 1.0
    if game.options["tie"] == "placer":
        out[at["tie_placer"]] = 1.0
    return out


ENCODINGS = Encodings(catalogue, lambda game: LAYOUT, observe, lambda game: (), legal_indices)
"""Metro City's encodings: no rule option changes the moves, and the game is for 2."""

__all__ = ["ENCODINGS", "LAYOUT", "catalogue", "legal_indices", "observe"]
