"""Text rendering of a Metropolia game: each city, the market and what the game waits for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from metropolia.data import CARD_INDEX, CARDS, LANDMARK_INDEX, LANDMARKS, TOWN_HALL

if TYPE_CHECKING:
    from common import Game
    from metropolia.rules import Metropolia

_MARK = {"blue": "B", "green": "G", "red": "R", "purple": "P"}


def _rolls(rolls: tuple[int, ...]) -> str:
    return f"{rolls[0]}-{rolls[-1]}" if len(rolls) > 1 else str(rolls[0])


def render_city(game: Metropolia, seat: int) -> str:
    """One city: coins, landmarks (built [x] or under construction [ ]) and properties: the
    Plus Town Hall (a starting property, ruling MK-A15), then the establishments."""
    view = game.view(None)["state"]
    city = view["cities"][seat]
    turn = " (on turn)" if view["turn"] == seat and not game.is_over else ""
    lines = [f"{game.players[seat]}{turn}: {city['coins']} coins"]
    marks = []
    for lid, built in city["landmarks"].items():
        m = LANDMARKS[LANDMARK_INDEX[lid]]
        marks.append(f"[{'x' if built else ' '}] {m.name}")
    lines.append("  landmarks: " + ", ".join(marks))
    cards = [TOWN_HALL.name] if city["town_hall"] else []
    for cid, k in city["cards"].items():
        c = CARDS[CARD_INDEX[cid]]
        cards.append(f"{k}x {c.name} ({_MARK[c.colour]} {_rolls(c.rolls)})")
    lines.append("  cards: " + (", ".join(cards) if cards else "none"))
    return "\n".join(lines)


def render_market(game: Metropolia) -> str:
    """The cards that can be built, with activation numbers, cost and pile size."""
    view = game.view(None)["state"]
    lines = ["Market:"]
    for cid, k in view["market"].items():
        c = CARDS[CARD_INDEX[cid]]
        cost = view["costs"][cid]
        lines.append(f"  {c.name:<27} {c.colour:<6} roll {_rolls(c.rolls):<5} cost {cost:>2}  x{k}")
    if "stack_size" in view:
        lines.append(f"  stack: {view['stack_size']} cards face down")
    return "\n".join(lines)


def render_text(game: Metropolia, seat: int | None = None) -> str:
    """The whole table as text: the dice, every city, the market and the prompt."""
    view = game.view(seat)
    state = view["state"]
    head = f"Metropolia{' Plus' if state['edition'] == 'plus' else ''} - turn {state['turns']}"
    if state["dice"]:
        dice = "+".join(str(d) for d in state["dice"])
        head += f", last roll {dice} = {state['total']}"
    if state["extra_turn"]:
        head += " (doubles: another turn follows, Amusement Park)"
    parts = [head]
    parts.extend(render_city(game, p) for p in range(game.num_players))
    parts.append(render_market(game))
    if game.is_over:
        res = game.result()
        who = ", ".join(game.players[w] for w in res.winners) or "nobody"
        parts.append(f"Game over: {who} won ({res.reason}).")
    elif game.prompt is not None:
        parts.append(f"{game.prompt.text} ({game.prompt.kind}).")
    elif game.chance is not None:
        parts.append(f"Waiting for chance: {game.chance.describe()}.")
    return "\n".join(parts)


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
