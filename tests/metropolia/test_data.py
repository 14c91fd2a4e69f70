"""The card table and landmarks as data match rulings MK-1 and MK-2 and the seed's components."""

from __future__ import annotations

from collections import Counter

import pytest

from metropolia.data import CARDS, LANDMARKS, TOWN_HALL, cards_of, landmarks_of

# ruling MK-1: id -> (colour, rolls, cost, copies, icon)
TABLE = {
    "wheat_field": ("blue", (1,), 1, 6, "wheat"),
    "ranch": ("blue", (2,), 1, 6, "cow"),
    "bakery": ("green", (2, 3), 1, 6, "bread"),
    "cafe": ("red", (3,), 2, 6, "cup"),
    "convenience_store": ("green", (4,), 2, 6, "bread"),
    "forest": ("blue", (5,), 3, 6, "gear"),
    "stadium": ("purple", (6,), 6, 4, "tower"),
    "tv_station": ("purple", (6,), 7, 4, "tower"),
    "business_center": ("purple", (6,), 8, 4, "tower"),
    "cheese_factory": ("green", (7,), 5, 6, "factory"),
    "furniture_factory": ("green", (8,), 3, 6, "factory"),
    "mine": ("blue", (9,), 6, 6, "gear"),
    "family_restaurant": ("red", (9, 10), 3, 6, "cup"),
    "apple_orchard": ("blue", (10,), 3, 6, "wheat"),
    "fruit_and_vegetable_market": ("green", (11, 12), 2, 6, "fruit"),
    "sushi_bar": ("red", (1,), 4, 6, "cup"),  # ruling MK-A16
    "flower_orchard": ("blue", (4,), 2, 6, "wheat"),
    "flower_shop": ("green", (6,), 1, 6, "bread"),
    "pizza_joint": ("red", (7,), 1, 6, "cup"),
    "publisher": ("purple", (7,), 5, 4, "tower"),
    "hamburger_stand": ("red", (8,), 1, 6, "cup"),
    "mackerel_boat": ("blue", (8,), 2, 6, "boat"),
    "tax_office": ("purple", (8, 9), 4, 4, "tower"),
    "food_warehouse": ("green", (12, 13), 2, 6, "factory"),
    "tuna_boat": ("blue", (12, 13, 14), 5, 6, "boat"),
}


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.id)
def test_card_table_matches_ruling_mk1(card: object) -> None:
    from metropolia.data import Card

    assert isinstance(card, Card)
    assert (card.colour, card.rolls, card.cost, card.copies, card.icon) == TABLE[card.id]


def test_every_card_of_mk1_is_in_the_data() -> None:
    assert [c.id for c in CARDS] == list(TABLE)


def test_base_components_match_the_seed() -> None:
    # "Components": green 5 kinds of 6, blue 5 of 6, purple 3 of 4, red 2 of 6: 84 cards
    base = cards_of(plus=False)
    assert Counter(c.colour for c in base) == {"green": 5, "blue": 5, "purple": 3, "red": 2}
    assert sum(c.copies for c in base) == 84


def test_plus_components_match_the_seed_kinds() -> None:
    # "Expansion Components": green 2 kinds, blue 3, purple 2, red 3 (56 cards: ruling MK-A9)
    plus = [c for c in CARDS if c.edition == "plus"]
    assert Counter(c.colour for c in plus) == {"green": 2, "blue": 3, "purple": 2, "red": 3}
    assert sum(c.copies for c in plus) == 56


def test_landmarks_match_ruling_mk2() -> None:
    assert {m.id: m.cost for m in LANDMARKS} == {
        "port": 2, "train_station": 4, "shopping_mall": 10,
        "amusement_park": 16, "radio_tower": 22, "airport": 30,
    }  # fmt: skip
    assert [m.id for m in landmarks_of(plus=False)] == [
        "train_station", "shopping_mall", "amusement_park", "radio_tower",
    ]  # fmt: skip
    assert len(landmarks_of(plus=True)) == 6


def test_the_town_hall_is_a_starting_property_not_a_landmark() -> None:
    # ruling MK-A15, the seed's "Expansion Setup" A: "Each player receives 1 additional
    # property card (the Town Hall) and places it face up in front of them, together with the
    # starting cards from the base game"; B gives the "2 additional special property cards
    # (the port and the airport)": the landmarks are six, the Town Hall is not one of them
    assert TOWN_HALL.id not in {m.id for m in LANDMARKS}
    assert TOWN_HALL.edition == "plus"


def test_polish_names_from_the_rulings() -> None:
    names = {c.id: c.polish for c in CARDS} | {m.id: m.polish for m in LANDMARKS}
    names[TOWN_HALL.id] = TOWN_HALL.polish
    assert names["wheat_field"] == "Pole" and names["bakery"] == "Piekarnia"
    assert names["train_station"] == "Dworzec kolejowy"
    assert names["town_hall"] == "Ratusz" and names["airport"] == "Lotnisko"
