"""Metropolis's words for people: a sentence for every event of its log, and the prompts' text.

``Metropolis._describe`` hands each event here as the JSON a seat may see
(``event.for_seat(seat)``), with a ``Reader``: the players' names, the reader's seat (told
"you"), the chip colours and the rulebook names of the buildings. Everything in Metropolis is
public (the stack has no order, ruling MS-A7), so every seat reads the same facts; a sentence
still says only what its event's JSON holds. Lots are "lot 31" or "lots 31 and 45",
buildings go by their rulebook names, values are the scoring chart's points (MS-4).
The prompts' texts (an exchange offered, the build menu named, a pool proposed) are made
here too; ``metropolis_lots.tables`` keeps the prompts made from them.

>>> reader = Reader(("Ann", "Bo", "Cy"), 1, ("white", "green", "blue"), {"factory": "factory"})
>>> tell({"type": "LotTaken", "seat": 0, "lot": 18}, reader)
"Lot 18 is now Ann's, marked with a white chip."
>>> tell({"type": "TradeProposed", "seat": 0, "partner": 1, "give": [71], "take": [22]}, reader)
"You are asked to give your lot 22 for Ann's lot 71."
>>> tell({"type": "BuildingScored", "lots": [40, 41, 45, 46], "kind": "factory",
...       "value": 11, "credited": [[0, 8], [2, 3]]}, reader)
'The factory on lots 40, 41, 45 and 46 scores 11 points: 8 to Ann and 3 to Cy.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from common.words import Teller, in_words
from metropolis_lots.actions import Propose

#: how a lot's locations (``Board.lot_locations``, MS-4) are said when it is offered
LOCATION_WORDS = {"park_view": "park view", "river": "river", "centre": "centre"}
#: the cards a refill turns up: the three draws of the stack (the deal, the first offer, a
#: refill) are told apart by how many cards they turn up
_REFILL = 1
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def with_article(name: str) -> str:
    """``a factory``, ``an office building``."""
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def lots_words(lots: Sequence[int]) -> str:
    """Lots in words: ``lot 31``, ``lots 31 and 45``, ``lots 31, 45 and 46``."""
    if len(lots) == 1:
        return f"lot {lots[0]}"
    return "lots " + in_words([str(lot) for lot in lots])


def counted(n: int, thing: str) -> str:
    """``1 lot``, ``3 lots``."""
    return f"1 {thing}" if n == 1 else f"{n} {thing}s"


def points(value: int) -> str:
    """A chart value in words (MS-4): ``1 point``, ``11 points``."""
    return counted(value, "point")


# ------------------------------------------------------------------ the prompts' words
def exchange_text(proposer: str, trade: Propose) -> str:
    """What an exchange proposal gives and takes, in words, to its partner (MS-9)."""
    if not trade.take:
        return f"{proposer} offers you {lots_words(trade.give)} as a gift"
    if not trade.give:
        return f"{proposer} asks for your {lots_words(trade.take)} and offers nothing for it"
    return f"{proposer} offers {lots_words(trade.give)} for your {lots_words(trade.take)}"


def proposals_left(left: int) -> str:
    """``1 proposal left``, ``3 proposals left`` (option ``trade_proposals``, MS-A11)."""
    return "1 proposal left" if left == 1 else f"{left} proposals left"


def propose_text(left: int) -> str:
    """The trade prompt's text, with ``left`` proposals left in the window (MS-A11)."""
    return f"propose an exchange of unbuilt lots to another player, or done: {proposals_left(left)}"


#: the choose prompt's text when the seat may take an offered lot, and when it may not (MS-6)
TAKE_TEXT = "take an offered lot you may claim, or give one away to a player who may take it"
GIVE_TEXT = "you may take no offered lot: give one away to a player who may take it"


