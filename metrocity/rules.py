"""The rules of Metro City (City Blocks), on the core contract.

The game in the order of the rulebook (seed 004, rulings MC-1 to MC-6, added MC-A1 to MC-A9):
set-up (tokens to the streets, the first-player draw, each player's shuffled tiles and a hand of
5), then turns: place a tile (on an empty block, or over one's own by paying a token), swap
bonuses after a Courthouse, award every street the placement completes (row first), refill the
hand; pass when unable to place; the game ends when the grid is full or neither can place.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from itertools import compress
from operator import itemgetter
from typing import Any, Self

from common import (
    Action,
    ActionsByIndex,
    ActionSet,
    Game,
    Option,
    Prompt,
    Result,
    Secret,
    Shuffle,
    winners_by_score,
)
from common.chance import ChanceRequest
from common.kernel import PromptCache
from metrocity.actions import BuildOver, Pass, Place, Swap
from metrocity.data import (
    BLOCK_IDS,
    BLOCK_INDEX,
    BLOCK_NAMES,
    BLOCK_STREETS,
    BLOCKS,
    COLUMNS,
    HAND_SIZE,
    PLAYER_TILES,
    STREET_INDEX,
    STREETS,
    SUPPRESSED_BY,
    TILE_COUNTS,
    TILE_KINDS,
    TILES,
    TOKENS,
    static_data,
)
from metrocity.events import (
    BonusesSwapped,
    FirstPlayerDrawn,
    Passed,
    StreetAwarded,
    TilePlaced,
    TilesDrawn,
    TokensPlaced,
)
from metrocity.rl import ENCODINGS
from metrocity.schema import STATE_SCHEMA
from metrocity.state import PLACE, CityState
from metrocity.words import tell

TOKEN_DECK = "tokens"
PILE_DECKS = ("pile0", "pile1")
COURTHOUSE = "court"
#: the set-up's shuffles in the order they are asked for (MC-2, MC-1)
_SETUP_DECKS = (TOKEN_DECK, *PILE_DECKS)
#: the set-up's chance requests, immutable values built once (MC-2, MC-1)
_SHUFFLE_TOKENS = Shuffle(TOKEN_DECK, TOKENS, visible_to=None)
_SHUFFLE_PILES = tuple(Shuffle(deck, PLAYER_TILES, visible_to=()) for deck in PILE_DECKS)
_TILE_COUNTER = Counter(PLAYER_TILES)
_TOKEN_COUNTER = Counter(TOKENS)

_TILE_ORDER = {t.id: i for i, t in enumerate(TILE_KINDS)}
#: a tile's rank in tile order: the key hands are sorted by
_TILE_RANK = _TILE_ORDER.__getitem__
#: the one kind a player owns two of (MC-1: the Parks), so the only one a hand can hold twice
(_TWICE,) = (t for t, n in TILE_COUNTS.items() if n > 1)
# ruling MC-4: the tiles that stop a category counting on their street (a Park or Mall stops
# Industrial, a Power Plant or Mall stops Residential)
_STOPPERS = {
    category: frozenset(t.id for t in TILE_KINDS if t.kind in stoppers)
    for category, stoppers in SUPPRESSED_BY.items()
}
# Ruling MC-4 as arithmetic (issue 8: a street's sums, ~11 a game, were a tenth of a decision):
# a tile adds one number to its owner's tally on a street, in lanes of _LANE bits. Its number
# goes to the lane of its category (commercial, industrial, residential; special tiles count
# nothing), and 1 to the stop lane of each category it stops. A street holds at most 6 tiles
# worth at most 7, so no lane carries into the next (42 < 2**_LANE - 1) and a tally stays below
# 2**30, one machine digit. The stop lanes of both seats' tallies together say which value
# lanes count; the lanes left add up as a number's digits do: modulo 2**_LANE - 1.
_LANE = 6
_LANE_MASK = (1 << _LANE) - 1
_STOPPABLE = tuple(SUPPRESSED_BY)  # industrial, residential: the categories a tile can stop
_VALUE_LANE = {"commercial": 0} | {category: 1 + k for k, category in enumerate(_STOPPABLE)}
#: where the stop lanes begin: after the value lanes
_STOP_SHIFT = _LANE * len(_VALUE_LANE)
_TALLY = {
    t.id: (t.value << _LANE * _VALUE_LANE.get(t.kind, 0))
    + sum(1 << _STOP_SHIFT + _LANE * k for k, c in enumerate(_STOPPABLE) if t.id in _STOPPERS[c])
    for t in TILE_KINDS
}


def _counting(stops: int) -> int:
    """The mask of the value lanes that count, given the stop lanes of a street's tallies."""
    mask = _LANE_MASK << _LANE * _VALUE_LANE["commercial"]
    for k, category in enumerate(_STOPPABLE):
        if not stops >> _LANE * k & _LANE_MASK:
            mask |= _LANE_MASK << _LANE * _VALUE_LANE[category]
    return mask


#: _COUNTING[stop lanes]: the value lanes that count, for every stop lanes a street can have
_COUNTING = tuple(_counting(stops) for stops in range(1 << _LANE * len(_STOPPABLE)))
_STREET_BLOCKS = tuple(s.blocks for s in STREETS)
_STREET_NUMBERS = range(len(STREETS))

