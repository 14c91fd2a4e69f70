"""Everything Metropoli says to people: its prompts and its log, in words.

Players are named by name, the seat told as "you"; spaces, neighbourhoods, districts and
Buildable Areas by their names on the board; money in dollars. A Buildable Area is named by
the two streets that face it, as the rulebook names one ("between Monroe and Grant", seed
"Building Exploitation Concessions").

The prompts (what the seat on turn is asked) come first: the texts that do not depend on the
position are made once, here, and the others by a function each. Then the log: one sentence
for each event. ``Metropoli._describe`` hands every event here as the JSON the reader may see
(``event.for_seat(seat)``), so a sentence can never say more than that seat sees: the
Metropoli deck's shuffle is "shuffled face down" for everybody. The core's events get
Metropoli's words too: a decision says what was chosen in the rulebook's terms, the dice who
rolled them, the end the winner and every player's wealth.

>>> from metropoli.words import tell
>>> players = ("Ann", "Bo", "Cy")
>>> tell({"type": "AuctionClosed", "space": 24, "winner": 2, "price": 450000}, players, None)
'Cy wins the auction of Lincoln for $450,000.'
>>> tell({"type": "ChanceResolved", "request": "dice 3 (move: Ann)", "outcome": [4, 2, 1],
...       "visible_to": None}, players, 0)
'You roll 4, 2 and 1: 7 spaces.'
>>> tell({"type": "Payment", "payer": 1, "payee": 0, "amount": 300000, "reason": "rent"},
...      players, 0)
'Bo pays you $300,000 in rent.'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from common.words import Teller, in_words
from metropoli import data as D

B = D.BOARD


# ================================================================== money, lists, the prompts
def money(amount: int) -> str:
    """An amount in the game's money: ``$1,250,000``."""
    return f"${amount:,}"


def listing(names: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last`` joins the last two); ``nothing`` for none."""
    return in_words(names, last) if names else "nothing"


#: each Buildable Area by the two streets facing it
AREA_NAMES = tuple(f"between {B.names[a]} and {B.names[b]}" for a, b in B.area_streets)

#: the purposes of the dice requests, each followed by ": " and the roller's name (the log
#: says who rolled; ``_rolls`` below reads the name back)
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


def bid_prompt(
    players: Sequence[str], space: int, debtor: int | None, high: int, leader: int | None
) -> str:
    """An auction's bid prompt: the concession (whose, in a bankruptcy auction), the high bid
    and its bidder."""
    name = B.names[space]
    if debtor is not None:
        head = f"bankruptcy auction of {name} ({players[debtor]}'s)"
    else:
        head = f"auction of {name}"
    if leader is None:
        state = "no bid yet; bid a multiple of " + BID_UNIT
    else:
        state = (
            f"the high bid is {money(high)}, by {players[leader]}; "
            f"bid more, in multiples of {BID_UNIT}"
        )
    return f"{head}: {state}, within your cash, or pass"


def raise_prompt(players: Sequence[str], space: int, high: int, active: int) -> str:
    """The winner's prompt to raise the Market Value before the pre-emption (ruling MI-9)."""
    return (
        f"you won the auction of {B.names[space]} at {money(high)}: raise the "
        f"Market Value (a multiple of {BID_UNIT} within your cash), or pass; "
        f"{players[active]} may then pre-empt at {money(D.PREEMPT_EXTRA)} more"
    )


def preempt_prompt(players: Sequence[str], space: int, high: int, leader: int) -> str:
    """The player on turn's prompt to pre-empt the winner (ruling MI-9)."""
    return (
        f"{players[leader]} won {B.names[space]} at a Market Value of "
        f"{money(high)}: pre-empt at {money(high + D.PREEMPT_EXTRA)}, or pass"
    )


def bids_open(phase: str, high: int, cash: int) -> str:
    """Every bid (``phase`` "bid") or raise open, as a range: the listing shows a few."""
    top = cash - cash % D.BID_UNIT
    what = "bid" if phase == "bid" else "raise the Market Value to"
    return (
        f"{what} any multiple of {BID_UNIT} from {money(high + D.BID_UNIT)} "
        f"up to {money(top)} (your cash), or pass"
    )


