"""JSON Schemas of a game's actions, events, views and saves, generated from its attrs classes.

The same field descriptions that encode and decode the records (common.codec) produce the
schemas, so they cannot drift apart. ``metro <game> schema`` writes them out.
"""

from __future__ import annotations

from typing import Any

from common.actions import Action
from common.codec import Record
from common.events import CORE_EVENTS, ActionForced, ActionTaken
from common.game import Game

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _defs(kinds: list[type[Record]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in kinds:
        schema = k.json_schema()
        if k.__doc__:
            schema["description"] = k.__doc__.strip().splitlines()[0]
        out[k.__name__] = schema
    return out


def action_schema(cls: type[Game]) -> dict[str, Any]:
    """The schema of any action of ``cls``."""
    kinds: list[type[Record]] = list(cls.actions.by_name.values())
    return {
        "$schema": DIALECT,
        "title": f"{cls.name} action",
        "oneOf": [{"$ref": f"#/$defs/{k.__name__}"} for k in kinds],
        "$defs": _defs(kinds),
    }


def event_schema(cls: type[Game]) -> dict[str, Any]:
    """The schema of any event of ``cls`` (core events and the game's own)."""
    actions: list[type[Record]] = list(cls.actions.by_name.values())
    events: list[type[Record]] = [*CORE_EVENTS, *cls.game_events]
    defs = _defs([*events, *actions])
    for with_action in (ActionTaken, ActionForced):
        props = defs[with_action.__name__]["properties"]
        props["action"] = {
            "oneOf": [{"$ref": f"#/$defs/{k.__name__}"} for k in actions],
            "description": props["action"]["description"],
        }
    return {
        "$schema": DIALECT,
        "title": f"{cls.name} event",
        "oneOf": [{"$ref": f"#/$defs/{k.__name__}"} for k in events],
        "$defs": defs,
    }


def save_schema(cls: type[Game]) -> dict[str, Any]:
    """The schema of a save of ``cls``."""
    events = event_schema(cls)
    return {
        "$schema": DIALECT,
        "title": f"{cls.name} save",
        "type": "object",
        "properties": {
            "format": {"type": "integer", "minimum": 1},
            "game": {"const": cls.name},
            "checksum": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
            "events": {"type": "array", "items": {"oneOf": events["oneOf"]}},
        },
        "required": ["format", "game", "checksum", "events"],
        "additionalProperties": False,
        "$defs": events["$defs"],
    }


def view_schema(cls: type[Game]) -> dict[str, Any]:
    """The schema of a view of ``cls``: the core's envelope around the game's ``state``.

    A game may describe its ``state`` by a class attribute ``state_schema``; otherwise the
    state is only required to be a JSON object.
    """
    nullable_int = {"type": ["integer", "null"], "minimum": 0}
    state = getattr(cls, "state_schema", None) or {"type": "object"}
    if "description" not in state:
        state = {**state, "description": f"what the seat sees of the {cls.title or cls.name} table"}
    return {
        "$schema": DIALECT,
        "title": f"{cls.name} view",
        "description": "What one seat (or a spectator) may see of a game now: g.view(seat)",
        "type": "object",
        "properties": {
            "game": {"const": cls.name, "description": "the registered name of the game"},
            "seat": {**nullable_int, "description": "whose eyes: a seat, or null for a spectator"},
            "players": {
                "type": "array",
                "items": {"type": "string"},
                "description": "the players' names, by seat",
            },
            "to_act": {**nullable_int, "description": "the seat that must decide now, or null"},
            "prompt": {
                "description": "what the seat to act is asked, or null when nobody decides",
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "properties": {
                            "seat": {
                                "type": "integer",
                                "minimum": 0,
                                "description": "the seat that is asked",
                            },
                            "kind": {
                                "type": "string",
                                "description": "a short stable word for the question (roll, "
                                "bid, build, ...): the word of its main action",
                            },
                            "text": {
                                "type": "string",
                                "description": "the question in words and the game's money",
                            },
                        },
                        "required": ["seat", "kind", "text"],
                        "additionalProperties": False,
                    },
                ],
            },
            "chance": {
                "description": "the chance the game waits for (dice, a draw, a shuffle), or null",
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "properties": {
                            "kind": {
                                "enum": ["dice", "draw", "shuffle"],
                                "description": "dice (with count), a draw (deck, count, "
                                "size) or a shuffle (deck, size)",
                            }
                        },
                        "required": ["kind"],
                    },
                ],
            },
            "is_over": {"type": "boolean", "description": "true once the game has ended"},
            "result": {
                "description": "the final standings once the game is over, else null",
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "properties": {
                            "scores": {
                                "type": "array",
                                "items": {"type": "integer"},
                                "description": "each seat's final score, in the game's units",
                            },
                            "winners": {
                                "type": "array",
                                "items": {"type": "integer"},
                                "description": "the winning seats (several share a tie)",
                            },
                            "reason": {
                                "type": "string",
                                "description": "how the game ended, in words (may be empty)",
                            },
                        },
                        "required": ["scores", "winners", "reason"],
                    },
                ],
            },
            "state": state,
        },
        "required": [
            "game",
            "seat",
            "players",
            "to_act",
            "prompt",
            "chance",
            "is_over",
            "result",
            "state",
        ],
        "additionalProperties": False,
    }


