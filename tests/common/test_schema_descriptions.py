"""Every field a front end reads is described in the JSON Schemas (issue 26).

An action's or event's field takes its description from its attrs metadata
(``common.codec.doc``); a view's property from the game's ``state_schema`` or the core's
envelope. For every registered game: each field of each action class and event class (the
game's and the core's) has a non-empty description in the generated schema, and so has each
property of the view schema, however deep (nested objects, items, oneOf/anyOf alternatives,
$defs).
"""

from __future__ import annotations

import copy
from typing import Any

import attrs
import pytest

from common import Event, games
from common.codec import doc
from common.events import CORE_EVENTS
from common.game import Game
from common.schema import action_schema, event_schema, view_schema

GAMES = sorted(games())

#: the keywords whose value is one schema, or a list of schemas, to look into
_ONE = ("items", "additionalProperties", "contains", "not", "if", "then", "else")
_MANY = ("prefixItems", "oneOf", "anyOf", "allOf")
#: the keywords whose value maps names to schemas that are not themselves properties
_MAPS = ("patternProperties", "$defs", "dependentSchemas")


def undescribed(schema: Any, path: str = "") -> list[str]:
    """The paths of the properties in ``schema`` (anywhere in it) with no description."""
    missing: list[str] = []
    if not isinstance(schema, dict):
        return missing
    for name, sub in schema.get("properties", {}).items():
        where = f"{path}.{name}" if path else name
        text = sub.get("description") if isinstance(sub, dict) else None
        if not (isinstance(text, str) and text.strip()):
            missing.append(where)
        missing += undescribed(sub, where)
    for key in _ONE:
        missing += undescribed(schema.get(key), f"{path}[{key}]")
    for key in _MANY:
        for i, sub in enumerate(schema.get(key, ())):
            missing += undescribed(sub, f"{path}[{key} {i}]")
    for key in _MAPS:
        for name, sub in schema.get(key, {}).items():
            missing += undescribed(sub, f"{path}[{key} {name}]")
    return missing


def record_classes(cls: type[Game]) -> dict[str, list[type[Any]]]:
    """The action classes and the event classes (the core's and the game's) of ``cls``."""
    return {
        "action": list(cls.actions.by_name.values()),
        "event": [*CORE_EVENTS, *cls.game_events],
    }


def undescribed_fields(schema: dict[str, Any], kinds: list[type[Any]]) -> list[str]:
    """The ``Class.field`` of each attrs field of ``kinds`` with no description in ``schema``
    (its ``$defs``), and of each field the schema lacks altogether."""
    missing = []
    for kind in kinds:
        props = schema["$defs"][kind.__name__]["properties"]
        for field in attrs.fields(kind):
            text = props.get(field.name, {}).get("description")
            if not (isinstance(text, str) and text.strip()):
                missing.append(f"{kind.__name__}.{field.name}")
    return missing


def test_the_four_games_are_checked() -> None:
    assert {"metrocity", "metropoli", "metropolia", "metropolis_lots"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_action_and_event_field_is_described(game: str) -> None:
    cls = games()[game].cls
    kinds = record_classes(cls)
    assert undescribed_fields(action_schema(cls), kinds["action"]) == []
    # the event schema holds the actions too: the logged ActionTaken and ActionForced
    assert undescribed_fields(event_schema(cls), kinds["event"] + kinds["action"]) == []
    assert kinds["action"] and len(kinds["event"]) > len(CORE_EVENTS)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("which", ["action", "event", "view"])
def test_every_property_of_the_schemas_is_described(game: str, which: str) -> None:
    cls = games()[game].cls
    schema = {"action": action_schema, "event": event_schema, "view": view_schema}[which](cls)
    assert undescribed(schema) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_view_describes_its_state_and_more_than_the_core(game: str) -> None:
    """The game's own state is described by the game, not only the core's fallback."""
    cls = games()[game].cls
    state = view_schema(cls)["properties"]["state"]
    assert state["description"] == getattr(cls, "state_schema", {}).get("description")
    assert len(state["properties"]) >= 5


@attrs.frozen
class _HalfDescribed(Event):
    """An event with one field described and one not: the check must name the second."""

    seat: int = doc("the seat it is about")
    amount: int = 0


def test_the_checks_find_one_missing_description() -> None:
    schema = {"$defs": {"_HalfDescribed": _HalfDescribed.json_schema()}}
    assert undescribed_fields(schema, [_HalfDescribed]) == ["_HalfDescribed.amount"]
    assert undescribed(schema) == ["[$defs _HalfDescribed].amount"]
    # a description removed anywhere in a view, however deep, is found
    view = view_schema(games()["metropolis_lots"].cls)
    found = copy.deepcopy(view)
    del found["properties"]["state"]["properties"]["trade"]["oneOf"][1]["properties"]["give"][
        "description"
    ]
    assert undescribed(found) == ["state.trade[oneOf 1].give"]
    blank = copy.deepcopy(view)
    blank["properties"]["state"]["properties"]["board"]["properties"]["river"]["description"] = ""
    assert undescribed(blank) == ["state.board.river"]
