"""Text rendering of a game of Metropoli: the track, the four districts and the players."""

from __future__ import annotations

from common import Game
from metropoli import data as D

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
            f" {mark}{name}: {_money(s.cash[p])}, on {s.pos[p]}, {s.status[p]}; "
            f"concessions: {', '.join(owned) or 'none'}"
        )
    if game.prompt is not None:
        lines.append("")
        lines.append(f"{game.players[game.prompt.seat]} to act: {game.prompt.text}")
    return "\n".join(lines)
