"""What Metro City's rules look up: tables made once at import from the data and the words.

``rules.py`` states each step of the game; the steps read these tables, so that a step costs
a look-up rather than a computation. Nothing here decides a rule that ``rules.py`` does not
cite; ``reference.py`` says the same things plainly, and the tests check both agree on random
games.

- the set-up's chance requests (MC-2, MC-1) and the counts of tiles and tokens;
- the tile order hands are sorted by, and the one kind a hand can hold twice (MC-1);
- a street's sums (MC-4) as lane arithmetic: ``TALLY``, ``tally_sums``, ``street_sums``;
- every action, and every fact event that recurs each turn, made once (both are immutable
  values);
- the place prompt's legal moves as sequences read by index (``Placements``, ``PlaceMoves``)
  and the Courthouse's answers by set of open streets (``swaps_between``);
- the questions asked (MC-3, MC-5): prompts prebuilt by seat and hand size, a cache of those
  naming tokens, and the Courthouse's question in prebuilt pieces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from operator import itemgetter
from typing import Final

from common import Action, ActionsByIndex, Prompt, Shuffle
from common.kernel import PromptCache
from metrocity.actions import BuildOver, Pass, Swap
from metrocity.data import (
    BLOCK_IDS,
    BLOCKS,
    HAND_SIZE,
    PLAYER_TILES,
    STREETS,
    SUPPRESSED_BY,
    TILE_COUNTS,
    TILE_KINDS,
    TOKENS,
)
from metrocity.events import TilePlaced, TilesDrawn
from metrocity.state import PLACE
from metrocity.words import place_text, street_token, swap_closing, swap_opening

# ---------------------------------------------------------------------- set-up (MC-2, MC-1)
TOKEN_DECK: Final = "tokens"
PILE_DECKS: Final = ("pile0", "pile1")
#: the set-up's shuffles in the order they are asked for (MC-2, MC-1)
SETUP_DECKS: Final = (TOKEN_DECK, *PILE_DECKS)
#: the set-up's chance requests: the tokens face up, each pile seen by nobody (MC-A6, MC-A7)
SHUFFLE_TOKENS: Final = Shuffle(TOKEN_DECK, TOKENS, visible_to=None)
SHUFFLE_PILES: Final = tuple(Shuffle(deck, PLAYER_TILES, visible_to=()) for deck in PILE_DECKS)
#: one player's 20 tiles and the 15 tokens, counted (the conservation laws)
TILE_COUNTER: Final = Counter(PLAYER_TILES)
TOKEN_COUNTER: Final = Counter(TOKENS)

# ---------------------------------------------------------------------- tiles (MC-1)
#: a tile's rank in tile order: the key hands are sorted by
TILE_RANK: Final = {t.id: i for i, t in enumerate(TILE_KINDS)}.__getitem__
#: the one kind a player owns two of (MC-1: the Parks), so the only one a hand can hold twice
(TWICE,) = (t for t, n in TILE_COUNTS.items() if n > 1)
#: the tile whose placement asks its owner to swap two bonuses (MC-5)
(COURTHOUSE,) = (t.id for t in TILE_KINDS if t.kind == "court")

# ---------------------------------------------------------------------- a street's sums (MC-4)
# The tiles that stop a category counting on their street: a Park or Mall stops Industrial, a
# Power Plant or Mall stops Residential.
_STOPPERS = {
    category: frozenset(t.id for t in TILE_KINDS if t.kind in stoppers)
    for category, stoppers in SUPPRESSED_BY.items()
}
# A street's sums as arithmetic, since an award reads them: a tile adds one number to its
# owner's tally on a street, in lanes of LANE bits. Its number goes to the lane of its category
# (commercial, industrial, residential; special tiles count nothing), and 1 to the stop lane of
# each category it stops. A street holds at most 6 tiles worth at most 7, so no lane carries
# into the next (42 < 2**LANE - 1) and a tally stays below 2**30, one machine digit. The stop
# lanes of both seats' tallies together say which value lanes count; the lanes left add up as a
# number's digits do: modulo 2**LANE - 1.
LANE: Final = 6
LANE_MASK: Final = (1 << LANE) - 1
#: industrial, residential: the categories a tile can stop
STOPPABLE: Final = tuple(SUPPRESSED_BY)
VALUE_LANE: Final = {"commercial": 0} | {category: 1 + k for k, category in enumerate(STOPPABLE)}
#: where the stop lanes begin: after the value lanes
STOP_SHIFT: Final = LANE * len(VALUE_LANE)
#: TALLY[tile]: what the tile adds to its owner's tally of each of its streets
TALLY: Final = {
    t.id: (t.value << LANE * VALUE_LANE.get(t.kind, 0))
    + sum(1 << STOP_SHIFT + LANE * k for k, c in enumerate(STOPPABLE) if t.id in _STOPPERS[c])
    for t in TILE_KINDS
}


def _counting(stops: int) -> int:
    """The mask of the value lanes that count, given the stop lanes of a street's tallies."""
    mask = LANE_MASK << LANE * VALUE_LANE["commercial"]
    for k, category in enumerate(STOPPABLE):
        if not stops >> LANE * k & LANE_MASK:
            mask |= LANE_MASK << LANE * VALUE_LANE[category]
    return mask


