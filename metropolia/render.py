"""Rendering of a Metropolia game: the text board for a terminal and an SVG picture.

Both draw from ``game.view(seat)`` alone (the SVG also from the static data of the game's
options: the effects in words), so they show what that seat may see and nothing else.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from common.actions import Action
from common.svg import HINTING, Drawing, SvgWrapper, fit_lines, fit_text, text_width, tint
from common.words import in_words
from metropolia.actions import Build, Swap, TakeFrom
from metropolia.data import (
    CARD_INDEX,
    CARDS,
    LANDMARK_INDEX,
    LANDMARKS,
    MALL_ICONS,
    MARKET_NAMES,
    PORT_BONUS,
    PUBLISHER_ICONS,
    SEAT_COLOURS,
    TOWN_HALL,
    Card,
    static_data,
)
from metropolia.words import coins

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
#: the rulebook's four card colours, dark enough to carry white words
CARD_COLOURS: dict[str, str] = {
    "blue": "#2f67a8",
    "green": "#387a34",
    "red": "#b3362c",
    "purple": "#764596",
}
_TOWN_HALL_COLOUR = "#7b6248"


_STYLE = (
    "".join(
        f".seat{k} {{ fill: {c}; }}\n"
        f".turn{k} {{ fill: {c}; fill-opacity: 0.14; }}\n"
        f"rect.panel.seat{k} {{ fill: {tint(c, 0.09)}; stroke: {c}; }}\n"
        for k, c in enumerate(SEAT_COLOURS)
    )
    + "".join(f"rect.{k} {{ fill: {c}; }}\n" for k, c in CARD_COLOURS.items())
    + f"rect.town-hall {{ fill: {_TOWN_HALL_COLOUR}; }}\n"
    + """\
