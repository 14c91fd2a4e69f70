"""The public path's floor: ``public_batch``'s games with each call cut to what it cannot avoid.

An experiment, not a way to play: ``legal_actions()`` is a call that returns the game's own
sequence, ``apply()`` is the kernel's decision step (``common.kernel.decide``) and its
``LogSlice`` with no check at all (a caller's list could grant a move), and ``resolve()`` is
the real one. It shows how near ``play()`` the public path could come by slimming the core's
calls alone: ``python benchmarks/instructions.py --path all``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from common.actions import Action
from common.events import LogSlice
from common.game import Game
from common.kernel import decide
from common.registry import GameInfo


def floor_batch(
    info: GameInfo, n: int, players: int | None, seed: int, options: Mapping[str, Any]
) -> tuple[int, int, Game]:
    """Play ``public_batch``'s games through the cut-down calls; decisions, outcomes, first game."""
    actions = outcomes = 0
    first: Game | None = None
    new_slice = object.__new__
    for i in range(n):
        game = info.new_game(players=players, seed=seed + i, options=options)
        choice = random.Random(seed + i).choice

        def legal_actions(game: Game = game) -> Any:
            return game._legal_actions()

        def apply(action: Action, game: Game = game) -> LogSlice:
            out = new_slice(LogSlice)
            out._start = decide(game, game._pending.seat, action)  # type: ignore[union-attr]
            out._log = game._log
            out._stop = len(game._log._items)
            return out

        resolve = game.resolve  # it has no check to cut
        while not game.is_over:
            if game.chance is not None:
                resolve()
            else:
                apply(choice(legal_actions()))
        actions += game.decisions
        outcomes += game._chance_count
        first = first or game
    assert first is not None
    return actions, outcomes, first
