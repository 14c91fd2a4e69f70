"""Round-robin tournaments between bots: both rows of a pair from the same games, Wilson 95%
intervals, and each bot's time a move.

Every pair of bots {A, B} plays ``games`` games. In game i the seats alternate between A and
B round the table, starting at seat ``i % players`` (with an odd number of players the bot
with the extra seat changes every ``players`` games), and the game's seed is ``seed + i`` for
every pair, so every pair meets the same dice. The rows "A against B" and "B against A" are
read from those same games, so they add up: A's share of the wins and B's make every game
that has a winner, and A's ``ahead_rate`` against B and B's against A make 1.
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

import attrs

from common import botspec
from common.bots import Bot
from common.botspec import BotLike
from common.game import Game, Result
from common.registry import get

if TYPE_CHECKING:  # the simulation reads this module's intervals: imported where used
    from common.simulation import GameRecord


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seating(players: int, index: int) -> tuple[int, ...]:
    """Which of the pair (0: A, 1: B) sits at each seat in game ``index`` of a pairing.

    The two alternate round the table from seat ``index % players``; with an odd number of
    players A has the extra seat in the first ``players`` games, B in the next, and so on, so
    every ``2 * players`` games give each bot each seat equally often.
    """
    start = index % players
    flip = (index // players) % 2 if players % 2 else 0
    return tuple(((s - start) % players + flip) % 2 for s in range(players))


def ahead_share(result: Result, seat: int) -> float:
    """The share of the other seats that ``seat`` finished ahead of (a tie counts half).

    A winner is ahead of a loser whatever the scores (a game may rank a bankrupt seat last);
    otherwise the higher score is ahead.
    """
    others = [s for s in range(len(result.scores)) if s != seat]
    return sum(ahead(result, seat, s) for s in others) / len(others)


def ahead(result: Result, seat: int, other: int) -> float:
    """1 if ``seat`` finished ahead of ``other``, 0 if behind, 0.5 if level."""
    mine = (seat in result.winners, result.scores[seat])
    theirs = (other in result.winners, result.scores[other])
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


@attrs.frozen
class PairGame:
    """One game of a pairing as the table needs it: A's and B's results in it."""

    seats: tuple[int, ...]  # 0 for A, 1 for B, by seat
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    #: seconds of CPU each decision of A's seats, then of B's seats, took
    times: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())
    #: the game's record (``common.simulation.GameRecord``), None for a game made by hand
    record: GameRecord | None = None

    def won(self, side: int) -> bool:
        """True if a seat of ``side`` is among the winners."""
        return any(self.seats[w] == side for w in self.winners)

    def share(self, side: int) -> float:
        """``side``'s share of the win: its winners over all winners."""
        if not self.winners:
            return 0.0
        return sum(1 for w in self.winners if self.seats[w] == side) / len(self.winners)

    def ahead(self, side: int) -> float:
        """Over every (``side`` seat, other side's seat), the share ``side`` finished ahead."""
        result = Result(self.scores, self.winners, "")
        pairs = [
            ahead(result, s, t)
            for s, x in enumerate(self.seats)
            for t, y in enumerate(self.seats)
            if x == side and y != side
        ]
        return sum(pairs) / len(pairs)


class _Timed:
    """A bot whose every ``choose`` is timed in seconds of this process's CPU."""

    def __init__(self, bot: Bot, into: list[float]) -> None:
        self.bot = bot
        self.into = into

    def choose(self, game: Game, seat: int) -> Any:
        """The wrapped bot's choice, timed."""
        start = time.process_time()
        action = self.bot.choose(game, seat)
        self.into.append(time.process_time() - start)
        return action


def _one_game(
    args: tuple[str, BotLike, BotLike, int, int, int, dict[str, Any], bool],
) -> PairGame:
    """Play game ``i`` of the pairing (A, B)."""
    game_name, a, b, n, seed, i, opts, timing = args
    info = get(game_name)
    makers = (botspec.factory_of(info, a), botspec.factory_of(info, b))
    seats = seating(n, i)
    times: tuple[list[float], list[float]] = ([], [])
    bots: list[Bot] = []
    for s, side in enumerate(seats):
        bot = makers[side]((seed + i) * 31 + s)
        bots.append(_Timed(bot, times[side]) if timing else bot)
    game = info.new_game(players=n, seed=seed + i, options=opts)
    names = [botspec.label(a if side == 0 else b) for side in seats]
    from common.simulation import play_recorded

    record = play_recorded(info, game, bots, names, i)
    return PairGame(
        seats, record.scores, record.winners, (tuple(times[0]), tuple(times[1])), record
    )


def quantiles(samples: Sequence[float]) -> dict[str, float | int]:
    """Milliseconds a decision: median, 90th percentile, mean and max of ``samples`` (s)."""
    if not samples:
        return {"decisions": 0, "median_ms": 0.0, "p90_ms": 0.0, "mean_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]
    return {
        "decisions": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1e3, 3),
        "p90_ms": round(p90 * 1e3, 3),
        "mean_ms": round(statistics.fmean(ordered) * 1e3, 3),
        "max_ms": round(ordered[-1] * 1e3, 3),
    }


