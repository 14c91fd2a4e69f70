"""Metropolis's lookups, made at import or once per chart: what the rules read at every step.

No step of the game lives here (those are ``rules.py``'s). Each table is the rulebook's
data (``data.py``) or words (``words.py``) put in the shape the hot paths read: action
objects made once and shared, prompts made once, lots as bits of board masks, the
legal-action listings read by index, the chart's modifiers remembered by the kinds standing
in a district. ``reference.py`` says the same things plainly and the tests check that both
agree.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from common import Action, ActionsByIndex, Prompt
from common.kernel import PromptCache
from common.seats import clockwise
from metropolis_lots.actions import Accept, Build, Decline, Done, Give, Pass, Propose, Take
from metropolis_lots.data import MAX_SEATS, MAX_TRADE_PROPOSALS, Board, Rules, board_json
from metropolis_lots.state import LOT_SLOTS, Building
from metropolis_lots.words import GIVE_TEXT, TAKE_TEXT, exchange_text, propose_text

#: the most entries a remembered table holds before it starts again empty (charts and
#: player names come from clients: a bounded memory)
CACHE_LIMIT = 200_000

# ------------------------------------------------------------------ actions, made once
# Actions are immutable, so the ones listed again and again are made once and shared.
DONE, PASS, ACCEPT, DECLINE = Done(), Pass(), Accept(), Decline()
#: the answer prompt's actions (shared: callers of legal_actions only read the list)
ANSWERS: list[Action] = [ACCEPT, DECLINE]
#: the trade listing when no swap is listed, the build listing when nothing can be put up
DONE_ONLY: list[Action] = [DONE]
PASS_ONLY: list[Action] = [PASS]
#: ``TAKES[lot]``, ``GIVES[lot][seat]``: the choose prompt's actions
TAKES = tuple(Take(lot) for lot in range(LOT_SLOTS))
GIVES = tuple(tuple(Give(lot, p) for p in range(MAX_SEATS)) for lot in range(LOT_SLOTS))
#: ``SWAP_ROWS[partner][give][take]``: the one-for-one swap, each made when first needed
SWAP_ROWS: list[list[list[Propose | None]]] = [
    [[None] * LOT_SLOTS for _ in range(LOT_SLOTS)] for _ in range(MAX_SEATS)
]
#: ``ONE_LOT[lot]``: the tuple of that one lot (shared by the swaps: fewer objects to make)
ONE_LOT = tuple((lot,) for lot in range(LOT_SLOTS))

# ------------------------------------------------------------------ lots as bits
#: per lot: its board bit (``unbuilt``, ``near``), that bit cleared, and its bit within its
#: district (``own``, ``built_by``): read from tables, not shifted, on the paths of every turn
LOT_BIT = tuple(1 << lot for lot in range(LOT_SLOTS))
LOT_CLEAR = tuple(~(1 << lot) for lot in range(LOT_SLOTS))
LOCAL_BIT = tuple(1 << (lot % 10) for lot in range(LOT_SLOTS))
#: ``DISTRICT_OF[lot]``: ``lot // 10``, read from a table on the hot paths (a subscript is
#: cheaper than the division)
DISTRICT_OF = tuple(lot // 10 for lot in range(LOT_SLOTS))
#: no unbuilt lots in any district (``MetropolisState.own`` of nobody)
NOBODY = (0,) * 10
#: the bits of a district's lots in a board mask, before shifting to the district
DISTRICT_BITS = (1 << 10) - 1
#: per district: the board bits of every other district
OUTSIDE = tuple(~(DISTRICT_BITS << (d * 10)) for d in range(10))
#: ``OTHERS[n][seat]``: the other seats clockwise from ``seat``
OTHERS = {
    n: tuple(tuple(clockwise(seat, n, include_start=False)) for seat in range(n))
    for n in range(2, MAX_SEATS + 1)
}
#: ``Metropolis._memo_key`` of a listing: its phase's number plus the seat (a small int: no
#: tuple to make and compare at every decision)
TRADE_KEY, CHOOSE_KEY, BUILD_KEY = 0, MAX_SEATS, 2 * MAX_SEATS


def remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    """Keep ``value`` under ``key`` in ``cache`` (emptied first when full) and return it."""
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def lots_of(mask: int) -> list[int]:
    """The lots of a board mask (bit ``lot`` for a lot), ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def closed_models(supply: Sequence[int]) -> int:
    """The bits of the models no longer in the supply."""
    closed = 0
    if min(supply) <= 0:
        for mi, left in enumerate(supply):
            if left <= 0:
                closed |= 1 << mi
    return closed


