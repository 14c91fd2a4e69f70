"""Where ``metro web`` keeps its games: a small ``Store`` interface, in memory, in SQLite and
in PostgreSQL, and the ``Writer`` that commits a store's writes off the event loop.

A game is kept as its save is (the event log, as JSON), with its seats (human, bot, or the
spectator's entry), the hash of each seat's token, and when it was made and last moved. The
host stores the events of every step before it answers it, so a host killed at any moment
comes back, replaying a game's log when a token asks for it, exactly at its last answered
move. Nothing is pickled: a store holds JSON text and plain columns only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeAlias

import attrs


@attrs.frozen
class SeatRecord:
    """One seat of a stored game: ``seat`` None is the spectators' entry."""

    seat: int | None
    kind: str  # "human", "bot" or "spectator"
    bot: str | None
    token_hash: str | None


@attrs.frozen
class StoredGame:
    """A game as the store gives it back: enough to replay it and to know its seats."""

    id: str
    game: str
    settings: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    events: tuple[dict[str, Any], ...]
    created: float
    updated: float
    over: bool = False


@attrs.frozen
class Found:
    """What the store knows of a token's game without replaying it: the game, the token's
    seat (None: the spectators'), its settings, whether it is over, and the summary the host
    wrote at its last step (``players``, ``decisions``, ``to_act``)."""

    id: str
    game: str
    seat: int | None
    settings: dict[str, Any]
    over: bool
    summary: dict[str, Any]


@attrs.frozen
class Created:
    """A write: a new game with its seats and no events yet."""

    gid: str
    game: str
    settings: dict[str, Any]
    seats: tuple[SeatRecord, ...]


@attrs.frozen
class Appended:
    """A write: ``events`` at indexes ``start``, ``start + 1``, ... of a game's log (what was
    at ``start`` or after is dropped: an undo), whether it is over, and its ``summary``."""

    gid: str
    start: int
    events: tuple[dict[str, Any], ...]
    over: bool
    summary: dict[str, Any] | None = None


#: one write of the host's, as ``Store.write`` takes them
Write: TypeAlias = Created | Appended

log = logging.getLogger("metro.web")


class Store(Protocol):
    """What ``metro web`` needs of a store. Each method is one transaction."""

    #: True where a write waits on a disk or a server (the host commits it in a thread of
    #: its own); False for a store in memory, written at once
    slow: bool

    def write(self, writes: Sequence[Write]) -> None:
        """Make every write of ``writes``, in order, in one transaction (one commit)."""
        ...

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        ...

    def append(
        self,
        gid: str,
        start: int,
        events: Sequence[dict[str, Any]],
        over: bool,
        summary: dict[str, Any] | None = None,
    ) -> None:
        """Put ``events`` at indexes ``start``, ``start + 1``, ... of the game's log, dropping
        any event at ``start`` or after (an undo), mark the game over or not, and keep its
        ``summary`` (what ``find`` gives back without a replay). A ``start`` past the log's
        end is refused (``ValueError``): a log never has a hole."""
        ...

    def find(self, token_hash: str) -> Found | None:
        """The game a token's hash opens, and its seat; None if it opens none."""
        ...

    def load(self, gid: str) -> StoredGame | None:
        """One game with its whole log; None if there is no such game."""
        ...

    def games(self, *, unfinished: bool = False) -> Iterator[StoredGame]:
        """Every stored game (only those not over, with ``unfinished``), with its whole log."""
        ...

    def close(self) -> None:
        """Let go of the store's connections."""
        ...


class _OneWrite:
    """``create`` and ``append``: a store's ``write`` of one."""

    def write(self, writes: Sequence[Write]) -> None:
        raise NotImplementedError

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        self.write([Created(gid, game, settings, tuple(seats))])

    def append(
        self,
        gid: str,
        start: int,
        events: Sequence[dict[str, Any]],
        over: bool,
        summary: dict[str, Any] | None = None,
    ) -> None:
        """Put ``events`` from index ``start`` on, dropping what was there; one commit."""
        self.write([Appended(gid, start, tuple(events), over, summary)])


