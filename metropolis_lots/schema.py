"""The JSON Schema of a Metropolis view's ``state`` (checked by the conformance kit)."""

from __future__ import annotations

from typing import Any

from metropolis_lots.actions import Build, Propose

_SEAT = {"type": "integer", "minimum": 0, "maximum": 4}
_COUNT = {"type": "integer", "minimum": 0}
_LOT = {"type": "integer", "minimum": 10, "maximum": 99}
_LOTS = {"type": "array", "items": _LOT}
_PHASES = ["deal", "offer", "trade", "answer", "choose", "refill", "build", "pool", "over"]

STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "owners": {
            "type": "object",
            "patternProperties": {"^[1-9][0-9]$": _SEAT},
            "additionalProperties": False,
        },
        "buildings": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "model": {"type": "string"},
                    "kind": {"type": "string"},
                    "lots": _LOTS,
                    "owner": _SEAT,
                    "shares": {
                        "type": "array",
                        "items": {
                            "type": "array",
                            "prefixItems": [_SEAT, {"type": "integer", "minimum": 1}],
                            "minItems": 2,
                            "maxItems": 2,
                        },
                    },
                    "value": _COUNT,
                },
                "required": ["model", "kind", "lots", "owner", "shares", "value"],
                "additionalProperties": False,
            },
        },
        "supply": {"type": "object", "additionalProperties": _COUNT},
        "chips": {"type": "array", "items": _COUNT},
        "colours": {
            "type": "array",
            "items": {"enum": ["white", "green", "blue", "yellow", "pink"]},
        },
        "offer": {"type": "array", "items": _LOT, "maxItems": 4},
        "stack_size": _COUNT,
        "turn": _SEAT,
        "phase": {"enum": _PHASES},
        "final_turns_left": {"type": "integer", "minimum": -1},
        "pool": {"oneOf": [{"type": "null"}, Build.json_schema()]},
        "pool_waiting": {"type": "array", "items": _SEAT},
        "trade": {"oneOf": [{"type": "null"}, Propose.json_schema()]},
        "trader": {"oneOf": [{"type": "null"}, _SEAT]},
        "proposals_made": _COUNT,
        "scores": {"type": "array", "items": _COUNT},
    },
    "required": [
        "owners",
        "buildings",
        "supply",
        "chips",
        "colours",
        "offer",
        "stack_size",
        "turn",
        "phase",
        "final_turns_left",
        "pool",
        "pool_waiting",
        "trade",
        "trader",
        "proposals_made",
        "scores",
    ],
    "additionalProperties": False,
}
