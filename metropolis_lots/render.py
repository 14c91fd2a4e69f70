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
