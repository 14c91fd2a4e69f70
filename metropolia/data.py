"""The cards and landmarks of Metropolia and Metropolia Plus, as data (rulings MK-1, MK-2).

Every number here is from the card table of ruling MK-1 and the landmark list of MK-2. Polish
names are those the rulings or the rulebook seed give; the others are ``None``.
``static_data(options)`` is all of it as one plain-JSON document for a set of rule options:
what a front end needs to show the game without copying the engine's tables (every card in
play with its effect in words, the landmarks, the Town Hall, the market, the order of
activation, how many landmarks win). ``Metropolia.static_data(**options)`` returns it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

Colour = Literal["blue", "green", "red", "purple"]
Icon = Literal["wheat", "cow", "gear", "bread", "cup", "factory", "fruit", "boat", "tower"]
Effect = Literal[
    "income",  # amount from the bank
    "per_icon",  # amount from the bank for each of the owner's cards with icon `per`
    "per_card",  # amount from the bank for each of the owner's cards `per`
    "take",  # amount from the roller (red)
    "stadium",  # amount from each opponent
    "tv_station",  # amount from one opponent the roller chooses
    "business_center",  # swap one non-purple establishment with an opponent
    "publisher",  # from each opponent, amount per cup and bread card they own
    "tax_office",  # from each opponent with `threshold`+ coins, half rounded down
    "tuna",  # the total of one shared roll of two dice
]
Edition = Literal["base", "plus"]

#: cards whose income the Shopping Mall raises by one (ruling MK-2)
MALL_ICONS: frozenset[str] = frozenset({"cup", "bread"})
#: cards the Publisher counts (ruling MK-1)
PUBLISHER_ICONS: frozenset[str] = frozenset({"cup", "bread"})


@attrs.frozen
class Card:
    """One establishment: how it activates, what it costs and what it does."""

    id: str
    name: str
    polish: str | None
    colour: Colour
    rolls: tuple[int, ...]
    cost: int
    icon: Icon
    copies: int
    effect: Effect
    amount: int = 0
    per: str | None = None
    needs_port: bool = False
    threshold: int = 0
    edition: Edition = "base"


@attrs.frozen
class Landmark:
    """One landmark ("special property"): built face down, turned up when paid for; all win."""

    id: str
    name: str
    polish: str | None
    cost: int
    edition: Edition


@attrs.frozen
class Property:
    """A starting property outside the supply and not a landmark: the Plus Town Hall."""

    id: str
    name: str
    polish: str | None
    edition: Edition


# ruling MK-1: the card table, in its own order (purple cards resolve in this order, MK-4)
CARDS: tuple[Card, ...] = (
    Card("wheat_field", "Wheat Field", "Pole", "blue", (1,), 1, "wheat", 6, "income", 1),
    Card("ranch", "Ranch", None, "blue", (2,), 1, "cow", 6, "income", 1),
    Card("bakery", "Bakery", "Piekarnia", "green", (2, 3), 1, "bread", 6, "income", 1),
    Card("cafe", "Cafe", None, "red", (3,), 2, "cup", 6, "take", 1),
    Card("convenience_store", "Convenience Store", None, "green", (4,), 2, "bread", 6, "income", 3),
    Card("forest", "Forest", None, "blue", (5,), 3, "gear", 6, "income", 1),
    Card("stadium", "Stadium", None, "purple", (6,), 6, "tower", 4, "stadium", 2),
    Card("tv_station", "TV Station", None, "purple", (6,), 7, "tower", 4, "tv_station", 5),
    Card("business_center", "Business Center", None, "purple", (6,), 8, "tower", 4,
         "business_center"),
    Card("cheese_factory", "Cheese Factory", None, "green", (7,), 5, "factory", 6, "per_icon",
         3, per="cow"),
    Card("furniture_factory", "Furniture Factory", None, "green", (8,), 3, "factory", 6,
         "per_icon", 3, per="gear"),
    Card("mine", "Mine", None, "blue", (9,), 6, "gear", 6, "income", 5),
    Card("family_restaurant", "Family Restaurant", None, "red", (9, 10), 3, "cup", 6, "take", 2),
    Card("apple_orchard", "Apple Orchard", None, "blue", (10,), 3, "wheat", 6, "income", 3),
    Card("fruit_and_vegetable_market", "Fruit and Vegetable Market", None, "green", (11, 12), 2,
         "fruit", 6, "per_icon", 2, per="wheat"),
    # Metropolia Plus
    Card("sushi_bar", "Sushi Bar", None, "red", (1,), 4, "cup", 6, "take", 3, needs_port=True,
         edition="plus"),  # cost: ruling MK-A16 (4 as printed; rule option sushi_bar_cost)
    Card("flower_orchard", "Flower Orchard", None, "blue", (4,), 2, "wheat", 6, "income", 1,
         edition="plus"),
    Card("flower_shop", "Flower Shop", "Kwiaciarnia", "green", (6,), 1, "bread", 6, "per_card",
         1, per="flower_orchard", edition="plus"),
    Card("pizza_joint", "Pizza Joint", None, "red", (7,), 1, "cup", 6, "take", 1,
         edition="plus"),
    Card("publisher", "Publisher", None, "purple", (7,), 5, "tower", 4, "publisher", 1,
         edition="plus"),
    Card("hamburger_stand", "Hamburger Stand", None, "red", (8,), 1, "cup", 6, "take", 1,
         edition="plus"),
    Card("mackerel_boat", "Mackerel Boat", None, "blue", (8,), 2, "boat", 6, "income", 3,
         needs_port=True, edition="plus"),
    Card("tax_office", "Tax Office", "Urząd skarbowy", "purple", (8, 9), 4, "tower", 4,
         "tax_office", threshold=10, edition="plus"),
    Card("food_warehouse", "Food Warehouse", None, "green", (12, 13), 2, "factory", 6,
         "per_icon", 2, per="cup", edition="plus"),
    Card("tuna_boat", "Tuna Boat", "Kuter rybacki „Łowca tuńczyka”", "blue", (12, 13, 14), 5,
         "boat", 6, "tuna", needs_port=True, edition="plus"),
)  # fmt: skip

# ruling MK-2: landmarks in the order of the card row; the first to build them all wins
LANDMARKS: tuple[Landmark, ...] = (
    Landmark("port", "Port", None, 2, "plus"),
    Landmark("train_station", "Train Station", "Dworzec kolejowy", 4, "base"),
    Landmark("shopping_mall", "Shopping Mall", "Centrum handlowe", 10, "base"),
    Landmark("amusement_park", "Amusement Park", "Park rozrywki", 16, "base"),
    Landmark("radio_tower", "Radio Tower", "Wieża radiowa", 22, "base"),
    Landmark("airport", "Airport", "Lotnisko", 30, "plus"),
)  # fmt: skip

#: ruling MK-A15: the Town Hall is a starting property of Plus ("1 additional property card
#: (the Town Hall) ... together with the starting cards"), not a special property (landmark)
TOWN_HALL = Property("town_hall", "Town Hall", "Ratusz", "plus")

#: ruling MK-6: 2 to 4 players
#: each seat's colour (its city's band, its swatch, its dot in the browser, its name in the
#: terminal): orange, teal, pink and charcoal, apart from the four card colours and from one
#: another in every common colour blindness
SEAT_COLOURS = ("#b35900", "#00796b", "#d0569a", "#2b2b2b")
MIN_PLAYERS = 2
MAX_PLAYERS = 4
#: ruling MK-6: coins each player starts with, and the establishments each starts with
STARTING_COINS = 3
STARTING_CARDS: tuple[str, ...] = ("wheat_field", "bakery")
#: ruling MK-A16: the Sushi Bar's printed cost is 4; 2 (MK-1's former figure, and some card
#: lists') is the rule option sushi_bar_cost=2. The default first.
SUSHI_BAR_COSTS: tuple[int, ...] = (4, 2)
#: ruling MK-2: what the Airport pays when its owner builds nothing in a turn
AIRPORT_COINS = 10
#: ruling MK-2: what the Port adds, and the least total it may be added to
PORT_BONUS = 2
PORT_MIN_TOTAL = 10
#: ruling MK-3: the Town Hall coin
TOWN_HALL_COINS = 1
#: rule MK-5: how many distinct names lie face up in the Plus market
MARKET_NAMES = 10
#: ruling MK-A3: turns after which the game ends without a winner (the rule option's default)
TURN_LIMIT = 1000
#: the dice the Tuna Boat roll uses (ruling MK-1)
TUNA_DICE = 2

CARD_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(CARDS)}
LANDMARK_INDEX: dict[str, int] = {m.id: i for i, m in enumerate(LANDMARKS)}
#: ruling MK-1: the icons, each with the cards that carry it (table order)
ICONS: dict[str, list[str]] = {}
for _card in CARDS:
    ICONS.setdefault(_card.icon, []).append(_card.id)
del _card


def cards_of(plus: bool) -> tuple[Card, ...]:
    """The establishments in play: the base set, or both sets for Plus."""
    return CARDS if plus else tuple(c for c in CARDS if c.edition == "base")


def landmarks_of(plus: bool) -> tuple[Landmark, ...]:
    """The landmarks in play: the base four, or all six for Plus (the Town Hall is not one)."""
    return LANDMARKS if plus else tuple(m for m in LANDMARKS if m.edition == "base")


def static_data(options: Mapping[str, Any]) -> dict[str, Any]:
    """The static description of a game with these (validated) rule options."""
    # the words read this module's records, so they are imported when the document is made
    from metropolia.words import (
        COLOURS,
        activation_description,
        card_effect,
        landmark_effect,
        market_description,
        town_hall_effect,
    )

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
    market: dict[str, Any]
    if plus:
        market = {
            "kind": "shuffled",
            "names": MARKET_NAMES,
            "unbuyable_purple": options["unbuyable_purple"],
            "description": market_description(True, options["unbuyable_purple"]),
        }
    else:
        market = {"kind": "open", "description": market_description(False, "keep")}
    purple = [c.id for c in cards_of(plus) if c.colour == "purple"]
    if options["payments"] == "pay_first":
        order = ["red", "purple (coins)", "green and blue", "purple (Business Center)"]
    else:
        order = ["red", "green and blue", "purple"]
    return {
        "game": "metropolia",
        "title": "Metropolia Plus" if plus else "Metropolia",
        "edition": "plus" if plus else "base",
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        "starting": {
            "coins": STARTING_COINS,
            "cards": list(STARTING_CARDS),
            "properties": [p["id"] for p in properties],
        },
        "colours": COLOURS,
        "seat_colours": list(SEAT_COLOURS),
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
            "description": activation_description(str(options["payments"])),
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
