"""Where ``metro web`` keeps its games: a small ``Store`` interface, in memory, in SQLite and
in PostgreSQL.

A game is kept as its save is (the event log, as JSON), with its seats (human, bot, or the
spectator's entry), the hash of each seat's token, and when it was made and last moved. The
host appends the events of every step before it answers it, so a host killed at any moment
comes back, replaying each log, exactly at its last answered move. Nothing is pickled: a
store holds JSON text and plain columns only.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

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


class Store(Protocol):
    """What ``metro web`` needs of a store. Each method is one transaction."""

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
        ``summary`` (what ``find`` gives back without a replay)."""
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


class MemoryStore:
    """A store that keeps everything in this process: for tests and throwaway hosts. A log
    is kept as JSON text, as the other stores keep it (never the caller's own objects)."""

    def __init__(self) -> None:
        self._games: dict[str, dict[str, Any]] = {}
        self._tokens: dict[str, tuple[str, int | None]] = {}

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        now = time.time()
        for s in seats:
            if s.token_hash is not None and s.token_hash in self._tokens:
                raise ValueError("a token hash is already stored")
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

    def append(
        self,
        gid: str,
        start: int,
        events: Sequence[dict[str, Any]],
        over: bool,
        summary: dict[str, Any] | None = None,
    ) -> None:
        """Put ``events`` from index ``start`` on, dropping what was there."""
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


class _SqlStore:
    """The tables and statements both SQL stores share; ``?`` marks a parameter."""

    #: the column that keeps a table's rows in the order they were written
    _ORDER = "rowid"
    _lock: threading.Lock

    def _transaction(self) -> contextlib.AbstractContextManager[Any]:
        raise NotImplementedError

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        now = time.time()
        with self._lock, self._transaction():
            self._run(
                "INSERT INTO games (id, game, settings, created, updated) VALUES (?,?,?,?,?)",
                (gid, game, json.dumps(settings), now, now),
            )
            self._run_many(
                "INSERT INTO seats (game_id, seat, kind, bot, token_hash) VALUES (?,?,?,?,?)",
                [(gid, s.seat, s.kind, s.bot, s.token_hash) for s in seats],
            )

    def append(
        self,
        gid: str,
        start: int,
        events: Sequence[dict[str, Any]],
        over: bool,
        summary: dict[str, Any] | None = None,
    ) -> None:
        """Put ``events`` from index ``start`` on, dropping what was there; one commit."""
        with self._lock, self._transaction():
            self._run("DELETE FROM events WHERE game_id = ? AND idx >= ?", (gid, start))
            self._run_many(
                "INSERT INTO events (game_id, idx, json) VALUES (?,?,?)",
                [
                    (gid, start + i, json.dumps(e, separators=(",", ":")))
                    for i, e in enumerate(events)
                ],
            )
            if summary is None:
                self._run(
                    "UPDATE games SET updated = ?, over = ? WHERE id = ?",
                    (time.time(), int(over), gid),
                )
            else:
                self._run(
                    "UPDATE games SET updated = ?, over = ?, summary = ? WHERE id = ?",
                    (time.time(), int(over), json.dumps(summary), gid),
                )

    def find(self, token_hash: str) -> Found | None:
        """The game a token's hash opens (one indexed lookup)."""
        with self._lock, self._transaction():
            rows = self._run(
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
        with self._lock, self._transaction():
            rows = self._run(
                f"SELECT id, game, settings, created, updated, over FROM games {where} "
                "ORDER BY created, id",
                params,
            )
        for gid, game, settings, created, updated, over in rows:
            with self._lock, self._transaction():
                seats = self._run(
                    "SELECT seat, kind, bot, token_hash FROM seats WHERE game_id = ? "
                    f"ORDER BY {self._ORDER}",
                    (gid,),
                )
                log = self._run("SELECT json FROM events WHERE game_id = ? ORDER BY idx", (gid,))
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


class SqliteStore(_SqlStore):
    """A store in one SQLite file (WAL): survives the host's death at any moment."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        # the host calls the store from its event loop's thread; a check of the thread
        # would refuse the connection to the thread pool that tests and tools may use
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: in WAL mode a commit is durable against the process's death (kill -9),
        # and only a power cut may lose the last commits
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        for table, column, kind in _ADDED:
            columns = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._db.execute(sql, params).fetchall()

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()


class PostgresStore(_SqlStore):
    """A store in a PostgreSQL database (psycopg 3), for several hosts sharing their games.

    The tables are those of ``SqliteStore``; each method is one transaction.
    """

    _ORDER = "ctid"

    def __init__(self, dsn: str) -> None:
        import psycopg

        self._db = psycopg.connect(dsn, autocommit=False)
        self._lock = threading.Lock()
        with self._db.transaction():
            for statement in _SCHEMA.replace("REAL", "DOUBLE PRECISION").split(";"):
                if statement.strip():
                    self._db.execute(statement)
            for table, column, kind in _ADDED:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")

    def _transaction(self) -> contextlib.AbstractContextManager[Any]:
        return self._db.transaction()

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        cur = self._db.execute(sql.replace("?", "%s"), params)
        return cur.fetchall() if cur.description is not None else []

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._db.cursor() as cur:
            cur.executemany(sql.replace("?", "%s"), rows)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()


def open_store(address: str | None) -> Store:
    """The store at ``address``: a PostgreSQL URL (``postgresql://...``), a SQLite file's
    path, or None for memory only."""
    if address is None:
        return MemoryStore()
    if address.startswith(("postgresql://", "postgres://")):
        return PostgresStore(address)
    return SqliteStore(address)