def legal_schema(cls: type[Game]) -> dict[str, Any]:
    """The schema of the moves in a protocol ``legal`` answer of ``cls`` (docs/protocol.md):
    one entry per move in ``actions``, ``text``, ``labels`` and ``keys``, in the same order."""
    kinds: list[type[Record]] = list(cls.actions.by_name.values())
    strings = {"type": "array", "items": {"type": "string"}}
    return {
        "$schema": DIALECT,
        "title": f"{cls.name} legal moves",
        "type": "object",
        "properties": {
            "actions": {
                "type": "array",
                "items": {"oneOf": [{"$ref": f"#/$defs/{k.__name__}"} for k in kinds]},
                "description": "each move's JSON form (seats 0-based)",
            },
            "text": {**strings, "description": "each move's text form (players from 1)"},
            "labels": {
                **strings,
                "description": "each move in words for its button: players, cards, streets "
                "and buildings by name, money as the game writes it",
            },
            "amounts": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "word": {"type": "string"},
                        "min": {"type": "integer"},
                        "max": {"type": "integer"},
                        "step": {"type": "integer"},
                    },
                    "required": ["word", "min", "max", "step"],
                },
                "description": "moves typed with any amount: the word and its range",
            },
            "keys": {
                "type": "array",
                "items": strings,
                "description": "each move's places on the board picture",
            },
        },
        "required": ["actions", "text", "labels", "amounts"],
        "$defs": _defs(kinds),
    }


def schemas_for(cls: type[Game]) -> dict[str, dict[str, Any]]:
    """All the schemas of ``cls`` by name: action, event, view, save, and the protocol's
    legal moves."""
    return {
        "action": action_schema(cls),
        "event": event_schema(cls),
        "view": view_schema(cls),
        "save": save_schema(cls),
        "legal": legal_schema(cls),
    }


class SchemaChecker:
    """Validates a game's JSON against its schemas (needs the ``jsonschema`` package)."""

    def __init__(self, cls: type[Game]) -> None:
        import jsonschema

        schemas = schemas_for(cls)
        self._validators = {
            name: jsonschema.Draft202012Validator(schema) for name, schema in schemas.items()
        }
        # an action or event names its type: check it against that type's schema alone,
        # rather than trying every alternative of the oneOf (slow with many types)
        self._by_type: dict[tuple[str, str], Any] = {}
        for kind in ("action", "event"):
            defs = schemas[kind]["$defs"]
            for name in defs:
                ref = {"$ref": f"#/$defs/{name}", "$defs": defs}
                type_name = defs[name]["properties"]["type"]["const"]
                self._by_type[kind, type_name] = jsonschema.Draft202012Validator(ref)

    def errors(self, kind: str, value: Any) -> list[str]:
        """The schema errors of ``value`` as a ``kind`` (action, event, view, save, legal)."""
        if isinstance(value, dict) and isinstance(value.get("type"), str):
            one = self._by_type.get((kind, value["type"]))
            if one is not None:
                return [e.message for e in one.iter_errors(value)]
        return [e.message for e in self._validators[kind].iter_errors(value)]


def action_types(cls: type[Game]) -> list[type[Action]]:
    """The action classes of ``cls`` in name order."""
    return [k for _, k in sorted(cls.actions.by_word.items())]