# Actions are small immutable values: build each once, so generating legal moves is cheap.
#: _PLACE_ROW[tile][block]: placing ``tile`` on ``block``
_PLACE_ROW = {t.id: PLACE[k * BLOCKS : (k + 1) * BLOCKS] for k, t in enumerate(TILE_KINDS)}
#: _BUILD_BY_TOKEN[tile][token][block]: building ``tile`` over ``block`` paying ``token``;
#: indexed by the token's value, so row 0 is only a placeholder
_BUILD_BY_TOKEN = {
    t.id: [[BuildOver(t.id, BLOCK_IDS[i], k) for i in range(BLOCKS)] for k in (TOKENS[0], *TOKENS)]
    for t in TILE_KINDS
}
_SWAP = {
    (a, b): Swap(STREETS[a].id, STREETS[b].id)
    for a in range(len(STREETS))
    for b in range(a + 1, len(STREETS))
}
_PASS = Pass()
#: makes an object without calling its class's ``__init__`` (the legal moves' sequences)
_new = object.__new__
#: for each street, a getter of its blocks' tiles (``None in get(tiles)``: not yet full)
_STREET_GET = tuple(itemgetter(*blocks) for blocks in _STREET_BLOCKS)
# Fact events that recur every turn are immutable values too: each is built once.
#: _PLACED[seat][tile][block]: a placement on an empty block
_PLACED = tuple(
    {t.id: tuple(TilePlaced(seat, t.id, b) for b in BLOCK_IDS) for t in TILE_KINDS}
    for seat in range(2)
)
#: _DRAWN_ONE[seat][tile]: the refill of one tile after a placement
_DRAWN_ONE = tuple({t.id: TilesDrawn(seat, 1, (t.id,)) for t in TILE_KINDS} for seat in range(2))


#: a token in words, by its value: ``$10``
_DOLLAR = tuple(f"${t}" for t in range(TOKENS[-1] + 1))


def dollars(tokens: Sequence[int]) -> str:
    """Tokens in words: ``$3``, ``$3 or $10``, ``$3, $7 or $10`` (ascending)."""
    words = [_DOLLAR[t] for t in sorted(tokens)]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _tiles_in_hand(hand_size: int) -> str:
    return "your last tile" if hand_size == 1 else f"one of your {hand_size} tiles"


#: the place question's words by hand size, without a token, and with tokens up to their list
_PLACE_NO_TOKEN = tuple(
    f"place {_tiles_in_hand(n)} on an empty block (building over one of your own blocks costs a "
    "won token, and you hold none)"
    for n in range(HAND_SIZE + 1)
)
_PLACE_PAYING = tuple(
    f"place {_tiles_in_hand(n)} on an empty block, or build it over one of your own blocks by "
    "discarding one of your tokens ("
    for n in range(HAND_SIZE + 1)
)


def place_text(hand_size: int, tokens: Sequence[int]) -> str:
    """The place question in words (MC-3): what is in hand and what a build-over costs.

    Every seat's view shows the prompt, so it names how many tiles are in hand, never which:
    the seat's own view lists them (``hand_names``). The tokens held are public (MC-A8).
    """
    if not tokens:
        return _PLACE_NO_TOKEN[hand_size]
    return _PLACE_PAYING[hand_size] + dollars(tokens) + ")"


#: the place question of a seat holding no token, by seat and hand size: its text depends on
#: nothing else, so each prompt is made once and asked without the core's ``_ask`` look-up
#: (a prompt is asked at every decision)
_PLACE_ASKS = tuple(
    tuple(Prompt(seat, "place", place_text(n, ())) for n in range(HAND_SIZE + 1))
    for seat in range(2)
)
#: the place questions of seats holding tokens, by (seat, hand size, *tokens held), made once
_PAYING_ASKS = PromptCache()

#: the start of the Courthouse's question, by block (MC-5)
_COURT_AT = tuple(
    f"your Courthouse at {b} ({name}) may swap the bonus tokens of two streets not yet awarded ("
    for b, name in zip(BLOCK_IDS, BLOCK_NAMES, strict=True)
)
#: _STREET_TOKEN[street][token]: a street and the token lying there, in words
_STREET_TOKEN = tuple(tuple(f"{st.name} ${t}" for t in range(TOKENS[-1] + 1)) for st in STREETS)


def _awarded_after(row: bool, column: bool) -> tuple[str, ...]:
    """The end of the Courthouse's question by block: which of its streets the placement
    completes (``row``, ``column``), awarded after the swap (MC-5)."""
    out = []
    for r, c in BLOCK_STREETS:
        completed = [STREETS[st].name for st, done in ((r, row), (c, column)) if done]
        verb = "is" if len(completed) == 1 else "are"
        after = f", before {' and '.join(completed)} {verb} awarded" if completed else ""
        out.append(f"){after}; or pass")
    return tuple(out)


#: _AWARDED_AFTER[completes its row][completes its column][block]
_AWARDED_AFTER = tuple(
    tuple(_awarded_after(row, column) for column in (False, True)) for row in (False, True)
)