def build_text(names: Sequence[str], alone: int, pooled: int) -> str:
    """The build prompt's text: the models (as bits, of the models' rulebook ``names``) the
    seat may put up on its own lots, and those it may only by pooling lots with others
    (MS-A4)."""

    def some(models: int) -> list[str]:
        found = dict.fromkeys(name for mi, name in enumerate(names) if models >> mi & 1)
        return [with_article(name) for name in found]

    parts = []
    if alone:
        parts.append(f"put up {in_words(some(alone), 'or')}")
    if pooled:
        parts.append(f"pool lots with other players for {in_words(some(pooled), 'or')}")
    return ", or ".join(parts) + ", or pass"


def pool_text(builder: str, building: str, lots: Sequence[int], yours: Sequence[int]) -> str:
    """The pool prompt's text: who proposes which building on which lots, pooling whose (MS-A4)."""
    return (
        f"{builder} proposes {with_article(building)} on {lots_words(lots)}, "
        f"pooling your {lots_words(yours)}; its value is shared by lots contributed"
    )


def label(action: Any, kind: str, r: Reader) -> str:
    """A move for its button at a ``kind`` prompt: lots by number, buildings by their
    rulebook names, players by name (``Give lot 23 to Player 2``)."""
    word = action.word
    if word == "take":
        return f"Take lot {action.lot}"
    if word == "give":
        return f"Give lot {action.lot} to {r.players[action.to]}"
    if word == "build":
        return f"Put up {with_article(r.name(action.model))} on {lots_words(action.lots)}"
    if word == "propose":
        partner = r.players[action.partner]
        if not action.take:
            return f"Give {partner} {lots_words(action.give)} as a gift"
        if not action.give:
            return f"Ask {partner} for {lots_words(action.take)}"
        return f"Offer {partner} {lots_words(action.give)} for {lots_words(action.take)}"
    if word == "done":
        return "Done proposing"
    if word in ("accept", "decline"):
        what = "the pool" if kind == "pool" else "the exchange"
        return f"{word.capitalize()} {what}"
    return "Build nothing"  # pass: no building this turn (MS-7)


class Reader(Teller):
    """What the words of one game need, for one reader: the players' names, the reader's seat
    (None: a spectator), the seats' chip colours, the rulebook name of every building model
    and kind (``names``), the lots dealt to each seat (MS-5), the game's rule options and
    each lot's locations (for the offer)."""

    __slots__ = ("colours", "deal", "locations", "names", "options")

    def __init__(
        self,
        players: Sequence[str],
        seat: int | None,
        colours: Sequence[str],
        names: Mapping[str, str],
        deal: int = 0,
        options: Mapping[str, Any] | None = None,
        locations: Mapping[int, frozenset[str]] | None = None,
    ) -> None:
        super().__init__(tuple(players), seat)
        self.colours = tuple(colours)
        self.names = names
        self.deal = deal
        self.options: Mapping[str, Any] = options or {}
        self.locations: Mapping[int, frozenset[str]] = locations or {}

    def theirs(self, seat: int) -> str:
        """The possessive pronoun: "Ann's", or "yours"."""
        return "yours" if seat == self.seat else f"{self.players[seat]}'s"

    def name(self, model_or_kind: str) -> str:
        """A building by its rulebook name (a model id or a chart kind)."""
        return self.names.get(model_or_kind, model_or_kind.replace("_", " "))

    def sentence(self, text: str) -> str:
        """The clause as a sentence: a capital first letter (a player's name is left as it
        is spelled) and a full stop."""
        if not any(text.startswith((f"{name} ", f"{name}'")) for name in self.players):
            text = text[0].upper() + text[1:]
        return text if text.endswith(".") else text + "."