def sell_prompt(
    players: Sequence[str], creditor: int | None, amount: int, reason: str, cash: int
) -> str:
    """A debtor short of cash: the debt, and the concessions to auction (ruling MI-16)."""
    whom = "the Bank" if creditor is None else players[creditor]
    return (
        f"you owe {whom} {money(amount)} for "
        f"{DEBT_REASONS.get(reason, reason)} and hold {money(cash)}: "
        "auction one of your concessions"
    )


def draft_prompt(
    players: Sequence[str], partner: int, held: bool, cash_set: bool, more: bool
) -> str:
    """The prompt of a proposal being composed: to whom, and what it may do next."""
    return f"proposal to {players[partner]}: {draft_steps(held, cash_set, more)}"


def draft_open(
    players: Sequence[str],
    partner: int,
    gives: Sequence[int],
    takes: Sequence[int],
    cash_range: tuple[int, int] | None,
    last: Sequence[str],
) -> str:
    """Everything a proposal being composed may do next, the cash as a range (``cash_range``:
    what the partner and the proposer could pay, None once the cash is set)."""
    parts = []
    if gives:
        parts.append("give one of " + listing([B.names[c] for c in gives], "or"))
    if takes:
        parts.append("take one of " + listing([B.names[c] for c in takes], "or"))
    if cash_range is not None:
        least, most = cash_range
        parts.append(
            f"cash X once, X any multiple of {money(D.TRADE_UNIT)} from -{money(least)} "
            f"({players[partner]} pays) to {money(most)} (you pay), not 0"
        )
    parts.extend(last)
    return listing(parts, "or")


def proposal_prompt(
    players: Sequence[str], seat: int, give: Sequence[int], take: Sequence[int], cash: int
) -> str:
    """The partner's prompt: who proposes, the deal spelled out, accept or decline."""
    return f"{players[seat]} proposes a trade: {deal(give, take, cash, False)}; accept or decline"


# ================================================================== the moves' labels
#: what ``pass`` declines, by the prompt's kind (the actions' ``Pass``)
_PASS_LABELS = {
    "bid": "Leave the auction",
    "raise": "Keep the winning bid as the Market Value",
    "preempt": "Let the winner have it",
    "cross": "Stay off the bridge",
    "free": "Place no free block",
    "municipality": "Decline Il Comune's offer",
}


def label(action: Any, kind: str, players: Sequence[str], high: int | None) -> str:
    """A move for its button at a ``kind`` prompt: spaces and Buildable Areas by their names
    on the board, players by name, money in dollars; ``high`` is the auction's winning bid
    (None with no auction)."""
    word = action.word
    if word == "roll":
        return "Roll the dice"
    if word == "act":
        return "Propose no trade: let the space act"
    if word == "move":
        return f"Advance {_spaces(action.count)}"
    if word == "bid":
        return f"Bid {money(action.amount)}"
    if word == "raise":
        return f"Raise the Market Value to {money(action.amount)}"
    if word == "preempt":
        at = f" at {money(high + D.PREEMPT_EXTRA)}" if high is not None else ""
        return f"Pre-empt{at}"
    if word == "cross":
        return "Cross the city"
    if word == "free":
        return f"Place a free block {area_name(action.area)}"
    if word == "goto":
        return f"Go to {B.names[action.space]} (its auction follows)"
    if word == "build":
        return f"Build a block {area_name(action.area)} ({BLOCK_COST})"
    if word == "done":
        return "End your turn"
    if word == "offer":
        return f"Propose a trade to {players[action.partner]}"
    if word == "give":
        return f"Offer {B.names[action.space]}"
    if word == "take":
        return f"Ask for {B.names[action.space]}"
    if word == "cash":
        if action.amount > 0:
            return f"Offer {money(action.amount)} in cash"
        return f"Ask for {money(-action.amount)} in cash"
    if word == "send":
        return "Send the proposal"
    if word == "cancel":
        return "Drop the proposal"
    if word in ("accept", "decline"):
        return f"{word.capitalize()} the trade"
    if word == "sell":
        return f"Auction {B.names[action.space]} to pay the debt"
    return _PASS_LABELS.get(kind, "Pass")


