"""Metropoli drawn: the text board of terminal play (the track, the four districts, the
players, what is under way) and the SVG picture of the board.

Both are drawn from ``game.view(seat)`` (the picture also from the board's avenue names and
the corners' costs, static data), so each shows what that seat sees and nothing more. The
picture is built with ``common/svg.py``; its clickable places carry the ``data-key`` of the
token the actions' text forms use (``space:11``, ``area:13``, ``seat:2``; ``action_keys``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from common import Action, Game
from common.svg import Drawing, SvgWrapper, fit_lines, ink_on, tint, wrap_text
from metropoli import data as D
from metropoli import words as W
from metropoli.actions import Build, FreeBlock, Give, GoTo, Offer, Sell, Take
from metropoli.rules import Metropoli

B = D.BOARD


def _money(x: int) -> str:
    return f"${x:,}"


# ------------------------------------------------------------------ text
#: the widest text board (the terminal shows it with the events and the prompt)
WIDTH = 100
#: the most lines the auction, proposal and debt under way take
_UNDER_WAY_LINES = 2
#: what a space that is no concession says on the track, by kind
_TRACK_KIND = {
    "borsa": "",
    "court": "(a fine)",
    "motorway": "(exit dice)",
    "municipality": "",
    "metropoli": "(a card)",
}
_STATUS = {"left": "has left the game", "bankrupt": "bankrupt"}


def render_text(game: Game, seat: int | None = None) -> str:
    """The position as ``seat`` sees it (None: a spectator), drawn from ``view(seat)`` alone
    in at most 45 lines of 100 columns: the track in two columns (holder, rent or toll, the
    tokens), the four districts' Buildable Areas as grids of the streets facing them, the
    neighbourhood values, the players, and any auction, proposal or debt under way."""
    view = game.view(seat)
    st = view["state"]
    players = view["players"]
    lines = _header(view)
    lines.append(
        "Track: holder (1-6 the players, - the Bank), rent or toll due now (x2 a trust), "
        "@ the tokens"
    )
    lines.extend(_track(st))
    lines.append("")
    lines.extend(_districts(st))
    lines.extend(_values(st))
    lines.append("")
    lines.extend(_players(view))
    lines.extend(_under_way(st, players, seat))
    return "\n".join(_fit(line) for line in lines)


def _header(view: dict[str, Any]) -> list[str]:
    """Whose turn it is, then the city's supply: one line, two when names are long."""
    st, players = view["state"], view["players"]
    who = f"Turn {st['turn']}"
    if view["is_over"]:
        winners = W.listing([players[w] for w in view["result"]["winners"]])
        who += f" · the game is over, won by {winners}"
    elif st["turn"]:
        who += f" · {players[st['active']]}'s turn"
        to_act = view["to_act"]
        if to_act is not None and to_act != st["active"]:
            who += f", {players[to_act]} to act"
    city = f"{st['blocks_left']} blocks left · skyscrapers {st['skyscrapers']}/{D.ROOFS}"
    if st["final_phase"]:  # the events and the prompts say what the phases oblige
        city += " · final phase"
    elif st["completion_phase"]:
        city += " · completion phase"
    if len(who) + 3 + len(city) <= WIDTH:
        return [f"{who} · {city}"]
    return [who, city]


def _space_line(st: dict[str, Any], sp: int) -> str:
    space = st["spaces"][sp]
    kind, name = space["kind"], space["name"]
    if kind == "street":
        label = f"{name} ({space['colour'].replace('_', ' ')})"
    elif kind == "bridge":
        label = name
    else:
        label = f"{name} {_TRACK_KIND.get(kind, '')}".rstrip()
    holder = rent = ""
    if kind in ("street", "bridge"):
        owner = space["owner"]
        holder = "-" if owner is None else str(owner + 1)
        if space["rent"] is not None:
            rent = _money(space["rent"]) + (" x2" if space["trust"] else "")
    here = [
        str(p + 1) for p, pos in enumerate(st["positions"]) if pos == sp and st["status"][p] == "in"
    ]
    tokens = f"@{''.join(here)}" if here else ""
    return f"{sp:>2} {label:<23} {holder:>1} {rent:<13} {tokens}"


def _track(st: dict[str, Any]) -> list[str]:
    half = len(st["spaces"]) // 2
    rows = []
    for sp in range(half):
        left = _space_line(st, sp)
        rows.append(f"{left:<48}│ {_space_line(st, sp + half)}".rstrip())
    return rows


def _district_block(st: dict[str, Any], d: int) -> list[str]:
    """A district's nine areas as a grid: a row for each street of one neighbourhood, a
    column for each street of the other (each area faces one of each, ruling MI-5)."""
    areas = [x for x, a in enumerate(st["areas"]) if a["district"] == d]
    cols = list(dict.fromkeys(st["areas"][x]["streets"][0] for x in areas))
    rows = list(dict.fromkeys(st["areas"][x]["streets"][1] for x in areas))
    at = {tuple(st["areas"][x]["streets"]): x for x in areas}
    names = [sp["name"] for sp in st["spaces"]]
    built = set(st["areas_built_this_turn"])
    cap = st["district_caps"][d]
    title = f"{st['district_names'][d]}: " + (f"capped at {cap} floors" if cap else "no skyscraper")
    out = [title, "area:floor " + "".join(f"{names[c]:<11}" for c in cols)]
    for r in rows:
        cells = []
        for c in cols:
            x = at.get((c, r))
            if x is None:
                cells.append(" " * 11)
                continue
            cell = f"{x:>2}:{st['heights'][x]}"
            if st["roofs"][x]:
                cell += f" S{st['roofs'][x]}"
            if x in built:
                cell += "+"
            cells.append(f"{cell:<11}")
        out.append(f" {names[r]:<10}" + "".join(cells))
    return out


def _districts(st: dict[str, Any]) -> list[str]:
    count = len(st["district_caps"])
    out = []
    for first in range(0, count, 2):
        left = _district_block(st, first)
        right = _district_block(st, first + 1) if first + 1 < count else []
        for k in range(max(len(left), len(right))):
            a = left[k] if k < len(left) else ""
            b = right[k] if k < len(right) else ""
            out.append(f"{a:<50}{b}".rstrip())
    return out


def _values(st: dict[str, Any]) -> list[str]:
    colours = {}
    for space in st["spaces"]:
        if space["neighbourhood"] is not None:
            colours[space["neighbourhood"]] = space["colour"].replace("_", " ")
    values = st["neighbourhood_values"]
    shown = ", ".join(f"{colours[h]} {_money(v)}" for h, v in enumerate(values))
    text = "S1-S4: a skyscraper, +: built this turn. Neighbourhood values: "
    text += shown if any(values) else "not dealt yet"
    return _wrap(text)


