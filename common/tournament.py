"""Round-robin tournaments between bots, with seat rotation and Wilson confidence intervals."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from common.bots import Bot, play
from common.game import Result
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


def _one_game(
    args: tuple[str, str, str, int, int, int, dict[str, Any]],
) -> tuple[float, float]:
    """Play game ``i`` of pairing (a, b); return a's share of the win and of the head-to-heads."""
    game_name, a, b, n, seed, i, opts = args
    info = get(game_name)
    a_seat = i % n
    names = [a if s == a_seat else b for s in range(n)]
    bots: list[Bot] = [info.bot_factory(x)((seed + i) * 31 + s) for s, x in enumerate(names)]
    game = info.new_game(players=n, seed=seed + i, **opts)
    result = play(game, bots)
    win = 1.0 / len(result.winners) if a_seat in result.winners else 0.0
    return win, ahead_share(result, a_seat)


def ahead_share(result: Result, seat: int) -> float:
    """The share of the other seats that ``seat`` finished ahead of (a tie counts half).

    A winner is ahead of a loser whatever the scores (a game may rank a bankrupt seat last);
    otherwise the higher score is ahead.
    """
    mine = (seat in result.winners, result.scores[seat])
    ahead = 0.0
    others = [s for s in range(len(result.scores)) if s != seat]
    for s in others:
        theirs = (s in result.winners, result.scores[s])
        ahead += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return ahead / len(others)


def tournament(
    game_name: str,
    bot_names: Sequence[str],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    """Every ordered pair (A, B): ``games`` games of one A against B in every other seat.

    A's seat rotates with the game index; game i of a pairing uses seed ``seed + i`` for every
    pairing, so the pairings meet the same dice. Shared wins count as a fraction. ``ahead_rate``
    is the share of (game, B seat) pairs where A finished ahead of that B (a winner ahead of a
    loser, else the higher score; a tie counts half): with two players it is the win rate, with
    more it says how often A beats a given B. Any ``jobs`` gives the same table.
    """
    info = get(game_name)
    n = players or info.cls.min_players
    opts = dict(options or {})
    pairs = list(itertools.permutations(bot_names, 2))
    tasks = [(game_name, a, b, n, seed, i, opts) for a, b in pairs for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(_one_game, tasks, chunksize=1))
    else:
        outcomes = [_one_game(t) for t in tasks]
    rows = []
    for k, (a, b) in enumerate(pairs):
        mine = outcomes[k * games : (k + 1) * games]
        wins = sum(w for w, _ in mine)
        ahead = sum(h for _, h in mine)
        low, high = wilson(wins, games)
        a_low, a_high = wilson(ahead, games)
        rows.append(
            {
                "bot": a,
                "against": b,
                "games": games,
                "wins": round(wins, 3),
                "win_rate": round(wins / games, 4) if games else 0.0,
                "ci95": [round(low, 4), round(high, 4)],
                "fair_share": round(1 / n, 4),
                "ahead_rate": round(ahead / games, 4) if games else 0.0,
                "ahead_ci95": [round(a_low, 4), round(a_high, 4)],
            }
        )
    return {
        "game": game_name,
        "players": n,
        "seed": seed,
        "bots": list(bot_names),
        "pairings": rows,
    }
