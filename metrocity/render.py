"""Text and SVG pictures of a Metro City position: the grid, the streets' bonuses, the players.

Both are drawn from ``game.view(seat)`` only (and the game's static names), so each shows what
that seat sees and nothing more: the grid, each street's token or its award as it was made,
the sums, both players' money and tokens, and the seat's own hand (ruling MC-A7).
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Sequence
from typing import Any

from common import Action, Game
from common.svg import Drawing, SvgWrapper
from common.words import in_words
from metrocity.actions import BuildOver, Place, Swap
from metrocity.data import (
    BUILDING_NAMES,
    COLUMN_LETTERS,
    COLUMNS,
    KIND_NAMES,
    ROWS,
    SEAT_COLOURS,
    SUPPRESSED_BY,
    TIE_RULES,
    TILE_KINDS,
    TILES,
    Kind,
    category_display,
)

#: each seat's one-letter mark on the text board
_MARKS = ("a", "b")
#: the text board's width in characters
_WIDTH = 80
_CELL = 7
_NAME = 12


def _labels(kind: Kind) -> str:
    """The labels of a category's tiles: ``R1-R5``, or the one label of a special tile."""
    labels = [t.label for t in TILE_KINDS if t.kind == kind]
    return labels[0] if len(labels) == 1 else f"{labels[0]}-{labels[-1]}"


#: the text board's key to its tile labels, both names of the Park included (ruling MC-A10)
LEGEND = "tiles: " + ", ".join(f"{_labels(k)} {category_display(k)}" for k in KIND_NAMES)


def _cell(cell: dict[str, Any] | None) -> str:
    if cell is None:
        return "."
    return f"{TILES[cell['tile']].label}{_MARKS[cell['owner']]}"


def _status(street: dict[str, Any]) -> str:
    """A street's state on the text board: ``open``, ``won a``, ``tied``, ``won b=``."""
    award = street["award"]
    if award is None:
        return "open"
    if award["winner"] is None:
        return "tied"
    return f"won {_MARKS[award['winner']]}" + ("=" if award["tied"] else "")


#: a street's token before the set-up's shuffle has dealt the tokens
UNDEALT = "?"


def _dollar(token: int | None) -> str:
    """A token's value, ``$10``; ``?`` before the tokens are dealt."""
    return UNDEALT if token is None else f"${token}"


def _token(street: dict[str, Any]) -> str:
    """The street's token: the one lying there, or the one it was awarded with."""
    award = street["award"]
    return _dollar(street["token"] if award is None else award["token"])


def _sums(street: dict[str, Any]) -> str:
    a, b = street["sums"]
    return f"{a}:{b}"


def _dollars(tokens: Sequence[int]) -> str:
    return ", ".join(f"${t}" for t in tokens) or "none"


def _hand_items(state: dict[str, Any]) -> list[str]:
    """The seat's hand in words with the ids to type, a Park held twice once: ``x2``."""
    hand: list[str] = state["hand"]
    names = dict(zip(hand, state["hand_names"], strict=True))
    return [
        f"{names[t]} [{t}]" + (f" x{hand.count(t)}" if hand.count(t) > 1 else "")
        for t in dict.fromkeys(hand)
    ]


