"""Metropolia in words: the log's sentences, the prompts' questions and the cards' effects.

``Metropolia._describe`` hands each event here as its redacted JSON (``event.for_seat(seat)``),
so a sentence can only say what that seat may see. Players are named by their seat names ("you"
for the seat being told), cards and landmarks by their names in the card table (rulings MK-1,
MK-2), amounts in coins. The prompts' texts (``metropolia.tables`` makes each once) and the
effects of the static data (``data.static_data``) are worded here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from common.words import in_words
from metropolia.data import (
    AIRPORT_COINS,
    CARD_INDEX,
    CARDS,
    ICONS,
    LANDMARK_INDEX,
    LANDMARKS,
    MALL_ICONS,
    MARKET_NAMES,
    PORT_BONUS,
    PORT_MIN_TOTAL,
    PUBLISHER_ICONS,
    TOWN_HALL,
    TOWN_HALL_COINS,
    TUNA_DICE,
    TURN_LIMIT,
    Card,
    Landmark,
    landmarks_of,
)

#: the dice requests the rules make: the turn's roll and the Radio Tower's new roll name the
#: roller (``dice 2 (roll by seat 0)``); the Tuna Boat's roll names nobody (ruling MK-A6)
_DICE = re.compile(r"dice (\d+) \((roll|reroll) by seat (\d+)\)")
_TUNA = "dice 2 (tuna boat)"
_SHUFFLE = "shuffle market"
#: cards in the Plus stack when it is shuffled (ruling MK-5: every card of both sets)
_STACK = sum(c.copies for c in CARDS)
#: what each rule option's other reading means, in words (a default reads as nothing)
_READINGS: dict[tuple[str, Any], str] = {
    ("town_hall", "before_build"): "the Town Hall pays its coin only to an empty purse, "
    "just before building",
    ("sushi_bar_cost", 2): "the Sushi Bar costs 2 coins",
    ("payments", "pay_first"): "the roller's purple cards take their coins before the green "
    "and blue cards pay",
    ("reroll_dice", "same"): "the Radio Tower re-rolls as many dice as were rolled",
    ("unbuyable_purple", "remove"): "a purple card every player owns leaves the market",
}
#: options that mean something only with Metropolia Plus
_PLUS_ONLY = frozenset({"town_hall", "unbuyable_purple", "sushi_bar_cost"})


def coins(n: int) -> str:
    """An amount of money: ``1 coin``, ``3 coins``."""
    return f"{n} coin" if n == 1 else f"{n} coins"


def name_of(thing: str) -> str:
    """The name of an establishment, landmark or the Town Hall by its id (the id if unknown)."""
    if thing in CARD_INDEX:
        return CARDS[CARD_INDEX[thing]].name
    if thing in LANDMARK_INDEX:
        return LANDMARKS[LANDMARK_INDEX[thing]].name
    if thing == TOWN_HALL.id:
        return TOWN_HALL.name
    return thing.replace("_", " ")


def a_card(card: str) -> str:
    """An establishment with its article (``a Mine``, ``an Apple Orchard``), a landmark with
    ``the`` (each city has one of each)."""
    name = name_of(card)
    if card not in CARD_INDEX:
        return f"the {name}"
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def dice_in_words(dice: Sequence[int]) -> str:
    """Dice in words: ``a 4``, or ``4 and 2 (total 6)``."""
    if len(dice) == 1:
        return f"a {dice[0]}"
    return f"{' and '.join(map(str, dice))} (total {sum(dice)})"


# ---------------------------------------------------------------------- the prompts' questions
def roll_text(name: str) -> str:
    """The Train Station owner's choice of dice at the start of a turn (ruling MK-2)."""
    return f"{name}: roll 1 or 2 dice (Train Station)"


def roll_again_text(name: str) -> str:
    """The same choice for the Radio Tower's new roll (ruling MK-A1)."""
    return f"{name}: roll again with the Radio Tower, 1 or 2 dice"


