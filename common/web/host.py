"""The web host: games for several people at once, each request in the eyes of the seat that
its token names (docs/web.md).

The host owns every game: it draws the seed (no client chooses or learns it), resolves chance
(unless the game's creator chose physical dice), plays the bot seats off the event loop, and
stores every step before it answers it. A client holds tokens: one per human seat and one for
spectators, each unguessable and stored only as its hash. A request may act only for its
token's seat, and sees only what that seat may see. Every socket that follows a game gets,
after each step, an ``update`` in its own seat's eyes.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from common import jsontext
from common.bots import Bot
from common.chance import Dice
from common.errors import IllegalAction, InvalidSave
from common.events import ActionTaken
from common.game import Game
from common.protocol import (
    BadRequest,
    Forbidden,
    catalogue,
    error,
    failure,
    game_info,
    legal,
    line,
    options_of,
    seat_part,
    short,
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
from common.web.store import SeatRecord, Store

log = logging.getLogger("metro.web")

#: the largest message a client may send (the web has no save or load: requests are small)
MAX_MESSAGE = 64 * 1024
#: games one connection may open
MAX_GAMES_PER_CONNECTION = 20
#: games the host keeps open at once
MAX_OPEN_GAMES = 10_000
#: sockets the host serves at once
MAX_CONNECTIONS = 1_000
#: messages a connection may send: a burst of this many, then this many a second (a person
#: sends a few a minute; a program driving a seat may go faster: ``metro web --rate``)
RATE_BURST = 60
RATE_PER_SECOND = 30.0
#: answers and updates waiting for a slow client; past this it is disconnected
OUTBOX = 256


def token_hash(token: str) -> str:
    """The hash under which a token is stored and looked up (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Connection:
    """One client's socket: its outbox, its budget of messages, the games it opened."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST) -> None:
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(maxsize=OUTBOX)
        self.opened = 0
        self.closed = False
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._at = time.monotonic()

    def send(self, text: str) -> None:
        """Queue one message; a client too slow to read its messages is let go."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("a client read too slowly: disconnected")
            self.close()

    def close(self) -> None:
        """Stop: the writer ends and the socket closes."""
        if not self.closed:
            self.closed = True
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)

    def allowed(self) -> bool:
        """Take one message from the budget: False when the client sends too fast."""
        now = time.monotonic()
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
    bots: dict[int, Bot] = attrs.field(factory=dict)
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    #: each following connection and the seat it sees with (None: a spectator)
    followers: dict[Connection, int | None] = attrs.field(factory=dict)
    #: the log's length each follower has been sent
    sent: dict[Connection, int] = attrs.field(factory=dict)
    #: the followers that asked for the board's SVG in every answer and update
    pictures: set[Connection] = attrs.field(factory=set)
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


