"""The static data of Metropolia for a set of rule options: one plain-JSON document.

Everything a front end needs to show the game without copying the engine's tables: every card
in play (names, colour, icon, activation numbers, cost, copies and the effect in words), the
landmarks, the Town Hall, the market and the order of activation in play, and how many
landmarks win. ``Metropolia.static_data(**options)`` returns it (the options validated).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.words import in_words
from metropolia.data import (
    AIRPORT_COINS,
    CARD_INDEX,
    CARDS,
    MALL_ICONS,
    MARKET_NAMES,
    PORT_BONUS,
    PORT_MIN_TOTAL,
    PUBLISHER_ICONS,
    STARTING_CARDS,
    STARTING_COINS,
    SUSHI_BAR_COSTS,
    TOWN_HALL,
    TOWN_HALL_COINS,
    TUNA_DICE,
    Card,
    Landmark,
    cards_of,
    landmarks_of,
)

#: the seed's "Income": who a card of each colour pays, and when
COLOURS: dict[str, str] = {
    "blue": "receives income from the bank on every player's roll",
    "green": "receives income from the bank on its owner's own roll",
    "red": "receives income from the player who rolled, on another player's roll",
    "purple": "receives income from the other players on its owner's own roll; "
    "one of each per city",
}

#: the icons by the cards that carry them (ruling MK-1)
ICONS: dict[str, list[str]] = {}
for _c in CARDS:
    ICONS.setdefault(_c.icon, []).append(_c.id)


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


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
        text = f"receive {_coins(card.amount)} from the bank {when}."
    elif effect == "per_icon":
        assert card.per is not None
        counted = [i for i in ICONS[card.per] if plus or CARDS[CARD_INDEX[i]].edition == "base"]
        text = (
            f"receive {_coins(card.amount)} from the bank for each of your {card.per} cards "
            f"({_names(counted)}), on your own roll."
        )
    elif effect == "per_card":
        assert card.per is not None
        other = CARDS[CARD_INDEX[card.per]].name
        text = (
            f"receive {_coins(card.amount)} from the bank for each {other} you own, "
            "on your own roll."
        )
    elif effect == "take":
        text = f"take {_coins(card.amount)} from the player who rolled, on another player's roll."
    elif effect == "stadium":
        text = f"take {_coins(card.amount)} from each opponent, on your own roll."
    elif effect == "tv_station":
        text = f"take {_coins(card.amount)} from one opponent of your choice, on your own roll."
    elif effect == "business_center":
        text = (
            "on your own roll you may swap one of your establishments (not a purple one) for "
            "one of another name from an opponent."
        )
    elif effect == "publisher":
        icons = " and ".join(sorted(PUBLISHER_ICONS))
        text = (
            f"take {_coins(card.amount)} from each opponent for each {icons} card they own, "
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
        f"Receive {_coins(AIRPORT_COINS)} from the bank when you build nothing in your turn "
        "(extra turns too)."
    )


def town_hall_effect(options: Mapping[str, Any]) -> str:
    """What the Plus Town Hall does, for these options (ruling MK-3)."""
    if options["town_hall"] == "before_build":
        return (
            f"Receive {_coins(TOWN_HALL_COINS)} from the bank before you build, if you have none."
        )
    return f"Receive {_coins(TOWN_HALL_COINS)} from the bank at the start of each of your turns."


def static_data(options: Mapping[str, Any]) -> dict[str, Any]:
    """The static description of a game with these (validated) rule options."""
    plus = bool(options["plus"])
    cards = []
    for c in cards_of(plus):
        cost = int(options["sushi_bar_cost"]) if c.id == "sushi_bar" else c.cost
        cards.append(
            {
                "id": c.id,
                "name": c.name,
                "polish": c.polish,
                "colour": c.colour,
                "icon": c.icon,
                "rolls": list(c.rolls),
                "cost": cost,
                "copies": c.copies,
                "effect": card_effect(c, plus),
                "needs_port": c.needs_port,
                "edition": c.edition,
            }
        )
    landmarks = [
        {
            "id": m.id,
            "name": m.name,
            "polish": m.polish,
            "cost": m.cost,
            "effect": landmark_effect(m, options),
            "edition": m.edition,
        }
        for m in landmarks_of(plus)
    ]
    properties = (
        [
            {
                "id": TOWN_HALL.id,
                "name": TOWN_HALL.name,
                "polish": TOWN_HALL.polish,
                "effect": town_hall_effect(options),
                "edition": TOWN_HALL.edition,
            }
        ]
        if plus
        else []
    )
    if plus:
        market: dict[str, Any] = {
            "kind": "shuffled",
            "names": MARKET_NAMES,
            "unbuyable_purple": options["unbuyable_purple"],
            "description": (
                f"All supply cards of both sets are shuffled into one stack; cards are turned up "
                f"until {MARKET_NAMES} different names show (a repeat joins its pile), and again "
                f"whenever a pile empties; an empty stack adds nothing (ruling MK-5)."
            )
            + (
                " A purple pile that every player owns leaves the game and the market is "
                f"refilled to {MARKET_NAMES} names (ruling MK-A19)."
                if options["unbuyable_purple"] == "remove"
                else ""
            ),
        }
    else:
        market = {
            "kind": "open",
            "description": "Every establishment lies open on the table; a sold-out pile "
            "cannot be built (ruling MK-5).",
        }
    purple = [c.id for c in cards_of(plus) if c.colour == "purple"]
    if options["payments"] == "pay_first":
        order = ["red", "purple (coins)", "green and blue", "purple (Business Center)"]
        note = "The roller's purple cards take their coins before green and blue income (MK-A17)."
    else:
        order = ["red", "green and blue", "purple"]
        note = "Red cards, then green and blue, then purple (rulings MK-4, MK-A12)."
    return {
        "game": "metropolia",
        "title": "Metropolia Plus" if plus else "Metropolia",
        "edition": "plus" if plus else "base",
        "players": {"min": 2, "max": 4},
        "starting": {
            "coins": STARTING_COINS,
            "cards": list(STARTING_CARDS),
            "properties": [p["id"] for p in properties],
        },
        "colours": COLOURS,
        "icons": _icons_in_play(cards),
        "cards": cards,
        "landmarks": landmarks,
        "properties": properties,
        "landmarks_to_win": len(landmarks),
        "market": market,
        "activation": {
            "order": order,
            "purple_order": purple,
            "payments": options["payments"],
            "description": note + " Red cards are paid counter-clockwise from the roller, "
            "each in full while the roller's coins last; the rest is waived.",
        },
        "rules": {
            "sushi_bar_cost": options["sushi_bar_cost"],
            "sushi_bar_costs": list(SUSHI_BAR_COSTS),
            "town_hall": options["town_hall"],
            "reroll_dice": options["reroll_dice"],
            "turn_limit": options["turn_limit"],
        },
    }


def _icons_in_play(cards: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Each icon of the cards in play, with the ids of the cards that carry it."""
    ids = {c["id"] for c in cards}
    found = {icon: [i for i in carriers if i in ids] for icon, carriers in ICONS.items()}
    return {icon: carriers for icon, carriers in found.items() if carriers}