def reroll_text(name: str, dice: Sequence[int]) -> str:
    """The Radio Tower's question after ``dice``."""
    return f"{name} rolled {dice_in_words(dice)}: reroll with the Radio Tower, or pass to keep it"


def port_text(name: str, dice: Sequence[int]) -> str:
    """The Port's question on a total of 10 or more."""
    total = sum(dice)
    return (
        f"{name} rolled {dice_in_words(dice)}: port to add {PORT_BONUS} for "
        f"{total + PORT_BONUS} (Port), or pass to keep {total}"
    )


def take_text(name: str, amount: int, offers: Sequence[tuple[str, int]]) -> str:
    """The TV Station's question: ``offers`` are each opponent's name and coins."""
    held = ", ".join(f"{other} has {coins(n)}" for other, n in offers)
    return f"{name}: TV Station: take {coins(amount)} (or all they have) from one opponent: {held}"


def swap_text(name: str) -> str:
    """The Business Center's question (ruling MK-A2)."""
    return (
        f"{name}: Business Center: swap one of your establishments (not a purple one) for one "
        "of another name from an opponent, or pass"
    )


def build_text(name: str, purse: int) -> str:
    """The question at the end of every turn, to a seat holding ``purse`` coins."""
    return f"{name} has {coins(purse)}: build one establishment or landmark, or pass"


#: the question with one answer that the engine answers itself (``Game._force``): never shown
NOTHING_TO_BUILD = "build nothing: nothing on sale is affordable"
ONE_OPPONENT = "take from the one opponent"


# ---------------------------------------------------------------------- the moves' labels
#: what ``pass`` declines, by the prompt's kind (the actions' ``Pass``)
_PASS_LABELS = {
    "reroll": "Keep the roll",
    "port": "Keep the total",
    "swap": "Make no swap",
    "build": "Build nothing",
}


def label(action: Any, kind: str, names: Sequence[str], cost: Callable[[Any], int]) -> str:
    """A move for its button at a ``kind`` prompt: cards by name with their ``cost`` in coins,
    opponents by their ``names`` (``Build a Cafe (2 coins)``, ``Take from Player 2``)."""
    word = action.word
    if word == "roll":
        return "Roll two dice" if action.dice == 2 else "Roll one die"
    if word == "reroll":
        return "Roll again (Radio Tower)"
    if word == "port":
        return f"Add {PORT_BONUS} to the total (Port)"
    if word == "take":
        return f"Take from {names[action.seat]} (TV Station)"
    if word == "swap":
        return (
            f"Give your {name_of(action.give)} for {names[action.seat]}'s "
            f"{name_of(action.take)} (Business Center)"
        )
    if word == "build":
        return f"Build {a_card(action.card)} ({coins(cost(action))})"
    return _PASS_LABELS.get(kind, "Pass")


# ---------------------------------------------------------------------- the static data's words
#: the seed's "Income": who a card of each colour pays, and when
COLOURS: dict[str, str] = {
    "blue": "receives income from the bank on every player's roll",
    "green": "receives income from the bank on its owner's own roll",
    "red": "receives income from the player who rolled, on another player's roll",
    "purple": "receives income from the other players on its owner's own roll; "
    "one of each per city",
}


def _names(ids: list[str]) -> str:
    names = [CARDS[CARD_INDEX[i]].name for i in ids]
    return in_words(names, "or")


