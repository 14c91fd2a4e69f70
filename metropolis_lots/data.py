"""The facts of Metropolis as data: board geometry, building floor plans, the scoring chart.

All three are reconstructions (rulings MS-1, MS-3, MS-4) shipped as JSON files in ``data/``
beside this module; every lot list (districts, neighbours, park view, river, centre) and every
building placement is computed from them, so replacing a file changes the game without code.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar, cast

import attrs

from common import InvalidOption
from common.codec import thaw
from metropolis_lots.actions import Build

DATA_DIR = Path(__file__).with_name("data")
LOCATIONS = ("park_view", "river", "centre")
#: option ``rotation`` (ruling MS-A12): the quarter turns a floor plan may be given from its
#: printed orientation. A building is never mirrored (MS-3): ``free`` turns it any way,
#: ``half`` only around (so the mirrored apartments differ, as the seed says), ``none`` not
TURNS: Mapping[str, tuple[int, ...]] = {"half": (0, 2), "free": (0, 1, 2, 3), "none": (0,)}
DEFAULT_ROTATION = "half"

# ---------------------------------------------------------------------------------- set-up
#: ruling MS-5: lots dealt to each seat by player count
DEAL = {2: 12, 3: 8, 4: 6, 5: 5}
#: ruling MS-5: the chip supply by colour, in the rulebook's order
CHIPS = {"white": 30, "green": 30, "blue": 20, "yellow": 15, "pink": 15}
#: the seed's "Contents": the 25 buildings by kind (the floor plans in data are MS-3 RECON)
SEED_BUILDINGS = {
    "house": 8,
    "shop": 3,
    "school": 2,
    "apartment": 4,
    "factory": 3,
    "office": 2,
    "hospital": 2,
    "department_store": 1,
}
#: ruling MS-5: colours by player count (4 players choose: option ``colours``)
#: each chip colour of the rulebook (MS-5, MS-A8) as drawn: on the board, in the browser's
#: panels and log and in the terminal (a white chip has a dark rim wherever it is drawn)
CHIP_COLOURS = {
    "white": "#ffffff",
    "green": "#3a9d4f",
    "blue": "#3b78d8",
    "yellow": "#f2c12e",
    "pink": "#f08cc0",
}
COLOURS = {2: ("white", "green"), 3: ("white", "green", "blue"), 5: tuple(CHIPS)}
DEFAULT_FOUR = ("white", "green", "blue", "yellow")
#: ruling MS-6: a district is free to claim while fewer than this many lots are occupied
FREE_UNTIL = 5
#: the seed's "Setup": four lot cards face up form the offer
OFFER_SIZE = 4
#: the seed's "A game of strategy for 2-5 players"
MAX_SEATS = 5
#: option ``trade_proposals``: the most proposals a seat may make in its window (MS-A11)
MAX_TRADE_PROPOSALS = 10


def _read(path: Path, what: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidOption(f"cannot read the {what} file {str(path)!r}: {exc.strerror}") from exc
    except ValueError as exc:
        raise InvalidOption(f"the {what} file {str(path)!r} is not JSON: {exc}") from exc


# ---------------------------------------------------------------------------------- board
@attrs.frozen
class Board:
    """The 80 lots: districts of 2x5, orthogonal neighbours and the three locations (MS-1)."""

    lots: tuple[int, ...]
    districts: tuple[int, ...]
    rows: int
    cols: int
    position: Mapping[int, tuple[int, int]]
    neighbours: Mapping[int, tuple[int, ...]]
    park_view: frozenset[int]
    river: frozenset[int]
    centre: frozenset[int]
    #: the locations of each lot, by lot
    lot_locations: Mapping[int, frozenset[str]]

    def district_of(self, lot: int) -> int:
        """The district of a lot: its first digit."""
        return lot // 10

    def locations_of(self, lots: tuple[int, ...]) -> frozenset[str]:
        """The locations a building on ``lots`` has: any lot having it counts (ruling MS-4)."""
        return frozenset().union(*(self.lot_locations[lot] for lot in lots))


def board_json(board: Board) -> dict[str, Any]:
    """The board as plain JSON (MS-1): the lots and districts (a lot's district is its first
    digit), each lot's place on the whole board (row, column; the park fills the cells no lot
    has), its neighbours (MS-2) and the three locations, lots ascending."""
    return {
        "lots": list(board.lots),
        "districts": list(board.districts),
        "position": {str(lot): list(board.position[lot]) for lot in board.lots},
        "neighbours": {str(lot): list(board.neighbours[lot]) for lot in board.lots},
        "park_view": sorted(board.park_view),
        "river": sorted(board.river),
        "centre": sorted(board.centre),
    }


def board_from_json(data: Any) -> Board:
    """Compute the board from its one geometry description (ruling MS-1)."""
    rows = int(data["district_rows"])
    cols = int(data["district_cols"])
    layout: list[list[str]] = data["layout"]
    position: dict[int, tuple[int, int]] = {}
    park_cells: set[tuple[int, int]] = set()
    districts = []
    for lr, line in enumerate(layout):
        for lc, cell in enumerate(line):
            if cell == data["park_view"]["touches"]:
                park_cells.update(
                    (lr * rows + r, lc * cols + c) for r in range(rows) for c in range(cols)
                )
                continue
            d = int(cell)
            districts.append(d)
            for r in range(rows):
                for c in range(cols):
                    position[d * 10 + r * cols + c] = (lr * rows + r, lc * cols + c)
    lots = tuple(sorted(position))
    at = {p: lot for lot, p in position.items()}
    neighbours = {}
    for lot, (r, c) in position.items():
        near = [at.get(p) for p in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))]
        # ruling MS-2: lots of different districts are never neighbours
        neighbours[lot] = tuple(sorted(n for n in near if n is not None and n // 10 == lot // 10))
    corners = bool(data["park_view"]["corners"])
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    if not corners:
        steps = [(dr, dc) for dr, dc in steps if dr == 0 or dc == 0]
    park_view = frozenset(
        lot
        for lot, (r, c) in position.items()
        if any((r + dr, c + dc) in park_cells for dr, dc in steps)
    )
    # the river runs along the border between two layout rows, under the listed layout columns
    top, bottom = data["river"]["between_layout_rows"]
    river_cols = set(data["river"]["layout_cols"])
    river = frozenset(
        lot
        for lot, (r, c) in position.items()
        if c // cols in river_cols
        and ((r // rows == top and r % rows == rows - 1) or (r // rows == bottom and r % rows == 0))
    )
    centre_d = set(data["centre"]["districts"])
    centre = frozenset(lot for lot in lots if lot // 10 in centre_d)
    # lots with the same locations share one set (made once per combination)
    sets: dict[tuple[bool, ...], frozenset[str]] = {}
    places = {}
    for lot in lots:
        has = (lot in park_view, lot in river, lot in centre)
        found = sets.get(has)
        if found is None:
            names = ("park_view", "river", "centre")
            found = sets[has] = frozenset(n for n, h in zip(names, has, strict=True) if h)
        places[lot] = found
    return Board(
        lots,
        tuple(sorted(districts)),
        rows,
        cols,
        position,
        neighbours,
        park_view,
        river,
        centre,
        places,
    )


# ---------------------------------------------------------------------------------- buildings
@attrs.frozen
class Model:
    """One building model of the supply: its chart kind, copies and floor plan (MS-3)."""

    id: str
    kind: str
    count: int
    #: its floor plan in the printed orientation (MS-3, MS-A12)
    cells: tuple[tuple[int, int], ...]
    #: its rulebook name ("apartment building"), for words
    name: str = ""

    @property
    def size(self) -> int:
        """How many lots it covers."""
        return len(self.cells)


def rotations(
    cells: tuple[tuple[int, int], ...], turns: tuple[int, ...] = TURNS["free"]
) -> list[tuple[tuple[int, int], ...]]:
    """The distinct orientations of a floor plan turned by each number of quarter turns in
    ``turns`` (never mirrored: ruling MS-3; which turns: option ``rotation``, MS-A12),
    normalised."""
    out: list[tuple[tuple[int, int], ...]] = []
    shape = list(cells)
    for quarter in range(4):
        if quarter in turns:
            r0 = min(r for r, _ in shape)
            c0 = min(c for _, c in shape)
            norm = tuple(sorted((r - r0, c - c0) for r, c in shape))
            if norm not in out:
                out.append(norm)
        shape = [(c, -r) for r, c in shape]
    return out


@attrs.frozen
class Placement:
    """Where a model fits in a district: its lots (ascending) and their bitmask in the district."""

    lots: tuple[int, ...]
    mask: int


def placements_in(
    board: Board, model: Model, district: int, rotation: str = DEFAULT_ROTATION
) -> tuple[Placement, ...]:
    """Every placement of ``model`` inside ``district``, turned as option ``rotation`` allows
    (MS-A12), never mirrored (MS-3)."""
    shift = (district * 10).__add__
    return tuple(
        Placement(tuple(map(shift, idx)), mask)
        for idx, mask in _local_placements(board.rows, board.cols, model.cells, TURNS[rotation])
    )


@cache
def _local_placements(
    rows: int, cols: int, cells: tuple[tuple[int, int], ...], turns: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The placements of a floor plan turned by ``turns`` (quarter turns) in a rows x cols
    district, as (lot indices inside the district, their bitmask), by lot indices; every
    district is such a block (MS-1)."""
    found: dict[tuple[int, ...], int] = {}
    for shape in rotations(cells, turns):
        height = 1 + max(r for r, _ in shape)
        width = 1 + max(c for _, c in shape)
        for r0 in range(rows - height + 1):
            for c0 in range(cols - width + 1):
                idx = tuple(sorted((r0 + r) * cols + c0 + c for r, c in shape))
                found.setdefault(idx, sum(1 << i for i in idx))
    return tuple(sorted(found.items()))


