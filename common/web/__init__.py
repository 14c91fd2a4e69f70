"""``metro web``: the JSON protocol over a WebSocket for several people at once, with seat
tokens, bots played by the host, pushes and a durable store (extra ``[web]``, docs/web.md)."""

from __future__ import annotations

from common.web.store import MemoryStore, PostgresStore, SqliteStore, Store, open_store

__all__ = ["MemoryStore", "PostgresStore", "SqliteStore", "Store", "open_store"]
