"""The facts of Metro City as data: the tiles, the grid, the streets and the bonus tokens.

Tiles and tokens are FACT (rulings MC-1, MC-2), and so are the tiles' names in the rule source
and in the published rules (ruling MC-A10: the Park is called a School there); the street
display names are a reconstruction (ruling MC-6) read from ``data/streets.json``, a replaceable
file.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Final, Literal

import attrs

Kind = Literal["residential", "commercial", "industrial", "park", "power", "mall", "court"]

ROWS: Final = 5
COLUMNS: Final = 6
BLOCKS: Final = ROWS * COLUMNS
HAND_SIZE: Final = 5
TOKENS: Final = tuple(range(1, 16))  # ruling MC-2: Currency tokens $1 to $15
COLUMN_LETTERS: Final = "ABCDEF"


#: each category's name, as the rule source words it (seed 004)
KIND_NAMES: Final[dict[Kind, str]] = {
    "residential": "Residential",
    "commercial": "Commercial",
    "industrial": "Industrial",
    "park": "Park",
    "power": "Power Plant",
    "mall": "Mall",
    "court": "Courthouse",
}
#: the other name of a category in the published rules of City Blocks, where it differs from
#: the rule source's (ruling MC-A10: the Park is a School there); display only
EDITION_NAMES: Final[dict[Kind, str]] = {"park": "School"}
#: what the published rules call the buildings of each numbered category (ruling MC-A10)
BUILDING_NAMES: Final[dict[Kind, str]] = {
    "residential": "Houses",
    "commercial": "Stores",
    "industrial": "Factories",
}


def category_display(kind: Kind) -> str:
    """A category's name with the published rules' other name: ``Park (School)``, ``Mall``."""
    other = EDITION_NAMES.get(kind)
    return f"{KIND_NAMES[kind]} ({other})" if other else KIND_NAMES[kind]


@attrs.frozen
class TileKind:
    """One kind of building tile: its id, category, number (0 for special tiles) and label.

    ``name`` is the rule source's ("Residential 3", "Park"); ``edition_name`` the published
    rules' where it differs ("School" for the Park, ruling MC-A10; else empty). Names are
    display only: the rules read ids and categories.
    """

    id: str
    kind: Kind
    value: int
    label: str

    @property
    def name(self) -> str:
        """The tile's name in the rule source's words: ``Residential 3``, ``Park``."""
        base = KIND_NAMES[self.kind]
        return f"{base} {self.value}" if self.value else base

    @property
    def edition_name(self) -> str:
        """The published rules' name where it differs from ``name`` (``School``), else ``""``."""
        return EDITION_NAMES.get(self.kind, "")

    @property
    def display(self) -> str:
        """Both names where there are two, ``Park (School)``; else the one name."""
        other = self.edition_name
        return f"{self.name} ({other})" if other else self.name


def _numbered(prefix: str, kind: Kind, low: int, high: int, label: str) -> list[TileKind]:
    return [TileKind(f"{prefix}{v}", kind, v, f"{label}{v}") for v in range(low, high + 1)]


# ruling MC-1: Residential 1-5, Commercial 2-6, Industrial 3-7, 2 Parks, 1 Power Plant, 1 Mall,
# 1 Courthouse per player.
TILE_KINDS: Final[tuple[TileKind, ...]] = (
    *_numbered("res", "residential", 1, 5, "R"),
    *_numbered("com", "commercial", 2, 6, "C"),
    *_numbered("ind", "industrial", 3, 7, "I"),
    TileKind("park", "park", 0, "Pk"),
    TileKind("power", "power", 0, "PP"),
    TileKind("mall", "mall", 0, "Ml"),
    TileKind("court", "court", 0, "Ct"),
)
TILES: Final[dict[str, TileKind]] = {t.id: t for t in TILE_KINDS}
#: how many of each tile kind one player owns (ruling MC-1)
TILE_COUNTS: Final[dict[str, int]] = {t.id: 1 for t in TILE_KINDS} | {"park": 2}
#: one player's 20 tiles in a fixed order (the order a shuffle starts from)
PLAYER_TILES: Final[tuple[str, ...]] = tuple(t for t, n in TILE_COUNTS.items() for _ in range(n))

#: categories whose numbers stop counting on a street where one of these tiles stands (MC-4)
SUPPRESSED_BY: Final[dict[Kind, frozenset[Kind]]] = {
    "industrial": frozenset({"park", "mall"}),
    "residential": frozenset({"power", "mall"}),
}


def block_id(index: int) -> str:
    """The id of block ``index`` (row-major): avenue letter and street number, e.g. ``B3``."""
    return f"{COLUMN_LETTERS[index % COLUMNS]}{index // COLUMNS + 1}"


BLOCK_IDS: Final[tuple[str, ...]] = tuple(block_id(i) for i in range(BLOCKS))
BLOCK_INDEX: Final[dict[str, int]] = {b: i for i, b in enumerate(BLOCK_IDS)}


@attrs.frozen
class Street:
    """One of the 11 streets: a row (a Street) or a column (an Avenue) of blocks."""

    id: str
    name: str
    is_row: bool
    blocks: tuple[int, ...]


def _load_streets() -> tuple[Street, ...]:
    text = resources.files("metrocity").joinpath("data/streets.json").read_text("utf-8")
    names = json.loads(text)
    if len(names["rows"]) != ROWS or len(names["columns"]) != COLUMNS:
        raise ValueError(f"streets.json must name {ROWS} rows and {COLUMNS} columns")
    rows = [
        Street(
            f"st{r + 1}", str(names["rows"][r]), True, tuple(range(r * COLUMNS, (r + 1) * COLUMNS))
        )
        for r in range(ROWS)
    ]
    cols = [
        Street(
            f"av{COLUMN_LETTERS[c]}",
            str(names["columns"][c]),
            False,
            tuple(range(c, BLOCKS, COLUMNS)),
        )
        for c in range(COLUMNS)
    ]
    # ruling MC-2: tokens go to the streets in this fixed order, rows first
    return (*rows, *cols)


