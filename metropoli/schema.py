"""The JSON Schema of the ``state`` part of a Metropoli view (checked by the conformance kit)."""

from __future__ import annotations

from typing import Any

_INT: dict[str, Any] = {"type": "integer"}
_NAT: dict[str, Any] = {"type": "integer", "minimum": 0}
_SEAT_OR_NULL: dict[str, Any] = {"type": ["integer", "null"], "minimum": 0}
_INTS: dict[str, Any] = {"type": "array", "items": _NAT}


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": props,
        "required": sorted(props),
        "additionalProperties": False,
    }


STATE_SCHEMA: dict[str, Any] = _obj(
    {
        "phase": {"type": "string"},
        "turn": _NAT,
        "active": _NAT,
        "final_phase": {"type": "boolean"},
        "completion_phase": {"type": "boolean"},
        "cash": _INTS,
        "positions": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 39}},
        "status": {"type": "array", "items": {"enum": ["in", "left", "bankrupt"]}},
        "first_round": {"type": "array", "items": {"type": "boolean"}},
        "final_turns": _INTS,
        "owners": {"type": "object", "additionalProperties": _SEAT_OR_NULL},
        "heights": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 5}},
        "roofs": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 4}},
        "district_caps": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "skyscrapers": {"type": "integer", "minimum": 0, "maximum": 4},
        "blocks_left": {"type": "integer", "minimum": 0, "maximum": 80},
        "neighbourhood_values": _INTS,
        "deck_size": _NAT,
        "paid_blocks_this_turn": {"type": "integer", "minimum": 0, "maximum": 2},
        "areas_built_this_turn": _INTS,
        "last_roll": _NAT,
        "auction": {
            "oneOf": [
                {"type": "null"},
                _obj(
                    {
                        "space": _NAT,
                        "kind": {"enum": ["sale", "bankruptcy"]},
                        "order": _INTS,
                        "passed": _INTS,
                        "price": _NAT,
                        "leader": _SEAT_OR_NULL,
                        "stage": {"enum": ["bid", "raise", "preempt"]},
                    }
                ),
            ]
        },
        "trade": {
            "oneOf": [
                {"type": "null"},
                _obj(
                    {
                        "partner": _NAT,
                        "give": _INTS,
                        "take": _INTS,
                        "cash": _INT,
                        "sent": {"type": "boolean"},
                    }
                ),
            ]
        },
        "debts": {
            "type": "array",
            "items": _obj(
                {
                    "debtor": _NAT,
                    "creditor": _SEAT_OR_NULL,
                    "amount": _NAT,
                    "reason": {"type": "string"},
                }
            ),
        },
    }
)