def card_effect(card: Card, plus: bool = True) -> str:
    """What ``card`` does, in words (from its record: the numbers are the data's); the cards
    it counts are those in play (``plus``: both sets)."""
    port = "If you have the Port: " if card.needs_port else ""
    effect = card.effect
    if effect == "income":
        when = "on any player's roll" if card.colour == "blue" else "on your own roll"
        text = f"receive {coins(card.amount)} from the bank {when}."
    elif effect == "per_icon":
        assert card.per is not None
        counted = [i for i in ICONS[card.per] if plus or CARDS[CARD_INDEX[i]].edition == "base"]
        text = (
            f"receive {coins(card.amount)} from the bank for each of your {card.per} cards "
            f"({_names(counted)}), on your own roll."
        )
    elif effect == "per_card":
        assert card.per is not None
        other = CARDS[CARD_INDEX[card.per]].name
        text = (
            f"receive {coins(card.amount)} from the bank for each {other} you own, "
            "on your own roll."
        )
    elif effect == "take":
        text = f"take {coins(card.amount)} from the player who rolled, on another player's roll."
    elif effect == "stadium":
        text = f"take {coins(card.amount)} from each opponent, on your own roll."
    elif effect == "tv_station":
        text = f"take {coins(card.amount)} from one opponent of your choice, on your own roll."
    elif effect == "business_center":
        text = (
            "on your own roll you may swap one of your establishments (not a purple one) for "
            "one of another name from an opponent."
        )
    elif effect == "publisher":
        icons = " and ".join(sorted(PUBLISHER_ICONS))
        text = (
            f"take {coins(card.amount)} from each opponent for each {icons} card they own, "
            "on your own roll."
        )
    elif effect == "tax_office":
        text = (
            f"take half the coins, rounded down, of each opponent with {card.threshold} coins "
            "or more, on your own roll."
        )
    else:  # tuna
        text = (
            f"on a roll that activates it, the player who rolled rolls {TUNA_DICE} dice once; "
            "receive their total from the bank for each Tuna Boat you own (the dice change "
            "nothing else)."
        )
    out = port + text
    return out[0].upper() + out[1:]


def landmark_effect(landmark: Landmark, options: Mapping[str, Any]) -> str:
    """What ``landmark`` does once built, in words, for these options."""
    lid = landmark.id
    if lid == "port":
        return (
            f"On your own roll, if the dice show {PORT_MIN_TOTAL} or more, you may add "
            f"{PORT_BONUS} to the total."
        )
    if lid == "train_station":
        return "You may roll one or two dice."
    if lid == "shopping_mall":
        icons = " and ".join(sorted(MALL_ICONS))
        return (
            f"Each of your {icons} cards pays 1 coin more (the Flower Shop 1 more for each "
            "Flower Orchard it counts)."
        )
    if lid == "amusement_park":
        return "If your two dice show the same number, you take another turn after this one."
    if lid == "radio_tower":
        if options["reroll_dice"] == "same":
            return "Once a turn you may roll again, with as many dice as before."
        return "Once a turn you may roll again, choosing one or two dice again."
    assert lid == "airport"
    return (
        f"Receive {coins(AIRPORT_COINS)} from the bank when you build nothing in your turn "
        "(extra turns too)."
    )


def town_hall_effect(options: Mapping[str, Any]) -> str:
    """What the Plus Town Hall does, for these options (ruling MK-3)."""
    if options["town_hall"] == "before_build":
        return f"Receive {coins(TOWN_HALL_COINS)} from the bank before you build, if you have none."
    return f"Receive {coins(TOWN_HALL_COINS)} from the bank at the start of each of your turns."


def market_description(plus: bool, unbuyable_purple: str) -> str:
    """How the market is laid out and refilled (ruling MK-5, and MK-A19's option)."""
    if not plus:
        return (
            "Every establishment lies open on the table; a sold-out pile cannot be built "
            "(ruling MK-5)."
        )
    return (
        f"All supply cards of both sets are shuffled into one stack; cards are turned up "
        f"until {MARKET_NAMES} different names show (a repeat joins its pile), and again "
        f"whenever a pile empties; an empty stack adds nothing (ruling MK-5)."
    ) + (
        " A purple pile that every player owns leaves the game and the market is "
        f"refilled to {MARKET_NAMES} names (ruling MK-A19)."
        if unbuyable_purple == "remove"
        else ""
    )


