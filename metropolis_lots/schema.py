"""The JSON Schema of a Metropolis view's ``state`` (checked by the conformance kit)."""

from __future__ import annotations

from typing import Any

from metropolis_lots.actions import Build, Propose

_SEAT = {"type": "integer", "minimum": 0, "maximum": 4}
_COUNT = {"type": "integer", "minimum": 0}
_LOT = {"type": "integer", "minimum": 10, "maximum": 99}
_LOTS = {"type": "array", "items": _LOT}
_SEATS = {"type": "array", "items": _SEAT}
#: an object keyed by lot numbers (JSON keys are text)
_BY_LOT = "^[1-9][0-9]$"
_PHASES = ["deal", "offer", "trade", "answer", "choose", "refill", "build", "pool", "over"]


def _by_lot(value: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "patternProperties": {_BY_LOT: value},
        "additionalProperties": False,
    }


BOARD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "The board's geometry (ruling MS-1, a reconstruction), the same for every "
    "game: what a player sees printed on it",
    "properties": {
        "lots": {**_LOTS, "description": "every lot, ascending"},
        "districts": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1, "maximum": 9},
            "description": "the district numbers; a lot's district is its first digit",
        },
        "position": _by_lot(
            {
                "type": "array",
                "prefixItems": [_COUNT, _COUNT],
                "minItems": 2,
                "maxItems": 2,
            },
            "each lot's [row, column] on the whole board (row 0 at the top); the park fills "
            "the cells no lot has",
        ),
        "neighbours": _by_lot(
            _LOTS,
            "each lot's neighbours: the lots beside it in its own district, not at a corner "
            "(ruling MS-2); they give the claim from the 6th lot of a district on (MS-6)",
        ),
        "park_view": {**_LOTS, "description": "the lots with a view of the park"},
        "river": {**_LOTS, "description": "the lots on the river"},
        "centre": {**_LOTS, "description": "the lots of the centre"},
    },
    "required": ["lots", "districts", "position", "neighbours", "park_view", "river", "centre"],
    "additionalProperties": False,
}

STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "the Metropolis table as every seat and spectator sees it (all of it public; "
    "of the face-down lot cards only their number): seats 0..n-1, lots 10..89 (a lot's "
    "district is its first digit), building values in the chart's points",
    "properties": {
        "owners": _by_lot(
            _SEAT,
            "the seat whose chip marks each owned lot, built or not (a built lot is its "
            "builder's, ruling MS-A3); lots not listed are free",
        ),
        "buildings": {
            "type": "array",
            "description": "the buildings standing, in the order they went up",
            "items": {
                "type": "object",
                "properties": {
                    "model": {
                        "type": "string",
                        "description": "the building model (data/buildings.json), e.g. apartment_l",
                    },
                    "kind": {"type": "string", "description": "its scoring-chart row"},
                    "lots": {**_LOTS, "description": "the lots it stands on"},
                    "owner": {**_SEAT, "description": "the seat that put it up"},
                    "shares": {
                        "type": "array",
                        "description": "[seat, lots contributed] of every owner of its value "
                        "(more than one when pooled, ruling MS-A4)",
                        "items": {
                            "type": "array",
                            "prefixItems": [_SEAT, {"type": "integer", "minimum": 1}],
                            "minItems": 2,
                            "maxItems": 2,
                        },
                    },
                    "value": {**_COUNT, "description": "its chart value now (ruling MS-4)"},
                },
                "required": ["model", "kind", "lots", "owner", "shares", "value"],
                "additionalProperties": False,
            },
        },
        "supply": {
            "type": "object",
            "description": "the copies of each building model left in the supply",
            "additionalProperties": _COUNT,
        },
        "chips": {
            "type": "array",
            "items": _COUNT,
            "description": "each seat's chips in hand (ruling MS-5)",
        },
        "colours": {
            "type": "array",
            "items": {"enum": ["white", "green", "blue", "yellow", "pink"]},
            "description": "each seat's chip colour (ruling MS-A8)",
        },
        "offer": {
            "type": "array",
            "items": _LOT,
            "maxItems": 4,
            "description": "the lots on offer, in the order they were turned up",
        },
        "stack_size": {**_COUNT, "description": "the lot cards still face down"},
        "turn": {**_SEAT, "description": "the seat on turn"},
        "phase": {
            "enum": _PHASES,
            "description": "the step of the turn: trade (an exchange window), answer (a "
            "proposal's partner), choose (the lot), refill, build, pool (a pooled building's "
            "partner), over",
        },
        "final_turns_left": {
            "type": "integer",
            "minimum": -1,
            "description": "building turns left in the final round, -1 before it (MS-A6)",
        },
        "pool": {
            "oneOf": [{"type": "null"}, Build.json_schema()],
            "description": "the pooled building waiting for its partners' answers, if any",
        },
        "pool_waiting": {**_SEATS, "description": "the partners still to answer, in order"},
        "trade": {
            "oneOf": [{"type": "null"}, Propose.json_schema()],
            "description": "the exchange waiting for its partner's answer, proposed by trader",
        },
        "trader": {
            "oneOf": [{"type": "null"}, _SEAT],
            "description": "the seat whose exchange window is open, null outside the windows "
            "(ruling MS-A13)",
        },
        "proposals_made": {
            **_COUNT,
            "description": "the proposals trader has made in its window this turn (MS-A11)",
        },
        "scores": {
            "type": "array",
            "items": _COUNT,
            "description": "each seat's total building value now",
        },
        "board": BOARD_SCHEMA,
        "occupied": {
            "type": "object",
            "description": "the occupied lots (owned, built or not) of each district, by "
            "district number: from 5 on, a lot goes by neighbours (MS-6)",
            "patternProperties": {"^[1-9]$": {"type": "integer", "minimum": 0, "maximum": 10}},
            "additionalProperties": False,
        },
        "claims": _by_lot(
            _SEATS,
            "for each lot on offer, the seats that may take it now: the claim rule (MS-6) "
            "and a chip left (MS-5); the seat on turn takes it or gives it to one of them",
        ),
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
        "board",
        "occupied",
        "claims",
    ],
    "additionalProperties": False,
}
