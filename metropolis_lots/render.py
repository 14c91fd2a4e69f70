"""The Metropolis board as text (terminal play) and as an SVG picture."""

from __future__ import annotations

from typing import Any

from metropolis_lots.rules import Metropolis, scores_of
from metropolis_lots.words import counted, lots_words

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


#: the widest a text board's line is (the play loop's screen is 100 columns or more)
TEXT_WIDTH = 100
#: a player's name on the text board is cut to this many characters
_NAME = 18
#: the marks of a lot no one owns (free, or offered), and of the river and the park
_FREE, _OFFERED = "\u00b7", "*"
_RIVER, _PARK = "\u2248", "\u2591"
_DOT = " \u00b7 "
#: what the text board's first line calls a phase (the prompt says the rest)
_PHASES = {
    "deal": "the lots are dealt",
    "offer": "the first offer is turned up",
    "trade": "exchanges",
    "answer": "exchanges",
    "choose": "choosing a lot",
    "refill": "the offer is refilled",
    "build": "building",
    "pool": "building",
}


def _ranges(lots: list[int]) -> str:
    """``15-19, 25, 40``: the lots ascending, runs of consecutive ones joined."""
    runs: list[list[int]] = []
    for lot in sorted(lots):
        if runs and runs[-1][-1] == lot - 1:
            runs[-1].append(lot)
        else:
            runs.append([lot])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _wrapped(head: str, items: list[str]) -> list[str]:
    """``head`` then the items joined by dots, wrapped at the board's width under the head."""
    lines = [head]
    indent = " " * len(head)
    for item in items:
        sep = "" if lines[-1] in (head, indent) else _DOT
        if len(lines[-1]) + len(sep) + len(item) > TEXT_WIDTH:
            lines.append(indent + item)
        else:
            lines[-1] += sep + item
    return lines


def _name(name: str) -> str:
    return name if len(name) <= _NAME else name[: _NAME - 1] + "\u2026"


