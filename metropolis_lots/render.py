"""Text rendering of the Metropolis board: the 8 districts with owners and buildings."""

from __future__ import annotations

from metropolis_lots.rules import Metropolis, scores_of
from metropolis_lots.state import NO_ONE

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


def _cell(game: Metropolis, lot: int) -> str:
    s = game.s
    o = s.owner[lot]
    if o == NO_ONE:
        return f"{lot}.. " if lot not in s.offer else f"{lot}?? "
    b = s.building_at[lot]
    if b >= 0:
        kind = s.buildings[b].kind
        return f"{lot}{_MARK[o]}{_SHORT.get(kind, kind[:2])}"
    return f"{lot}{_MARK[o]}  "


def render_text(game: Metropolis, seat: int | None = None) -> str:
    """The board as text: districts in their places around the park, then the players."""
    s = game.s
    board = game.r.board
    cols = board.cols
    grid: dict[tuple[int, int], list[str]] = {}
    for d in board.districts:
        r0, c0 = board.position[d * 10]
        lines = []
        for r in range(board.rows):
            lines.append(" ".join(_cell(game, d * 10 + r * cols + c) for c in range(cols)))
        grid[(r0 // board.rows, c0 // cols)] = lines
    width = max(len(line) for lines in grid.values() for line in lines)
    out = []
    rows = 1 + max(k[0] for k in grid)
    gcols = 1 + max(k[1] for k in grid)
    for gr in range(rows):
        for r in range(board.rows):
            parts = []
            for gc in range(gcols):
                found = grid.get((gr, gc))
                if found is None:
                    parts.append(("~ park ~" if r == 0 else "").center(width))
                else:
                    parts.append(found[r].ljust(width))
            out.append(" | ".join(parts).rstrip())
        out.append("")
    out.append("offer: " + ", ".join(str(x) for x in sorted(s.offer)) + f"   stack: {len(s.stack)}")
    scores = scores_of(game.r, s.buildings, game.num_players)
    for p, name in enumerate(game.players):
        lots = sum(1 for lot in board.lots if s.owner[lot] == p)
        out.append(
            f"{_MARK[p]} {name} ({s.colours[p]}): {lots} lots, {s.chips[p]} chips, "
            f"value {scores[p]}"
        )
    supply = ", ".join(f"{m.id} {s.supply[i]}" for i, m in enumerate(game.r.models) if s.supply[i])
    out.append("supply: " + (supply or "none"))
    return "\n".join(out)


_FILL = {
    "white": "#f4f4f0",
    "green": "#8fce8f",
    "blue": "#8fb4e8",
    "yellow": "#f2de7a",
    "pink": "#f0a8c8",
}
_CELL = 46
_PAD = 10


def render_svg(game: Metropolis, seat: int | None = None) -> str:
    """The board as an SVG picture: lots in their owners' chip colours, buildings outlined
    and labelled with their current value, offered lots dashed, the park and the river."""
    s = game.s
    board = game.r.board
    pos = board.position
    rows = 1 + max(r for r, _ in pos.values())
    cols = 1 + max(c for _, c in pos.values())
    taken = set(pos.values())
    width = cols * _CELL + 2 * _PAD
    height = rows * _CELL + 2 * _PAD + 24 * (game.num_players + 1)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]

    def xy(r: int, c: int) -> tuple[int, int]:
        return _PAD + c * _CELL, _PAD + r * _CELL

    for r in range(rows):  # the park: grid cells no lot occupies
        for c in range(cols):
            if (r, c) not in taken:
                x, y = xy(r, c)
                out.append(
                    f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="#cfe8c0"/>'
                )
    for lot in board.river:  # the river: between vertically adjacent river lots
        r, c = pos[lot]
        below = next((x for x in board.river if pos[x] == (r + 1, c)), None)
        if below is not None and below // 10 != lot // 10:
            x, y = xy(r + 1, c)
            out.append(f'<rect x="{x}" y="{y - 3}" width="{_CELL}" height="6" fill="#5aa0d8"/>')
    for lot in board.lots:
        r, c = pos[lot]
        x, y = xy(r, c)
        o = s.owner[lot]
        fill = _FILL.get(s.colours[o], "#dddddd") if o >= 0 else "#ffffff"
        dash = ' stroke-dasharray="4 3"' if lot in s.offer else ""
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{_CELL - 4}" height="{_CELL - 4}" '
            f'fill="{fill}" stroke="#888888"{dash}/>'
        )
        out.append(f'<text x="{x + 5}" y="{y + 14}" fill="#555555">{lot}</text>')
    for b, value in zip(s.buildings, s.values, strict=True):
        for lot in b.lots:
            r, c = pos[lot]
            x, y = xy(r, c)
            out.append(
                f'<rect x="{x + 4}" y="{y + 18}" width="{_CELL - 8}" height="{_CELL - 22}" '
                f'fill="#555555" opacity="0.75"/>'
            )
        r, c = pos[b.lots[0]]
        x, y = xy(r, c)
        label = f"{_SHORT.get(b.kind, b.kind[:2])} {value}"
        out.append(f'<text x="{x + 7}" y="{y + 35}" fill="#ffffff">{label}</text>')
    scores = scores_of(game.r, s.buildings, game.num_players, s.values)
    y0 = _PAD + rows * _CELL + 20
    for p, name in enumerate(game.players):
        fill = _FILL.get(s.colours[p], "#dddddd")
        y = y0 + 24 * p
        out.append(
            f'<rect x="{_PAD}" y="{y - 12}" width="14" height="14" fill="{fill}" stroke="#888"/>'
        )
        out.append(
            f'<text x="{_PAD + 20}" y="{y}">{_MARK[p]} {name}: {s.chips[p]} chips, '
            f"value {scores[p]}</text>"
        )
    offer = ", ".join(str(x) for x in sorted(s.offer)) or "-"
    out.append(
        f'<text x="{_PAD}" y="{y0 + 24 * game.num_players}">offer {offer}; '
        f"stack {len(s.stack)}</text>"
    )
    out.append("</svg>")
    return "\n".join(out)