def activation_description(payments: str) -> str:
    """The order cards activate in and how red cards are paid (rulings MK-4, MK-A12, MK-A17)."""
    if payments == "pay_first":
        note = "The roller's purple cards take their coins before green and blue income (MK-A17)."
    else:
        note = "Red cards, then green and blue, then purple (rulings MK-4, MK-A12)."
    return (
        note + " Red cards are paid counter-clockwise from the roller, "
        "each in full while the roller's coins last; the rest is waived."
    )


class Voice:
    """Names the seats for the seat being told: ``You pay`` for itself, ``Player 2 pays``."""

    def __init__(self, names: Sequence[str], seat: int | None) -> None:
        self.names = names
        self.seat = seat

    def name(self, seat: Any) -> str:
        """The seat's name (``?`` for a value that is no seat)."""
        if type(seat) is int and 0 <= seat < len(self.names):
            return self.names[seat]
        return "?"

    def who(self, seat: Any) -> str:
        """The seat as a sentence's subject: ``You`` or its name."""
        return "You" if seat == self.seat else self.name(seat)

    def whom(self, seat: Any) -> str:
        """The seat as an object: ``you`` or its name."""
        return "you" if seat == self.seat else self.name(seat)

    def whose(self, seat: Any) -> str:
        """The seat's possessive: ``your`` or ``Player 2's``."""
        return "your" if seat == self.seat else f"{self.name(seat)}'s"

    def whose_first(self, seat: Any) -> str:
        """The possessive opening a sentence: ``Your`` or ``Player 2's``."""
        return "Your" if seat == self.seat else f"{self.name(seat)}'s"

    def verb(self, seat: Any, verb: str) -> str:
        """A verb in the present (given as ``pays``) agreeing with the seat: ``pay`` for you."""
        if seat != self.seat:
            return verb
        if verb == "has":
            return "have"
        if verb.endswith(("sses", "shes", "ches", "xes")):
            return verb[:-2]
        return verb[:-1]

    def does(self, seat: Any, verb: str) -> str:
        """Subject and verb agreeing: ``Player 1 pays``, ``You pay``."""
        return f"{self.who(seat)} {self.verb(seat, verb)}"

    def their(self, seat: Any) -> str:
        """The subject's own possessive: ``your`` for the seat told, else ``their``."""
        return "your" if seat == self.seat else "their"

    def scores(self, scores: Sequence[int]) -> str:
        """Every seat's landmarks built: ``Player 1 4, Player 2 (you) 2``."""
        return ", ".join(
            f"{self.name(i)}{' (you)' if i == self.seat else ''} {n}" for i, n in enumerate(scores)
        )


# ---------------------------------------------------------------------- the core's events
def _game_started(data: dict[str, Any], v: Voice) -> str:
    options: Mapping[str, Any] = data.get("options") or {}
    plus = bool(options.get("plus"))
    title = "Metropolia Plus" if plus else "Metropolia"
    to_win = len(landmarks_of(plus))
    rules = [
        words
        for (key, value), words in _READINGS.items()
        if options.get(key) == value and (plus or key not in _PLUS_ONLY)
    ]
    limit = options.get("turn_limit", TURN_LIMIT)
    if limit != TURN_LIMIT:
        rules.append(f"the game ends without a winner after {limit} turns")
    players = in_words([v.name(i) for i in range(len(v.names))])
    you = f" You play {v.name(v.seat)}." if v.seat is not None else ""
    ruled = f" Rule options: {'; '.join(rules)}." if rules else ""
    return (
        f"A game of {title} begins for {players}: {v.name(0)} plays first, and the first to "
        f"build all {to_win} landmarks wins.{ruled}{you}"
    )


