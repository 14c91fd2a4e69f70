"""The JSON Schema of a Metropolia view's ``state`` (checked by the conformance kit)."""

from __future__ import annotations

from typing import Any

from metropolia.data import CARDS, LANDMARKS

_SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
_COUNT = {"type": "integer", "minimum": 1}
_CARD_COUNTS = {
    "type": "object",
    "propertyNames": {"enum": [c.id for c in CARDS]},
    "additionalProperties": _COUNT,
}
_CITY = {
    "type": "object",
    "properties": {
        "coins": {"type": "integer", "minimum": 0},
        "cards": _CARD_COUNTS,
        "landmarks": {
            "type": "object",
            "propertyNames": {"enum": [m.id for m in LANDMARKS]},
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
    "properties": {
        "edition": {"enum": ["base", "plus"]},
        "turn": _SEAT,
        "turns": {"type": "integer", "minimum": 0},
        "dice": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1, "maximum": 6},
            "maxItems": 2,
        },
        "total": {"type": "integer", "minimum": 0, "maximum": 14},
        "cities": {"type": "array", "items": _CITY, "minItems": 2, "maxItems": 4},
        "market": _CARD_COUNTS,
        "costs": {
            "type": "object",
            "propertyNames": {"enum": [c.id for c in CARDS]},
            "additionalProperties": {"type": "integer", "minimum": 0},
        },
        "winner": {"oneOf": [{"type": "null"}, _SEAT]},
        "stack_size": {"type": "integer", "minimum": 0},
    },
    "required": ["edition", "turn", "turns", "dice", "total", "cities", "market", "costs",
                 "winner"],
    "additionalProperties": False,
}  # fmt: skip
