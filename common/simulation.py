"""Batch simulation: many bot games with deterministic per-game seeds, serial, in processes or
on a Dask cluster, with a record of every game and the statistics of the batch.

>>> import common
>>> records = common.simulate("metrocity", bots=["heuristic", "random"], games=4, seed=1)
>>> [r.bots for r in records[:2]]
[('heuristic', 'random'), ('random', 'heuristic')]
>>> summary = common.simulation.summarize(records)
>>> summary["by_bot"]["heuristic"]["wins"]
4
"""

from __future__ import annotations

import csv
import io
import json
import os
import pickle
import socket
import statistics
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

from common import botspec
from common.bots import Bot
from common.botspec import BotError, BotLike
from common.codec import thaw
from common.game import Game
from common.registry import GameInfo, get
from common.tournament import wilson

#: seconds to wait for a Dask scheduler to answer before giving up on it
CONNECT_TIMEOUT = 5.0

#: a game to simulate: a registered name, or a function of the seed that makes the game
GameLike = str | Callable[[int], Game]


@attrs.frozen
class GameRecord:
    """One finished simulated game: its seed, which bot sat where, scores, winners, length.

    ``index`` is the game's number in its batch (its seed less the batch's); ``decisions``
    counts the decisions taken (forced ones included), ``turns`` the game's turns as the game
    counts them (None if it does not), ``events`` the entries of its log; ``extras`` are the
    game's own figures (``GameInfo.record_extras``: Metropolia's landmarks and coins, ...).
    ``game``, ``players``, ``options`` and ``engine`` (the engines' version) say what was
    played, so a file of records stands on its own; ``seconds`` is the game's wall time.
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    turns: int | None
    events: int
    extras: Mapping[str, Any] = attrs.field(factory=dict, hash=False)
    game: str = ""
    players: int = 0
    options: Mapping[str, Any] = attrs.field(factory=dict, hash=False)
    engine: str = ""
    #: the game's wall time in seconds (not part of a record's equality: it differs by run)
    seconds: float = attrs.field(default=0.0, eq=False)

    def to_json(self) -> dict[str, Any]:
        """The record as one JSON object (a line of ``--out FILE.jsonl``)."""
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "engine": self.engine,
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "decisions": self.decisions,
            "turns": self.turns,
            "events": self.events,
            "seconds": self.seconds,
            "extras": dict(self.extras),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """The record of ``to_json``'s object."""
        return cls(
            int(data["index"]),
            int(data["seed"]),
            tuple(data["bots"]),
            tuple(data["scores"]),
            tuple(data["winners"]),
            int(data["decisions"]),
            None if data.get("turns") is None else int(data["turns"]),
            int(data["events"]),
            dict(data.get("extras") or {}),
            str(data.get("game", "")),
            int(data.get("players", len(data["bots"]))),
            dict(data.get("options") or {}),
            str(data.get("engine", "")),
            float(data.get("seconds", 0.0)),
        )


def engine_version() -> str:
    """The installed version of the engines (``common.__version__``)."""
    import common

    return str(common.__version__)