STREETS: Final[tuple[Street, ...]] = _load_streets()
STREET_INDEX: Final[dict[str, int]] = {s.id: i for i, s in enumerate(STREETS)}
#: for each block, (its row street index, its column street index): row first (MC-4)
BLOCK_STREETS: Final[tuple[tuple[int, int], ...]] = tuple(
    (i // COLUMNS, ROWS + i % COLUMNS) for i in range(BLOCKS)
)
#: each block's name in words, by index: the street and the avenue it lies on
BLOCK_NAMES: Final[tuple[str, ...]] = tuple(
    f"{STREETS[row].name} and {STREETS[column].name}" for row, column in BLOCK_STREETS
)


# ---------------------------------------------------------------------- static data
#: the tie rule's words, by the value of the ``tie`` option (ruling MC-4)
TIE_RULES: Final[dict[str, str]] = {
    "discard": "a tied street's token is discarded (nobody takes it)",
    "placer": "a tied street's token goes to the player whose placement completed the street",
}
#: what a special tile does besides the categories it stops (MC-5)
_SPECIAL_POWERS: Final[dict[str, str]] = {
    "court": "when placed, on an empty block or over one's own, its owner may swap the bonus "
    "tokens of two streets not yet awarded, before any award of that placement (MC-5)",
}


def stops(kind: Kind) -> list[Kind]:
    """The categories that count nothing on a street where a tile of ``kind`` stands (MC-4)."""
    return [category for category, stoppers in SUPPRESSED_BY.items() if kind in stoppers]


def _effect(tile: TileKind) -> str:
    """A tile's effect in words, from the tables (MC-4, MC-5, ruling MC-A5)."""
    if tile.value:
        stoppers = [category_display(k) for k in KIND_NAMES if tile.kind in stops(k)]
        unless = (
            f", except on a street where a {' or a '.join(stoppers)} stands" if stoppers else ""
        )
        return f"counts {tile.value} toward its owner's sum on each of its two streets{unless}"
    stopped = stops(tile.kind)
    words = ["counts nothing itself"]
    if stopped:
        named = " nor ".join(KIND_NAMES[k] for k in stopped)
        lead = "neither " if len(stopped) > 1 else "no "
        words.append(f"{lead}{named} counts on its two streets, either player's")
    if tile.kind in _SPECIAL_POWERS:
        words.append(_SPECIAL_POWERS[tile.kind])
    return "; ".join(words)


#: each seat's colour, the same on the board, in the browser's panels and log and in the
#: terminal: blue and orange, apart in every common colour blindness and carrying white words
SEAT_COLOURS = ("#2f6db5", "#c8621e")


def static_data(tie: str) -> dict[str, object]:
    """Metro City's static facts as plain JSON, for the tie rule ``tie``.

    The grid's blocks and streets, the tiles (both names of the Park, ruling MC-A10; what each
    does, in words and as the categories it stops), the tokens and the tie rule in use. Names
    are display data: the street names are a reconstruction (ruling MC-6).
    """
    blocks = [
        {
            "id": block,
            "name": BLOCK_NAMES[index],
            "row": row + 1,
            "column": COLUMN_LETTERS[column - ROWS],
            "streets": [STREETS[row].id, STREETS[column].id],
        }
        for index, (block, (row, column)) in enumerate(zip(BLOCK_IDS, BLOCK_STREETS, strict=True))
    ]
    streets = [
        {
            "id": st.id,
            "name": st.name,
            "kind": "street" if st.is_row else "avenue",
            "blocks": [BLOCK_IDS[b] for b in st.blocks],
        }
        for st in STREETS
    ]
    tiles = [
        {
            "id": t.id,
            "category": t.kind,
            "value": t.value,
            "label": t.label,
            "name": t.name,
            "names": [t.name, t.edition_name] if t.edition_name else [t.name],
            "display": t.display,
            "count": TILE_COUNTS[t.id],
            "stops": stops(t.kind),
            "effect": _effect(t),
        }
        for t in TILE_KINDS
    ]
    categories = [
        {
            "id": kind,
            "name": KIND_NAMES[kind],
            "names": [KIND_NAMES[kind], EDITION_NAMES[kind]]
            if kind in EDITION_NAMES
            else [KIND_NAMES[kind]],
            "buildings": BUILDING_NAMES.get(kind),
            "values": [t.value for t in TILE_KINDS if t.kind == kind and t.value],
            "stopped_by": sorted(SUPPRESSED_BY.get(kind, ())),
        }
        for kind in KIND_NAMES
    ]
    return {
        "game": "metrocity",
        "title": "Metro City",
        "published_as": "City Blocks (nestorgames, 2013), by J. Alan Henning",
        "players": 2,
        "grid": {"rows": ROWS, "columns": COLUMNS, "blocks": blocks},
        "streets": streets,
        "street_names": "a reconstruction (ruling MC-6): data/streets.json may be replaced",
        "award_order": "a placement completing a row and a column awards the row first (MC-4)",
        "tiles": tiles,
        "categories": categories,
        "tiles_per_player": len(PLAYER_TILES),
        "hand_size": HAND_SIZE,
        "tokens": {
            "values": list(TOKENS),
            "on_streets": len(STREETS),
            "first_player_draws": 2,
            "out_of_play": len(TOKENS) - len(STREETS),
        },
        "tie": {"rule": tie, "text": TIE_RULES[tie]},
        "seat_colours": list(SEAT_COLOURS),
    }
