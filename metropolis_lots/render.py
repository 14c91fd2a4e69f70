"""The Metropolis board as text (terminal play) and as an SVG picture .

Both are drawn from ``game.view(seat)`` (and the rules' building models: names, floor plans),
so each shows what that seat sees and nothing more. The picture is built with
``common/svg.py``; its clickable places carry the ``data-key`` of the token the actions' text
forms use (``lot:31``, ``seat:2``, ``model:factory``; ``action_keys``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from common import Action
from common.svg import HINTING, Drawing, SvgWrapper, fit_text, text_width, tint, wrap_text
from common.words import in_words
from metropolis_lots import data as D
from metropolis_lots.actions import Build, Give, Propose, Take
from metropolis_lots.data import FREE_UNTIL, OFFER_SIZE, Model
from metropolis_lots.rules import Metropolis
from metropolis_lots.words import LOCATION_WORDS, counted, lots_words
from metropolis_lots.words import _rule_notes as rule_notes

_MARK = "ABCDE"
_SHORT = {
    "house": "ho",
    "shop": "sh",
    "school": "sc",
    "apartment": "ap",
    "office": "of",
    "factory": "fa",
    "hospital": "hs",
    "department_store": "ds",
}


#: the widest a text board's line is (the play loop's screen is 100 columns or more)
TEXT_WIDTH = 100
#: a player's name on the text board is cut to this many characters
_NAME = 18
#: the marks of a lot no one owns (free, or offered), and of the river and the park
_FREE, _OFFERED = "\u00b7", "*"
_RIVER, _PARK = "\u2248", "\u2591"
_DOT = " \u00b7 "
#: what the text board's first line calls a phase (the prompt says the rest)
_PHASES = {
    "deal": "the lots are dealt",
    "offer": "the first offer is turned up",
    "trade": "exchanges",
    "answer": "exchanges",
    "choose": "choosing a lot",
    "refill": "the offer is refilled",
    "build": "building",
    "pool": "building",
}


def _ranges(lots: list[int]) -> str:
    """``15-19, 25, 40``: the lots ascending, runs of consecutive ones joined."""
    runs: list[list[int]] = []
    for lot in sorted(lots):
        if runs and runs[-1][-1] == lot - 1:
            runs[-1].append(lot)
        else:
            runs.append([lot])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _wrapped(head: str, items: list[str]) -> list[str]:
    """``head`` then the items joined by dots, wrapped at the board's width under the head."""
    lines = [head]
    indent = " " * len(head)
    for item in items:
        sep = "" if lines[-1] in (head, indent) else _DOT
        if len(lines[-1]) + len(sep) + len(item) > TEXT_WIDTH:
            lines.append(indent + item)
        else:
            lines[-1] += sep + item
    return lines


def _name(name: str) -> str:
    return name if len(name) <= _NAME else name[: _NAME - 1] + "\u2026"


