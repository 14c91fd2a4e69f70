"""The web host: games for several people at once, each request in the eyes of the seat that its
token names (docs/web.md).

The host owns every game: it draws the seed (no client chooses or learns it), resolves chance
(unless the game's creator chose physical dice), plays the bot seats off the event loop, and
stores every step before it answers it or tells anyone of it: the store commits in a thread of
its own (``Writer``), many games' steps at once, so no game waits on another's commit. A
client holds tokens: one per human seat and one for spectators, each unguessable and stored
only as its hash. A request may act only for its token's seat, and sees only what that seat
may see. Every socket that follows a game gets, after each step, an ``update`` in its own
seat's eyes.

It is a host of strangers: each address has its quotas (``common.web.limits``), bots think in
a pool within a CPU budget and only while somebody is there to see them (``BotPool``), an undo
never crosses a roll, a draw or a bot's move (``common.fairplay``), and a finished game leaves
memory (it stays in the store, and comes back when a token asks for it). A host that starts
again replays nothing: each game comes back from the store when a token (or its id) first asks
for it, read and replayed off the event loop.

Several hosts may share one PostgreSQL store. A host serves a game only while it holds the
game's lease (``PostgresStore.claim``, renewed by the host's heartbeat): only it applies the
game's moves, resolves its chance and plays its bots. Another host that a token reaches keeps
a copy of the game for the followers it has there, brings the copy up to date from the store
when a step is announced (``NOTIFY``), and hands the moves it is asked for to the game's host
over a socket between hosts (``/peer``); when the game's host is gone and its lease expired,
it takes the lease and serves the game itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import itertools
import json
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from common import jsontext
from common.actions import Action
from common.errors import IllegalAction, InvalidSave, short
from common.game import Game, reapply
from common.master import Asker, Master, Table, settle
from common.protocol import BadRequest, Forbidden, RateLimited, error, failure, line
from common.registry import GameInfo, get, replay
from common.web.botpool import BotPool
from common.web.limits import Limits, Quotas
from common.web.store import (
    LEASE,
    Appended,
    Conflict,
    Created,
    Found,
    Rows,
    Said,
    SeatRecord,
    Store,
    StoredGame,
    Writer,
)

log = logging.getLogger("metro.web")

#: the largest message a client may send (the web has no save or load: requests are small)
MAX_MESSAGE = 64 * 1024
#: answers and updates waiting for a slow client; past this (or ``Limits.outbox_bytes``) it
#: is disconnected
OUTBOX = 256
#: finished games kept in memory after a token asked for them (the others are in the store)
FINISHED_KEPT = 64
#: a seat number as a ``bots`` key gives it: one to three ASCII digits
SEAT_KEY = re.compile(r"[0-9]{1,3}")
#: the close code of a socket let go for a policy (idle, too slow, too many, an origin)
POLICY = 1008
#: the commands that change a game: only the host that serves it takes them
ACTING = frozenset({"apply", "resolve", "bot", "undo"})
#: seconds between two heartbeats of a host sharing its store (a lease lasts ``LEASE``)
RENEW = 1.0
#: seconds a request handed to the game's host may wait (a host gone: the lease expires)
HANDOVER = 10.0


def token_hash(token: str) -> str:
    """The hash under which a token is stored and looked up (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Connection:
    """One client's socket: its address, its outbox, its budget of messages, and the games it
    follows or acts in."""

    def __init__(self, address: str = "?", limits: Limits | None = None) -> None:
        limits = limits or Limits()
        self.address = address
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        #: the characters waiting in the outbox
        self.queued = 0
        self.max_queued = limits.outbox_bytes
        self.closed = False
        #: the close code and reason the socket is closed with
        self.close_code = 1000
        self.close_reason = ""
        self.rate = limits.rate
        self.burst = limits.burst
        self._tokens = float(limits.burst)
        self._at = time.monotonic()
        #: when the client last sent a message (an idle socket is let go)
        self.heard = self._at
        #: the games this connection follows or has acted in
        self.tables: set[Table] = set()

    @property
    def following(self) -> bool:
        """True while this connection follows a game."""
        return any(self in t.followers for t in self.tables)

    def send(self, text: str) -> None:
        """Queue one message; a client too slow to read its messages is let go."""
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX or self.queued + len(text) > self.max_queued:
            log.warning("a client read too slowly: disconnected")
            self.close(POLICY, "reading too slowly: the answers waiting passed the limit")
            return
        self.queued += len(text)
        self.outbox.put_nowait(text)

    def taken(self, text: str) -> None:
        """The writer has sent ``text`` (it no longer waits)."""
        self.queued -= len(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop: the writer ends and the socket closes with ``code`` and ``reason``."""
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.queued = 0
            self.outbox.put_nowait(None)

    def allowed(self) -> bool:
        """Take one message from the budget: False when the client sends too fast."""
        now = time.monotonic()
        self.heard = now
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class WebHost(Master):
    """``metro web``'s transport: a stranger names a seat by its token (or a game by its id,
    to watch it), and may follow games and list its own. Keeps the games: tokens, bots,
    chance, the store, the pushes and the quotas."""

    commands = (
        "games", "data", "new", "follow", "view", "legal", "apply", "resolve", "bot", "undo",
        "events", "describe", "render", "steps", "mine",
    )  # fmt: skip

    def __init__(
        self, store: Store, *, bot_delay: float = 0.0, limits: Limits | None = None
    ) -> None:
        super().__init__()
        self.store = store
        self.limits = limits = limits or Limits()
        #: the unfinished games in memory
        self.tables: dict[str, Table] = {}
        #: finished games a token asked for lately (the others are in the store only)
        self.finished: OrderedDict[str, Table] = OrderedDict()
        #: token hash -> (its game, its seat or None for the spectators), for the games in
        #: memory; the others are looked up in the store
        self.tokens: dict[str, tuple[Table, int | None]] = {}
        self.quotas = Quotas(limits)
        self.pool = BotPool(limits.bot_workers, limits.bot_cpu)
        self.bot_delay = bot_delay
        self.writer = Writer(store)
        #: per game id: its last write not yet committed (nothing about the game is said
        #: before it is)
        self.writing: dict[str, asyncio.Future[None]] = {}
        #: how many games were brought back from the store (replayed from their logs)
        self.loaded = 0
        #: how many decisions this host's bots took for their seats
        self.decided = 0
        #: this host's id among the hosts of a shared store, and where its peers reach it
        self.me = secrets.token_hex(6)
        self.address: str | None = None
        #: the store is shared with other hosts: a game is served here only under its lease
        self.shared = store.shared
        #: copies of games another host serves, kept for the followers they have here
        self.copies: dict[str, Table] = {}
        #: per copy, the address of the host that serves it (None: it gives none)
        self.holders: dict[str, str | None] = {}
        #: per game in memory (served or copied), the rows of its log in the store
        self.rows: dict[str, int] = {}
        #: per game served here, when a follower on another host last looked at it
        self.remote: dict[str, float] = {}
        #: per copy, the connections whose move its host is taking (no update passes the
        #: answer)
        self.handing: dict[str, set[Connection]] = {}
        #: the other hosts this one hands moves to, by address
        self.peers: dict[str, Peer] = {}
        #: the key the hosts of a shared store show each other
        self.key: str | None = None
        self._opening: dict[str, asyncio.Lock] = {}
        self._releasing: dict[str, asyncio.Future[None]] = {}
        #: what ``mine`` looked up in the store before its answer (token hash -> game)
        self._found: dict[str, Found | None] = {}
        #: per game served here, the undo asked that the other hosts were last told of
        self._said: dict[str, dict[str, Any] | None] = {}
        #: the game ``_prepare`` brought in for the request about to be answered
        self._brought: Table | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._beat: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ the store
    def _write(self, gid: str, write: Created | Appended) -> asyncio.Future[None]:
        """Hand a write of game ``gid`` to the store's writer: the game's last write."""
        done = self.writer.submit(write)
        self.writing[gid] = done
        done.add_done_callback(functools.partial(self._written, gid))
        return done

    def _written(self, gid: str, done: asyncio.Future[None]) -> None:
        if self.writing.get(gid) is done:
            del self.writing[gid]
            if gid in self.finished:
                self._prune()
        if not done.cancelled() and done.exception() is not None:
            exc = done.exception()
            if isinstance(exc, Conflict):
                log.warning("game %s was taken over by another host: %s", gid, exc)
            else:
                log.error("game %s: a step was not stored", gid, exc_info=exc)
            self._lost(gid)

    def _lost(self, gid: str) -> None:
        """A step of game ``gid`` could not be stored (or another host holds it now): the
        game leaves memory, to come back from the store at its last stored step (what
        memory held beyond it was answered to nobody). Over a shared store it comes back at
        once, for the followers it has here: served again if its lease is free, else as a
        copy of the host that holds it."""
        table = self.tables.get(gid) or self.finished.pop(gid, None)
        if table is None:
            return
        self._leave_open(table)
        self._drop_tokens(table)
        self.rows.pop(gid, None)
        if self.shared and table.followers:
            self._spawn(self._rejoin(gid, table))
            return
        for conn in list(table.present):
            conn.tables.discard(table)
        table.present.clear()
        table.followers.clear()

    async def _rejoin(self, gid: str, old: Table) -> None:
        """Bring game ``gid`` back for the followers ``old`` had (after its host lost it),
        once the writes ``old`` made are settled: none of them may be stored under a
        lease taken again."""
        pending = self.writing.get(gid)
        if pending is not None:
            await asyncio.wait([pending])
        await self._open(gid, acting=True, old=old)

    def _when_stored(self, gid: str, then: Callable[[], None]) -> None:
        """Call ``then`` once game ``gid``'s writes so far are committed (at once if they
        are); never if one failed (what was not stored is told to nobody)."""
        pending = self.writing.get(gid)
        if _committed(pending):
            then()
            return
        assert pending is not None

        def after(done: asyncio.Future[None]) -> None:
            if not done.cancelled() and done.exception() is None:
                then()

        pending.add_done_callback(after)

    async def stored(self, gid: str) -> None:
        """Wait until game ``gid``'s writes so far are committed (raises if one failed)."""
        pending = self.writing.get(gid)
        if pending is not None:
            await asyncio.shield(pending)

    # ------------------------------------------------------------------ start and stop
    async def start(self, address: str | None = None) -> None:
        """Join the store as a host reachable at ``address`` (its peers' ``/peer`` socket);
        over a shared store, listen for the steps other hosts commit, and start the
        heartbeat that keeps this host's leases."""
        self.address = address
        await asyncio.to_thread(self.store.join, self.me, address)
        if not self.shared:
            return
        store: Any = self.store
        self.key = await asyncio.to_thread(store.key)
        loop = asyncio.get_running_loop()

        def news(gid: str, rows: int, said: str | None) -> None:
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody follows
                loop.call_soon_threadsafe(self._news, gid, rows, said)

        store.listen(news)
        self._beat = loop.create_task(self._heartbeat())

    async def stop(self) -> None:
        """Stop the heartbeat and the sockets to the other hosts."""
        if self._beat is not None:
            self._beat.cancel()
        for peer in list(self.peers.values()):
            await peer.close()
        for task in list(self._tasks):
            task.cancel()

    def _spawn(self, work: Any) -> None:
        """Run ``work`` in the background (its error logged)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_said)

    def held(self) -> int:
        """The unfinished games this host holds: those it serves and the copies it keeps."""
        return len(self.tables) + sum(1 for t in self.copies.values() if not t.game.is_over)

    def _in_memory(self, gid: str) -> Table | None:
        """Game ``gid`` if it is in memory: served here, or a copy."""
        return self.tables.get(gid) or self.finished.get(gid) or self.copies.get(gid)

    def _serves(self, table: Table) -> bool:
        """True while this host serves ``table`` (not a copy of another host's)."""
        return self.tables.get(table.id) is table or self.finished.get(table.id) is table

    async def _prepare(self, request: Any) -> Table | None:
        """Bring the game a request names into memory, read and replayed off the event
        loop (a token's, or an id's); over a shared store, under its lease when it may
        be taken. A copy is returned when the request changes the game and another host
        serves it (this host hands it over); else None (it is answered here)."""
        if not isinstance(request, dict):
            return None
        cmd = request.get("cmd")
        if cmd == "mine":
            await self._find_all(request.get("tokens"))
            return None
        token = request.get("token")
        if isinstance(token, str):
            hashed = token_hash(token)
            known = self.tokens.get(hashed)
            if known is not None:
                gid = known[0].id
            else:
                record = await asyncio.to_thread(self.store.find, hashed)
                if record is None:
                    return None
                gid = record.id
        elif token is None and isinstance(request.get("id"), str):
            gid = request["id"]
            if not 0 < len(gid) <= 64:
                return None
        else:
            return None
        table = await self._open(gid, acting=cmd in ACTING)
        if table is not None and not self._serves(table):
            # a copy tells at least what its host has answered (a reader after a mover)
            table = await self._catch_up(gid) or table
        # the request's own game, even if it leaves memory at once (a finished game, when
        # no finished game is kept): its answer is made before the loop turns again
        self._brought = table
        if table is not None and self.shared and cmd in ACTING and not self._serves(table):
            return table
        return None

    async def _find_all(self, tokens: Any) -> None:
        """Look the tokens of a ``mine`` up in the store, off the loop, for its answer."""
        if not isinstance(tokens, list) or len(tokens) > 100:
            return
        hashes = [
            token_hash(t) for t in tokens if isinstance(t, str) and token_hash(t) not in self.tokens
        ]
        if hashes:
            found = await asyncio.to_thread(lambda: {h: self.store.find(h) for h in hashes})
            self._found.update(found)

    async def _open(self, gid: str, *, acting: bool, old: Table | None = None) -> Table | None:
        """Game ``gid`` in memory: served here if it is, or if its lease is free (a store of
        one host: always); else a copy of the host that serves it (``acting``: the lease is
        asked for even when a copy is in memory). ``old``: a table of the game whose
        followers move to the one brought in. None: no such game."""
        table = self.tables.get(gid) or self.finished.get(gid)
        if table is not None:
            return table
        if not self.shared:
            lock = self._opening.setdefault(gid, asyncio.Lock())
            async with lock:
                found = self._in_memory(gid)
                table = found if found is not None else await self._bring(gid, True, old)
            self._done_opening(gid, lock)
            return table
        copy = self.copies.get(gid)
        if copy is not None and not acting and old is None:
            return copy
        lock = self._opening.setdefault(gid, asyncio.Lock())
        async with lock:
            table = self.tables.get(gid) or self.finished.get(gid)
            if table is None:
                releasing = self._releasing.get(gid)
                if releasing is not None:
                    await asyncio.shield(releasing)
                store: Any = self.store
                claim = await asyncio.to_thread(store.claim, gid)
                copy = self.copies.get(gid)
                if claim.mine:
                    table = await self._bring(gid, True, old or copy)
                elif claim.holder is None:
                    table = None  # not stored
                else:
                    self.holders[gid] = claim.address
                    table = copy
                    if table is None or old is not None:
                        table = await self._bring(gid, False, old or copy)
        self._done_opening(gid, lock)
        return table

    def _done_opening(self, gid: str, lock: asyncio.Lock) -> None:
        if not lock.locked() and self._opening.get(gid) is lock:
            del self._opening[gid]

    async def _bring(self, gid: str, served: bool, old: Table | None) -> Table | None:
        """Read game ``gid`` from the store and replay it, both off the loop; keep it as
        served here or as a copy, with ``old``'s followers. None: it is not stored."""
        stored = await asyncio.to_thread(self.store.load, gid)
        if stored is None:
            return None
        if not stored.over and old is None and self.held() >= self.limits.open_games:
            if served:
                self._release(gid)
            raise RateLimited(
                f"the host holds {self.limits.open_games} unfinished games, its most: "
                "try again later"
            )
        table = await asyncio.to_thread(self._table_of, stored)
        if table is None:
            if served:
                self._release(gid)
            raise InvalidSave(f"the stored game {gid} does not replay: it cannot be opened")
        self.loaded += 1
        self.rows[gid] = stored.rows
        previous = self.copies.pop(gid, None)
        if previous is not None and previous is not old:
            _move_followers(previous, table)
        if served:
            self._make_bots(table)
            self._keep(table)
        else:
            self.copies[gid] = table
            for h, seat in table.hashes.items():
                self.tokens[h] = (table, seat)
        if old is not None:
            _move_followers(old, table)
            self._push(table)  # what the followers missed meanwhile
        if served:
            self._advance_later(table)
        return table

    def _release(self, gid: str) -> None:
        """Let go of game ``gid``'s lease, in the background (a store of one host: nothing)."""
        if not self.shared:
            return
        store: Any = self.store
        done = asyncio.ensure_future(asyncio.to_thread(store.release, gid))
        self._releasing[gid] = done

        def after(future: asyncio.Future[None]) -> None:
            if self._releasing.get(gid) is future:
                del self._releasing[gid]
            if not future.cancelled() and future.exception() is not None:
                log.warning("game %s: its lease was not let go: %s", gid, future.exception())

        done.add_done_callback(after)

    def _table_of(self, stored: StoredGame) -> Table | None:
        """The table of a stored game, replayed from its log (None if it does not replay);
        its bots are made where it is served."""
        try:
            game = replay(list(stored.events))
        except InvalidSave as exc:
            log.error("stored game %s does not replay, left out: %s", stored.id, exc)
            return None
        names: list[str | None] = [None] * game.num_players
        for r in stored.seats:
            if r.seat is not None:
                names[r.seat] = r.bot
        table = Table(
            stored.id,
            get(game.name),
            game,
            names,
            bool(stored.settings.get("physical")),
            settles=True,
            hashes={r.token_hash: r.seat for r in stored.seats if r.token_hash is not None},
            touched=time.monotonic(),
            stored=len(stored.events),
        )
        return table

    def _keep(self, table: Table) -> None:
        """Hold ``table`` in memory: among the open games, or the finished ones lately asked."""
        if table.game.is_over:
            self.finished[table.id] = table
            self.finished.move_to_end(table.id)
            self._prune()
        else:
            self.tables[table.id] = table
        for h, seat in table.hashes.items():
            self.tokens[h] = (table, seat)

    def _prune(self) -> None:
        """Keep the ``FINISHED_KEPT`` finished games last asked for, and any not yet
        committed (the store could not find it yet): the others leave memory."""
        extra = len(self.finished) - FINISHED_KEPT
        for old in list(self.finished.values()):
            if extra <= 0:
                break
            if old.id not in self.writing:
                del self.finished[old.id]
                self._drop_tokens(old)
                self.rows.pop(old.id, None)
                self._release(old.id)
                extra -= 1

    def _drop_tokens(self, table: Table) -> None:
        for h in table.hashes:
            if self.tokens.get(h, (None,))[0] is table:
                del self.tokens[h]

    def _leave_open(self, table: Table) -> bool:
        """Take ``table`` off the open games and off its maker's count (False: it was not
        among them)."""
        if self.tables.pop(table.id, None) is None:
            return False
        if table.owner is not None:
            self.quotas.closed(table.owner)
            table.owner = None
        return True

    def _retire(self, table: Table) -> None:
        """A game is over: it leaves the open games (kept a while among the finished; ruling
        HOST-5)."""
        if self._leave_open(table):
            self._keep(table)

    def _evict(self, table: Table) -> None:
        """An unfinished game nobody follows leaves memory (it stays in the store)."""
        if self._leave_open(table):
            self._drop_tokens(table)
            self.rows.pop(table.id, None)
            self.remote.pop(table.id, None)
            self._release(table.id)
            for conn in list(table.present):
                conn.tables.discard(table)

    def sweep(self, now: float | None = None) -> None:
        """Let go of idle sockets and of unfinished games nobody has followed for a while
        (and of copies nobody here follows)."""
        now = time.monotonic() if now is None else now
        idle = self.limits.idle_game
        for table in list(self.tables.values()):
            if (
                not self._there(table, now)
                and now - table.touched > idle
                and not table.lock.locked()
                and table.id not in self.writing
            ):
                self._evict(table)
        for copy in list(self.copies.values()):
            if not copy.present and now - copy.touched > idle and not copy.lock.locked():
                del self.copies[copy.id]
                self.holders.pop(copy.id, None)
                self.rows.pop(copy.id, None)
                self._drop_tokens(copy)
        self.quotas.forget_old()

    def _there(self, table: Table, now: float | None = None) -> bool:
        """True while somebody follows or acts in ``table``, here or through another host."""
        now = time.monotonic() if now is None else now
        return bool(table.present) or now - self.remote.get(table.id, -LEASE) < LEASE

    def close(self) -> None:
        """Stop the bots' pool, and commit what the store's writer was handed."""
        self.pool.close()
        self.writer.close()

    def _make_bots(self, table: Table) -> None:
        for seat, name in enumerate(table.bot_names):
            if name is not None:
                # a bot's own generator, from the host's: never from the game's seed
                table.bots[seat] = table.info.bot_factory(name)(secrets.randbelow(2**31))

    def forget(self, conn: Connection) -> None:
        """A connection is gone: it follows nothing any more."""
        for table in conn.tables:
            table.followers.pop(conn, None)
            table.sent.pop(conn, None)
            table.pictures.discard(conn)
            table.patching.discard(conn)
            table.viewed.pop(conn, None)
            table.present.discard(conn)
            table.touched = time.monotonic()
        conn.tables.clear()

    # ------------------------------------------------------------------ requests
    async def handle_text(self, conn: Connection, text: str) -> None:
        """Answer one message of ``conn`` (its answer goes to its outbox)."""
        if len(text) > MAX_MESSAGE:
            conn.send(line(error("bad_request", f"a message is at most {MAX_MESSAGE} bytes")))
            return
        try:
            request: Any = jsontext.loads(text)
        except jsontext.JSONError as exc:
            conn.send(line(error("bad_request", f"the message is not strict JSON: {exc}")))
            return
        if not conn.allowed():
            refused = error(
                "rate_limited",
                f"at most {conn.rate:g} messages a second (bursts of {conn.burst}): wait a moment",
            )
            if isinstance(request, dict) and "rid" in request:
                refused["rid"] = request["rid"]
            conn.send(line(refused))
            return
        await self.reply(conn, request)
        for table in conn.tables:  # what an answer made for its step is not kept
            table.parts.release()

    async def handle(self, conn: Connection, request: Any) -> dict[str, Any]:
        """The answer to one decoded request of ``conn``; never raises on bad input."""
        return await self.answer(conn, request)

    async def reply(self, conn: Connection, request: Any) -> None:
        """Answer one decoded request of ``conn`` once what the answer says of its game is
        stored (an acknowledged move survives ``kill -9``); never raises on bad input.

        The answer goes out from the commit's own callback, before anything committed after
        it: the update of a bot's move that followed a human's never passes the answer to
        the human's move. A move of a game another host serves is handed to that host."""
        try:
            copy = await self._prepare(request)
        except Exception as exc:  # a game that does not replay, the host full, the store
            if not isinstance(exc, InvalidSave | RateLimited):
                log.error("a game could not be brought from the store", exc_info=exc)
            conn.send(line(_with_rid(failure(exc), request)))
            return
        if copy is not None:
            conn.send(line(await self._hand_over(conn, request, copy.id)))
            return
        out = await self.answer(conn, request)
        gid = out.get("id")
        pending = self.writing.get(gid) if isinstance(gid, str) else None
        if _committed(pending):  # a store in memory: at once, not a turn of the loop later
            conn.send(line(out))
            return
        assert pending is not None
        sent = asyncio.get_running_loop().create_future()

        def after(done: asyncio.Future[None]) -> None:
            answer = out
            if done.cancelled() or done.exception() is not None:
                answer = error(
                    "internal_error",
                    f"the store could not keep this step of game {gid}, so it was not taken: "
                    "the game is back at its last stored step; try again later",
                )
                if isinstance(request, dict) and "rid" in request:
                    answer["rid"] = request["rid"]
            conn.send(line(answer))
            sent.set_result(None)

        pending.add_done_callback(after)
        await sent

    def _lookup(self, hashed: str) -> tuple[Table, int | None] | None:
        """The game a token's hash opens and its seat, from memory (``_prepare`` brought it
        from the store)."""
        found = self.tokens.get(hashed)
        if found is not None and found[0].id in self.finished:
            self.finished.move_to_end(found[0].id)
        brought = self._brought
        if found is None and brought is not None and hashed in brought.hashes:
            return brought, brought.hashes[hashed]
        return found

    def _load(self, gid: str) -> Table | None:
        """The game ``gid``, from memory (``_prepare`` brought it from the store)."""
        brought = self._brought
        found = self._in_memory(gid)
        return brought if found is None and brought is not None and brought.id == gid else found

    # ------------------------------------------------------------------ between hosts
    def _peer(self, address: str) -> Peer:
        peer = self.peers.get(address)
        if peer is None:
            assert self.key is not None
            peer = self.peers[address] = Peer(address, self.key)
        return peer

    async def _hand_over(
        self, conn: Connection, request: dict[str, Any], gid: str
    ) -> dict[str, Any]:
        """Hand a move of game ``gid`` to the host that serves it, and answer it here in the
        eyes (and with the board and patches) of ``conn`` once this host's copy has the
        step. The game's host gone, its lease is taken here when it expires, and the move
        is answered here."""
        deadline = time.monotonic() + HANDOVER
        forwarded = {k: v for k, v in request.items() if k != "rid"}
        while True:
            table = await self._open(gid, acting=True)
            if table is None or self._serves(table):
                self._brought = table
                return await self._answered(conn, request)
            address = self.holders.get(gid)
            why = f"the host serving game {gid} gives no address its peers reach"
            handing = self.handing.setdefault(gid, set())
            handing.add(conn)
            try:
                if address is not None:
                    got = await self._peer(address).ask(forwarded, conn.address)
                    if "answer" in got:
                        return await self._echo(conn, request, table, got["answer"])
                    why = f"game {gid} left its host at {address}"
            except Exception as exc:  # refused, closed, timed out, a handshake refused
                why = f"the host serving game {gid} at {address} does not answer: {exc}"
            finally:
                handing.discard(conn)
                if not handing:
                    self.handing.pop(gid, None)
            if time.monotonic() > deadline:
                return _with_rid(error("internal_error", f"{why}; try again"), request)
            await asyncio.sleep(0.3)  # its lease expires, or the game settles on its host

    async def _answered(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The answer of this host, once what it says is stored."""
        out = await self.answer(conn, request)
        gid = out.get("id")
        if isinstance(gid, str):
            try:
                await self.stored(gid)
            except Exception:
                out = _with_rid(_unstored(gid), request)
        return out

    async def _echo(
        self, conn: Connection, request: dict[str, Any], table: Table, answer: dict[str, Any]
    ) -> dict[str, Any]:
        """The answer to a move another host took: its error as it is; else this host's
        answer from its copy, brought up to the step (the store holds it: its host
        answers only what is stored)."""
        if not answer.get("ok"):
            return _with_rid(answer, request)
        copy = await self._catch_up(table.id, push=False)
        seq = answer.get("seq")
        if copy is None or not isinstance(seq, int) or len(copy.game.events) < seq:
            return _with_rid(answer, request)
        if len(copy.game.events) == seq:  # the undo asked, as the game's host answered it
            copy.undo = _undo_of(answer.get("undo"))
        since = seq - len(answer.get("events", ()))
        seat = answer.get("seat")
        out = {"ok": True, **self._about(Asker(copy, seat), request, conn, since)}
        if conn in copy.followers:
            copy.sent[conn] = len(copy.game.events)
        copy.touched = time.monotonic()
        self._spawn(self._catch_up(copy.id))  # the followers are told what it holds
        return _with_rid(out, request)

    async def handed(self, address: str, request: Any) -> dict[str, Any]:
        """A move another host hands this one for a game it serves: ``{"answer": ...}``
        once stored, or ``{"moved": true}`` when the game is not served here."""
        token = request.get("token") if isinstance(request, dict) else None
        found = self.tokens.get(token_hash(token)) if isinstance(token, str) else None
        if found is None or not self._serves(found[0]):
            return {"moved": True}
        table = found[0]
        self.remote[table.id] = time.monotonic()  # its player is there, elsewhere
        conn = Connection(address, self.limits)
        try:
            return {"answer": await self._answered(conn, request)}
        finally:
            self.forget(conn)
            conn.close()

    def _news(self, gid: str, rows: int, said: str | None = None) -> None:
        """A host committed game ``gid``'s rows up to ``rows`` (or said of the game at
        ``rows``: ``said``, the undo asked): a copy here catches up."""
        if gid not in self.copies:
            return
        if said is not None:
            self._spawn(self._hear(gid, rows, json.loads(said)))
        elif rows > self.rows.get(gid, 0):
            self._spawn(self._catch_up(gid))

    async def _hear(self, gid: str, rows: int, undo: dict[str, Any] | None) -> None:
        """The game's host said which undo is asked at ``rows``: the copy's followers are
        told (unless the game has moved on since, which undid it)."""
        copy = await self._catch_up(gid)
        if copy is None or self.copies.get(gid) is not copy or self.rows.get(gid) != rows:
            return
        if _undo_of(undo) != copy.undo:
            copy.undo = _undo_of(undo)
            self._push(copy)

    def _tell_undo(self, table: Table) -> None:
        """Over a shared store, tell the other hosts the undo asked for a game served here,
        when it changed (a step, which ends it, tells them by itself)."""
        if not self.shared or not self._serves(table):
            return
        said = None if table.undo is None else _undo_said(table.undo)
        if said != self._said.get(table.id):
            self._said[table.id] = said
            rows = self.rows.get(table.id, 0)
            told = self.writer.submit(Said(table.id, rows, said))
            # news lost with a failed commit: its answer told the asker, and a step ends it
            told.add_done_callback(lambda done: done.cancelled() or done.exception())

    async def _catch_up(self, gid: str, *, push: bool = True) -> Table | None:
        """Bring the copy of game ``gid`` up to the store's last step, and tell its
        followers (``push``). A log cut back (an undo) or that does not follow on is read
        again whole."""
        copy = self.copies.get(gid)
        if copy is None:
            return None
        async with copy.lock:
            rows = await asyncio.to_thread(self.store.since, gid, self.rows.get(gid, 0))
            if self.copies.get(gid) is not copy:
                return self._in_memory(gid)
            followed = _extend(copy.game, rows)
            if followed:
                self.rows[gid] = self.rows.get(gid, 0) + len(rows)
                if rows:
                    copy.undo = None  # a step ends any undo asked
        if not followed:
            again = await self._bring(gid, False, copy)
            return again
        if rows:
            copy.touched = time.monotonic()
            if push:
                self._push(copy)
        return copy

    async def _heartbeat(self) -> None:
        """Renew this host's leases; look after the copies (behind: caught up; their
        game's lease free: taken, and the game served here) and the games followers on
        other hosts look at (their bots play)."""
        store: Any = self.store
        while True:
            await asyncio.sleep(RENEW)
            held = [*self.tables, *self.finished]
            watched = [g for g, t in self.copies.items() if t.present]
            try:
                renewed = await asyncio.to_thread(store.renew, held, watched, list(self.copies))
            except Exception as exc:
                log.error("the heartbeat could not reach the store: %s", exc)
                continue
            now = time.monotonic()
            for gid in renewed.lost:
                log.warning("game %s: its lease was lost", gid)
                self._lost(gid)
            for gid in renewed.watched:
                table = self.tables.get(gid)
                if table is not None:
                    self.remote[gid] = now
                    table.touched = now
                    self._advance_later(table)
            for gid, rows in renewed.rows.items():
                self._news(gid, rows)
            for gid in renewed.free:
                copy = self.copies.get(gid)
                if copy is not None and copy.present:
                    self._spawn(self._open(gid, acting=True))

    def _asker(self, request: dict[str, Any], conn: Connection | None) -> Asker:
        """The game a request is about and the seat it speaks for (None: a spectator, as
        is a request with a game's id and no token). The connection is counted as there:
        the game's bots play while somebody is."""
        token = request.get("token")
        if token is not None:
            if not isinstance(token, str):
                raise BadRequest("token must be a string")
            found = self._lookup(token_hash(token))
            if found is None:
                raise Forbidden("this token opens no game")
            table, seat = found
        else:
            gid = request.get("id")
            if not isinstance(gid, str):
                raise BadRequest("the request needs 'token' (your seat's), or the 'id' of a game")
            if not 0 < len(gid) <= 64:
                raise BadRequest(f"no game with id {short(gid)}")
            found_table = self._load(gid)
            if found_table is None:
                raise BadRequest(f"no game with id {short(gid)}")
            table, seat = found_table, None
        table.touched = time.monotonic()
        if conn is not None and conn not in table.present and not conn.closed:
            table.present.add(conn)
            conn.tables.add(table)
            self._advance_later(table)  # its bots waited for somebody to be there
        return Asker(table, seat)

    def _opened(
        self, info: GameInfo, game: Game, request: dict[str, Any], conn: Connection
    ) -> tuple[Table, dict[str, Any], Asker | None]:
        """Keep a new game of ``conn``'s address, within its quotas: a token for each human
        seat and one for the spectators, its bots made, its seats stored."""
        chance = request.get("chance", "host")
        if chance not in ("host", "physical"):
            raise BadRequest(f"chance must be 'host' or 'physical', got {short(chance)}")
        names = self._bot_seats(info, game, request.get("bots"))
        if None not in names and not self.limits.allow_bot_games:
            raise Forbidden(
                "every seat is a bot: this host plays games no human plays only when started "
                "with --allow-bot-games; leave a seat to a person"
            )
        limits = self.limits
        if self.held() >= limits.open_games:
            raise RateLimited(
                f"the host holds {limits.open_games} unfinished games, its most: try again later"
            )
        self.quotas.check_create(conn.address)
        gid = secrets.token_hex(6)
        while self._in_memory(gid) is not None:
            gid = secrets.token_hex(6)
        table = Table(
            gid,
            info,
            game,
            names,
            chance == "physical",
            settles=True,
            owner=conn.address,
            touched=time.monotonic(),
        )
        self._make_bots(table)
        tokens = {s: secrets.token_urlsafe(18) for s in table.humans}
        watch = secrets.token_urlsafe(18)
        records = [SeatRecord(s, "human", None, token_hash(t)) for s, t in tokens.items()]
        records += [SeatRecord(s, "bot", n, None) for s, n in enumerate(names) if n is not None]
        records.append(SeatRecord(None, "spectator", None, token_hash(watch)))
        table.hashes = {r.token_hash: r.seat for r in records if r.token_hash is not None}
        bots = {str(s): n for s, n in enumerate(names) if n is not None}
        settings = {"physical": table.physical, "bots": bots}
        self._write(gid, Created(gid, info.name, settings, tuple(records)))
        self.rows[gid] = 0
        self.quotas.created(conn.address)
        self._keep(table)
        table.present.add(conn)  # its maker is there: the bots may play
        conn.tables.add(table)
        extra = {
            "id": gid,
            "players": list(game.players),
            "seats": [{"seat": s, "token": t} for s, t in tokens.items()],
            "bots": bots,
            "spectator": watch,
            "physical": table.physical,
        }
        return table, extra, None

    def _stepped(self, table: Table, start: int, conn: Any, *, undone: bool = False) -> None:
        """Store what the step added (after an undo: what the log is now)."""
        self._commit(table, undone=undone)

    def _pushed(self, table: Table, conn: Any) -> None:
        """Tell the other followers (those of other hosts too), and let the bots go on."""
        self._push(table, skip=conn)
        self._tell_undo(table)
        self._advance_later(table)

    async def _think(
        self, table: Table, conn: Any, decide: Callable[[], Action], kind: str
    ) -> Action:
        """A bot's decision for a seat that asked for one: in the pool, in its address's turn."""
        return await self.pool.run(conn.address, decide, kind)

    def _listed(self, token: str) -> dict[str, Any] | None:
        """A token's game as ``mine`` lists it: from memory, else from what the store keeps
        of it (no replay)."""
        hashed = token_hash(token)
        found = self.tokens.get(hashed)
        if found is not None:
            table, seat = found
            game = table.game
            entry = {
                "id": table.id,
                "game": game.name,
                "seat": seat,
                "is_over": game.is_over,
                "bots": {str(s): n for s, n in enumerate(table.bot_names) if n is not None},
                "physical": table.physical,
                **table.summary(),
            }
            entry.pop("seq")
            return entry
        record = self._found.pop(hashed, None)  # looked up before the answer, off the loop
        if record is None:
            return None
        return {
            "id": record.id,
            "game": record.game,
            "seat": record.seat,
            "is_over": record.over,
            "bots": record.settings.get("bots", {}),
            "physical": bool(record.settings.get("physical")),
            "players": record.summary.get("players", []),
            "decisions": record.summary.get("decisions", 0),
            "to_act": record.summary.get("to_act"),
        }

    @staticmethod
    def _bot_seats(info: GameInfo, game: Game, bots: Any) -> list[str | None]:
        names: list[str | None] = [None] * game.num_players
        if bots is None:
            return names
        if not isinstance(bots, dict):
            raise BadRequest("bots must be an object: seat number (as text) -> bot name")
        allowed = info.bot_names()
        for key, name in bots.items():
            # ASCII digits only: "²" is a digit to str.isdigit() and no number to int()
            if not SEAT_KEY.fullmatch(key) or not 0 <= int(key) < game.num_players:
                raise BadRequest(
                    f"bots: no seat {short(key)}; seats are 0 to {game.num_players - 1}"
                )
            if not isinstance(name, str) or name not in allowed:
                raise BadRequest(f"bots: no bot {short(name)}; bots: {', '.join(allowed)}")
            names[int(key)] = name
        return names

    # ------------------------------------------------------------------ steps
    def _commit(self, table: Table, *, undone: bool = False) -> None:
        """Hand the store what the log gained since the last commit (after an undo: what it
        is now)."""
        game = table.game
        events = game.events
        start = min(table.stored, len(events)) if undone else table.stored
        new = tuple(e.to_json() for e in events[start:])
        if not new and not undone:
            return
        seq = self.rows.get(table.id, 0)
        write = Appended(table.id, seq, start, new, game.is_over, table.summary())
        self._said.pop(table.id, None)  # the step ends any undo asked, for every host
        self._write(table.id, write)
        self.rows[table.id] = write.seq + len(write.rows())
        table.stored = len(events)
        table.touched = time.monotonic()
        if undone:
            for conn in table.sent:
                table.sent[conn] = min(table.sent[conn], start)

    def _push(self, table: Table, skip: Connection | None = None) -> None:
        """Send every follower what happened since it was last told, in its own eyes, once
        it is stored; a game that is over then leaves the open games."""
        game = table.game
        now = len(game.events)
        # followers alike (a seat, where they were, the board or not, the view they hold)
        # are sent one frame, written once
        frames: dict[tuple[Any, ...], str] = {}
        updates: list[tuple[Connection, str]] = []
        handing = self.handing.get(table.id, ())
        for conn, seat in list(table.followers.items()):
            if conn in handing:  # its answer, due from the game's host, tells it
                continue
            since = min(table.sent.get(conn, now), now)
            table.sent[conn] = now
            if conn is skip or conn.closed:
                continue
            alike: tuple[Any, ...] = (seat, since, conn in table.pictures, conn in table.patching)
            if alike[3]:
                alike += (table.viewed.get(conn),)
            frame = frames.get(alike)
            if frame is None:
                about = self._about(Asker(table, seat), {}, conn, since)
                frame = frames[alike] = line({"type": "update", **about})
            elif alike[3]:
                table.viewed[conn] = (seat, now)
            updates.append((conn, frame))
        table.parts.release()  # every follower has had this step
        if updates:
            self._when_stored(table.id, functools.partial(_deliver, updates))
        if game.is_over:
            self._retire(table)

    def _advance_later(self, table: Table) -> None:
        """Start the bots' turns of ``table`` in the background, if one is due."""
        if self.tables.get(table.id) is not table:
            return  # a copy, or a finished game: the bots play where a game is served
        if table.advancing is None or table.advancing.done():
            game = table.game
            seat = game.to_act
            if game.is_over or seat is None or table.bot_names[seat] is None:
                return
            table.advancing = asyncio.get_running_loop().create_task(self._advance(table))
            table.advancing.add_done_callback(_said)

    async def _advance(self, table: Table) -> None:
        """Play the bot seats and chance until a human is to act, pushing each step; the bots
        pause while nobody follows the game or acts in it."""
        owner = table.owner or table.id
        while True:
            async with table.lock:
                game = table.game
                seat = game.to_act
                if game.is_over or seat is None or table.bot_names[seat] is None:
                    return
                if not self._there(table) or self.tables.get(table.id) is not table:
                    # nobody is there to see it: it goes on when somebody comes (HOST-4)
                    return
                bot = table.bots[seat]
                # in the bots' pool: the other games (and this game's readers) go on
                name = table.bot_names[seat]
                kind = f"{game.name}:{name}"
                action = await self.pool.run(owner, functools.partial(bot.choose, game, seat), kind)
                game.apply(action, seat=seat)
                self.decided += 1
                table.undo = None
                settle(table)
                self._commit(table)
            self._push(table)
            # the next move once this one is stored: a game of bots runs no further ahead
            # of its store than a step
            await self.stored(table.id)
            # a pause between two bot moves, if only a turn of the loop: a decision that ran
            # on the loop (a cheap one) must not play a whole game of bots before the other
            # games' messages and this game's readers get theirs
            await asyncio.sleep(self.bot_delay)


class Peer:
    """A socket to another host of the shared store (its ``/peer``): moves of the games it
    serves are handed to it, each answered once stored."""

    def __init__(self, address: str, key: str) -> None:
        self.address = address
        self.key = key
        self._socket: Any = None
        self._lock = asyncio.Lock()
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}

    async def ask(self, request: dict[str, Any], address: str) -> dict[str, Any]:
        """Hand ``request`` (of a client at ``address``) over; the host's reply."""
        socket = await self._open()
        hid = next(self._ids)
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[hid] = reply
        try:
            await socket.send(json.dumps({"hid": hid, "address": address, "request": request}))
            return await asyncio.wait_for(reply, HANDOVER)
        finally:
            self._waiting.pop(hid, None)

    async def _open(self) -> Any:
        from websockets.asyncio.client import connect

        async with self._lock:
            if self._socket is None:
                self._socket = await asyncio.wait_for(
                    connect(
                        f"{self.address}/peer",
                        additional_headers={"x-metro-key": self.key},
                        max_size=None,
                        compression=None,
                    ),
                    3,
                )
                reader = asyncio.get_running_loop().create_task(self._read(self._socket))
                reader.add_done_callback(_said)
            return self._socket

    async def _read(self, socket: Any) -> None:
        try:
            async for text in socket:
                message = json.loads(text)
                reply = self._waiting.get(message.get("hid"))
                if reply is not None and not reply.done():
                    reply.set_result(message)
        except Exception as exc:  # the host went away: every move waiting is told
            log.warning("the socket to the host at %s closed: %s", self.address, exc)
        finally:
            if self._socket is socket:
                self._socket = None
            for reply in self._waiting.values():
                if not reply.done():
                    reply.set_exception(ConnectionError(f"the host at {self.address} went away"))

    async def close(self) -> None:
        """Close the socket."""
        if self._socket is not None:
            await self._socket.close()


def _extend(game: Game, rows: Rows) -> bool:
    """Take the stored rows that follow ``game``'s log again, as a replay does; False when
    they do not simply follow on (a row that cuts the log back, or a divergence)."""
    cls = type(game)
    end = len(game.events)
    try:
        for pos, raw in rows:
            if raw is None or pos != end:
                return False
            event = cls.event_from_json(raw)
            if pos < len(game.events):
                if game.events[pos] != event:
                    return False
            elif not reapply(game, event):
                return False
            end += 1
    except (IllegalAction, InvalidSave, ValueError, KeyError) as exc:
        log.warning("a copy does not follow its stored log, read again whole: %s", exc)
        return False
    return len(game.events) == end


def _move_followers(old: Table, new: Table) -> None:
    """The followers of ``old`` follow ``new`` (the same game, brought in again)."""
    new.followers.update(old.followers)
    new.sent.update({c: min(n, len(new.game.events)) for c, n in old.sent.items()})
    new.pictures |= old.pictures
    new.patching |= old.patching
    new.present |= old.present
    for conn in old.present | set(old.followers):
        conn.tables.discard(old)
        conn.tables.add(new)
    old.followers.clear()
    old.present.clear()


def _undo_said(undo: tuple[int, int, set[int]]) -> dict[str, Any]:
    """An undo asked, as the other hosts are told of it (and as answers show it)."""
    by, _, agreed = undo
    return {"by": by, "agreed": sorted(agreed)}


def _undo_of(said: Any) -> tuple[int, int, set[int]] | None:
    """An undo asked, as a copy keeps it (it never makes the undo: no index to go to)."""
    if not isinstance(said, dict):
        return None
    return said["by"], -1, set(said["agreed"])


def _with_rid(answer: dict[str, Any], request: Any) -> dict[str, Any]:
    """``answer`` with the request's ``rid``, if it had one."""
    if isinstance(request, dict) and "rid" in request:
        return {**answer, "rid": request["rid"]}
    answer = dict(answer)
    answer.pop("rid", None)
    return answer


def _unstored(gid: str) -> dict[str, Any]:
    return error(
        "internal_error",
        f"the store could not keep this step of game {gid}, so it was not taken: "
        "the game is back at its last stored step; try again later",
    )


def _committed(pending: asyncio.Future[None] | None) -> bool:
    """True when there is no write waiting, or it is committed already."""
    return pending is None or (
        pending.done() and not pending.cancelled() and pending.exception() is None
    )


def _deliver(updates: list[tuple[Connection, str]]) -> None:
    """Send each connection its update."""
    for conn, text in updates:
        conn.send(text)


def _said(task: asyncio.Task[None]) -> None:
    """Log what stopped a game's bots, if it was an error (the game waits for a human then)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("the bots of a game stopped", exc_info=task.exception())