# ------------------------------------------------------------------ prompts, made once
#: the prompts whose text names no other player, by seat: made once and set without the
#: core's ``_ask`` look-up, as a prompt is asked at almost every decision.
#: ``TRADE_ASKS[seat][left]``: the open exchange window's, ``left`` proposals left (MS-A11)
TRADE_ASKS = tuple(
    tuple(Prompt(p, "propose", propose_text(left)) for left in range(MAX_TRADE_PROPOSALS + 1))
    for p in range(MAX_SEATS)
)
TAKE_ASKS = tuple(Prompt(p, "take", TAKE_TEXT) for p in range(MAX_SEATS))
GIVE_ASKS = tuple(Prompt(p, "give", GIVE_TEXT) for p in range(MAX_SEATS))
#: ``LOT_TEXT[lot]``: ``lot 31``: a swap's answer text is put together from two of these
#: (most swaps are first proposed once in a process, and formatting ints costs more than
#: the prompt's other work)
LOT_TEXT = tuple(f"lot {lot}" for lot in range(LOT_SLOTS))


class Words:
    """The prompts that name the player who asks (an exchange's proposer), for one tuple of
    player names: shared by the games of those names (the default names are one tuple for
    every game of a player count)."""

    __slots__ = ("asks", "names", "swaps")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        #: ``swaps[proposer]``: id of a listed swap (kept in ``SWAP_ROWS``) -> its answer
        #: prompt (a listed swap is the most frequent proposal). Those swaps live as long as
        #: the process, so no other object can have their id; any other proposal goes
        #: through ``answer_prompt``
        self.swaps: tuple[dict[int, Prompt], ...] = tuple({} for _ in names)
        #: (proposer, partner, lots given, lots taken) -> the answer prompt
        self.asks = PromptCache(CACHE_LIMIT)


_WORDS: dict[tuple[str, ...], Words] = {}


def words_for(names: tuple[str, ...]) -> Words:
    """The prompts naming these players, made once for these names."""
    words = _WORDS.get(names)
    if words is None:
        words = remember(_WORDS, names, Words(names))
    return words


def answer_prompt(words: Words, proposer: int, trade: Propose) -> Prompt:
    """The partner's prompt for an exchange: ``Player 1 offers lot 31 for your lot 47``
    (remembered: most proposals are listed swaps, made again and again)."""
    partner = trade.partner
    give = trade.give
    take = trade.take
    key = (proposer, partner, give, take)
    found = words.asks.get(key)
    if found is None:
        if len(give) == 1 == len(take):
            text = (
                f"{words.names[proposer]} offers {LOT_TEXT[give[0]]} for your {LOT_TEXT[take[0]]}"
            )
        else:
            text = exchange_text(words.names[proposer], trade)
        found = words.asks.keep(key, Prompt(partner, "exchange", text))
    if len(give) == 1 == len(take) and SWAP_ROWS[partner][give[0]][take[0]] is trade:
        words.swaps[proposer][id(trade)] = found  # the listed swap itself
    return found


def swap(partner: int, give: int, take: int) -> Propose:
    """The one-for-one swap proposal (shared: made when first needed)."""
    row = SWAP_ROWS[partner][give]
    found = row[take]
    if found is None:
        found = row[take] = Propose(partner, ONE_LOT[give], ONE_LOT[take])
    return found


