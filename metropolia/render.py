"""Text rendering of a Metropolia game: each city, the market and what the game waits for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from metropolia.data import CARD_INDEX, CARDS, LANDMARK_INDEX, LANDMARKS

if TYPE_CHECKING:
    from metropolia.rules import Metropolia

_MARK = {"blue": "B", "green": "G", "red": "R", "purple": "P"}


def _rolls(rolls: tuple[int, ...]) -> str:
    return f"{rolls[0]}-{rolls[-1]}" if len(rolls) > 1 else str(rolls[0])


def render_city(game: Metropolia, seat: int) -> str:
    """One city: coins, landmarks (built [x] or under construction [ ]) and establishments."""
    view = game.view(None)["state"]
    city = view["cities"][seat]
    turn = " (on turn)" if view["turn"] == seat and not game.is_over else ""
    lines = [f"{game.players[seat]}{turn}: {city['coins']} coins"]
    marks = []
    for lid, built in city["landmarks"].items():
        m = LANDMARKS[LANDMARK_INDEX[lid]]
        marks.append(f"[{'x' if built else ' '}] {m.name}")
    lines.append("  landmarks: " + ", ".join(marks))
    cards = []
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
    parts = [head]
    parts.extend(render_city(game, p) for p in range(game.num_players))
    parts.append(render_market(game))
    if game.is_over:
        res = game.result()
        who = ", ".join(game.players[w] for w in res.winners) or "nobody"
        parts.append(f"Game over: {who} won ({res.reason}).")
    elif game.prompt is not None:
        parts.append(f"{game.players[game.prompt.seat]} to decide ({game.prompt.kind}).")
    elif game.chance is not None:
        parts.append(f"Waiting for chance: {game.chance.describe()}.")
    return "\n".join(parts)
