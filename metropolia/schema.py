"""The JSON Schema of a Metropolia view's ``state`` (checked by the conformance kit).

A view is what a player at the table sees, complete without the data modules: the cities, the
market with every pile's cost and count, the landmarks' costs and how many win, and where the
turn stands. Names and effects are the static data's (``Metropolia.static_data``).
"""

from __future__ import annotations

from typing import Any

from metropolia.data import CARDS, LANDMARKS

_SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
_CARD_IDS = {"enum": [c.id for c in CARDS]}
_LANDMARK_IDS = {"enum": [m.id for m in LANDMARKS]}
_CITY = {
    "type": "object",
    "description": "one player's city, seats in order",
    "properties": {
        "coins": {"type": "integer", "minimum": 0, "description": "the coins the player holds"},
        "cards": {
            "type": "object",
            "description": "establishments built, by card id: how many of each (none: absent)",
            "propertyNames": _CARD_IDS,
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
        "landmarks": {
            "type": "object",
            "description": "every landmark in play, by id: built (face up) or not",
            "propertyNames": _LANDMARK_IDS,
            "additionalProperties": {"type": "boolean"},
        },
        "town_hall": {
            "type": "boolean",
            "description": "Plus: the city holds the Town Hall (Ratusz), a starting property "
            "that is not a landmark and never counts toward the win (ruling MK-A15)",
        },
    },
    "required": ["coins", "cards", "landmarks", "town_hall"],
    "additionalProperties": False,
}

STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "the Metropolia table as every seat and spectator sees it (nothing is "
    "hidden but the order of the Plus stack): seats 0..n-1, cards by id, money in coins",
    "properties": {
        "edition": {
            "enum": ["base", "plus"],
            "description": "base: Metropolia; plus: with Metropolia Plus",
        },
        "turn": {**_SEAT, "description": "the seat whose turn it is (or was, at the end)"},
        "turns": {
            "type": "integer",
            "minimum": 0,
            "description": "turns begun so far, extra turns included (ruling MK-A3)",
        },
        "dice": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1, "maximum": 6},
            "maxItems": 2,
            "description": "the dice of the last roll (the turn's own once rolled; a Radio "
            "Tower re-roll replaces them); empty before the first roll",
        },
        "total": {
            "type": "integer",
            "minimum": 0,
            "maximum": 14,
            "description": "the total of those dice, with the Port's +2 once it is added: "
            "always the dice shown, never an earlier roll's",
        },
        "radio_tower_spent": {
            "type": "boolean",
            "description": "the Radio Tower's once-a-turn choice has been made this turn "
            "(re-rolled or kept): no re-roll is left (ruling MK-A1)",
        },
        "extra_turn": {
            "type": "boolean",
            "description": "the roll was doubles with the Amusement Park built: the same "
            "player takes another turn after this one (ruling MK-A11)",
        },
        "cities": {
            "type": "array",
            "items": _CITY,
            "minItems": 2,
            "maxItems": 4,
            "description": "every player's city, by seat: coins, establishments, landmarks",
        },
        "market": {
            "type": "object",
            "description": "the piles on the table, by card id: how many cards each holds. "
            "Base: every pile, 0 once sold out; Plus: the face-up piles (ruling MK-5)",
            "propertyNames": _CARD_IDS,
            "additionalProperties": {"type": "integer", "minimum": 0},
        },
        "costs": {
            "type": "object",
            "description": "the cost of every establishment in play, by card id (the Sushi "
            "Bar's per the rule option, ruling MK-A16)",
            "propertyNames": _CARD_IDS,
            "additionalProperties": {"type": "integer", "minimum": 0},
        },
        "landmark_costs": {
            "type": "object",
            "description": "the cost of every landmark in play, by id",
            "propertyNames": _LANDMARK_IDS,
            "additionalProperties": {"type": "integer", "minimum": 0},
        },
        "landmarks_to_win": {
            "type": "integer",
            "minimum": 1,
            "description": "how many landmarks a city must build to win: 4, or 6 with Plus",
        },
        "winner": {
            "oneOf": [{"type": "null"}, _SEAT],
            "description": "the seat that built all its landmarks, or null",
        },
        "stack_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Plus: the cards left face down in the stack (their order is secret)",
        },
    },
    "required": ["edition", "turn", "turns", "dice", "total", "radio_tower_spent",
                 "extra_turn", "cities", "market", "costs", "landmark_costs",
                 "landmarks_to_win", "winner"],
    "additionalProperties": False,
}  # fmt: skip