def _status(game: Metropolis, view: dict[str, Any]) -> str:
    """The first line: whose turn it is and what goes on, or who won."""
    names = view["players"]
    st = view["state"]
    if view["is_over"]:
        result = view["result"]
        winners = result["winners"]
        won = " and ".join(f"{_MARK[w]} {_name(names[w])}" for w in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        best = counted(result["scores"][winners[0]], "point")
        return f"Metropolis{_DOT}the game is over: {won} {verb} with {best}"
    turn = st["turn"]
    phase: str = st["phase"]
    text = _PHASES.get(phase, phase)
    trader = st["trader"]
    if trader is not None:  # ruling MS-A13: every seat's window in turn
        limit = game.options["trade_proposals"]
        text += f": {_MARK[trader]}'s window, {st['proposals_made']} of {limit} proposals made"
    if st["final_turns_left"] >= 0:  # ruling MS-A6
        text += f"{_DOT}final round, {counted(st['final_turns_left'], 'turn')} left"
    named = f"Metropolis{_DOT}turn of {_MARK[turn]} {_name(names[turn])}{_DOT}{text}"
    # a long name gives way to the mark alone (the players' lines name it)
    return (
        named if len(named) <= TEXT_WIDTH else f"Metropolis{_DOT}turn of {_MARK[turn]}{_DOT}{text}"
    )
    return text


def _grid(st: dict[str, Any]) -> list[str]:
    """The districts in their places around the park, the river where it runs (MS-1): each
    lot as its number and its owner's mark, with the code of the building on it."""
    board = st["board"]
    position = {int(lot): (rc[0], rc[1]) for lot, rc in board["position"].items()}
    at = {rc: lot for lot, rc in position.items()}
    owners = {int(lot): o for lot, o in st["owners"].items()}
    offer = set(st["offer"])
    code_at = {
        lot: _SHORT.get(b["kind"], b["kind"][:2]) for b in st["buildings"] for lot in b["lots"]
    }
    centre, river = set(board["centre"]), set(board["river"])

    def cell(lot: int) -> str:
        o = owners.get(lot)
        if o is None:
            return f"{lot}{_OFFERED if lot in offer else _FREE}  "
        return f"{lot}{_MARK[o]}{code_at.get(lot, '  ')}"

    by_district: dict[int, list[int]] = {}
    for lot in board["lots"]:
        by_district.setdefault(lot // 10, []).append(lot)
    first = by_district[board["districts"][0]]
    d_rows = 1 + max(position[x][0] for x in first) - min(position[x][0] for x in first)
    d_cols = 1 + max(position[x][1] for x in first) - min(position[x][1] for x in first)
    layout = {
        (
            min(position[x][0] for x in lots) // d_rows,
            min(position[x][1] for x in lots) // d_cols,
        ): d
        for d, lots in by_district.items()
    }
    layout_rows = 1 + max(r for r, _ in layout)
    layout_cols = 1 + max(c for _, c in layout)
    width = d_cols * 6 - 1  # a cell is 5 characters, and a space between two
    out: list[str] = []
    for gr in range(layout_rows):
        heads, blocks = [], []
        for gc in range(layout_cols):
            d = layout.get((gr, gc))
            if d is None:  # the park fills the places no district has
                heads.append("")
                blocks.append(
                    [(" park " if r == 0 else "").center(width, _PARK) for r in range(d_rows)]
                )
                continue
            lots = by_district[d]
            head = f"District {d}{_DOT}{st['occupied'][str(d)]}/{len(lots)}"
            heads.append(head + (f"{_DOT}centre" if set(lots) <= centre else ""))
            blocks.append(
                [
                    " ".join(cell(at[(gr * d_rows + r, gc * d_cols + c)]) for c in range(d_cols))
                    for r in range(d_rows)
                ]
            )
        out.append(" \u2502 ".join(h.ljust(width) for h in heads).rstrip())
        for r in range(d_rows):
            out.append(" \u2502 ".join(b[r].ljust(width) for b in blocks).rstrip())
        if gr + 1 < layout_rows:  # between two rows of districts: the river, where it runs
            gap = []
            for gc in range(layout_cols):
                above = at.get(((gr + 1) * d_rows - 1, gc * d_cols))
                below = at.get(((gr + 1) * d_rows, gc * d_cols))
                flows = above in river and below in river
                gap.append((" river " if flows else "").center(width, _RIVER if flows else " "))
            out.append("   ".join(gap).rstrip())
    return out


def _holdings(view: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Each seat's lots and buildings, counted from a view (both boards' player rows)."""
    st = view["state"]
    lots = [0] * len(view["players"])
    for o in st["owners"].values():
        lots[o] += 1
    built = [0] * len(view["players"])
    for b in st["buildings"]:
        built[b["owner"]] += 1
    return lots, built


def _players(view: dict[str, Any], seat: int | None) -> list[str]:
    """A line a player: the mark on the board, name, colour, the player's number that
    actions name (``give 23 2``: to player 2), lots, chips left, buildings, their value
    now; the seat to act marked, and the reader as "you"."""
    st = view["state"]
    names = view["players"]
    lots, built = _holdings(view)
    width = max(len(_name(x)) for x in names)
    out = []
    for p, name in enumerate(names):
        turn = "\u25b6" if p == view["to_act"] else " "
        out.append(
            f"{turn} {_MARK[p]} {_name(name).ljust(width)}  {st['colours'][p]:<6}  player {p + 1}  "
            f"{counted(lots[p], 'lot'):>7}  {counted(st['chips'][p], 'chip'):>8}  "
            f"{counted(built[p], 'building'):>12}  {counted(st['scores'][p], 'point'):>10}"
            + ("  (you)" if p == seat else "")
        )
    return out


def _owners(building: dict[str, Any]) -> str:
    """The marks of who shares a building: its builder first, then its partners (MS-A4)."""
    owner = building["owner"]
    return "+".join(_MARK[p] for p in (owner, *(p for p, _ in building["shares"] if p != owner)))


def _pending(game: Metropolis, st: dict[str, Any]) -> list[str]:
    """A proposal waiting for an answer: an exchange (MS-9) or a pooled building (MS-A4)."""
    out = []
    trade = st["trade"]
    if trade is not None:
        give, take = trade["give"], trade["take"]
        gives = lots_words(give) if give else "nothing"
        takes = f"{_MARK[trade['partner']]}'s {lots_words(take)}" if take else "nothing"
        out.append(f"Exchange on the table: {_MARK[st['trader']]} offers {gives} for {takes}")
    pool = st["pool"]
    if pool is not None:
        model = game.r.model_by_id.get(pool["model"])
        name = pool["model"] if model is None else model.name
        waiting = ", ".join(_MARK[p] for p in st["pool_waiting"])
        out.append(
            f"Pooling on the table: {_MARK[st['turn']]}'s {name} on {lots_words(pool['lots'])}, "
            f"waiting for {waiting}"
        )
    return out


def render_text(game: Metropolis, seat: int | None = None) -> str:
    """The board as text, drawn from ``view(seat)``: whose turn it is, the districts around
    the park with every lot's owner and building, the offer and who may claim each lot, the
    players, the buildings' values now, the supply and a key to every mark. At most 45
    lines of at most 100 characters (the play loop's screen)."""
    view = game.view(seat)
    st = view["state"]
    n = len(view["players"])
    out = [_status(game, view), ""]
    out.extend(_grid(st))
    offered = []
    for lot in sorted(st["offer"]):  # MS-6: the seats that may take it now
        who = st["claims"].get(str(lot), [])
        offered.append(
            f"{lot} " + ("anyone" if len(who) == n else "".join(_MARK[p] for p in who) or "nobody")
        )
    out.append("")
    out.append(
        f"Offer (who may claim): {_DOT.join(offered) or 'none'}"
        f"{_DOT}stack {counted(st['stack_size'], 'lot card')}"
    )
    out.extend(_players(view, seat))
    out.extend(_pending(game, st))
    ordered = sorted(st["buildings"], key=lambda b: b["lots"][0])
    if ordered:
        out.extend(
            _wrapped(
                "Buildings (points now): ",
                [
                    f"{_SHORT.get(b['kind'], b['kind'][:2])}{b['lots'][0]} "
                    f"{_owners(b)} {b['value']}"
                    for b in ordered
                ],
            )
        )
    supply = [f"{model} {left}" for model, left in st["supply"].items() if left]
    out.extend(_wrapped("Supply (build MODEL LOTS): ", supply or ["empty"]))
    board = st["board"]
    out.append(
        f"Park view {_ranges(board['park_view'])}{_DOT}river {_RIVER} {_ranges(board['river'])}"
    )
    names = {m.kind: m.name for m in game.r.models}
    key = [
        "12B lot 12 is B's",
        "12Bho B's house on it",
        f"12{_FREE} free",
        f"12{_OFFERED} offered",
        "n/10 lots of a district occupied (from 5 on, only neighbours claim)",
    ]
    out.extend(_wrapped("Key: ", key))
    out.extend(
        _wrapped("     ", [f"{code} {names.get(kind, kind)}" for kind, code in _SHORT.items()])
    )
    return "\n".join(out)


# ---------------------------------------------------------------------- SVG
#: each chip colour (MS-5, MS-A8, ``data.CHIP_COLOURS``): the chip, and the tint of a lot
#: it marks
CHIP_COLOURS: dict[str, tuple[str, str]] = {
    name: (colour, tint(colour, 0.3)) for name, colour in D.CHIP_COLOURS.items()
}
#: a building's label when its rulebook name does not fit its lots (the key explains each)
ROOF_LABELS = {
    "apartment": "apartment",
    "office": "office",
    "department_store": "dept. store",
}
_STYLE = (
    "".join(
        f"circle.chip.{c} {{ fill: {chip}; }}\nrect.lot.{c} {{ fill: {tint}; }}\n"
        for c, (chip, tint) in CHIP_COLOURS.items()
    )
    + """\
circle.chip { stroke: #333; stroke-width: 1.2; }
rect.lot { stroke: #9a968a; stroke-width: 1; }
rect.lot.free { fill: #e2dfd5; }
rect.lot.offered { stroke: #b07d00; stroke-width: 2.5; stroke-dasharray: 5 3; }
rect.roof { fill: #3f4a53; }
rect.roof-edge { fill: #111619; }
rect.label-box { fill: none; }
rect.district { fill: #77726a; }
rect.park { fill: #b7dca0; stroke: #6f9f55; stroke-width: 1.5; }
text.park-name { fill: #2f5a1c; }
rect.river { fill: #4f94d4; }
rect.centre { fill: none; stroke: #8d6e63; stroke-width: 2; stroke-dasharray: 8 4; }
text.centre { fill: #6d4c41; }
polygon.park-view { fill: #3f8f2f; pointer-events: none; }
rect.pending { fill: none; stroke: #ef6c00; stroke-width: 3; }
rect.player-row { fill: #f0eee7; }
rect.player-row.to-act { fill: #fff0b3; }
rect.card { fill: #ffffff; stroke: #9a968a; stroke-width: 1; }
rect.card.empty { fill: #eeece6; }
rect.cell { fill: #3f4a53; stroke: #fafaf5; stroke-width: 1; }
polygon.marker { fill: #222; }
text.neighbours { fill: #a23b00; }
"""
)

_W = 980
_LEFT = 25
#: a lot's cell, the street between two districts, a district's heading above it
_CW, _CH = 58, 56
_STREET = 30
_HEAD = 22
#: the gap under a row of districts, and under one the river runs beneath
_ROW_GAP, _RIVER_GAP = 16, 42
#: the strip at a lot's top holding its number; a building's roof is inset this much
_STRIP, _INSET = 18, 4
#: the dark edge of a building's roof, inside its lots' edges
_EDGE = 2
_CHIP_R = 8
#: the smallest text: 9 px with the picture as wide as its place on the page, 760 (the page
#: zooms a board taller than its place to that width, board.js)
_LEAST = 12
_ROW_H = 26
#: the supply's model cards a row
_PER_ROW = 5


class _Geometry:
    """Where the view's board (MS-1) puts every lot in the picture: districts of rows x
    columns lots in their layout, the park in the layout's empty places, a street between
    districts and the river in the gap between the rows of districts it runs between."""

    def __init__(self, board: dict[str, Any], top: float) -> None:
        self.position: dict[int, tuple[int, int]] = {
            int(lot): (int(rc[0]), int(rc[1])) for lot, rc in board["position"].items()
        }
        self.at = {rc: lot for lot, rc in self.position.items()}
        self.districts: list[int] = board["districts"]
        self.lots: list[int] = board["lots"]
        by_district: dict[int, list[int]] = {}
        for lot in self.lots:
            by_district.setdefault(lot // 10, []).append(lot)
        self.by_district = by_district
        first = by_district[self.districts[0]]
        rows = [self.position[x][0] for x in first]
        cols = [self.position[x][1] for x in first]
        self.d_rows = 1 + max(rows) - min(rows)
        self.d_cols = 1 + max(cols) - min(cols)
        self.layout: dict[tuple[int, int], int] = {
            (
                min(self.position[x][0] for x in lots) // self.d_rows,
                min(self.position[x][1] for x in lots) // self.d_cols,
            ): d
            for d, lots in by_district.items()
        }
        self.layout_rows = 1 + max(r for r, _ in self.layout)
        self.layout_cols = 1 + max(c for _, c in self.layout)
        river = set(board["river"])
        #: the layout columns the river runs under, for each gap between two layout rows
        self.river: list[list[int]] = []
        for gr in range(self.layout_rows - 1):
            above, below = (gr + 1) * self.d_rows - 1, (gr + 1) * self.d_rows
            self.river.append(
                [
                    gc
                    for gc in range(self.layout_cols)
                    if any(
                        self.at.get((above, c)) in river and self.at.get((below, c)) in river
                        for c in range(gc * self.d_cols, (gc + 1) * self.d_cols)
                    )
                ]
            )
        #: the top of each layout row: its districts' headings
        self.row_top = [top]
        for gr in range(self.layout_rows - 1):
            gap = _RIVER_GAP if self.river[gr] else _ROW_GAP
            self.row_top.append(self.row_top[-1] + _HEAD + self.d_rows * _CH + gap)
        self.bottom = self.row_top[-1] + _HEAD + self.d_rows * _CH
        self.width = self.layout_cols * self.d_cols * _CW + (self.layout_cols - 1) * _STREET

    def cell(self, lot: int) -> tuple[float, float]:
        """The top left corner of a lot's cell."""
        r, c = self.position[lot]
        return self.col_x(c), self.row_top[r // self.d_rows] + _HEAD + (r % self.d_rows) * _CH

    def col_x(self, c: int) -> float:
        """The left edge of board column ``c``."""
        return _LEFT + c * _CW + (c // self.d_cols) * _STREET

    def block(self, gr: int, gc: int) -> tuple[float, float, float, float]:
        """The lots' area of layout place (gr, gc): x, y, width, height."""
        x = self.col_x(gc * self.d_cols)
        y = self.row_top[gr] + _HEAD
        return x, y, self.d_cols * _CW, self.d_rows * _CH


def action_keys(action: Action) -> tuple[str, ...]:
    """The ``data-key`` of every place of the board that ``action`` names, as its text form
    names it: ``take 31`` -> ``lot:31``; ``give 31 2`` -> ``lot:31``, ``seat:2``; ``build
    factory 40,41,45,46`` -> ``model:factory`` and the four lots; ``propose 1 31 47`` ->
    ``seat:1``, ``lot:31``, ``lot:47``; ``done``, ``pass``, ``accept``, ``decline`` none.

    >>> from metropolis_lots.actions import Give
    >>> action_keys(Give(31, 2))
    ('lot:31', 'seat:2')
    """
    if isinstance(action, Take):
        return (f"lot:{action.lot}",)
    if isinstance(action, Give):
        return (f"lot:{action.lot}", f"seat:{action.to}")
    if isinstance(action, Build):
        return (f"model:{action.model}", *(f"lot:{lot}" for lot in action.lots))
    if isinstance(action, Propose):
        lots = (*action.give, *action.take)
        return (f"seat:{action.partner}", *(f"lot:{lot}" for lot in lots))
    return ()


def render_svg(
    game: Metropolis,
    seat: int | None = None,
    *,
    last: Action | str | Mapping[str, Any] | None = None,
    targets: Collection[str] | None = None,
    css: str = "",
) -> SvgWrapper:
    """An SVG picture of what ``seat`` sees (None: a spectator), drawn from ``game.view(seat)``
    and the building models of the rules.

    Whose turn it is and what is asked (the prompt in words, a pooling proposal waiting); the
    players with their chips' colours and marks, lots, chips, buildings and points; the 8
    districts around the park, each named with its occupied lots and framed, the centre
    outlined and named, the river named where it runs; every lot with its number, its owner's
    chip or the building on it (named, with its value now and its owners' chips); the offer
    with who may claim each lot; the supply with each model's floor plan; a key to every mark,
    colour and short name.

    Clickable parts are groups with a ``data-key`` and a ``<title>``: ``lot:31`` (each lot,
    and each offered lot's card), ``seat:2`` (each player's row) and ``model:factory`` (each
    model of the supply), the tokens the actions' text forms use. ``last`` (the last move: an
    action, its text or JSON; IllegalAction if it is none of this game's) outlines the places
    it named (``action_keys``); ``targets`` are data-keys to mark dashed (the places the seat
    may act on now); ``css`` is added to the style sheet. The text board (``render_text``) is
    the ``<desc>``.
    """
    view = game.view(seat)
    st = view["state"]
    names: list[str] = view["players"]
    lasts = set(action_keys(game.parse_action(last))) if last is not None else set()
    marks = set(targets or ())
    status = _status_lines(game, view)
    players_top = 56 + 18 * len(status) + 10
    geo = _Geometry(st["board"], players_top + _ROW_H * len(names) + 18)
    offer_top = geo.bottom + 34
    supply_top = offer_top + 68 + 40
    models = game.r.models
    supply_rows = (len(models) + _PER_ROW - 1) // _PER_ROW
    key_top = supply_top + supply_rows * 78 + 22
    keys = _key_lines(game, view)
    height = key_top + 22 + 19 * sum(len(lines) for _, lines in keys)
    d = Drawing(
        _W,
        height,
        title="Metropolis: " + in_words(names),
        desc=render_text(game, seat),
        style=_STYLE,
        css=css,
    )
    _header(d, view, status)
    _player_rows(d, view, players_top, lasts, marks)
    _board(d, view, geo, {m.id: m.name for m in models}, lasts, marks)
    _offer(d, view, geo, offer_top, lasts, marks)
    _supply(d, view, models, supply_top, lasts, marks)
    _key(d, key_top, keys)
    return d.to_svg()


def _who(view: dict[str, Any], p: int) -> str:
    """A player by name, the reader marked "(you)"."""
    name: str = view["players"][p]
    return name + (" (you)" if p == view["seat"] else "")


#: the prompt's kind as the first status line says it (the prompt's text says the rest)
_ASKED = {
    "propose": "{}'s exchange window",
    "exchange": "{} to answer an exchange",
    "take": "{} to choose a lot",
    "give": "{} to give a lot away",
    "build": "{} to build",
    "pool": "{} to answer a pooling proposal",
}
#: the chance steps of a turn, when no one is asked anything
_DRAWING = {
    "deal": "The lots are dealt",
    "offer": "The first offer is turned up",
    "refill": "The offer is refilled from the stack",
}


def _status_lines(game: Metropolis, view: dict[str, Any]) -> list[tuple[str, bool]]:
    """Whose turn it is, what is asked and what waits for answers, or who won: each line
    with whether it is bold, wrapped to the picture's width."""
    st = view["state"]
    names: list[str] = view["players"]
    room = _W - 2 * _LEFT
    out: list[tuple[str, bool]] = []
    if view["is_over"]:
        result = view["result"]
        scores, winners = result["scores"], result["winners"]
        best = counted(scores[winners[0]], "point")
        if len(winners) == 1:
            head = f"Game over: {_who(view, winners[0])} wins with {best}"
        else:
            head = f"Game over: {in_words([_who(view, w) for w in winners])} share the win"
            head += f" with {best} each"
        rest = [f"{names[p]} {counted(v, 'point')}" for p, v in enumerate(scores)]
        lines = [(head, True), ("Final scores: " + ", ".join(rest) + ".", False)]
    else:
        prompt = view["prompt"]
        turn = st["turn"]
        if prompt is None:
            head = _DRAWING.get(st["phase"], "Chance")
            text = ""
        else:
            asked = prompt["seat"]
            head = _ASKED.get(prompt["kind"], "{} to act").format(_who(view, asked))
            if st["trader"] is not None:  # ruling MS-A13
                limit = game.options["trade_proposals"]
                head += f" ({st['proposals_made']} of {limit} proposals made)"
            if asked != turn:
                head += f" · {_who(view, turn)}'s turn"
            who = "You are" if asked == view["seat"] else f"{names[asked]} is"
            text = f"{who} asked: {prompt['text']}."
        if st["final_turns_left"] >= 0:  # ruling MS-A6
            head += f" · final round, {counted(st['final_turns_left'], 'turn')} left"
        lines = [(head, True)]
        if text:
            lines.append((text, False))
        pool = st["pool"]
        if pool is not None:  # MS-A4: the partners answer in turn
            model = game.r.model_by_id.get(pool["model"])
            name = pool["model"] if model is None else model.name
            waiting = in_words([names[p] for p in st["pool_waiting"]])
            lines.append(
                (
                    f"Pooling on the table: {names[turn]}'s {name} on {lots_words(pool['lots'])},"
                    f" waiting for {waiting}.",
                    False,
                )
            )
    for text, bold in lines:
        size = 15 if bold else 12
        out.extend((line, bold) for line in wrap_text(text, room, size, bold=bold))
    return out


def _header(d: Drawing, view: dict[str, Any], status: list[tuple[str, bool]]) -> None:
    st = view["state"]
    d.text(None, _LEFT, 36, "Metropolis", size=24, bold=True, class_="title")
    stack = f"Stack: {counted(st['stack_size'], 'lot card')} face down"
    d.text(None, _W - _LEFT, 34, stack, size=12, anchor="end", class_="muted")
    y = 62.0
    for line, bold in status:
        d.text(
            None,
            _LEFT,
            y,
            line,
            size=15 if bold else 12,
            bold=bold,
            width=_W - 2 * _LEFT,
            min_size=_LEAST,
            class_="status" if bold else "asked",
        )
        y += 18


def _chip(
    d: Drawing, parent: Any, cx: float, cy: float, p: int, colour: str, r: float = _CHIP_R
) -> None:
    """A player's chip: a circle of its colour holding its mark (A-E)."""
    g = d.group(parent, class_="chip-mark")
    d.add(g, "circle", cx=float(cx), cy=float(cy), r=float(r), class_=f"frame chip {colour}")
    size = _LEAST
    d.text(g, cx, cy + size * 0.36, _MARK[p], size=size, bold=True, anchor="middle")


def _highlight(
    d: Drawing, x: float, y: float, w: float, h: float, key: str, lasts: set[str], marks: set[str]
) -> None:
    """The last move's outline and the targets' dashes around a place, if it is one."""
    if key in lasts:
        d.rect(None, x, y, w, h, rx=3, class_="last")
    if key in marks:
        d.rect(None, x, y, w, h, rx=3, class_="target")


def _player_rows(
    d: Drawing,
    view: dict[str, Any],
    top: float,
    lasts: set[str],
    marks: set[str],
) -> None:
    st = view["state"]
    names: list[str] = view["players"]
    lots, built = _holdings(view)
    for p, name in enumerate(names):
        y = top + _ROW_H * p
        base = y + 18
        colour = st["colours"][p]
        key = f"seat:{p}"
        title = (
            f"{name} ({colour} chips, player {p + 1}): {counted(lots[p], 'lot')}, "
            f"{counted(st['chips'][p], 'chip')} in hand, {counted(built[p], 'building')} worth "
            f"{counted(st['scores'][p], 'point')} now"
        )
        row = d.group(None, key=key, title=title, class_="player", data_seat=p)
        acting = p == view["to_act"]
        d.rect(
            row,
            _LEFT - 8,
            y + 1,
            _W - 2 * _LEFT + 16,
            _ROW_H - 2,
            rx=4,
            class_="frame player-row" + (" to-act" if acting else ""),
        )
        if acting:
            d.add(
                row,
                "polygon",
                points=f"{_LEFT - 4},{y + 7} {_LEFT + 6},{y + 13} {_LEFT - 4},{y + 19}",
                class_="marker",
            )
        _chip(d, row, _LEFT + 22, y + 13, p, colour, r=9.5)
        d.text(row, _LEFT + 38, base, _who(view, p), size=13, bold=True, width=250, min_size=_LEAST)
        d.text(row, _LEFT + 300, base, colour, size=12)
        d.text(row, _LEFT + 360, base, f"player {p + 1}", size=12, class_="muted")
        for end, text, bold in (
            (_LEFT + 505, counted(lots[p], "lot"), False),
            (_LEFT + 600, counted(st["chips"][p], "chip"), False),
            (_LEFT + 715, counted(built[p], "building"), False),
            (_LEFT + 825, counted(st["scores"][p], "point"), True),
        ):
            d.text(row, end, base, text, size=12, bold=bold, anchor="end")
        if p == st["turn"] and not view["is_over"]:
            d.text(row, _W - _LEFT, base, "on turn", size=12, bold=True, anchor="end")
        _highlight(d, _LEFT - 8, y + 1, _W - 2 * _LEFT + 16, _ROW_H - 2, key, lasts, marks)


def _locations(board: dict[str, Any], lot: int) -> list[str]:
    """A lot's district and locations in words: ``district 4, river, centre``."""
    found = [words for key, words in LOCATION_WORDS.items() if lot in board[key]]
    return [f"district {lot // 10}", *found]


def _board(
    d: Drawing,
    view: dict[str, Any],
    geo: _Geometry,
    model_names: Mapping[str, str],
    lasts: set[str],
    marks: set[str],
) -> None:
    """The districts, the park, the river and the centre; then every lot and building."""
    st = view["state"]
    board = st["board"]
    centre = set(board["centre"])
    for gr in range(geo.layout_rows):
        for gc in range(geo.layout_cols):
            x, y, w, h = geo.block(gr, gc)
            district = geo.layout.get((gr, gc))
            if district is None:  # the park: the places of the layout no district has
                _park(d, x, y - _HEAD, w, h + _HEAD)
                continue
            lots = geo.by_district[district]
            in_centre = set(lots) <= centre
            if in_centre:
                d.rect(None, x - 9, y - _HEAD - 4, w + 18, h + _HEAD + 12, rx=8, class_="centre")
            d.rect(None, x - 3, y - 3, w + 6, h + 6, rx=3, class_="district")
            occupied = st["occupied"][str(district)]
            heading = d.group(None, class_="district-name", data_district=district)
            name = f"District {district}" + (" · centre" if in_centre else "")
            d.text(heading, x, y - 8, name, size=12, bold=True)
            crowded = occupied >= FREE_UNTIL  # MS-6: from the 6th lot on, by neighbours
            count = f"{occupied}/{len(lots)}" + (": neighbours claim" if crowded else " occupied")
            d.text(
                heading,
                x + w,
                y - 8,
                count,
                size=_LEAST,
                anchor="end",
                class_="neighbours" if crowded else "muted",
            )
    for gr, columns in enumerate(geo.river):
        if columns:
            _river(d, geo, gr, columns)
    building_at = {lot: b for b in st["buildings"] for lot in b["lots"]}
    for lot in geo.lots:
        _lot(d, view, geo, lot, building_at.get(lot), model_names)
    for b in st["buildings"]:
        _roof_label(d, view, geo, b, model_names)
    park_view = board["park_view"]
    for lot in park_view:  # a corner mark, over a building too
        x, y = geo.cell(lot)
        x1, y1 = x + _CW - 1, y + _CH - 1
        d.add(
            None,
            "polygon",
            points=f"{x1 - 11},{y1} {x1},{y1} {x1},{y1 - 11}",
            class_="park-view",
        )
    pending: set[int] = set()
    if st["trade"] is not None:
        pending |= {*st["trade"]["give"], *st["trade"]["take"]}
    if st["pool"] is not None:
        pending |= set(st["pool"]["lots"])
    for lot in geo.lots:
        x, y = geo.cell(lot)
        if lot in pending:
            d.rect(None, x + 2.5, y + 2.5, _CW - 5, _CH - 5, rx=3, class_="pending")
        _highlight(d, x + 1.5, y + 1.5, _CW - 3, _CH - 3, f"lot:{lot}", lasts, marks)


def _park(d: Drawing, x: float, y: float, w: float, h: float) -> None:
    g = d.group(None, class_="park", title="The park: the lots around it have a park view")
    d.rect(g, x - 3, y, w + 6, h + 3, rx=10, class_="frame park")
    d.text(
        g, x + w / 2, y + h / 2 + 2, "Park", size=20, bold=True, anchor="middle", class_="park-name"
    )
    d.text(
        g,
        x + w / 2,
        y + h / 2 + 22,
        "the lots around it have a park view",
        size=_LEAST,
        anchor="middle",
        class_="park-name",
    )


def _river(d: Drawing, geo: _Geometry, gr: int, columns: list[int]) -> None:
    """The river in the gap under layout row ``gr``, beneath the layout columns it runs
    under, out to the picture's edge where it leaves the board."""
    x0 = geo.col_x(columns[0] * geo.d_cols) - _STREET / 2
    x1 = geo.col_x((columns[-1] + 1) * geo.d_cols - 1) + _CW + _STREET / 2
    if columns[0] == 0:
        x0 = 0
    if columns[-1] == geo.layout_cols - 1:
        x1 = _W
    y = geo.row_top[gr] + _HEAD + geo.d_rows * _CH + 10
    g = d.group(None, class_="river", title="The river: the lots beside it are on the river")
    d.rect(g, x0, y, x1 - x0, 18, class_="frame river")
    for gc in columns:
        x, _, w, _ = geo.block(gr, gc)
        d.text(
            g, x + w / 2, y + 13, "River", size=_LEAST, bold=True, anchor="middle", class_="on-dark"
        )


def _building_words(view: dict[str, Any], game_names: Mapping[str, str], b: dict[str, Any]) -> str:
    """A building in words for a title: whose, what, where, its value and its shares."""
    names: list[str] = view["players"]
    owner = b["owner"]
    name = game_names.get(b["model"], b["kind"])
    text = f"{names[owner]}'s {name} on {lots_words(b['lots'])}, {counted(b['value'], 'point')} now"
    partners = [(p, n) for p, n in b["shares"] if p != owner]
    if partners:  # MS-A4: the value is shared by the lots contributed
        pooled = in_words([f"{counted(n, 'lot')} of {names[p]}" for p, n in partners])
        text += f", with {pooled} pooled (shared by lots contributed)"
    return text


def _lot(
    d: Drawing,
    view: dict[str, Any],
    geo: _Geometry,
    lot: int,
    building: dict[str, Any] | None,
    model_names: Mapping[str, str],
) -> None:
    """One lot: its number, its owner's tint and chip, the roof of the building on it."""
    st = view["state"]
    names: list[str] = view["players"]
    x, y = geo.cell(lot)
    owner: int | None = st["owners"].get(str(lot))
    offered = lot in st["offer"]
    where = ", ".join(_locations(st["board"], lot))
    if building is not None:
        title = f"Lot {lot} ({where}): {_building_words(view, model_names, building)}"
    elif owner is not None:
        title = f"Lot {lot} ({where}): {names[owner]}'s, not built on"
    elif offered:
        claim = st["claims"].get(str(lot), [])
        who = in_words([names[p] for p in claim])
        title = f"Lot {lot} ({where}): on offer; " + (
            f"{who} may take it" if claim else "nobody may take it now"
        )
    else:
        title = f"Lot {lot} ({where}): free, its card still in the stack"
    colour = "free" if owner is None else st["colours"][owner]
    g = d.group(
        None,
        key=f"lot:{lot}",
        title=title,
        class_="lot-place" + (" offered" if offered else ""),
        data_lot=lot,
        data_owner=owner,
        data_model=None if building is None else building["model"],
    )
    d.rect(
        g,
        x + 1,
        y + 1,
        _CW - 2,
        _CH - 2,
        rx=2,
        class_=f"frame lot {colour}" + (" offered" if offered else ""),
    )
    if building is not None:
        _roof(d, g, geo, lot, building, view)
        return
    tone = None if owner is not None else ("offer-number" if offered else "muted")
    d.text(g, x + 5, y + 15, str(lot), size=_LEAST, bold=offered or owner is not None, class_=tone)
    if owner is not None:
        _chip(d, g, x + _CW / 2, y + (_STRIP + _CH) / 2, owner, colour, r=11)
    elif offered:
        d.text(
            g,
            x + _CW / 2,
            y + 40,
            "on offer",
            size=_LEAST,
            bold=True,
            anchor="middle",
            class_="offer-number",
        )


def _roof(
    d: Drawing, g: Any, geo: _Geometry, lot: int, b: dict[str, Any], view: dict[str, Any]
) -> None:
    """A building's roof over one of its lots, joined to its lots beside and under it; the
    lot's number on it, and a chip of the building's owners on its first lots."""
    x, y = geo.cell(lot)
    r, c = geo.position[lot]
    mine = {geo.position[x] for x in b["lots"]}
    sides = [(r, c - 1) in mine, (r, c + 1) in mine, (r - 1, c) in mine, (r + 1, c) in mine]
    for inset, part in ((_INSET - _EDGE, "roof-edge"), (_INSET, "roof")):
        left, right, up, down = (0 if joined else inset for joined in sides)
        d.rect(g, x + left, y + up, _CW - left - right, _CH - up - down, class_=part)
    d.text(g, x + 6, y + 16, str(lot), size=_LEAST, class_="on-dark")
    owners = [b["owner"], *(p for p, _ in b["shares"] if p != b["owner"])]
    k = sorted(b["lots"]).index(lot)
    if k < len(owners):  # the builder's chip, then each partner's (MS-A4)
        p = owners[k]
        _chip(d, g, x + _CW - 13, y + 12, p, view["state"]["colours"][p])


def _label_run(geo: _Geometry, lots: list[int]) -> tuple[int, int, int]:
    """The widest row of a building's lots: its board row and first and last columns."""
    rows: dict[int, list[int]] = {}
    for lot in lots:
        r, c = geo.position[lot]
        rows.setdefault(r, []).append(c)
    best = (0, 0, -1)
    for r in sorted(rows):
        run: list[int] = []
        for c in sorted(rows[r]):
            run = [*run, c] if run and run[-1] == c - 1 else [c]
            if len(run) > best[2] - best[1] + 1:
                best = (r, run[0], run[-1])
    return best


def _fitting(
    candidates: list[str], room: float, size: float, min_size: float, *, bold: bool = False
) -> tuple[str, float]:
    """The first of the texts that fits ``room`` whole (at ``size`` down to ``min_size``),
    with its size; the last one fitted as it may be if none does."""
    for text in candidates:
        fitted, fitted_size = fit_text(text, room, size, bold=bold, min_size=min_size)
        if fitted == text:
            return fitted, fitted_size
    return fit_text(candidates[-1], room, size, bold=bold, min_size=min_size)


def _roof_label(
    d: Drawing,
    view: dict[str, Any],
    geo: _Geometry,
    b: dict[str, Any],
    model_names: Mapping[str, str],
) -> None:
    """A building's name and value now, in the widest row of its lots."""
    r, c0, c1 = _label_run(geo, b["lots"])
    x0 = geo.col_x(c0) + _INSET
    x1 = geo.col_x(c1) + _CW - _INSET
    y = geo.cell(geo.at[(r, c0)])[1]
    g = d.group(None, class_="roof-label", title=_building_words(view, model_names, b))
    d.rect(g, x0, y + _STRIP, x1 - x0, _CH - _STRIP - 1, class_="frame label-box")
    room = x1 - x0 - 6
    kind = b["kind"]
    names = [model_names.get(b["model"], kind)]
    if kind in ROOF_LABELS:
        names.append(ROOF_LABELS[kind])
    names.append(_SHORT.get(kind, kind[:2]))
    name, size = _fitting(names, room, _LEAST + 1, _LEAST, bold=True)
    cx = (x0 + x1) / 2
    d.text(g, cx, y + 33, name, size=size, bold=True, anchor="middle", class_="on-dark")
    value = b["value"]
    worth, worth_size = _fitting(
        [counted(value, "point"), f"{value} pts", str(value)], room, _LEAST, _LEAST
    )
    d.text(g, cx, y + 50, worth, size=worth_size, anchor="middle", class_="on-dark value")


def _offer(
    d: Drawing, view: dict[str, Any], geo: _Geometry, top: float, lasts: set[str], marks: set[str]
) -> None:
    """The lots on offer (MS-6), each a card with its district, locations and who may
    claim it now."""
    st = view["state"]
    names: list[str] = view["players"]
    d.text(None, _LEFT, top, "On offer", size=14, bold=True)
    d.text(
        None,
        _LEFT + 80,
        top,
        "take LOT for yourself, or give LOT PLAYER to a player who may claim it",
        size=_LEAST,
        class_="muted",
    )
    gap = 12
    card_w = (geo.width - (OFFER_SIZE - 1) * gap) / OFFER_SIZE
    y = top + 10
    if not st["offer"]:
        empty = "the stack is empty" if not st["stack_size"] else "no lot card is turned up yet"
        d.text(None, _LEFT, y + 24, f"Nothing is on offer: {empty}.", size=12)
    for i, lot in enumerate(st["offer"]):
        x = _LEFT + i * (card_w + gap)
        claim: list[int] = st["claims"].get(str(lot), [])
        places = _locations(st["board"], lot)
        who = in_words([names[p] for p in claim]) if claim else "nobody"
        key = f"lot:{lot}"
        g = d.group(
            None,
            key=key,
            title=f"Lot {lot} ({', '.join(places)}) on offer: {who} may take it now",
            class_="offer-card",
            data_lot=lot,
        )
        d.rect(g, x, y, card_w, 64, rx=5, class_="frame card")
        d.text(g, x + 12, y + 21, f"Lot {lot}", size=15, bold=True)
        d.text(g, x + card_w - 10, y + 20, places[0], size=_LEAST, anchor="end", class_="muted")
        bonus = ", ".join(places[1:]) or "no park view, river or centre"
        d.text(g, x + 12, y + 38, bonus, size=_LEAST, width=card_w - 20, min_size=_LEAST)
        if claim:
            d.text(g, x + 12, y + 56, "may claim:", size=_LEAST)
            for k, p in enumerate(claim):
                _chip(d, g, x + 94 + 22 * k, y + 52, p, st["colours"][p])
        else:
            d.text(g, x + 12, y + 56, "nobody may claim it now", size=_LEAST, class_="muted")
        _highlight(d, x - 2, y - 2, card_w + 4, 68, key, lasts, marks)


def _supply(
    d: Drawing,
    view: dict[str, Any],
    models: Sequence[Model],
    top: float,
    lasts: set[str],
    marks: set[str],
) -> None:
    """Each building model (MS-3): its floor plan as printed, its name, the word ``build``
    takes for it and the copies left."""
    supply: dict[str, int] = view["state"]["supply"]
    d.text(None, _LEFT, top, "Buildings in the supply", size=14, bold=True)
    d.text(
        None,
        _LEFT + 190,
        top,
        "build MODEL LOTS, e.g. build factory 40,41,45,46 (floor plans as printed)",
        size=_LEAST,
        class_="muted",
    )
    gap = 12
    width = _W - 2 * _LEFT
    card_w = (width - (_PER_ROW - 1) * gap) / _PER_ROW
    for i, m in enumerate(models):
        row, col = divmod(i, _PER_ROW)
        x = _LEFT + col * (card_w + gap)
        y = top + 10 + row * 78
        left = supply.get(m.id, 0)
        key = f"model:{m.id}"
        g = d.group(
            None,
            key=key,
            title=f"{m.name} ({m.id}, {counted(m.size, 'lot')}): {left} of {m.count} left",
            class_="model" + ("" if left else " none-left"),
            data_model=m.id,
        )
        d.rect(g, x, y, card_w, 66, rx=5, class_="frame card" + ("" if left else " empty"))
        for r, c in m.cells:
            d.rect(g, x + 8 + 11 * c, y + 14 + 11 * r, 11, 11, class_="cell")
        room = card_w - 52
        bold = text_width(m.name, _LEAST, True) * HINTING <= room  # else whole, regular
        d.text(g, x + 46, y + 20, m.name, size=_LEAST, bold=bold, width=room, min_size=_LEAST)
        d.text(g, x + 46, y + 37, m.id, size=_LEAST, width=room, min_size=_LEAST, class_="muted")
        count = f"{left} of {m.count} left" if left else "none left"
        d.text(g, x + 46, y + 55, f"{count} · {counted(m.size, 'lot')}", size=_LEAST)
        _highlight(d, x - 2, y - 2, card_w + 4, 70, key, lasts, marks)


#: a key line's mark drawn beside it
_Swatch = str


def _key_lines(game: Metropolis, view: dict[str, Any]) -> list[tuple[_Swatch, list[str]]]:
    """The key: each mark, colour and short name of the picture, with its swatch, wrapped."""
    board = view["state"]["board"]
    centre_districts = sorted({lot // 10 for lot in board["centre"]})
    short = [
        f"{label}: {name}"
        for kind, label in ROOF_LABELS.items()
        for name in [next((m.name for m in game.r.models if m.kind == kind), kind)]
        if name != label
    ]
    notes = rule_notes(game.options)
    items: list[tuple[_Swatch, str]] = [
        (
            "chip",
            f"{in_words(list(_MARK[: len(view['players'])]))}: the players' chips (colours as "
            "listed above); a lot with a chip is that player's, a grey lot is free and its card "
            "still in the stack",
        ),
        (
            "offered",
            "a lot on offer: its card is face up; the cards under the board say who may claim each",
        ),
        (
            "roof",
            "a building: its name, its value now (pts: points), its builder's chip and "
            "then each pooling partner's (value shared by lots contributed)",
        ),
        (
            "park-view",
            f"park view (beside the park, corners too): lots {_ranges(board['park_view'])}",
        ),
        ("river", f"on the river: lots {_ranges(board['river'])}"),
        (
            "centre",
            f"the centre: {in_words([f'district {x}' for x in centre_districts])} "
            f"(lots {_ranges(board['centre'])})",
        ),
        (
            "occupied",
            f"n/10 occupied: from {FREE_UNTIL} on, a district's lot goes only to the "
            "owners of its neighbours (to anyone if none is owned)",
        ),
        ("pending", "lots of a proposal on the table, waiting for an answer"),
        ("last", "the places of the last move"),
        ("target", "the places the player to act may choose now"),
        ("text", "short names: " + "; ".join(short)),
        ("text", "rule options: " + ("; ".join(notes) if notes else "the defaults")),
    ]
    room = _W - 2 * _LEFT - 40
    return [(swatch, wrap_text(text, room, 12)) for swatch, text in items]


def _key(d: Drawing, top: float, lines: list[tuple[_Swatch, list[str]]]) -> None:
    d.text(None, _LEFT, top, "Key", size=14, bold=True)
    y = top + 22
    for swatch, texts in lines:
        _swatch(d, swatch, _LEFT, y)
        for text in texts:
            d.text(None, _LEFT + 40, y, text, size=12, class_="key")
            y += 19


def _swatch(d: Drawing, swatch: _Swatch, x: float, y: float) -> None:
    """The mark a key line explains, left of it (``y`` is the line's baseline)."""
    box = (x, y - 11, 30, 14)
    if swatch == "chip":
        _chip(d, None, x + 15, y - 4, 0, "white")
    elif swatch == "offered":
        d.rect(None, *box, rx=2, class_="lot free offered")
    elif swatch == "roof":
        d.rect(None, *box, class_="roof")
    elif swatch == "park-view":
        d.add(
            None,
            "polygon",
            points=f"{x + 14},{y + 2} {x + 28},{y + 2} {x + 28},{y - 12}",
            class_="park-view",
        )
    elif swatch == "river":
        d.rect(None, *box, class_="river")
    elif swatch in ("centre", "pending", "last", "target"):
        d.rect(None, *box, rx=3, class_=swatch)
