"""The JSON Schema of a Metro City view's ``state`` (checked by the conformance kit)."""

from __future__ import annotations

from typing import Any

from metrocity.data import BLOCK_IDS, COLUMNS, ROWS, STREETS, TILES, TOKENS

_SEAT = {"type": "integer", "enum": [0, 1]}
_TOKEN = {"type": "integer", "minimum": TOKENS[0], "maximum": TOKENS[-1]}
_TILE = {"enum": list(TILES)}
_CELL = {
    "oneOf": [
        {"type": "null"},
        {
            "type": "object",
            "properties": {"tile": _TILE, "owner": _SEAT},
            "required": ["tile", "owner"],
            "additionalProperties": False,
        },
    ]
}
_STREET = {
    "type": "object",
    "properties": {
        "id": {"enum": [s.id for s in STREETS]},
        "name": {"type": "string"},
        "token": {"oneOf": [{"type": "null"}, _TOKEN]},
        "awarded": {"type": "boolean"},
        "winner": {"oneOf": [{"type": "null"}, _SEAT]},
        "sums": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2},
        "empty": {"type": "integer", "minimum": 0, "maximum": COLUMNS},
    },
    "required": ["id", "name", "token", "awarded", "winner", "sums", "empty"],
    "additionalProperties": False,
}
_PLAYER = {
    "type": "object",
    "properties": {
        "seat": _SEAT,
        "money": {"type": "integer", "minimum": 0},
        "tokens": {"type": "array", "items": _TOKEN},
        "hand_size": {"type": "integer", "minimum": 0, "maximum": 5},
        "pile_size": {"type": "integer", "minimum": 0, "maximum": 20},
    },
    "required": ["seat", "money", "tokens", "hand_size", "pile_size"],
    "additionalProperties": False,
}

STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "tie": {"enum": ["discard", "placer"]},
        "first": _SEAT,
        "grid": {
            "type": "array",
            "items": {"type": "array", "items": _CELL, "minItems": COLUMNS, "maxItems": COLUMNS},
            "minItems": ROWS,
            "maxItems": ROWS,
        },
        "streets": {
            "type": "array",
            "items": _STREET,
            "minItems": len(STREETS),
            "maxItems": len(STREETS),
        },
        "players": {"type": "array", "items": _PLAYER, "minItems": 2, "maxItems": 2},
        "hand": {"oneOf": [{"type": "null"}, {"type": "array", "items": _TILE, "maxItems": 5}]},
        "swap_for": {"oneOf": [{"type": "null"}, {"enum": list(BLOCK_IDS)}]},
    },
    "required": ["tie", "first", "grid", "streets", "players", "hand", "swap_for"],
    "additionalProperties": False,
}
