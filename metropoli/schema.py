"""The JSON Schema of the ``state`` part of a Metropoli view (checked by the conformance kit).

Every property carries a ``description``: a front end reads the view alone, without the
engine's data modules. Seats are ints 0..n-1; spaces are track indices 0..39 (0 La
Borsa, clockwise); Buildable Areas are 0..35; money is in dollars.
"""

from __future__ import annotations

from typing import Any

_INT: dict[str, Any] = {"type": "integer"}
_NAT: dict[str, Any] = {"type": "integer", "minimum": 0}
_SEAT_OR_NULL: dict[str, Any] = {"type": ["integer", "null"], "minimum": 0}
_NAT_OR_NULL: dict[str, Any] = {"type": ["integer", "null"], "minimum": 0}
_INTS: dict[str, Any] = {"type": "array", "items": _NAT}
_SPACE: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 39}
_AREA: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 35}


def _d(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description}


def _obj(props: dict[str, Any], description: str = "") -> dict[str, Any]:
    obj: dict[str, Any] = {
        "type": "object",
        "properties": props,
        "required": sorted(props),
        "additionalProperties": False,
    }
    return _d(obj, description) if description else obj


_SPACE_ENTRY = _obj(
    {
        "name": _d({"type": "string"}, "the space's name (a street, a bridge, a corner)"),
        "kind": _d(
            {
                "enum": [
                    "borsa",
                    "court",
                    "motorway",
                    "municipality",
                    "street",
                    "bridge",
                    "metropoli",
                ]
            },
            "what the space is: a corner (La Borsa, Il Tribunale, L'Autostrada, Il Comune), "
            "a street, a bridge or a Metropoli space",
        ),
        "exit": _d(
            {"type": ["integer", "null"], "minimum": 11, "maximum": 66},
            "the motorway exit printed on it (two dice read as tens and units), null on corners",
        ),
        "neighbourhood": _d(
            {"type": ["integer", "null"], "minimum": 0, "maximum": 7},
            "a street's neighbourhood 0..7, null otherwise",
        ),
        "colour": _d({"type": ["string", "null"]}, "a street's neighbourhood colour, else null"),
        "areas": _d(
            {"type": "array", "items": _AREA},
            "a street's three Buildable Areas, whose blocks its concession exploits; [] otherwise",
        ),
        "crosses_to": _d(
            {"type": ["integer", "null"], "minimum": 0, "maximum": 39},
            "a bridge's opposite bridge, reached by crossing the city; null otherwise",
        ),
        "owner": _d(_SEAT_OR_NULL, "the seat holding the space's concession; null: the Bank"),
        "rent": _d(
            _NAT_OR_NULL,
            "what a player landing here pays the holder now: a street's rent (Concession "
            "Value + neighbourhood value, doubled for a trust) or a bridge's toll; null when "
            "the Bank holds it or the space is no concession",
        ),
        "trust": _d(
            {"type": "boolean"},
            "the holder of this street holds its whole neighbourhood (its rent is doubled)",
        ),
    }
)

_AREA_ENTRY = _obj(
    {
        "name": _d({"type": "string"}, 'the area by its two streets: "between X and Y"'),
        "district": _d({"type": "integer", "minimum": 0, "maximum": 3}, "its district 0..3"),
        "streets": _d(
            {"type": "array", "items": _SPACE, "minItems": 2, "maxItems": 2},
            "the two streets facing it, whose concessions both exploit its blocks",
        ),
    }
)