def tournament(
    game_name: str,
    bots: Sequence[BotLike],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    timing: bool = False,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Every pair of ``bots`` plays ``games`` games (module docstring); the table as JSON.

    Each row, bot against another: ``wins`` the games it won (a shared win is a win for each
    winner), ``win_share`` its share of the wins (a win shared with the other bot counts by
    the number of its seats among the winners), ``win_rate`` that share a game with its Wilson
    95% ``ci95``, ``fair_share`` its share of the seats, and ``ahead_rate`` (``ahead_ci95``)
    the share of head-to-heads (an own seat against one of the other bot's) it finished ahead
    in (a winner ahead of a loser, else the higher score; a tie half). With two players
    ``ahead_rate`` is the win rate. ``standings`` orders the bots by their mean
    ``ahead_rate`` over the others. With ``timing`` every decision is timed in CPU seconds and
    ``timing`` gives each bot's quantiles in milliseconds. Any ``jobs`` gives the same table
    (but for the times).
    """
    info = get(game_name)
    n = players or info.cls.min_players
    opts = dict(options or {})
    names = botspec.labels(bots)
    if len(set(names)) != len(names):
        raise botspec.BotError(f"a tournament needs different bots, got {', '.join(names)}")
    botspec.check(info, bots)
    if jobs > 1:
        botspec.check_picklable(bots, "other processes")
    pairs = list(itertools.combinations(range(len(bots)), 2))
    tasks = [
        (game_name, bots[a], bots[b], n, seed, i, opts, timing)
        for a, b in pairs
        for i in range(games)
    ]
    outcomes: list[PairGame] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for got in pool.map(_one_game, tasks, chunksize=1):
                outcomes.append(got)
                if progress:
                    progress(1)
    else:
        for task in tasks:
            outcomes.append(_one_game(task))
            if progress:
                progress(1)
    rows: list[dict[str, Any]] = []
    times: dict[str, list[float]] = {name: [] for name in names}
    for k, (a, b) in enumerate(pairs):
        mine = outcomes[k * games : (k + 1) * games]
        for g in mine:
            times[names[a]].extend(g.times[0])
            times[names[b]].extend(g.times[1])
        for side, (x, y) in enumerate(((a, b), (b, a))):
            rows.append(_row(names[x], names[y], side, mine, n))
    rows.sort(key=lambda r: (names.index(r["bot"]), names.index(r["against"])))
    standings: list[dict[str, Any]] = []
    for name in names:
        own = [r for r in rows if r["bot"] == name]
        standings.append(
            {
                "bot": name,
                "mean_ahead_rate": round(statistics.fmean(r["ahead_rate"] for r in own), 4),
                "mean_win_rate": round(statistics.fmean(r["win_rate"] for r in own), 4),
            }
        )
    standings.sort(key=lambda s: -float(s["mean_ahead_rate"]))
    from common.simulation import engine_version

    table: dict[str, Any] = {
        "game": game_name,
        "players": n,
        "options": dict(opts),
        "engine": engine_version(),
        "seed": seed,
        "games_per_pair": games,
        "bots": list(names),
        "pairings": rows,
        "standings": standings,
        # every game of every pairing, in the pairings' order
        "records": [
            {"pair": [names[a], names[b]], **g.record.to_json()}
            for k, (a, b) in enumerate(pairs)
            for g in outcomes[k * games : (k + 1) * games]
            if g.record is not None
        ],
    }
    if timing:
        table["timing"] = {name: quantiles(times[name]) for name in names}
    return table


def _row(bot: str, against: str, side: int, mine: Sequence[PairGame], n: int) -> dict[str, Any]:
    """The row of ``bot`` (side ``side`` of the pairing) against ``against``."""
    games = len(mine)
    wins = sum(g.won(side) for g in mine)
    share = sum(g.share(side) for g in mine)
    ahead_sum = sum(g.ahead(side) for g in mine)
    seats = sum(g.seats.count(side) for g in mine)
    low, high = wilson(share, games)
    a_low, a_high = wilson(ahead_sum, games)
    return {
        "bot": bot,
        "against": against,
        "games": games,
        "wins": wins,
        "win_share": round(share, 3),
        "win_rate": round(share / games, 4) if games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "fair_share": round(seats / (games * n), 4) if games else 0.0,
        "ahead_rate": round(ahead_sum / games, 4) if games else 0.0,
        "ahead_ci95": [round(a_low, 4), round(a_high, 4)],
    }


def markdown(table: dict[str, Any]) -> str:
    """The table as Markdown: the pairings, the standings and (if timed) each bot's times."""
    lines = [
        "| bot | against | games | wins | win rate | 95% CI | fair share | ahead rate |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in table["pairings"]:
        lines.append(
            f"| `{r['bot']}` | `{r['against']}` | {r['games']} | {r['wins']} | "
            f"{r['win_rate']:.1%} | {r['ci95'][0]:.1%}-{r['ci95'][1]:.1%} | "
            f"{r['fair_share']:.0%} | {r['ahead_rate']:.1%} |"
        )
    timing = table.get("timing")
    lines += [
        "",
        "| bot | mean ahead rate | mean win rate |"
        + (" CPU ms a move: median | p90 | max |" if timing else ""),
        "|---|---|---|" + ("---|---|---|" if timing else ""),
    ]
    for s in table["standings"]:
        line = f"| `{s['bot']}` | {s['mean_ahead_rate']:.1%} | {s['mean_win_rate']:.1%} |"
        if timing:
            t = timing[s["bot"]]
            line += f" {t['median_ms']:.2f} | {t['p90_ms']:.2f} | {t['max_ms']:.1f} |"
        lines.append(line)
    return "\n".join(lines)