rect.panel { stroke-width: 2; }
rect.panel.market, rect.panel.key { fill: #f1efe8; stroke: #b9b4a6; }
rect.card { stroke: #1e1e1e; stroke-width: 1; }
rect.card.sold-out { fill: #dcdcdc; stroke: #9e9e9e; stroke-dasharray: 4 3; }
rect.card.stack { fill: #5d4a36; stroke: #2e241a; }
rect.pill { fill: #fff; }
text.active { fill: #1e1e1e; }
text.note { fill: #eeeeee; }
circle.coin { fill: #f2c94c; stroke: #8a6d1a; stroke-width: 1; }
rect.landmark { stroke-width: 1.5; }
rect.landmark.built { fill: #e9b91f; stroke: #7a5b00; }
rect.landmark.unbuilt { fill: #fff; stroke: #8a8a8a; stroke-dasharray: 5 3; }
rect.die { fill: #fff; stroke: #333; stroke-width: 1.5; }
circle.pip { fill: #222; }
polygon.marker { fill: #222; }
rect.last, rect.target { stroke-width: 2.5; }
"""
)

_W = 1000
#: a panel's left edge, and the padding inside it
_M = 16
_PAD = 10
_X0 = _M + _PAD
_X1 = _W - _M - _PAD
_CARD_W = 128
_CARD_H = 70
_GAP = 8
_PER_ROW = 7
_LANDMARK_W = 151
_LANDMARK_H = 40
#: a city's band (its name and coins) and the landmarks under it
_BAND = 30
_CARDS_TOP = _BAND + 8 + _LANDMARK_H + 8
#: the market panel's heading, above its piles
_MARKET_TOP = 34
_PLAYER_ROW = 26
_PLAYERS_TOP = 52
_KEY_LINE = 17
_DIE = 26
#: the smallest text: 9 px with the picture as wide as its place on the page, 760 (the page
#: zooms a board taller than its place to that width, board.js)
_LEAST = 12
#: a die face's pips, in quarters of the face from its top left corner
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((2, 2),),
    2: ((1, 1), (3, 3)),
    3: ((1, 1), (2, 2), (3, 3)),
    4: ((1, 1), (3, 1), (1, 3), (3, 3)),
    5: ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)),
    6: ((1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)),
}


def action_keys(action: Action) -> tuple[str, ...]:
    """The ``data-key`` of every place on the board that ``action`` names, in the picture of
    the seat that takes it: ``build cafe`` -> ``card:cafe`` (a market pile, or the seat's own
    landmark), ``take 2`` -> ``seat:2`` (that opponent's city), ``swap ranch 2 mine`` ->
    ``give:ranch``, ``seat:2``, ``take:mine``; a roll, re-roll, the Port and a pass name none.

    >>> action_keys(Swap("ranch", 2, "mine"))
    ('give:ranch', 'seat:2', 'take:mine')
    """
    if isinstance(action, Build):
        return (f"card:{action.card}",)
    if isinstance(action, TakeFrom):
        return (f"seat:{action.seat}",)
    if isinstance(action, Swap):
        return (f"give:{action.give}", f"seat:{action.seat}", f"take:{action.take}")
    return ()


@cache
def _static(options: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """The game's static data for these (validated) options: the words of every card's,
    landmark's and the Town Hall's effect by id (``effects``) and of each colour (``colours``);
    a card's words depend on the rule options."""
    data = static_data(dict(options))
    effects = {
        item["id"]: item["effect"]
        for part in ("cards", "landmarks", "properties")
        for item in data.get(part, ())
    }
    return {"effects": effects, "colours": data["colours"]}


def _key_of(items: Iterable[str] | str | None) -> frozenset[str]:
    if items is None:
        return frozenset()
    return frozenset((items,) if isinstance(items, str) else items)


def _rows(n: int) -> int:
    """Rows of ``n`` cards laid ``_PER_ROW`` to a row (one at least)."""
    return max(1, -(-n // _PER_ROW))


def _grid_xy(top: float, k: int) -> tuple[float, float]:
    return _X0 + (k % _PER_ROW) * (_CARD_W + _GAP), top + (k // _PER_ROW) * (_CARD_H + _GAP)


def _city_height(city: dict[str, Any]) -> float:
    n = len(city["cards"]) + bool(city["town_hall"])
    return _CARDS_TOP + _rows(n) * (_CARD_H + _GAP) - _GAP + _PAD


def _by_number(ids: Iterable[str]) -> list[str]:
    """Establishments in the order of their activation numbers, as a table lays them out."""
    return sorted(ids, key=lambda cid: (CARDS[CARD_INDEX[cid]].rolls[0], CARD_INDEX[cid]))


class _Board:
    """One picture being drawn: the drawing, the view and the places to highlight."""

    def __init__(
        self,
        game: Game,
        seat: int | None,
        last: frozenset[str],
        targets: frozenset[str],
        css: str,
    ) -> None:
        view = game.view(seat)
        self.view = view
        self.state: dict[str, Any] = view["state"]
        self.names: list[str] = view["players"]
        self.seat = seat
        self.plus = self.state["edition"] == "plus"
        self.over = bool(view["is_over"])
        #: the city the seat builds in (a spectator's: the city on turn, whose moves they are)
        self.me: int = self.state["turn"] if seat is None else seat
        self.on_turn = None if self.over else self.state["turn"]
        self.total: int | None = self.state["total"] if self.state["dice"] else None
        self.last = last
        self.targets = targets
        static = _static(tuple(sorted(game.options.items())))
        self.effects: dict[str, str] = static["effects"]
        self.colours: dict[str, str] = static["colours"]
        self.headline = fit_lines(_headline(view), _W - 48, 15, bold=True, min_size=12)
        self.key = self._key_lines()
        cities: list[dict[str, Any]] = self.state["cities"]
        self.cities_top = self._roll_top() + _DIE + 18
        market_top = self.cities_top + sum(_city_height(c) + 12 for c in cities)
        self.market_top = market_top
        self.key_top = market_top + self._market_height() + 12
        rows = sum(len(lines) for _, lines, _ in self.key)
        height = self.key_top + 34 + rows * _KEY_LINE + len(self.key) * 5 + _PAD
        edition = "Metropolia Plus" if self.plus else "Metropolia"
        self.d = Drawing(
            _W,
            height,
            title=f"{edition}: {', '.join(self.names)}",
            desc=render_text(game, seat),
            style=_STYLE,
            css=css,
        )

    # ------------------------------------------------------------------ layout
    def _roll_top(self) -> float:
        status_top = _PLAYERS_TOP + _PLAYER_ROW * len(self.names) + 20
        return status_top + 19 * (len(self.headline[0]) - 1) + 14

    def _market_height(self) -> float:
        n = len(self.state["market"]) + ("stack_size" in self.state)
        return _MARKET_TOP + _rows(n) * (_CARD_H + _GAP) - _GAP + _PAD

    def _key_lines(self) -> list[tuple[str | None, list[str], float]]:
        """The key: each entry's swatch (a class, or none), its lines and their size."""
        in_play = [CARDS[CARD_INDEX[cid]] for cid in self.state["costs"]]
        entries: list[tuple[str | None, str]] = [
            (f"card {colour}", f"{colour.capitalize()} card: {words}.")
            for colour, words in self.colours.items()
        ]
        if self.plus:
            entries.append(
                (
                    "card town-hall",
                    f"{TOWN_HALL.name}: a starting property, not a landmark. "
                    f"{self.effects[TOWN_HALL.id]}",
                )
            )
        total = "" if self.total is None else f" ({self.total})"
        entries.append(
            (
                None,
                "A card in a city: top left the numbers that activate it, on white when the "
                f"last total{total} is one of them; top right ×N, how many the city has; "
                "bottom left its symbol.",
            )
        )
        market = (
            f"the piles face up until {MARKET_NAMES} names show; a pile that empties leaves, "
            "and the stack turns up cards until 10 names show again"
            if self.plus
            else "a sold-out pile is grey and dashed"
        )
        entries.append(
            (
                "coin",
                f"In the market: the cost in the gold coin, the cards left at the bottom; "
                f"{market}.",
            )
        )
        entries.append(
            (
                "landmark built",
                "A landmark: gold once built, dashed with its cost until then; the first city "
                f"to build all {self.state['landmarks_to_win']} wins.",
            )
        )
        counted: dict[str, list[str]] = {}
        for card in in_play:
            if card.effect == "per_icon" and card.per is not None:
                counted.setdefault(card.per, []).append(card.name)
        counters = ["Shopping Mall"] + [c.name for c in in_play if c.effect == "publisher"]
        both = " and ".join(sorted(MALL_ICONS | PUBLISHER_ICONS))
        parts = [f"{icon} ({', '.join(names)})" for icon, names in counted.items()]
        parts.append(f"{both} ({' and the '.join(counters)})")
        entries.append((None, f"Symbols that other cards count: {'; '.join(parts)}."))
        port = [c.name for c in in_play if c.needs_port]
        if port:
            entries.append((None, f"{in_words(port)} work only in a city that has built the Port."))
        out = []
        for swatch, text in entries:
            lines, size = fit_lines(text, _X1 - _X0 - 40, 13, lines=2, min_size=_LEAST)
            out.append((swatch, lines, size))
        return out

    # ------------------------------------------------------------------ drawing
    def draw(self) -> SvgWrapper:
        """The whole picture: the header, each city, the market and the key."""
        self._header()
        y = self.cities_top
        for p, city in enumerate(self.state["cities"]):
            self._city(p, city, y)
            y += _city_height(city) + 12
        self._market()
        self._key()
        return self.d.to_svg()

    def _mark(self, key: str | None, x: float, y: float, w: float, h: float) -> None:
        """The outlines of a place that the last move named or the seat may act on now."""
        if key is None:
            return
        if key in self.last:
            self.d.rect(None, x - 2.5, y - 2.5, w + 5, h + 5, rx=6, class_="last")
        if key in self.targets:
            self.d.rect(None, x - 2.5, y - 2.5, w + 5, h + 5, rx=6, class_="target")

    def _header(self) -> None:
        d, state, names = self.d, self.state, self.names
        edition = "Metropolia Plus" if self.plus else "Metropolia"
        d.text(None, 24, 38, edition, size=24, bold=True, class_="title")
        n = state["landmarks_to_win"]
        d.text(
            None,
            _W - 24,
            36,
            f"Turn {state['turns']}. The first to build all {n} landmarks wins.",
            size=12,
            anchor="end",
            width=_W - 320,
            class_="muted",
        )
        winners = (self.view["result"] or {}).get("winners") or ()
        for k, city in enumerate(state["cities"]):
            top = _PLAYERS_TOP + _PLAYER_ROW * k
            base = top + 17
            row = d.group(None, class_=f"player seat-{k}", data_seat=k)
            if k == self.on_turn or k in winners:
                d.rect(row, 16, top, _W - 32, _PLAYER_ROW - 2, rx=4, class_=f"turn{k}")
            if k == self.on_turn:
                d.add(
                    row,
                    "polygon",
                    points=f"21,{top + 6} 30,{top + 12} 21,{top + 18}",
                    class_="marker",
                )
            d.rect(row, 36, top + 5, 14, 14, rx=3, class_=f"seat{k}")
            you = " (you)" if k == self.seat else ""
            self._named(row, 58, base, names[k], you, width=272, size=13, min_size=11)
            d.text(row, 340, base, coins(city["coins"]), size=13, bold=True)
            built = sum(city["landmarks"].values())
            d.text(row, 440, base, f"landmarks: {built} of {n} built", size=13)
            cards = sum(city["cards"].values())
            d.text(row, 640, base, f"establishments: {cards}", size=13, class_="muted")
            tag = "winner" if k in winners else "on turn" if k == self.on_turn else ""
            if tag:
                d.text(row, _W - 24, base, tag, size=13, bold=True, anchor="end")
        lines, size = self.headline
        top = _PLAYERS_TOP + _PLAYER_ROW * len(names) + 20
        for i, line in enumerate(lines):
            d.text(None, 24, top + 19 * i, line, size=size, bold=True, class_="status")
        self._roll(self._roll_top())

    def _roll(self, top: float) -> None:
        d = self.d
        dice: list[int] = self.state["dice"]
        x = 24.0
        for value in dice:
            die = d.group(None, class_="die", data_value=value)
            d.rect(die, x, top, _DIE, _DIE, rx=5, class_="die")
            for col, row in _PIPS[value]:
                d.add(
                    die,
                    "circle",
                    cx=x + col * _DIE / 4,
                    cy=top + row * _DIE / 4,
                    r=2.6,
                    class_="pip",
                )
            x += _DIE + 6
        x += 6 if dice else 0
        d.text(
            None,
            x,
            top + 18,
            _roll_line(self.state),
            size=13,
            width=_W - 24 - x,
            min_size=_LEAST,
            class_="roll",
        )

    def _city(self, p: int, city: dict[str, Any], y: float) -> None:
        d, name = self.d, self.names[p]
        height = _city_height(city)
        mine = p == self.me
        key = None if mine else f"seat:{p}"
        built = sum(city["landmarks"].values())
        g = d.group(
            None,
            key=key,
            title=(
                f"{name}'s city: {coins(city['coins'])}, {built} of "
                f"{len(city['landmarks'])} landmarks built"
            ),
            class_=f"city seat-{p}",
            data_seat=p,
            data_place=f"city:{p}",
        )
        d.rect(g, _M, y, _W - 2 * _M, height, rx=6, class_=f"frame panel seat{p}")
        d.rect(g, _M + 1, y + 1, _W - 2 * _M - 2, _BAND, rx=5, class_=f"seat{p}")
        winners = (self.view["result"] or {}).get("winners") or ()
        tag = ", on turn" if p == self.on_turn else ", winner" if p in winners else ""
        self._named(g, _X0, y + 21, name, (" (you)" if p == self.seat else "") + tag,
                    width=_X1 - _X0 - 140, size=15, min_size=12, class_="on-dark")  # fmt: skip
        purse = d.group(g, class_="coins", data_seat=p, data_coins=city["coins"])
        d.text(purse, _X1, y + 21, coins(city["coins"]), size=15, bold=True, anchor="end",
               class_="on-dark")  # fmt: skip
        self._mark(key, _M, y, _W - 2 * _M, height)
        top = y + _BAND + 8
        costs: dict[str, int] = self.state["landmark_costs"]
        for j, (lid, done) in enumerate(city["landmarks"].items()):
            self._landmark(g, lid, bool(done), costs[lid], _X0 + j * (_LANDMARK_W + _GAP), top,
                           mine, p)  # fmt: skip
        items: list[str | None] = [None] if city["town_hall"] else []
        items += _by_number(city["cards"])
        for k, cid in enumerate(items):
            cx, cy = _grid_xy(y + _CARDS_TOP, k)
            if cid is None:  # ruling MK-A15: a starting property, drawn among the cards
                self._town_hall(g, cx, cy)
                continue
            card = CARDS[CARD_INDEX[cid]]
            count = city["cards"][cid]
            swap = None if card.colour == "purple" else "give" if mine else "take"
            self._card(
                g,
                card,
                cx,
                cy,
                key=None if swap is None else f"{swap}:{cid}",
                title=f"{card.name} ×{count} in {name}'s city: {self._about(card)}",
                class_="card",
                corner=f"×{count}",
                data_count=count,
                data_seat=p,
                data_place=f"city:{p}:{cid}",
            )

    def _named(
        self,
        g: Any,
        x: float,
        y: float,
        name: str,
        suffix: str,
        *,
        width: float,
        size: float,
        min_size: float,
        class_: str | None = None,
    ) -> None:
        """A player's name and what follows it (" (you)", ", on turn") in ``width``, bold: the
        size lowered to ``min_size`` first, then the name alone shortened (whole in a title)."""
        while size > min_size and text_width(name + suffix, size, True) * HINTING > width:
            size -= 1
        if text_width(name + suffix, size, True) * HINTING > width:
            room = width - text_width(suffix, size, True) * HINTING
            g = self.d.group(g, title=name + suffix)
            name = fit_text(name, room, size, bold=True)[0]
        self.d.text(g, x, y, name + suffix, size=size, bold=True, class_=class_)

    def _about(self, card: Card) -> str:
        """A card's colour, numbers and effect, for its ``<title>``."""
        return f"{card.colour}, activated by {_rolls(card.rolls)}. {self.effects[card.id]}"

    def _landmark(
        self, g: Any, lid: str, built: bool, cost: int, x: float, y: float, mine: bool, p: int
    ) -> None:
        d = self.d
        landmark = LANDMARKS[LANDMARK_INDEX[lid]]
        key = f"card:{lid}" if mine else None
        state = "built" if built else f"not built, {coins(cost)}"
        lg = d.group(
            g,
            key=key,
            title=f"{landmark.name} ({state}): {self.effects[lid]}",
            class_=f"landmark {'built' if built else 'unbuilt'}",
            data_landmark=lid,
            data_built=str(built).lower(),
            data_place=f"landmark:{p}:{lid}",
        )
        d.rect(lg, x, y, _LANDMARK_W, _LANDMARK_H, rx=4,
               class_=f"frame landmark {'built' if built else 'unbuilt'}")  # fmt: skip
        d.text(lg, x + 8, y + 17, landmark.name, size=12, bold=True, width=_LANDMARK_W - 16,
               min_size=_LEAST)  # fmt: skip
        d.text(lg, x + 8, y + 33, "built" if built else f"cost {coins(cost)}", size=_LEAST,
               width=_LANDMARK_W - 16, class_=None if built else "muted")  # fmt: skip
        self._mark(key, x, y, _LANDMARK_W, _LANDMARK_H)

    def _town_hall(self, g: Any, x: float, y: float) -> None:
        d = self.d
        th = d.group(
            g,
            title=f"{TOWN_HALL.name} ({TOWN_HALL.polish}), a starting property: "
            f"{self.effects[TOWN_HALL.id]}",
            class_="property",
            data_property=TOWN_HALL.id,
        )
        d.rect(th, x, y, _CARD_W, _CARD_H, rx=5, class_="frame card town-hall")
        self._name(th, TOWN_HALL.name, x, y, "on-dark")
        d.text(th, x + 6, y + 65, "starting property", size=_LEAST, class_="note")

    def _name(self, g: Any, name: str, x: float, y: float, tone: str | None) -> None:
        """A card's name in full, on one line or two, in the card's middle."""
        bold = True
        lines, size = fit_lines(name, _CARD_W - 10, 13, bold=True, min_size=_LEAST)
        if " ".join(lines) != name:  # a long name whole in the regular weight, not cut
            bold = False
            lines, size = fit_lines(name, _CARD_W - 10, _LEAST, min_size=_LEAST)
        for i, line in enumerate(lines):
            base = y + (42 if len(lines) == 1 else 35 + 14 * i)
            self.d.text(g, x + 6, base, line, size=size, bold=bold, class_=tone)

    def _card(
        self,
        parent: Any,
        card: Card,
        x: float,
        y: float,
        *,
        key: str | None,
        title: str,
        class_: str,
        corner: str | None = None,
        cost: int | None = None,
        foot: str | None = None,
        sold_out: bool = False,
        **attrs: Any,
    ) -> None:
        """One establishment: its numbers, its count or cost, its name, its symbol."""
        d = self.d
        g = d.group(parent, key=key, title=title, class_=class_, data_card=card.id,
                    data_colour=card.colour, **attrs)  # fmt: skip
        fill = "sold-out" if sold_out else card.colour
        d.rect(g, x, y, _CARD_W, _CARD_H, rx=5, class_=f"frame card {fill}")
        tone = None if sold_out else "on-dark"
        numbers = _rolls(card.rolls)
        if self.total in card.rolls and class_ == "card":
            wide = text_width(numbers, 13, bold=True) * HINTING + 10
            d.rect(g, x + 3, y + 4, wide, 19, rx=9, class_="pill")
            d.text(g, x + 8, y + 19, numbers, size=13, bold=True, class_="active")
        else:
            d.text(g, x + 8, y + 19, numbers, size=13, bold=True, class_=tone)
        if corner is not None:
            d.text(g, x + _CARD_W - 8, y + 19, corner, size=13, bold=True, anchor="end",
                   class_=tone)  # fmt: skip
        if cost is not None:
            coin = d.group(g, class_="cost")
            cx, cy = x + _CARD_W - 16, y + 15
            d.add(coin, "circle", cx=cx, cy=cy, r=11, class_="frame coin")
            d.text(coin, cx, cy + 4.5, str(cost), size=12, bold=True, anchor="middle")
        self._name(g, card.name, x, y, tone)
        d.text(g, x + 6, y + 65, card.icon, size=_LEAST, class_="muted" if sold_out else "note")
        if foot is not None:
            d.text(g, x + _CARD_W - 6, y + 65, foot, size=_LEAST, anchor="end",
                   class_="muted" if sold_out else "note")  # fmt: skip
        self._mark(key, x, y, _CARD_W, _CARD_H)

    def _market(self) -> None:
        d, state, y = self.d, self.state, self.market_top
        market: dict[str, int] = state["market"]
        g = d.group(None, class_="market")
        d.rect(g, _M, y, _W - 2 * _M, self._market_height(), rx=6, class_="frame panel market")
        d.text(g, _X0, y + 23, "Market", size=15, bold=True)
        chance = self.view["chance"] or {}
        dealing = chance.get("kind") == "shuffle"  # the Plus setup: the market not dealt yet
        if dealing:
            note = f"dealt from the stack once its {chance['size']} cards are shuffled"
        elif self.plus:
            note = f"{len(market)} piles face up, refilled from the stack to {MARKET_NAMES} names"
        else:
            note = "every pile face up; a pile stays when sold out"
        d.text(g, _X1, y + 23, note, size=12, anchor="end", width=_X1 - _X0 - 120,
               class_="muted")  # fmt: skip
        costs: dict[str, int] = state["costs"]
        piles = _by_number(market)
        for k, cid in enumerate(piles):
            card = CARDS[CARD_INDEX[cid]]
            left = market[cid]
            x, top = _grid_xy(y + _MARKET_TOP, k)
            what = f"{left} left" if left else "sold out"
            self._card(
                g,
                card,
                x,
                top,
                key=f"card:{cid}",
                title=f"{card.name}: {coins(costs[cid])}, {what}; {self._about(card)}",
                class_="pile",
                cost=costs[cid],
                foot=what,
                sold_out=not left,
                data_count=left,
                data_cost=costs[cid],
                data_place=f"market:{cid}",
            )
        if "stack_size" in state:
            size = state["stack_size"]
            x, top = _grid_xy(y + _MARKET_TOP, len(piles))
            stack = d.group(
                g,
                title=f"The stack: {size} cards face down, turned up to refill the market",
                class_="stack",
                data_size=size,
            )
            d.rect(stack, x, top, _CARD_W, _CARD_H, rx=5, class_="frame card stack")
            d.text(stack, x + 6, top + 22, "Stack", size=13, bold=True, class_="on-dark")
            count = "to be shuffled" if dealing else f"{size} card{'' if size == 1 else 's'}"
            d.text(stack, x + 6, top + 44, count, size=12, class_="on-dark")
            d.text(stack, x + 6, top + 65, "face down", size=_LEAST, class_="note")

    def _key(self) -> None:
        d, top = self.d, self.key_top
        height = self.d.height - top - _PAD
        g = d.group(None, class_="key")
        d.rect(g, _M, top, _W - 2 * _M, height, rx=6, class_="frame panel key")
        d.text(g, _X0, top + 23, "Key", size=15, bold=True)
        y = top + 34 + 12
        for swatch, lines, size in self.key:
            if swatch == "coin":
                d.add(g, "circle", cx=_X0 + 14.0, cy=y - 4.0, r=7, class_="coin")
            elif swatch is not None:
                d.rect(g, _X0, y - 11, 28, 14, rx=3, class_=swatch)
            for i, line in enumerate(lines):
                d.text(g, _X0 + 40, y + _KEY_LINE * i, line, size=size, class_="key")
            y += _KEY_LINE * len(lines) + 5


def _headline(view: dict[str, Any]) -> str:
    """Whose turn it is and what they are asked (the prompt's own words), or how it ended."""
    names: list[str] = view["players"]
    if view["is_over"]:
        winners = (view["result"] or {}).get("winners") or ()
        if not winners:
            return "Game over at the turn limit, without a winner."
        n = view["state"]["landmarks_to_win"]
        return (
            f"Game over: {in_words([names[w] for w in winners])} built all {n} landmarks and won."
        )
    prompt = view["prompt"]
    if prompt is not None:
        return str(prompt["text"])
    status = _status(view)
    return status[0].upper() + status[1:] + "."


def render_svg(
    game: Game,
    seat: int | None = None,
    *,
    last: Collection[str] | str | None = None,
    targets: Collection[str] | None = None,
    css: str = "",
) -> SvgWrapper:
    """An SVG picture of what ``seat`` sees (None: a spectator), drawn from ``game.view(seat)``
    and the game's static data.

    The players with their colours, coins and landmarks, whose turn it is and what they are
    asked, the last roll as dice; a panel per city: its coins, its landmarks (gold once built,
    dashed with their cost), the Plus Town Hall and each establishment by activation number
    with its count, colour, name in full and symbol (numbers the last total matches on
    white); the market, each pile with its cost and the cards left (grey once sold out), the
    Plus stack's size; a key to every colour and mark.

    Clickable parts carry a ``data-key`` that is the token of the action naming them
    (``action_keys``) and a ``<title>``: ``card:<id>`` a market pile and the seat's own
    landmarks (``build <id>``), ``seat:<n>`` each other city (``take <n>``, the TV Station),
    ``give:<id>`` and ``take:<id>`` the non-purple establishments of the seat's city and of
    the others (``swap <give> <n> <take>``, the Business Center). A spectator's picture keys
    the city on turn as its own. ``last`` (data-keys) is outlined as the last move's places,
    ``targets`` (data-keys) dashed; ``css`` is added to the style sheet. The text board
    (``render_text``) is the ``<desc>``.
    """
    return _Board(game, seat, _key_of(last), _key_of(targets), css).draw()
