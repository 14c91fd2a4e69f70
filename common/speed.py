"""The batches of random games that ``metro bench`` and the benchmarks time.

Two ways through the same games:
- ``random_batch``: ``play()`` with a ``RandomBot`` a seat, the core's own loop;
- ``public_batch``: the loop a library user writes, through the public contract only:
  ``legal_actions()``, a choice by ``random.Random``, ``apply()``, and ``resolve()`` for
  chance.
Game i of a batch is seeded ``seed + i`` in both.

``warm_up`` plays a tenth of a batch untimed and ``loop_rate`` measures the machine: ``metro
bench`` and ``benchmarks/speed_states.py`` use both.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Any

from common.bots import RandomBot, play
from common.game import Game
from common.registry import GameInfo


def random_batch(
    info: GameInfo,
    n: int,
    players: int | None,
    seed: int,
    options: Mapping[str, Any],
    *,
    read_log: bool = False,
) -> tuple[int, int, Game]:
    """Play n games with random bots (game i: seed + i); decisions, chance outcomes, first game.

    With ``read_log`` every event of each log is built and read after the game (a recorded
    event is made only when read: this is the cost of a caller that reads the whole log).
    """
    actions = outcomes = 0
    first: Game | None = None
    for i in range(n):
        game = info.new_game(players=players, seed=seed + i, options=options)
        play(game, [RandomBot(seed + i + k) for k in range(game.num_players)])
        if read_log:
            for _ in game.events:
                pass
        actions += game.decisions
        outcomes += game._chance_count
        first = first or game  # keep one game, not all: the collector would walk them
    assert first is not None
    return actions, outcomes, first


def public_batch(
    info: GameInfo, n: int, players: int | None, seed: int, options: Mapping[str, Any]
) -> tuple[int, int, Game]:
    """The games of ``random_batch``, played as a user's loop plays them (module docstring).

    A uniform choice among the legal actions with ``random.Random(seed + i).choice``; the
    results are the same kind as ``random_batch``'s (decisions, chance outcomes, first game).
    """
    actions = outcomes = 0
    first: Game | None = None
    for i in range(n):
        game = info.new_game(players=players, seed=seed + i, options=options)
        choice = random.Random(seed + i).choice
        while not game.is_over:
            if game.chance is not None:
                game.resolve()
            else:
                game.apply(choice(game.legal_actions()))
        actions += game.decisions
        outcomes += game._chance_count
        first = first or game
    assert first is not None
    return actions, outcomes, first


#: iterations of ``loop_rate``'s fixed loop
_LOOP = 1_000_000


def loop_rate() -> float:
    """Millions of iterations a second of a fixed pure-Python loop, the fastest of three.

    A shared machine's speed changes from minute to minute (by half on the project's VM), so
    ``metro bench`` prints it beside its figures: compare runs at like speeds.
    """
    best = math.inf
    count = 0
    for _ in range(3):
        start = time.perf_counter()
        count = 0
        for _ in range(_LOOP):
            count += 1
        best = min(best, time.perf_counter() - start)
    return count / best / 1e6


def warm_up(
    info: GameInfo, n: int, players: int | None, seed: int, options: Mapping[str, Any]
) -> None:
    """Play a tenth of an ``n``-game batch untimed, before timing it: the process's one-time
    tables and the interpreter's specialisation are paid here, not by the first timed run."""
    random_batch(info, max(1, n // 10), players, seed, options)
