"""The facts of Metropoli as data: the track, districts, areas, values and the event deck.

The board and the event deck are reconstructions (rulings MI-2 to MI-5, MI-7, MI-8) shipped as
replaceable JSON files in ``metropoli/data/``; the rule numbers below are the rulebook's own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

import attrs

from common import InvalidOption

#: each seat's token colour, by name (the rulebook's tokens come "in different colours"; these
#: six are told apart in every common colour blindness): on the board, in the browser's panels
#: and log, and in the terminal
SEAT_COLOURS: tuple[tuple[str, str], ...] = (
    ("blue", "#2055c0"),
    ("orange", "#d95f02"),
    ("green", "#1b9e77"),
    ("purple", "#7a3d8f"),
    ("black", "#222222"),
    ("yellow", "#e6ab02"),
)

# --- the rulebook's numbers (seed "Setup", "Rules in Brief", "Building Rights", rulings) -------
START_CASH = 5_000_000  # ruling MI-1
BORSA_PASS = 250_000  # ruling MI-12
BORSA_LAND = 500_000  # ruling MI-12
BLOCK_COST = 100_000  # Master Plan rule 3
BLOCK_SUPPLY = 80  # ruling MI-10
CONCESSIONS = 28  # 24 streets and 4 bridges (seed "Components")
MAX_HEIGHT = 5  # ruling MI-11
ROOFS = 4  # ruling MI-11: roofs for heights 2, 3, 4, 5
FIRST_ROOF_HEIGHT = 2
BLOCKS_PER_TURN = 2  # Master Plan rule 10: paid blocks (rulings MI-10, MI-A16), or all (MI-A25)
BID_UNIT = 50_000  # ruling MI-9
PREEMPT_EXTRA = 50_000  # ruling MI-9
TOLL_PER_BRIDGE = 100_000  # ruling MI-13
FINE_PER_PIP = 10_000  # ruling MI-15
VALUE_PER_FLOOR_BLOCK = 20_000  # ruling MI-6
VALUE_MAX_BLOCKS = 10  # ruling MI-6
BRIDGE_WEALTH = 500_000  # ruling MI-17
TRUST_FACTOR = 2  # seed "Trust"

#: the banknotes of the box (seed "Components"); the Bank's money is unlimited (MI-1)
BANKNOTES = (10_000, 50_000, 100_000, 200_000, 500_000, 1_000_000)
#: the heights a building can have, and the columns of the Concession Value card (MI-6)
HEIGHTS = range(1, MAX_HEIGHT + 1)
VALUE_COLUMNS = range(VALUE_MAX_BLOCKS + 1)

#: raise steps offered in an auction, above the current price (ruling MI-A1)
RAISE_STEPS = (50_000, 100_000, 250_000, 500_000, 1_000_000)
#: bids and raises are listed only up to this price (ruling MI-A1, core ruling CORE-5): a
#: finite action catalogue for the PettingZoo adapter; is_legal accepts any higher legal bid
BID_LIST_CAP = 25_000_000
#: the money unit of a trade's cash: the smallest banknote (seed "Components"), ruling MI-A2
TRADE_UNIT = 10_000
#: cash amounts listed in trade proposals (ruling MI-A2); any multiple of TRADE_UNIT is legal
TRADE_PRICES = (100_000, 250_000, 500_000, 1_000_000, 2_000_000)

CORNERS = {"borsa", "court", "motorway", "municipality"}
SPACE_KINDS = CORNERS | {"street", "bridge", "metropoli"}


@attrs.frozen
class Board:
    """The track, the neighbourhoods, the districts and the buildable areas."""

    kinds: tuple[str, ...]
    names: tuple[str, ...]
    exits: Mapping[int, int]  # exit number -> space
    exit_of: tuple[int | None, ...]  # space -> exit number
    hood_of: tuple[int | None, ...]  # space -> neighbourhood (streets only)
    hood_streets: tuple[tuple[int, ...], ...]
    hood_colours: tuple[str, ...]
    hood_district: tuple[int, ...]
    district_names: tuple[str, ...]
    area_district: tuple[int, ...]
    area_streets: tuple[tuple[int, int], ...]
    street_areas: Mapping[int, tuple[int, ...]]
    district_areas: tuple[tuple[int, ...], ...]
    opposite: Mapping[int, int]  # bridge -> bridge across the city
    avenue: Mapping[int, str]
    neighbourhood_values: tuple[int, ...]
    streets: tuple[int, ...]
    bridges: tuple[int, ...]
    concessions: tuple[int, ...]  # streets and bridges, in track order

    @property
    def size(self) -> int:
        """Number of spaces on the track."""
        return len(self.kinds)

    def space_of(self, kind: str) -> int:
        """The first space of a kind (the corners are unique)."""
        return self.kinds.index(kind)


def _read_json(name: str) -> Any:
    text = resources.files("metropoli").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


def load_board(data: Mapping[str, Any] | None = None) -> Board:
    """Build the Board from ``board.json`` (or the given data in that shape); a board that
    breaks the shape of rulings MI-2, MI-4, MI-5 raises InvalidOption naming the problem."""
    raw = _read_json("board.json") if data is None else data
    try:
        board = _build_board(raw)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, InvalidOption):
            raise
        raise InvalidOption(f"board: malformed board data ({type(exc).__name__}: {exc})") from exc
    _check_board(board)
    return board


def _check_board(b: Board) -> None:
    """The shape every rule relies on (rulings MI-2, MI-4, MI-5; seed "The Board")."""

    def bad(what: str) -> InvalidOption:
        return InvalidOption(f"board: {what}")

    if b.size != 40:
        raise bad(f"the track has {b.size} spaces; it must have 40 (ruling MI-2)")
    unknown = sorted(set(b.kinds) - SPACE_KINDS)
    if unknown:
        raise bad(f"unknown space kind(s) {unknown}; kinds: {', '.join(sorted(SPACE_KINDS))}")
    for corner in sorted(CORNERS):
        if b.kinds.count(corner) != 1:
            raise bad(f"{b.kinds.count(corner)} spaces of kind {corner!r}; each corner once")
    if len(b.streets) != 24 or len(b.bridges) != 4:
        raise bad(f"{len(b.streets)} streets and {len(b.bridges)} bridges; need 24 and 4")
    if len(b.hood_streets) != 8 or len(b.neighbourhood_values) != 8:
        raise bad("there must be 8 neighbourhoods and 8 neighbourhood values (ruling MI-7)")
    for sp in b.streets:
        if b.hood_of[sp] is None or not 0 <= b.hood_of[sp] < 8:  # type: ignore[operator]
            raise bad(f"street {sp} has no neighbourhood 0..7")
    for k, streets in enumerate(b.hood_streets):
        if len(streets) != 3:
            raise bad(f"neighbourhood {k} has {len(streets)} streets; each has 3 (seed)")
    corner_exits = [
        sp for sp, e in enumerate(b.exit_of) if e is not None and b.kinds[sp] in CORNERS
    ]
    if corner_exits:
        raise bad(f"corner space(s) {corner_exits} carry an exit; corners have none (MI-4)")
    wanted = sorted(10 * x + y for x in range(1, 7) for y in range(1, 7))
    got = sorted(e for e in b.exit_of if e is not None)
    if got != wanted:
        raise bad("the 36 non-corner spaces must carry the exits 11..66 (digits 1-6) once each")
    n_districts = len(b.district_areas)
    if n_districts != 4 or any(len(a) != 9 for a in b.district_areas):
        raise bad('there must be 4 districts of 9 Buildable Areas (seed "The Board")')
    for x, (s1, s2) in enumerate(b.area_streets):
        if not (0 <= s1 < b.size and 0 <= s2 < b.size):
            raise bad(f"area {x} names a space off the track")
        if b.kinds[s1] != "street" or b.kinds[s2] != "street":
            raise bad(f"area {x} must be faced by two streets, got spaces {s1} and {s2}")
        if b.hood_of[s1] == b.hood_of[s2]:
            raise bad(f"area {x} is faced by two streets of one colour; MI-5 needs two colours")
        d = b.area_district[x]
        for sp in (s1, s2):
            if b.hood_district[b.hood_of[sp] or 0] != d:
                raise bad(f"area {x} is in district {d} but street {sp}'s neighbourhood is not")
    for sp in b.streets:
        areas = b.street_areas[sp]
        if len(areas) != 3 or len({b.area_district[x] for x in areas}) != 1:
            raise bad(f"street {sp} must face 3 areas of one district (MI-5), faces {areas}")
    if sorted(b.opposite) != sorted(b.bridges):
        raise bad("the crossings must pair up the 4 bridges (ruling MI-13)")


def _build_board(raw: Mapping[str, Any]) -> Board:
    """Read the board data into a Board (checked afterwards by ``_check_board``)."""
    spaces = raw["spaces"]
    kinds = tuple(str(s["kind"]) for s in spaces)
    names = tuple(str(s["name"]) for s in spaces)
    exit_of = tuple(s.get("exit") for s in spaces)
    exits = {e: i for i, e in enumerate(exit_of) if e is not None}
    hood_of = tuple(s.get("neighbourhood") for s in spaces)
    hoods = raw["neighbourhoods"]
    hood_streets = tuple(
        tuple(i for i, h in enumerate(hood_of) if h == k) for k in range(len(hoods))
    )
    areas = raw["areas"]
    area_district = tuple(int(a["district"]) for a in areas)
    area_streets = tuple((int(a["streets"][0]), int(a["streets"][1])) for a in areas)
    street_areas = {
        s: tuple(i for i, pair in enumerate(area_streets) if s in pair)
        for s, k in enumerate(kinds)
        if k == "street"
    }
    n_districts = len(raw["districts"])
    district_areas = tuple(
        tuple(i for i, d in enumerate(area_district) if d == k) for k in range(n_districts)
    )
    opposite: dict[int, int] = {}
    avenue: dict[int, str] = {}
    for c in raw["crossings"]:
        a, b = c["bridges"]
        opposite[a], opposite[b] = b, a
        avenue[a] = avenue[b] = str(c["avenue"])
    streets = tuple(i for i, k in enumerate(kinds) if k == "street")
    bridges = tuple(i for i, k in enumerate(kinds) if k == "bridge")
    return Board(
        kinds=kinds,
        names=names,
        exits=exits,
        exit_of=exit_of,
        hood_of=hood_of,
        hood_streets=hood_streets,
        hood_colours=tuple(str(h["colour"]) for h in hoods),
        hood_district=tuple(int(h["district"]) for h in hoods),
        district_names=tuple(str(d["name"]) for d in raw["districts"]),
        area_district=area_district,
        area_streets=area_streets,
        street_areas=street_areas,
        district_areas=district_areas,
        opposite=opposite,
        avenue=avenue,
        neighbourhood_values=tuple(int(v) for v in raw["neighbourhood_values"]),
        streets=streets,
        bridges=bridges,
        concessions=tuple(i for i, k in enumerate(kinds) if k in ("street", "bridge")),
    )


BOARD = load_board()


# --- the Metropoli (event) cards: ruling MI-8 --------------------------------------------------
@attrs.frozen
class Card:
    """One Metropoli card: an effect from the game's own primitives and its amount or target."""

    id: str
    text: str
    effect: str
    amount: int = 0