# ------------------------------------------------------------------ listings read by index
#: ``object.__new__``: a menu is made without a Python-level ``__init__`` call
new_menu = object.__new__


class TradeMenu(ActionsByIndex):
    """The trade prompt's actions in the listing order, computed by index: Done, then per
    partner, clockwise, each offered lot (ascending) for each wanted lot (ascending), as
    ``reference.swaps`` lists them.

    Random play looks at one action of many and most decisions are trade prompts, so the
    swaps are not made one by one: an index is arithmetic on the lot masks, read when
    the prompt was listed (ints: they do not change as the game moves on).
    """

    __slots__ = ("_blocks",)
    #: per partner with swaps: (partner, offered mask, wanted mask, how many offered, how
    #: many wanted, how many swaps); set with ``_len`` by ``Metropolis._trade_menu``, which
    #: makes the menu without an ``__init__`` call
    _blocks: list[tuple[int, int, int, int, int, int]]

    def _item(self, i: int) -> Action:
        if i == 0:
            return DONE
        i -= 1
        for partner, offered, wanted, offered_count, wanted_count, swaps in self._blocks:
            if i < swaps:
                # offered lot number ``give`` (from 0, ascending) for wanted lot ``take``,
                # each read from the nearer end of its mask: drop the lots before it, then
                # read that end (inline, as ``swap``: a swap is read at many decisions;
                # from the nearer end, a third of the lots are dropped). The two masks are
                # walked by the same lines twice: a call a mask costs more than it saves
                give = i // wanted_count
                take = i - give * wanted_count
                above = offered_count - 1 - give
                if give <= above:
                    while give:
                        offered &= offered - 1
                        give -= 1
                    give = (offered & -offered).bit_length() - 1
                else:
                    while above:
                        offered ^= 1 << (offered.bit_length() - 1)
                        above -= 1
                    give = offered.bit_length() - 1
                above = wanted_count - 1 - take
                if take <= above:
                    while take:
                        wanted &= wanted - 1
                        take -= 1
                    take = (wanted & -wanted).bit_length() - 1
                else:
                    while above:
                        wanted ^= 1 << (wanted.bit_length() - 1)
                        above -= 1
                    take = wanted.bit_length() - 1
                row = SWAP_ROWS[partner][give]
                found = row[take]
                if found is None:
                    found = row[take] = Propose(partner, ONE_LOT[give], ONE_LOT[take])
                return found
            i -= swaps
        raise AssertionError("an index below the length falls in a block")

    def __iter__(self) -> Iterator[Action]:
        yield DONE
        for partner, offered, wanted, _, _, _ in self._blocks:
            takes = lots_of(wanted)
            for give in lots_of(offered):
                for take in takes:
                    yield swap(partner, give, take)


class BuildMenu(ActionsByIndex):
    """The build prompt's actions in the listing order, computed by index: per district,
    ascending, its buildings by placement rank, then Pass, as ``reference.builds`` lists
    them. Random play puts up one of several, so they are not listed one by one."""

    __slots__ = ("_blocks", "_pooling")
    #: per district with a building to put up: (its placement ranks as bits, its Build
    #: actions by rank, how many ranks); set with ``_len`` by ``Metropolis._build_menu``
    _blocks: list[tuple[int, tuple[Build, ...], int]]
    #: whether a placement on others' lots too was added in some district (MS-A4)
    _pooling: bool

    def _item(self, i: int) -> Action:
        for ranks, actions, count in self._blocks:
            if i < count:
                while i:  # drop the ``i`` lower ranks, then read the lowest
                    ranks &= ranks - 1
                    i -= 1
                return actions[(ranks & -ranks).bit_length() - 1]
            i -= count
        return PASS  # the last

    def __iter__(self) -> Iterator[Action]:
        for ranks, actions, _ in self._blocks:
            while ranks:
                low = ranks & -ranks
                yield actions[low.bit_length() - 1]
                ranks ^= low
        yield PASS