def _getter(indices: Sequence[int]) -> Callable[[Sequence[Action]], tuple[Action, ...]]:
    """A function taking the items at ``indices`` of a row, always as a tuple (C speed)."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        i = indices[0]
        return lambda row: (row[i],)
    return lambda row: ()


@cache
def _swaps_between(open_: tuple[int, ...]) -> tuple[Action, ...]:
    """No swap, then every pair of the streets ``open_`` (at most 2**11 sets: kept once)."""
    return (_PASS, *(_SWAP[a, b] for k, a in enumerate(open_) for b in open_[k + 1 :]))


def street_sums(tiles: list[str | None], owners: list[int], street: int) -> tuple[int, int]:
    """Each seat's sum on ``street`` by the comparison rule (ruling MC-4).

    Numbered tiles count their number; special tiles count nothing; Industrial counts nothing
    where a Park or Mall (of either player) stands on the street; Residential counts nothing
    where a Power Plant or Mall stands. Each seat's tiles are tallied in lanes (``_TALLY``).
    """
    tally = [0, 0]
    for b in _STREET_BLOCKS[street]:
        t = tiles[b]
        if t is not None:
            tally[owners[b]] += _TALLY[t]
    return tally_sums(tally[0], tally[1])


def tally_sums(first: int, second: int) -> tuple[int, int]:
    """Each seat's sum on a street from the two seats' tallies of it (``_TALLY``, MC-4)."""
    counting = _COUNTING[(first + second) >> _STOP_SHIFT]
    return (first & counting) % _LANE_MASK, (second & counting) % _LANE_MASK


def award_winner(sums: tuple[int, int], placer: int, tie: str) -> int | None:
    """Who takes a completed street's token: the higher sum; a tie per the ``tie`` option."""
    if sums[0] != sums[1]:
        return 0 if sums[0] > sums[1] else 1
    return placer if tie == "placer" else None  # ruling MC-4


def completed_by(tiles: list[str | None], block: int) -> list[int]:
    """The streets that ``block`` completes (all their blocks built), the row first (MC-4)."""
    return [st for st in BLOCK_STREETS[block] if None not in _STREET_GET[st](tiles)]


