"""Rendering of a Metropolia game: the text board for a terminal and an SVG picture.

Both draw from ``game.view(seat)`` alone, so they show what that seat may see and nothing else.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from metropolia.data import CARD_INDEX, CARDS, LANDMARK_INDEX, LANDMARKS, PORT_BONUS, TOWN_HALL

if TYPE_CHECKING:
    from common import Game


def _rolls(rolls: tuple[int, ...]) -> str:
    return f"{rolls[0]}-{rolls[-1]}" if len(rolls) > 1 else str(rolls[0])


# ---------------------------------------------------------------------- text
#: the text board's widest line (a terminal of 100 columns shows it whole)
TEXT_WIDTH = 100
#: the columns left of the cities: a mark, activation numbers, name, colour, cost, market
_ROW = "{mark:<2}{roll:<6}{name:<27}{kind:<9}{cost:>4} {market:>6} |"
_ROW_WIDTH = len(_ROW.format(mark="", roll="", name="", kind="", cost="", market=""))
#: what a prompt asks, by its kind, after the seat's name
_ASKED = {
    "roll": "to roll one die or two (Train Station)",
    "reroll": "to keep the roll or roll again (Radio Tower)",
    "port": f"to keep the total or add {PORT_BONUS} (Port)",
    "take": "to choose whom the TV Station takes from",
    "swap": "to swap with the Business Center, or pass",
    "build": "to build one establishment or landmark, or pass",
}


def _status(view: dict[str, Any]) -> str:
    """Who is to do what now, or how the game ended."""
    names: list[str] = view["players"]
    if view["is_over"]:
        winners = (view["result"] or {}).get("winners") or ()
        if not winners:
            return "game over at the turn limit, without a winner"
        return f"game over: {' and '.join(names[w] for w in winners)} won"
    prompt = view["prompt"]
    if prompt is not None:
        return f"{names[prompt['seat']]} {_ASKED.get(prompt['kind'], prompt['kind'])}"
    chance = view["chance"] or {}
    purpose = str(chance.get("purpose", ""))
    if chance.get("kind") == "dice" and " by seat " in purpose:
        roller = names[int(purpose.rsplit(" ", 1)[1])]
        dice = "one die" if chance.get("count") == 1 else "two dice"
        return f"{roller} to roll {dice}{' again (Radio Tower)' if 'reroll' in purpose else ''}"
    if chance.get("kind") == "dice":
        return "the dice to be rolled for the Tuna Boats"
    return "the stack to be shuffled"


def _roll_line(state: dict[str, Any]) -> str:
    """The last roll (the turn's, or the turn before's until the dice are rolled), the Port's
    +2, the Radio Tower spent and doubles."""
    dice: list[int] = state["dice"]
    if not dice:
        return "No roll yet."
    total = state["total"]
    line = f"Last roll: {' and '.join(map(str, dice))}"
    if len(dice) > 1:
        line += f" = {sum(dice)}"
    if total != sum(dice):
        line += f", +{PORT_BONUS} for the Port = {total}"
    if state["radio_tower_spent"]:
        line += "; the Radio Tower's re-roll is spent"
    if state["extra_turn"]:
        line += "; doubles: another turn follows (Amusement Park)"
    return line + "."


def _fill(notes: list[str]) -> list[str]:
    """The notes in lines of at most ``TEXT_WIDTH``, a note broken only if it is longer."""
    lines: list[str] = []
    for note in notes:
        if lines and len(lines[-1]) + 1 + len(note) <= TEXT_WIDTH:
            lines[-1] += " " + note
        else:
            lines.extend(textwrap.wrap(note, TEXT_WIDTH))
    return lines


def _cell(value: object, width: int) -> str:
    return f"{value!s:>{width}}"


def render_text(game: Game, seat: int | None = None) -> str:
    """The table as ``seat`` sees it (None: a spectator), at most 100 columns wide.

    One line says whose turn it is and what is asked, one the roll; then a table with a column
    for each city (its coins, landmarks built, the Plus Town Hall and how many of each
    establishment it has) beside each landmark's and establishment's activation numbers,
    colour, cost and the cards left in the market. ``*`` marks the city on turn, ``>`` the
    establishments the roll's total activates. Drawn from ``game.view(seat)`` only.
    """
    view = game.view(seat)
    state = view["state"]
    names: list[str] = view["players"]
    cities: list[dict[str, Any]] = state["cities"]
    plus = state["edition"] == "plus"
    title = f"Metropolia{' Plus' if plus else ''}, turn {state['turns']}: {_status(view)}."
    lines = [*textwrap.wrap(title, TEXT_WIDTH), *textwrap.wrap(_roll_line(state), TEXT_WIDTH)]
    width = min(max(len(n) for n in names) + 3, (TEXT_WIDTH - _ROW_WIDTH) // len(names))
    on_turn = None if view["is_over"] else state["turn"]

    def short(name: str) -> str:
        return name[: width - 2].rstrip()

    def head(p: int) -> str:
        return ("*" if p == on_turn else "") + short(names[p])

    def row(mark: str, roll: str, name: str, kind: str, cost: object, market: object,
            cells: Sequence[object]) -> str:  # fmt: skip
        left = _ROW.format(mark=mark, roll=roll, name=name, kind=kind, cost=cost, market=market)
        return (left + "".join(_cell(c, width) for c in cells)).rstrip()

    lines.append(
        row("", "roll", "card", "colour", "cost", "market", [head(p) for p in range(len(names))])
    )
    lines.append(row("", "", "coins", "", "", "", [c["coins"] for c in cities]))
    costs: dict[str, int] = state["landmark_costs"]
    for lid, cost in costs.items():
        built = ["built" if c["landmarks"].get(lid) else "." for c in cities]
        lines.append(row("", "", LANDMARKS[LANDMARK_INDEX[lid]].name, "landmark", cost, "", built))
    if plus:
        held = [1 if c["town_hall"] else "." for c in cities]
        lines.append(row("", "", TOWN_HALL.name, "property", "", "", held))
    market: dict[str, int] = state["market"]
    total = state["total"] if state["dice"] else None
    shown = [
        CARD_INDEX[cid]
        for cid in state["costs"]
        if cid in market or any(c["cards"].get(cid) for c in cities)
    ]
    for i in sorted(shown, key=lambda i: (CARDS[i].rolls[0], i)):
        card = CARDS[i]
        mark = ">" if total in card.rolls else ""
        counts = [c["cards"].get(card.id) or "." for c in cities]
        left = market.get(card.id, "")
        lines.append(row(mark, _rolls(card.rolls), card.name, card.colour,
                         state["costs"][card.id], left, counts))  # fmt: skip
    notes = []
    if seat is not None:
        notes.append(f"You are {names[seat]}.")
    cut = [n for n in names if short(n) != n]
    if cut:  # a name too long for its column is shown whole here
        notes.append(f"Columns: {', '.join(f'{short(n)} = {n}' for n in cut)}.")
    notes.append("* on turn.")
    if total is not None:
        notes.append(f"> activated by {total}.")
    if plus:
        size = state["stack_size"]
        notes.append(f"Stack: {size} card{'' if size == 1 else 's'} face down.")
    lines.extend(_fill(notes))
    return "\n".join(lines)


# ---------------------------------------------------------------------- SVG
#: card colours as drawn (the four card colours of the rulebook)
_FILL = {"blue": "#4a7fc1", "green": "#4f9a4f", "red": "#c8483e", "purple": "#8a55a8"}
_TOWN_HALL_FILL = "#8c7a5b"
_SEAT_FILL = ("#fdf3d8", "#e3f0fb", "#e9f6e4", "#f7e4ef")
_CARD_W = 96
_CARD_H = 44
_GAP = 6
_PER_ROW = 8
_LEFT = 16


def _esc(value: object) -> str:
    """Text content escaped for XML."""
    return escape(str(value))


def _attr(value: object) -> str:
    """An attribute value, quoted and escaped for XML."""
    return quoteattr(str(value))


def _label(x: float, y: float, text: object, **attrs: object) -> str:
    extra = "".join(f" {k.rstrip('_').replace('_', '-')}={_attr(v)}" for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}"{extra}>{_esc(text)}</text>'


def _card_svg(cid: str, count: int, x: float, y: float, klass: str, cost: int | None) -> str:
    """One establishment (in a city, or a market pile): name, activation, count (and cost)."""
    c = CARDS[CARD_INDEX[cid]]
    cost_attr = "" if cost is None else f' data-cost="{cost}"'
    corner = f"x{count}" if cost is None else f"{cost}c  x{count}"
    return "".join(
        [
            f'<g class="{klass}" data-card={_attr(cid)} data-colour="{c.colour}" '
            f'data-count="{count}"{cost_attr}>',
            f'<rect x="{x:g}" y="{y:g}" width="{_CARD_W}" height="{_CARD_H}" rx="4" '
            f'fill="{_FILL[c.colour]}" stroke="#333"/>',
            _label(x + 5, y + 15, c.name, fill="#fff", font_size=10, font_weight="bold",
                   **_fit(c.name, _CARD_W - 10)),
            _label(x + 5, y + 37, f"roll {_rolls(c.rolls)}", fill="#fff", font_size=10),
            _label(x + _CARD_W - 5, y + 37, corner, fill="#fff", font_size=11,
                   text_anchor="end"),
            "</g>",
        ]
    )  # fmt: skip


def _town_hall_svg(x: float, y: float) -> str:
    """The Plus Town Hall: a starting property with no activation number (ruling MK-A15)."""
    return "".join(
        [
            f'<g class="property" data-property="{TOWN_HALL.id}">',
            f'<rect x="{x:g}" y="{y:g}" width="{_CARD_W}" height="{_CARD_H}" rx="4" '
            f'fill="{_TOWN_HALL_FILL}" stroke="#333"/>',
            _label(x + 5, y + 15, TOWN_HALL.name, fill="#fff", font_size=10, font_weight="bold"),
            _label(x + 5, y + 37, "starting property", fill="#fff", font_size=10),
            f"<title>{_esc(TOWN_HALL.name)} ({_esc(TOWN_HALL.polish)})</title>",
            "</g>",
        ]
    )


def _fit(text: str, width: int) -> dict[str, object]:
    """Squeeze a long name into ``width`` (about 6 px a character at font size 10)."""
    if len(text) * 6 <= width:
        return {}
    return {"textLength": width, "lengthAdjust": "spacingAndGlyphs"}


def _grid(n: int) -> int:
    """Height of ``n`` cards laid out in rows."""
    rows = max(1, -(-n // _PER_ROW))
    return rows * (_CARD_H + _GAP)


def _city_svg(
    seat: int, name: str, city: dict[str, Any], y: float, on_turn: bool
) -> tuple[list[str], float]:
    """One city panel (coins, landmarks, establishments) and its height."""
    cards: dict[str, int] = city["cards"]
    landmarks: dict[str, bool] = city["landmarks"]
    town_hall = bool(city["town_hall"])
    width = _PER_ROW * (_CARD_W + _GAP) + _GAP
    height = 28 + 30 + _grid(len(cards) + town_hall) + _GAP
    turn = " (on turn)" if on_turn else ""
    out = [
        f'<g class="city" data-seat="{seat}">',
        f'<rect x="{_LEFT - _GAP}" y="{y:g}" width="{width}" height="{height}" rx="6" '
        f'fill="{_SEAT_FILL[seat % len(_SEAT_FILL)]}" stroke="#999"/>',
        _label(_LEFT, y + 20, f"{name}{turn}", font_size=14, font_weight="bold"),
        f'<g class="coins" data-seat="{seat}" data-coins="{city["coins"]}">'
        + _label(_LEFT + 300, y + 20, f"{city['coins']} coins", font_size=14)
        + "</g>",
    ]
    x: float = _LEFT
    for lid, built in landmarks.items():
        m = LANDMARKS[LANDMARK_INDEX[lid]]
        state = "built" if built else "under construction"
        fill = "#e0b43c" if built else "#fff"
        dash = "" if built else ' stroke-dasharray="4 3"'
        w = 108
        out.append(
            f'<g class="landmark" data-landmark={_attr(lid)} data-built="{str(built).lower()}">'
            f'<rect x="{x:g}" y="{y + 28:g}" width="{w}" height="24" rx="3" fill="{fill}" '
            f'stroke="#555"{dash}/>'
            + _label(
                x + 4,
                y + 44,
                f"{m.name} ({m.cost})",
                font_size=10,
                **_fit(f"{m.name} ({m.cost})", w - 8),
            )
            + f"<title>{_esc(m.name)}: {state}</title></g>"
        )
        x += w + _GAP
    top = y + 58
    if town_hall:  # a starting property, drawn first among the city's cards (MK-A15)
        out.append(_town_hall_svg(_LEFT, top))
    for k, (cid, count) in enumerate(cards.items(), start=town_hall):
        cx = _LEFT + (k % _PER_ROW) * (_CARD_W + _GAP)
        cy = top + (k // _PER_ROW) * (_CARD_H + _GAP)
        out.append(_card_svg(cid, count, cx, cy, "card", None))
    out.append("</g>")
    return out, height


def render_svg(game: Game, seat: int | None = None) -> str:
    """An SVG picture of what ``seat`` sees (None: a spectator), drawn from ``game.view(seat)``.

    Each city: its coins (``class="coins"``, ``data-coins``), its landmarks built or under
    construction (``class="landmark"``, ``data-built``), in Plus its Town Hall (a property:
    ``class="property"``, ``data-property``) and one element per kind of establishment with
    its count and colour (``class="card"``, ``data-card``, ``data-count``, ``data-colour``).
    The market: one element per pile (``class="pile"``, ``data-cost``), and
    in Plus the face-down stack (``class="stack"``, ``data-size``).
    """
    view = game.view(seat)
    state = view["state"]
    names: list[str] = view["players"]
    over = bool(view["is_over"])
    title = f"Metropolia{' Plus' if state['edition'] == 'plus' else ''} - turn {state['turns']}"
    if state["dice"]:
        title += f", last roll {'+'.join(str(d) for d in state['dice'])} = {state['total']}"
    width = _LEFT * 2 + _PER_ROW * (_CARD_W + _GAP)
    body: list[str] = []
    y: float = 44
    for p, city in enumerate(state["cities"]):
        part, h = _city_svg(p, names[p], city, y, state["turn"] == p and not over)
        body.extend(part)
        y += h + 12
    market: dict[str, int] = state["market"]
    costs: dict[str, int] = state["costs"]
    body.append(f'<g class="market">{_label(_LEFT, y + 18, "Market", font_size=14)}')
    y += 28
    for k, (cid, count) in enumerate(market.items()):
        cx = _LEFT + (k % _PER_ROW) * (_CARD_W + _GAP)
        cy = y + (k // _PER_ROW) * (_CARD_H + _GAP)
        body.append(_card_svg(cid, count, cx, cy, "pile", costs[cid]))
    y += _grid(len(market))
    if "stack_size" in state:
        size = state["stack_size"]
        body.append(
            f'<g class="stack" data-size="{size}"><rect x="{_LEFT}" y="{y:g}" width="{_CARD_W}" '
            f'height="{_CARD_H}" rx="4" fill="#6b5a45" stroke="#333"/>'
            + _label(_LEFT + _CARD_W / 2, y + 27, f"stack: {size}", fill="#fff",
                     text_anchor="middle")
            + "</g>"
        )  # fmt: skip
        y += _CARD_H + _GAP
    body.append("</g>")
    if over:
        res = view["result"] or {}
        who = ", ".join(names[w] for w in res.get("winners", ())) or "nobody"
        status = f"Game over: {who} won."
    elif view["prompt"] is not None:
        status = f"{view['prompt']['text']} ({view['prompt']['kind']})."
    else:
        status = "Waiting for chance."
    body.append(_label(_LEFT, y + 20, status, class_="status"))
    height = y + 36
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:g}" '
        f'viewBox="0 0 {width} {height:g}" font-family="sans-serif" font-size="12">',
        f'<rect class="background" width="{width}" height="{height:g}" fill="#fafaf5"/>',
        _label(_LEFT, 28, title, font_size=18, font_weight="bold"),
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"