class Listings:
    """Tables of the fast listings, one per set of chart-independent tables (so per
    process): placements are read as bits of their ranks (``Rules.inside_bits``), so a
    district's buildings are a few ANDs and ORs of ints, not a loop over placements."""

    def __init__(self, r: Rules) -> None:
        #: per district: its number and its Build actions by placement rank
        self.districts = tuple((d, tuple(a for _, _, a in r.placed[d])) for d in r.board.districts)
        self._model_ranks = r.model_ranks
        self._all_ranks = (1 << len(r.placed[r.board.districts[0]])) - 1
        #: blocked models (bits) -> the placement ranks of the other models
        self._open: dict[int, int] = {}
        #: the supply (counts by model) -> the placement ranks of the models left in it
        self.by_supply: dict[tuple[int, ...], int] = {}
        #: placement ranks -> the models (bits) they belong to (``models_of``)
        self._models_of: dict[int, int] = {}
        #: ``near_at[d][pattern]``: the lots of district d next to any lot of the pattern
        #: (``Rules.near_masks``) as board bits, already shifted to the district's place
        #: (a swap works two districts out again); empty for other numbers
        self.near_at = tuple(
            tuple(near << (d * 10) for near in r.near_masks[d]) if d in r.near_masks else ()
            for d in range(10)
        )
        #: lot -> the bits (bit ``x`` for lot ``x``) of its neighbours (MS-2)
        self.lot_neighbours = tuple(
            sum(1 << x for x in r.board.neighbours.get(lot, ())) for lot in range(LOT_SLOTS)
        )
        #: (seat, models open on its own lots, models open only pooled, as bits) -> the
        #: build prompt naming them
        self.build_asks = PromptCache(CACHE_LIMIT)

    def models_of(self, ranks: int) -> int:
        """The models (as bits, bit i for model i) with a placement among ``ranks``."""
        found = self._models_of.get(ranks)
        if found is None:
            found = 0
            for mi, model_ranks in enumerate(self._model_ranks):
                if model_ranks & ranks:
                    found |= 1 << mi
            remember(self._models_of, ranks, found)
        return found

    def open_ranks(self, blocked: int) -> int:
        """The placement ranks of the models whose bit is not set in ``blocked``."""
        found = self._open.get(blocked)
        if found is None:
            found = self._all_ranks
            for mi, ranks in enumerate(self._model_ranks):
                if blocked >> mi & 1:
                    found &= ~ranks
            self._open[blocked] = found
        return found


_LISTINGS: dict[int, Listings] = {}


def listings_for(r: Rules) -> Listings:
    """The listings' tables of ``r``'s chart-independent tables, made once a process."""
    # the chart-independent tables live as long as the process: their id is a safe key
    listings = _LISTINGS.get(id(r.placed))
    if listings is None:
        listings = _LISTINGS[id(r.placed)] = Listings(r)
    return listings


# ------------------------------------------------------------------ the chart's values
def fixed_value(rules: Rules, kind: str, lots: tuple[int, ...]) -> int:
    """A building's base value plus its location bonuses (MS-4): fixed once it stands. Any
    of its lots having a location counts; read from ``Rules.fixed_values``."""
    places = 0
    lot_places = rules.lot_places
    for lot in lots:
        places |= lot_places[lot]
    return rules.fixed_values[kind][places]


def district_values(
    values: Sequence[int],
    size: int,
    here: Sequence[tuple[int, str, int]],
    modifiers: Sequence[int],
) -> tuple[int, ...]:
    """The values of ``size`` buildings: ``values`` (0 past its end) with the buildings
    ``here`` revalued, those of one district as (index, kind, base plus location value),
    each with its chart modifier (``kind_modifiers`` of the kinds there, MS-4); never
    below 0."""
    out = list(values)
    out.extend([0] * (size - len(out)))
    for (i, _, fixed), modifier in zip(here, modifiers, strict=True):
        value = fixed + modifier
        out[i] = value if value > 0 else 0
    return tuple(out)