# ------------------------------------------------------------------ the decisions
def _choice(r: Reader, seat: int, action: Mapping[str, Any]) -> str:
    """What ``seat`` chose, as a clause: "Ann takes lot 18"."""
    kind = action.get("type")
    if kind == "Propose":  # ruling MS-9
        partner, give, take = action["partner"], action["give"], action["take"]
        if not take:
            return (
                f"{r.does(seat, 'propose')} to give {r.who(partner)} {lots_words(give)} as a gift"
            )
        if not give:
            return (
                f"{r.does(seat, 'propose')} to take {r.whose(partner)} {lots_words(take)} for "
                "nothing"
            )
        return (
            f"{r.does(seat, 'propose')} an exchange to {r.who(partner)}: {lots_words(give)} for "
            f"{r.their(partner)} {lots_words(take)}"
        )
    if kind == "Accept":
        return r.does(seat, "accept")
    if kind == "Decline":
        return r.does(seat, "decline")
    if kind == "Done":
        return f"{r.does(seat, 'are', 'is')} done proposing exchanges"
    if kind == "Take":  # MS-6
        return f"{r.does(seat, 'take')} lot {action['lot']}"
    if kind == "Give":  # MS-6: to a seat that may take it
        return f"{r.does(seat, 'give')} lot {action['lot']} to {r.who(action['to'])}"
    if kind == "Build":  # MS-7: a pooled one is first a proposal (PoolProposed follows)
        return (
            f"{r.does(seat, 'choose')} to put up {with_article(r.name(action['model']))} on "
            f"{lots_words(action['lots'])}"
        )
    # Pass (MS-7)
    return f"{r.does(seat, 'pass', 'passes')}: no building this turn"


def _taken(r: Reader, data: dict[str, Any]) -> str:
    return _choice(r, data["seat"], data["action"])


def _forced(r: Reader, data: dict[str, Any]) -> str:
    """A move the engine took as the only one (ruling MS-A14)."""
    seat, action = data["seat"], data["action"]
    kind = action.get("type")
    if kind == "Done":  # the window lists no swap
        return f"{r.does(seat, 'have', 'has')} no exchange to propose"
    if kind == "Pass":  # nothing fits
        verb = "pass" if seat == r.seat else "passes"
        return f"{r.does(seat, 'have', 'has')} nothing to put up and {verb}"
    return f"{_choice(r, seat, action)}, the only choice there is"


# ------------------------------------------------------------------ chance and the set-up
def _chance(r: Reader, data: dict[str, Any]) -> str:
    """A draw from the lot stack: the deal (MS-5), the first offer, a refill (MS-A7)."""
    lots = data["outcome"]
    if lots is None:  # never in Metropolis (nothing is secret), but said plainly
        return "lot cards are drawn from the stack"
    n = len(lots)
    if r.deal and n == r.deal * len(r.players):
        return f"the {n} lot cards of the deal are drawn from the shuffled stack: {r.deal} a player"
    if n == _REFILL:
        return f"a new lot card is turned face up from the stack: lot {lots[0]}"
    count = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{count} lot cards are turned face up for the first offer: {lots_words(lots)}"


def _dealt(r: Reader, data: dict[str, Any]) -> str:
    seat = data["seat"]
    return (
        f"{r.does(seat, 'receive')} {lots_words(data['lots'])}, marked with "
        f"{r.their(seat)} {data['colour']} chips"
    )


def _offered(r: Reader, data: dict[str, Any]) -> str:
    lot = data["lot"]
    text = f"lot {lot} of district {lot // 10} joins the offer"
    found = r.locations.get(lot, frozenset())
    places = [words for key, words in LOCATION_WORDS.items() if key in found]
    return text + (f" ({', '.join(places)})" if places else "")


# ------------------------------------------------------------------ the lot choice (MS-6)
def _chip(r: Reader, seat: int) -> str:
    colour = r.colours[seat] if 0 <= seat < len(r.colours) else ""
    return f"{with_article(colour)} chip" if colour else "a chip"


def _lot_taken(r: Reader, data: dict[str, Any]) -> str:
    seat = data["seat"]
    return f"lot {data['lot']} is now {r.theirs(seat)}, marked with {_chip(r, seat)}"


