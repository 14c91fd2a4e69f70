"""Where ``metro web`` keeps its games: a small ``Store`` interface, in memory, in SQLite and
in PostgreSQL, and the ``Writer`` that commits a store's writes off the event loop.

A game is kept as its save is (the event log, as JSON), with its seats (human, bot, or the
spectator's entry), the hash of each seat's token, and when it was made and last moved. The
host stores the events of every step before it answers it, so a host killed at any moment
comes back, replaying a game's log when a token asks for it, exactly at its last answered
move. Nothing is pickled: a store holds JSON text and plain columns only.

A game's log is stored as rows that are only ever added: row ``seq`` (0, 1, 2, ... with no
hole) puts one event at index ``pos`` of the log, dropping what was at ``pos`` or after (an
undo is a row whose ``pos`` is behind the log's end; an undo that adds nothing is a row with
no event). A row is written only at the game's next ``seq``, and a row there already makes
the write fail (``Conflict``): no write rewrites a row, and two hosts that both believe they
hold a game cannot both add its next step. Every store keeps this contract; PostgreSQL adds
what several hosts need: the lease of each game (``Lease``), the hosts' addresses, and the
news of each committed step (``NOTIFY``).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeAlias

import attrs

from common import jsontext


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
    #: the rows its log is stored in (the ``seq`` of the next row)
    rows: int = 0


#: rows of a log as ``Store.since`` gives them: each row's index in the log (``pos``) and
#: its event (None: a row that only cuts the log back to ``pos``)
Rows: TypeAlias = list[tuple[int, dict[str, Any] | None]]


class Conflict(ValueError):
    """A write met a row another writer stored first (or a lease another host holds): the
    writer no longer holds the game, and must read it again from the store."""


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
    """A write: rows ``seq``, ``seq + 1``, ... of a game, putting ``events`` at indexes
    ``start``, ``start + 1``, ... of its log (what was at ``start`` or after is dropped: an
    undo; no events at all: one row that only cuts the log back), whether it is over, and
    its ``summary``."""

    gid: str
    seq: int
    start: int
    events: tuple[dict[str, Any], ...]
    over: bool
    summary: dict[str, Any] | None = None

    def rows(self) -> list[tuple[int, int, str]]:
        """The rows it adds: (seq, pos, the event's JSON or ``null``)."""
        if not self.events:
            return [(self.seq, self.start, "null")]
        return [
            (self.seq + i, self.start + i, jsontext.compact(e)) for i, e in enumerate(self.events)
        ]


@attrs.frozen
class Said:
    """A write that stores nothing: news for the other hosts of a shared store, sent in
    its turn among the writes (after the rows before it): an undo asked for a game whose
    log has ``rows`` rows (``undo``: who asked and who agreed; None: none is asked now)."""

    gid: str
    rows: int
    undo: dict[str, Any] | None


#: one write of the host's, as ``Store.write`` takes them
Write: TypeAlias = Created | Appended | Said

log = logging.getLogger("metro.web")


class Store(Protocol):
    """What ``metro web`` needs of a store. Each method is one transaction."""

    #: True where a write waits on a disk or a server (the host commits it in a thread of
    #: its own); False for a store in memory, written at once
    slow: bool
    #: True where several hosts may share the store (PostgreSQL): a host then serves a game
    #: only while it holds its lease; False: this host is the store's only one
    shared: bool

    def write(self, writes: Sequence[Write]) -> None:
        """Make every write of ``writes``, in order, in one transaction (one commit); a row
        stored already at a write's ``seq`` raises ``Conflict`` and makes none."""
        ...

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        ...

    def append(
        self,
        gid: str,
        seq: int,
        start: int,
        events: Sequence[dict[str, Any]],
        over: bool,
        summary: dict[str, Any] | None = None,
    ) -> None:
        """Add rows ``seq``, ``seq + 1``, ... putting ``events`` at indexes ``start``,
        ``start + 1``, ... of the game's log (dropping what was at ``start`` or after: an
        undo), mark the game over or not, and keep its ``summary`` (what ``find`` gives back
        without a replay). A ``seq`` stored already raises ``Conflict``; one past the next
        row raises ``ValueError`` (rows never have a hole)."""
        ...

    def find(self, token_hash: str) -> Found | None:
        """The game a token's hash opens, and its seat; None if it opens none."""
        ...

    def load(self, gid: str) -> StoredGame | None:
        """One game with its whole log; None if there is no such game."""
        ...

    def since(self, gid: str, seq: int) -> Rows:
        """The rows of game ``gid`` from row ``seq`` on, in order."""
        ...

    def games(self, *, unfinished: bool = False) -> Iterator[StoredGame]:
        """Every stored game (only those not over, with ``unfinished``), with its whole log."""
        ...

    def join(self, host: str, address: str | None) -> None:
        """Say which host serves from this store, and where its peers reach it."""
        ...

    def close(self) -> None:
        """Let go of the store's connections (and of its games' leases)."""
        ...


class _OneWrite:
    """``create`` and ``append``: a store's ``write`` of one; and a store of one host."""

    shared = False

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
        seq: int,
        start: int,
        events: Sequence[dict[str, Any]],
        over: bool,
        summary: dict[str, Any] | None = None,
    ) -> None:
        """Add rows from ``seq`` on, putting ``events`` from index ``start`` on; one commit."""
        self.write([Appended(gid, seq, start, tuple(events), over, summary)])

    def join(self, host: str, address: str | None) -> None:
        """Nothing to say: this store has one host."""