#: effect -> what ``amount`` means (documented in docs/metropoli.md)
CARD_EFFECTS: Mapping[str, str] = {
    "collect": "dollars the Bank pays the reader",
    "pay": "dollars the reader pays the Bank",
    "collect_from_each": "dollars every other player in the game pays the reader",
    "pay_each": "dollars the reader pays every other player not bankrupt",
    "advance_to": "the space to advance to (passing La Borsa pays)",
    "go_to": "the space to go to directly (passes nothing)",
    "advance_to_bridge": "unused (advance to the nearest Bridge ahead)",
    "advance_to_free": "unused (advance to the next space whose concession is free)",
    "free_block": "unused (one free block, Master Plan applies)",
    "pay_per_block": "dollars per block on the areas of each of the reader's streets",
    "collect_per_bridge": "dollars per Bridge concession the reader owns",
    "collect_per_street": "dollars per street concession the reader owns",
    "pay_per_street": "dollars per street concession the reader owns",
    "move_back": "spaces to move back",
}
_SPACE_EFFECTS = {"advance_to", "go_to"}
MAX_DECK = 200
MAX_CARD_AMOUNT = 10_000_000


#: the longest card id and card text a deck may have (a deck may come from a client)
MAX_CARD_ID = 40
MAX_CARD_TEXT = 500