def _lot_given(r: Reader, data: dict[str, Any]) -> str:
    seat, to = data["seat"], data["to"]
    text = (
        f"by {r.whose(seat)} choice lot {data['lot']} is now {r.theirs(to)}, marked with "
        f"{_chip(r, to)}"
    )
    if data["forced"]:  # MS-6: no offered lot was one the seat on turn could take
        text += f": {r.who(seat)} could take none of the offered lots"
    return text


def _skipped(r: Reader, data: dict[str, Any]) -> str:  # ruling MS-A2
    seat = data["seat"]
    return (
        f"nobody may take any offered lot, so {r.does(seat, 'choose')} none this turn and "
        "may only build"
    )


# ------------------------------------------------------------------ building (MS-7, MS-A4)
def _pool_proposed(r: Reader, data: dict[str, Any]) -> str:
    seat = data["seat"]
    partners = in_words([r.who(p) for p in data["partners"]])
    return (
        f"{r.does(seat, 'ask')} {partners} to pool lots for {with_article(r.name(data['model']))} "
        f"on {lots_words(data['lots'])}, its value to be shared by lots contributed"
    )


def _pool_answered(r: Reader, data: dict[str, Any]) -> str:
    seat = data["seat"]
    if data["accepted"]:
        return f"{r.does(seat, 'put')} {r.their(seat)} lots into the pool"
    return (
        f"{r.does(seat, 'keep')} {r.their(seat)} lots out of the pool: the pooled building is off"
    )


def _put(r: Reader, data: dict[str, Any]) -> str:
    owner, shares = data["owner"], data["shares"]
    text = (
        f"{r.does(owner, 'put')} up {with_article(r.name(data['model']))} on "
        f"{lots_words(data['lots'])}"
    )
    if len(shares) > 1 or shares[0][0] != owner:  # pooled: by lots contributed (MS-A4)
        partners = in_words([r.who(p) for p, _ in shares if p != owner])
        parts = in_words([f"{counted(n, 'lot')} from {r.who(p)}" for p, n in shares])
        text += f" with {partners} ({parts})"
    text += f", worth {points(data['value'])} now"
    for lots, kind, other, before, after in data["revalued"]:  # the district's chart (MS-4)
        verb = "rises" if after > before else "falls"
        text += (
            f"; {r.whose(other)} {r.name(kind)} on {lots_words(lots)} {verb} from {before} to "
            f"{points(after)}"
        )
    return text


# ------------------------------------------------------------------ exchanges (MS-9)
def _trade_proposed(r: Reader, data: dict[str, Any]) -> str:
    """The question the proposal puts to the partner (the proposal itself is its decision)."""
    seat, partner, give, take = data["seat"], data["partner"], data["give"], data["take"]
    asked = "you are asked" if partner == r.seat else f"{r.players[partner]} is asked"
    if not take:
        return f"{asked} to accept {lots_words(give)} from {r.who(seat)} as a gift"
    if not give:
        return f"{asked} to give {r.their(partner)} {lots_words(take)} to {r.who(seat)} for nothing"
    return (
        f"{asked} to give {r.their(partner)} {lots_words(take)} for {r.whose(seat)} "
        f"{lots_words(give)}"
    )


def _trade_answered(r: Reader, data: dict[str, Any]) -> str:
    seat = data["seat"]
    if seat == r.seat:  # the reader answered
        if data["accepted"]:
            return "the exchange is made, as you agreed: the lots change hands with their chips"
        return "the exchange is off, as you answered: no lot changes hands"
    if data["accepted"]:
        return f"the exchange with {r.who(seat)} is made: the lots change hands with their chips"
    return f"the exchange with {r.who(seat)} is off: no lot changes hands"


