"""Text rendering of a Metro City game: the grid with street names, bonuses and sums."""

from __future__ import annotations

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