def parse_cards(raw: Any, where: str = "cards") -> tuple[Card, ...]:
    """Read and validate an event deck; raise InvalidOption naming the problem."""
    if isinstance(raw, Mapping):
        raw = raw.get("cards")
    if not isinstance(raw, Sequence) or isinstance(raw, str) or not raw:
        raise InvalidOption(
            f"{where}: expected a non-empty list of cards (or an object with a 'cards' list)"
        )
    if len(raw) > MAX_DECK:
        raise InvalidOption(f"{where}: at most {MAX_DECK} cards, got {len(raw)}")
    out = []
    seen = set()
    for i, c in enumerate(raw):
        at = f"{where}[{i}]"
        if isinstance(c, Mapping) and isinstance(c.get("id"), str):
            at += f" (card {c['id']!r})"
        if not isinstance(c, Mapping):
            raise InvalidOption(f"{at}: a card is an object with id, text, effect, amount")
        extra = sorted(repr(k) for k in c if k not in ("id", "text", "effect", "amount"))
        if extra:
            raise InvalidOption(
                f"{at}: unknown field(s) {', '.join(extra)}; allowed: id, text, effect, amount"
            )
        cid, text, effect = c.get("id"), c.get("text", ""), c.get("effect")
        amount = c.get("amount", 0)
        if (
            not isinstance(cid, str)
            or not 0 < len(cid) <= MAX_CARD_ID
            or any(ch.isspace() or not ch.isprintable() for ch in cid)
        ):
            raise InvalidOption(
                f"{at}: id must be 1 to {MAX_CARD_ID} printable characters without spaces"
            )
        if cid in seen:
            raise InvalidOption(f"{at}: the id {cid!r} is used twice; ids must differ")
        seen.add(cid)
        if not isinstance(text, str) or len(text) > MAX_CARD_TEXT:
            raise InvalidOption(
                f"{at}: text must be a string of at most {MAX_CARD_TEXT} characters"
            )
        if not isinstance(effect, str) or effect not in CARD_EFFECTS:
            raise InvalidOption(
                f"{at}: unknown effect {effect!r}; effects: {', '.join(sorted(CARD_EFFECTS))}"
            )
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise InvalidOption(f"{at}: amount must be an integer")
        if effect in _SPACE_EFFECTS:
            if not 0 <= amount < BOARD.size:
                raise InvalidOption(f"{at}: amount must be a space 0..{BOARD.size - 1}")
        elif not 0 <= amount <= MAX_CARD_AMOUNT:
            raise InvalidOption(f"{at}: amount must be between 0 and {MAX_CARD_AMOUNT}")
        elif effect == "move_back" and not 1 <= amount < BOARD.size:
            raise InvalidOption(f"{at}: move_back needs 1..{BOARD.size - 1} spaces")
        out.append(Card(cid, text, str(effect), amount))
    return tuple(out)


