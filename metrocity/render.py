"""Text and SVG renderings of a Metro City game: the grid with street names, bonuses and sums."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from common import Game
from metrocity.data import COLUMN_LETTERS, COLUMNS, ROWS, STREETS, TILES
from metrocity.rules import MetroCity, street_sums

_CELL = 6
_MARKS = ("a", "b")


def _cell(game: MetroCity, block: int) -> str:
    tile = game.s.tiles[block]
    if tile is None:
        return ".".center(_CELL)
    return f"{TILES[tile].label}{_MARKS[game.s.owners[block]]}".center(_CELL)


def _bonus(game: MetroCity, street: int) -> str:
    token = game.s.street_tokens[street]
    if token is not None:
        return f"${token}"
    winner = game.s.street_winner[street]
    return "tied" if winner is None or winner < 0 else f"won {_MARKS[winner]}"


def render_text(game: Game, seat: int | None = None) -> str:
    """The grid, each street's name, bonus and both sums, money, and ``seat``'s own hand."""
    assert isinstance(game, MetroCity)
    s = game.s
    names = [f"{game.players[k]} ({_MARKS[k]})" for k in range(2)]
    lines = [f"Metro City: {names[0]} vs {names[1]}"]
    header = " " * 12 + "".join(c.center(_CELL) for c in COLUMN_LETTERS)
    lines.append(header + "   bonus   sums a:b")
    for r in range(ROWS):
        row = "".join(_cell(game, r * COLUMNS + c) for c in range(COLUMNS))
        sums = street_sums(s.tiles, s.owners, r)
        lines.append(f"{STREETS[r].name:<12}{row}   {_bonus(game, r):<7} {sums[0]}:{sums[1]}")
    lines.append("")
    for c in range(COLUMNS):
        st = ROWS + c
        sums = street_sums(s.tiles, s.owners, st)
        lines.append(
            f"  {STREETS[st].name:<10} bonus {_bonus(game, st):<7} sums {sums[0]}:{sums[1]}"
        )
    lines.append("")
    for k in range(2):
        tokens = ", ".join(f"${t}" for t in sorted(s.money[k])) or "none"
        lines.append(
            f"{names[k]}: ${s.score(k)} ({tokens}); hand {len(s.hands[k])}, pile {len(s.piles[k])}"
        )
    if seat is not None:
        lines.append("your hand: " + (" ".join(s.hands[seat]) or "empty"))
    if game.is_over:
        res = game.result()
        won = " and ".join(game.players[w] for w in res.winners)
        lines.append(f"game over ({res.reason}): {won} wins")
    elif game.prompt is not None:
        lines.append(f"{game.players[game.prompt.seat]} to {game.prompt.kind}: {game.prompt.text}")
    return "\n".join(lines)


# ---------------------------------------------------------------------- SVG (issue 7)
#: owner colours by seat, and a lighter tint of each for the money panel
SEAT_COLOURS = ("#2f6db5", "#c8621e")
#: the colour of the band naming a tile's kind
KIND_COLOURS = {
    "residential": "#4caf50",
    "commercial": "#1e88e5",
    "industrial": "#757575",
    "park": "#2e7d32",
    "power": "#f9a825",
    "mall": "#8e24aa",
    "court": "#5d4037",
}
KIND_NAMES = {
    "residential": "Residential",
    "commercial": "Commercial",
    "industrial": "Industrial",
    "park": "Park",
    "power": "Power Plant",
    "mall": "Mall",
    "court": "Courthouse",
}
_BLOCK_W = 84
_BLOCK_H = 64
_GAP = 6
_LEFT = 130
_TOP = 70


def _text(x: float, y: float, body: str, **attrs: Any) -> str:
    """One ``<text>`` element; the body is escaped, attribute values quoted and escaped."""
    extra = "".join(
        f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items()
    )
    return f'<text x="{x:g}" y="{y:g}"{extra}>{escape(body)}</text>'


def _bonus_text(street: dict[str, Any], names: list[str]) -> str:
    if street["token"] is not None:
        return f"${street['token']}"
    if street["winner"] is None:
        return "tied: discarded"
    return f"won by {names[street['winner']]}"


def render_svg(game: Game, seat: int | None = None) -> str:
    """An SVG picture of what ``seat`` sees (None: a spectator), drawn from ``game.view(seat)``.

    The 6x5 grid with the street and avenue names; each tile with its kind, number and owner's
    colour (``class="tile"``, ``data-block``, ``data-tile``, ``data-owner``); each street's
    bonus or who won it and both players' sums (``class="bonus"``, ``data-street``); both
    players' money and tokens, and the seat's own hand.
    """
    view = game.view(seat)
    state = view["state"]
    names: list[str] = view["players"]
    streets: list[dict[str, Any]] = state["streets"]
    grid_w = COLUMNS * _BLOCK_W + (COLUMNS - 1) * _GAP
    grid_h = ROWS * _BLOCK_H + (ROWS - 1) * _GAP
    width = _LEFT + grid_w + 170
    height = _TOP + grid_h + 90 + 26 * 4
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect class="background" width="{width}" height="{height}" fill="#fafaf5"/>',
        _text(16, 24, f"Metro City: {names[0]} vs {names[1]}", font_size=18, font_weight="bold"),
    ]
    for c in range(COLUMNS):
        x = _LEFT + c * (_BLOCK_W + _GAP) + _BLOCK_W / 2
        out.append(_text(x, _TOP - 10, streets[ROWS + c]["name"], text_anchor="middle"))
    for r in range(ROWS):
        y = _TOP + r * (_BLOCK_H + _GAP) + _BLOCK_H / 2 + 4
        out.append(_text(16, y, streets[r]["name"]))
        for c in range(COLUMNS):
            out.append(_block_svg(state["grid"][r][c], r, c))
    for i, street in enumerate(streets):
        out.append(_street_svg(i, street, names))
    out.extend(_players_svg(view, state, _TOP + grid_h + 70))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _block_svg(cell: dict[str, Any] | None, r: int, c: int) -> str:
    x = _LEFT + c * (_BLOCK_W + _GAP)
    y = _TOP + r * (_BLOCK_H + _GAP)
    block = f"{COLUMN_LETTERS[c]}{r + 1}"
    if cell is None:
        return (
            f'<rect class="empty" data-block="{block}" x="{x}" y="{y}" width="{_BLOCK_W}" '
            f'height="{_BLOCK_H}" fill="#e8e6df" stroke="#c9c6bb"/>'
        )
    kind = TILES[cell["tile"]]
    owner = int(cell["owner"])
    number = str(kind.value) if kind.value else ""
    return "".join(
        [
            f'<g class="tile" data-block="{block}" data-tile={quoteattr(kind.id)} '
            f'data-owner="{owner}">',
            f'<rect x="{x}" y="{y}" width="{_BLOCK_W}" height="{_BLOCK_H}" rx="4" '
            f'fill="{SEAT_COLOURS[owner]}" stroke="#333"/>',
            f'<rect x="{x}" y="{y + _BLOCK_H - 16}" width="{_BLOCK_W}" height="16" '
            f'fill="{KIND_COLOURS[kind.kind]}"/>',
            _text(
                x + _BLOCK_W / 2,
                y + 30,
                number or kind.label,
                text_anchor="middle",
                font_size=20,
                font_weight="bold",
                fill="#fff",
            ),
            _text(
                x + _BLOCK_W / 2,
                y + _BLOCK_H - 4,
                KIND_NAMES[kind.kind],
                text_anchor="middle",
                font_size=10,
                fill="#fff",
            ),
            "</g>",
        ]
    )


def _street_svg(i: int, street: dict[str, Any], names: list[str]) -> str:
    sums = street["sums"]
    if i < ROWS:
        x: float = _LEFT + COLUMNS * (_BLOCK_W + _GAP) + 4
        y: float = _TOP + i * (_BLOCK_H + _GAP) + _BLOCK_H / 2 - 2
        anchor = "start"
        y2 = y + 16
        x2 = x
    else:
        c = i - ROWS
        x = _LEFT + c * (_BLOCK_W + _GAP) + _BLOCK_W / 2
        y = _TOP + ROWS * (_BLOCK_H + _GAP) + 14
        anchor = "middle"
        x2, y2 = x, y + 16
    colour = "#222" if street["winner"] is None else SEAT_COLOURS[street["winner"]]
    return "".join(
        [
            f'<g class="street" data-street={quoteattr(street["id"])}>',
            _text(
                x,
                y,
                _bonus_text(street, names),
                class_="bonus",
                data_street=street["id"],
                text_anchor=anchor,
                font_weight="bold",
                font_size=12 if i < ROWS or street["token"] is not None else 10,
                fill=colour,
            ),
            _text(x2, y2, f"sums {sums[0]}:{sums[1]}", class_="sums", text_anchor=anchor),
            "</g>",
        ]
    )


def _players_svg(view: dict[str, Any], state: dict[str, Any], top: int) -> list[str]:
    names: list[str] = view["players"]
    out = []
    for k, player in enumerate(state["players"]):
        tokens = ", ".join(f"${t}" for t in player["tokens"]) or "no tokens"
        line = (
            f"{names[k]}: ${player['money']} ({tokens}); hand {player['hand_size']}, "
            f"pile {player['pile_size']}"
        )
        y = top + 24 * k
        out.append(f'<rect x="16" y="{y - 12}" width="14" height="14" fill="{SEAT_COLOURS[k]}"/>')
        out.append(_text(36, y, line, class_="money", data_seat=k))
    y = top + 48
    if state["hand"] is not None:
        hand = " ".join(TILES[t].label for t in state["hand"]) or "empty"
        out.append(_text(16, y, f"your hand: {hand}", class_="hand"))
        y += 24
    if view["is_over"]:
        result = view["result"]
        won = " and ".join(names[w] for w in result["winners"])
        out.append(_text(16, y, f"game over ({result['reason']}): {won} wins", class_="status"))
    elif view["prompt"] is not None:
        p = view["prompt"]
        out.append(_text(16, y, f"{names[p['seat']]} to {p['kind']}", class_="status"))
    return out