def fold(rows: Iterator[tuple[int, str]] | list[tuple[int, str]]) -> list[dict[str, Any]]:
    """The log that rows (each its ``pos`` and its event's JSON) leave, in order."""
    log: list[dict[str, Any]] = []
    for pos, text in rows:
        del log[pos:]
        event = json.loads(text)
        if event is not None:
            log.append(event)
    return log


class MemoryStore(_OneWrite):
    """A store that keeps everything in this process: for tests and throwaway hosts. A log
    is kept as JSON text, as the other stores keep it (never the caller's own objects)."""

    slow = False

    def __init__(self) -> None:
        self._games: dict[str, dict[str, Any]] = {}
        self._tokens: dict[str, tuple[str, int | None]] = {}

    def write(self, writes: Sequence[Write]) -> None:
        """Make every write, or none (as a transaction would): a token hash stored already,
        a game not stored, a row stored already (``Conflict``) or one that would leave a
        hole raise first."""
        tokens: set[str] = set()
        made: set[str] = set()  # the games the writes before make
        counts: dict[str, int] = {}  # the games' rows as the writes before leave them
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
            elif isinstance(w, Said):
                continue  # news for other hosts: a store of one host has none
            elif w.gid not in self._games and w.gid not in made:
                raise ValueError(f"no game {w.gid} is stored: its events have no place")
            else:
                row = self._games.get(w.gid)
                _check_seq(w, counts.get(w.gid, len(row["rows"]) if row else 0))
                counts[w.gid] = w.seq + len(w.rows())
        for w in writes:
            if isinstance(w, Created):
                self._create(w.gid, w.game, w.settings, w.seats)
            elif isinstance(w, Appended):
                self._append(w)

    def _create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        now = time.time()
        self._games[gid] = {
            "game": game,
            "settings": json.dumps(settings),
            "seats": tuple(seats),
            "rows": [],
            "created": now,
            "updated": now,
            "over": False,
            "summary": "{}",
        }
        for s in seats:
            if s.token_hash is not None:
                self._tokens[s.token_hash] = (gid, s.seat)

    def _append(self, w: Appended) -> None:
        row = self._games[w.gid]
        row["rows"].extend((pos, text) for _, pos, text in w.rows())
        row["updated"] = time.time()
        row["over"] = w.over
        if w.summary is not None:
            row["summary"] = json.dumps(w.summary)

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

    def since(self, gid: str, seq: int) -> Rows:
        """The rows of a game from ``seq`` on."""
        row = self._games.get(gid)
        rows = row["rows"][seq:] if row is not None else []
        return [(pos, json.loads(text)) for pos, text in rows]

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
            tuple(fold(row["rows"])),
            row["created"],
            row["updated"],
            row["over"],
            len(row["rows"]),
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