DEFAULT_CARDS = parse_cards(_read_json("cards.json"), "metropoli/data/cards.json")


def load_cards_file(path: str) -> list[dict[str, Any]]:
    """Read a card file for ``--cards FILE``: validated, returned as plain JSON card objects."""
    try:
        with open(path, encoding="utf-8") as f:
            raw = json.load(f)
    except (OSError, ValueError) as exc:
        raise InvalidOption(f"--cards {path}: cannot read a JSON card file: {exc}") from exc
    cards = parse_cards(raw, f"--cards {path}")
    return [attrs.asdict(c) for c in cards]


def value_cell_reached(tallest: int, column: int) -> bool:
    """Whether a position can read the Concession Value card at (tallest, column): a street's
    three areas hold at most 3 x the district's tallest building, and column 10 is also read
    for a skyscraper, which is at least two floors (the card's dashes mark the rest)."""
    return column <= min(3 * tallest, VALUE_MAX_BLOCKS) or (
        column == VALUE_MAX_BLOCKS and tallest >= FIRST_ROOF_HEIGHT
    )


def concession_value(tallest: int, blocks: int, skyscraper: bool) -> int:
    """The Concession Value card (ruling MI-6): H x $20,000 x min(B, 10); B is 10 with a roof."""
    if blocks == 0:
        return 0
    b = VALUE_MAX_BLOCKS if skyscraper else min(blocks, VALUE_MAX_BLOCKS)
    return tallest * VALUE_PER_FLOOR_BLOCK * b


#: the Concession Value card as printed, a row per height of the district's tallest building
#: and a column per block count (``VALUE_COLUMNS``); None where the card has a dash (a
#: combination no position reaches)
VALUE_CARD: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(
        concession_value(h, b, b == VALUE_MAX_BLOCKS) if value_cell_reached(h, b) else None
        for b in VALUE_COLUMNS
    )
    for h in HEIGHTS
)

#: the rulebook's costs and payments, by the name the static data gives each
COSTS: Mapping[str, int] = {
    "block": BLOCK_COST,
    "borsa_pass": BORSA_PASS,
    "borsa_land": BORSA_LAND,
    "toll_per_bridge": TOLL_PER_BRIDGE,
    "fine_per_pip": FINE_PER_PIP,
    "preemption_extra": PREEMPT_EXTRA,
    "bridge_wealth": BRIDGE_WEALTH,
    "trust_factor": TRUST_FACTOR,
}
#: the heights that get a roof, in the order the roofs are placed (Master Plan rules 4-8)
SKYSCRAPER_HEIGHTS = tuple(range(FIRST_ROOF_HEIGHT, FIRST_ROOF_HEIGHT + ROOFS))