def kind_modifiers(
    per_building: Mapping[str, Mapping[str, int]], kinds: Sequence[str]
) -> tuple[int, ...]:
    """The chart's modifiers of the buildings of one district, of these ``kinds``: for each,
    its row's modifier per *other* building of each kind there (MS-4). ``per_building``:
    kind -> the chart row's modifiers."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    out = []
    for kind in kinds:
        per = per_building[kind]
        modifier = -per.get(kind, 0)  # a building does not modify itself
        for other, count in counts.items():
            modifier += per.get(other, 0) * count
        out.append(modifier)
    return tuple(out)


def revalue(
    rules: Rules, buildings: Sequence[Building], values: Sequence[int], district: int
) -> tuple[int, ...]:
    """The chart values (MS-4) after a building went up in ``district``: only the buildings
    there change, as the chart's modifiers count the same district only. The base and
    location part of each building is read from a table (``fixed_value``); the tests check
    it against ``reference.values_of`` after every step of random games."""
    here = [
        (i, b.kind, fixed_value(rules, b.kind, b.lots))
        for i, b in enumerate(buildings)
        if b.district == district
    ]
    per_building = {kind: row.per_building for kind, row in rules.chart.rows.items()}
    modifiers = kind_modifiers(per_building, [kind for _, kind, _ in here])
    return district_values(values, len(buildings), here, modifiers)


class ChartModifiers:
    """The chart's modifiers (MS-4) by the kinds standing in a district, in the order they
    went up (``kind_modifiers``), remembered: shared by the games of one chart, so that
    ``put_up`` reads them instead of summing the modifiers again at every building."""

    __slots__ = ("affects", "found", "per_building")

    def __init__(self, r: Rules) -> None:
        #: kind -> the chart row's modifiers per other building of each kind
        self.per_building = {kind: row.per_building for kind, row in r.chart.rows.items()}
        #: kind -> the kinds whose value a building of that kind modifies (BuildingPut's
        #: ``revalued`` looks at the district's other buildings only when some are of these)
        self.affects = {
            kind: frozenset(k for k, per in self.per_building.items() if per.get(kind, 0))
            for kind in self.per_building
        }
        #: kinds, in building order -> ``kind_modifiers(per_building, kinds)``
        self.found: dict[tuple[str, ...], tuple[int, ...]] = {}


#: id of a game's rules -> (those rules, the placement ranks a "No" pair leaves open by the
#: kinds standing in a district, the chart's modifiers); the rules are kept so that their id
#: is not reused while the entry lives
_BY_KINDS: dict[int, tuple[Rules, dict[frozenset[str], int], ChartModifiers]] = {}
_BY_KINDS_MAX = 64


def chart_tables(r: Rules) -> tuple[dict[frozenset[str], int], ChartModifiers]:
    """The tables of ``r``'s chart, shared by the games of one chart: the placement ranks
    open by the kinds standing in a district (filled as met) and the chart's modifiers."""
    entry = _BY_KINDS.get(id(r))
    if entry is None or entry[0] is not r:
        if len(_BY_KINDS) >= _BY_KINDS_MAX:  # charts from clients: a bounded memory
            _BY_KINDS.clear()
        entry = _BY_KINDS[id(r)] = (r, {}, ChartModifiers(r))
    return entry[1], entry[2]


#: id of a board -> (that board, its ``board_json`` as text): each view reads a fresh copy
_BOARD_TEXT: dict[int, tuple[Board, str]] = {}


def board_view(board: Board) -> dict[str, Any]:
    """A fresh copy of ``board_json(board)`` for a view (made once a board, read again)."""
    entry = _BOARD_TEXT.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _BOARD_TEXT[id(board)] = (board, json.dumps(board_json(board)))
    found: dict[str, Any] = json.loads(entry[1])
    return found