class _Placements(ActionsByIndex):
    """The moves of a place prompt without a token to pay, computed by index (issue 8).

    Each tile kind in hand (hand order) on each empty block (block order). An index is
    arithmetic on a snapshot of the kinds in hand (``_kinds``) and the empty blocks
    (``_free``), ``_len`` their product; iterating lists them all from the prebuilt tables.
    ``MetroCity._legal_actions`` sets the slots itself, without a class call (issue 8).
    """

    __slots__ = ("_free", "_kinds")
    _kinds: tuple[str, ...]
    _free: tuple[int, ...]

    def _item(self, i: int) -> Action:
        free = self._free
        n = len(free)  # two operators: cheaper than divmod's call and its tuple (issue 8)
        return _PLACE_ROW[self._kinds[i // n]][free[i % n]]

    def __iter__(self) -> Iterator[Action]:
        moves: list[Action] = []
        at_free = _getter(self._free)
        for kind in self._kinds:
            moves += at_free(_PLACE_ROW[kind])
        return iter(moves)


class _PlaceMoves(_Placements):
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
            return _Placements._item(self, i)
        i -= placed
        owned = self._owned
        tokens = self._tokens
        n = len(owned)
        pair = i // n
        kinds = len(tokens)
        return _BUILD_BY_TOKEN[self._kinds[pair // kinds]][tokens[pair % kinds]][owned[i % n]]

    def __iter__(self) -> Iterator[Action]:
        moves = list(super().__iter__())
        at_own = _getter(self._owned)
        for kind in self._kinds:
            by_token = _BUILD_BY_TOKEN[kind]
            for token in self._tokens:
                moves += at_own(by_token[token])
        return iter(moves)


class MetroCity(Game):
    """Metro City: two developers compete for the mayor's street bonuses on a 6x5 grid."""

    name = "metrocity"
    title = "Metro City"
    min_players = 2
    max_players = 2
    options_spec = {
        "tie": Option(
            "discard",
            ("discard", "placer"),
            "a tied street's token is discarded, or stays with the placer (ruling MC-4)",
        )
    }
    actions = ActionSet([Place, BuildOver, Swap, Pass])
    state_schema = STATE_SCHEMA
    game_events = (
        TokensPlaced,
        FirstPlayerDrawn,
        TilesDrawn,
        TilePlaced,
        BonusesSwapped,
        StreetAwarded,
        Passed,
    )

    s: CityState
    encodings = ENCODINGS

    # ------------------------------------------------------------------ set-up (MC-1, MC-2)
    def _setup(self) -> None:
        self.s = CityState.new()
        # ruling MC-2: one shuffle of the 15 tokens; the first 11 go to the streets in street
        # order, the next two are the seats' first-player draws, the last two stay out of play.
        self._request(_SHUFFLE_TOKENS)

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        assert isinstance(request, Shuffle)
        if request.deck == TOKEN_DECK:
            self._place_tokens(outcome)
            self._request(_SHUFFLE_PILES[0])
        elif request.deck == PILE_DECKS[0]:
            self.s.piles[0] = list(reversed(outcome))
            self._request(_SHUFFLE_PILES[1])
        else:
            self.s.piles[1] = list(reversed(outcome))
            for seat in (self.s.first, 1 - self.s.first):
                self._draw_tiles(seat)
            self._begin_turn(self.s.first)

    def _place_tokens(self, order: tuple[Any, ...]) -> None:
        s = self.s
        n = len(STREETS)
        on_streets, out = tuple(order[:n]), tuple(order[n:])
        s.street_tokens = list(on_streets)
        draws = (int(order[n]), int(order[n + 1]))
        s.out_of_play = out
        s.first = 0 if draws[0] > draws[1] else 1
        self._record(TokensPlaced, on_streets)
        self._record(FirstPlayerDrawn, draws, out, s.first)

    def _draw_tiles(self, seat: int) -> None:
        """Draw back up to a hand of 5 while the pile lasts (MC-1), in private."""
        hand = self.s.hands[seat]
        pile = self.s.piles[seat]
        n = min(HAND_SIZE - len(hand), len(pile))
        if n > 0:
            drawn = tuple(pile[: -n - 1 : -1])  # from the top: the pile's end
            del pile[-n:]
            hand.extend(drawn)
            hand.sort(key=_TILE_RANK)
            self.s.doubled[seat] = hand.count(_TWICE) > 1
            self._record(TilesDrawn, seat, n, drawn)

    # ------------------------------------------------------------------ the turn (MC-3)
    def _begin_turn(self, seat: int) -> None:
        """Ask ``seat`` to place; take a one-answer turn for it; end when nobody can place."""
        # ruling MC-A9: a seat holding a tile must place it (no voluntary pass); ruling MC-A3:
        # a turn with one possible answer is not asked but taken for the seat (ActionForced)
        s = self.s
        free = s.free
        if not free:
            self._end()
            return
        hand = s.hands[seat]
        if not hand:
            if not s.hands[1 - seat]:
                self._end()
                return
            self._force(seat, _PASS)  # MC-3: a seat that cannot place passes
            return
        s.turn = seat
        # one empty block, one kind of tile in hand (the hand is in tile order, so two Parks
        # are its first and last) and no build-over (no token, or no block of its own): the
        # one placement there is (issue 22); the length test alone is all most turns pay
        if (
            len(free) == 1
            and (len(hand) == 1 or hand[0] == hand[-1])
            and not (s.money[seat] and s.owned[seat])
        ):
            self._force(seat, _PLACE_ROW[hand[0]][free[0]])
            return
        money = s.money[seat]
        if not money:
            self._ask_prompt(_PLACE_ASKS[seat][len(hand)])
            return
        key = (seat, len(hand), *money)
        ask = _PAYING_ASKS.get(key)
        if ask is None:
            ask = _PAYING_ASKS.keep(key, Prompt(seat, "place", place_text(len(hand), money)))
        self._ask_prompt(ask)

    def _legal_actions(self) -> Sequence[Action]:
        """The legal actions, in the order of ``legal_actions_by_rule``, computed by index.

        A random player looks at one move of 60-150, so the place prompt's moves are not
        listed: ``_Placements`` (no token held) and ``_PlaceMoves`` answer ``len`` and ``[i]``
        by arithmetic (and list them from prebuilt tables when iterated). A property test
        checks them against the rules' list.
        """
        s = self.s
        if s.pending_block >= 0:  # the Courthouse's swap question (MC-5)
            # the streets still holding a token: tokens are $1-$15 (MC-2), so only a taken
            # token (None) is false
            return _swaps_between(tuple(compress(_STREET_NUMBERS, s.street_tokens)))
        seat = s.turn
        hand = s.hands[seat]
        # the kinds in hand, once each (the hand is in tile order; only Parks come twice)
        kinds = tuple(dict.fromkeys(hand)) if s.doubled[seat] else tuple(hand)
        free = tuple(s.free)
        money = s.money[seat]
        # the class call, without its ``__init__`` frame (issue 8: ~900 of its ~2,200
        # instructions); the legal-moves property test checks these slots against the rules
        if money:  # sorted() makes a list of its own: already a snapshot
            both = _new(_PlaceMoves)
            both._kinds = kinds
            both._free = free
            both._owned = owned = tuple(s.owned[seat])
            both._tokens = tokens = sorted(money)
            both._placed = placed = len(kinds) * len(free)
            both._len = placed + len(kinds) * len(tokens) * len(owned)
            return both
        moves = _new(_Placements)
        moves._kinds = kinds
        moves._free = free
        moves._len = len(kinds) * len(free)
        return moves

    def legal_actions_by_rule(self) -> list[Action]:
        """The legal actions as the rules state them (MC-3, MC-5): the reference for the fast path.

        Place: each tile kind in hand on each empty block. Build over: each kind in hand, paying
        each token held, over each block of one's own. Swap: no swap, or two streets still
        holding a token.
        """
        p = self._pending
        if not isinstance(p, Prompt):
            return []
        s = self.s
        if p.kind == "swap":
            tokens = s.street_tokens
            open_ = [st.id for st, token in zip(STREETS, tokens, strict=True) if token is not None]
            pairs = [Swap(a, b) for k, a in enumerate(open_) for b in open_[k + 1 :]]
            return [Pass(), *pairs]
        seat = p.seat
        kinds = [t.id for t in TILE_KINDS if t.id in s.hands[seat]]
        moves: list[Action] = []
        for tile in kinds:
            for i in range(BLOCKS):
                if s.tiles[i] is None:
                    moves.append(Place(tile, BLOCK_IDS[i]))
        for tile in kinds:
            for token in sorted(s.money[seat]):
                for i in range(BLOCKS):
                    if s.owners[i] == seat:
                        moves.append(BuildOver(tile, BLOCK_IDS[i], token))
        return moves

    def _legal_text(self) -> str:
        """What is legal now, in words and the game's ids, for a refused action's message.

        Only the seat to act (or the host) reads it: a refused action of another seat is
        refused for being out of turn first. So it names the hand, which the prompt cannot.
        """
        p = self._pending
        if not isinstance(p, Prompt):
            return "nothing"
        s = self.s
        if p.kind == "swap":
            open_ = [
                f"{st.id} ({st.name}, ${token})"
                for st, token in zip(STREETS, s.street_tokens, strict=True)
                if token is not None
            ]
            return (
                "pass, or swap <street> <street> naming two streets still holding a token, the "
                f"first before the second in this order: {', '.join(open_)}"
            )
        seat = p.seat
        hand = ", ".join(f"{t} = {TILES[t].display}" for t in dict.fromkeys(s.hands[seat]))
        empty = ", ".join(BLOCK_IDS[b] for b in s.free)
        text = f"place <tile> <block> with a tile of your hand ({hand}) on an empty block ({empty})"
        if not (s.money[seat] and s.owned[seat]):
            return text + "; build <tile> <block> <token> needs a won token, and you hold none"
        own = ", ".join(BLOCK_IDS[b] for b in s.owned[seat])
        tokens = ", ".join(f"{t} = ${t}" for t in sorted(s.money[seat]))
        return (
            f"{text}; or build <tile> <block> <token>: a tile of your hand over one of your "
            f"blocks ({own}), discarding a token you hold ({tokens})"
        )

    def _is_legal(self, action: Action) -> bool:
        """Exact and fast: the same answer as membership in ``legal_actions()``."""
        p = self._pending
        if not isinstance(p, Prompt):
            return False
        s = self.s
        if p.kind == "place":
            if isinstance(action, Place):
                i = BLOCK_INDEX.get(action.block)
                return i is not None and s.tiles[i] is None and action.tile in s.hands[p.seat]
            if isinstance(action, BuildOver):
                i = BLOCK_INDEX.get(action.block)
                return (
                    i is not None
                    and s.owners[i] == p.seat
                    and action.tile in s.hands[p.seat]
                    and action.token in s.money[p.seat]
                )
            return False
        if isinstance(action, Pass):
            return True
        if not isinstance(action, Swap):
            return False
        a = STREET_INDEX.get(action.first)
        b = STREET_INDEX.get(action.second)
        return (
            a is not None
            and b is not None
            and a < b
            and s.street_tokens[a] is not None
            and s.street_tokens[b] is not None
        )

    def _on_action(self, seat: int, action: Action) -> None:
        if isinstance(action, Place):
            self._place(seat, action.tile, BLOCK_INDEX[action.block])
        elif isinstance(action, BuildOver):
            self._build_over(seat, action.tile, BLOCK_INDEX[action.block], action.token)
        else:
            s = self.s
            block, filled = s.pending_block, s.pending_filled
            if block < 0:  # no Courthouse waits: the pass of a seat that cannot place (MC-3)
                self._record(Passed, seat)
                self._begin_turn(1 - seat)
                return
            if isinstance(action, Swap):
                self._swap_bonuses(seat, STREET_INDEX[action.first], STREET_INDEX[action.second])
            s.pending_block = -1
            s.pending_filled = False
            self._finish_placement(seat, block, filled)

    def _place(self, seat: int, tile: str, block: int) -> None:
        """Place a tile from hand on an empty block (MC-3)."""
        s = self.s
        s.hands[seat].remove(tile)
        if tile == _TWICE:
            s.doubled[seat] = False
        s.tiles[block] = tile
        s.owners[block] = seat
        insort(s.owned[seat], block)
        free = s.free
        del free[bisect_left(free, block)]  # free.remove(block), by halving: it is in block order
        row_street, column_street = BLOCK_STREETS[block]
        s.street_empty[row_street] -= 1
        s.street_empty[column_street] -= 1
        add = _TALLY[tile]
        tally = s.street_tally[seat]
        tally[row_street] += add
        tally[column_street] += add
        self._emit(_PLACED[seat][tile][block])
        if tile == COURTHOUSE:
            self._after_placing(seat, block, True)
        else:
            self._finish_placement(seat, block, True)

    def _build_over(self, seat: int, tile: str, block: int, token: int) -> None:
        """Build over one's own tile, discarding one of one's tokens; the old tile leaves (MC-3)."""
        s = self.s
        s.hands[seat].remove(tile)
        if tile == _TWICE:
            s.doubled[seat] = False
        s.money[seat].remove(token)
        s.cash[seat] -= token
        s.discarded.append(token)
        old = s.tiles[block]
        assert old is not None
        s.gone[seat].append(old)
        s.tiles[block] = tile
        change = _TALLY[tile] - _TALLY[old]
        tally = s.street_tally[seat]
        for street in BLOCK_STREETS[block]:
            tally[street] += change
        self._record(TilePlaced, seat, tile, BLOCK_IDS[block], old, token)
        # ruling MC-A4: a build-over fills no empty block, so it completes no street
        if tile == COURTHOUSE:
            self._after_placing(seat, block, False)
        else:
            self._finish_placement(seat, block, False)

    def _after_placing(self, seat: int, block: int, filled: bool) -> None:
        """Ask the swap question of a Courthouse just placed, before any award (MC-5)."""
        s = self.s
        # ruling MC-5 / MC-A1: any placement of the Courthouse, the swap before the awards
        s.pending_block = block
        s.pending_filled = filled
        if len(s.street_tokens) - s.street_tokens.count(None) >= 2:
            self._ask(seat, "swap", self._swap_text(block, filled))
        else:  # ruling MC-A3: fewer than two tokens left to swap, so pass is the one answer
            self._force(seat, _PASS)

    def _swap_text(self, block: int, filled: bool) -> str:
        """The Courthouse's question in words (MC-5): which tokens a swap can exchange.

        Made of prebuilt words (``_COURT_AT``, ``_STREET_TOKEN``, ``_AWARDED_AFTER``): it is
        asked at 4-5% of random decisions, and writing it from the names each time cost about
        1,670 instructions a decision, these words about 760 (issue 22).
        """
        s = self.s
        row, column = BLOCK_STREETS[block]
        empty = s.street_empty
        ends = _AWARDED_AFTER[filled and not empty[row]][filled and not empty[column]]
        words = _STREET_TOKEN
        streets = ", ".join([words[i][t] for i, t in enumerate(s.street_tokens) if t is not None])
        return _COURT_AT[block] + streets + ends[block]

    def _swap_bonuses(self, seat: int, a: int, b: int) -> None:
        """Swap the tokens of two streets not yet awarded (MC-5)."""
        tokens = self.s.street_tokens
        ta, tb = tokens[a], tokens[b]
        assert ta is not None and tb is not None
        tokens[a], tokens[b] = tb, ta
        self._record(BonusesSwapped, seat, STREETS[a].id, STREETS[b].id, ta, tb)

    def _finish_placement(self, seat: int, block: int, filled: bool) -> None:
        s = self.s
        if filled:
            row_street, column_street = BLOCK_STREETS[block]
            if not s.street_empty[row_street]:  # the row first (MC-4)
                self._award_street(seat, row_street)
            if not s.street_empty[column_street]:
                self._award_street(seat, column_street)
        # the refill after a placement (MC-1): the hand held 5 while the pile lasted, so one
        # tile, sorted in (``_draw_tiles`` is the set-up's hand of five)
        pile = s.piles[seat]
        if pile:
            tile = pile.pop()
            hand = s.hands[seat]
            insort(hand, tile, key=_TILE_RANK)
            if tile == _TWICE:
                s.doubled[seat] = hand.count(_TWICE) > 1
            self._emit(_DRAWN_ONE[seat][tile])
        self._begin_turn(1 - seat)

    def _award_street(self, placer: int, street: int) -> None:
        """Award a just-completed street's token by the comparison rule (MC-4)."""
        s = self.s
        token = s.street_tokens[street]
        assert token is not None
        # the tallies kept with the grid: street_sums(s.tiles, s.owners, street), without the walk
        sums = tally_sums(s.street_tally[0][street], s.street_tally[1][street])
        winner = award_winner(sums, placer, self.options["tie"])
        s.street_tokens[street] = None
        s.street_winner[street] = -1 if winner is None else winner
        s.awards[street] = (token, sums, placer)  # the award as it was made (issue 22)
        if winner is None:
            s.discarded.append(token)
        else:
            s.money[winner].append(token)
            s.cash[winner] += token
        self._record(StreetAwarded, STREETS[street].id, token, sums, winner)

    # ------------------------------------------------------------------ the end (MC-3, MC-6)
    def _result(self) -> Result:
        scores = (self.s.score(0), self.s.score(1))
        reason = "the grid is full" if self.s.empty == 0 else "neither player can place"
        return Result(scores, winners_by_score(scores), reason)

    def max_actions(self) -> int:
        """Every placement uses up a tile (40 in all); each Courthouse asks one swap question."""
        return 2 * len(PLAYER_TILES) + 2

    def determinize(self, seat: int, rng: Any) -> Self:
        """A copy where what ``seat`` cannot see is redrawn with ``rng`` (for search bots).

        The other seat's hand and pile are dealt afresh from their tiles not yet seen on the
        grid, and both piles are reshuffled; the result depends only on what ``seat`` sees.
        """
        other = self.clone()
        s = other.s
        opp = 1 - seat
        pool = sorted(s.hands[opp] + s.piles[opp], key=_TILE_RANK)
        rng.shuffle(pool)
        n = len(s.hands[opp])
        s.hands[opp] = sorted(pool[:n], key=_TILE_RANK)
        s.doubled[opp] = s.hands[opp].count(_TWICE) > 1
        s.piles[opp] = pool[n:]
        own = sorted(s.piles[seat], key=_TILE_RANK)
        rng.shuffle(own)
        s.piles[seat] = own
        return other

    # ------------------------------------------------------------------ static data (issue 22)
    @classmethod
    def _static_data(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The grid, streets, tiles, tokens and tie rule as JSON (``data.static_data``)."""
        return static_data(str(options["tie"]))

    # ------------------------------------------------------------------ words (issue 23)
    def _describe(self, data: dict[str, Any], seat: int | None) -> str | None:
        """Metro City's sentence for an event's redacted JSON (``metrocity.words.tell``)."""
        return tell(data, self.players, seat)

    # ------------------------------------------------------------------ what each seat sees
    def _copy_state(self, other: MetroCity) -> None:
        self.s = other.s.copy()

    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees at the table (None: a spectator); described by ``STATE_SCHEMA``.

        Everything on the table is public: the grid, the streets' tokens, every award as it was
        made, the won tokens (ruling MC-A8), the discarded tokens and the four out of play
        (ruling MC-A6); a seat also sees its own hand (ruling MC-A7).
        """
        s = self.s
        grid = [
            [
                None
                if (t := s.tiles[r * COLUMNS + c]) is None
                else {"tile": t, "owner": s.owners[r * COLUMNS + c], "name": TILES[t].display}
                for c in range(COLUMNS)
            ]
            for r in range(len(BLOCK_IDS) // COLUMNS)
        ]
        streets = []
        for i, st in enumerate(STREETS):
            winner = s.street_winner[i]
            award = s.awards[i]
            sums = street_sums(s.tiles, s.owners, i) if award is None else award[1]
            streets.append(
                {
                    "id": st.id,
                    "name": st.name,
                    "blocks": [BLOCK_IDS[b] for b in st.blocks],
                    "token": s.street_tokens[i],
                    "awarded": winner is not None,
                    "winner": None if winner is None or winner < 0 else winner,
                    "sums": list(sums),
                    "empty": sum(1 for b in st.blocks if s.tiles[b] is None),
                    "award": None
                    if award is None
                    else {
                        "token": award[0],
                        "sums": list(award[1]),
                        "winner": None if winner is None or winner < 0 else winner,
                        "placer": award[2],
                        "tied": award[1][0] == award[1][1],
                    },
                }
            )
        # ruling MC-A8: the tokens each player won (and so its money) are public
        players = [
            {
                "seat": k,
                "money": s.score(k),
                "tokens": sorted(s.money[k]),
                "hand_size": len(s.hands[k]),
                "pile_size": len(s.piles[k]),
            }
            for k in range(2)
        ]
        hand = s.hands[seat] if seat is not None else None
        return {
            "tie": self.options["tie"],
            "first": s.first,
            "grid": grid,
            "streets": streets,
            "players": players,
            "hand": list(hand) if hand is not None else None,
            "hand_names": [TILES[t].display for t in hand] if hand is not None else None,
            "swap_for": BLOCK_IDS[s.pending_block] if s.pending_block >= 0 else None,
            "discarded": list(s.discarded),
            "out_of_play": list(s.out_of_play),
        }

    def _secrets(self, seat: int | None) -> list[Any]:
        """What ``seat`` may not see: the other hands, the other piles and every pile's order.

        A seat knows its own pile's contents (its tiles not yet seen) but not their order
        (ruling MC-A7), so its own pile is an ordered secret. The other seat's hand and pile
        are secret in contents and order; a spectator sees neither hand. A value equal to a
        list the seat legitimately sees (its own hand, its own draws) is left out: the two
        cannot be told apart, so no check could tell a leak from a coincidence.
        """
        s = self.s
        own_hand, own_draws = self._seen_lists(seat)
        seen = [*own_draws, own_hand] if own_hand is not None else own_draws
        seen_sorted = [sorted(v) for v in seen]
        out: list[Any] = []
        for k in range(2):
            order = list(reversed(s.piles[k]))  # the next tile to draw first
            if k == seat:
                if len(order) >= 2 and order not in seen:
                    out.append(Secret(order, ordered=True))
                continue
            for value in (list(s.hands[k]), order):
                if value and sorted(value) not in seen_sorted:
                    out.append(value)
        return out

    def _seen_lists(self, seat: int | None) -> tuple[list[str] | None, list[list[str]]]:
        """The tile lists ``seat`` legitimately sees: its hand and the tiles of each own draw."""
        if seat is None:
            return None, []
        draws = [
            list(e.tiles)
            for e in self.events
            if isinstance(e, TilesDrawn) and e.seat == seat and e.tiles is not None
        ]
        return list(self.s.hands[seat]), draws

    # ------------------------------------------------------------------ conservation (issue 9)
    def invariants(self) -> list[str]:
        """The broken conservation laws of Metro City, each as a sentence ([] when none).

        Tiles: each seat's 20 (MC-1) are in its hand, its pile, on the grid or gone (built
        over); until its pile is shuffled at set-up all 20 are still in the box. Tokens: the 15
        (MC-2) lie on streets, are held, discarded or out of play; until the set-up shuffle all
        are in the bag. Money is the sum of the tokens held, and those are exactly the tokens
        the log awarded the seat less the ones it paid. Hands hold at most 5 (MC-1); a block
        holds at most one tile; a full street is awarded unless its Courthouse swap is pending.
        """
        s = self.s
        broken: list[str] = []
        pending = self._pending
        waiting = pending.deck if isinstance(pending, Shuffle) else None
        unshuffled = _SETUP_DECKS[_SETUP_DECKS.index(waiting) :] if waiting else ()
        broken += self._block_laws()
        for k in range(2):
            hand, pile, gone = s.hands[k], s.piles[k], s.gone[k]
            if len(hand) > HAND_SIZE:
                broken.append(f"seat {k} holds {len(hand)} tiles, more than {HAND_SIZE}")
            if s.doubled[k] != (hand.count(_TWICE) > 1):
                broken.append(f"seat {k}'s hand {hand} is marked doubled: {s.doubled[k]}")
            on_grid = [t for t, o in zip(s.tiles, s.owners, strict=True) if o == k and t]
            have = Counter(hand) + Counter(pile) + Counter(on_grid) + Counter(gone)
            expect: Counter[str] = Counter() if PILE_DECKS[k] in unshuffled else _TILE_COUNTER
            if have != expect:
                broken.append(
                    f"seat {k}'s tiles in hand, pile, on the grid and gone are "
                    f"{sorted(have.elements())}, not its {sum(expect.values())} tiles"
                )
        tokens = Counter(t for t in s.street_tokens if t is not None)
        tokens += Counter(s.money[0]) + Counter(s.money[1])
        tokens += Counter(s.discarded) + Counter(s.out_of_play)
        expect_tokens = Counter() if TOKEN_DECK in unshuffled else _TOKEN_COUNTER
        if tokens != expect_tokens:
            broken.append(
                "the tokens on streets, held, discarded and out of play are "
                f"{sorted(tokens.elements())}, not the {sum(expect_tokens.values())} in play"
            )
        broken += self._money_laws()
        broken += self._street_laws()
        return broken

    def _block_laws(self) -> list[str]:
        s = self.s
        out = []
        if len(s.tiles) != BLOCKS or len(s.owners) != BLOCKS:
            return [f"the grid has {len(s.tiles)} tiles and {len(s.owners)} owners, not {BLOCKS}"]
        for i, (tile, owner) in enumerate(zip(s.tiles, s.owners, strict=True)):
            if (tile is None) != (owner == -1) or owner not in (-1, 0, 1):
                out.append(f"block {BLOCK_IDS[i]} holds {tile!r} owned by {owner}")
        empty = [i for i, tile in enumerate(s.tiles) if tile is None]
        if s.free != empty:
            out.append(f"the empty blocks are listed as {s.free}, but they are {empty}")
        counts = [sum(1 for b in st.blocks if s.tiles[b] is None) for st in STREETS]
        if s.street_empty != counts:
            out.append(f"the streets' empty blocks are counted {s.street_empty}, but are {counts}")
        for k in range(2):
            tally = [
                sum(_TALLY[t] for b in st.blocks if (t := s.tiles[b]) and s.owners[b] == k)
                for st in STREETS
            ]
            if s.street_tally[k] != tally:
                out.append(f"seat {k}'s street tallies are {s.street_tally[k]}, but are {tally}")
            own = [i for i, owner in enumerate(s.owners) if owner == k]
            if s.owned[k] != own:
                out.append(f"seat {k}'s blocks are listed as {s.owned[k]}, but they are {own}")
        return out

    def _money_laws(self) -> list[str]:
        s = self.s
        ledger: list[list[int]] = [[], []]
        out = []
        for e in self.events:
            if isinstance(e, StreetAwarded) and e.winner is not None:
                ledger[e.winner].append(e.token)
            elif isinstance(e, TilePlaced) and e.paid is not None:
                if e.paid in ledger[e.seat]:
                    ledger[e.seat].remove(e.paid)
                else:
                    out.append(f"seat {e.seat} paid token {e.paid} it was never awarded")
        for k in range(2):
            if s.cash[k] != sum(s.money[k]):
                out.append(f"seat {k} has ${s.cash[k]} but holds tokens {s.money[k]}")
            if sorted(s.money[k]) != sorted(ledger[k]):
                out.append(
                    f"seat {k} holds tokens {sorted(s.money[k])}, but the log awarded it "
                    f"{sorted(ledger[k])} net of payments"
                )
        return out

    def _street_laws(self) -> list[str]:
        s = self.s
        out: list[str] = []
        if not s.out_of_play:
            return out  # the tokens are not laid yet
        logged = {
            e.street: (e.token, tuple(e.sums)) for e in self.events if isinstance(e, StreetAwarded)
        }
        for i, st in enumerate(STREETS):
            awarded = s.street_winner[i] is not None
            if awarded == (s.street_tokens[i] is not None):
                out.append(f"{st.id} must either hold its token or have been awarded")
            award = s.awards[i]
            if awarded != (award is not None):
                out.append(
                    f"{st.id}'s award record is {award}, but its winner is {s.street_winner[i]}"
                )
            elif award is not None and st.id in logged and logged[st.id] != award[:2]:
                out.append(
                    f"{st.id} was awarded {logged[st.id]} by the log, but records {award[:2]}"
                )
            full = all(s.tiles[b] is not None for b in st.blocks)
            swap_due = s.pending_filled and s.pending_block in st.blocks
            if full != awarded and not (full and swap_due):
                state = "is full but unawarded" if full else "was awarded with empty blocks"
                out.append(f"{st.id} {state}")
        return out

    def estimate(self) -> tuple[float, ...]:
        """Each seat's chance to win as the search guesses it (a guide for search, not a rule).

        It reads only what both seats see: the money, the grid and the open streets' tokens
        (``metrocity.search.win_chances``).
        """
        from metrocity.search import win_chances  # the guide lives with the search, not the rules

        return win_chances(self)


__all__ = ["MetroCity", "award_winner", "completed_by", "street_sums", "tally_sums"]
