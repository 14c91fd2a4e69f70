"""The recorded JSON-lines session in docs/sessions/ replays to the same answers.

Each line of the file is ``{"request": ..., "response": ...}``. To record it again after an
intended change: ``python tests/common/test_recorded_session.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from common.serve import Server

SESSION = Path(__file__).resolve().parents[2] / "docs" / "sessions" / "metrocity.jsonl"

REQUESTS: list[dict[str, Any]] = [
    {"cmd": "new", "game": "metrocity", "players": 2, "seed": 7, "rid": 2},
    {"cmd": "resolve", "id": "g1", "outcome": None, "rid": 3},
    {"cmd": "resolve", "id": "g1", "outcome": None, "rid": 4},
    {"cmd": "resolve", "id": "g1", "outcome": None, "rid": 5},
    {"cmd": "legal", "id": "g1", "seat": 1, "rid": 6},
    {"cmd": "apply", "id": "g1", "action": "fly away", "rid": 7},
    {"cmd": "view", "id": "g1", "seat": 5, "rid": 8},
    {"cmd": "new", "game": "metrocity", "players": 3, "rid": 9},
    {"cmd": "view", "id": "g1", "seat": 0, "rid": 10},
    {"cmd": "events", "id": "g1", "since": 0, "seat": 1, "rid": 11},
    {"cmd": "save", "id": "g1", "rid": 12},
    {"cmd": "bogus", "rid": 13},
    {"cmd": "legal", "id": "g1", "rid": 14},
    {"cmd": "new", "game": "metrocity", "id": "g1", "rid": 15},
    {"cmd": "view", "id": "g2", "rid": 16},
]


def record() -> list[dict[str, Any]]:
    """Run the requests through a fresh server; the first legal action is taken after rid 6."""
    server = Server()
    lines = []
    for request in REQUESTS:
        response = server.handle(request)
        lines.append({"request": request, "response": response})
        if request["rid"] == 6:
            follow = {"cmd": "apply", "id": "g1", "action": response["text"][0], "rid": 6.5}
            lines.append({"request": follow, "response": server.handle(follow)})
    return lines


def test_the_recorded_session_replays_to_the_same_answers() -> None:
    recorded = [json.loads(line) for line in SESSION.read_text().splitlines()]
    server = Server()
    for entry in recorded:
        answer = json.loads(json.dumps(server.handle(entry["request"])))
        assert answer == entry["response"], entry["request"]


if __name__ == "__main__":
    SESSION.write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in record()))
    print(f"wrote {SESSION}")
