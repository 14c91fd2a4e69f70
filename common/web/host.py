"""The web host: games for several people at once, each request in the eyes of the seat that
its token names (docs/web.md).

The host owns every game: it draws the seed (no client chooses or learns it), resolves chance
(unless the game's creator chose physical dice), plays the bot seats off the event loop, and
stores every step before it answers it. A client holds tokens: one per human seat and one for
spectators, each unguessable and stored only as its hash. A request may act only for its
token's seat, and sees only what that seat may see. Every socket that follows a game gets,
after each step, an ``update`` in its own seat's eyes.

It is a host of strangers: each address has its quotas (``common.web.limits``), bots think in
a pool within a CPU budget and only while somebody is there to see them (``BotPool``), an
undo never crosses a roll, a draw or a bot's move (``common.fairplay``), and a finished game
leaves memory (it stays in the store, and comes back when a token asks for it).
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
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from common import jsontext
from common.bots import Bot
from common.chance import Dice
from common.errors import IllegalAction, InvalidSave, short
from common.fairplay import can_undo, undo_point
from common.game import Game
from common.protocol import (
    BadRequest,
    Forbidden,
    RateLimited,
    catalogue,
    error,
    failure,
    game_info,
    legal,
    line,
    options_of,
    seat_part,
    shown,
    since_of,
    state,
    static_data,
    step_starts,
    steps,
    svg,
    told,
)
from common.registry import GameInfo, get, replay
from common.web.botpool import BotPool
from common.web.limits import Limits, Quotas
from common.web.store import SeatRecord, Store, StoredGame

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


@attrs.define(eq=False)
class Table:
    """One game the host keeps: the game, its seats, its lock and who follows it."""

    id: str
    info: GameInfo
    game: Game
    #: per seat: a bot's name, or None for a human
    bot_names: list[str | None]
    physical: bool
    #: the hashes of its tokens (the seats' and the spectators')
    hashes: dict[str, int | None] = attrs.field(factory=dict)
    #: the address that made it, while the game counts among that address's open games
    owner: str | None = None
    bots: dict[int, Bot] = attrs.field(factory=dict)
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    #: each following connection and the seat it sees with (None: a spectator)
    followers: dict[Connection, int | None] = attrs.field(factory=dict)
    #: the log's length each follower has been sent
    sent: dict[Connection, int] = attrs.field(factory=dict)
    #: the followers that asked for the board's SVG in every answer and update
    pictures: set[Connection] = attrs.field(factory=set)
    #: the connections that follow it or have acted in it: its bots play only while one is
    present: set[Connection] = attrs.field(factory=set)
    #: when it last moved or was asked about (an unfinished game nobody follows leaves memory)
    touched: float = attrs.field(factory=time.monotonic)
    #: the events the store holds
    stored: int = 0
    #: an undo asked for and not yet agreed by every human: (seat asking, the index to go
    #: back to, the seats that agreed)
    undo: tuple[int, int, set[int]] | None = None
    advancing: asyncio.Task[None] | None = None

    @property
    def humans(self) -> list[int]:
        """The human seats."""
        return [s for s, name in enumerate(self.bot_names) if name is None]

    @property
    def bot_seats(self) -> list[int]:
        """The seats the host's bots play."""
        return [s for s, name in enumerate(self.bot_names) if name is not None]

    def summary(self) -> dict[str, Any]:
        """What the store keeps of the game beside its log, to list it without a replay."""
        game = self.game
        return {
            "players": list(game.players),
            "decisions": game.decisions,
            "to_act": game.to_act,
            "seq": len(game.events),
        }


