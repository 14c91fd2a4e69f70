"""The JSON Schema of a Metro City view's ``state`` (checked by the conformance kit).

Every property carries a ``description``: a front end reads what a field means here.
"""

from __future__ import annotations

from typing import Any

from metrocity.data import BLOCK_IDS, COLUMNS, HAND_SIZE, PLAYER_TILES, ROWS, STREETS, TILES, TOKENS

_SEAT = {"type": "integer", "enum": [0, 1]}
_TOKEN = {"type": "integer", "minimum": TOKENS[0], "maximum": TOKENS[-1]}
_TILE = {"enum": list(TILES)}
_BLOCK = {"enum": list(BLOCK_IDS)}
_NAME = {"type": "string", "minLength": 1}
_SUMS = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0},
    "minItems": 2,
    "maxItems": 2,
}


def _described(schema: dict[str, Any], text: str) -> dict[str, Any]:
    return {**schema, "description": text}


def _nullable(schema: dict[str, Any], text: str) -> dict[str, Any]:
    return {"oneOf": [{"type": "null"}, schema], "description": text}


_CELL = {
    "oneOf": [
        {"type": "null", "description": "an empty block"},
        {
            "type": "object",
            "description": "a block holding a tile",
            "properties": {
                "tile": _described(_TILE, "the tile's id (static data: tiles)"),
                "owner": _described(_SEAT, "the seat whose tile it is"),
                "name": _described(
                    _NAME,
                    "the tile's name, with the published rules' other name where there is one: "
                    "'Residential 3', 'Park (School)' (ruling MC-A10)",
                ),
            },
            "required": ["tile", "owner", "name"],
            "additionalProperties": False,
        },
    ]
}
_AWARD = {
    "type": "object",
    "description": "how the street was awarded, as it was at that moment (MC-4)",
    "properties": {
        "token": _described(_TOKEN, "the bonus token at stake: the street's after any swap"),
        "sums": _described(
            _SUMS,
            "each seat's sum by the award rule when the street was completed, by seat; a "
            "later build-over does not change it",
        ),
        "winner": _nullable(_SEAT, "the seat that took the token; null: a tie discarded it"),
        "placer": _described(_SEAT, "the seat whose placement completed the street"),
        "tied": _described(
            {"type": "boolean"},
            "the sums were equal: the tie rule (the view's tie) decided, not the sums",
        ),
    },
    "required": ["token", "sums", "winner", "placer", "tied"],
    "additionalProperties": False,
}
_STREET = {
    "type": "object",
    "description": "one of the 11 streets: a row (Street) or a column (Avenue) of blocks",
    "properties": {
        "id": _described({"enum": [s.id for s in STREETS]}, "the street's id (st1, avA, ...)"),
        "name": _described(_NAME, "the street's display name (a reconstruction, ruling MC-6)"),
        "blocks": _described(
            {"type": "array", "items": _BLOCK, "minItems": ROWS, "maxItems": COLUMNS},
            "the street's blocks, in order along it",
        ),
        "token": _nullable(
            _TOKEN, "the bonus token lying at the street; null once the street is awarded"
        ),
        "awarded": _described({"type": "boolean"}, "the street was completed and awarded"),
        "winner": _nullable(
            _SEAT, "the seat that won the street's token; null while open or after a tie"
        ),
        "sums": _described(
            _SUMS,
            "each seat's sum by the award rule, by seat: as the street stands while it is "
            "open; the sums it was awarded by once it is awarded (as in award)",
        ),
        "empty": _described(
            {"type": "integer", "minimum": 0, "maximum": COLUMNS},
            "how many of the street's blocks are empty",
        ),
        "award": {"oneOf": [{"type": "null"}, _AWARD], "description": _AWARD["description"]},
    },
    "required": ["id", "name", "blocks", "token", "awarded", "winner", "sums", "empty", "award"],
    "additionalProperties": False,
}
_PLAYER = {
    "type": "object",
    "description": "one player, as both players and spectators see them",
    "properties": {
        "seat": _described(_SEAT, "the player's seat"),
        "money": _described(
            {"type": "integer", "minimum": 0}, "the money held: the worth of the tokens held"
        ),
        "tokens": _described(
            {"type": "array", "items": _TOKEN},
            "the won tokens still held, ascending (public: ruling MC-A8)",
        ),
        "hand_size": _described(
            {"type": "integer", "minimum": 0, "maximum": HAND_SIZE}, "how many tiles in hand"
        ),
        "pile_size": _described(
            {"type": "integer", "minimum": 0, "maximum": len(PLAYER_TILES)},
            "how many tiles in the face-down pile",
        ),
    },
    "required": ["seat", "money", "tokens", "hand_size", "pile_size"],
    "additionalProperties": False,
}

STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "a Metro City position as one seat (or a spectator) sees it",
    "properties": {
        "tie": _described(
            {"enum": ["discard", "placer"]},
            "the tie rule in use: a tied street's token is discarded, or goes to the placer",
        ),
        "first": _described(_SEAT, "the seat that went first (the higher draw, MC-2)"),
        "grid": _described(
            {
                "type": "array",
                "items": {
                    "type": "array",
                    "items": _CELL,
                    "minItems": COLUMNS,
                    "maxItems": COLUMNS,
                    "description": "one row, avenue A to F",
                },
                "minItems": ROWS,
                "maxItems": ROWS,
            },
            "the blocks by row (1st to 5th Street), then by column (A to F Avenue)",
        ),
        "streets": _described(
            {"type": "array", "items": _STREET, "minItems": len(STREETS), "maxItems": len(STREETS)},
            "the 11 streets in street order: the rows, then the avenues",
        ),
        "players": _described(
            {"type": "array", "items": _PLAYER, "minItems": 2, "maxItems": 2}, "both players"
        ),
        "hand": _nullable(
            {"type": "array", "items": _TILE, "maxItems": HAND_SIZE},
            "the seat's own hand as tile ids, in tile order; null for a spectator",
        ),
        "hand_names": _nullable(
            {"type": "array", "items": _NAME, "maxItems": HAND_SIZE},
            "the same hand in words, both names of the Park (ruling MC-A10); null for a spectator",
        ),
        "swap_for": _nullable(
            _BLOCK, "the block of a Courthouse whose swap question is pending (MC-5)"
        ),
        "discarded": _described(
            {"type": "array", "items": _TOKEN},
            "the tokens discarded, in order: paid for build-overs and lost to ties",
        ),
        "out_of_play": _described(
            {"type": "array", "items": _TOKEN, "maxItems": len(TOKENS) - len(STREETS)},
            "the four tokens not laid on a street: the two first-player draws, then the two "
            "never drawn (known anyway as the rest of the 15: ruling MC-A6); empty before set-up",
        ),
    },
    "required": [
        "tie",
        "first",
        "grid",
        "streets",
        "players",
        "hand",
        "hand_names",
        "swap_for",
        "discarded",
        "out_of_play",
    ],
    "additionalProperties": False,
}