# ================================================================== the log
#: the set-up's shuffles, by request (``tables.DEAL_STREETS``, ``tables.DEAL_VALUES``, the deck)
_SHUFFLES = {
    "shuffle concessions": (
        f"the {len(B.streets)} street concessions are shuffled and dealt, two to each player"
    ),
    "shuffle neighbourhood_values": (
        f"the {len(B.neighbourhood_values)} neighbourhood value cards are shuffled, "
        "one for each neighbourhood"
    ),
    "shuffle metropoli": "the Metropoli deck is shuffled face down: nobody sees its order",
}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


class _Teller(Teller):
    """The shared teller, with the Bank for the payer or payee that is no player."""

    __slots__ = ()

    def who(self, seat: int | None) -> str:
        """The player's name, "you" for the reader, "the Bank" for None."""
        if seat is None:
            return "the Bank"
        return "you" if seat == self.seat else self.players[seat]

    def verb(self, seat: int | None, verb: str, third: str | None = None) -> str:
        """The verb agreeing with ``seat``: "pay" for the reader, else "pays" (or ``third``)."""
        if seat is not None and seat == self.seat:
            return verb
        return third or verb + "s"

    def does(self, seat: int | None, verb: str, third: str | None = None) -> str:
        """Subject and verb: "you pay", "Ann pays" (``third`` when not just verb + "s")."""
        return f"{self.who(seat)} {self.verb(seat, verb, third)}"


# ------------------------------------------------------------------ the board's names
def space_name(space: int) -> str:
    """A track space by its name; the eight card spaces as "a Metropoli space"."""
    return "a Metropoli space" if B.kinds[space] == "metropoli" else B.names[space]


def area_name(area: int) -> str:
    """A Buildable Area by the two streets facing it: ``between Monroe and Grant``."""
    return AREA_NAMES[area]


def colour_name(hood: int) -> str:
    """A neighbourhood by its colour: ``light blue``."""
    return B.hood_colours[hood].replace("_", " ")


def _spaces(count: int) -> str:
    return "1 space" if count == 1 else f"{count} spaces"


def _floors(height: int) -> str:
    return "1 floor" if height == 1 else f"{height} floors"


def dice(outcome: Sequence[int]) -> str:
    """Dice in words: ``4, 2 and 1``."""
    return listing([str(d) for d in outcome])


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


# ------------------------------------------------------------------ the decisions
def _decision(t: _Teller, seat: int, action: Mapping[str, Any]) -> str | None:
    """What ``seat`` chose, as a clause in the rulebook's words (None: not an action of
    Metropoli's)."""
    kind = action["type"]
    if kind == "Roll":  # rather than a proposal; the dice's own event says what they show
        return f"{t.does(seat, 'choose')} to roll"
    if kind == "Act":
        return f"{t.does(seat, 'propose')} no trade and {t.verb(seat, 'let')} the space act"
    if kind == "Steps":
        return f"{t.does(seat, 'choose')} to advance {_spaces(action['count'])} after the triple"
    if kind == "Bid":
        return f"{t.does(seat, 'bid')} {money(action['amount'])}"
    if kind == "Pass":
        return t.does(seat, "pass", "passes")
    if kind == "Raise":
        return f"{t.does(seat, 'raise')} the Market Value to {money(action['amount'])}"
    if kind == "Preempt":
        return (
            f"{t.does(seat, 'exercise')} the right of pre-emption, paying "
            f"{money(D.PREEMPT_EXTRA)} over the Market Value"
        )
    if kind == "Cross":
        return f"{t.does(seat, 'cross', 'crosses')} the city"
    if kind == "FreeBlock":
        return f"{t.does(seat, 'place')} a free block {area_name(action['area'])}"
    if kind == "GoTo":
        return f"{t.does(seat, 'take')} Il Comune's trip to {B.names[action['space']]}"
    if kind == "Build":
        return f"{t.does(seat, 'build')} a block {area_name(action['area'])}"
    if kind == "Done":
        return f"{t.does(seat, 'end')} {t.their(seat)} turn"
    if kind == "Offer":
        return f"{t.does(seat, 'open')} a proposal to {t.who(action['partner'])}"
    if kind == "Give":
        return f"{t.does(seat, 'offer')} {B.names[action['space']]} in the proposal"
    if kind == "Take":
        return f"{t.does(seat, 'ask')} for {B.names[action['space']]} in the proposal"
    if kind == "Cash":
        amount = action["amount"]
        if amount > 0:
            return f"{t.does(seat, 'offer')} {money(amount)} in cash in the proposal"
        return f"{t.does(seat, 'ask')} for {money(-amount)} in cash in the proposal"
    if kind == "Send":
        return f"{t.does(seat, 'send')} the proposal"
    if kind == "Cancel":
        return f"{t.does(seat, 'drop')} the proposal"
    if kind == "Accept":
        return f"{t.does(seat, 'accept')} the trade"
    if kind == "Decline":
        return f"{t.does(seat, 'decline')} the trade"
    if kind == "Sell":
        return f"{t.does(seat, 'put')} {B.names[action['space']]} up for a bankruptcy auction"
    return None