def _wrap_items(lead: str, items: Sequence[str], width: int = _WIDTH) -> list[str]:
    """``lead`` and the items joined by commas, wrapped between items, never inside one."""
    lines = [lead.rstrip()]
    for k, item in enumerate(items):
        word = item + ("," if k < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(word) > width and lines[-1].strip():
            lines.append(" ")
        lines[-1] += " " + word
    return lines


def _deck_words(deck: str, players: Sequence[str]) -> str:
    """A set-up shuffle's deck in words: the bonus tokens, or a player's tiles."""
    if deck.startswith("pile") and deck[4:].isdigit() and int(deck[4:]) < len(players):
        return f"{players[int(deck[4:])]}'s tiles"
    return "the bonus tokens"


def _turn_words(view: dict[str, Any], state: dict[str, Any], names: Sequence[str]) -> str:
    """Who is to act and what about, or the result: one line for both pictures."""
    if view["is_over"]:
        result = view["result"]
        scores, winners = result["scores"], result["winners"]
        if len(winners) > 1:
            won = f"a shared win at ${scores[winners[0]]} each"
        else:
            (w,) = winners
            won = f"{names[w]} wins, ${scores[w]} to ${scores[1 - w]}"
        return f"Game over ({result['reason']}): {won}"
    prompt = view["prompt"]
    if prompt is None:
        chance = view["chance"] or {}
        return f"Set-up: {_deck_words(str(chance.get('deck', '')), names)} are shuffled"
    who = names[prompt["seat"]]
    if prompt["kind"] == "swap":
        return (
            f"{who} to answer the Courthouse at {state['swap_for']}: swap the bonus tokens of "
            "two streets, or pass"
        )
    return f"{who} to place a tile"


def render_text(game: Game, seat: int | None = None) -> str:
    """The grid, each street's bonus and sums, the players, and ``seat``'s own hand.

    Drawn from ``game.view(seat)`` only, so it shows what that seat sees and nothing more; an
    awarded street shows the token and sums of its award, whatever was built over since. It
    fits 80 columns and about 20 lines, so a terminal shows it with the events and a prompt.
    """
    view = game.view(seat)
    state = view["state"]
    streets = state["streets"]
    players: list[str] = view["players"]
    names = [f"{name} ({_MARKS[k]})" for k, name in enumerate(players)]
    tie = "ties: discarded" if state["tie"] == "discard" else "ties: the placer keeps"
    title = f"Metro City: {names[0]} vs {names[1]}"
    if len(title) + len(tie) + 2 <= _WIDTH:
        lines = [f"{title}{tie:>{_WIDTH - len(title)}}"]
    else:
        lines = [*textwrap.wrap(title, _WIDTH, subsequent_indent="  "), tie]
    lines.append(
        " " * _NAME + "".join(c.ljust(_CELL) for c in COLUMN_LETTERS) + "bonus        sums a:b"
    )
    for r, street in enumerate(streets[:ROWS]):
        cells = "".join(_cell(cell).ljust(_CELL) for cell in state["grid"][r])
        bonus = f"{_token(street)} {_status(street)}"
        lines.append(f"{street['name'][: _NAME - 1]:<{_NAME}}{cells}{bonus:<13}{_sums(street)}")
    avenues = [
        f"{st['name'][: _NAME - 1]:<{_NAME}}{_token(st):<4} {_status(st):<8}{_sums(st)}"
        for st in streets[ROWS:]
    ]
    half = (len(avenues) + 1) // 2
    rights = avenues[half:] + [""] * (2 * half - len(avenues))
    for left, right in zip(avenues[:half], rights, strict=True):
        lines.append(f"{left:<{_WIDTH // 2}}{right}".rstrip())
    key = (
        f"{LEGEND}; a, b: the owner; . empty. Bonus: open; won a; tied (discarded); "
        "won b= (a tie the placer kept)"
    )
    if any(st["token"] is None and st["award"] is None for st in streets):
        key += f"; {UNDEALT}: the bonus tokens are not dealt yet"
    tail = [key]
    for k, player in enumerate(state["players"]):
        who = f"{players[k]} ({_MARKS[k]}, you)" if k == seat else names[k]
        tail.append(
            f"{who}: ${player['money']} (tokens {_dollars(player['tokens'])}); "
            f"hand {player['hand_size']}, pile {player['pile_size']}"
        )
    tail.append(
        f"discarded: {_dollars(state['discarded'])}; out of play: {_dollars(state['out_of_play'])}"
    )
    tail.append(_turn_words(view, state, names))
    for line in tail[:-1]:
        lines += textwrap.wrap(line, _WIDTH, subsequent_indent="  ")
    if state["hand"] is not None:
        lines += _wrap_items("your hand:", _hand_items(state) or ["empty"])
    lines += textwrap.wrap(tail[-1], _WIDTH, subsequent_indent="  ")
    return "\n".join(lines)


# ---------------------------------------------------------------------- SVG
#: the colour of the band naming a tile's category, and of its key
KIND_COLOURS: dict[Kind, str] = {
    "residential": "#2e7d32",
    "commercial": "#ad1457",
    "industrial": "#546e7a",
    "park": "#7cb342",
    "power": "#f9a825",
    "mall": "#6a1b9a",
    "court": "#4e342e",
}
#: the big label of a special tile, a word instead of the text board's two letters (the
#: band under it names the tile in full)
_SPECIAL_LABELS: dict[Kind, str] = {
    "park": "Park",
    "power": "Power",
    "mall": "Mall",
    "court": "Court",
}
#: categories whose band is light, so its words are dark
_LIGHT_BANDS = ("park", "power")
_STYLE = (
    "".join(
        f".seat{k} {{ fill: {c}; }}\n.turn{k} {{ fill: {c}; fill-opacity: 0.13; }}\n"
        f"text.seat{k} {{ fill: {c}; }}\n"
        for k, c in enumerate(SEAT_COLOURS)
    )
    + "".join(f".kind-{k} {{ fill: {c}; }}\n" for k, c in KIND_COLOURS.items())
    + "".join(f".kind-{k} + text {{ fill: #222; }}\n" for k in _LIGHT_BANDS)
    + """\
rect.frame { stroke: #333; stroke-width: 1; }
rect.frame.open { fill: #e8e6df; stroke: #c9c6bb; }
circle.chip { stroke: #7a6a2a; stroke-width: 1; }
circle.chip.open { fill: #f3e5ab; }
circle.chip.tied { fill: #bdbdbd; stroke: #777; }
circle.chip.seat0 { stroke: #1b3f6b; }
circle.chip.seat1 { stroke: #7a3a10; }
rect.token { fill: #f3e5ab; stroke: #7a6a2a; }
rect.place { fill: none; pointer-events: all; }
rect.pending { fill: none; stroke: #e0007a; stroke-width: 3; }
circle.target-ring { fill: none; stroke: #e0007a; stroke-width: 3; stroke-dasharray: 6 3; }
polygon.marker { fill: #222; }
"""
)

_W = 1000
_BLOCK_W = 100
_BLOCK_H = 74
_GAP = 8
_LEFT = 124
_TOP = 180
_GRID_RIGHT = _LEFT + COLUMNS * _BLOCK_W + (COLUMNS - 1) * _GAP
_GRID_BOTTOM = _TOP + ROWS * _BLOCK_H + (ROWS - 1) * _GAP
_CHIP_R = 18
#: the smallest text: 9 px with the picture fitted into the page's 760 x 700 (it is 1,000 wide
#: and about 1,000 high, drawn at 0.7)
_LEAST = 13
_HAND_TOP = _GRID_BOTTOM + 104
_HAND_H = 54


def _block_xy(r: int, c: int) -> tuple[int, int]:
    return _LEFT + c * (_BLOCK_W + _GAP), _TOP + r * (_BLOCK_H + _GAP)


def action_keys(action: Action) -> tuple[str, ...]:
    """The ``data-key`` of every place of the board that ``action`` names, in the picture of
    the seat that takes it: ``place res3 B2`` -> ``tile:res3``, ``block:B2``; building over
    also names the token it pays with (``token:10``); ``swap st1 st4`` -> both streets; a pass
    names none.

    >>> action_keys(Swap("st1", "st4"))
    ('street:st1', 'street:st4')
    """
    if isinstance(action, Place):
        return (f"tile:{action.tile}", f"block:{action.block}")
    if isinstance(action, BuildOver):
        return (f"tile:{action.tile}", f"block:{action.block}", f"token:{action.token}")
    if isinstance(action, Swap):
        return (f"street:{action.first}", f"street:{action.second}")
    return ()


def render_svg(
    game: Game,
    seat: int | None = None,
    *,
    last: str | None = None,
    targets: Collection[str] = (),
    css: str = "",
) -> SvgWrapper:
    """An SVG picture of what ``seat`` sees (None: a spectator), drawn from ``game.view(seat)``.

    The players with their colours, money, tokens and whose turn it is; the 6x5 grid with the
    street and avenue names, each tile in its owner's colour with its number (or label) and a
    band naming its category ("Park (School)", ruling MC-A10); each street's bonus token and
    sums, or who won it with the token and sums of the award; the seat's own hand; the
    discarded tokens and those out of play; a key to every label and colour.

    Clickable parts carry a ``data-key`` and a ``<title>``: ``block:A1``, ``street:st1``,
    ``tile:res3`` (the hand) and ``token:10`` (a token held). ``last`` (a block) is outlined
    as the last placement, ``targets`` (data-keys) dashed; ``css`` is added to the style sheet.
    The text board (``render_text``) is the ``<desc>``.
    """
    view = game.view(seat)
    state = view["state"]
    names: list[str] = view["players"]
    hand = state["hand"]
    discard_y = (_HAND_TOP + _HAND_H + 28) if hand is not None else _HAND_TOP + 8
    key_top = discard_y + 32
    height = key_top + 20 + 19 * 9
    d = Drawing(
        _W,
        height,
        title=f"Metro City: {names[0]} vs {names[1]}",
        desc=render_text(game, seat),
        style=_STYLE,
        css=css,
    )
    _header(d, view, state, seat)
    marks = set(targets)
    _grid(d, state, names, last, marks)
    _streets(d, state["streets"], names, marks)
    if hand is not None:
        _hand(d, hand, seat or 0, marks)
    d.text(
        None,
        24,
        discard_y,
        f"Discarded: {_dollars(state['discarded'])}.  Out of play: "
        f"{_dollars(state['out_of_play'])}.",
        size=_LEAST,
        width=_W - 48,
        class_="discarded",
    )
    _key(d, key_top, names)
    return d.to_svg()


def _header(d: Drawing, view: dict[str, Any], state: dict[str, Any], seat: int | None) -> None:
    names: list[str] = view["players"]
    d.text(None, 24, 38, "Metro City", size=24, bold=True, class_="title")
    d.text(
        None,
        _W - 24,
        36,
        f"Tie rule: {TIE_RULES[state['tie']]}",
        size=_LEAST,
        anchor="end",
        width=_W - 260,
        class_="muted",
    )
    to_act = view["to_act"]
    for k, player in enumerate(state["players"]):
        top = 54 + 30 * k
        base = top + 19
        row = d.group(None, class_=f"player seat-{k}", data_seat=k)
        if k == to_act:
            d.rect(row, 16, top, _W - 32, 26, rx=4, class_=f"turn{k}")
            d.add(
                row, "polygon", points=f"22,{top + 6} 32,{top + 13} 22,{top + 20}", class_="marker"
            )
        d.rect(row, 38, top + 5, 16, 16, rx=3, class_=f"seat{k}")
        you = " (you)" if k == seat else ""
        d.text(row, 62, base, names[k] + you, size=15, bold=True, width=226, min_size=_LEAST)
        d.text(row, 298, base, f"${player['money']}", size=14, bold=True, class_="money")
        for i, token in enumerate(player["tokens"]):
            x = 352 + 44 * i
            chip = d.group(
                row,
                key=f"token:{token}",
                title=f"${token} token of {names[k]}: money, or the price of a build-over",
                class_="token",
            )
            d.rect(chip, x, top + 3, 40, 20, rx=10, class_="frame token")
            d.text(chip, x + 20, top + 18, f"${token}", size=_LEAST, bold=True, anchor="middle")
        if not player["tokens"]:
            d.text(row, 352, base, "no tokens", size=_LEAST, class_="muted")
        d.text(
            row,
            _W - 24,
            base,
            f"hand {player['hand_size']}, pile {player['pile_size']}",
            size=_LEAST,
            anchor="end",
            class_="muted",
        )
    d.text(
        None,
        24,
        136,
        _turn_words(view, state, names),
        size=14,
        bold=True,
        width=_W - 48,
        min_size=_LEAST,
        class_="status",
    )


def _grid(
    d: Drawing, state: dict[str, Any], names: list[str], last: str | None, marks: set[str]
) -> None:
    streets = state["streets"]
    for c in range(COLUMNS):
        x = _LEFT + c * (_BLOCK_W + _GAP) + _BLOCK_W / 2
        d.text(
            None,
            x,
            _TOP - 10,
            streets[ROWS + c]["name"],
            size=13,
            bold=True,
            anchor="middle",
            width=_BLOCK_W + _GAP - 4,
            min_size=_LEAST,
        )
    for r in range(ROWS):
        y = _TOP + r * (_BLOCK_H + _GAP) + _BLOCK_H / 2 + 5
        d.text(
            None, 20, y, streets[r]["name"], size=14, bold=True, width=_LEFT - 28, min_size=_LEAST
        )
        for c in range(COLUMNS):
            block = f"{COLUMN_LETTERS[c]}{r + 1}"
            _block(d, state["grid"][r][c], r, c, names, block)
            x, y0 = _block_xy(r, c)
            if block == state["swap_for"]:
                d.rect(None, x - 3, y0 - 3, _BLOCK_W + 6, _BLOCK_H + 6, rx=6, class_="pending")
            if block == last:
                d.rect(None, x - 2, y0 - 2, _BLOCK_W + 4, _BLOCK_H + 4, rx=6, class_="last")
            if f"block:{block}" in marks:
                d.rect(None, x - 2, y0 - 2, _BLOCK_W + 4, _BLOCK_H + 4, rx=6, class_="target")


def _block(
    d: Drawing, cell: dict[str, Any] | None, r: int, c: int, names: list[str], block: str
) -> None:
    x, y = _block_xy(r, c)
    key = f"block:{block}"
    if cell is None:
        g = d.group(None, key=key, title=f"{block}, empty", class_="block empty", data_block=block)
        d.rect(g, x, y, _BLOCK_W, _BLOCK_H, rx=4, class_="frame open")
        d.text(
            g,
            x + _BLOCK_W / 2,
            y + _BLOCK_H / 2 + 6,
            block,
            size=16,
            anchor="middle",
            class_="muted",
        )
        return
    kind = TILES[cell["tile"]]
    owner = int(cell["owner"])
    g = d.group(
        None,
        key=key,
        title=f"{cell['name']}, {names[owner]}'s, on {block}",
        class_="block tile",
        data_block=block,
        data_tile=kind.id,
        data_owner=owner,
    )
    _tile(d, g, x, y, _BLOCK_W, _BLOCK_H, kind.id, owner, corner=block)


def _tile(
    d: Drawing,
    g: Any,
    x: float,
    y: float,
    w: float,
    h: float,
    tile: str,
    owner: int,
    corner: str | None = None,
) -> None:
    """A tile drawn in a w x h box: its owner's colour, its number or label, its category."""
    kind = TILES[tile]
    band = 19
    d.rect(g, x, y, w, h, rx=4, class_=f"frame seat{owner}")
    if corner:
        d.text(g, x + 5, y + 15, corner, size=_LEAST, class_="on-dark")
    big = 22 if h > 60 else 18
    d.text(
        g,
        x + w / 2,
        y + (h - band) / 2 + big * 0.38,
        str(kind.value) if kind.value else _SPECIAL_LABELS[kind.kind],
        size=big,
        bold=True,
        anchor="middle",
        width=w - 8,
        class_="on-dark label",
    )
    d.rect(g, x + 1, y + h - band, w - 2, band - 1, class_=f"kind-{kind.kind}")
    d.text(
        g,
        x + w / 2,
        y + h - 5,
        category_display(kind.kind),
        size=_LEAST,
        anchor="middle",
        width=w - 4,
        min_size=_LEAST,
        class_="on-dark band",
    )


def _street_lines(street: dict[str, Any], names: list[str]) -> tuple[str, str, str]:
    """A street's state in two lines, and the class of the first: open, won, tied."""
    award = street["award"]
    a, b = street["sums"]
    if award is None:
        empty = street["empty"]
        return f"open, {empty} empty", f"sums {a}:{b}", "muted"
    winner = award["winner"]
    if winner is None:
        return "tied: discarded", f"${award['token']} at {a}:{b}", "muted"
    lead = "tie kept by" if award["tied"] else "won by"
    return f"{lead} {names[winner]}", f"${award['token']} at {a}:{b}", f"seat{winner}"


def _street_title(street: dict[str, Any], names: list[str]) -> str:
    award = street["award"]
    a, b = street["sums"]
    sums = f"{names[0]} {a}, {names[1]} {b}"
    if award is None:
        token = street["token"]
        bonus = "bonus not dealt yet" if token is None else f"${token} bonus"
        return f"{street['name']}: {bonus}, {street['empty']} blocks empty; {sums}"
    return f"{street['name']}: ${award['token']} bonus awarded at {sums}"


def _chip(d: Drawing, g: Any, cx: float, cy: float, street: dict[str, Any]) -> None:
    award = street["award"]
    if award is None:
        state, token = "open", street["token"]
    else:
        winner = award["winner"]
        state = "tied" if winner is None else f"seat{winner}"
        token = award["token"]
    chip = d.group(g, class_="chip")  # the chip holds the token's value: its frame
    d.add(chip, "circle", cx=float(cx), cy=float(cy), r=_CHIP_R, class_=f"frame chip {state}")
    colour = "on-dark" if state.startswith("seat") else None
    d.text(chip, cx, cy + 4.5, _dollar(token), size=13, bold=True, anchor="middle", class_=colour)


def _streets(d: Drawing, streets: list[dict[str, Any]], names: list[str], marks: set[str]) -> None:
    """Each street's token chip and its two lines: right of its row, under its avenue."""
    for i, street in enumerate(streets):
        key = f"street:{street['id']}"
        g = d.group(
            None,
            key=key,
            title=_street_title(street, names),
            class_="street",
            data_street=street["id"],
        )
        first, second, tone = _street_lines(street, names)
        if i >= ROWS:  # under an avenue a line is a column wide: the winner by name alone
            first = first.removeprefix("won by ").replace("tie kept by ", "tie: ")
        cx: float
        cy: float
        x: float
        y: float
        width: float
        anchor: str | None
        if i < ROWS:  # the chip right of the row, the lines right of the chip
            cx = _GRID_RIGHT + 16 + _CHIP_R
            cy = _TOP + i * (_BLOCK_H + _GAP) + _BLOCK_H / 2
            x, y, anchor = cx + _CHIP_R + 8, cy - 3, None
            width = _W - 20 - x
        else:  # the chip under the avenue, the lines under the chip, both centred
            cx = _LEFT + (i - ROWS) * (_BLOCK_W + _GAP) + _BLOCK_W / 2
            cy = _GRID_BOTTOM + 10 + _CHIP_R
            x, y, anchor = cx, cy + _CHIP_R + 18, "middle"
            width = _BLOCK_W + _GAP - 6
        # the street's place: a box around its chip and lines, the group's first shape, which
        # the browser outlines when the street may be clicked (the Courthouse) or is chosen
        if i < ROWS:
            box = (
                cx - _CHIP_R - 5,
                cy - _CHIP_R - 5,
                _W - 12 - (cx - _CHIP_R - 5),
                2 * _CHIP_R + 10,
            )
        else:
            box = (cx - _BLOCK_W / 2, cy - _CHIP_R - 5, _BLOCK_W, 2 * _CHIP_R + 44)
        d.rect(g, *box, rx=6, class_="place")
        _chip(d, g, cx, cy, street)
        if key in marks:
            d.add(g, "circle", cx=cx, cy=cy, r=_CHIP_R + 4, class_="target-ring")
        d.text(
            g,
            x,
            y,
            first,
            size=_LEAST,
            bold=tone != "muted",  # a winner's name in bold; "open, 5 empty" fits a column
            anchor=anchor,
            width=width,
            min_size=_LEAST,
            class_=f"bonus {tone}",
            data_street=street["id"],
        )
        d.text(g, x, y + 17, second, size=_LEAST, anchor=anchor, width=width, class_="sums")


def _hand(d: Drawing, hand: list[str], seat: int, marks: set[str]) -> None:
    d.text(None, 20, _HAND_TOP + _HAND_H / 2 + 5, "Your hand", size=13, bold=True)
    if not hand:
        d.text(None, _LEFT, _HAND_TOP + _HAND_H / 2 + 5, "empty", size=13, class_="muted")
    for i, tile in enumerate(hand):
        x = _LEFT + i * (_BLOCK_W + _GAP)
        key = f"tile:{tile}"
        g = d.group(
            None,
            key=key,
            title=f"{TILES[tile].display} in your hand ({tile})",
            class_="hand-tile",
            data_tile=tile,
        )
        _tile(d, g, x, _HAND_TOP, _BLOCK_W, _HAND_H, tile, seat)
        if key in marks:
            d.rect(None, x - 2, _HAND_TOP - 2, _BLOCK_W + 4, _HAND_H + 4, rx=6, class_="target")


def _stopped_by(kind: Kind) -> str:
    stoppers = sorted(SUPPRESSED_BY.get(kind, ()), key=list(KIND_NAMES).index)
    if not stoppers:
        return "always counts"
    return (
        f"counts nothing on a street with a {' or a '.join(category_display(s) for s in stoppers)}"
    )


def _key_lines() -> list[tuple[Kind, str]]:
    """The key's line for each category: its labels, names and what it counts (MC-4)."""
    out: list[tuple[Kind, str]] = []
    for kind in KIND_NAMES:
        tiles = [t for t in TILE_KINDS if t.kind == kind]
        if tiles[0].value:
            numbers = f"{tiles[0].value}-{tiles[-1].value}"
            buildings = BUILDING_NAMES.get(kind)
            also = f" ({buildings})" if buildings else ""
            text = (
                f"{category_display(kind)}{also} {numbers}: adds its number on its street "
                f"and avenue; {_stopped_by(kind)}"
            )
        else:
            stops = [category for category, by in SUPPRESSED_BY.items() if kind in by]
            does = (
                f"stops {in_words([KIND_NAMES[s] for s in stops])} on its street and avenue"
                if stops
                else "may swap the bonus tokens of two open streets when placed"
            )
            text = f"{category_display(kind)}: counts 0; {does}"
        out.append((kind, text))
    return out


def _key(d: Drawing, top: float, names: list[str]) -> None:
    d.text(None, 24, top, "Key", size=14, bold=True)
    y = top + 20
    for kind, text in _key_lines():
        d.rect(None, 24, y - 11, 28, 13, class_=f"kind-{kind}")
        d.text(None, 60, y, text, size=_LEAST, width=_W - 84, class_="key")
        y += 19
    d.add(None, "circle", cx=38.0, cy=y - 5.0, r=8, class_="chip open")
    d.text(
        None,
        60,
        y,
        "a street's bonus token: gold while open, in the winner's colour once "
        "won, grey if tied and discarded",
        size=_LEAST,
        width=_W - 84,
        class_="key",
    )
    y += 19
    d.text(
        None,
        60,
        y,
        f"sums x:y: {names[0]}'s and {names[1]}'s sums on the street, as it stands or as it "
        "was awarded",
        size=_LEAST,
        width=_W - 84,
        class_="key",
    )


__all__ = ["KIND_COLOURS", "LEGEND", "SEAT_COLOURS", "render_svg", "render_text"]