#: the columns added since the first stores were written (a file made before gets them):
#: ``events.pos``, the log index of a row's event (NULL in the rows written before there were
#: undo rows, when a row's ``idx`` was its index in the log)
_ADDED = (
    ("games", "summary", "TEXT NOT NULL DEFAULT '{}'"),
    ("events", "pos", "INTEGER"),
)

#: what PostgreSQL keeps beside the games for several hosts: each host and where its peers
#: reach it, each game's lease (the host that serves it, until when, and when a follower on
#: another host last looked at it), and the key the hosts show each other
_SHARED_SCHEMA = """
CREATE TABLE IF NOT EXISTS hosts (
    id TEXT PRIMARY KEY,
    address TEXT,
    started DOUBLE PRECISION NOT NULL,
    seen DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    host TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL,
    watched DOUBLE PRECISION NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS leases_host ON leases (host);
CREATE TABLE IF NOT EXISTS cluster (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
)
"""


class _SqlStore(_OneWrite):
    """The tables and statements both SQL stores share; ``?`` marks a parameter.

    A store has two connections: the writer's (the host's ``Writer`` thread commits on it)
    and the reader's (the host looks a token or a game up on it), so that a lookup never
    waits for a commit to reach the disk.
    """

    slow = True
    #: the column that keeps a table's rows in the order they were written
    _ORDER = "rowid"
    #: the error a unique key raises (a row stored already)
    _UNIQUE: type[Exception] = sqlite3.IntegrityError
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
                elif isinstance(w, Appended):
                    self._append(db, w)
                else:
                    self._said(db, w)

    def _said(self, db: Any, w: Said) -> None:
        """News for other hosts: a store of one host has none to tell."""

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
        gid = w.gid
        ((last,),) = self._run(db, "SELECT MAX(idx) FROM events WHERE game_id = ?", (gid,))
        _check_seq(w, 0 if last is None else last + 1)
        try:
            # no ON CONFLICT: a row another writer stored at this seq fails the write
            self._run_many(
                db,
                "INSERT INTO events (game_id, idx, pos, json) VALUES (?,?,?,?)",
                [(gid, seq, pos, text) for seq, pos, text in w.rows()],
            )
        except self._UNIQUE as exc:
            raise Conflict(
                f"game {gid}: row {w.seq} was stored by another writer first: {exc}"
            ) from exc
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

    def since(self, gid: str, seq: int) -> Rows:
        """The rows of a game from ``seq`` on (one indexed range)."""
        db = self._reader
        with self._read_lock, self._transaction(db):
            rows = self._run(
                db,
                "SELECT idx, pos, json FROM events WHERE game_id = ? AND idx >= ? ORDER BY idx",
                (gid, seq),
            )
        return [(idx if pos is None else pos, json.loads(text)) for idx, pos, text in rows]

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
                    db,
                    "SELECT idx, pos, json FROM events WHERE game_id = ? ORDER BY idx",
                    (gid,),
                )
            yield StoredGame(
                gid,
                game,
                json.loads(settings),
                tuple(SeatRecord(*row) for row in seats),
                tuple(fold([(idx if pos is None else pos, text) for idx, pos, text in log])),
                created,
                updated,
                bool(over),
                len(log),
            )

    def close(self) -> None:
        """Close both connections."""
        with self._write_lock:
            self._writer.close()
        if self._reader is not self._writer:
            with self._read_lock:
                self._reader.close()


class InUse(Exception):
    """A SQLite file another host serves: SQLite has one host."""