def _status(game: Metropolis, view: dict[str, Any]) -> str:
    """The first line: whose turn it is and what goes on, or who won."""
    names = view["players"]
    st = view["state"]
    if view["is_over"]:
        result = view["result"]
        winners = result["winners"]
        won = " and ".join(f"{_MARK[w]} {_name(names[w])}" for w in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        best = counted(result["scores"][winners[0]], "point")
        return f"Metropolis{_DOT}the game is over: {won} {verb} with {best}"
    turn = st["turn"]
    phase: str = st["phase"]
    text = _PHASES.get(phase, phase)
    trader = st["trader"]
    if trader is not None:  # ruling MS-A13: every seat's window in turn
        limit = game.options["trade_proposals"]
        text += f": {_MARK[trader]}'s window, {st['proposals_made']} of {limit} proposals made"
    if st["final_turns_left"] >= 0:  # ruling MS-A6
        text += f"{_DOT}final round, {counted(st['final_turns_left'], 'turn')} left"
    named = f"Metropolis{_DOT}turn of {_MARK[turn]} {_name(names[turn])}{_DOT}{text}"
    # a long name gives way to the mark alone (the players' lines name it)
    return (
        named if len(named) <= TEXT_WIDTH else f"Metropolis{_DOT}turn of {_MARK[turn]}{_DOT}{text}"
    )
    return text


def _grid(st: dict[str, Any]) -> list[str]:
    """The districts in their places around the park, the river where it runs (MS-1): each
    lot as its number and its owner's mark, with the code of the building on it."""
    board = st["board"]
    position = {int(lot): (rc[0], rc[1]) for lot, rc in board["position"].items()}
    at = {rc: lot for lot, rc in position.items()}
    owners = {int(lot): o for lot, o in st["owners"].items()}
    offer = set(st["offer"])
    code_at = {
        lot: _SHORT.get(b["kind"], b["kind"][:2]) for b in st["buildings"] for lot in b["lots"]
    }
    centre, river = set(board["centre"]), set(board["river"])

    def cell(lot: int) -> str:
        o = owners.get(lot)
        if o is None:
            return f"{lot}{_OFFERED if lot in offer else _FREE}  "
        return f"{lot}{_MARK[o]}{code_at.get(lot, '  ')}"

    by_district: dict[int, list[int]] = {}
    for lot in board["lots"]:
        by_district.setdefault(lot // 10, []).append(lot)
    first = by_district[board["districts"][0]]
    d_rows = 1 + max(position[x][0] for x in first) - min(position[x][0] for x in first)
    d_cols = 1 + max(position[x][1] for x in first) - min(position[x][1] for x in first)
    layout = {
        (
            min(position[x][0] for x in lots) // d_rows,
            min(position[x][1] for x in lots) // d_cols,
        ): d
        for d, lots in by_district.items()
    }
    layout_rows = 1 + max(r for r, _ in layout)
    layout_cols = 1 + max(c for _, c in layout)
    width = d_cols * 6 - 1  # a cell is 5 characters, and a space between two
    out: list[str] = []
    for gr in range(layout_rows):
        heads, blocks = [], []
        for gc in range(layout_cols):
            d = layout.get((gr, gc))
            if d is None:  # the park fills the places no district has
                heads.append("")
                blocks.append(
                    [(" park " if r == 0 else "").center(width, _PARK) for r in range(d_rows)]
                )
                continue
            lots = by_district[d]
            head = f"District {d}{_DOT}{st['occupied'][str(d)]}/{len(lots)}"
            heads.append(head + (f"{_DOT}centre" if set(lots) <= centre else ""))
            blocks.append(
                [
                    " ".join(cell(at[(gr * d_rows + r, gc * d_cols + c)]) for c in range(d_cols))
                    for r in range(d_rows)
                ]
            )
        out.append(" \u2502 ".join(h.ljust(width) for h in heads).rstrip())
        for r in range(d_rows):
            out.append(" \u2502 ".join(b[r].ljust(width) for b in blocks).rstrip())
        if gr + 1 < layout_rows:  # between two rows of districts: the river, where it runs
            gap = []
            for gc in range(layout_cols):
                above = at.get(((gr + 1) * d_rows - 1, gc * d_cols))
                below = at.get(((gr + 1) * d_rows, gc * d_cols))
                flows = above in river and below in river
                gap.append((" river " if flows else "").center(width, _RIVER if flows else " "))
            out.append("   ".join(gap).rstrip())
    return out


def _players(view: dict[str, Any], seat: int | None) -> list[str]:
    """A line a player: the mark on the board, name, colour, the seat number that actions
    name (``give 23 2``), lots, chips left, buildings, their value now; the seat to act
    marked, and the reader as "you"."""
    st = view["state"]
    names = view["players"]
    lots = [0] * len(names)
    for o in st["owners"].values():
        lots[o] += 1
    built = [0] * len(names)
    for b in st["buildings"]:
        built[b["owner"]] += 1
    width = max(len(_name(x)) for x in names)
    out = []
    for p, name in enumerate(names):
        turn = "\u25b6" if p == view["to_act"] else " "
        out.append(
            f"{turn} {_MARK[p]} {_name(name).ljust(width)}  {st['colours'][p]:<6}  seat {p}  "
            f"{counted(lots[p], 'lot'):>7}  {counted(st['chips'][p], 'chip'):>8}  "
            f"{counted(built[p], 'building'):>12}  {counted(st['scores'][p], 'point'):>10}"
            + ("  (you)" if p == seat else "")
        )
    return out


def _owners(building: dict[str, Any]) -> str:
    """The marks of who shares a building: its builder first, then its partners (MS-A4)."""
    owner = building["owner"]
    return "+".join(_MARK[p] for p in (owner, *(p for p, _ in building["shares"] if p != owner)))


def _pending(game: Metropolis, st: dict[str, Any]) -> list[str]:
    """A proposal waiting for an answer: an exchange (MS-9) or a pooled building (MS-A4)."""
    out = []
    trade = st["trade"]
    if trade is not None:
        give, take = trade["give"], trade["take"]
        gives = lots_words(give) if give else "nothing"
        takes = f"{_MARK[trade['partner']]}'s {lots_words(take)}" if take else "nothing"
        out.append(f"Exchange on the table: {_MARK[st['trader']]} offers {gives} for {takes}")
    pool = st["pool"]
    if pool is not None:
        model = game.r.model_by_id.get(pool["model"])
        name = pool["model"] if model is None else model.name
        waiting = ", ".join(_MARK[p] for p in st["pool_waiting"])
        out.append(
            f"Pooling on the table: {_MARK[st['turn']]}'s {name} on {lots_words(pool['lots'])}, "
            f"waiting for {waiting}"
        )
    return out


def render_text(game: Metropolis, seat: int | None = None) -> str:
    """The board as text, drawn from ``view(seat)``: whose turn it is, the districts around
    the park with every lot's owner and building, the offer and who may claim each lot, the
    players, the buildings' values now, the supply and a key to every mark. At most 45
    lines of at most 100 characters (the play loop's screen)."""
    view = game.view(seat)
    st = view["state"]
    n = len(view["players"])
    out = [_status(game, view), ""]
    out.extend(_grid(st))
    offered = []
    for lot in sorted(st["offer"]):  # MS-6: the seats that may take it now
        who = st["claims"].get(str(lot), [])
        offered.append(
            f"{lot} " + ("anyone" if len(who) == n else "".join(_MARK[p] for p in who) or "nobody")
        )
    out.append("")
    out.append(
        f"Offer (who may claim): {_DOT.join(offered) or 'none'}"
        f"{_DOT}stack {counted(st['stack_size'], 'lot card')}"
    )
    out.extend(_players(view, seat))
    out.extend(_pending(game, st))
    ordered = sorted(st["buildings"], key=lambda b: b["lots"][0])
    if ordered:
        out.extend(
            _wrapped(
                "Buildings (points now): ",
                [
                    f"{_SHORT.get(b['kind'], b['kind'][:2])}{b['lots'][0]} "
                    f"{_owners(b)} {b['value']}"
                    for b in ordered
                ],
            )
        )
    supply = [f"{model} {left}" for model, left in st["supply"].items() if left]
    out.extend(_wrapped("Supply (build MODEL LOTS): ", supply or ["empty"]))
    board = st["board"]
    out.append(
        f"Park view {_ranges(board['park_view'])}{_DOT}river {_RIVER} {_ranges(board['river'])}"
    )
    names = {m.kind: m.name for m in game.r.models}
    key = [
        "12B lot 12 is B's",
        "12Bho B's house on it",
        f"12{_FREE} free",
        f"12{_OFFERED} offered",
        "n/10 lots of a district occupied (from 5 on, only neighbours claim)",
    ]
    out.extend(_wrapped("Key: ", key))
    out.extend(
        _wrapped("     ", [f"{code} {names.get(kind, kind)}" for kind, code in _SHORT.items()])
    )
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