def _decision(action: Mapping[str, Any], v: Voice, seat: Any) -> str:
    """What a decision does, as a verb phrase after ``to``: ``roll two dice (Train Station)``."""
    kind = action.get("type")
    if kind == "Roll":
        return "roll two dice (Train Station)" if action.get("dice") == 2 else "roll one die"
    if kind == "Reroll":
        return "roll again with the Radio Tower"
    if kind == "UsePort":
        return f"add {PORT_BONUS} to the total with the Port"
    if kind == "TakeFrom":
        return f"take from {v.whom(action.get('seat'))} with the TV Station"
    if kind == "Swap":
        give, take = str(action.get("give")), str(action.get("take"))
        other = action.get("seat")
        return (
            f"swap {v.their(seat)} {name_of(give)} for {v.whose(other)} {name_of(take)} "
            "with the Business Center"
        )
    if kind == "Build":
        return f"build {a_card(str(action.get('card')))}"
    if kind == "Pass":
        return "pass"
    return str(kind)


def _action_taken(data: dict[str, Any], v: Voice) -> str:
    seat = data.get("seat")
    action = data.get("action") or {}
    if action.get("type") == "Pass":
        return f"{v.does(seat, 'passes')}."
    return f"{v.does(seat, 'chooses')} to {_decision(action, v, seat)}."


def _action_forced(data: dict[str, Any], v: Voice) -> str:
    seat = data.get("seat")
    action = data.get("action") or {}
    if action.get("type") == "TakeFrom":
        return (
            f"{v.whose_first(seat)} TV Station takes from {v.whom(action.get('seat'))}, "
            "the only opponent."
        )
    return f"{v.does(seat, 'has')} to {_decision(action, v, seat)}: nothing else is possible."


def _chance_resolved(data: dict[str, Any], v: Voice) -> str | None:
    request = str(data.get("request"))
    outcome = data.get("outcome")
    if request == _SHUFFLE:  # the order is nobody's to see (ruling MK-5)
        return f"The {_STACK} cards of the supply are shuffled face down into the stack."
    if request == _TUNA:
        if outcome is None:
            return "The dice for the Tuna Boats are rolled."
        return f"The dice for the Tuna Boats show {dice_in_words(outcome)}."
    found = _DICE.fullmatch(request)
    if found is None:
        return None
    seat = int(found.group(3))
    again = found.group(2) == "reroll"
    if outcome is None:
        return f"{v.does(seat, 'rolls')}{' again' if again else ''}."
    if again:
        return f"{v.does(seat, 'rolls')} again: {dice_in_words(outcome)}."
    return f"{v.does(seat, 'rolls')} {dice_in_words(outcome)}."


def _game_ended(data: dict[str, Any], v: Voice) -> str:
    scores: Sequence[int] = data.get("scores") or ()
    winners: Sequence[int] = data.get("winners") or ()
    built = f"landmarks built: {v.scores(scores)}"
    if not winners:
        return f"The game ends at the turn limit without a winner ({built})."
    first = winners[0]
    n = scores[first] if 0 <= first < len(scores) else 0
    return (
        f"{v.does(first, 'wins')}, the first to build all {n} landmarks ({built})."
        if len(winners) == 1
        else f"{in_words([v.who(w) for w in winners])} share the win ({built})."
    )


# ---------------------------------------------------------------------- Metropolia's events
def _dice_rolled(data: dict[str, Any], v: Voice) -> str:
    seat = data.get("seat")
    dice: Sequence[int] = data.get("dice") or ()
    total = data.get("total")
    port = f" ({sum(dice)} and {PORT_BONUS} for the Port)" if total != sum(dice) else ""
    return f"{v.whose_first(seat)} total is {total}{port}: cards numbered {total} activate."


def _coins_received(data: dict[str, Any], v: Voice) -> str:
    seat = data.get("seat")
    amount = coins(int(data.get("amount", 0)))
    source = str(data.get("source"))
    takes = v.does(seat, "takes")
    if source == "start":
        return f"{takes} {amount} from the bank to start."
    if source == "airport":
        return f"{takes} {amount} from the bank for the Airport, having built nothing this turn."
    return f"{takes} {amount} from the bank for the {name_of(source)}."


