"""The words of Metropoli's prompts: players by name, spaces and areas by their names, money
in dollars (issue 22). The texts that do not depend on the position are made once, here.

A Buildable Area is named by the two streets that face it, as the rulebook names one
("between Monroe and Grant", seed "Building Exploitation Concessions").
"""

from __future__ import annotations

from collections.abc import Sequence

from common.words import in_words
from metropoli import data as D

B = D.BOARD


def money(amount: int) -> str:
    """An amount in the game's money: ``$1,250,000``."""
    return f"${amount:,}"


def listing(names: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last`` joins the last two); ``nothing`` for none."""
    return in_words(names, last) if names else "nothing"


#: each Buildable Area by the two streets facing it
AREA_NAMES = tuple(f"between {B.names[a]} and {B.names[b]}" for a, b in B.area_streets)

#: the purposes of the dice requests, each followed by ": " and the roller's name (issue 23:
#: the log says who rolled; ``words`` reads the name back)
FIRST_DICE = "first player"
MOVE_DICE = "move"
EXIT_DICE = "motorway exit"

BID_UNIT = money(D.BID_UNIT)
BLOCK_COST = money(D.BLOCK_COST)

ROLL = "roll the three dice, or propose a trade first"
#: after a triple, by the space the token stands on
MOVE = tuple(f"a triple: advance 1 to 40 spaces from {name}" for name in B.names)


def _arrival(space: int, mine: bool) -> str:
    name, kind = B.names[space], B.kinds[space]
    if kind in ("street", "bridge") and not mine:
        what = f"{name}, whose concession is free: its auction follows"
    elif kind == "street":
        what = f"{name}, your street: you may place a free block on one of its areas"
    elif kind == "bridge":
        what = f"{name}, your bridge: you may cross along {B.avenue[space]}"
    elif kind == "metropoli":
        what = "a Metropoli space: a card is read"
    elif kind == "motorway":
        what = "L'Autostrada: the exit dice are rolled"
    elif kind == "municipality":
        what = "Il Comune: a free concession to go to, or a free block"
    else:
        what = name
    return f"on {what}; act, or propose a trade first"


#: the stop on arrival (ruling MI-A15), by space and by whether the player on turn holds its
#: concession (a free concession otherwise; another's street or bridge never stops)
ARRIVAL = tuple((_arrival(sp, False), _arrival(sp, True)) for sp in range(B.size))

#: the offer to cross, by bridge
CROSS = {
    sp: f"on {B.names[sp]}: cross along {B.avenue[sp]} to {B.names[B.opposite[sp]]}, or pass"
    for sp in B.bridges
}

FREE_STREET = {
    sp: f"your street {B.names[sp]}: place one free block on one of its areas, or pass"
    for sp in B.streets
}
FREE_CARD = "a Metropoli card: place one free block on any open area, or pass"


def municipality(trip: bool, block: bool, may_pass: bool) -> str:
    """Il Comune's options (seed "Other Spaces"), as far as they are open."""
    options = []
    if trip:
        options.append("go to a space whose concession is free (its auction follows)")
    if block:
        options.append("place one free block anywhere")
    if may_pass:
        options.append("pass")
    return "Il Comune: " + listing(options, "or")


_COUNTS = ("no", "one", "two", "three")


def build(room: int, obliged: bool, offers: bool) -> str:
    """The building step: ``room`` blocks still open to buy (0 when none can be bought or
    placed), the completion phase's obligation (Master Plan rule 9), and trading."""
    if obliged:
        head = f"the city's completion phase: build at least one block, at {BLOCK_COST} each"
        return head + (", or propose a trade first" if offers else "")
    parts = []
    if room:
        blocks = "one more block" if room == 1 else f"up to {_COUNTS[room]} blocks"
        parts.append(f"build {blocks} at {BLOCK_COST} each")
    if offers:
        parts.append("propose a trade")
    parts.append("done")
    return listing(parts, "or")


def deal(give: Sequence[int], take: Sequence[int], cash: int, you_propose: bool) -> str:
    """What a proposal moves, said to the proposer (``you_propose``) or to the partner."""
    names = B.names
    gets = [names[c] for c in (take if you_propose else give)]
    gives = [names[c] for c in (give if you_propose else take)]
    paid = cash if you_propose else -cash  # what "you" pay
    if paid > 0:
        gives.append(money(paid))
    elif paid < 0:
        gets.append(money(-paid))
    return f"you give {listing(gives)} for {listing(gets)}"


def draft_steps(held: bool, cash_set: bool, more: bool) -> str:
    """What a proposal being composed may do next: add a concession (while one is left), set
    the cash (once), then send (once it holds something) or cancel."""
    steps = ["add a concession with give or take"] if more else []
    if not cash_set:
        steps.append(
            f"set the cash once with cash X (a multiple of {money(D.TRADE_UNIT)} the payer "
            "holds; X < 0: the partner pays)"
        )
    last = "send or cancel" if held else "cancel"
    if steps:
        last = ", ".join(steps) + (", then " if held else ", or ") + last
    return last


DEBT_REASONS = {
    "rent": "rent",
    "toll": "a bridge toll",
    "fine": "the Court's fine",
    "card": "a card",
}
