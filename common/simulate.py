"""Batch simulation: many bot games with deterministic per-game seeds, serial or in processes."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from common.bots import Bot, play
from common.registry import get

#: seconds to wait for a Dask scheduler to answer before giving up on it
CONNECT_TIMEOUT = 5.0


@attrs.frozen
class GameRecord:
    """One finished simulated game: its seed, which bot sat where, scores, winners, length."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    events: int


def seat_bots(bot_names: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot of each seat in game ``index``: the list repeated, rotated by the game index."""
    return tuple(bot_names[(seat + index) % len(bot_names)] for seat in range(players))


def play_one(
    game_name: str,
    players: int,
    seed: int,
    index: int,
    bot_names: Sequence[str],
    options: dict[str, Any],
) -> GameRecord:
    """Play game ``index`` of a batch (seed ``seed + index``) and return its record."""
    info = get(game_name)
    game_seed = seed + index
    names = seat_bots(bot_names, players, index)
    bots: list[Bot] = [info.bot_factory(n)(game_seed * 31 + seat) for seat, n in enumerate(names)]
    game = info.new_game(players=players, seed=game_seed, **options)
    result = play(game, bots)
    return GameRecord(
        game_seed, names, result.scores, result.winners, game.decisions, len(game.events)
    )


def _play_chunk(
    args: tuple[str, int, int, list[int], tuple[str, ...], dict[str, Any]],
) -> list[GameRecord]:
    game_name, players, seed, indices, bot_names, options = args
    return [play_one(game_name, players, seed, i, bot_names, options) for i in indices]


def simulate(
    game_name: str,
    *,
    games: int,
    players: int,
    seed: int,
    bot_names: Sequence[str],
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> list[GameRecord]:
    """Play ``games`` games; game i uses seed ``seed + i``, so any ``jobs`` gives equal records.

    With ``scheduler`` the batches go to that Dask scheduler; one that cannot be used (the
    ``[dask]`` extra missing, a bad address, none answering within ``connect_timeout``
    seconds) raises SchedulerError.
    """
    opts = dict(options or {})
    names = tuple(bot_names)
    if scheduler is not None:
        client = connect(scheduler, connect_timeout)
        return _simulate_dask(client, game_name, games, players, seed, names, opts, progress)
    if jobs <= 1:
        out = []
        for i in range(games):
            out.append(play_one(game_name, players, seed, i, names, opts))
            if progress:
                progress(1)
        return out
    # batches small enough that the last ones leave no process idle for long (a batch of 20
    # games of the slowest game takes about 0.06 s), large enough that sending them is cheap
    chunk = max(1, min(20, games // (jobs * 8)))
    batches = [list(range(s, min(games, s + chunk))) for s in range(0, games, chunk)]
    records: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for got in pool.map(
            _play_chunk, [(game_name, players, seed, b, names, opts) for b in batches]
        ):
            records.extend(got)
            if progress:
                progress(len(got))
    return records


def summarize(records: Iterable[GameRecord], players: int) -> dict[str, Any]:
    """Wins per seat and per bot (shared wins count as a fraction), and game lengths."""
    recs = list(records)
    by_seat = [0.0] * players
    by_bot: dict[str, list[float]] = {}
    for r in recs:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        for name in set(r.bots):
            by_bot.setdefault(name, [0.0, 0.0])[1] += 1
        for seat, name in enumerate(r.bots):
            entry = by_bot[name]
            if seat in r.winners:
                entry[0] += share
                by_seat[seat] += share
    n = len(recs) or 1
    lengths = [r.decisions for r in recs] or [0]
    return {
        "games": len(recs),
        "wins_by_seat": [round(w, 3) for w in by_seat],
        "win_rate_by_seat": [round(w / n, 4) for w in by_seat],
        "wins_by_bot": {k: round(v[0], 3) for k, v in sorted(by_bot.items())},
        "games_by_bot": {k: int(v[1]) for k, v in sorted(by_bot.items())},
        "win_rate_by_bot": {k: round(v[0] / v[1], 4) for k, v in sorted(by_bot.items())},
        "mean_decisions": round(sum(lengths) / n, 2),
        "max_decisions": max(lengths),
    }


def timed(fn: Callable[[], Any], *, min_time: float = 0.2) -> float:
    """Seconds per call of ``fn``, averaged over at least ``min_time`` seconds."""
    calls = 0
    start = time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return elapsed / calls


class SchedulerError(RuntimeError):
    """A Dask scheduler that cannot be used: the extra is missing, or the address is wrong."""


def connect(scheduler: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A ``distributed.Client`` of the scheduler at ``scheduler``; SchedulerError if none.

    A TCP address is tried with a plain socket first, so that a port nobody listens on is
    refused at once (the client itself retries until its timeout).
    """
    try:
        from distributed import Client
        from distributed.comm.addressing import get_address_host_port
    except ImportError as exc:
        raise SchedulerError(
            "--scheduler needs the [dask] extra: pip install 'metro-engines[dask]' "
            "(or pip install -e '.[dask]' in a checkout)"
        ) from exc
    try:
        host, port = get_address_host_port(scheduler)
    except ValueError as exc:
        if "://" not in scheduler:
            raise SchedulerError(
                f"{scheduler!r} is not a scheduler address: expected tcp://HOST:PORT ({exc})"
            ) from exc
        host = None  # an address without a host and port (inproc://): the client decides
    if host is not None:
        try:
            socket.create_connection((host, port), timeout=timeout).close()
        except OSError as exc:
            raise SchedulerError(
                f"no Dask scheduler answers at {scheduler}: {exc.strerror or exc}"
            ) from exc
    # the client is made in a thread with a deadline of its own: a port that accepts the
    # connection and then says nothing (or something that is not Dask) would hold it longer
    made: dict[str, Any] = {}

    def make() -> None:
        try:
            made["client"] = Client(scheduler, timeout=timeout)  # type: ignore[no-untyped-call, unused-ignore]
        except BaseException as exc:  # any failure means this address is no scheduler to use
            made["error"] = exc

    worker = threading.Thread(target=make, name="metro-dask-connect", daemon=True)
    worker.start()
    worker.join(timeout + 1)
    if "client" in made:
        return made["client"]
    if worker.is_alive():
        raise SchedulerError(f"no Dask scheduler answers at {scheduler} within {timeout:g} s")
    error = made["error"]
    raise SchedulerError(
        f"cannot use the Dask scheduler at {scheduler}: {type(error).__name__}: {error}"
    ) from error


def _simulate_dask(
    client: Any,
    game_name: str,
    games: int,
    players: int,
    seed: int,
    names: tuple[str, ...],
    opts: dict[str, Any],
    progress: Callable[[int], None] | None,
) -> list[GameRecord]:
    """Send batches of game indices to a Dask distributed cluster and gather the records."""
    chunk = 25
    batches = [list(range(s, min(games, s + chunk))) for s in range(0, games, chunk)]
    with client:
        futures = client.map(
            _play_chunk,
            [(game_name, players, seed, b, names, opts) for b in batches],
            pure=False,
        )
        records: list[GameRecord] = []
        for got in client.gather(futures):
            records.extend(got)
            if progress:
                progress(len(got))
    return records