class WebHost:
    """Keeps games for the web: tokens, bots, chance, the store and the pushes."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        #: token hash -> (game id, seat or None for the spectators)
        self.tokens: dict[str, tuple[str, int | None]] = {}
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
        """Bring back every stored game, replaying its log; the number brought back."""
        count = 0
        for stored in self.store.games():
            try:
                game = replay(list(stored.events))
            except InvalidSave as exc:
                log.error("stored game %s does not replay, left out: %s", stored.id, exc)
                continue
            seats = [r for r in stored.seats if r.seat is not None]
            names: list[str | None] = [None] * game.num_players
            for r in seats:
                names[r.seat] = r.bot  # type: ignore[index]
            table = Table(
                stored.id,
                get(game.name),
                game,
                names,
                bool(stored.settings.get("physical")),
                stored=len(stored.events),
            )
            self._make_bots(table)
            self.tables[stored.id] = table
            for r in stored.seats:
                if r.token_hash is not None:
                    self.tokens[r.token_hash] = (stored.id, r.seat)
            count += 1
        return count

    def resume(self) -> None:
        """Let the bots and chance of every restored game go on (needs a running loop)."""
        for table in self.tables.values():
            self._advance_later(table)

    def _make_bots(self, table: Table) -> None:
        for seat, name in enumerate(table.bot_names):
            if name is not None:
                # a bot's own generator, from the host's: never from the game's seed
                table.bots[seat] = table.info.bot_factory(name)(secrets.randbelow(2**31))

    def forget(self, conn: Connection) -> None:
        """A connection is gone: it follows nothing any more."""
        for table in self.tables.values():
            table.followers.pop(conn, None)
            table.sent.pop(conn, None)
            table.pictures.discard(conn)

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
            refused = error("rate_limited", f"at most {conn.rate:g} messages a second")
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

    def _who(self, request: dict[str, Any]) -> tuple[Table, int | None, bool]:
        """The game a request is about and the seat it speaks for (None: a spectator), and
        whether it holds a token (no token sees what a spectator sees)."""
        token = request.get("token")
        if token is not None:
            if not isinstance(token, str):
                raise BadRequest("token must be a string")
            found = self.tokens.get(token_hash(token))
            if found is None:
                raise Forbidden("this token opens no game")
            return self.tables[found[0]], found[1], True
        gid = request.get("id")
        if isinstance(gid, str) and gid in self.tables:
            return self.tables[gid], None, False
        raise BadRequest("the request needs 'token' (your seat's), or the 'id' of a game")

    def _player(self, request: dict[str, Any]) -> tuple[Table, int]:
        """The game and seat of a request that acts: a human seat's token is needed."""
        table, seat, _ = self._who(request)
        if seat is None:
            raise Forbidden("a spectator cannot act: use your seat's token")
        return table, seat

    def _about(
        self, table: Table, seat: int | None, since: int, conn: Connection | None = None
    ) -> dict[str, Any]:
        """An answer about a game in ``seat``'s eyes: the events since ``since``, the state,
        the view, the words and the legal moves when the seat is to act (with the ``amounts``
        it may type); the board's ``svg`` too for a connection that follows with ``svg``."""
        game = table.game
        events = game.events[since:]
        out = {"id": table.id, "seat": seat, "events": shown(events, seat), **state(game)}
        out.update(seat_part(game, seat, since))
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
        if conn.opened >= MAX_GAMES_PER_CONNECTION:
            raise Forbidden(f"a connection may open at most {MAX_GAMES_PER_CONNECTION} games")
        if len(self.tables) >= MAX_OPEN_GAMES:
            raise Forbidden(f"the host keeps at most {MAX_OPEN_GAMES} games: try again later")
        info = game_info(request)
        chance = request.get("chance", "host")
        if chance not in ("host", "physical"):
            raise BadRequest(f"chance must be 'host' or 'physical', got {short(chance)}")
        game = info.new_game(players=request.get("players"), **options_of(request))
        names = self._bot_seats(info, game, request.get("bots"))
        gid = secrets.token_hex(6)
        while gid in self.tables:
            gid = secrets.token_hex(6)
        table = Table(gid, info, game, names, chance == "physical")
        self._make_bots(table)
        tokens = {s: secrets.token_urlsafe(18) for s in table.humans}
        watch = secrets.token_urlsafe(18)
        records = [SeatRecord(s, "human", None, token_hash(t)) for s, t in tokens.items()]
        records += [SeatRecord(s, "bot", n, None) for s, n in enumerate(names) if n is not None]
        records.append(SeatRecord(None, "spectator", None, token_hash(watch)))
        bots = {str(s): n for s, n in enumerate(names) if n is not None}
        settings = {"physical": table.physical, "bots": bots}
        self.store.create(gid, info.name, settings, records)
        self.tables[gid] = table
        for r in records:
            if r.token_hash is not None:
                self.tokens[r.token_hash] = (gid, r.seat)
        conn.opened += 1
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
            if not key.isdigit() or not 0 <= int(key) < game.num_players:
                raise BadRequest(
                    f"bots: no seat {short(key)}; seats are 0 to {game.num_players - 1}"
                )
            if name not in allowed:
                raise BadRequest(f"bots: no bot {short(name)}; bots: {', '.join(allowed)}")
            names[int(key)] = name
        return names

    def cmd_follow(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Follow a game in the eyes of a token's seat: every step is pushed to this socket as
        an ``update``; the answer has what happened since ``since``. With ``"svg": true``
        each answer about the game and each update carries the board (``svg``), drawn at
        that very step (a front end that shows bot moves at a person's pace needs it so)."""
        table, seat, _ = self._who(request)
        picture = request.get("svg", False)
        if not isinstance(picture, bool):
            raise BadRequest(f"svg must be true or false, got {short(picture)}")
        since = min(since_of(request), len(table.game.events))
        table.followers[conn] = seat
        table.sent[conn] = len(table.game.events)
        if picture:
            table.pictures.add(conn)
        else:
            table.pictures.discard(conn)
        return self._about(table, seat, since, conn)

    def cmd_view(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """What the token's seat (or a spectator) sees now."""
        table, seat, _ = self._who(request)
        return self._about(table, seat, len(table.game.events), conn)

    def cmd_legal(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The token's seat's legal moves: none unless it is to act."""
        table, seat, _ = self._who(request)
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
        table, seat = self._player(request)
        if "action" not in request:
            raise BadRequest("apply needs 'action' (a JSON action object or its text form)")

        def move(game: Game) -> None:
            game.apply(request["action"], seat=seat)  # IllegalAction: nothing changed

        return await self._step(conn, table, seat, move)

    async def cmd_resolve(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Give the dice a table rolled itself: only in a game made with physical dice."""
        table, seat = self._player(request)
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
        table, seat = self._player(request)
        name = request.get("bot", table.info.default())
        if name not in table.info.bot_names():
            raise BadRequest(f"no bot {short(name)}; bots: {', '.join(table.info.bot_names())}")

        async def think(game: Game) -> None:
            if game.to_act != seat:
                raise IllegalAction("it is not your turn to decide")
            bot = table.info.bot_factory(name)(secrets.randbelow(2**31))
            # in a thread: the other games go on while this bot thinks
            game.apply(await asyncio.to_thread(bot.choose, game, seat), seat=seat)

        return await self._step(conn, table, seat, think)

    async def cmd_undo(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """Take back the seat's last decision (and all that followed): at once in a game with
        one human, else when every human has agreed (``agree`` false declines)."""
        table, seat = self._player(request)
        async with table.lock:
            game = table.game
            if request.get("agree") is False:
                if table.undo is None:
                    raise IllegalAction("no undo was asked for")
                table.undo = None
                out = self._about(table, seat, len(game.events), conn)
                self._push(table, skip=conn)
                return out
            if table.undo is not None:
                by, target, agreed = table.undo
                agreed.add(seat)
            else:
                mine = [
                    i
                    for i, e in enumerate(game.events)
                    if isinstance(e, ActionTaken) and e.seat == seat
                ]
                if not mine:
                    raise IllegalAction("nothing of yours to undo: you have not decided yet")
                by, target, agreed = seat, mine[-1], {seat}
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
        table, seat, _ = self._who(request)
        since = since_of(request)
        return {
            "id": table.id,
            "since": since,
            "seq": len(table.game.events),
            "events": table.game.events_for(seat, since),
        }

    def cmd_describe(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The log since ``since`` in words, as the token's seat (or a spectator) sees it."""
        table, seat, _ = self._who(request)
        since = since_of(request)
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
        table, seat, _ = self._who(request)
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
        table, seat, _ = self._who(request)
        game = table.game
        found = steps(game, seat, 0)
        return {"id": table.id, "seq": len(game.events), "is_over": game.is_over, "steps": found}

    def cmd_mine(self, conn: Connection, request: dict[str, Any]) -> dict[str, Any]:
        """The games these tokens open (unknown tokens are left out): a list to resume."""
        tokens = request.get("tokens")
        if not isinstance(tokens, list) or len(tokens) > 100:
            raise BadRequest("mine needs 'tokens', a list of at most 100 tokens")
        out = []
        for token in tokens:
            found = self.tokens.get(token_hash(token)) if isinstance(token, str) else None
            if found is None:
                continue
            table = self.tables[found[0]]
            game = table.game
            out.append(
                {
                    "token": token,
                    "id": table.id,
                    "game": game.name,
                    "title": game.title,
                    "seat": found[1],
                    "players": list(game.players),
                    "to_act": game.to_act,
                    "is_over": game.is_over,
                    "decisions": game.decisions,
                    "bots": {str(s): n for s, n in enumerate(table.bot_names) if n is not None},
                    "physical": table.physical,
                }
            )
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
        self.store.append(table.id, start, new, game.is_over)
        table.stored = len(events)
        if undone:
            for conn in table.sent:
                table.sent[conn] = min(table.sent[conn], start)

    def _push(self, table: Table, skip: Connection | None = None) -> None:
        """Send every follower what happened since it was last told, in its own eyes."""
        game = table.game
        now = len(game.events)
        for conn, seat in list(table.followers.items()):
            since = table.sent.get(conn, now)
            table.sent[conn] = now
            if conn is skip or conn.closed:
                continue
            update = {"type": "update", **self._about(table, seat, min(since, now), conn)}
            conn.send(line(update))

    def _advance_later(self, table: Table) -> None:
        """Start the bots' turns of ``table`` in the background, if one is due."""
        if table.advancing is None or table.advancing.done():
            table.advancing = asyncio.get_running_loop().create_task(self._advance(table))

    async def _advance(self, table: Table) -> None:
        """Play the bot seats and chance until a human is to act, pushing each step."""
        while True:
            async with table.lock:
                game = table.game
                seat = game.to_act
                if game.is_over or seat is None or table.bot_names[seat] is None:
                    return
                bot = table.bots[seat]
                # the bot thinks in a thread: the other games (and this game's readers) go on
                action = await asyncio.to_thread(bot.choose, game, seat)
                game.apply(action, seat=seat)
                table.undo = None
                self._settle(table)
                self._commit(table)
            self._push(table)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