def _players(view: dict[str, Any]) -> list[str]:
    st, players, seat = view["state"], view["players"], view["seat"]
    names = [sp["name"] for sp in st["spaces"]]
    out = []
    for p, name in enumerate(players):
        mark = ">" if p == st["active"] and not view["is_over"] else " "
        you = " (you)" if p == seat else ""
        held = [int(c) for c, o in st["owners"].items() if o == p]
        streets = sum(1 for c in held if st["spaces"][c]["kind"] == "street")
        bridges = len(held) - streets
        status = st["status"][p]
        where = _STATUS.get(status, f"on {names[st['positions'][p]]} ({st['positions'][p]})")
        line = (
            f"{mark}{p + 1} {name}{you}: {_money(st['cash'][p])}, {where}, "
            f"{streets} street{'' if streets == 1 else 's'}, "
            f"{bridges} bridge{'' if bridges == 1 else 's'}"
        )
        if st["final_phase"] and status == "in":
            line += f", final-phase turn {st['final_turns'][p]}"
        out.append(line)
    return out


def _under_way(st: dict[str, Any], players: list[str], seat: int | None) -> list[str]:
    """The auction, the proposal and the debt under way (and how many more debts follow),
    on as few lines as they fit."""
    parts = under_way(st, players, seat)
    lines = _joined(parts) if parts else []
    if len(lines) > _UNDER_WAY_LINES:  # a long proposal: its prompt and the view spell it out
        lines = lines[:_UNDER_WAY_LINES]
        lines[-1] = lines[-1][: WIDTH - 2] + " …"
    return lines


def under_way(st: dict[str, Any], players: list[str], seat: int | None) -> list[str]:
    """The auction, the proposal and the debt under way, a sentence each (the view's
    ``state``; both boards say them so)."""
    names = [sp["name"] for sp in st["spaces"]]
    parts = []
    debts = st["debts"]
    debt = ""
    if debts:  # the first debt is being settled; the others wait their turn
        d = debts[0]
        creditor = "the Bank" if d["creditor"] is None else players[d["creditor"]]
        debt = (
            f"{players[d['debtor']]} owes {creditor} {_money(d['amount'])} for "
            f"{W.DEBT_REASONS.get(d['reason'], d['reason'])}"
        )
        if len(debts) > 1:
            debt += f", then {len(debts) - 1} more debt{'s' if len(debts) > 2 else ''}"
    au = st["auction"]
    if au is not None:
        what = f"Auction of {names[au['space']]}"
        if au["kind"] == "bankruptcy" and debt:  # the concession is sold for the first debt
            what = f"Bankruptcy auction of {names[au['space']]} ({debt})"
            debt = ""
        leader = None if au["leader"] is None else players[au["leader"]]
        price = _money(au["price"])
        if au["stage"] == "raise":
            parts.append(f"{what}: won by {leader} at {price}, who may raise the Market Value")
        elif au["stage"] == "preempt":
            active = players[st["active"]]
            parts.append(f"{what}: Market Value {price}, {leader}'s; {active} may pre-empt")
        else:
            bid = "no bid yet" if leader is None else f"high bid {price} by {leader}"
            passed = [players[p] for p in au["passed"]]
            rest = [players[p] for p in au["order"] if p not in au["passed"] and p != au["leader"]]
            if len(rest) < len(passed):  # whichever list is shorter
                who = "; still bidding: " + ", ".join(rest)
            else:
                who = f"; passed: {', '.join(passed)}" if passed else ""
            parts.append(f"{what}: {bid}{who}")
    trade = st["trade"]
    if trade is not None:
        data = {"seat": st["active"], **trade}
        sent = "sent" if trade["sent"] else "being composed"
        deal = W.trade_words(data, players, seat)
        parts.append(
            f"Proposal of {players[st['active']]} to {players[trade['partner']]} ({sent}): {deal}"
        )
    if debt:
        parts.append(debt)
    return parts


def _joined(parts: list[str]) -> list[str]:
    """Parts joined by " · " in lines of at most WIDTH columns (a longer part is wrapped)."""
    out: list[str] = []
    for part in parts:
        if out and len(out[-1]) + 3 + len(part) <= WIDTH:
            out[-1] += " · " + part
        else:
            out.extend(_wrap(part))
    return out


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_on_hyphens=False) or [""]


def _fit(line: str) -> str:
    """A line of at most WIDTH columns (a long player name may push one over: cut it)."""
    return line if len(line) <= WIDTH else line[: WIDTH - 1] + "…"


# ------------------------------------------------------------------ SVG
#: each seat's colour (``data.SEAT_COLOURS``): its name, its tokens' and chips' colour, the
#: tint of its concessions
SEAT_COLOURS: tuple[tuple[str, str, str], ...] = tuple(
    (name, colour, tint(colour, 0.18)) for name, colour in D.SEAT_COLOURS
)
#: each neighbourhood colour's band on its streets and in the list of values
HOOD_COLOURS: dict[str, str] = {
    "brown": "#8b5a2b",
    "light_blue": "#9fd3f0",
    "pink": "#e68ac0",
    "orange": "#f2a03d",
    "red": "#d9413b",
    "yellow": "#f2de3d",
    "green": "#3fa34d",
    "dark_blue": "#2b4a9b",
}
_STYLE = (
    "".join(
        f"circle.seat{k} {{ fill: {chip}; }}\nrect.space.held{k} {{ fill: {ground}; }}\n"
        for k, (_, chip, ground) in enumerate(SEAT_COLOURS)
    )
    + "".join(f"rect.band-{c} {{ fill: {v}; }}\n" for c, v in HOOD_COLOURS.items())
    + """\
rect.space { fill: #fffdf7; stroke: #6f6a5e; stroke-width: 1; }
rect.space.corner { fill: #f3eedf; }
rect.band-bridge { fill: #6b7680; }
rect.band-metropoli { fill: #9a7fc9; }
rect.city { fill: #d3d7cf; }
rect.district { fill: #ece8dc; stroke: #8f897a; stroke-width: 1.5; }
rect.area { fill: #faf8f2; stroke: #8f897a; stroke-width: 1; }
rect.floor { fill: #56606b; }
polygon.roof { fill: #c92a2a; }
rect.avenue { fill: #8c9197; }
line.avenue-line { stroke: #f1f1f1; stroke-width: 2; stroke-dasharray: 10 8; }
circle.chip { stroke: #ffffff; stroke-width: 1.2; }
circle.token { stroke: #111; stroke-width: 1; }
text.trust, text.sky { fill: #c92a2a; }
text.auction { fill: #c25700; }
text.new { fill: #b5006b; }
rect.pending { fill: none; stroke: #ef6c00; stroke-width: 3; }
rect.player-row { fill: #f0eee7; }
rect.player-row.to-act { fill: #fff0b3; }
polygon.marker { fill: #222; }
"""
)

