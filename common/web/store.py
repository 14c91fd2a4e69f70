"""Where ``metro web`` keeps its games: a small ``Store`` interface, in memory, in SQLite and
in PostgreSQL.

A game is kept as its save is (the event log, as JSON), with its seats (human, bot, or the
spectator's entry), the hash of each seat's token, and when it was made and last moved. The
host appends the events of every step before it answers it, so a host killed at any moment
comes back, replaying each log, exactly at its last answered move. Nothing is pickled: a
store holds JSON text and plain columns only.
"""

from __future__ import annotations

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


class Store(Protocol):
    """What ``metro web`` needs of a store. Each method is one transaction."""

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        ...

    def append(self, gid: str, start: int, events: Sequence[dict[str, Any]], over: bool) -> None:
        """Put ``events`` at indexes ``start``, ``start + 1``, ... of the game's log, dropping
        any event at ``start`` or after (an undo), and mark the game over or not."""
        ...

    def games(self) -> Iterator[StoredGame]:
        """Every stored game, with its whole log."""
        ...

    def close(self) -> None:
        """Let go of the store's connections."""
        ...


class MemoryStore:
    """A store that keeps everything in this process: for tests and throwaway hosts."""

    def __init__(self) -> None:
        self._games: dict[str, dict[str, Any]] = {}

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        now = time.time()
        self._games[gid] = {
            "game": game,
            "settings": json.loads(json.dumps(settings)),
            "seats": tuple(seats),
            "events": [],
            "created": now,
            "updated": now,
        }

    def append(self, gid: str, start: int, events: Sequence[dict[str, Any]], over: bool) -> None:
        """Put ``events`` from index ``start`` on, dropping what was there."""
        row = self._games[gid]
        del row["events"][start:]
        row["events"].extend(json.loads(json.dumps(list(events))))
        row["updated"] = time.time()

    def games(self) -> Iterator[StoredGame]:
        """Every stored game."""
        for gid, row in self._games.items():
            yield StoredGame(
                gid,
                row["game"],
                row["settings"],
                row["seats"],
                tuple(row["events"]),
                row["created"],
                row["updated"],
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
"""


class SqliteStore:
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

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        now = time.time()
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO games (id, game, settings, created, updated) VALUES (?,?,?,?,?)",
                    (gid, game, json.dumps(settings), now, now),
                )
                db.executemany(
                    "INSERT INTO seats (game_id, seat, kind, bot, token_hash) VALUES (?,?,?,?,?)",
                    [(gid, s.seat, s.kind, s.bot, s.token_hash) for s in seats],
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def append(self, gid: str, start: int, events: Sequence[dict[str, Any]], over: bool) -> None:
        """Put ``events`` from index ``start`` on, dropping what was there; one commit."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("DELETE FROM events WHERE game_id = ? AND idx >= ?", (gid, start))
                db.executemany(
                    "INSERT INTO events (game_id, idx, json) VALUES (?,?,?)",
                    [
                        (gid, start + i, json.dumps(e, separators=(",", ":")))
                        for i, e in enumerate(events)
                    ],
                )
                db.execute(
                    "UPDATE games SET updated = ?, over = ? WHERE id = ?",
                    (time.time(), int(over), gid),
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def games(self) -> Iterator[StoredGame]:
        """Every stored game, with its whole log."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, settings, created, updated FROM games ORDER BY created"
            ).fetchall()
            seats: dict[str, list[SeatRecord]] = {}
            for gid, seat, kind, bot, token_hash in self._db.execute(
                "SELECT game_id, seat, kind, bot, token_hash FROM seats ORDER BY rowid"
            ):
                seats.setdefault(gid, []).append(SeatRecord(seat, kind, bot, token_hash))
        for gid, game, settings, created, updated in rows:
            with self._lock:
                log = self._db.execute(
                    "SELECT json FROM events WHERE game_id = ? ORDER BY idx", (gid,)
                ).fetchall()
            yield StoredGame(
                gid,
                game,
                json.loads(settings),
                tuple(seats.get(gid, ())),
                tuple(json.loads(text) for (text,) in log),
                created,
                updated,
            )

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()


class PostgresStore:
    """A store in a PostgreSQL database (psycopg 3), for several hosts sharing their games.

    The tables are those of ``SqliteStore``; each method is one transaction.
    """

    def __init__(self, dsn: str) -> None:
        import psycopg

        self._db = psycopg.connect(dsn, autocommit=False)
        self._lock = threading.Lock()
        with self._db.transaction():
            for statement in _SCHEMA.replace("REAL", "DOUBLE PRECISION").split(";"):
                if statement.strip():
                    self._db.execute(statement)

    def create(
        self, gid: str, game: str, settings: dict[str, Any], seats: Sequence[SeatRecord]
    ) -> None:
        """Add a game with its seats and no events yet."""
        now = time.time()
        with self._lock, self._db.transaction():
            self._db.execute(
                "INSERT INTO games (id, game, settings, created, updated) VALUES (%s,%s,%s,%s,%s)",
                (gid, game, json.dumps(settings), now, now),
            )
            with self._db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO seats (game_id, seat, kind, bot, token_hash) "
                    "VALUES (%s,%s,%s,%s,%s)",
                    [(gid, s.seat, s.kind, s.bot, s.token_hash) for s in seats],
                )

    def append(self, gid: str, start: int, events: Sequence[dict[str, Any]], over: bool) -> None:
        """Put ``events`` from index ``start`` on, dropping what was there; one commit."""
        with self._lock, self._db.transaction():
            self._db.execute("DELETE FROM events WHERE game_id = %s AND idx >= %s", (gid, start))
            with self._db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO events (game_id, idx, json) VALUES (%s,%s,%s)",
                    [
                        (gid, start + i, json.dumps(e, separators=(",", ":")))
                        for i, e in enumerate(events)
                    ],
                )
            self._db.execute(
                "UPDATE games SET updated = %s, over = %s WHERE id = %s",
                (time.time(), int(over), gid),
            )

    def games(self) -> Iterator[StoredGame]:
        """Every stored game, with its whole log."""
        with self._lock, self._db.transaction():
            rows = self._db.execute(
                "SELECT id, game, settings, created, updated FROM games ORDER BY created"
            ).fetchall()
            seats: dict[str, list[SeatRecord]] = {}
            for gid, seat, kind, bot, token_hash in self._db.execute(
                "SELECT game_id, seat, kind, bot, token_hash FROM seats ORDER BY ctid"
            ).fetchall():
                seats.setdefault(gid, []).append(SeatRecord(seat, kind, bot, token_hash))
            logs: dict[str, list[dict[str, Any]]] = {}
            for gid, text in self._db.execute(
                "SELECT game_id, json FROM events ORDER BY game_id, idx"
            ).fetchall():
                logs.setdefault(gid, []).append(json.loads(text))
        for gid, game, settings, created, updated in rows:
            yield StoredGame(
                gid,
                game,
                json.loads(settings),
                tuple(seats.get(gid, ())),
                tuple(logs.get(gid, ())),
                created,
                updated,
            )

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