#: COUNTING[stop lanes]: the value lanes that count, for every stop lanes a street can have
COUNTING: Final = tuple(_counting(stops) for stops in range(1 << LANE * len(STOPPABLE)))
STREET_BLOCKS: Final = tuple(s.blocks for s in STREETS)
STREET_NUMBERS: Final = range(len(STREETS))
#: for each street, a getter of its blocks' tiles (``None in get(tiles)``: not yet full)
STREET_GET: Final = tuple(itemgetter(*blocks) for blocks in STREET_BLOCKS)


def tally_sums(first: int, second: int) -> tuple[int, int]:
    """Each seat's sum on a street from the two seats' tallies of it (``TALLY``, MC-4)."""
    counting = COUNTING[(first + second) >> STOP_SHIFT]
    return (first & counting) % LANE_MASK, (second & counting) % LANE_MASK


def street_sums(tiles: list[str | None], owners: list[int], street: int) -> tuple[int, int]:
    """Each seat's sum on ``street`` by the comparison rule (ruling MC-4).

    Numbered tiles count their number; special tiles count nothing; Industrial counts nothing
    where a Park or Mall (of either player) stands on the street; Residential counts nothing
    where a Power Plant or Mall stands. Each seat's tiles are tallied in lanes (``TALLY``).
    """
    tally = [0, 0]
    for b in STREET_BLOCKS[street]:
        t = tiles[b]
        if t is not None:
            tally[owners[b]] += TALLY[t]
    return tally_sums(tally[0], tally[1])


# ---------------------------------------------------------------------- actions and events
# Actions and the facts that recur every turn are small immutable values: each is made once,
# so listing the legal moves and logging a placement are look-ups.
#: PLACE_ROW[tile][block]: placing ``tile`` on ``block``
PLACE_ROW: Final = {t.id: PLACE[k * BLOCKS : (k + 1) * BLOCKS] for k, t in enumerate(TILE_KINDS)}
#: BUILD_BY_TOKEN[tile][token][block]: building ``tile`` over ``block`` paying ``token``;
#: indexed by the token's value, so row 0 is only a placeholder
BUILD_BY_TOKEN: Final = {
    t.id: [[BuildOver(t.id, BLOCK_IDS[i], k) for i in range(BLOCKS)] for k in (TOKENS[0], *TOKENS)]
    for t in TILE_KINDS
}
#: SWAP[a, b]: swapping the tokens of streets a < b (MC-5)
SWAP: Final = {
    (a, b): Swap(STREETS[a].id, STREETS[b].id)
    for a in range(len(STREETS))
    for b in range(a + 1, len(STREETS))
}
PASS: Final = Pass()
#: PLACED[seat][tile][block]: a placement on an empty block
PLACED: Final = tuple(
    {t.id: tuple(TilePlaced(seat, t.id, b) for b in BLOCK_IDS) for t in TILE_KINDS}
    for seat in range(2)
)
#: DRAWN_ONE[seat][tile]: the refill of one tile after a placement
DRAWN_ONE: Final = tuple(
    {t.id: TilesDrawn(seat, 1, (t.id,)) for t in TILE_KINDS} for seat in range(2)
)