# ------------------------------------------------------------------ the end (MS-8, MS-4)
def _final_round(r: Reader, data: dict[str, Any]) -> str:  # ruling MS-A6
    first = r.who(data["first"])
    if r.options.get("final_round") == "others":
        return (
            "all lots are given out: every other player than the one who gave out the last "
            f"lot has one last building turn, {first} first"
        )
    return f"all lots are given out: every player has one last building turn, {first} first"


def _scored(r: Reader, data: dict[str, Any]) -> str:
    name, lots, value, credited = (
        r.name(data["kind"]),
        lots_words(data["lots"]),
        data["value"],
        data["credited"],
    )
    if len(credited) == 1:
        return f"{r.whose(credited[0][0])} {name} on {lots} scores {points(value)}"
    shares = in_words([f"{n} to {r.who(p)}" for p, n in credited])
    return f"the {name} on {lots} scores {points(value)}: {shares}"


def _ended(r: Reader, data: dict[str, Any]) -> str:
    scores, winners = data["scores"], data["winners"]
    others = [f"{r.who(p)} {v}" for p, v in enumerate(scores) if p not in winners]
    rest = f" ({', '.join(others)})" if others else ""
    if len(winners) == 1:
        w = winners[0]
        return f"the game is over: {r.does(w, 'win')} with {points(scores[w])}{rest}"
    names = in_words([r.who(w) for w in winners])
    return f"the game is over: {names} share the win with {points(scores[winners[0]])} each{rest}"


def _started(r: Reader, data: dict[str, Any]) -> str:
    colours = [f"{r.players[p]} {c}" for p, c in enumerate(r.colours)]
    colours[0] = f"{r.players[0]} plays {r.colours[0]}"
    you = f" (you are {r.players[r.seat]})" if r.seat is not None else ""
    notes = _rule_notes(data["options"])
    rules = f"; {in_words(notes)}" if notes else ""
    return f"a game of Metropolis begins: {in_words(colours)}{you}{rules}"


def _rule_notes(options: Mapping[str, Any]) -> list[str]:
    """The rule options that differ from the defaults, in words."""
    notes = []
    if options.get("chart") is not None:
        notes.append("the scoring chart is a replacement")
    trades = options.get("trade_proposals", 3)
    if trades != 3:
        notes.append("no exchanges" if trades == 0 else f"{trades} exchange proposals a turn each")
    pools = options.get("pool_proposals", 3)
    if pools != 3:
        notes.append(f"{pools} declined pooling proposals a turn")
    if options.get("final_round") == "others":
        notes.append("no last building turn for who gives out the last lot")
    if options.get("give_claimed") is False:
        notes.append("only lots one may not take oneself may be given away")
    rotation = options.get("rotation", "half")
    if rotation != "half":
        notes.append(
            "buildings may be turned any quarter turn"
            if rotation == "free"
            else "buildings are put up as printed, never turned"
        )
    return notes


_TELL: dict[str, Callable[[Reader, dict[str, Any]], str]] = {
    "GameStarted": _started,
    "ActionTaken": _taken,
    "ActionForced": _forced,
    "ChanceResolved": _chance,
    "GameEnded": _ended,
    "LotsDealt": _dealt,
    "LotOffered": _offered,
    "LotTaken": _lot_taken,
    "LotGiven": _lot_given,
    "ChoiceSkipped": _skipped,
    "PoolProposed": _pool_proposed,
    "PoolAnswered": _pool_answered,
    "BuildingPut": _put,
    "TradeProposed": _trade_proposed,
    "TradeAnswered": _trade_answered,
    "FinalRound": _final_round,
    "BuildingScored": _scored,
}
#: the event types told here: every one of Metropolis's and the core's
TOLD = frozenset(_TELL)


def tell(data: dict[str, Any], reader: Reader) -> str | None:
    """One sentence for the event ``data`` (its JSON as the reader may see it), or None for
    an event that is neither Metropolis's nor the core's."""
    told = _TELL.get(str(data.get("type")))
    return None if told is None else reader.sentence(told(reader, data))