class MemoryStore(_OneWrite):
    """A store that keeps everything in this process: for tests and throwaway hosts. A log
    is kept as JSON text, as the other stores keep it (never the caller's own objects)."""

    slow = False

    def __init__(self) -> None:
        self._games: dict[str, dict[str, Any]] = {}
        self._tokens: dict[str, tuple[str, int | None]] = {}

    def write(self, writes: Sequence[Write]) -> None:
        """Make every write, or none (as a transaction would): a token hash stored already,
        a game not stored, or events that would leave a hole in a log raise ``ValueError``
        first."""
        tokens: set[str] = set()
        made: set[str] = set()  # the games the writes before make
        lengths: dict[str, int] = {}  # the logs' lengths as the writes before leave them
        for w in writes:
            if isinstance(w, Created):
                hashes = [s.token_hash for s in w.seats if s.token_hash is not None]
                if (
                    w.gid in self._games
                    or w.gid in made
                    or any(h in tokens or h in self._tokens for h in hashes)
                ):
                    raise ValueError(f"game {w.gid}: its id or a token hash is already stored")
                tokens.update(hashes)
                made.add(w.gid)
            elif w.gid not in self._games and w.gid not in made:
                raise ValueError(f"no game {w.gid} is stored: its events have no place")
            else:
                row = self._games.get(w.gid)
                _check_start(w, lengths.get(w.gid, len(row["events"]) if row else 0))
                lengths[w.gid] = w.start + len(w.events)
        for w in writes:
            if isinstance(w, Created):
                self._create(w.gid, w.game, w.settings, w.seats)
            else:
                self._append(w.gid, w.start, w.events, w.over, w.summary)

    def _create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        now = time.time()
        self._games[gid] = {
            "game": game,
            "settings": json.dumps(settings),
            "seats": tuple(seats),
            "events": [],
            "created": now,
            "updated": now,
            "over": False,
            "summary": "{}",
        }
        for s in seats:
            if s.token_hash is not None:
                self._tokens[s.token_hash] = (gid, s.seat)

    def _append(
        self,
        gid: str,
        start: int,
        events: Sequence[dict[str, Any]],
        over: bool,
        summary: dict[str, Any] | None,
    ) -> None:
        row = self._games[gid]
        del row["events"][start:]
        row["events"].extend(json.dumps(e, separators=(",", ":")) for e in events)
        row["updated"] = time.time()
        row["over"] = over
        if summary is not None:
            row["summary"] = json.dumps(summary)

    def find(self, token_hash: str) -> Found | None:
        """The game a token's hash opens."""
        found = self._tokens.get(token_hash)
        if found is None:
            return None
        row = self._games[found[0]]
        return Found(
            found[0],
            row["game"],
            found[1],
            json.loads(row["settings"]),
            row["over"],
            json.loads(row["summary"]),
        )

    def load(self, gid: str) -> StoredGame | None:
        """One game with its log."""
        row = self._games.get(gid)
        return None if row is None else self._stored(gid, row)

    def games(self, *, unfinished: bool = False) -> Iterator[StoredGame]:
        """Every stored game (not over, with ``unfinished``)."""
        for gid, row in list(self._games.items()):
            if not (unfinished and row["over"]):
                yield self._stored(gid, row)

    @staticmethod
    def _stored(gid: str, row: dict[str, Any]) -> StoredGame:
        return StoredGame(
            gid,
            row["game"],
            json.loads(row["settings"]),
            row["seats"],
            tuple(json.loads(e) for e in row["events"]),
            row["created"],
            row["updated"],
            row["over"],
        )

    def close(self) -> None:
        """Nothing to let go of."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER,
    kind TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT UNIQUE
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE INDEX IF NOT EXISTS seats_game ON seats (game_id);
CREATE INDEX IF NOT EXISTS games_over ON games (over)
"""

#: the columns added since the first stores were written (a file made before gets them)
_ADDED = (("games", "summary", "TEXT NOT NULL DEFAULT '{}'"),)


