"""Text rendering of a game of Metropoli: the track, the four districts and the players."""

from __future__ import annotations

from common import Game
from metropoli import data as D
from metropoli import texts as W

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


def render_text(game: Game, seat: int | None = None) -> str:
    """Render the track, the districts (heights, roofs) and the players as plain text."""
    from metropoli.rules import Metropoli

    assert isinstance(game, Metropoli)
    s = game.s
    lines = [f"Metropoli - turn {s.turn_no}, phase {s.phase}"]
    flags = []
    if s.roofs == D.ROOFS:
        flags.append("completion phase")
    if s.final:
        flags.append("FINAL PHASE")
    lines.append(
        f"blocks left {s.blocks_left}/{D.BLOCK_SUPPLY}, skyscrapers {s.roofs}/{D.ROOFS}, "
        f"Metropoli deck {len(s.deck)} cards" + (" - " + ", ".join(flags) if flags else "")
    )
    lines.append("")
    lines.append("Track:")
    for sp in range(B.size):
        kind = B.kinds[sp]
        here = [game.players[p] for p in range(game.num_players) if s.pos[p] == sp]
        if kind in ("street", "bridge"):
            o = s.owner[sp]
            who = "Bank" if o is None else game.players[o]
            extra = ""
            if kind == "street":
                hood = B.hood_of[sp]
                assert hood is not None
                extra = f" [{B.hood_colours[hood]}] rent {_money(game.street_rent(sp)[0])}"
            desc = f"{B.names[sp]} ({who}){extra}"
        else:
            desc = _KIND_MARK.get(kind, kind)
        ex = B.exit_of[sp]
        tail = f"  <- {', '.join(here)}" if here else ""
        lines.append(f"  {sp:2d} {'exit ' + str(ex) if ex else '       '}  {desc}{tail}")
    lines.append("")
    for d, areas in enumerate(B.district_areas):
        cap = s.caps[d]
        lines.append(f"{B.district_names[d]} (cap {cap or 'none'}):")
        for r in range(0, len(areas), 3):
            cells = []
            for x in areas[r : r + 3]:
                roof = f"R{s.roof[x]}" if s.roof[x] else "  "
                cells.append(f"a{x:02d}:{s.heights[x]}{roof}")
            lines.append("   " + "  ".join(cells))
    lines.append("")
    lines.append("Players:")
    for p, name in enumerate(game.players):
        mark = ">" if p == s.active and not game.is_over else " "
        owned = [B.names[c] for c in B.concessions if s.owner[c] == p]
        lines.append(
            f" {mark}{name}: {_money(s.cash[p])}, on {B.names[s.pos[p]]}, {s.status[p]}; "
            f"concessions: {', '.join(owned) or 'none'}"
        )
    if s.trade is not None:
        partner, give, take, cash = s.trade
        sent = "sent" if s.phase == "trade" else "being composed"
        lines.append("")
        lines.append(
            f"Proposal of {game.players[s.active]} to {game.players[partner]} ({sent}): "
            + W.deal(give, take, cash, True).replace("you give", "gives", 1)
        )
    if game.prompt is not None:
        lines.append("")
        lines.append(f"{game.players[game.prompt.seat]} to act: {game.prompt.text}")
    return "\n".join(lines)


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
