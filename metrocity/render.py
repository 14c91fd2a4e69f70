"""Text and SVG renderings of a Metro City game: the grid with street names, bonuses and sums."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from common import Game
from metrocity.data import COLUMN_LETTERS, COLUMNS, ROWS, TILE_KINDS, TILES, category_display
from metrocity.rules import MetroCity

_CELL = 6
_MARKS = ("a", "b")
#: the text board's key to its tile labels, both names of the Park included (ruling MC-A10)
LEGEND = "tiles: R1-R5 Residential, C2-C6 Commercial, I3-I7 Industrial, " + ", ".join(
    f"{t.label} {t.display}" for t in TILE_KINDS if not t.value
)


def _cell(cell: dict[str, Any] | None) -> str:
    if cell is None:
        return ".".center(_CELL)
    return f"{TILES[cell['tile']].label}{_MARKS[cell['owner']]}".center(_CELL)


def _bonus(street: dict[str, Any]) -> str:
    """A street's bonus in the text board: ``$10``, ``won a``, ``tied``, ``won b (tie)``."""
    award = street["award"]
    if award is None:
        return f"${street['token']}"
    if award["winner"] is None:
        return f"${award['token']} tied"
    tie = " (tie)" if award["tied"] else ""
    return f"${award['token']} won {_MARKS[award['winner']]}{tie}"


def _money(tokens: list[int]) -> str:
    return ", ".join(f"${t}" for t in tokens) or "none"


def render_text(game: Game, seat: int | None = None) -> str:
    """The grid, each street's bonus (or its award) and sums, money, and ``seat``'s own hand.

    Drawn from ``game.view(seat)`` only, so it shows what that seat sees and nothing more. An
    awarded street shows the sums it was awarded by, whatever was built over since.
    """
    assert isinstance(game, MetroCity)
    view = game.view(seat)
    state = view["state"]
    streets = state["streets"]
    names = [f"{name} ({_MARKS[k]})" for k, name in enumerate(view["players"])]
    lines = [f"Metro City: {names[0]} vs {names[1]}"]
    header = " " * 12 + "".join(c.center(_CELL) for c in COLUMN_LETTERS)
    lines.append(header + "   bonus          sums a:b")
    for r, street in enumerate(streets[:ROWS]):
        row = "".join(_cell(cell) for cell in state["grid"][r])
        sums = street["sums"]
        lines.append(f"{street['name']:<12}{row}   {_bonus(street):<14} {sums[0]}:{sums[1]}")
    lines.append("")
    for street in streets[ROWS:]:
        sums = street["sums"]
        lines.append(f"  {street['name']:<10} bonus {_bonus(street):<14} sums {sums[0]}:{sums[1]}")
    lines.append("")
    lines.append(LEGEND)
    for k, player in enumerate(state["players"]):
        lines.append(
            f"{names[k]}: ${player['money']} ({_money(player['tokens'])}); "
            f"hand {player['hand_size']}, pile {player['pile_size']}"
        )
    out_of_play = _money(state["out_of_play"])
    lines.append(f"discarded: {_money(state['discarded'])}; out of play: {out_of_play}")
    if state["hand"] is not None:
        hand = [f"{name} [{t}]" for t, name in zip(state["hand"], state["hand_names"], strict=True)]
        lines.append("your hand: " + (", ".join(hand) or "empty"))
    if view["is_over"]:
        result = view["result"]
        won = " and ".join(view["players"][w] for w in result["winners"])
        lines.append(f"game over ({result['reason']}): {won} wins")
    elif view["prompt"] is not None:
        p = view["prompt"]
        lines.append(f"{view['players'][p['seat']]} to {p['kind']}: {p['text']}")
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
    award = street["award"]
    if award is None:
        return f"${street['token']}"
    if award["winner"] is None:
        return "tied: discarded"
    # a tie the placer took (tie="placer") shows as its equal sums on the line below
    return f"won by {names[award['winner']]}"


def _sums_text(street: dict[str, Any]) -> str:
    """The street's sums: as it stands while open, as awarded (with its token) once awarded."""
    a, b = street["sums"]
    award = street["award"]
    return f"sums {a}:{b}" if award is None else f"${award['token']} at {a}:{b}"


def render_svg(game: Game, seat: int | None = None) -> str:
    """An SVG picture of what ``seat`` sees (None: a spectator), drawn from ``game.view(seat)``.

    The 6x5 grid with the street and avenue names; each tile with its kind, number and owner's
    colour (``class="tile"``, ``data-block``, ``data-tile``, ``data-owner``); each street's
    bonus, or who won it with the token and the sums it was awarded by (``class="bonus"``,
    ``data-street``); both players' money and tokens, the discarded tokens and those out of
    play, and the seat's own hand in words (both names of the Park, ruling MC-A10).
    """
    view = game.view(seat)
    state = view["state"]
    names: list[str] = view["players"]
    streets: list[dict[str, Any]] = state["streets"]
    grid_w = COLUMNS * _BLOCK_W + (COLUMNS - 1) * _GAP
    grid_h = ROWS * _BLOCK_H + (ROWS - 1) * _GAP
    width = _LEFT + grid_w + 170
    height = _TOP + grid_h + 90 + 26 * 5
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
            out.append(_block_svg(state["grid"][r][c], r, c, names))
    for i, street in enumerate(streets):
        out.append(_street_svg(i, street, names))
    out.extend(_players_svg(view, state, _TOP + grid_h + 70))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _block_svg(cell: dict[str, Any] | None, r: int, c: int, names: list[str]) -> str:
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
    title = f"{cell['name']}, {names[owner]}'s, on {block}"
    return "".join(
        [
            f'<g class="tile" data-block="{block}" data-tile={quoteattr(kind.id)} '
            f'data-owner="{owner}">',
            f"<title>{escape(title)}</title>",
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
                category_display(kind.kind),
                text_anchor="middle",
                font_size=10,
                fill="#fff",
            ),
            "</g>",
        ]
    )


def _street_svg(i: int, street: dict[str, Any], names: list[str]) -> str:
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
            _text(x2, y2, _sums_text(street), class_="sums", text_anchor=anchor),
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
    discarded = ", ".join(f"${t}" for t in state["discarded"]) or "none"
    out_of_play = ", ".join(f"${t}" for t in state["out_of_play"]) or "none"
    line = f"discarded: {discarded}; out of play: {out_of_play}"
    out.append(_text(16, y, line, class_="discarded"))
    y += 24
    if state["hand"] is not None:
        hand = ", ".join(state["hand_names"]) or "empty"
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