def models_from_json(data: Any) -> tuple[Model, ...]:
    """Read the building models."""
    return tuple(
        Model(
            m["id"],
            m["kind"],
            int(m["count"]),
            tuple((int(r), int(c)) for r, c in m["cells"]),
            str(m.get("name", m["kind"])),
        )
        for m in data["models"]
    )


# ---------------------------------------------------------------------------------- chart
@attrs.frozen
class ChartRow:
    """One row of the scoring chart."""

    base: int
    location: Mapping[str, int]
    per_building: Mapping[str, int]
    forbidden: frozenset[str]


@attrs.frozen
class Chart:
    """The scoring chart (ruling MS-4): a row per building kind; "No" pairs are symmetric."""

    rows: Mapping[str, ChartRow]
    source: str

    def forbids(self, a: str, b: str) -> bool:
        """True when kinds ``a`` and ``b`` may not stand in the same district (either way)."""
        return b in self.rows[a].forbidden or a in self.rows[b].forbidden


def chart_from_json(data: Any, kinds: frozenset[str], source: str) -> Chart:
    """Validate a chart's shape and read it; InvalidOption names what is wrong and what fits."""

    def bad(msg: str) -> InvalidOption:
        return InvalidOption(
            f"chart {source}: {msg}. A chart is an object with 'kinds': {{kind: {{'base': int, "
            f"'location': {{{'|'.join(LOCATIONS)}: int}}, 'per_building': {{kind: int}}, "
            f"'forbidden': [kind, ...]}}}} for the kinds {sorted(kinds)}"
        )

    if not isinstance(data, Mapping) or not isinstance(data.get("kinds"), Mapping):
        raise bad("no 'kinds' object")
    table = data["kinds"]
    if set(table) != kinds:
        missing = sorted(kinds - set(table))
        extra = sorted(set(table) - kinds)
        raise bad(f"kinds missing {missing}, unknown {extra}")
    rows = {}
    for kind in sorted(table):
        row = table[kind]
        if not isinstance(row, Mapping) or set(row) != {
            "base",
            "location",
            "per_building",
            "forbidden",
        }:
            raise bad(f"row {kind!r} must have exactly base, location, per_building, forbidden")
        base = row["base"]
        if not isinstance(base, int) or isinstance(base, bool):
            raise bad(f"row {kind!r}: base must be an integer, got {base!r}")
        loc = row["location"]
        if not isinstance(loc, Mapping) or not set(loc) <= set(LOCATIONS):
            raise bad(f"row {kind!r}: location keys must be among {list(LOCATIONS)}")
        per = row["per_building"]
        if not isinstance(per, Mapping) or not set(per) <= kinds:
            raise bad(f"row {kind!r}: per_building keys must be building kinds")
        for what, m in (("location", loc), ("per_building", per)):
            for k, v in m.items():
                if not isinstance(v, int) or isinstance(v, bool):
                    raise bad(f"row {kind!r}: {what}[{k!r}] must be an integer, got {v!r}")
        forb = row["forbidden"]
        # a list, or the tuple a save's options are read back as
        if not isinstance(forb, list | tuple) or not all(
            isinstance(f, str) and f in kinds for f in forb
        ):
            raise bad(f"row {kind!r}: forbidden must be a list of building kinds")
        rows[kind] = ChartRow(base, dict(loc), dict(per), frozenset(forb))
    return Chart(rows, source)