STATE_SCHEMA: dict[str, Any] = _obj(
    {
        "phase": _d(
            {"type": "string"},
            "the step of the turn; a decision's phase is its prompt's kind (roll, move, act, "
            "bid, raise, preempt, cross, free, municipality, build, draft, trade, sell)",
        ),
        "turn": _d(_NAT, "the number of the turn being played (1 = the first)"),
        "active": _d(_NAT, "the seat whose turn it is"),
        "final_phase": _d(
            {"type": "boolean"},
            "the final phase runs: no building, players leave on reaching L'Autostrada",
        ),
        "completion_phase": _d(
            {"type": "boolean"},
            "the fourth skyscraper stands: every player must build a block each turn",
        ),
        "cash": _d(_INTS, "each seat's cash in dollars"),
        "positions": _d({"type": "array", "items": _SPACE}, "each seat's token, a space"),
        "status": _d(
            {"type": "array", "items": {"enum": ["in", "left", "bankrupt"]}},
            "each seat: in the game, left (the final phase), or bankrupt",
        ),
        "first_round": _d(
            {"type": "array", "items": {"type": "boolean"}},
            "each seat is still in its first turn (La Borsa pays nothing then)",
        ),
        "final_turns": _d(_INTS, "each seat's turns played in the final phase"),
        "owners": _d(
            {"type": "object", "additionalProperties": _SEAT_OR_NULL},
            "each concession (space index as text) with its holder; null: the Bank",
        ),
        "spaces": _d(
            {"type": "array", "items": _SPACE_ENTRY, "minItems": 40, "maxItems": 40},
            "the 40 spaces of the track in order, as the table shows them",
        ),
        "areas": _d(
            {"type": "array", "items": _AREA_ENTRY, "minItems": 36, "maxItems": 36},
            "the 36 Buildable Areas: name, district and the two streets facing each",
        ),
        "heights": _d(
            {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 5}},
            "each area's building height in blocks",
        ),
        "roofs": _d(
            {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 4}},
            "each area's skyscraper number 1..4, 0 for none",
        ),
        "district_names": _d(
            {"type": "array", "items": {"type": "string"}, "minItems": 4, "maxItems": 4},
            "the four districts' names, by district 0..3 (an area's district indexes it)",
        ),
        "district_caps": _d(
            {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "each district's height limit set by its skyscraper, 0 while it has none",
        ),
        "skyscrapers": _d({"type": "integer", "minimum": 0, "maximum": 4}, "roofs placed"),
        "blocks_left": _d(
            {"type": "integer", "minimum": 0, "maximum": 80}, "blocks left in the supply of 80"
        ),
        "neighbourhood_values": _d(_INTS, "each neighbourhood's value card, in dollars"),
        "deck_size": _d(_NAT, "cards in the Metropoli deck (their order is secret)"),
        "paid_blocks_this_turn": _d(
            {"type": "integer", "minimum": 0, "maximum": 2}, "paid blocks built this turn"
        ),
        "areas_built_this_turn": _d(
            _INTS, "the areas built on this turn, paid or free (one block per area a turn)"
        ),
        "proposals_left": _d(
            _NAT, "trade proposals the player on turn may still make at this trading point"
        ),
        "last_roll": _d(_NAT, "the total of the dice that moved the player on turn"),
        "auction": _d(
            {
                "oneOf": [
                    {"type": "null"},
                    _obj(
                        {
                            "space": _d(_SPACE, "the concession auctioned"),
                            "kind": _d(
                                {"enum": ["sale", "bankruptcy"]},
                                "a free concession's sale, or a debtor's bankruptcy auction",
                            ),
                            "order": _d(_INTS, "the bidders in calling order"),
                            "passed": _d(_INTS, "the bidders who have passed"),
                            "price": _d(_NAT, "the high bid (the Market Value once raised)"),
                            "leader": _d(_SEAT_OR_NULL, "the high bidder; null: no bid yet"),
                            "stage": _d(
                                {"enum": ["bid", "raise", "preempt"]},
                                "bidding, the winner's raise, or the pre-emption",
                            ),
                        }
                    ),
                ]
            },
            "the auction running, or null",
        ),
        "trade": _d(
            {
                "oneOf": [
                    {"type": "null"},
                    _obj(
                        {
                            "partner": _d(_NAT, "the seat the proposal is made to"),
                            "give": _d(_INTS, "concessions the player on turn gives"),
                            "take": _d(_INTS, "concessions the player on turn takes"),
                            "cash": _d(
                                _INT, "cash: > 0 the player on turn pays, < 0 the partner pays"
                            ),
                            "sent": _d({"type": "boolean"}, "sent: the partner must answer"),
                        }
                    ),
                ]
            },
            "the trade proposal being composed or answered, or null",
        ),
        "debts": _d(
            {
                "type": "array",
                "items": _obj(
                    {
                        "debtor": _d(_NAT, "who owes"),
                        "creditor": _d(_SEAT_OR_NULL, "who is owed; null: the Bank"),
                        "amount": _d(_NAT, "how much, in dollars"),
                        "reason": _d(
                            {"enum": ["rent", "toll", "fine", "card"]}, "what the debt is for"
                        ),
                    }
                ),
            },
            "the debts being settled, in order",
        ),
    },
    "the Metropoli table as every seat and spectator sees it (all of it public but the "
    "deck's order): seats 0..n-1, spaces 0..39 from La Borsa clockwise, Buildable Areas "
    "0..35, money in dollars",
)