_W = 1064
_LEFT = 24
#: a side space's width, and the track's depth (a corner's side)
_C, _D = 84, 140
#: the band of a space's colour, on its side towards the city
_BAND = 16
_SIDE = 2 * _D + 9 * _C
_BX = (_W - _SIDE) / 2
#: how far a Buildable Area's block lies inside its cell
_INSET = 5
_CHIP_R = 8.0
_TOKEN_R = 6.5
_ROW_H = 26
_LINE = 18
_KEY_LINE = 17


def action_keys(action: Action) -> tuple[str, ...]:
    """The ``data-key`` of every place on the board that ``action`` names, as its text form
    names it: ``sell 11``, ``give 11``, ``take 11`` and ``goto 13`` -> ``space:11`` (a track
    space), ``build 13`` and ``free 13`` -> ``area:13`` (a Buildable Area), ``offer 2`` ->
    ``seat:2`` (a player's row); a roll, a bid, ``pass``, ``done`` and the like name none.

    >>> action_keys(GoTo(13)), action_keys(FreeBlock(13)), action_keys(Offer(2))
    (('space:13',), ('area:13',), ('seat:2',))
    """
    if isinstance(action, (Sell, Give, Take, GoTo)):
        return (f"space:{action.space}",)
    if isinstance(action, (Build, FreeBlock)):
        return (f"area:{action.area}",)
    if isinstance(action, Offer):
        return (f"seat:{action.partner}",)
    return ()


def render_svg(
    game: Game,
    seat: int | None = None,
    *,
    last: Action | str | Mapping[str, Any] | None = None,
    targets: Collection[str] | None = None,
    css: str = "",
) -> SvgWrapper:
    """An SVG picture of what ``seat`` sees (None: a spectator), drawn from ``game.view(seat)``
    (and the board's avenue names and the costs of the corners, static data).

    Whose turn it is and what is asked (the prompt in words), the auction, proposal or debt
    under way, the city's supply; the players with their colours, cash, where they stand and
    what they hold; the track: the four corners by name with what they do, each street with
    its neighbourhood's colour, each bridge and Metropoli space, every space's number and
    motorway exit, the holder's chip and the rent or toll due now (trusts marked), the tokens;
    the four districts framed and named with their Master Plan cap, each Buildable Area with
    its number, its floors and its skyscraper; the avenues; the neighbourhood values; a key.

    Clickable places are groups with a ``data-key`` and a ``<title>``, the tokens of the
    actions' text forms: ``space:11`` (each track space), ``area:13`` (each Buildable Area),
    ``seat:2`` (each player's row). ``last`` (the last move: an action, its text or JSON;
    IllegalAction if it is none of Metropoli's) outlines the places it named
    (``action_keys``); ``targets`` are data-keys to mark dashed (the places the seat may act
    on now); ``css`` is added to the style sheet. The text board is the ``<desc>``.
    """
    if last is None:
        lasts: frozenset[str] = frozenset()
    else:
        move = last if isinstance(last, Action) else game.parse_action(last)
        lasts = frozenset(action_keys(move))
    return _Board(game, seat, lasts, frozenset(targets or ()), css).draw()