class SqliteStore(_SqlStore):
    """A store in one SQLite file (WAL): survives the host's death at any moment.

    A commit is not synced to the disk (``synchronous=NORMAL``): in WAL mode it is durable
    against the death of the process (``kill -9``), and only a power cut or the system's
    crash may lose the last commits.

    SQLite has one host: the store holds a lock on ``<file>.lock`` (``flock``) for its
    life, which the system lets go when the process ends however it ends (``kill -9``
    too); a second store on the file raises ``InUse`` naming the host that holds it.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock_fd: int | None = None
        if self.path != ":memory:":
            self._lock_fd = _hold(self.path)
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

    def join(self, host: str, address: str | None) -> None:
        """Write into the lock file who holds it (a second host's error names it)."""
        if self._lock_fd is not None:
            _say(self._lock_fd, f"{_holder()}, host {host} at {address or 'no address'}")

    def close(self) -> None:
        """Close both connections, and let go of the file's lock."""
        super().close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

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


def _holder() -> str:
    """This process, as a lock file names it."""
    return f"metro web, pid {os.getpid()}, since {time.strftime('%Y-%m-%d %H:%M:%S')}"


def _hold(path: str) -> int:
    """Take the lock of the SQLite file ``path`` for this process's life (its descriptor),
    or raise ``InUse`` naming the process that holds it."""
    lock = f"{path}.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        held = os.pread(fd, 4096, 0).decode("utf-8", "replace").strip() or "another process"
        os.close(fd)
        raise InUse(
            f"the SQLite file {path} is in use by {held} (its lock: {lock}); a SQLite store "
            "serves one host: stop that one, or keep the games of several hosts in "
            "PostgreSQL (--db postgresql://...)"
        ) from None
    _say(fd, _holder())
    return fd


def _say(fd: int, text: str) -> None:
    """Write ``text`` into the lock file ``fd`` (in place of what it said)."""
    os.ftruncate(fd, 0)
    os.pwrite(fd, text.encode() + b"\n", 0)


@attrs.frozen
class Claim:
    """The answer to a host's claim on a game's lease: ``mine``; else who holds it (its id
    and the address its peers reach it at; None: the game is not stored)."""

    mine: bool
    holder: str | None = None
    address: str | None = None


@attrs.frozen
class Renewed:
    """What a host's heartbeat learns: the games whose lease it lost, those of its games a
    follower on another host looks at, the copies it follows whose lease is free, and the
    rows each of those copies' games has."""

    lost: frozenset[str]
    watched: frozenset[str]
    free: frozenset[str]
    rows: dict[str, int]


#: how long a lease lasts unless renewed (seconds): a dead host's games are free after it
LEASE = 5.0
#: the channel each committed step is announced on (the payload: ``<game id> <rows>``,
#: and a ``Said``'s news after them)
CHANNEL = "metro_steps"
#: the time on the database's clock, so that the hosts' clocks need not agree
_NOW = "extract(epoch from clock_timestamp())::float8"


class PostgresStore(_SqlStore):
    """A store in a PostgreSQL database (psycopg 3), for several hosts sharing their games.

    The tables are those of ``SqliteStore``; each method is one transaction, and the server
    syncs each commit to its disk (PostgreSQL's default, ``synchronous_commit``), so a commit
    survives even a power cut; the host's ``Writer`` makes one commit of many games' steps.

    Several hosts share it: a host serves a game only while it holds the game's lease (a
    row with the host and an expiry, ``LEASE`` seconds on, renewed by the host's heartbeat);
    a step is stored only by the lease's holder, checked in the step's own transaction; and
    each committed step is announced with ``NOTIFY`` (``CHANNEL``).
    """

    _ORDER = "ctid"
    shared = True

    def __init__(self, dsn: str) -> None:
        import psycopg

        self.dsn = dsn
        self._UNIQUE = psycopg.errors.UniqueViolation
        #: this host's id (``join``); None until it joins
        self.host: str | None = None
        self._writer = psycopg.connect(dsn, autocommit=False)
        self._write_lock = threading.Lock()
        with self._writer.transaction():
            # hosts starting at once would race to make the same tables
            self._writer.execute("SELECT pg_advisory_xact_lock(7036)")
            for statement in [
                *_SCHEMA.replace("REAL", "DOUBLE PRECISION").split(";"),
                *_SHARED_SCHEMA.split(";"),
            ]:
                if statement.strip():
                    self._writer.execute(statement)
            for table, column, kind in _ADDED:
                self._writer.execute(
                    f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}"
                )
        self._reader = psycopg.connect(dsn, autocommit=False)
        self._read_lock = threading.Lock()
        self._listening: threading.Event | None = None

    def _transaction(self, db: Any) -> contextlib.AbstractContextManager[Any]:
        transaction: contextlib.AbstractContextManager[Any] = db.transaction()
        return transaction

    def _run(self, db: Any, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        cur = db.execute(sql.replace("?", "%s"), params)
        return cur.fetchall() if cur.description is not None else []

    def _run_many(self, db: Any, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with db.cursor() as cur:
            cur.executemany(sql.replace("?", "%s"), rows)

    def _create(self, db: Any, w: Created) -> None:
        super()._create(db, w)
        if self.host is not None:  # its maker serves it
            self._run(
                db,
                f"INSERT INTO leases (game_id, host, expires) VALUES (?, ?, {_NOW} + ?)",
                (w.gid, self.host, LEASE),
            )

    def _append(self, db: Any, w: Appended) -> None:
        if self.host is not None:
            held = self._run(
                db,
                f"UPDATE leases SET expires = {_NOW} + ? WHERE game_id = ? AND host = ? "
                "RETURNING game_id",
                (LEASE, w.gid, self.host),
            )
            if not held:
                raise Conflict(f"game {w.gid}: this host no longer holds its lease")
        super()._append(db, w)
        # sent when the transaction commits, and only then
        self._run(db, "SELECT pg_notify(?, ?)", (CHANNEL, f"{w.gid} {w.seq + len(w.rows())}"))

    def _said(self, db: Any, w: Said) -> None:
        """Tell the other hosts, once the transaction commits (after the rows before it)."""
        text = f"{w.gid} {w.rows} {json.dumps(w.undo, separators=(',', ':'))}"
        self._run(db, "SELECT pg_notify(?, ?)", (CHANNEL, text))

    def join(self, host: str, address: str | None) -> None:
        """Record this host and its peers' address; its steps are stored under its leases."""
        self.host = host
        with self._write_lock, self._transaction(self._writer):
            self._run(
                self._writer,
                f"INSERT INTO hosts (id, address, started, seen) VALUES (?, ?, {_NOW}, {_NOW})"
                " ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address, seen = EXCLUDED.seen",
                (host, address),
            )
            self._run(
                self._writer,
                "INSERT INTO cluster (name, value) VALUES ('key', ?) ON CONFLICT DO NOTHING",
                (os.urandom(24).hex(),),
            )

    def key(self) -> str:
        """The key hosts show each other when one hands another a request."""
        with self._read_lock, self._transaction(self._reader):
            ((value,),) = self._run(self._reader, "SELECT value FROM cluster WHERE name = 'key'")
        return str(value)

    def claim(self, gid: str) -> Claim:
        """Take game ``gid``'s lease if it is free, expired or this host's already."""
        assert self.host is not None, "a host joins before it claims"
        db = self._writer
        with self._write_lock, self._transaction(db):
            got = self._run(
                db,
                f"INSERT INTO leases (game_id, host, expires) SELECT ?, ?, {_NOW} + ? "
                "WHERE EXISTS (SELECT 1 FROM games WHERE id = ?) "
                "ON CONFLICT (game_id) DO UPDATE SET host = EXCLUDED.host, "
                "expires = EXCLUDED.expires "
                f"WHERE leases.host = EXCLUDED.host OR leases.expires < {_NOW} "
                "RETURNING host",
                (gid, self.host, LEASE, gid),
            )
            if got:
                return Claim(True)
            holder = self._run(
                db,
                "SELECT l.host, h.address FROM leases l LEFT JOIN hosts h ON h.id = l.host "
                "WHERE l.game_id = ?",
                (gid,),
            )
        if not holder:
            return Claim(False)
        return Claim(False, holder[0][0], holder[0][1])

    def release(self, gid: str) -> None:
        """Let go of game ``gid``'s lease (this host no longer serves it)."""
        db = self._writer
        with self._write_lock, self._transaction(db):
            self._run(db, "DELETE FROM leases WHERE game_id = ? AND host = ?", (gid, self.host))

    def renew(self, held: Sequence[str], watched: Sequence[str], copies: Sequence[str]) -> Renewed:
        """The heartbeat: renew this host's leases (``held``: the games it serves), note the
        games its followers look at on others' behalf (``watched``), and look at the games
        it keeps copies of (``copies``)."""
        db = self._writer
        with self._write_lock, self._transaction(db):
            self._run(db, f"UPDATE hosts SET seen = {_NOW} WHERE id = ?", (self.host,))
            kept = self._run(
                db,
                f"UPDATE leases SET expires = {_NOW} + ? WHERE host = ? RETURNING game_id",
                (LEASE, self.host),
            )
            if watched:
                self._run(
                    db,
                    f"UPDATE leases SET watched = {_NOW} WHERE game_id = ANY(?)",
                    (list(watched),),
                )
            looked = self._run(
                db,
                f"SELECT game_id FROM leases WHERE host = ? AND watched > {_NOW} - ?",
                (self.host, LEASE),
            )
            taken = self._run(
                db,
                f"SELECT game_id FROM leases WHERE game_id = ANY(?) AND expires >= {_NOW}",
                (list(copies),),
            )
            rows = self._run(
                db,
                "SELECT game_id, MAX(idx) + 1 FROM events WHERE game_id = ANY(?) GROUP BY game_id",
                (list(copies),),
            )
        return Renewed(
            frozenset(held) - {g for (g,) in kept},
            frozenset(g for (g,) in looked),
            frozenset(copies) - {g for (g,) in taken},
            {g: n for g, n in rows},
        )

    def listen(self, news: Callable[[str, int, str | None], None]) -> None:
        """Call ``news(game id, rows, said)`` for each step any host commits (``said``
        None) and each ``Said`` (its ``undo`` as JSON), from a thread of its own, until
        the store is closed."""
        import psycopg

        stop = self._listening = threading.Event()
        listener = psycopg.connect(self.dsn, autocommit=True)
        listener.execute(f"LISTEN {CHANNEL}")

        def work() -> None:
            with listener:
                while not stop.is_set():
                    for note in listener.notifies(timeout=0.5):
                        gid, rows, *said = note.payload.split(" ", 2)
                        news(gid, int(rows), said[0] if said else None)
                        if stop.is_set():
                            break

        threading.Thread(target=work, name="metro-news", daemon=True).start()

    def close(self) -> None:
        """Let go of this host's leases (its games are free at once), then of the
        connections."""
        if self._listening is not None:
            self._listening.set()
        if self.host is not None:
            # a server gone: the leases expire anyway
            with (
                contextlib.suppress(Exception),
                self._write_lock,
                self._transaction(self._writer),
            ):
                self._run(self._writer, "DELETE FROM leases WHERE host = ?", (self.host,))
                self._run(self._writer, "DELETE FROM hosts WHERE id = ?", (self.host,))
        super().close()


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


def _check_seq(w: Appended, rows: int) -> None:
    """Refuse rows of a log of ``rows`` rows at a ``seq`` stored already (``Conflict``) or
    past its next row (a hole: a step after one that could not be stored)."""
    if w.seq < rows:
        raise Conflict(f"game {w.gid}: row {w.seq} is stored already (the log has {rows} rows)")
    if w.seq > rows:
        raise ValueError(
            f"game {w.gid}: a row at {w.seq} would leave a hole after the {rows} stored"
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