class _SqlStore(_OneWrite):
    """The tables and statements both SQL stores share; ``?`` marks a parameter.

    A store has two connections: the writer's (the host's ``Writer`` thread commits on it)
    and the reader's (the host looks a token or a game up on it), so that a lookup never
    waits for a commit to reach the disk.
    """

    slow = True
    #: the column that keeps a table's rows in the order they were written
    _ORDER = "rowid"
    _writer: Any
    _reader: Any
    _write_lock: threading.Lock
    _read_lock: threading.Lock

    def _transaction(self, db: Any) -> contextlib.AbstractContextManager[Any]:
        raise NotImplementedError

    def _run(self, db: Any, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def _run_many(self, db: Any, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    def write(self, writes: Sequence[Write]) -> None:
        """Make every write of ``writes`` in one transaction: one commit for all."""
        db = self._writer
        with self._write_lock, self._transaction(db):
            for w in writes:
                if isinstance(w, Created):
                    self._create(db, w)
                else:
                    self._append(db, w)

    def _create(self, db: Any, w: Created) -> None:
        now = time.time()
        self._run(
            db,
            "INSERT INTO games (id, game, settings, created, updated) VALUES (?,?,?,?,?)",
            (w.gid, w.game, json.dumps(w.settings), now, now),
        )
        self._run_many(
            db,
            "INSERT INTO seats (game_id, seat, kind, bot, token_hash) VALUES (?,?,?,?,?)",
            [(w.gid, s.seat, s.kind, s.bot, s.token_hash) for s in w.seats],
        )

    def _append(self, db: Any, w: Appended) -> None:
        gid, start = w.gid, w.start
        ((last,),) = self._run(db, "SELECT MAX(idx) FROM events WHERE game_id = ?", (gid,))
        _check_start(w, 0 if last is None else last + 1)
        self._run(db, "DELETE FROM events WHERE game_id = ? AND idx >= ?", (gid, start))
        self._run_many(
            db,
            "INSERT INTO events (game_id, idx, json) VALUES (?,?,?)",
            [
                (gid, start + i, json.dumps(e, separators=(",", ":")))
                for i, e in enumerate(w.events)
            ],
        )
        if w.summary is None:
            self._run(
                db,
                "UPDATE games SET updated = ?, over = ? WHERE id = ?",
                (time.time(), int(w.over), gid),
            )
        else:
            self._run(
                db,
                "UPDATE games SET updated = ?, over = ?, summary = ? WHERE id = ?",
                (time.time(), int(w.over), json.dumps(w.summary), gid),
            )

    def find(self, token_hash: str) -> Found | None:
        """The game a token's hash opens (one indexed lookup)."""
        db = self._reader
        with self._read_lock, self._transaction(db):
            rows = self._run(
                db,
                "SELECT g.id, g.game, s.seat, g.settings, g.over, g.summary FROM seats s "
                "JOIN games g ON g.id = s.game_id WHERE s.token_hash = ?",
                (token_hash,),
            )
        if not rows:
            return None
        gid, game, seat, settings, over, summary = rows[0]
        return Found(gid, game, seat, json.loads(settings), bool(over), json.loads(summary))

    def load(self, gid: str) -> StoredGame | None:
        """One game with its whole log."""
        found = list(self._read("WHERE id = ?", (gid,)))
        return found[0] if found else None

    def games(self, *, unfinished: bool = False) -> Iterator[StoredGame]:
        """Every stored game (not over, with ``unfinished``), with its whole log."""
        return self._read("WHERE over = 0" if unfinished else "", ())

    def _read(self, where: str, params: Sequence[Any]) -> Iterator[StoredGame]:
        db = self._reader
        with self._read_lock, self._transaction(db):
            rows = self._run(
                db,
                f"SELECT id, game, settings, created, updated, over FROM games {where} "
                "ORDER BY created, id",
                params,
            )
        for gid, game, settings, created, updated, over in rows:
            with self._read_lock, self._transaction(db):
                seats = self._run(
                    db,
                    "SELECT seat, kind, bot, token_hash FROM seats WHERE game_id = ? "
                    f"ORDER BY {self._ORDER}",
                    (gid,),
                )
                log = self._run(
                    db, "SELECT json FROM events WHERE game_id = ? ORDER BY idx", (gid,)
                )
            yield StoredGame(
                gid,
                game,
                json.loads(settings),
                tuple(SeatRecord(*row) for row in seats),
                tuple(json.loads(text) for (text,) in log),
                created,
                updated,
                bool(over),
            )

    def close(self) -> None:
        """Close both connections."""
        with self._write_lock:
            self._writer.close()
        if self._reader is not self._writer:
            with self._read_lock:
                self._reader.close()


class SqliteStore(_SqlStore):
    """A store in one SQLite file (WAL): survives the host's death at any moment.

    A commit is not synced to the disk (``synchronous=NORMAL``): in WAL mode it is durable
    against the death of the process (``kill -9``), and only a power cut or the system's
    crash may lose the last commits.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        # the writer's thread commits, the event loop's thread reads: a check of the thread
        # would refuse a connection to the thread that did not open it
        self._writer = self._connect()
        self._write_lock = threading.Lock()
        self._writer.execute("PRAGMA journal_mode=WAL")
        self._writer.execute("PRAGMA synchronous=NORMAL")
        self._writer.executescript(_SCHEMA)
        for table, column, kind in _ADDED:
            columns = {row[1] for row in self._writer.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                self._writer.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        if self.path == ":memory:":  # a second connection would open another database
            self._reader, self._read_lock = self._writer, self._write_lock
        else:
            self._reader, self._read_lock = self._connect(), threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)

    @contextlib.contextmanager
    def _transaction(self, db: Any) -> Iterator[None]:
        # the writer takes the file's write lock at once; a reader's transaction only reads
        # (in WAL mode it sees the last commit and never waits for a writer)
        db.execute("BEGIN IMMEDIATE" if db is self._writer else "BEGIN")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _run(self, db: Any, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        rows: list[tuple[Any, ...]] = db.execute(sql, params).fetchall()
        return rows

    def _run_many(self, db: Any, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        db.executemany(sql, rows)


class PostgresStore(_SqlStore):
    """A store in a PostgreSQL database (psycopg 3), for several hosts sharing their games.

    The tables are those of ``SqliteStore``; each method is one transaction, and the server
    syncs each commit to its disk (PostgreSQL's default, ``synchronous_commit``), so a commit
    survives even a power cut; the host's ``Writer`` makes one commit of many games' steps.
    """

    _ORDER = "ctid"

    def __init__(self, dsn: str) -> None:
        import psycopg

        self._writer = psycopg.connect(dsn, autocommit=False)
        self._write_lock = threading.Lock()
        with self._writer.transaction():
            for statement in _SCHEMA.replace("REAL", "DOUBLE PRECISION").split(";"):
                if statement.strip():
                    self._writer.execute(statement)
            for table, column, kind in _ADDED:
                self._writer.execute(
                    f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}"
                )
        self._reader = psycopg.connect(dsn, autocommit=False)
        self._read_lock = threading.Lock()

    def _transaction(self, db: Any) -> contextlib.AbstractContextManager[Any]:
        transaction: contextlib.AbstractContextManager[Any] = db.transaction()
        return transaction

    def _run(self, db: Any, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        cur = db.execute(sql.replace("?", "%s"), params)
        return cur.fetchall() if cur.description is not None else []

    def _run_many(self, db: Any, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with db.cursor() as cur:
            cur.executemany(sql.replace("?", "%s"), rows)


class Writer:
    """Commits a store's writes off the event loop, several at a time.

    ``submit`` hands a write to the writer's thread and gives a future that is done when the
    write is committed (its error, if it failed). The thread takes every write waiting when
    it is free and commits them in one transaction: while one commit reaches the disk, the
    next group gathers, so no game waits on another's commit, and a store that syncs each
    commit (PostgreSQL) syncs once for many games' steps. Writes are committed, and their
    futures done, in the order they were submitted. A store in memory (``slow`` False) is
    written at once, on the caller's thread.
    """

    #: the most writes one commit takes
    GROUP = 256

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[
            tuple[Write, asyncio.Future[None], asyncio.AbstractEventLoop] | None
        ] = queue.SimpleQueue()
        #: how many commits were made, and how many writes they held
        self.commits = 0
        self.written = 0
        self._thread: threading.Thread | None = None
        if store.slow:
            self._thread = threading.Thread(target=self._work, name="metro-store", daemon=True)
            self._thread.start()

    def submit(self, write: Write) -> asyncio.Future[None]:
        """Hand ``write`` over; the future is done once it is committed (call on the loop)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        if self._thread is None:
            try:
                self.store.write([write])
            except Exception as exc:
                done.set_exception(exc)
            else:
                done.set_result(None)
            self.commits += 1
            self.written += 1
            return done
        self._queue.put((write, done, loop))
        return done

    def close(self) -> None:
        """Commit what was handed over, then stop the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            group = [item]
            stop = False
            while len(group) < self.GROUP:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                group.append(more)
            errors = self._commit([w for w, _, _ in group])
            self.commits += 1
            self.written += len(group)
            for loop in {id(lp): lp for _, _, lp in group}.values():
                mine = [(f, e) for (_, f, lp), e in zip(group, errors, strict=True) if lp is loop]
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
                    loop.call_soon_threadsafe(_settle, mine)
            if stop:
                return

    def _commit(self, writes: list[Write]) -> list[BaseException | None]:
        """Commit ``writes`` in one transaction; if it fails, each alone, so that a write
        that cannot be made fails by itself (its error in its place)."""
        try:
            self.store.write(writes)
            return [None] * len(writes)
        except Exception as exc:
            if len(writes) == 1:
                log.error("a write to the store failed: %s", exc)
                return [exc]
        errors: list[BaseException | None] = []
        for w in writes:
            try:
                self.store.write([w])
                errors.append(None)
            except Exception as exc:
                log.error("a write to the store failed: %s", exc)
                errors.append(exc)
        return errors


def _check_start(w: Appended, length: int) -> None:
    """Refuse events that would leave a hole in a log of ``length`` events (a step after one
    that could not be stored)."""
    if w.start > length:
        raise ValueError(
            f"game {w.gid}: events at {w.start} would leave a hole after the {length} stored"
        )


def _settle(done: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    """Mark each future done, in order: committed, or with its write's error."""
    for future, exc in done:
        if future.done():
            continue
        if exc is None:
            future.set_result(None)
        else:
            future.set_exception(exc)


def open_store(address: str | None) -> Store:
    """The store at ``address``: a PostgreSQL URL (``postgresql://...``), a SQLite file's
    path, or None for memory only."""
    if address is None:
        return MemoryStore()
    if address.startswith(("postgresql://", "postgres://")):
        return PostgresStore(address)
    return SqliteStore(address)
