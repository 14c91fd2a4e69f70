"""Drive ``metro serve`` as a subprocess over its JSON-lines protocol, as a front end would.

Starts the server, opens a game, lets the engine roll the dice, always takes the first legal
action, and prints the result. Any game works: ``python examples/serve_client.py metropolia``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


class Engine:
    """A tiny client: one request line out, one response line back."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "common", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, **request: Any) -> dict[str, Any]:
        """Send one request and return its answer; raise on an error answer."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer: dict[str, Any] = json.loads(self.proc.stdout.readline())
        if not answer["ok"]:
            raise RuntimeError(f"{answer['error']['code']}: {answer['error']['message']}")
        return answer

    def close(self) -> None:
        """Close the server's input; it exits."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def main(game: str = "metrocity", seed: int = 1) -> dict[str, Any]:
    """Play one game through the server and return the final spectator view."""
    engine = Engine()
    try:
        state = engine.ask(cmd="new", game=game, seed=seed)
        gid = state["id"]
        while not state["is_over"]:
            if state["chance"] is not None:
                state = engine.ask(cmd="resolve", id=gid, outcome=None)
            else:
                legal = engine.ask(cmd="legal", id=gid, seat=state["to_act"])
                state = engine.ask(cmd="apply", id=gid, action=legal["actions"][0])
        view: dict[str, Any] = engine.ask(cmd="view", id=gid, seat=None)["view"]
        return view
    finally:
        engine.close()


if __name__ == "__main__":
    final = main(sys.argv[1] if len(sys.argv) > 1 else "metrocity")
    print(json.dumps(final["result"]))