#: why the engine took a move itself (it was the only one), by action type
_FORCED_WHY = {
    "Pass": "short of the cash to go higher",
    "Sell": "it is the last concession left to auction",
    "GoTo": "Il Comune offers nothing else",
    "FreeBlock": "Il Comune offers nothing else",
    "Build": "the completion phase obliges a block and this is the only place for it",
    "Done": "there is nothing to build or trade",
}


def _taken(t: _Teller, data: Mapping[str, Any]) -> str | None:
    return _decision(t, data["seat"], data["action"])


def _forced(t: _Teller, data: Mapping[str, Any]) -> str | None:
    action, seat = data["action"], data["seat"]
    if action["type"] == "Roll":
        return f"{t.does(seat, 'have', 'has')} no trade to propose before the dice"
    if action["type"] == "Act":
        return f"{t.does(seat, 'have', 'has')} no trade to propose: the space acts"
    chose = _decision(t, seat, action)
    if chose is None:
        return None
    why = _FORCED_WHY.get(action["type"], "it is the only move")
    return f"{chose}{', ' if action['type'] == 'Pass' else ': '}{why}"


# ------------------------------------------------------------------ chance and the set-up
@functools.lru_cache(maxsize=64)
def _rolls(players: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """The dice requests of a table (``tables.rolls_of``): request -> (purpose, seat)."""
    out = {}
    for seat, name in enumerate(players):
        for purpose, count in ((FIRST_DICE, 3), (MOVE_DICE, 3), (EXIT_DICE, 2)):
            out[f"dice {count} ({purpose}: {name})"] = (purpose, seat)
    return out


def _chance(t: _Teller, data: Mapping[str, Any]) -> str | None:
    request, outcome = data["request"], data["outcome"]
    if request in _SHUFFLES:
        return _SHUFFLES[request]
    rolled = _rolls(tuple(t.players)).get(request)
    if rolled is None or outcome is None:
        return None  # not a request of this engine's: the core's plain words
    purpose, seat = rolled
    total = sum(outcome)
    if purpose == FIRST_DICE:
        return f"{t.does(seat, 'roll')} {dice(outcome)} for the first player: {total}"
    if purpose == EXIT_DICE:
        tens, units = outcome
        exit_ = 10 * tens + units
        to = B.exits.get(exit_)
        where = f"exit {exit_}" + (f", {space_name(to)}" if to is not None else "")
        return f"{t.does(seat, 'roll')} {tens} then {units} on L'Autostrada: {where}"
    said = f"{t.does(seat, 'roll')} {dice(outcome)}"
    if len(set(outcome)) == 1:  # seed "Triple Dice": the player chooses the distance
        return f"{said}, a triple: {t.who(seat)} may advance 1 to {B.size} spaces"
    return f"{said}: {_spaces(total)}"


def _first_player(t: _Teller, data: Mapping[str, Any]) -> str:
    seat = data["seat"]
    return f"{t.who(seat)} rolled highest and {t.verb(seat, 'play')} first"


def _dealt(t: _Teller, data: Mapping[str, Any]) -> str:
    names = listing([B.names[sp] for sp in data["spaces"]])
    return f"{t.who(data['seat'])} {t.verb(data['seat'], 'are', 'is')} dealt {names}"


def _values_dealt(t: _Teller, data: Mapping[str, Any]) -> str:
    values = [f"{colour_name(h)} {money(v)}" for h, v in enumerate(data["values"])]
    return f"the neighbourhood values: {', '.join(values)}"


def _deck(t: _Teller, data: Mapping[str, Any]) -> str:
    return f"the {data['size']} Metropoli cards lie face down beside the board"


# ------------------------------------------------------------------ the turn
def _turn(t: _Teller, data: Mapping[str, Any]) -> str:
    seat = data["seat"]
    return f"turn {data['turn']}: {t.whose(seat)} turn"


def _moved(t: _Teller, data: Mapping[str, Any]) -> str:
    seat, frm, to, how = data["seat"], data["frm"], data["to"], data["how"]
    there = space_name(to)
    if how == "bridge":
        avenue = B.avenue.get(frm, "the avenue")
        return f"{t.does(seat, 'cross', 'crosses')} the city along {avenue} to {there}"
    if how == "motorway":
        return f"{t.does(seat, 'leave')} L'Autostrada by exit {B.exit_of[to]} for {there}"
    if how == "municipality":
        return f"{t.does(seat, 'go', 'goes')} from Il Comune to {there}"
    if how == "back":
        return f"{t.does(seat, 'move')} back {_spaces((frm - to) % B.size)} to {there}"
    if how == "card":
        return f"{t.does(seat, 'go', 'goes')} to {there}, as the card says"
    steps = (to - frm) % B.size or B.size
    if steps == B.size:
        return f"{t.does(seat, 'go', 'goes')} once round the track, back to {there}"
    return f"{t.does(seat, 'move')} {_spaces(steps)} from {space_name(frm)} to {there}"


def _payment(t: _Teller, data: Mapping[str, Any]) -> str:
    payer, payee, amount, reason = data["payer"], data["payee"], data["amount"], data["reason"]
    cash = money(amount)
    if payer is None:  # the Bank pays: La Borsa or a card
        if reason == "borsa":
            how = "landing on" if amount == D.BORSA_LAND else "passing"
            return f"{t.does(payee, 'collect')} {cash} from the Bank for {how} La Borsa"
        return f"{t.does(payee, 'collect')} {cash} from the Bank for the card"
    pays = f"{t.does(payer, 'pay')} {t.who(payee)} {cash}"
    if reason == "rent":
        return f"{pays} in rent"
    if reason == "toll":
        bridges = amount // D.TOLL_PER_BRIDGE
        held = "1 bridge" if bridges == 1 else f"{bridges} bridges"
        return f"{pays} in toll, {money(D.TOLL_PER_BRIDGE)} for each bridge held ({held})"
    if reason == "fine":
        return f"{pays} in fine at Il Tribunale, {money(D.FINE_PER_PIP)} a point rolled"
    if reason == "card":
        return f"{pays} for the card"
    if reason == "block":
        return f"{pays} for the block"
    if reason == "auction":
        return f"{pays}, the Market Value"
    if reason == "preemption":
        return f"{pays} for the pre-emption: the Market Value and {money(D.PREEMPT_EXTRA)}"
    if reason == "bankruptcy auction":
        return f"{pays} at the bankruptcy auction"
    if reason == "bankruptcy":
        return f"{t.does(payer, 'hand')} all {t.their(payer)} cash, {cash}, to {t.who(payee)}"
    if reason == "trade":
        return f"{pays} under the trade"
    return f"{pays} ({reason})"


def _rent(t: _Teller, data: Mapping[str, Any]) -> str:
    """Ruling MI-6: the Concession Value card's value plus the neighbourhood's, doubled for a
    trust."""
    seat, owner, space = data["seat"], data["owner"], data["space"]
    value, hood = money(data["value"]), money(data["neighbourhood"])
    blocks, tallest = data["blocks"], _floors(data["tallest"])
    if data["skyscraper"]:
        why = f"{value} for the skyscraper on its areas ({tallest})"
        why += f", plus {hood} for the neighbourhood"
    elif blocks:
        some = "1 block" if blocks == 1 else f"{blocks} blocks"
        why = (
            f"{value} for {some} on its areas (the district's tallest building has {tallest}), "
            f"plus {hood} for the neighbourhood"
        )
    else:
        why = f"nothing is built on its areas, so {hood} for the neighbourhood alone"
    trust = f", doubled for {t.whose(owner)} trust" if data["trust"] else ""
    return (
        f"{t.does(seat, 'owe')} {t.who(owner)} {money(data['total'])} in rent for "
        f"{B.names[space]}: {why}{trust}"
    )


def _auction_opened(t: _Teller, data: Mapping[str, Any]) -> str:
    name = B.names[data["space"]]
    if data["kind"] == "bankruptcy":
        return f"the bankruptcy auction of {name} opens"
    return f"the concession of {name} is free: its auction opens"


def _auction_closed(t: _Teller, data: Mapping[str, Any]) -> str:
    name, winner = B.names[data["space"]], data["winner"]
    if winner is None:
        return f"nobody bids for {name}"
    return f"{t.does(winner, 'win')} the auction of {name} for {money(data['price'])}"


_TRANSFERS = {
    "auction": "bought at auction",
    "preemption": "by pre-emption",
    "bankruptcy auction": "at the bankruptcy auction",
    "trade": "in the trade",
}


def _transferred(t: _Teller, data: Mapping[str, Any]) -> str:
    name, frm, to, how = B.names[data["space"]], data["frm"], data["to"], data["how"]
    if to is None:
        return f"the concession of {name} goes back from {t.who(frm)} to the Bank, unsold"
    how_ = _TRANSFERS.get(how, how)
    return f"the concession of {name} passes from {t.who(frm)} to {t.who(to)}, {how_}"


def _block(t: _Teller, data: Mapping[str, Any]) -> str:
    seat, area = data["seat"], data["area"]
    what = "block" if data["paid"] else "free block"
    return (
        f"the building {area_name(area)} rises to {_floors(data['height'])} with "
        f"{t.whose(seat)} {what}"
    )


def _roof(t: _Teller, data: Mapping[str, Any]) -> str:
    area, number, height = data["area"], data["number"], data["height"]
    district = B.district_names[data["district"]]
    return (
        f"the building {area_name(area)} is the {_ORDINALS[number - 1]} skyscraper: no "
        f"building in the {district} may exceed its {_floors(height)}"
    )


def _completion(t: _Teller, data: Mapping[str, Any]) -> str:
    return (
        "the fourth skyscraper stands: the city's completion phase begins, and every player "
        f"with {money(D.BLOCK_COST)} must build at least one block each turn"
    )


def _card(t: _Teller, data: Mapping[str, Any]) -> str:
    return f'{t.does(data["seat"], "read")} a Metropoli card: "{data["text"]}"'


def _trade_words(t: _Teller, data: Mapping[str, Any]) -> str:
    """What a proposal moves, from the proposer's side: "Ann gives Monroe for Grant"."""
    seat, cash = data["seat"], data["cash"]
    gives = [B.names[c] for c in data["give"]]
    gets = [B.names[c] for c in data["take"]]
    if cash > 0:
        gives.append(money(cash))
    elif cash < 0:
        gets.append(money(-cash))
    return f"{t.does(seat, 'give')} {listing(gives)} for {listing(gets)}"


def trade_words(data: Mapping[str, Any], players: Sequence[str], seat: int | None) -> str:
    """What a proposal (``seat``, ``give``, ``take``, ``cash`` as in TradeProposed) moves, from
    the proposer's side, as ``seat`` is told it: "Ann gives Monroe for Grant and $250,000"."""
    return _trade_words(_Teller(players, seat), data)


def _proposed(t: _Teller, data: Mapping[str, Any]) -> str:
    seat, partner = data["seat"], data["partner"]
    return f"{t.does(seat, 'propose')} a trade to {t.who(partner)}: {_trade_words(t, data)}"


def _traded(t: _Teller, data: Mapping[str, Any]) -> str:
    seat, partner = data["seat"], data["partner"]
    return f"{t.who(seat)} and {t.who(partner)} trade: {_trade_words(t, data)}"


def _bankruptcy(t: _Teller, data: Mapping[str, Any]) -> str:
    seat = data["seat"]
    return (
        f"{t.who(seat)} cannot pay the {money(data['amount'])} owed to "
        f"{t.who(data['creditor'])} and must auction "
        f"{t.their(seat)} concessions"
    )


def _bankrupt(t: _Teller, data: Mapping[str, Any]) -> str:
    seat = data["seat"]
    return (
        f"{t.who(seat)} {t.verb(seat, 'go', 'goes')} bankrupt, unable to pay "
        f"{t.who(data['creditor'])}, and {t.verb(seat, 'leave')} the game"
    )


def _final(t: _Teller, data: Mapping[str, Any]) -> str:
    reason = data["reason"]
    why = "the round limit is reached" if reason == "round limit" else reason
    return (
        f"{why}: the final phase begins; no more building, and each player leaves the game "
        "on reaching or passing L'Autostrada"
    )


def _left(t: _Teller, data: Mapping[str, Any]) -> str:
    seat = data["seat"]
    if data["how"] == "turn limit":
        how = f"{t.does(seat, 'have', 'has')} played the final phase's last turn"
    else:
        how = f"{t.does(seat, 'reach', 'reaches')} L'Autostrada"
    return f"{how} and {t.verb(seat, 'leave')} the game, still collecting what others owe"


def _wealth(t: _Teller, data: Mapping[str, Any]) -> str:
    seat = data["seat"]
    return (
        f"{t.whose(seat)} wealth: {money(data['cash'])} in cash, {money(data['streets'])} in "
        f"streets and {money(data['bridges'])} in bridges, {money(data['total'])} in all"
    )


# ------------------------------------------------------------------ the start and the end
def _started(t: _Teller, data: Mapping[str, Any], defaults: Mapping[str, Any]) -> str:
    names = listing(list(data["players"]))
    text = f"a game of Metropoli begins: {names}, each with {money(D.START_CASH)}"
    changed = []
    for key, value in sorted(data["options"].items()):
        if key in defaults and value == defaults[key]:
            continue
        if key == "cards":
            changed.append(f"a deck of its own ({len(value)} cards)")
        else:
            changed.append(f"{key}={value}")
    if changed:
        text += f"; rule options {', '.join(changed)}"
    return text


def _ended(t: _Teller, data: Mapping[str, Any]) -> str:
    scores, winners = data["scores"], data["winners"]
    others = [
        f"{t.who(seat)} {money(score)}" for seat, score in enumerate(scores) if seat not in winners
    ]
    rest = f" ({', '.join(others)})" if others else ""
    if len(winners) == 1:
        win = winners[0]
        return f"the game is over: {t.does(win, 'win')} with {money(scores[win])}{rest}"
    each = money(scores[winners[0]])
    who = listing([t.who(w) for w in winners])
    return f"the game is over: {who} share the win with {each} each{rest}"


_TELL: dict[str, Callable[[_Teller, Mapping[str, Any]], str | None]] = {
    "ActionTaken": _taken,
    "ActionForced": _forced,
    "ChanceResolved": _chance,
    "GameEnded": _ended,
    "FirstPlayerChosen": _first_player,
    "ConcessionsDealt": _dealt,
    "NeighbourhoodValuesDealt": _values_dealt,
    "DeckShuffled": _deck,
    "TurnBegan": _turn,
    "Moved": _moved,
    "Payment": _payment,
    "RentCharged": _rent,
    "AuctionOpened": _auction_opened,
    "AuctionClosed": _auction_closed,
    "ConcessionTransferred": _transferred,
    "BlockBuilt": _block,
    "RoofPlaced": _roof,
    "CompletionPhaseBegan": _completion,
    "CardRead": _card,
    "TradeProposed": _proposed,
    "TradeDone": _traded,
    "BankruptcyBegan": _bankruptcy,
    "PlayerBankrupt": _bankrupt,
    "FinalPhaseBegan": _final,
    "PlayerLeft": _left,
    "WealthCounted": _wealth,
}
#: the event types told here: every fact of Metropoli's log and the core's (a test checks it)
TOLD = frozenset(_TELL) | {"GameStarted"}


def tell(
    data: Mapping[str, Any],
    players: Sequence[str],
    seat: int | None,
    defaults: Mapping[str, Any] | None = None,
) -> str | None:
    """One sentence for an event's JSON ``data`` as ``seat`` sees it (None: a spectator), or
    None for an event this game does not tell (the core's words then). ``defaults`` are the
    rule options' defaults: the start names only the options that differ."""
    t = _Teller(players, seat)
    kind = data.get("type")
    if kind == "GameStarted":
        text: str | None = _started(t, data, defaults or {})
    else:
        how = _TELL.get(str(kind))
        text = None if how is None else how(t, data)
    return None if text is None else _sentence(text)
