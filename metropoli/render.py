"""Metropoli drawn: the text board of terminal play (the track, the four districts, the
players, what is under way) and the SVG picture of the board."""

from __future__ import annotations

import textwrap
from typing import Any

from common import Game
from metropoli import data as D
from metropoli import texts as W
from metropoli import words

B = D.BOARD
_KIND_MARK = {
    "borsa": "BORSA",
    "court": "TRIBUNALE",
    "motorway": "AUTOSTRADA",
    "municipality": "COMUNE",
    "metropoli": "Metropoli card",
}


def _money(x: int) -> str:
    return f"${x:,}"


# ------------------------------------------------------------------ text
#: the widest text board (issue 23: the terminal shows it with the events and the prompt)
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
        deal = words.trade_words(data, players, seat)
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
_CELL = 56
_COLOURS = {
    "brown": "#8b5a2b",
    "light_blue": "#9fd3f0",
    "pink": "#e68ac0",
    "orange": "#f2a03d",
    "red": "#d9413b",
    "yellow": "#f2de3d",
    "green": "#3fa34d",
    "dark_blue": "#2b4a9b",
}
_TOKENS = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#000000")


def _track_cell(space: int) -> tuple[int, int]:
    """(column, row) of a track space on an 11x11 grid; La Borsa bottom right, clockwise."""
    side, off = divmod(space, 10)
    if side == 0:
        return 10 - off, 10
    if side == 1:
        return 0, 10 - off
    if side == 2:
        return off, 0
    return 10, off


def _area_cell(area: int) -> tuple[int, int]:
    """(column, row) of a Buildable Area: each district is a 3x3 block in the quadrant at its
    corner; the avenues run along the middle row and column."""
    district, k = divmod(area, 9)
    r, c = divmod(k, 3)
    # quadrant corner cells next to the track corner of districts 0..3 (see _track_cell)
    corner = ((9, 9), (1, 9), (1, 1), (9, 1))[district]
    dx = -1 if corner[0] == 9 else 1
    dy = -1 if corner[1] == 9 else 1
    return corner[0] + dx * c, corner[1] + dy * r


def render_svg(game: Game, seat: int | None = None) -> str:
    """Render the board as an SVG picture: track, owners, districts with heights and roofs."""
    from metropoli.rules import Metropoli

    assert isinstance(game, Metropoli)
    s = game.s
    size = 11 * _CELL
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + 40}" '
        f'viewBox="0 0 {size} {size + 40}" font-family="sans-serif" font-size="10">',
        f'<rect width="{size}" height="{size}" fill="#d8ecf7"/>',
    ]
    for sp in range(B.size):
        col, row = _track_cell(sp)
        x, y = col * _CELL, row * _CELL
        kind = B.kinds[sp]
        fill = "#ffffff"
        hood = B.hood_of[sp]
        if hood is not None:
            fill = _COLOURS.get(B.hood_colours[hood], "#cccccc")
        elif kind == "bridge":
            fill = "#b0b0b0"
        elif kind == "metropoli":
            fill = "#eeeeee"
        out.append(
            f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="{fill}" stroke="#333"/>'
        )
        label = B.names[sp] if kind in ("street", "bridge") else _KIND_MARK.get(kind, kind)
        out.append(f'<text x="{x + 3}" y="{y + 12}">{_escape(label[:10])}</text>')
        owner = s.owner[sp]
        if kind in ("street", "bridge") and owner is not None:
            out.append(f'<text x="{x + 3}" y="{y + 26}">P{owner + 1}</text>')
        here = [p for p in range(game.num_players) if s.pos[p] == sp]
        for i, p in enumerate(here):
            cx = x + 10 + 12 * i
            out.append(f'<circle cx="{cx}" cy="{y + _CELL - 10}" r="5" fill="{_TOKENS[p % 6]}"/>')
    for area, h in enumerate(s.heights):
        col, row = _area_cell(area)
        x, y = col * _CELL + 4, row * _CELL + 4
        shade = 255 - 40 * h
        out.append(
            f'<rect x="{x}" y="{y}" width="{_CELL - 8}" height="{_CELL - 8}" '
            f'fill="rgb({shade},{shade},{shade})" stroke="#555"/>'
        )
        text = f"{h}" + (f" R{s.roof[area]}" if s.roof[area] else "")
        colour = "#fff" if h >= 3 else "#000"
        out.append(f'<text x="{x + 6}" y="{y + 28}" font-size="16" fill="{colour}">{text}</text>')
    status = ", ".join(
        f"P{p + 1} {_money(s.cash[p])} {s.status[p]}" for p in range(game.num_players)
    )
    out.append(f'<text x="4" y="{size + 16}">{_escape(status)}</text>')
    out.append(
        f'<text x="4" y="{size + 32}">blocks left {s.blocks_left}, '
        f"skyscrapers {s.roofs}, turn {s.turn_no}</text>"
    )
    out.append("</svg>")
    return "\n".join(out)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