class WebHost:
    """Keeps games for the web: tokens, bots, chance, the store, the pushes and the quotas."""

    def __init__(
        self, store: Store, *, bot_delay: float = 0.0, limits: Limits | None = None
    ) -> None:
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
        self._catalogue: list[dict[str, Any]] | None = None
        self._commands: dict[str, Callable[[Connection, dict[str, Any]], Any]] = {
            "games": self.cmd_games,
            "data": self.cmd_data,
            "new": self.cmd_new,
            "follow": self.cmd_follow,
            "view": self.cmd_view,
            "legal": self.cmd_legal,
            "apply": self.cmd_apply,
            "resolve": self.cmd_resolve,
            "bot": self.cmd_bot,
            "undo": self.cmd_undo,
            "events": self.cmd_events,
            "describe": self.cmd_describe,
            "render": self.cmd_render,
            "steps": self.cmd_steps,
            "mine": self.cmd_mine,
        }

    # ------------------------------------------------------------------ start and stop
    def restore(self) -> int:
        """Bring back every unfinished stored game, replaying its log; the number brought
        back (a finished game comes back when a token asks for it)."""
        count = 0
        for stored in self.store.games(unfinished=True):
            table = self._table_of(stored)
            if table is None:
                continue
            self._keep(table)
            count += 1
        return count

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
            hashes={r.token_hash: r.seat for r in stored.seats if r.token_hash is not None},
            stored=len(stored.events),
        )
        self._make_bots(table)
        return table

    def _keep(self, table: Table) -> None:
        """Hold ``table`` in memory: among the open games, or the finished ones lately asked."""
        if table.game.is_over:
            self.finished[table.id] = table
            self.finished.move_to_end(table.id)
            while len(self.finished) > FINISHED_KEPT:
                _, old = self.finished.popitem(last=False)
                self._drop_tokens(old)
        else:
            self.tables[table.id] = table
        for h, seat in table.hashes.items():
            self.tokens[h] = (table, seat)

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
            if not table.present and now - table.touched > idle and not table.lock.locked():
                self._evict(table)
        self.quotas.forget_old()

    def resume(self) -> None:
        """Let the bots and chance of every restored game go on (needs a running loop); a
        game's bots wait until somebody follows it."""
        for table in self.tables.values():
            self._advance_later(table)

    def close(self) -> None:
        """Stop the bots' pool."""
        self.pool.close()

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
        conn.send(line(await self.handle(conn, request)))

    async def handle(self, conn: Connection, request: Any) -> dict[str, Any]:
        """The answer to one decoded request of ``conn``; never raises on bad input."""
        rid = request.get("rid") if isinstance(request, dict) else None
        try:
            if not isinstance(request, dict):
                raise BadRequest("a request is a JSON object with a 'cmd'")
            cmd = request.get("cmd")
            handler = self._commands.get(cmd) if isinstance(cmd, str) else None
            if handler is None:
                raise BadRequest(f"unknown cmd {short(cmd)}; commands: {', '.join(self._commands)}")
            result = handler(conn, request)
            if asyncio.iscoroutine(result):
                result = await result
            out = {"ok": True, **result}
        except Exception as exc:  # the same codes as metro serve's
            out = failure(exc)
        if rid is not None:
            out["rid"] = rid
        return out

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

    def _who(
        self, request: dict[str, Any], conn: Connection | None = None
    ) -> tuple[Table, int | None, bool]:
        """The game a request is about and the seat it speaks for (None: a spectator), and
        whether it holds a token (no token sees what a spectator sees). The connection is
        counted as there: the game's bots play while somebody is."""
        token = request.get("token")
        if token is not None:
            if not isinstance(token, str):
                raise BadRequest("token must be a string")
            found = self._lookup(token_hash(token))
            if found is None:
                raise Forbidden("this token opens no game")
            table, seat = found
            held = True
        else:
            gid = request.get("id")
            if not isinstance(gid, str):
                raise BadRequest("the request needs 'token' (your seat's), or the 'id' of a game")
            if not 0 < len(gid) <= 64:
                raise BadRequest(f"no game with id {short(gid)}")
            found_table = self._load(gid)
            if found_table is None:
                raise BadRequest(f"no game with id {short(gid)}")
            table, seat, held = found_table, None, False
        table.touched = time.monotonic()
        if conn is not None and conn not in table.present and not conn.closed:
            table.present.add(conn)
            conn.tables.add(table)
            self._advance_later(table)  # its bots waited for somebody to be there
        return table, seat, held

    def _player(self, request: dict[str, Any], conn: Connection) -> tuple[Table, int]:
        """The game and seat of a request that acts: a human seat's token is needed."""
        table, seat, _ = self._who(request, conn)
        if seat is None:
            raise Forbidden("a spectator cannot act: use your seat's token")
        return table, seat

    def _about(
        self, table: Table, seat: int | None, since: int, conn: Connection | None = None
    ) -> dict[str, Any]:
        """An answer about a game in ``seat``'s eyes: the events since ``since``, the state,
        the view, the words and the legal moves when the seat is to act (with the ``amounts``
        it may type); whether it may take a move back (``can_undo``); the board's ``svg`` too
        for a connection that follows with ``svg``."""
        game = table.game
        events = game.events[since:]
        out = {"id": table.id, "seat": seat, "events": shown(events, seat), **state(game)}
        out.update(seat_part(game, seat, since))
        if seat is not None:
            out["can_undo"] = can_undo(game, seat, table.bot_seats)
        if table.undo is not None:
            by, _, agreed = table.undo
            out["undo"] = {"by": by, "agreed": sorted(agreed)}
        if conn is not None and conn in table.pictures and table.info.render_svg is not None:
            out.update(svg(table.info, game, seat))
        return out

    # ------------------------------------------------------------------ commands
    def cmd_games(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The registered games with their player counts, bots and options."""
        if self._catalogue is None:
            self._catalogue = catalogue()
        return {"games": self._catalogue}

    def cmd_data(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """A game's static description for some rule options."""
        return static_data(request)

    async def cmd_new(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Open a game: ``game``, ``players``, ``options``, ``bots`` (seat -> bot name) and
        ``chance`` (``host``, or ``physical`` for dice the table rolls itself)."""
        if "seed" in request:
            raise Forbidden(
                "over the web the host chooses the seed: a seat that knew it would know "
                "every die to come"
            )
        info = game_info(request)
        chance = request.get("chance", "host")
        if chance not in ("host", "physical"):
            raise BadRequest(f"chance must be 'host' or 'physical', got {short(chance)}")
        game = info.new_game(players=request.get("players"), options=options_of(request, info))
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
        table = Table(gid, info, game, names, chance == "physical", owner=conn.address)
        self._make_bots(table)
        tokens = {s: secrets.token_urlsafe(18) for s in table.humans}
        watch = secrets.token_urlsafe(18)
        records = [SeatRecord(s, "human", None, token_hash(t)) for s, t in tokens.items()]
        records += [SeatRecord(s, "bot", n, None) for s, n in enumerate(names) if n is not None]
        records.append(SeatRecord(None, "spectator", None, token_hash(watch)))
        table.hashes = {r.token_hash: r.seat for r in records if r.token_hash is not None}
        bots = {str(s): n for s, n in enumerate(names) if n is not None}
        settings = {"physical": table.physical, "bots": bots}
        self.store.create(gid, info.name, settings, records)
        self.quotas.created(conn.address)
        self._keep(table)
        table.present.add(conn)  # its maker is there: the bots may play
        conn.tables.add(table)
        self._settle(table)
        self._commit(table)
        self._advance_later(table)
        out = {
            "id": gid,
            "players": list(game.players),
            "seats": [{"seat": s, "token": t} for s, t in tokens.items()],
            "bots": bots,
            "spectator": watch,
            "physical": table.physical,
            **state(game),
        }
        return out

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

    def cmd_follow(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Follow a game in the eyes of a token's seat: every step is pushed to this socket as
        an ``update``; the answer has what happened since ``since``. With ``"svg": true``
        each answer about the game and each update carries the board (``svg``), drawn at
        that very step (a front end that shows bot moves at a person's pace needs it so)."""
        picture = request.get("svg", False)
        if not isinstance(picture, bool):
            raise BadRequest(f"svg must be true or false, got {short(picture)}")
        since = since_of(request)
        table, seat, _ = self._who(request, conn)
        since = min(since, len(table.game.events))
        table.followers[conn] = seat
        table.sent[conn] = len(table.game.events)
        if picture:
            table.pictures.add(conn)
        else:
            table.pictures.discard(conn)
        return self._about(table, seat, since, conn)

    def cmd_view(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """What the token's seat (or a spectator) sees now."""
        table, seat, _ = self._who(request, conn)
        return self._about(table, seat, len(table.game.events), conn)

    def cmd_legal(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The token's seat's legal moves: none unless it is to act."""
        table, seat, _ = self._who(request, conn)
        return {"id": table.id, **state(table.game), **legal(table.game, seat)}

    async def _step(
        self,
        conn: Connection,
        table: Table,
        seat: int,
        move: Callable[[Game], Awaitable[Any] | None],
    ) -> dict[str, Any]:
        """One step of ``table`` under its lock, ``move(game)``; then chance settled, the step
        stored, answered in ``seat``'s eyes, pushed to the other followers, and the bots let
        go on. A move that raises changes nothing."""
        async with table.lock:
            game = table.game
            start = len(game.events)
            done = move(game)
            if done is not None:
                await done
            table.undo = None
            self._settle(table)
            self._commit(table)
            out = self._about(table, seat, start, conn)
        self._push(table, skip=conn)
        self._advance_later(table)
        return out

    async def cmd_apply(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Apply an action for the token's seat (it must be to act)."""
        if "action" not in request:
            raise BadRequest("apply needs 'action' (a JSON action object or its text form)")
        table, seat = self._player(request, conn)

        def move(game: Game) -> None:
            game.apply(request["action"], seat=seat)  # IllegalAction: nothing changed

        return await self._step(conn, table, seat, move)

    async def cmd_resolve(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Give the dice a table rolled itself: only in a game made with physical dice."""
        table, seat = self._player(request, conn)
        if not table.physical:
            raise Forbidden(
                "the host rolls the dice of this game: it was not made with physical dice"
            )

        def roll(game: Game) -> None:
            if not isinstance(game.chance, Dice):
                raise IllegalAction("no dice roll is pending")
            game.resolve(request.get("outcome"))

        return await self._step(conn, table, seat, roll)

    async def cmd_bot(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Let a named bot (the game's default bot if none is named) take the token's seat's
        decision."""
        table, seat = self._player(request, conn)
        name = request.get("bot", table.info.default())
        if not isinstance(name, str) or name not in table.info.bot_names():
            raise BadRequest(f"no bot {short(name)}; bots: {', '.join(table.info.bot_names())}")

        async def think(game: Game) -> None:
            if game.is_over:
                raise IllegalAction("the game is over: no bot can move")
            if game.to_act != seat:
                raise IllegalAction("it is not your turn to decide")
            bot = table.info.bot_factory(name)(secrets.randbelow(2**31))
            # in the bots' pool, in this address's turn: the other games go on meanwhile
            choice = await self.pool.run(
                conn.address, functools.partial(bot.choose, game, seat), f"{game.name}:{name}"
            )
            game.apply(choice, seat=seat)

        return await self._step(conn, table, seat, think)

    async def cmd_undo(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Take back the seat's last decision (and all that followed), if no roll, draw,
        private card or bot's move came after it (``common.fairplay``): at once in a game
        with one human, else when every human has agreed (``agree`` false declines)."""
        agree = request.get("agree", True)
        if not isinstance(agree, bool):
            raise BadRequest(f"agree must be true or false, got {short(agree)}")
        table, seat = self._player(request, conn)
        async with table.lock:
            game = table.game
            if not agree:
                if table.undo is None:
                    raise IllegalAction("no undo was asked for: there is nothing to decline")
                table.undo = None
                out = self._about(table, seat, len(game.events), conn)
                self._push(table, skip=conn)
                return out
            if table.undo is not None:
                by, target, agreed = table.undo
                agreed.add(seat)
            else:
                target = undo_point(game, seat, table.bot_seats)  # or why not
                by, agreed = seat, {seat}
                table.undo = (by, target, agreed)
            if set(table.humans) <= agreed:
                game.undo(to=target)
                table.undo = None
                self._commit(table, undone=True)
            out = self._about(table, seat, len(game.events), conn)
        self._push(table, skip=conn)
        self._advance_later(table)
        return out

    def cmd_events(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The log since ``since`` as the token's seat (or a spectator) may see it."""
        since = since_of(request)
        table, seat, _ = self._who(request, conn)
        return {
            "id": table.id,
            "since": since,
            "seq": len(table.game.events),
            "events": table.game.events_for(seat, since),
        }

    def cmd_describe(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The log since ``since`` in words, as the token's seat (or a spectator) sees it."""
        since = since_of(request)
        table, seat, _ = self._who(request, conn)
        game = table.game
        return {
            "id": table.id,
            "since": since,
            "seq": len(game.events),
            "told": told(game, game.events[since:], seat),
        }

    def cmd_render(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The board as the token's seat (or a spectator) sees it: an SVG document. With
        ``seq`` (one of the ``seq`` of ``steps``) the board as it was then, and the view."""
        table, seat, _ = self._who(request, conn)
        if "seq" not in request:
            return {"id": table.id, **svg(table.info, table.game, seat)}
        at = request["seq"]
        game = table.game
        events = game.events
        ends = [*step_starts(events)[1:], len(events)]
        if type(at) is not int or at not in ends:
            raise BadRequest(
                f"seq must be the seq of a step (see steps), from {ends[0]} to {ends[-1]}, "
                f"got {short(at)}"
            )
        then = game if at == len(events) else replay(list(events[:at]))
        return {
            "id": table.id,
            "seq": at,
            "view": then.view(seat),
            **state(then),
            **svg(table.info, then, seat),
        }

    def cmd_steps(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The game step by step, for a replay: the setup, then each decision and chance
        outcome with what followed it, in words as the token's seat (or a spectator) sees
        them; ``seq`` of a step is the log's length after it (``render`` draws it)."""
        table, seat, _ = self._who(request, conn)
        game = table.game
        found = steps(game, seat, 0)
        return {"id": table.id, "seq": len(game.events), "is_over": game.is_over, "steps": found}

    def cmd_mine(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The games these tokens open (unknown tokens are left out): a list to resume. A game
        not in memory is listed from what the store keeps of it, without a replay."""
        tokens = request.get("tokens")
        if not isinstance(tokens, list) or len(tokens) > 100:
            raise BadRequest("mine needs 'tokens', a list of at most 100 tokens")
        out = []
        for token in tokens:
            if not isinstance(token, str):
                continue
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
            else:
                record = self.store.find(hashed)
                if record is None:
                    continue
                entry = {
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
            entry.pop("seq", None)
            try:
                title = get(entry["game"]).cls.title
            except KeyError:
                title = entry["game"]
            out.append({"token": token, "title": title, **entry})
        return {"games": out}

    # ------------------------------------------------------------------ steps
    def _settle(self, table: Table) -> None:
        """Resolve pending chance from the game's own generator, unless the table rolls its
        dice itself."""
        game = table.game
        while game.chance is not None and not (table.physical and isinstance(game.chance, Dice)):
            game.resolve()

    def _commit(self, table: Table, *, undone: bool = False) -> None:
        """Store what the log gained since the last commit (after an undo: what it is now)."""
        game = table.game
        events = game.events
        start = min(table.stored, len(events)) if undone else table.stored
        new = [e.to_json() for e in events[start:]]
        self.store.append(table.id, start, new, game.is_over, table.summary())
        table.stored = len(events)
        table.touched = time.monotonic()
        if undone:
            for conn in table.sent:
                table.sent[conn] = min(table.sent[conn], start)

    def _push(self, table: Table, skip: Connection | None = None) -> None:
        """Send every follower what happened since it was last told, in its own eyes; a game
        that is over then leaves the open games."""
        game = table.game
        now = len(game.events)
        for conn, seat in list(table.followers.items()):
            since = table.sent.get(conn, now)
            table.sent[conn] = now
            if conn is skip or conn.closed:
                continue
            update = {"type": "update", **self._about(table, seat, min(since, now), conn)}
            conn.send(line(update))
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
                self._settle(table)
                self._commit(table)
            self._push(table)
            # a pause between two bot moves, if only a turn of the loop: a decision that ran
            # on the loop (a cheap one) must not play a whole game of bots before the other
            # games' messages and this game's readers get theirs
            await asyncio.sleep(self.bot_delay)


def _said(task: asyncio.Task[None]) -> None:
    """Log what stopped a game's bots, if it was an error (the game waits for a human then)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("the bots of a game stopped", exc_info=task.exception())
