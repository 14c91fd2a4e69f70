"""The generated JSON Schemas accept what the engine writes and reject what it would refuse."""

from __future__ import annotations

import json

from common import RandomBot, play
from common.protocol import legal
from common.schema import SchemaChecker, schemas_for
from tests.common.toygame import Race
from tests.stepping import decisions


def test_schemas_accept_a_whole_game() -> None:
    checker = SchemaChecker(Race)
    g = Race(players=3, seed=2)
    play(g, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert checker.errors("save", json.loads(g.to_json())) == []
    for e in g.events:
        assert checker.errors("event", e.to_json()) == []
    for seat in (None, 0, 1, 2):
        assert checker.errors("view", g.view(seat)) == []


def test_schemas_reject_bad_values() -> None:
    checker = SchemaChecker(Race)
    assert checker.errors("action", {"type": "Roll", "dice": 3})
    assert checker.errors("action", {"type": "Roll", "dice": 1, "extra": 0})
    assert checker.errors("event", {"type": "Moved", "seat": "0", "to": 1})
    save = json.loads(Race(players=2, seed=1).to_json())
    save["game"] = "other"
    assert checker.errors("save", save)


def test_every_schema_is_itself_valid() -> None:
    import jsonschema

    for schema in schemas_for(Race).values():
        jsonschema.Draft202012Validator.check_schema(schema)


def test_the_legal_schema_accepts_every_legal_answer_and_wants_labels() -> None:
    checker = SchemaChecker(Race)
    g = Race(players=3, seed=2)
    for _ in decisions(g, 500):
        for seat in range(3):  # the seat to act has moves, the others none
            answer = legal(g, seat)
            assert checker.errors("legal", answer) == []
            assert len(answer["labels"]) == len(answer["text"]) == len(answer["actions"])
    assert g.is_over
    without = {k: v for k, v in legal(g, 0).items() if k != "labels"}
    assert checker.errors("legal", without)