def _coins_paid(data: dict[str, Any], v: Voice) -> str:
    payer, payee = data.get("payer"), data.get("payee")
    paid, owed = int(data.get("amount", 0)), int(data.get("owed", 0))
    card = name_of(str(data.get("source")))
    if paid == owed:
        return f"{v.does(payer, 'pays')} {v.whom(payee)} {coins(paid)} for the {card}."
    if paid == 0:
        return (
            f"{v.does(payer, 'owes')} {v.whom(payee)} {coins(owed)} for the {card} but "
            f"{v.verb(payer, 'has')} none: the debt is waived."
        )
    return (
        f"{v.does(payer, 'pays')} {v.whom(payee)} {coins(paid)} of the {owed} owed for the "
        f"{card}; the rest is waived."
    )


def _cards_swapped(data: dict[str, Any], v: Voice) -> str:
    seat, other = data.get("seat"), data.get("other")
    give, take = str(data.get("give")), str(data.get("take"))
    return (
        f"{v.does(seat, 'gives')} {v.whom(other)} {a_card(give)} for {a_card(take)} "
        "(Business Center)."
    )


def _built(data: dict[str, Any], v: Voice) -> str:
    seat = data.get("seat")
    card = str(data.get("card"))
    cost = coins(int(data.get("cost", 0)))
    return f"{v.does(seat, 'pays')} the bank {cost} and {v.verb(seat, 'builds')} {a_card(card)}."


def _card_revealed(data: dict[str, Any], v: Voice) -> str:
    left = int(data.get("stack_left", 0))
    rest = f"{left} card{'s' if left != 1 else ''} left" if left else "the stack is empty"
    card = a_card(str(data.get("card")))
    return f"{card[0].upper()}{card[1:]} is turned face up from the stack ({rest})."


def _pile_removed(data: dict[str, Any], v: Voice) -> str:
    card = str(data.get("card"))
    n = int(data.get("cards", 0))
    name = name_of(card)
    cards = f"the face-up {name}" if n == 1 else f"the {n} face-up {name} cards"
    return f"Every player owns {a_card(card)}, so {cards} leave{'s' if n == 1 else ''} the game."


_DECLINED = {
    "reroll": ("keeps", "the roll: no new roll with the Radio Tower"),
    "port": ("keeps", f"the total without the Port's {PORT_BONUS}"),
    "swap": ("makes", "no swap with the Business Center"),
    "build": ("builds", "nothing this turn"),
}


def _passed(data: dict[str, Any], v: Voice) -> str:
    seat = data.get("seat")
    declined = _DECLINED.get(str(data.get("declined")))
    if declined is None:
        return f"{v.does(seat, 'passes')}."
    verb, rest = declined
    return f"{v.does(seat, verb)} {rest}."


def _extra_turn(data: dict[str, Any], v: Voice) -> str:
    seat = data.get("seat")
    return (
        f"{v.who(seat)} rolled doubles and {v.verb(seat, 'takes')} another turn (Amusement Park)."
    )


TELL: dict[str, Callable[[dict[str, Any], Voice], str | None]] = {
    "GameStarted": _game_started,
    "ActionTaken": _action_taken,
    "ActionForced": _action_forced,
    "ChanceResolved": _chance_resolved,
    "GameEnded": _game_ended,
    "DiceRolled": _dice_rolled,
    "CoinsReceived": _coins_received,
    "CoinsPaid": _coins_paid,
    "CardsSwapped": _cards_swapped,
    "Built": _built,
    "CardRevealed": _card_revealed,
    "PileRemoved": _pile_removed,
    "Passed": _passed,
    "ExtraTurn": _extra_turn,
}
"""The sentence of each event type, by its JSON ``type``."""


def describe(data: dict[str, Any], seat: int | None, names: Sequence[str]) -> str | None:
    """One sentence for an event's redacted JSON ``data`` as ``seat`` sees it (None: a
    spectator), or None for an event this game does not tell (the core's words then)."""
    tell = TELL.get(str(data.get("type")))
    return tell(data, Voice(names, seat)) if tell is not None else None
