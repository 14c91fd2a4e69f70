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
for it.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from common import jsontext
from common.actions import Action
from common.errors import InvalidSave, short
from common.game import Game
from common.master import Asker, Master, Table, settle
from common.protocol import BadRequest, Forbidden, RateLimited, error, line
from common.registry import GameInfo, get, replay
from common.web.botpool import BotPool
from common.web.limits import Limits, Quotas
from common.web.store import Appended, Created, SeatRecord, Store, StoredGame, Writer

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
            log.error("game %s: a step was not stored", gid, exc_info=done.exception())
            self._lost(gid)

    def _lost(self, gid: str) -> None:
        """A step of game ``gid`` could not be stored: the game leaves memory, to come back
        from the store at its last stored step when it is next asked for (what memory held
        beyond it was answered to nobody)."""
        table = self.tables.get(gid) or self.finished.pop(gid, None)
        if table is None:
            return
        self._leave_open(table)
        self._drop_tokens(table)
        for conn in list(table.present):
            conn.tables.discard(table)
        table.present.clear()
        table.followers.clear()

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
    def _table_of(self, stored: StoredGame) -> Table | None:
        """The table of a stored game, replayed from its log (None if it does not replay)."""
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
        self._make_bots(table)
        self.loaded += 1
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
            for conn in list(table.present):
                conn.tables.discard(table)

    def sweep(self, now: float | None = None) -> None:
        """Let go of idle sockets and of unfinished games nobody has followed for a while."""
        now = time.monotonic() if now is None else now
        idle = self.limits.idle_game
        for table in list(self.tables.values()):
            if (
                not table.present
                and now - table.touched > idle
                and not table.lock.locked()
                and table.id not in self.writing
            ):
                self._evict(table)
        self.quotas.forget_old()

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
        the human's move."""
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
        """The game a token's hash opens and its seat: from memory, else from the store."""
        found = self.tokens.get(hashed)
        if found is not None:
            if found[0].id in self.finished:
                self.finished.move_to_end(found[0].id)
            return found
        record = self.store.find(hashed)
        if record is None:
            return None
        table = self._load(record.id)
        return None if table is None else (table, record.seat)

    def _load(self, gid: str) -> Table | None:
        """The game ``gid``, from memory or brought back from the store."""
        table = self.tables.get(gid) or self.finished.get(gid)
        if table is not None:
            return table
        stored = self.store.load(gid)
        if stored is None:
            return None
        table = self._table_of(stored)
        if table is None:
            raise InvalidSave(f"the stored game {gid} does not replay: it cannot be opened")
        self._keep(table)
        return table

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
        if len(self.tables) >= limits.open_games:
            raise RateLimited(
                f"the host keeps {limits.open_games} unfinished games, its most: try again later"
            )
        self.quotas.check_create(conn.address)
        gid = secrets.token_hex(6)
        while gid in self.tables or gid in self.finished:
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
        """Tell the other followers, and let the bots go on."""
        self._push(table, skip=conn)
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
        record = self.store.find(hashed)
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
        self._write(table.id, Appended(table.id, start, new, game.is_over, table.summary()))
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
        for conn, seat in list(table.followers.items()):
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
                if not table.present or table.id not in self.tables:
                    # nobody is there to see it: it goes on when somebody comes (HOST-4)
                    return
                bot = table.bots[seat]
                # in the bots' pool: the other games (and this game's readers) go on
                name = table.bot_names[seat]
                kind = f"{game.name}:{name}"
                action = await self.pool.run(owner, functools.partial(bot.choose, game, seat), kind)
                game.apply(action, seat=seat)
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