# ---------------------------------------------------------------------------------- loading
@attrs.frozen
class Rules:
    """Everything the engine reads from data: board, models, placements, pool sizes, chart."""

    board: Board
    models: tuple[Model, ...]
    model_by_id: Mapping[str, Model]
    #: model id -> the model's index in ``models`` (and in a game's supply counts)
    model_index: Mapping[str, int]
    pool_sizes: frozenset[int]
    chart: Chart
    #: forbidden[kind] -> kinds that may not share its district
    forbidden: Mapping[str, frozenset[str]]
    #: builds[model index][district] -> (mask, the Build action) for each placement
    builds: tuple[Mapping[int, tuple[tuple[int, Build], ...]], ...]
    #: district_masks[d]: the bits of the district's lots (bit i is lot d*10+i)
    district_masks: Mapping[int, int]
    #: near_masks[d][mask]: the lots of district d next to any lot in ``mask`` (MS-2)
    near_masks: Mapping[int, tuple[int, ...]]
    #: placed[d]: (model index, mask, build) of every placement in district d, by model then
    #: placement; its position there is the placement's rank (the listing order)
    placed: Mapping[int, tuple[tuple[int, int, Build], ...]]
    #: inside[mask]: the ranks of the placements lying on the lots of ``mask`` (the same in
    #: every district: all share one geometry); inside_pool: only the pool-size models'
    inside: Sequence[tuple[int, ...]]
    inside_pool: Sequence[tuple[int, ...]]
    #: the same sets of ranks as bits (bit k for rank k), for the engine's listings:
    #: ``inside_bits[mask]`` as ``inside``, ``pool_bits[mask]`` as ``inside_pool``,
    #: ``touching[mask]`` the placements with a lot in ``mask``, ``model_ranks[model index]``
    #: the placements of that model
    inside_bits: tuple[int, ...]
    pool_bits: tuple[int, ...]
    touching: tuple[int, ...]
    model_ranks: tuple[int, ...]
    #: ``lot_places[lot]``: the lot's locations as bits (bit i for ``LOCATIONS[i]``)
    lot_places: tuple[int, ...]
    #: ``fixed_values[kind][places]``: the chart's base plus location value (MS-4) of a
    #: building of ``kind`` whose lots have the locations ``places`` (bits, as ``lot_places``)
    fixed_values: Mapping[str, tuple[int, ...]]
    #: option ``rotation`` (ruling MS-A12): how the floor plans were turned to place them
    rotation: str

    @property
    def placements(self) -> tuple[Mapping[int, tuple[Placement, ...]], ...]:
        """``placements[model index][district]``: every placement of that model in that
        district, from ``placements_in`` (made when first read: the engine lists buildings
        from ``placed``; the readable rules and the tests read these)."""
        return self._when_read("placements", _placements)

    @property
    def build_index(self) -> Mapping[tuple[str, tuple[int, ...]], tuple[int, int, int]]:
        """(model id, lots) -> (model index, district, mask): the exact check of a Build
        (made when first read: random play applies listed builds and never checks one)."""
        return self._when_read("build_index", _build_index)

    def _when_read(self, name: str, make: Callable[[Rules], T]) -> T:
        """The table ``make(self)``, made once for these tables' ``builds``."""
        entry = _WHEN_READ.get(id(self.builds))
        if entry is None or entry[0] is not self.builds:
            entry = _WHEN_READ[id(self.builds)] = (self.builds, {})
        made = entry[1]
        if name not in made:
            made[name] = make(self)
        return cast(T, made[name])