def seat_bots(bot_names: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot of each seat in game ``index``: the list repeated, rotated by the game index."""
    return tuple(bot_names[(seat + index) % len(bot_names)] for seat in range(players))


def _seat_of(bots: Sequence[BotLike], players: int, index: int) -> list[int]:
    """Which of ``bots`` (by position) plays each seat in game ``index`` (as ``seat_bots``)."""
    return [(seat + index) % len(bots) for seat in range(players)]


@attrs.frozen
class _Batch:
    """What every game of a batch shares; sent once to each process with its game numbers."""

    game: GameLike
    players: int | None
    seed: int
    bots: tuple[BotLike, ...]
    names: tuple[str, ...]
    options: Mapping[str, Any]
    keep_saves: bool


def _make_game(batch: _Batch, seed: int) -> tuple[GameInfo, Game]:
    if isinstance(batch.game, str):
        info = get(batch.game)
        return info, info.new_game(players=batch.players, seed=seed, options=batch.options)
    game = batch.game(seed)
    if not isinstance(game, Game):
        raise BotError(f"the game factory made {type(game).__name__}, not a Game")
    return get(game.name), game


def play_one(
    batch: _Batch, index: int, makers: list[Callable[[int], Bot]] | None = None
) -> tuple[GameRecord, str | None]:
    """Play game ``index`` of a batch (seed ``seed + index``): its record (and save).

    ``makers`` are the bots' factories, when a caller playing many games has made them.
    """
    game_seed = batch.seed + index
    info, game = _make_game(batch, game_seed)
    order = _seat_of(batch.bots, game.num_players, index)
    if makers is None:
        makers = [botspec.factory_of(info, b) for b in batch.bots]
    bots: list[Bot] = [makers[k](game_seed * 31 + seat) for seat, k in enumerate(order)]
    record = play_recorded(info, game, bots, [batch.names[k] for k in order], index)
    return record, game.to_json() if batch.keep_saves else None


def play_recorded(
    info: GameInfo, game: Game, bots: Sequence[Bot], names: Sequence[str], index: int
) -> GameRecord:
    """Play ``game`` to its end with ``bots`` (named ``names``, by seat); its record."""
    start = time.perf_counter()
    result = botspec.play_or_say(game, bots, names, index)
    seconds = time.perf_counter() - start
    extras = dict(info.record_extras(game)) if info.record_extras is not None else {}
    turns = extras.pop("turns", None)
    return GameRecord(
        index,
        game.seed,
        tuple(names),
        result.scores,
        result.winners,
        game.decisions,
        turns,
        len(game.events),
        extras,
        game.name,
        game.num_players,
        thaw(dict(game.options)),
        engine_version(),
        round(seconds, 6),
    )


def _makers(batch: _Batch) -> list[Callable[[int], Bot]]:
    """The factories of the batch's bots, made once for many games."""
    info = get(batch.game) if isinstance(batch.game, str) else _make_game(batch, batch.seed)[0]
    return [botspec.factory_of(info, b) for b in batch.bots]


def _play_chunk(args: tuple[_Batch, list[int]]) -> list[tuple[GameRecord, str | None]]:
    batch, indices = args
    makers = _makers(batch)
    return [play_one(batch, i, makers) for i in indices]


def simulate(
    game: GameLike,
    bots: Sequence[BotLike] = ("random",),
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    save_games: str | os.PathLike[str] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games and return their records; game i uses seed ``seed + i``.

    ``game`` is a registered name (with ``players`` and rule ``options``) or a function of the
    seed that makes the game (``lambda seed: metropolia.new_game(seed=seed, plus=True)``).
    ``bots`` go round the seats, rotated by one seat each game: each a name (``heuristic``,
    ``mcts:400``, ``module:Class``), a bot class or factory called with the seat's seed, or
    a bot object (``common.botspec``). Any ``jobs`` gives the same records; with ``jobs``
    above 1 or a Dask ``scheduler`` the game factory and the bots are pickled, and one that
    cannot be (a lambda) is refused at once with that reason (``BotError``). A scheduler
    that cannot be used (the ``[dask]`` extra missing, a bad address, none answering within
    ``connect_timeout`` seconds) raises SchedulerError. With ``save_games`` each game's save
    is written there as ``game-SEED.json``.
    """
    if games < 0:
        raise ValueError(f"games must be 0 or more, got {games}")
    if not bots:
        raise BotError("name at least one bot")
    if not isinstance(game, str) and (players is not None or options):
        raise ValueError("players and options belong to the game factory when one is given")
    if isinstance(game, str):
        try:
            info = get(game)
        except KeyError as exc:
            raise BotError(str(exc.args[0])) from exc
    else:
        info = _make_game(_Batch(game, None, seed, (), (), {}, False), seed)[0]
    botspec.check(info, bots)
    batch = _Batch(
        game,
        players,
        seed,
        tuple(bots),
        botspec.labels(bots),
        dict(options or {}),
        save_games is not None,
    )
    where = "a Dask cluster" if scheduler is not None else "other processes"
    if scheduler is not None or jobs > 1:
        botspec.check_picklable(list(bots), where)
        try:
            pickle.dumps(game)
        except Exception as exc:
            raise BotError(
                f"the game factory cannot be sent to {where}: it cannot be pickled "
                f"({type(exc).__name__}); define it at the top level of a module (or give "
                "the game's name), or play with jobs=1"
            ) from exc
    folder = Path(save_games) if save_games is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    records: list[GameRecord] = []

    def take(got: list[tuple[GameRecord, str | None]]) -> None:
        for record, save in got:
            records.append(record)
            if folder is not None and save is not None:
                (folder / f"game-{record.seed}.json").write_text(save)
        if progress:
            progress(len(got))

    if scheduler is not None:
        client = connect(scheduler, connect_timeout)
        _simulate_dask(client, batch, games, take)
    elif jobs <= 1:
        makers = _makers(batch)
        for i in range(games):
            take([play_one(batch, i, makers)])
    else:
        # batches small enough that the last ones leave no process idle for long (a batch of
        # 20 games of the slowest game takes about 0.06 s), large enough that sending them
        # is cheap
        chunk = max(1, min(20, games // (jobs * 8)))
        chunks = [list(range(s, min(games, s + chunk))) for s in range(0, games, chunk)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for got in pool.map(_play_chunk, [(batch, c) for c in chunks]):
                take(got)
    return records


def dask_jobs(client: Any) -> int:
    """The threads a Dask client's workers run games in (what ``jobs`` means on Dask)."""
    try:
        return int(sum(client.nthreads().values()))
    except Exception:  # an odd client: say nothing rather than something wrong
        return 0


def _simulate_dask(
    client: Any,
    batch: _Batch,
    games: int,
    take: Callable[[list[tuple[GameRecord, str | None]]], None],
) -> None:
    """Send batches of game indices to a Dask distributed cluster and gather the records."""
    chunk = 25
    chunks = [list(range(s, min(games, s + chunk))) for s in range(0, games, chunk)]
    with client:
        futures = client.map(_play_chunk, [(batch, c) for c in chunks], pure=False)
        for got in client.gather(futures):
            take(got)


def _spread(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation (of the sample), median, min and max of ``values``."""
    if not values:
        return {"mean": 0.0, "sd": 0.0, "median": 0.0, "min": 0.0, "max": 0.0}
    return {
        "mean": round(statistics.fmean(values), 3),
        "sd": round(statistics.stdev(values), 3) if len(values) > 1 else 0.0,
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
    }


def _rates(wins: int, share: float, games: int) -> dict[str, Any]:
    low, high = wilson(share, games)
    return {
        "wins": wins,
        "win_share": round(share, 3),
        "win_rate": round(share / games, 4) if games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
    }


def summarize(records: Iterable[GameRecord]) -> dict[str, Any]:
    """The statistics of a batch (docs/core.md, "simulate's summary").

    Per bot and per seat: ``wins``, the games won, a shared win being a win for each winner
    (so wins may add up to more than the games); ``win_share``, the wins shared out (a win
    shared by k seats counts 1/k to each); ``win_rate``, the share over the games (as a
    tournament's), with its Wilson 95% interval ``ci95``; and the mean and spread of the
    scores. Then the spread of the games'
    lengths in decisions and turns, and how many games were shared or had no winner.
    """
    recs = list(records)
    players = max((len(r.bots) for r in recs), default=0)
    names: list[str] = []
    for r in recs:
        for b in r.bots:
            if b not in names:
                names.append(b)
    by_bot: dict[str, Any] = {}
    for name in names:
        played = [r for r in recs if name in r.bots]
        wins = sum(1 for r in played if any(r.bots[w] == name for w in r.winners))
        share = sum(
            sum(1 for w in r.winners if r.bots[w] == name) / len(r.winners)
            for r in played
            if r.winners
        )
        scores = [r.scores[s] for r in played for s, b in enumerate(r.bots) if b == name]
        seats = sum(r.bots.count(name) for r in played)
        by_bot[name] = {
            "games": len(played),
            "seats": seats,
            **_rates(wins, share, len(played)),
            "scores": _spread(scores),
        }
    by_seat = []
    for seat in range(players):
        present = [r for r in recs if seat < len(r.bots)]
        wins = sum(1 for r in present if seat in r.winners)
        share = sum(1 / len(r.winners) for r in present if seat in r.winners)
        by_seat.append(
            {
                "seat": seat,
                "games": len(present),
                **_rates(wins, share, len(present)),
                "scores": _spread([r.scores[seat] for r in present]),
            }
        )
    turns = [r.turns for r in recs if r.turns is not None]
    return {
        "games": len(recs),
        "bots": names,
        "by_bot": by_bot,
        "by_seat": by_seat,
        "decisions": _spread([r.decisions for r in recs]),
        "turns": _spread(turns) if turns else None,
        "shared_wins": sum(1 for r in recs if len(r.winners) > 1),
        "no_winner": sum(1 for r in recs if not r.winners),
    }


# ---------------------------------------------------------------- record files
def _flat(record: GameRecord) -> dict[str, Any]:
    """A record as one CSV row: a list becomes ``name[i]`` columns, winners ``0;2``."""
    row: dict[str, Any] = {
        "game": record.game,
        "players": record.players,
        "options": json.dumps(dict(record.options), sort_keys=True),
        "engine": record.engine,
        "index": record.index,
        "seed": record.seed,
    }
    for key, value in [
        ("bot", record.bots),
        ("score", record.scores),
    ]:
        for i, v in enumerate(value):
            row[f"{key}[{i}]"] = v
    row["winners"] = json.dumps(list(record.winners))
    row["decisions"] = record.decisions
    row["turns"] = "" if record.turns is None else record.turns
    row["events"] = record.events
    row["seconds"] = record.seconds
    for key, value in record.extras.items():
        if isinstance(value, list | tuple):
            for i, v in enumerate(value):
                row[f"{key}[{i}]"] = v
        else:
            row[key] = value
    return row


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _unflat(row: Mapping[str, str]) -> GameRecord:
    lists: dict[str, list[Any]] = {}
    plain: dict[str, Any] = {}
    for key, text in row.items():
        name, bracket, rest = key.partition("[")
        if bracket:
            lists.setdefault(name, []).append((int(rest.rstrip("]")), text))
        else:
            plain[key] = text

    def column(name: str, number: bool = True) -> list[Any]:
        cells = sorted(lists.pop(name, []))
        return [_number(t) if number else t for _, t in cells if t != ""]

    bots = tuple(column("bot", number=False))
    scores = tuple(column("score"))
    text = plain.pop("winners")  # a JSON list; files before the engine version were "0;2"
    old = map(int, filter(None, text.split(";")))
    winners = tuple(json.loads(text) if text.startswith("[") else old)
    index, seed = int(plain.pop("index")), int(plain.pop("seed"))
    decisions, events = int(plain.pop("decisions")), int(plain.pop("events"))
    turns_text = plain.pop("turns")
    game, engine = plain.pop("game", ""), plain.pop("engine", "")
    players = int(plain.pop("players", "") or len(bots))
    options = json.loads(plain.pop("options", "") or "{}")
    seconds = float(plain.pop("seconds", "") or 0.0)
    extras: dict[str, Any] = {k: _number(v) for k, v in plain.items()}
    extras.update({k: column(k) for k in list(lists)})
    turns = int(turns_text) if turns_text else None
    return GameRecord(
        index,
        seed,
        bots,
        scores,
        winners,
        decisions,
        turns,
        events,
        extras,
        game,
        players,
        options,
        engine,
        seconds,
    )


def long_rows(records: Iterable[GameRecord]) -> list[dict[str, Any]]:
    """One row a seat of every game (``simulate --long``), the tidy form pandas reads.

    Each row: the game's ``game``, ``players``, ``engine``, ``index``, ``seed``,
    ``decisions``, ``turns`` and ``seconds``, then the seat's ``seat``, ``bot``, ``score``,
    ``won`` (1 or 0), ``win_share`` (its share of the win: 1/k to each of k winners) and
    ``winners`` (how many shared the win); a game's own figures by seat (``extras`` lists)
    take that seat's element, the others are repeated.
    """
    out = []
    for r in records:
        winners = set(r.winners)
        for seat, bot in enumerate(r.bots):
            row: dict[str, Any] = {
                "game": r.game,
                "players": r.players,
                "engine": r.engine,
                "index": r.index,
                "seed": r.seed,
                "decisions": r.decisions,
                "turns": r.turns,
                "seconds": r.seconds,
                "seat": seat,
                "bot": bot,
                "score": r.scores[seat],
                "won": int(seat in winners),
                "win_share": 1.0 / len(winners) if seat in winners else 0.0,
                "winners": len(winners),
            }
            for key, value in r.extras.items():
                row[key] = value[seat] if isinstance(value, list | tuple) else value
            out.append(row)
    return out


def record_format(path: str | os.PathLike[str]) -> str:
    """``csv`` for a ``.csv`` file, ``jsonl`` for ``.jsonl``/``.json``/``.ndjson``; else
    ValueError."""
    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix in (".jsonl", ".json", ".ndjson"):
        return "jsonl"
    raise ValueError(f"{os.fspath(path)}: name a .jsonl (JSON lines) or .csv file for the records")


def records_text(records: Sequence[GameRecord], fmt: str, *, long: bool = False) -> str:
    """The records as JSON lines (``jsonl``) or CSV (``csv``), one game a line, or with
    ``long`` one seat a line (``long_rows``)."""
    if long:
        rows = long_rows(records)
        if fmt == "jsonl":
            return "".join(json.dumps(row) + "\n" for row in rows)
        return _csv(rows)
    if fmt == "jsonl":
        return "".join(json.dumps(r.to_json()) + "\n" for r in records)
    return _csv([_flat(r) for r in records])


def _csv(rows: list[dict[str, Any]]) -> str:
    """``rows`` as CSV, the columns in the order they first appear."""
    header: list[str] = []
    for row in rows:
        header += [k for k in row if k not in header]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def write_records(
    records: Sequence[GameRecord], path: str | os.PathLike[str], *, long: bool = False
) -> None:
    """Write the records to ``path``: CSV or JSON lines by its extension (``record_format``),
    one game a line, or with ``long`` one seat a line."""
    Path(path).write_text(records_text(records, record_format(path), long=long))


def read_records(path: str | os.PathLike[str]) -> list[GameRecord]:
    """The records of a file ``write_records`` wrote."""
    text = Path(path).read_text()
    if record_format(path) == "jsonl":
        return [GameRecord.from_json(json.loads(line)) for line in text.splitlines() if line]
    return [_unflat(row) for row in csv.DictReader(io.StringIO(text))]


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
