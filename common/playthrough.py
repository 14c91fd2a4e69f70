"""Golden playthroughs: a readable text record of a whole game, step by step.

For each step: who is asked what, the legal actions in text form, the choice or the chance
request and its outcome, the events, and the views: the spectator's in full at the first step,
then only its parts (top-level keys) that changed since the step before; each seat's as what
differs from the spectator's, written only when that changed (else ``=``). A change in any
rule's behaviour shows up as a diff of this file.
"""

from __future__ import annotations

import json
from typing import Any

from common.bots import RandomBot
from common.game import Game

_MISSING = object()


def _line(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def playthrough(game: Game, *, bot_seed: int = 0, max_steps: int | None = None) -> str:
    """Play ``game`` with random bots (seeded by ``bot_seed``) and return its playthrough text."""
    bots = [RandomBot(bot_seed * 1000 + s) for s in range(game.num_players)]
    out = [
        f"game: {game.name}",
        f"players: {', '.join(game.players)}",
        f"seed: {game.seed}",
        f"options: {_line(dict(game.options))}",
        f"bots: random (seed {bot_seed})",
        "",
    ]
    step = 0
    shown: dict[int | None, str] = {}
    before: dict[str, Any] | None = None
    while not game.is_over and (max_steps is None or step < max_steps):
        step += 1
        out.append(f"## step {step}")
        if game.chance is not None:
            out.append(f"chance: {game.chance.describe()}")
            events = game.resolve()
        else:
            prompt = game.prompt
            assert prompt is not None
            out.append(f"prompt: seat {prompt.seat} {prompt.kind}: {prompt.text}")
            legal = game.legal_actions()
            out.append("legal: " + " | ".join(str(a) for a in legal))
            action = bots[prompt.seat].choose(game, prompt.seat)
            out.append(f"chosen: {action}")
            events = game.apply(action)
        out.extend(f"event: {_line(e.to_json())}" for e in events)
        public = game.view(None)["state"]
        if before is None:
            out.append(f"view -: {_line(public)}")
        else:  # what changed: a view repeats much of itself (boards, tables) from step to step
            changed = {k: v for k, v in public.items() if before.get(k, _MISSING) != v}
            gone = sorted(k for k in before if k not in public)
            if changed or gone:
                out.append(f"view -: {_line({**changed, **({'(gone)': gone} if gone else {})})}")
            else:
                out.append("view -: =")
        before = public
        for seat in range(game.num_players):
            own = game.view(seat)["state"]
            # a seat's view is written as what differs from the spectator's
            differs = {k: v for k, v in own.items() if public.get(k, _MISSING) != v}
            gone = sorted(k for k in public if k not in own)
            line = _line({**differs, **({"(hidden)": gone} if gone else {})})
            out.append(f"view {seat}: {line}" if shown.get(seat) != line else f"view {seat}: =")
            shown[seat] = line
        out.append("")
    if game.is_over:
        out.append(f"result: {_line(game.result().to_json())}")
    else:
        out.append(f"(stopped after {step} steps)")
    return "\n".join(out) + "\n"