T = TypeVar("T")
#: id of a ``Rules.builds`` -> (that table, the tables made from it by name): kept so that
#: the id is not reused while the entry lives (``attrs.evolve`` copies share ``builds``)
_WHEN_READ: dict[int, tuple[object, dict[str, object]]] = {}


def _placements(r: Rules) -> tuple[Mapping[int, tuple[Placement, ...]], ...]:
    return tuple(
        {d: placements_in(r.board, m, d, r.rotation) for d in r.board.districts} for m in r.models
    )


def _build_index(r: Rules) -> dict[tuple[str, tuple[int, ...]], tuple[int, int, int]]:
    return {
        (a.model, a.lots): (mi, d, mask)
        for mi, per in enumerate(r.builds)
        for d, row in per.items()
        for mask, a in row
    }


@cache
def default_board() -> Board:
    """The shipped board (reconstruction, ruling MS-1)."""
    return board_from_json(_read(DATA_DIR / "board.json", "board"))


@cache
def _buildings() -> tuple[tuple[Model, ...], frozenset[int]]:
    data = _read(DATA_DIR / "buildings.json", "buildings")
    return models_from_json(data), frozenset(int(x) for x in data["pool_sizes"])


def _chart_kinds() -> frozenset[str]:
    models, _ = _buildings()
    return frozenset(m.kind for m in models)


