"""Round-robin tournaments between bots, with seat rotation and Wilson confidence intervals."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from common.bots import Bot, play
from common.registry import get


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def tournament(
    game_name: str,
    bot_names: Sequence[str],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Every ordered pair (A, B): ``games`` games of one A against B in every other seat.

    A's seat rotates with the game index; game i of a pairing uses seed ``seed + i`` for every
    pairing, so the pairings meet the same dice. Shared wins count as a fraction.
    """
    info = get(game_name)
    n = players or info.cls.min_players
    opts = dict(options or {})
    rows = []
    for a, b in itertools.permutations(bot_names, 2):
        wins = 0.0
        for i in range(games):
            a_seat = i % n
            names = [a if s == a_seat else b for s in range(n)]
            bots: list[Bot] = [
                info.bot_factory(x)((seed + i) * 31 + s) for s, x in enumerate(names)
            ]
            game = info.new_game(players=n, seed=seed + i, **opts)
            result = play(game, bots)
            if a_seat in result.winners:
                wins += 1.0 / len(result.winners)
        low, high = wilson(wins, games)
        rows.append(
            {
                "bot": a,
                "against": b,
                "games": games,
                "wins": round(wins, 3),
                "win_rate": round(wins / games, 4) if games else 0.0,
                "ci95": [round(low, 4), round(high, 4)],
                "fair_share": round(1 / n, 4),
            }
        )
    return {
        "game": game_name,
        "players": n,
        "seed": seed,
        "bots": list(bot_names),
        "pairings": rows,
    }