# ---------------------------------------------------------------------- the legal moves
#: makes an object without calling its class's ``__init__`` (the legal moves' sequences)
new_object: Final = object.__new__


def _getter(indices: Sequence[int]) -> Callable[[Sequence[Action]], tuple[Action, ...]]:
    """A function taking the items at ``indices`` of a row, always as a tuple (C speed)."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        i = indices[0]
        return lambda row: (row[i],)
    return lambda row: ()


@cache
def swaps_between(open_: tuple[int, ...]) -> tuple[Action, ...]:
    """No swap, then every pair of the streets ``open_`` (at most 2**11 sets: kept once)."""
    return (PASS, *(SWAP[a, b] for k, a in enumerate(open_) for b in open_[k + 1 :]))


class Placements(ActionsByIndex):
    """The moves of a place prompt without a token to pay, computed by index.

    Each tile kind in hand (hand order) on each empty block (block order). An index is
    arithmetic on a snapshot of the kinds in hand (``_kinds``) and the empty blocks
    (``_free``), ``_len`` their product; iterating lists them all from the prebuilt tables.
    A random player reads one move of many, so the list is not made. ``MetroCity._legal_actions``
    sets the slots itself, without a class call.
    """

    __slots__ = ("_free", "_kinds")
    _kinds: tuple[str, ...]
    _free: tuple[int, ...]

    def _item(self, i: int) -> Action:
        free = self._free
        n = len(free)  # two operators: cheaper than divmod's call and its tuple
        return PLACE_ROW[self._kinds[i // n]][free[i % n]]

    def __iter__(self) -> Iterator[Action]:
        moves: list[Action] = []
        at_free = _getter(self._free)
        for kind in self._kinds:
            moves += at_free(PLACE_ROW[kind])
        return iter(moves)


class PlaceMoves(Placements):
    """The moves of a place prompt when the seat holds tokens: placements, then build-overs.

    The build-overs follow the placements (``_placed`` of them): kind by kind, token by token
    (ascending) and own block by block, from a snapshot of the own blocks (``_owned``) and the
    tokens held (``_tokens``).
    """

    __slots__ = ("_owned", "_placed", "_tokens")
    _owned: tuple[int, ...]
    _placed: int
    _tokens: list[int]

    def _item(self, i: int) -> Action:
        placed = self._placed
        if i < placed:
            return Placements._item(self, i)
        i -= placed
        owned = self._owned
        tokens = self._tokens
        n = len(owned)
        pair = i // n
        kinds = len(tokens)
        return BUILD_BY_TOKEN[self._kinds[pair // kinds]][tokens[pair % kinds]][owned[i % n]]

    def __iter__(self) -> Iterator[Action]:
        moves = list(super().__iter__())
        at_own = _getter(self._owned)
        for kind in self._kinds:
            by_token = BUILD_BY_TOKEN[kind]
            for token in self._tokens:
                moves += at_own(by_token[token])
        return iter(moves)


# ---------------------------------------------------------------------- the questions
#: the place question of a seat holding no token, by seat and hand size: its text depends on
#: nothing else, so each prompt is made once (a prompt is asked at every decision)
PLACE_ASKS: Final = tuple(
    tuple(Prompt(seat, "place", place_text(n, ())) for n in range(HAND_SIZE + 1))
    for seat in range(2)
)
#: the place questions of seats holding tokens, by (seat, hand size, *tokens held), made once
PAYING_ASKS: Final = PromptCache()
#: the start of the Courthouse's question, by block (MC-5)
COURT_AT: Final = tuple(swap_opening(b) for b in range(BLOCKS))
#: STREET_TOKEN[street][token]: a street and the token lying there, in words
STREET_TOKEN: Final = tuple(
    tuple(street_token(st, t) for t in range(TOKENS[-1] + 1)) for st in range(len(STREETS))
)
#: AWARDED_AFTER[completes its row][completes its column][block]: the end of the Courthouse's
#: question, naming the streets awarded after the swap
AWARDED_AFTER: Final = tuple(
    tuple(tuple(swap_closing(b, row, column) for b in range(BLOCKS)) for column in (False, True))
    for row in (False, True)
)