@cache
def _shipped_chart() -> Chart:
    return chart_from_json(_read(DATA_DIR / "chart.json", "chart"), _chart_kinds(), "(built in)")


def read_chart_file(path: str) -> Any:
    """The chart held in the file ``path`` (for the command line's ``--chart FILE``)."""
    return _read(Path(path), "chart")


def chart_key(value: Any) -> str | None:
    """The ``chart`` option as the key of its tables: its canonical JSON text (None: shipped)."""
    return None if value is None else json.dumps(thaw(value), sort_keys=True)


def check_chart_option(value: Any) -> bool:
    """Validate the ``chart`` option: None (the shipped chart) or a chart, as JSON data.

    The chart itself, never a path: a rule option travels in requests and saves, and a
    path in them would let a client make the host read its files (the command line's
    ``--chart FILE`` reads the file and passes what it holds).
    """
    if value is None:
        return True
    if isinstance(value, str):
        raise InvalidOption(
            "option chart is the scoring chart itself (a JSON object with 'kinds'), not a "
            "file name; on the command line --chart FILE reads a chart file"
        )
    chart_from_json(value, _chart_kinds(), "(option chart)")
    return True


@cache
def _tables(rotation: str = DEFAULT_ROTATION) -> Rules:
    """The chart-independent tables for option ``rotation`` (MS-A12), made once per process;
    the chart is set per game."""
    board = default_board()
    models, pool = _buildings()
    chart = _shipped_chart()
    # every district is the same block of lots (MS-1), so each model has the same local
    # placements in every district: the Build actions are made straight from them, without
    # a Placement object each (``Rules.placements`` has those)
    turns = TURNS[rotation]
    local = [_local_placements(board.rows, board.cols, m.cells, turns) for m in models]
    builds = tuple(
        {
            d: tuple((mask, Build(m.id, tuple(map((d * 10).__add__, idx)))) for idx, mask in places)
            for d in board.districts
        }
        for m, places in zip(models, local, strict=True)
    )
    full = {
        d: sum(1 << (lot - d * 10) for lot in board.lots if lot // 10 == d) for d in board.districts
    }
    placed = {
        d: tuple((mi, pm, a) for mi in range(len(models)) for pm, a in builds[mi][d])
        for d in board.districts
    }
    # the (model index, mask) of every placement by rank, the same in every district
    shape = tuple((mi, mask) for mi, places in enumerate(local) for _, mask in places)
    inside_bits = _rank_bits(shape)
    # the pool-size models' placements lying on a pattern: those of all models, less the rest
    pool_ranks = sum(1 << k for k, (mi, _) in enumerate(shape) if models[mi].size in pool)
    pool_bits = tuple(map(pool_ranks.__and__, inside_bits))
    by_lot = [sum(1 << k for k, (_, pm) in enumerate(shape) if pm >> i & 1) for i in range(10)]
    touching = _grown(by_lot)  # the placements with a lot in the pattern
    near_masks = {}
    made: dict[tuple[int, ...], tuple[int, ...]] = {}  # districts share their geometry
    for d in board.districts:
        one = tuple(
            sum(1 << (x % 10) for x in board.neighbours.get(d * 10 + i, ())) for i in range(10)
        )
        table = made.get(one)
        if table is None:
            table = made[one] = _grown(one)  # the lots next to any lot of the pattern
        near_masks[d] = table
    return Rules(
        board,
        models,
        {m.id: m for m in models},
        {m.id: mi for mi, m in enumerate(models)},
        pool,
        chart,
        _forbidden(chart),
        builds,
        full,
        near_masks,
        placed,
        RankLists(inside_bits),
        RankLists(pool_bits),
        inside_bits,
        pool_bits,
        touching,
        tuple(
            sum(1 << k for k, (mi, _) in enumerate(shape) if mi == model)
            for model in range(len(models))
        ),
        tuple(
            sum(1 << i for i, name in enumerate(LOCATIONS) if name in board.lot_locations[lot])
            if lot in board.lot_locations
            else 0
            for lot in range(100)
        ),
        _fixed_values(chart),
        rotation,
    )


def _rank_bits(shape: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """For every lot pattern of a district, the bits of the ranks of the placements lying
    on it."""
    bits = [0] * 1024
    for rank, (_, pm) in enumerate(shape):
        bits[pm] |= 1 << rank
    # A pattern holds what each pattern with one lot less holds: lot by lot, every pattern
    # with the lot gains what the same pattern without it holds, a block of patterns at a
    # time (the ORs run in C: this table is made at the start of every process).
    for i in range(10):
        size = 1 << i
        if size < 32:  # the patterns with the lot, as few strided slices (one per offset)
            for j in range(size):
                with_lot = slice(size + j, 1024, 2 * size)
                without = slice(j, 1024, 2 * size)
                bits[with_lot] = map(operator.or_, bits[with_lot], bits[without])
        else:  # as few blocks (one per run of patterns with the lot)
            for start in range(size, 1024, 2 * size):
                with_lot = slice(start, start + size)
                without = slice(start - size, start)
                bits[with_lot] = map(operator.or_, bits[with_lot], bits[without])
    return tuple(bits)


def _grown(per_lot: Sequence[int]) -> tuple[int, ...]:
    """``table[pattern]``: the OR of ``per_lot[i]`` over the lots ``i`` of the pattern."""
    table = [0]
    for value in per_lot:  # the patterns with lot i are those without it, plus its value
        table += list(map(value.__or__, table))
    return tuple(table)


class RankLists(Sequence[tuple[int, ...]]):
    """``table[mask]``: the ascending ranks whose bits are set in ``bits[mask]``, each tuple
    made when first asked for (most patterns never are)."""

    def __init__(self, bits: tuple[int, ...]) -> None:
        self._bits = bits
        self._made: dict[int, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self._bits)

    def __getitem__(self, mask: int) -> tuple[int, ...]:  # type: ignore[override]
        found = self._made.get(mask)
        if found is None:
            b = self._bits[mask]
            found = self._made[mask] = tuple(k for k in range(b.bit_length()) if b >> k & 1)
        return found

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return (self[m] for m in range(len(self._bits)))


def _fixed_values(chart: Chart) -> dict[str, tuple[int, ...]]:
    """``Rules.fixed_values``: per kind, base plus location value by location bits."""
    return {
        kind: tuple(
            row.base
            + sum(row.location.get(name, 0) for i, name in enumerate(LOCATIONS) if places >> i & 1)
            for places in range(1 << len(LOCATIONS))
        )
        for kind, row in chart.rows.items()
    }


def _forbidden(chart: Chart) -> dict[str, frozenset[str]]:
    return {k: frozenset(o for o in chart.rows if chart.forbids(k, o)) for k in chart.rows}


@lru_cache(maxsize=32)  # bounded: every chart a client sends would stay otherwise
def rules_for(key: str | None, rotation: str = DEFAULT_ROTATION) -> Rules:
    """The data of a game with the chart whose ``chart_key`` is ``key`` (None: the shipped)
    and buildings turned as option ``rotation`` says (ruling MS-A12)."""
    tables = _tables(rotation)
    if key is None:
        return tables
    chart = chart_from_json(json.loads(key), _chart_kinds(), "(option chart)")
    return attrs.evolve(
        tables, chart=chart, forbidden=_forbidden(chart), fixed_values=_fixed_values(chart)
    )


def rules_of(chart: Any, rotation: str = DEFAULT_ROTATION) -> Rules:
    """The data of a game whose ``chart`` option is ``chart`` (a checked chart, or None)
    and whose ``rotation`` option is ``rotation``."""
    return rules_for(chart_key(chart), rotation)