def _counted(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


#: the prompt's kind as the status line says it (the prompt's own words follow)
_ASKED = {
    "roll": "{} to roll",
    "move": "{} to move after a triple",
    "act": "{} to let the space reached act",
    "bid": "{} to bid",
    "raise": "{} to raise the Market Value",
    "preempt": "{} to pre-empt",
    "cross": "{} to cross",
    "free": "{} to place a free block",
    "municipality": "{} to choose at Il Comune",
    "build": "{} to build",
    "draft": "{} to compose a proposal",
    "trade": "{} to answer a proposal",
    "sell": "{} to sell a concession",
}
#: the set-up's shuffles, by deck
_SHUFFLED = {
    "concessions": "The street concessions are shuffled and dealt, two to each player",
    "neighbourhood_values": "The neighbourhood value cards are shuffled and dealt",
    "metropoli": "The Metropoli deck is shuffled face down",
}
#: what the dice of a request are rolled for, by its purpose (``metropoli.words``)
_ROLLED_FOR = {
    W.FIRST_DICE: "for the first player",
    W.MOVE_DICE: "to move",
    W.EXIT_DICE: "for L'Autostrada's exit",
}
_DICE_COUNT = {2: "two", 3: "three"}


def _chance_words(chance: Mapping[str, Any]) -> str:
    """The chance the game waits for, in words."""
    if chance.get("kind") == "dice":
        purpose, _, name = str(chance.get("purpose", "")).partition(": ")
        count = chance.get("count", 0)
        dice = f"{_DICE_COUNT.get(count, count)} dice"
        why = _ROLLED_FOR.get(purpose, purpose)
        return f"{name} rolls {dice} {why}" if name else f"The {dice} are rolled {why}"
    if chance.get("kind") == "shuffle":
        return _SHUFFLED.get(str(chance.get("deck")), "A shuffle")
    return "Chance is drawn"


def _track_cell(space: int) -> tuple[int, int]:
    """(column, row) of a track space on the 11 x 11 grid of the board: La Borsa bottom right,
    the spaces counted clockwise, as the text board and the rulebook's figure go."""
    side, off = divmod(space, 10)
    if side == 0:
        return 10 - off, 10
    if side == 1:
        return 0, 10 - off
    if side == 2:
        return off, 0
    return 10, off


def _edge(i: int) -> float:
    """The left (top) edge of grid column (row) ``i``, from the board's edge."""
    return 0 if i == 0 else _D + (i - 1) * _C


def _span(i: int) -> float:
    return _D if i in (0, 10) else _C


#: where a district's areas and its name go when the board's streets do not place them (a
#: replaced board): the grid columns and rows of its 3 x 3 areas and its name's row, by
#: district, La Borsa's corner first and then clockwise, as the shipped board has them
_QUADRANTS: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = (
    ((6, 7, 9), (6, 7, 9), 8),
    ((4, 3, 1), (6, 7, 9), 8),
    ((1, 3, 4), (4, 3, 1), 2),
    ((9, 7, 6), (4, 3, 1), 2),
)


def _meeting(streets: Sequence[int]) -> tuple[int, int] | None:
    """The grid cell where an area's two streets meet: the column of the one on the top or
    bottom row of the track, the row of the one on its left or right side (None if the two
    are not one of each)."""
    cols = [c for c, r in map(_track_cell, streets) if r in (0, 10) and 0 < c < 10]
    rows = [r for c, r in map(_track_cell, streets) if c in (0, 10) and 0 < r < 10]
    return (cols[0], rows[0]) if len(cols) == len(rows) == 1 else None


def _layout(
    st: Mapping[str, Any], avenues: Sequence[tuple[str, int, int]]
) -> tuple[dict[int, tuple[int, int]], dict[int, int]]:
    """Each Buildable Area's cell on the grid and each district's name row.

    An area lies where its two streets meet (``_meeting``), so each block faces the streets
    it serves (ruling MI-5); a district's name goes in a row between its areas that none of
    them fills. A board whose streets do not place the areas so, apart and off the avenues,
    gets them in a 3 x 3 grid a quadrant (``_QUADRANTS``)."""
    areas = st["areas"]
    districts = range(len(st["district_caps"]))
    cells = {x: cell for x, a in enumerate(areas) if (cell := _meeting(a["streets"]))}
    lines = {(kind, n) for kind, n, _ in avenues}
    names: dict[int, int] = {}
    placed = len(set(cells.values())) == len(cells) == len(areas) and not any(
        ("col", c) in lines or ("row", r) in lines for c, r in cells.values()
    )
    for d in districts if placed else ():
        mine = [cells[x] for x, a in enumerate(areas) if a["district"] == d]
        taken = {r for _, r in mine}
        span = range(min(c for c, _ in mine), max(c for c, _ in mine) + 1)
        others = {cell for x, cell in cells.items() if areas[x]["district"] != d}
        free = [
            r
            for r in range(min(taken) + 1, max(taken))
            if r not in taken
            and ("row", r) not in lines
            and all((c, r) not in others for c in span)
        ]
        if not free:
            placed = False
            break
        names[d] = free[0]
    if placed:
        return cells, names
    cells, names = {}, {}
    for d in districts:
        cols, rows, name_row = _QUADRANTS[d % len(_QUADRANTS)]
        mine_ids = [x for x, a in enumerate(areas) if a["district"] == d]
        for k, x in enumerate(mine_ids[:9]):
            cells[x] = (cols[k % 3], rows[k // 3])
        names[d] = name_row
    return cells, names


class _Board:
    """One picture being drawn: the view, the drawing and where everything goes."""

    def __init__(
        self,
        game: Game,
        seat: int | None,
        lasts: frozenset[str],
        marks: frozenset[str],
        css: str,
    ) -> None:
        self.game = game
        self.view = game.view(seat)
        self.st: dict[str, Any] = self.view["state"]
        self.names: list[str] = self.view["players"]
        self.seat = seat
        self.lasts = lasts
        self.marks = marks
        self.css = css
        self.options: Mapping[str, Any] = getattr(game, "options", {})

    # -------------------------------------------------------------- the whole
    def draw(self) -> SvgWrapper:
        """The picture: the header, the players, the board, the values and the key."""
        status = self._status_lines()
        players_top = 62 + _LINE * len(status) + 12
        self.top = players_top + _ROW_H * len(self.names) + 18
        values_top = self.top + _SIDE + 30
        keys = self._key_lines()
        key_top = values_top + 22 + 4 * _LINE + 24
        height = key_top + 22 + _KEY_LINE * sum(len(lines) for _, lines in keys) + 12
        self.d = Drawing(
            _W,
            height,
            title="Metropoli: " + W.listing(self.names),
            desc=render_text(self.game, self.seat),
            style=_STYLE,
            css=self.css,
        )
        self._header(status)
        self._players(players_top)
        self._city()
        self._track()
        self._values(values_top)
        self._key(key_top, keys)
        return self.d.to_svg()

    def _who(self, p: int) -> str:
        return self.names[p] + (" (you)" if p == self.seat else "")

    def _highlight(self, x: float, y: float, w: float, h: float, key: str) -> None:
        """The last move's outline and the targets' dashes around a place, if it is one."""
        if key in self.lasts:
            self.d.rect(None, x, y, w, h, rx=4, class_="last")
        if key in self.marks:
            self.d.rect(None, x, y, w, h, rx=4, class_="target")

    def _chip(
        self, parent: Any, cx: float, cy: float, p: int, r: float, size: float, klass: str
    ) -> None:
        """A player's chip or token: a circle of the seat's colour holding its number."""
        g = self.d.group(parent, class_=f"{klass}-mark")
        self.d.add(
            g, "circle", cx=float(cx), cy=float(cy), r=float(r), class_=f"frame {klass} seat{p}"
        )
        self.d.text(
            g,
            cx,
            cy + size * 0.36,
            str(p + 1),
            size=size,
            bold=True,
            anchor="middle",
            class_="on-dark" if ink_on(SEAT_COLOURS[p][1]) == "#ffffff" else "on-light",
        )

    # -------------------------------------------------------------- the header
    def _status_lines(self) -> list[tuple[str, str]]:
        """Whose turn it is and what is asked, what is under way, or who won: each line with
        its class (``status`` bold, ``asked``, ``under-way``), wrapped to the width."""
        view, st, names = self.view, self.st, self.names
        lines: list[tuple[str, str]] = []
        if view["is_over"]:
            result = view["result"]
            scores, winners = result["scores"], result["winners"]
            best = W.money(scores[winners[0]])
            if len(winners) == 1:
                head = f"Game over: {self._who(winners[0])} wins with {best} in wealth"
            else:
                head = f"Game over: {W.listing([self._who(w) for w in winners])} share the win"
                head += f" with {best} in wealth each"
            wealth = [
                f"{names[p]} {W.money(v)}"
                + (" (bankrupt)" if st["status"][p] == "bankrupt" else "")
                for p, v in enumerate(scores)
            ]
            why = str(result.get("reason", ""))
            lines = [(head, "status"), (f"Wealth: {', '.join(wealth)}; won by {why}.", "asked")]
        else:
            prompt = view["prompt"]
            turn = st["active"]
            if prompt is None:
                chance = view["chance"] or {}
                head = _chance_words(chance)
                text = ""
            else:
                asked = prompt["seat"]
                head = _ASKED.get(prompt["kind"], "{} to act").format(self._who(asked))
                if asked != turn:
                    head += f" · {self._who(turn)}'s turn"
                who = "You are" if asked == self.seat else f"{names[asked]} is"
                text = f"{who} asked: {prompt['text']}."
            if st["final_phase"]:
                head += " · the final phase: no more building"
            elif st["completion_phase"]:
                head += " · the completion phase: a block each turn"
            lines = [(head, "status")]
            if text:
                lines.append((text, "asked"))
            for part in under_way(st, names, self.seat):
                lines.append((part + ".", "under-way"))
        out: list[tuple[str, str]] = []
        room = _W - 2 * _LEFT
        for text, klass in lines:
            size, bold = (15, True) if klass == "status" else (12, False)
            out.extend((line, klass) for line in wrap_text(text, room, size, bold=bold))
        return out

    def _header(self, status: list[tuple[str, str]]) -> None:
        d, st = self.d, self.st
        d.text(None, _LEFT, 36, "Metropoli", size=24, bold=True, class_="title")
        sky = st["skyscrapers"]
        turn = f"Turn {st['turn']}" if st["turn"] else "Set-up"
        city = [turn, f"{st['blocks_left']} of {D.BLOCK_SUPPLY} blocks left"]
        if sky < D.ROOFS:
            city.append(
                f"skyscrapers {sky} of {D.ROOFS}, the next on the first building of "
                f"{sky + D.FIRST_ROOF_HEIGHT} floors"
            )
        else:
            city.append(f"all {D.ROOFS} skyscrapers stand")
        deck = st["deck_size"]
        city.append(
            f"Metropoli deck {_counted(deck, 'card')}"
            if deck
            else "Metropoli deck not shuffled yet"
        )
        d.text(
            None,
            _W - _LEFT,
            34,
            " · ".join(city),
            size=12,
            anchor="end",
            width=_W - 2 * _LEFT - 160,
            min_size=10,
            class_="muted city",
        )
        y = 62.0
        for line, klass in status:
            bold = klass == "status"
            d.text(
                None,
                _LEFT,
                y,
                line,
                size=15 if bold else 12,
                bold=bold,
                width=_W - 2 * _LEFT,
                min_size=11,
                class_=klass,
            )
            y += _LINE

    # -------------------------------------------------------------- the players
    def _players(self, top: float) -> None:
        d, st, view = self.d, self.st, self.view
        kinds = [space["kind"] for space in st["spaces"]]
        for p, name in enumerate(self.names):
            y = top + _ROW_H * p
            base = y + 18
            held = [int(c) for c, o in st["owners"].items() if o == p]
            streets = sum(1 for c in held if kinds[c] == "street")
            bridges = len(held) - streets
            status = st["status"][p]
            pos = st["positions"][p]
            if status == "in":
                where = f"on {st['spaces'][pos]['name']} ({pos})"
            else:
                where = _STATUS.get(status, status)
            colour = SEAT_COLOURS[p][0]
            key = f"seat:{p}"
            title = (
                f"{name} ({colour}, player {p + 1}): {W.money(st['cash'][p])} in cash, {where}, "
                f"{_counted(streets, 'street')} and {_counted(bridges, 'bridge')}"
            )
            row = d.group(None, key=key, title=title, class_="player", data_seat=p)
            acting = p == view["to_act"]
            d.rect(
                row,
                16,
                y + 1,
                _W - 32,
                _ROW_H - 2,
                rx=4,
                class_="frame player-row" + (" to-act" if acting else ""),
            )
            if acting:
                d.add(row, "polygon", points=f"22,{y + 7} 31,{y + 13} 22,{y + 19}", class_="marker")
            self._chip(row, 46, y + 13, p, 9.5, 11, "chip")
            d.text(row, 62, base, self._who(p), size=13, bold=True, width=265, min_size=11)
            d.text(row, 334, base, colour, size=12)
            d.text(row, 392, base, f"player {p + 1}", size=12, class_="muted")
            cash = W.money(st["cash"][p])
            d.text(row, 545, base, cash, size=13, bold=True, anchor="end", width=100)
            d.text(row, 552, base, where, size=12, width=195, min_size=10)
            holds = f"{_counted(streets, 'street')}, {_counted(bridges, 'bridge')}"
            d.text(row, 754, base, holds, size=12, width=125, min_size=10)
            notes = []
            if p == st["active"] and st["turn"] and not view["is_over"]:
                notes.append("on turn")
            if st["final_phase"] and status == "in":
                limit = self._option("final_turn_limit")
                notes.append(f"final turns {st['final_turns'][p]} of {limit}")
            if notes:
                text = ", ".join(notes)
                d.text(
                    row,
                    _W - 24,
                    base,
                    text,
                    size=12,
                    bold=True,
                    anchor="end",
                    width=140,
                    min_size=10,
                )
            self._highlight(16, y + 1, _W - 32, _ROW_H - 2, key)

    # -------------------------------------------------------------- the city
    def _avenues(self) -> list[tuple[str, int, int]]:
        """Each avenue the view's bridges cross along: ``("col", 5, 5)`` for one running up
        grid column 5 from bridge 5 (``"row"`` for one across), where its bridges face."""
        out = []
        for sp, space in enumerate(self.st["spaces"]):
            other = space.get("crosses_to")
            if space["kind"] != "bridge" or other is None or other < sp:
                continue
            (c1, r1), (c2, r2) = _track_cell(sp), _track_cell(other)
            if c1 == c2 and {r1, r2} == {0, 10}:
                out.append(("col", c1, sp))
            elif r1 == r2 and {c1, c2} == {0, 10}:
                out.append(("row", r1, sp))
        return out

    def _city(self) -> None:
        """The city inside the track: the avenues, the districts and their Buildable Areas."""
        d, st = self.d, self.st
        x0, y0 = _BX + _D, self.top + _D
        d.rect(None, x0, y0, 9 * _C, 9 * _C, class_="city")
        avenues = self._avenues()
        cells, name_rows = _layout(st, avenues)
        for kind, n, _ in avenues:
            if kind == "col":
                d.rect(None, _BX + _edge(n), y0, _C, 9 * _C, class_="avenue")
            else:
                d.rect(None, x0, self.top + _edge(n), 9 * _C, _C, class_="avenue")
        for kind, n, _ in avenues:
            mid = _edge(n) + _C / 2
            if kind == "col":
                x = _BX + mid
                d.add(None, "line", x1=x, y1=y0, x2=x, y2=y0 + 9 * _C, class_="avenue-line")
            else:
                y = self.top + mid
                d.add(None, "line", x1=x0, y1=y, x2=x0 + 9 * _C, y2=y, class_="avenue-line")
        for kind, n, bridge in avenues:
            self._avenue_names(kind, n, bridge)
        for district in range(len(st["district_caps"])):
            mine = [x for x, a in enumerate(st["areas"]) if a["district"] == district]
            self._district(district, [cells[x] for x in mine if x in cells], name_rows[district])
        for x in range(len(st["areas"])):
            if x in cells:
                self._area(x, *cells[x])

    def _avenue_names(self, kind: str, n: int, bridge: int) -> None:
        spaces = self.st["spaces"]
        avenue = B.avenue.get(bridge, "the avenue")
        other = spaces[bridge]["crosses_to"]
        title = (
            f"{avenue}: from {spaces[bridge]['name']} to {spaces[other]['name']}, "
            "the way a bridge is crossed"
        )
        for k in (2, 8):  # the rows (columns) of the districts' names: nothing else is there
            if kind == "col":
                cx, cy = _BX + _edge(n) + _C / 2, self.top + _edge(k) + _C / 2
            else:
                cx, cy = _BX + _edge(k) + _C / 2, self.top + _edge(n) + _C / 2
            g = self.d.group(None, title=title, class_="avenue-name")
            self.d.rect(g, cx - _C / 2 + 2, cy - 11, _C - 4, 20, rx=3, class_="frame avenue")
            self.d.text(
                g,
                cx,
                cy + 4,
                avenue,
                size=12,
                bold=True,
                anchor="middle",
                width=_C - 8,
                min_size=9,
                class_="on-dark",
            )

    def _district(self, district: int, cells: list[tuple[int, int]], name_row: int) -> None:
        """A district's frame around its areas, its name and its Master Plan cap."""
        d, st = self.d, self.st
        cols = [c for c, _ in cells] or [1]
        rows = [r for _, r in cells] + [name_row]
        x0 = _BX + _edge(min(cols)) + 1
        x1 = _BX + _edge(max(cols)) + _C - 1
        y0 = self.top + _edge(min(rows)) + 1
        y1 = self.top + _edge(max(rows)) + _C - 1
        name = st["district_names"][district]
        cap = st["district_caps"][district]
        title = f"{name}: " + (
            f"its skyscraper caps its buildings at {cap} floors (the Master Plan)"
            if cap
            else "no skyscraper yet"
        )
        g = d.group(None, title=title, class_="district", data_district=district)
        d.rect(g, x0, y0, x1 - x0, y1 - y0, rx=8, class_="frame district")
        cx = (x0 + x1) / 2
        base = self.top + _edge(name_row) + _C / 2
        d.text(g, cx, base - 2, name, size=14, bold=True, anchor="middle", width=x1 - x0 - 12)
        if cap:
            d.text(
                g,
                cx,
                base + 15,
                f"skyscraper: capped at {cap} floors",
                size=11,
                bold=True,
                anchor="middle",
                width=x1 - x0 - 12,
                class_="sky cap",
            )
        else:
            d.text(
                g,
                cx,
                base + 15,
                "no skyscraper yet",
                size=11,
                anchor="middle",
                width=x1 - x0 - 12,
                class_="muted cap",
            )

    def _area(self, x: int, col: int, row: int) -> None:
        """A Buildable Area's block: its number, its floors, its skyscraper's roof."""
        d, st = self.d, self.st
        left = _BX + _edge(col) + _INSET
        top = self.top + _edge(row) + _INSET
        size = _C - 2 * _INSET
        area = st["areas"][x]
        height, roof = st["heights"][x], st["roofs"][x]
        new = x in st["areas_built_this_turn"]
        district = st["district_names"][area["district"]]
        floors = _counted(height, "floor") if height else "empty"
        title = f"Area {x}, {area['name']} ({district}): {floors}"
        if roof:
            title += f", skyscraper {roof} of {D.ROOFS}, capping the district at {height} floors"
        if new:
            title += "; built on this turn"
        key = f"area:{x}"
        g = d.group(None, key=key, title=title, class_="area", data_area=x, data_height=height)
        d.rect(g, left, top, size, size, rx=3, class_="frame area")
        d.text(g, left + 5, top + 15, str(x), size=11, bold=True)
        if new:
            d.text(
                g, left + size - 5, top + 14, "new", size=9, bold=True, anchor="end", class_="new"
            )
        mid = left + size / 2
        for k in range(height):
            d.rect(g, mid - 15, top + 52 - 7 * k, 30, 6, class_="floor")
        if roof:
            peak = top + 52 - 7 * height
            d.add(
                g,
                "polygon",
                points=f"{mid - 18},{peak + 6} {mid + 18},{peak + 6} {mid},{peak - 1}",
                class_="roof",
            )
        label = "skyscraper" if roof else floors
        d.text(
            g,
            mid,
            top + size - 6,
            label,
            size=10,
            bold=bool(roof),
            anchor="middle",
            width=size - 6,
            min_size=9,
            class_="sky" if roof else (None if height else "muted"),
        )
        self._highlight(left - 2.5, top - 2.5, size + 5, size + 5, key)

    # -------------------------------------------------------------- the track
    def _corner_words(self, kind: str) -> str:
        """What a corner does, in the rulebook's terms and the game's money."""
        if kind == "borsa":
            text = f"collect {W.money(D.BORSA_PASS)} passing, {W.money(D.BORSA_LAND)} landing"
            if not self._option("first_round_borsa"):
                text += ", not in a player's first round"
            return text
        if kind == "court":
            return f"a fine of {W.money(D.FINE_PER_PIP)} × the dice"
        if kind == "motorway":
            return "two dice read as an exit send the token on; in the final phase a player leaves"
        if kind == "municipality":
            text = "go to a space whose concession is free (auctioned), or place a free block"
            return text + (", or pass" if self._option("municipality_pass") else "")
        return ""

    def _space_title(self, sp: int, here: list[int]) -> str:
        space = self.st["spaces"][sp]
        kind, name = space["kind"], space["name"]
        exit_ = f", exit {space['exit']}" if space["exit"] is not None else ""
        if kind == "street":
            colour = space["colour"].replace("_", " ")
            text = f"{name} ({sp}), a {colour} street{exit_}: "
        elif kind == "bridge":
            other = self.st["spaces"][space["crosses_to"]]["name"]
            avenue = B.avenue.get(sp, "its avenue")
            text = f"{name} ({sp}), a bridge on {avenue} to {other}{exit_}: "
        elif kind == "metropoli":
            text = f"a Metropoli space ({sp}){exit_}: a Metropoli card is read"
        else:
            text = f"{name} ({sp}): {self._corner_words(kind)}"
        auction = self.st["auction"]
        if kind in ("street", "bridge"):
            owner = space["owner"]
            if auction is not None and auction["space"] == sp:
                leader = auction["leader"]
                price = W.money(auction["price"])
                text += "at auction, " + (
                    "no bid yet" if leader is None else f"{price} bid by {self.names[leader]}"
                )
                if owner is not None:
                    text += f" (a bankruptcy sale of {self.names[owner]}'s concession)"
            elif owner is None:
                text += "free, auctioned when a token lands here"
            else:
                due = "rent" if kind == "street" else "toll"
                text += f"{self.names[owner]}'s concession, {due} now {W.money(space['rent'] or 0)}"
                if space["trust"]:
                    text += " (doubled: a trust)"
        if here:
            text += "; here: " + W.listing([self.names[p] for p in here])
        return text

    def _track(self) -> None:
        """The 40 spaces around the city, each a clickable place; then the outlines."""
        st = self.st
        here: dict[int, list[int]] = {}
        for p, pos in enumerate(st["positions"]):
            if st["status"][p] == "in":
                here.setdefault(pos, []).append(p)
        pending: set[int] = set()
        if st["auction"] is not None:
            pending.add(st["auction"]["space"])
        if st["trade"] is not None:
            pending |= {*st["trade"]["give"], *st["trade"]["take"]}
        boxes = []
        for sp in range(len(st["spaces"])):
            col, row = _track_cell(sp)
            box = (_BX + _edge(col), self.top + _edge(row), _span(col), _span(row))
            boxes.append(box)
            self._space(sp, col, row, box, here.get(sp, []))
        for sp, (x, y, w, h) in enumerate(boxes):
            if sp in pending:
                self.d.rect(None, x + 3, y + 3, w - 6, h - 6, rx=3, class_="pending")
            self._highlight(x + 1.5, y + 1.5, w - 3, h - 3, f"space:{sp}")

    def _space(
        self, sp: int, col: int, row: int, box: tuple[float, float, float, float], here: list[int]
    ) -> None:
        d = self.d
        space = self.st["spaces"][sp]
        kind = space["kind"]
        x, y, w, h = box
        owner = space["owner"] if kind in ("street", "bridge") else None
        key = f"space:{sp}"
        g = d.group(
            None,
            key=key,
            title=self._space_title(sp, here),
            class_=f"space {kind}",
            data_space=sp,
            data_owner=owner,
        )
        klass = "frame space" + (" corner" if w == h == _D else "")
        if owner is not None:
            klass += f" held{owner}"
        d.rect(g, x, y, w, h, class_=klass)
        if w == h == _D:
            self._corner(g, sp, box, here)
            return
        # the band on the side towards the city, and the box left for the words
        band: tuple[float, float, float, float]
        if row == 10:
            band, (cx, cy, cw, ch) = (x, y, w, float(_BAND)), (x, y + _BAND, w, h - _BAND)
        elif row == 0:
            band, (cx, cy, cw, ch) = (x, y + h - _BAND, w, float(_BAND)), (x, y, w, h - _BAND)
        elif col == 0:
            band, (cx, cy, cw, ch) = (x + w - _BAND, y, float(_BAND), h), (x, y, w - _BAND, h)
        else:
            band, (cx, cy, cw, ch) = (x, y, float(_BAND), h), (x + _BAND, y, w - _BAND, h)
        tone = {"street": f"band-{space['colour']}", "bridge": "band-bridge"}.get(
            kind, "band-metropoli"
        )
        d.rect(g, *band, class_=f"band {tone}")
        d.text(g, cx + 5, cy + 13, str(sp), size=10, bold=True)
        if space["exit"] is not None:
            d.text(
                g,
                cx + cw - 5,
                cy + 13,
                f"exit {space['exit']}",
                size=9,
                anchor="end",
                class_="muted",
            )
        lines, size = fit_lines(space["name"], cw - 8, 11, lines=2, bold=True, min_size=9)
        for k, line in enumerate(lines):
            d.text(g, cx + cw / 2, cy + 28 + 12 * k, line, size=size, bold=True, anchor="middle")
        upright = cw < ch  # a space of the top or bottom row: its words one under another
        if kind == "metropoli":
            d.text(
                g,
                cx + cw / 2,
                cy + 46,
                "a card is read",
                size=10,
                anchor="middle",
                width=cw - 8,
                min_size=8,
                class_="muted",
            )
        else:
            self._holding(g, sp, (cx, cy, cw), upright)
        self._tokens(g, cx, cy + ch - 10, cw, here, centred=upright)

    def _due(self, sp: int) -> tuple[int | None, str, str, str | None]:
        """What a concession's space shows under its name: the chip (its holder, or the high
        bidder of its auction), a label and its class, and the amount (rent, toll or bid)."""
        space = self.st["spaces"][sp]
        auction = self.st["auction"]
        if auction is not None and auction["space"] == sp:
            leader = auction["leader"]
            if leader is None:
                return None, "at auction", "auction", None
            label = "high bid" if auction["stage"] == "bid" else "won at"
            return leader, label, "auction", W.money(auction["price"])
        owner = space["owner"]
        if owner is None:
            return None, "free", "muted", None
        if space["trust"]:
            return owner, f"trust ×{D.TRUST_FACTOR}", "trust", W.money(space["rent"] or 0)
        label = "rent" if space["kind"] == "street" else "toll"
        return owner, label, "muted", W.money(space["rent"] or 0)

    def _holding(self, g: Any, sp: int, box: tuple[float, float, float], upright: bool) -> None:
        """The holder's chip and the rent or toll due now (a trust marked), or the auction's
        high bidder and bid, or "free"; in a space of the top or bottom row one under
        another, beside each other in a space of the sides."""
        d = self.d
        cx, cy, cw = box
        chip, label, tone, amount = self._due(sp)
        bold = tone in ("trust", "auction")
        money_tone = "auction" if tone == "auction" else "rent"
        if chip is None:
            d.text(
                g,
                cx + cw / 2,
                cy + (64 if upright else 58),
                label,
                size=10,
                bold=bold,
                anchor="middle",
                class_=tone,
            )
        elif upright:
            self._chip(g, cx + 14, cy + 60, chip, _CHIP_R, 10, "chip")
            d.text(
                g,
                cx + 26,
                cy + 64,
                label,
                size=10,
                bold=bold,
                width=cw - 30,
                min_size=8,
                class_=tone,
            )
        else:
            self._chip(g, cx + 14, cy + 54, chip, _CHIP_R, 10, "chip")
            trust = tone == "trust"
            d.text(
                g,
                cx + 26,
                cy + 58,
                amount or "",
                size=11,
                bold=True,
                width=cw - 30 - (20 if trust else 0),
                min_size=9,
                class_=money_tone,
            )
            if trust:
                d.text(
                    g,
                    cx + cw - 5,
                    cy + 58,
                    f"×{D.TRUST_FACTOR}",
                    size=10,
                    bold=True,
                    anchor="end",
                    class_="trust",
                )
            return
        if amount is not None:
            d.text(
                g,
                cx + cw / 2,
                cy + 84,
                amount,
                size=11,
                bold=True,
                anchor="middle",
                width=cw - 6,
                min_size=9,
                class_=money_tone,
            )

    def _tokens(
        self, g: Any, x: float, cy: float, width: float, here: list[int], *, centred: bool
    ) -> None:
        """The tokens of the players standing on a space, in a row."""
        if not here:
            return
        step = min(14.0, (width - 6) / len(here))
        start = x + width / 2 - step * (len(here) - 1) / 2 if centred else x + 10
        for k, p in enumerate(here):
            self._chip(g, start + step * k, cy, p, _TOKEN_R, 9, "token")

    def _corner(
        self, g: Any, sp: int, box: tuple[float, float, float, float], here: list[int]
    ) -> None:
        d = self.d
        x, y, w, h = box
        space = self.st["spaces"][sp]
        d.text(g, x + 6, y + 15, str(sp), size=10, bold=True)
        d.text(
            g,
            x + w / 2,
            y + 36,
            space["name"],
            size=14,
            bold=True,
            anchor="middle",
            width=w - 12,
            min_size=11,
        )
        words, size = fit_lines(self._corner_words(space["kind"]), w - 14, 10, lines=4, min_size=9)
        for k, line in enumerate(words):
            d.text(
                g,
                x + w / 2,
                y + 54 + 13 * k,
                line,
                size=size,
                anchor="middle",
                class_="corner-words",
            )
        self._tokens(g, x, y + h - 14, w, here, centred=True)

    # -------------------------------------------------------------- the values and the key
    def _values(self, top: float) -> None:
        """The neighbourhood values dealt (ruling MI-7), with each neighbourhood's streets."""
        d, st = self.d, self.st
        values = st["neighbourhood_values"]
        dealt = any(values)
        head = "Neighbourhood values" + ("" if dealt else ": not dealt yet")
        d.text(None, _LEFT, top, head, size=14, bold=True)
        d.text(
            None,
            _LEFT + (190 if dealt else 330),
            top,
            "added to the rent of each of its streets; a street counts its value in wealth",
            size=11,
            class_="muted",
        )
        streets: dict[int, list[str]] = {}
        colours: dict[int, str] = {}
        for space in st["spaces"]:
            hood = space["neighbourhood"]
            if hood is not None:
                streets.setdefault(hood, []).append(space["name"])
                colours[hood] = space["colour"]
        col_w = (_W - 2 * _LEFT) / 2
        for hood in sorted(streets):
            col, line = divmod(hood, 4)
            x = _LEFT + col * col_w
            y = top + 22 + _LINE * line
            colour = colours[hood]
            d.rect(None, x, y - 10, 22, 12, class_=f"band-{colour}")
            money = f" {W.money(values[hood])}" if dealt else ""
            text = f"{colour.replace('_', ' ')}{money}: {W.listing(streets[hood])}"
            d.text(None, x + 30, y, text, size=12, width=col_w - 40, min_size=10, class_="value")

    def _key_lines(self) -> list[tuple[str, list[str]]]:
        """The key: each mark and colour of the picture, with its swatch, wrapped."""
        n = len(self.names)
        avenues = sorted(set(B.avenue.values()))
        items = [
            (
                "chip",
                f"{W.listing([str(p + 1) for p in range(n)])}: the players, in the colours "
                "listed above: a token on the track is where a player stands; a chip on a "
                "space, its holder (the space tinted in the holder's colour)",
            ),
            (
                "band",
                "a street's band is its neighbourhood's colour (the values below); grey: a "
                "bridge; violet: a Metropoli space, where a card is read",
            ),
            (
                "text",
                "under a holder's chip, what a player landing there pays now: the rent of a "
                "street (the Concession Value of its areas and the neighbourhood value) or the "
                f"toll of a bridge ({W.money(D.TOLL_PER_BRIDGE)} for each bridge its holder "
                "has); free: no holder yet, auctioned when a token lands there",
            ),
            (
                "text",
                f"trust ×{D.TRUST_FACTOR} (×{D.TRUST_FACTOR} on the left and right sides): a "
                "trust, one player holds every street of the neighbourhood, and the rent is "
                "doubled; high bid, won at, at auction: the concession's auction under way",
            ),
            (
                "text",
                "a space's number (top left): the number actions name it by (sell 11, goto 13); "
                "exit 11-66: where L'Autostrada's two dice send a token",
            ),
            (
                "area",
                "a Buildable Area: its number, as build and free name it, and its floors; new: "
                "built on this turn (one block an area a turn)",
            ),
            (
                "roof",
                f"a skyscraper: the first building to reach {D.FIRST_ROOF_HEIGHT} floors, then "
                f"each next height up to {D.MAX_HEIGHT}; it caps its district at its height "
                "(the Master Plan)",
            ),
            (
                "avenue",
                f"{W.listing(avenues)}: the avenues along which a bridge is crossed to the "
                "bridge opposite",
            ),
            ("pending", "the concession at auction, or the concessions of a proposal under way"),
            ("last", "the places of the last move"),
            ("target", "the places the player to act may choose now"),
            ("text", "rule options: " + (", ".join(self._rule_notes()) or "the defaults")),
        ]
        room = _W - 2 * _LEFT - 44
        return [(swatch, wrap_text(text, room, 12)) for swatch, text in items]

    def _option(self, key: str) -> Any:
        """A rule option of the game, its default if the game does not say."""
        return self.options.get(key, Metropoli.options_spec[key].default)

    def _rule_notes(self) -> list[str]:
        """The rule options that differ from the defaults, as ``key=value``."""
        out = []
        for key, spec in Metropoli.options_spec.items():
            value = self._option(key)
            if value == spec.default:
                continue
            if key == "cards":
                out.append(f"a deck of its own ({_counted(len(value), 'card')})")
            else:
                out.append(f"{key}={value}")
        return out

    def _key(self, top: float, lines: list[tuple[str, list[str]]]) -> None:
        d = self.d
        d.text(None, _LEFT, top, "Key", size=14, bold=True)
        y = top + 22
        for swatch, texts in lines:
            self._swatch(swatch, _LEFT, y)
            for text in texts:
                d.text(None, _LEFT + 44, y, text, size=12, class_="key")
                y += _KEY_LINE

    def _swatch(self, swatch: str, x: float, y: float) -> None:
        """The mark a key line explains, left of it (``y`` is the line's baseline)."""
        d = self.d
        box = (x, y - 11, 32, 14)
        if swatch == "chip":
            self._chip(None, x + 9, y - 4, 0, _TOKEN_R, 9, "token")
            self._chip(None, x + 25, y - 4, 1, _TOKEN_R, 9, "token")
        elif swatch == "band":
            d.rect(None, *box, class_="space")
            d.rect(None, x, y - 11, 32, 5, class_="band-red")
        elif swatch == "area":
            d.rect(None, *box, rx=2, class_="area")
            d.rect(None, x + 8, y - 6, 16, 4, class_="floor")
        elif swatch == "roof":
            d.add(
                None,
                "polygon",
                points=f"{x + 4},{y + 1} {x + 28},{y + 1} {x + 16},{y - 11}",
                class_="roof",
            )
        elif swatch == "avenue":
            d.rect(None, *box, class_="avenue")
        elif swatch in ("pending", "last", "target"):
            d.rect(None, *box, rx=3, class_=swatch)
