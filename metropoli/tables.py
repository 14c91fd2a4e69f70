"""Metropoli's lookups, made once at import from ``data`` and ``words``: no rule is decided here.

The rules ask the same things at every decision (the roll, a bid, the seats round the table,
who holds which concession), so the answers are made once and ``rules`` reads them:

- the action records: one value per action the listings hand out (a ``Bid`` per listable
  amount, a ``Build`` per area, ...), so a listing builds no record;
- the seat orders by player count, the proposals open while every seat is in;
- the holders of the concessions read in C (``itemgetter``), the areas' height limits per
  combination of the districts' caps;
- the chance requests of the set-up and each table's dice;
- the prompts: made ahead by seat where the question is fixed, kept in a ``PromptCache``
  where it names amounts and players;
- what the view and the static data say of the board, which never changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from common import Action, Dice, Shuffle
from common.kernel import Prompt, PromptCache
from metropoli import actions as A
from metropoli import data as D
from metropoli import words as W

B = D.BOARD
MOTORWAY = B.space_of("motorway")
BORSA = B.space_of("borsa")
#: the track's length (a property of the board: read once)
SPACES = B.size
AREAS = range(len(B.area_district))
ALL_AREAS = tuple(AREAS)
#: the most seats a table has (the tables by seat are this long)
SEATS = range(6)

# ------------------------------------------------------------------ the action records
ROLL, ACT, PASS, DONE = A.Roll(), A.Act(), A.Pass(), A.Done()
PREEMPT, CROSS = A.Preempt(), A.Cross()
ACCEPT, DECLINE, SEND, CANCEL = A.Accept(), A.Decline(), A.Send(), A.Cancel()
SEND_CANCEL, CANCEL_ONLY = (SEND, CANCEL), (CANCEL,)
ROLL_ONLY = (ROLL,)
PREEMPT_OR_PASS, CROSS_OR_PASS = (PREEMPT, PASS), (CROSS, PASS)
ACCEPT_OR_DECLINE = (ACCEPT, DECLINE)
#: a triple's distances, 1 to the track's length (seed "Triple Dice", ruling MI-14)
STEPS = tuple(A.Steps(n) for n in range(1, SPACES + 1))
BUILD = tuple(A.Build(x) for x in AREAS)
FREE = tuple(A.FreeBlock(x) for x in AREAS)
OFFER = tuple(A.Offer(p) for p in SEATS)
#: the listed cash sums of a proposal (ruling MI-A2), paid and asked, ascending
PAY = tuple(A.Cash(x) for x in D.TRADE_PRICES)
ASK = tuple(A.Cash(-x) for x in D.TRADE_PRICES)
#: the actions naming each concession, by space
GIVE = {c: A.Give(c) for c in B.concessions}
TAKE = {c: A.Take(c) for c in B.concessions}
SELL = {c: A.Sell(c) for c in B.concessions}
GOTO = {c: A.GoTo(c) for c in B.concessions}

# ------------------------------------------------------------------ bids (rulings MI-9, MI-A1)
UNIT = D.BID_UNIT
CAP_UNITS = D.BID_LIST_CAP // UNIT
#: the Bid and Raise records of every listable amount, by amount in bid units
BID_AT = tuple(A.Bid(k * UNIT) for k in range(CAP_UNITS + 1))
RAISE_AT = tuple(A.Raise(k * UNIT) for k in range(CAP_UNITS + 1))
#: the raise steps in bid units, ascending
STEP_UNITS = tuple(st // UNIT for st in D.RAISE_STEPS)
assert sorted(STEP_UNITS) == list(STEP_UNITS) and not any(st % UNIT for st in D.RAISE_STEPS)


def _steps_over(made: tuple[Action, ...]) -> tuple[tuple[Action, ...], ...]:
    """By price in bid units: the records of ``made`` one raise step over it, up to the cap."""
    return tuple(
        tuple(made[h + st] for st in STEP_UNITS if h + st <= CAP_UNITS)
        for h in range(CAP_UNITS + 1)
    )


BID_STEPS, RAISE_STEPS = _steps_over(BID_AT), _steps_over(RAISE_AT)

# ------------------------------------------------------------------ the seats round the table
#: by player count, by seat: the seats from that seat's left round to the seat itself
CLOCKWISE = {
    n: tuple(tuple((seat + k) % n for k in range(1, n + 1)) for seat in range(n))
    for n in range(3, 7)
}
#: by player count, by seat: the others, from that seat's left (the partners of a proposal)
OTHERS = {n: tuple(order[:-1] for order in CLOCKWISE[n]) for n in CLOCKWISE}
#: by player count, by seat: the proposals open when every seat is still in
ALL_OFFERS = {n: tuple(tuple(OFFER[p] for p in others) for others in OTHERS[n]) for n in OTHERS}
#: by player count, by seat: the roll, then a proposal to each other seat (every seat in)
ROLL_OR_OFFER = {n: tuple((ROLL, *offers) for offers in ALL_OFFERS[n]) for n in ALL_OFFERS}

# ------------------------------------------------------------------ holdings
CONCESSIONS = B.concessions
CONCESSION_SET = frozenset(B.concessions)
#: the smallest cash sum a proposal lists (ruling MI-A2): a payer below it lists none
LEAST_LISTED = D.TRADE_PRICES[0]
#: the holders of the concessions (None: the Bank), of the bridges, read from ``owner`` in C
HOLDERS = itemgetter(*B.concessions)
BRIDGE_HOLDERS = itemgetter(*B.bridges)
#: each street with its neighbourhood (wealth, ruling MI-17)
STREET_HOODS = tuple((c, B.hood_of[c] or 0) for c in B.streets)


def held_by(owner: list[int | None], seat: int | None, actions: dict[int, Any]) -> list[Any]:
    """Of ``actions`` (one per concession), in track order, those whose concession ``seat``
    holds (None: the Bank). A plain comprehension: measured faster here than zip/compress."""
    return [actions[c] for c in CONCESSIONS if owner[c] == seat]


# ------------------------------------------------------------------ the Master Plan's limits
#: by the districts' caps: each area's limit, the height its buildings stay below (the cap,
#: else the top height; caps never exceed it), made once per combination of caps
_AREA_LIMITS: dict[tuple[int, ...], tuple[int, ...]] = {}


def area_limits(caps: list[int]) -> tuple[int, ...]:
    """Each area's limit under the districts' ``caps`` (the Master Plan, MI-10, MI-11)."""
    key = tuple(caps)
    got = _AREA_LIMITS.get(key)
    if got is None:
        got = _AREA_LIMITS[key] = tuple(caps[d] or D.MAX_HEIGHT for d in B.area_district)
    return got


# ------------------------------------------------------------------ chance
DEAL_STREETS = Shuffle("concessions", B.streets, visible_to=None)
DEAL_VALUES = Shuffle("neighbourhood_values", B.neighbourhood_values, visible_to=None)
#: the dice requests of each table of players, made once (``rolls_of``)
_ROLLS: dict[tuple[str, ...], tuple[tuple[Dice, ...], tuple[Dice, ...]]] = {}


def rolls_of(players: tuple[str, ...]) -> tuple[tuple[Dice, ...], tuple[Dice, ...]]:
    """By seat, the move's three dice and L'Autostrada's two exit dice, naming the roller
    (``metropoli.words`` reads the names back)."""
    got = _ROLLS.get(players)
    if got is None:
        if len(_ROLLS) > 1024:
            _ROLLS.clear()
        got = _ROLLS[players] = (
            tuple(Dice(3, f"{W.MOVE_DICE}: {name}") for name in players),
            tuple(Dice(2, f"{W.EXIT_DICE}: {name}") for name in players),
        )
    return got


# ------------------------------------------------------------------ prompts
#: by seat: the roll, or a trade first
ROLL_PROMPTS = tuple(Prompt(seat, "roll", W.ROLL) for seat in SEATS)
#: by seat, by the space the token stands on: a triple's distance
MOVE_PROMPTS = tuple(tuple(Prompt(seat, "move", text) for text in W.MOVE) for seat in SEATS)
#: by seat, by space, by whether the seat holds its concession: the stop on arrival (MI-A15)
ACT_PROMPTS = tuple(
    tuple(tuple(Prompt(seat, "act", text) for text in pair) for pair in W.ARRIVAL) for seat in SEATS
)
#: by seat, by bridge: the offer to cross
CROSS_PROMPTS = tuple({sp: Prompt(seat, "cross", t) for sp, t in W.CROSS.items()} for seat in SEATS)
#: by seat, by street: its free block; and the Metropoli card's free block
FREE_STREET_PROMPTS = tuple(
    {sp: Prompt(seat, "free", t) for sp, t in W.FREE_STREET.items()} for seat in SEATS
)
FREE_CARD_PROMPTS = tuple(Prompt(seat, "free", W.FREE_CARD) for seat in SEATS)
#: by seat, by (paid blocks open, rule 9's obligation, proposals open): the building step
BUILD_PROMPTS = tuple(
    {
        (room, obliged, offers): Prompt(seat, "build", W.build(room, obliged, offers))
        for room in range(D.BLOCKS_PER_TURN + 1)
        for obliged in (False, True)
        for offers in (False, True)
    }
    for seat in SEATS
)
#: the bid prompts, by (players, space, debtor, high bid, leader, seat asked): they name
#: amounts and players, so they are kept as they come
BID_PROMPTS = PromptCache(20_000)
#: the prompts of a proposal being composed, by (players, partner, it holds something, its
#: cash is set, a concession is left to add, the proposer)
DRAFT_PROMPTS = PromptCache(4096)

# ------------------------------------------------------------------ what never changes
#: what a view says of each space and area that never changes (a front end needs no data
#: module), copied into every view
SPACE_VIEW: tuple[dict[str, Any], ...] = tuple(
    {
        "name": B.names[sp],
        "kind": B.kinds[sp],
        "exit": B.exit_of[sp],
        "neighbourhood": B.hood_of[sp],
        "colour": None if B.hood_of[sp] is None else B.hood_colours[B.hood_of[sp] or 0],
        "areas": tuple(B.street_areas.get(sp, ())),
        "crosses_to": B.opposite.get(sp),
    }
    for sp in range(SPACES)
)
AREA_VIEW: tuple[dict[str, Any], ...] = tuple(
    {"name": W.AREA_NAMES[x], "district": B.area_district[x], "streets": list(pair)}
    for x, pair in enumerate(B.area_streets)
)
#: ``max_actions()`` with the shipped deck, by (players, proposals_per_stop,
#: trade_after_move, round_limit, final_turn_limit)
MAX_ACTIONS: dict[tuple[int, ...], int] = {}


def static_data(head: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The board, the cards in play, the Concession Value card, the neighbourhood value
    cards, the costs and the rule options, as plain JSON; ``head`` names the game first."""
    deck = D.DEFAULT_CARDS if options["cards"] is None else D.parse_cards(options["cards"])
    spaces = []
    for sp in range(SPACES):
        entry = dict(SPACE_VIEW[sp])
        entry["areas"] = list(entry["areas"])
        entry["avenue"] = B.avenue.get(sp)
        spaces.append(entry)
    districts = [
        {
            "name": B.district_names[d],
            "areas": list(areas),
            "neighbourhoods": [h for h, hd in enumerate(B.hood_district) if hd == d],
        }
        for d, areas in enumerate(B.district_areas)
    ]
    return {
        **head,
        "seat_colours": [colour for _, colour in D.SEAT_COLOURS],
        "seat_colour_names": [name for name, _ in D.SEAT_COLOURS],
        "reconstructions": (
            "the board (track, names, exits, districts, areas) and the Metropoli deck "
            "are reconstructions, replaceable data (rulings MI-2 to MI-8)"
        ),
        "money": {
            "unit": "dollar",
            "symbol": "$",
            "banknotes": list(D.BANKNOTES),
            "bid_unit": D.BID_UNIT,
            "trade_unit": D.TRADE_UNIT,
            "start_cash": D.START_CASH,
        },
        "board": {
            "spaces": spaces,
            "corners": {kind: B.space_of(kind) for kind in sorted(D.CORNERS)},
            "streets": list(B.streets),
            "bridges": list(B.bridges),
            "crossings": [
                {"avenue": B.avenue[b], "bridges": [b, B.opposite[b]]}
                for b in B.bridges
                if b < B.opposite[b]
            ],
            "exits": {str(e): sp for e, sp in sorted(B.exits.items())},
            "neighbourhoods": [
                {
                    "colour": B.hood_colours[h],
                    "streets": list(st),
                    "district": B.hood_district[h],
                }
                for h, st in enumerate(B.hood_streets)
            ],
            "districts": districts,
            "areas": [dict(x) for x in AREA_VIEW],
            "street_areas": {str(sp): list(B.street_areas[sp]) for sp in B.streets},
        },
        "neighbourhood_value_cards": {
            "values": list(B.neighbourhood_values),
            "dealt": "shuffled and dealt one to each neighbourhood at set-up (ruling MI-7)",
        },
        "concession_value": {
            "rows": "the height of the tallest building in the street's district",
            "heights": list(D.HEIGHTS),
            "columns": "the blocks on the street's three areas; 10 with a skyscraper",
            "blocks": list(D.VALUE_COLUMNS),
            "values": [list(row) for row in D.VALUE_CARD],
            "null": "a combination no position reaches (the card's dashes)",
            "per_floor_and_block": D.VALUE_PER_FLOOR_BLOCK,
        },
        "cards": [
            {"id": c.id, "text": c.text, "effect": c.effect, "amount": c.amount} for c in deck
        ],
        "costs": dict(D.COSTS),
        "building": {
            "supply": D.BLOCK_SUPPLY,
            "max_height": D.MAX_HEIGHT,
            "skyscraper_heights": list(D.SKYSCRAPER_HEIGHTS),
            "blocks_per_turn": D.BLOCKS_PER_TURN,
            "free_blocks_count": options["block_limit"] == "total",
        },
        "rules": {key: value for key, value in options.items() if key != "cards"},
    }
