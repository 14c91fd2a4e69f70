"""The protocol's one master: every command of docs/protocol.md and docs/web.md, whatever the
transport that carries it.

A transport subclasses ``Master`` and says two things only: how a request names the seat it
speaks for (``_asker``: a seat number from the trusted caller of ``metro serve``, a token
from a stranger of ``metro web``), and what it offers beyond the shared commands (``save``,
``load`` and ``close`` for the trusted one; ``follow`` and ``mine`` for the web, which also
keeps a store, pushes updates and plays its bots: the hooks ``_opened``, ``_stepped``,
``_think`` and ``_listed``). Every request is authorized first, then answered by one handler
per command, in the eyes of its seat; a handler never raises on bad input.

A trusted host sees and may do everything (the seed, every seat's moves, the full undo); a
stranger's requests are held to the trust model of DESIGN.md: no seed, options as declared,
its own seat only, and an undo that stops at the last roll, draw or bot move
(``common.fairplay``).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ClassVar, TypeVar

import attrs

from common.actions import Action
from common.bots import Bot
from common.chance import Dice
from common.errors import IllegalAction, short
from common.fairplay import can_undo, undo_point
from common.game import Game, save_data
from common.protocol import (
    BadRequest,
    Forbidden,
    Parts,
    catalogue,
    failure,
    game_info,
    options_of,
    since_of,
    state,
    static_data,
    svg,
    version,
)
from common.registry import GameInfo, get, load, replay

T = TypeVar("T")


@attrs.define(eq=False)
class Table:
    """One game a host keeps: the game, its seats, its lock and who follows it."""

    id: str
    info: GameInfo
    game: Game
    #: per seat: a bot's name, or None for a human (every seat of a trusted host's game)
    bot_names: list[str | None]
    #: the table rolls its own dice (a web game made with ``"chance": "physical"``)
    physical: bool = False
    #: the host resolves chance as soon as it is pending (the web's; the trusted caller of
    #: ``metro serve`` resolves it itself)
    settles: bool = False
    #: the hashes of its tokens (the seats' and the spectators')
    hashes: dict[str, int | None] = attrs.field(factory=dict)
    #: the address that made it, while the game counts among that address's open games
    owner: str | None = None
    bots: dict[int, Bot] = attrs.field(factory=dict)
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    #: each following connection and the seat it sees with (None: a spectator)
    followers: dict[Any, int | None] = attrs.field(factory=dict)
    #: the log's length each follower has been sent
    sent: dict[Any, int] = attrs.field(factory=dict)
    #: the followers that asked for the board's SVG in every answer and update
    pictures: set[Any] = attrs.field(factory=set)
    #: the followers that take their views as patches from the last one they were sent
    patching: set[Any] = attrs.field(factory=set)
    #: per patching follower, the seat and the log's length of the last view it was sent
    viewed: dict[Any, tuple[int | None, int]] = attrs.field(factory=dict)
    #: the connections that follow it or have acted in it: its bots play only while one is
    present: set[Any] = attrs.field(factory=set)
    #: when it last moved or was asked about (an unfinished game nobody follows leaves memory)
    touched: float = 0.0
    #: the events the store holds
    stored: int = 0
    #: an undo asked for and not yet agreed by every human: (seat asking, the index to go
    #: back to, the seats that agreed)
    undo: tuple[int, int, set[int]] | None = None
    advancing: asyncio.Task[None] | None = None
    #: the parts of its answers, made once a step and shared by every answer and update
    parts: Parts = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.parts = Parts(self.game)

    def rewound(self) -> None:
        """Its log was cut back (an undo): what was made from it, and the views its
        followers were sent, no longer stand."""
        self.parts.rewound()
        self.viewed.clear()

    @property
    def humans(self) -> list[int]:
        """The human seats."""
        return [s for s, name in enumerate(self.bot_names) if name is None]

    @property
    def bot_seats(self) -> list[int]:
        """The seats the host's bots play."""
        return [s for s, name in enumerate(self.bot_names) if name is not None]

    def summary(self) -> dict[str, Any]:
        """What a store keeps of the game beside its log, to list it without a replay."""
        game = self.game
        return {
            "players": list(game.players),
            "decisions": game.decisions,
            "to_act": game.to_act,
            "seq": len(game.events),
        }


@attrs.frozen
class Asker:
    """Who a request speaks for: the game it is about and its seat (None: a spectator)."""

    table: Table
    seat: int | None


#: the commands every transport offers
SHARED = (
    "games",
    "data",
    "new",
    "view",
    "legal",
    "apply",
    "resolve",
    "bot",
    "undo",
    "events",
    "describe",
    "render",
    "steps",
)


class Master:
    """Answers the protocol's requests; a transport names its seats and its extra commands."""

    #: True for the trusted caller of ``metro serve``: it is the host
    trusted: ClassVar[bool] = False
    #: the commands this transport offers, in the order it lists them: ``SHARED`` and its own
    commands: ClassVar[tuple[str, ...]] = SHARED
    #: the bot a ``bot`` request gets when it names none (None: the game's default bot)
    default_bot: ClassVar[str | None] = None

    def __init__(self) -> None:
        self._catalogue: list[dict[str, Any]] | None = None
        missing = sorted(set(SHARED) - set(self.commands))
        assert not missing, f"a transport offers every shared command; missing: {missing}"
        self._handlers: dict[str, Callable[[Any, dict[str, Any]], Awaitable[dict[str, Any]]]] = {
            name: getattr(self, f"cmd_{name}") for name in self.commands
        }

    # ------------------------------------------------------------------ what a transport says
    def _asker(self, request: dict[str, Any], conn: Any) -> Asker:
        """The game and seat a request speaks for (raises when it names none it may use)."""
        raise NotImplementedError

    def _opened(
        self, info: GameInfo, game: Game, request: dict[str, Any], conn: Any
    ) -> tuple[Table, dict[str, Any], Asker | None]:
        """Keep a new (or loaded) game: its table, what the answer adds, and in whose eyes
        the answer is given (None: the state fields only)."""
        raise NotImplementedError

    def _stepped(self, table: Table, start: int, conn: Any, *, undone: bool = False) -> None:
        """A step was taken (its events from ``start``): store it (a host of strangers)."""

    def _pushed(self, table: Table, conn: Any) -> None:
        """After a step: tell the other followers, and let the bots go on."""

    async def _think(
        self, table: Table, conn: Any, decide: Callable[[], Action], kind: str
    ) -> Action:
        """A bot's decision ``decide()`` (at once here; the web's in its bots' pool)."""
        return decide()

    # ------------------------------------------------------------------ answering
    async def answer(self, conn: Any, request: Any) -> dict[str, Any]:
        """The answer to one decoded request; never raises on bad input."""
        rid = request.get("rid") if isinstance(request, dict) else None
        try:
            if not isinstance(request, dict):
                raise BadRequest("a request is a JSON object with a 'cmd'")
            cmd = request.get("cmd")
            handler = self._handlers.get(cmd) if isinstance(cmd, str) else None
            if handler is None:
                raise BadRequest(f"unknown cmd {short(cmd)}; commands: {', '.join(self.commands)}")
            out = {"ok": True, **(await handler(conn, request))}
        except Exception as exc:  # every typed error has its stable code
            out = failure(exc)
        if rid is not None:
            out["rid"] = rid
        return out

    def _full(self, request: dict[str, Any]) -> bool:
        """Whether an answer about a game carries the asker's part (view, words, moves): the
        web's always do; ``metro serve``'s with ``v`` 2."""
        return not self.trusted or version(request) == 2

    def _about(
        self,
        asker: Asker,
        request: dict[str, Any],
        conn: Any,
        since: int | None = None,
        *,
        whole: bool = False,
    ) -> dict[str, Any]:
        """An answer about a game in the asker's eyes: the events from ``since`` (a step's),
        the state fields, and in a full answer the view, the words, the legal moves; a
        stranger's also whether it may undo, the undo asked for, and the board when it
        follows with ``svg``. A follower that takes patches gets the view as one from the
        last view it was sent (unless ``whole``: the view it asked for)."""
        table, seat = asker.table, asker.seat
        game, parts = table.game, table.parts
        start = len(game.events) if since is None else since
        out: dict[str, Any] = {"id": table.id}
        if not self.trusted:
            out["seat"] = seat
        if since is not None or not self.trusted:
            out["events"] = parts.events(seat, start)
        out.update(state(game))
        if self._full(request):
            out.update(parts.seat_part(seat, start))
        if not self.trusted:
            if seat is not None:
                out["can_undo"] = can_undo(game, seat, table.bot_seats)
            if table.undo is not None:
                by, _, agreed = table.undo
                out["undo"] = {"by": by, "agreed": sorted(agreed)}
            if conn in table.pictures and table.info.render_svg is not None:
                out.update(svg(table.info, game, seat))
            if conn in table.patching and "view" in out:
                self._patched(table, seat, conn, out, whole)
        return out

    @staticmethod
    def _patched(
        table: Table, seat: int | None, conn: Any, out: dict[str, Any], whole: bool
    ) -> None:
        """Give ``out``'s view as a patch (``view_patch`` from ``view_from``) where ``conn``
        was last sent this seat's view at a step whose view is kept."""
        last = table.viewed.get(conn)
        base = last[1] if last is not None and last[0] == seat and not whole else -1
        ops = table.parts.patch(seat, base)
        table.viewed[conn] = (seat, out["seq"])
        if ops is not None:
            del out["view"]
            out["view_from"] = base
            out["view_patch"] = ops

    def _player(self, request: dict[str, Any], conn: Any) -> Asker:
        """The asker of a request that acts: a stranger must hold a seat's token."""
        asker = self._asker(request, conn)
        if asker.seat is None and not self.trusted:
            raise Forbidden("a spectator cannot act: use your seat's token")
        return asker

    async def _step(
        self,
        asker: Asker,
        request: dict[str, Any],
        conn: Any,
        move: Callable[[Game], Awaitable[None] | None],
    ) -> dict[str, Any]:
        """One step of a game under its lock, ``move(game)``; then chance settled where the
        host settles it, the step stored, answered in the asker's eyes, told to the other
        followers, and the bots let go on. A move that raises changes nothing."""
        table = asker.table
        async with table.lock:
            game = table.game
            start = len(game.events)
            done = move(game)
            if done is not None:
                await done
            table.undo = None
            settle(table)
            self._stepped(table, start, conn)
            out = self._about(asker, request, conn, start)
        self._pushed(table, conn)
        return out

    # ------------------------------------------------------------------ the commands
    async def cmd_games(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The registered games with their player counts, bots and options."""
        if self._catalogue is None:
            self._catalogue = catalogue()
        return {"games": self._catalogue}

    async def cmd_data(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """A game's static description for some rule options: board, cards, chart, names."""
        return static_data(request)

    async def cmd_new(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Start a game: ``game``, ``players``, ``options`` (the declared ones only); the
        trusted host may give the ``seed``, a stranger never (it would know every die)."""
        if "seed" in request and not self.trusted:
            raise Forbidden(
                "over the web the host chooses the seed: a seat that knew it would know "
                "every die to come"
            )
        info = game_info(request)
        options = options_of(request, info)
        if self.trusted:
            version(request)
        seed = request.get("seed") if self.trusted else None
        game = info.new_game(players=request.get("players"), seed=seed, options=options)
        table, extra, asker = self._opened(info, game, request, conn)
        settle(table)
        self._stepped(table, 0, conn)
        self._pushed(table, conn)
        return self._made(table, extra, asker, request, conn)

    def _made(
        self,
        table: Table,
        extra: dict[str, Any],
        asker: Asker | None,
        request: dict[str, Any],
        conn: Any,
    ) -> dict[str, Any]:
        """The answer to ``new`` or ``load``: the transport's fields, then the game."""
        if asker is None:
            return {**extra, **state(table.game)}
        return {**extra, **self._about(asker, request, conn)}

    async def cmd_view(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """What a seat (or a spectator) sees now."""
        asker = self._asker(request, conn)
        out = {"id": asker.table.id, "view": asker.table.parts.view(asker.seat)}
        if self._full(request):
            out.update(self._about(asker, request, conn, whole=True))
        return out

    async def cmd_legal(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """A seat's legal actions, as JSON and as text: none unless it is to act."""
        if self.trusted and request.get("seat") is None:
            raise BadRequest(
                "legal needs 'seat', the seat whose moves to list (the one to act is in to_act)"
            )
        asker = self._asker(request, conn)
        game = asker.table.game
        return {"id": asker.table.id, **state(game), **asker.table.parts.legal(asker.seat)}

    async def cmd_apply(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Apply an action (its JSON object or its text) for the asker's seat, which must be
        to act (the trusted host may name no seat: the seat to act's)."""
        if "action" not in request:
            raise BadRequest("apply needs 'action' (a JSON action object or its text form)")
        asker = self._player(request, conn)
        seat = asker.seat
        if self.trusted:
            version(request)

        def move(game: Game) -> None:
            pending = game.chance
            if pending is not None:  # the game's own words name resolve(), not the request
                outcome = "its outcome" if self.trusted else "the dice rolled"
                raise IllegalAction(
                    f"chance is pending ({pending.describe()}): send "
                    f'{{"cmd": "resolve", "id": "{asker.table.id}"}} with {outcome} first'
                    + (" (or no outcome: the game draws it)" if self.trusted else "")
                )
            try:
                game.apply(request["action"], seat=seat)  # IllegalAction: nothing changed
            except IllegalAction as exc:
                if seat is None or seat != game.to_act:  # the moves are the seat to act's
                    raise IllegalAction(exc.reason) from None
                raise

        return await self._step(asker, request, conn, move)

    async def cmd_resolve(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Settle pending chance with ``outcome`` (the trusted host: or from the game's own
        generator when null); over the web only the dice of a game with physical dice."""
        asker = self._player(request, conn)
        table = asker.table
        if self.trusted:
            version(request)
        elif not table.physical:
            raise Forbidden(
                "the host rolls the dice of this game: it was not made with physical dice"
            )

        def roll(game: Game) -> None:
            if not self.trusted and not isinstance(game.chance, Dice):
                raise IllegalAction("no dice roll is pending")
            game.resolve(request.get("outcome"))

        return await self._step(asker, request, conn, roll)

    async def cmd_bot(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Let a named bot (by default the transport's, else the game's default bot) take
        the decision of the seat to act, which must be the asker's when it names one."""
        asker = self._player(request, conn)
        table = asker.table
        info = table.info
        if self.trusted:
            version(request)
        name = request.get("bot", self.default_bot or info.default())
        if not isinstance(name, str):
            raise BadRequest(f"bot must be a bot's name, got {short(name)}")
        if not self.trusted and name not in info.bot_names():
            raise BadRequest(f"no bot {short(name)}; bots: {', '.join(info.bot_names())}")
        game = table.game
        if game.is_over:
            raise IllegalAction("the game is over: no bot can move")
        if game.to_act is None:
            raise IllegalAction("nobody is to decide now: no bot can move")
        seat = game.to_act
        if asker.seat is not None and asker.seat != seat:
            names = game.players
            raise IllegalAction(f"{names[asker.seat]} is not to act: {names[seat]} must decide")
        try:
            factory = info.bot_factory(name)
        except (KeyError, ValueError) as exc:  # an unknown bot, a budget beyond the maximum
            raise BadRequest(str(exc.args[0])) from exc
        bot_seed = request.get("bot_seed", len(game.events)) if self.trusted else None
        if self.trusted and type(bot_seed) is not int:
            raise BadRequest(f"bot_seed must be an integer, got {short(bot_seed)}")
        bot = factory(bot_seed if bot_seed is not None else _fresh_seed())

        async def think(game: Game) -> None:
            if game.to_act != seat:
                raise IllegalAction("it is not your turn to decide")
            decide = functools.partial(bot.choose, game, seat)
            choice = await self._think(table, conn, decide, f"{game.name}:{name}")
            game.apply(choice, seat=seat)

        return await self._step(asker, request, conn, think)

    async def cmd_undo(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Take back a decision. The trusted host: the last one, or the one logged at
        ``to``, with all that followed. A stranger: its seat's last one, only if no roll,
        draw, private card or bot's move came after it; at once with one human, else when
        every human has agreed (``agree`` false declines)."""
        asker = self._player(request, conn)
        table = asker.table
        game = table.game
        if self.trusted:
            version(request)
            async with table.lock:
                game.undo(request.get("to"))
                table.rewound()
                self._stepped(table, len(game.events), conn, undone=True)
            return self._about(asker, request, conn)
        agree = request.get("agree", True)
        if not isinstance(agree, bool):
            raise BadRequest(f"agree must be true or false, got {short(agree)}")
        seat = asker.seat
        assert seat is not None
        async with table.lock:
            if not agree:
                if table.undo is None:
                    raise IllegalAction("no undo was asked for: there is nothing to decline")
                table.undo = None
                out = self._about(asker, request, conn)
                self._pushed(table, conn)
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
                table.rewound()
                table.undo = None
                self._stepped(table, len(game.events), conn, undone=True)
            out = self._about(asker, request, conn)
        self._pushed(table, conn)
        return out

    async def cmd_events(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The log since ``since`` as a seat (or a spectator) may see it."""
        since = since_of(request)
        asker = self._asker(request, conn)
        game = asker.table.game
        return {
            "id": asker.table.id,
            "since": since,
            "seq": len(game.events),
            "events": game.events_for(asker.seat, since),
        }

    async def cmd_describe(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The log since ``since`` in words, as a seat (or a spectator) sees it."""
        since = since_of(request)
        asker = self._asker(request, conn)
        game = asker.table.game
        return {
            "id": asker.table.id,
            "since": since,
            "seq": len(game.events),
            "told": asker.table.parts.words(asker.seat, since)[0],
        }

    async def cmd_render(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The board as a seat (or a spectator) sees it: an SVG document. With ``seq`` (one
        of the ``seq`` of ``steps``) the board as it was then, with the view then."""
        asker = self._asker(request, conn)
        table, seat = asker.table, asker.seat
        info = get(table.game.name)
        if "seq" not in request:
            return {"id": table.id, **svg(info, table.game, seat)}
        at = request["seq"]
        game = table.game
        events = game.events
        ends = [*table.parts.step_starts()[1:], len(events)]
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
            # a game without a picture still has its replay: the view then, no svg
            **(svg(info, then, seat) if info.render_svg is not None else {}),
        }

    async def cmd_steps(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The game step by step, for a replay: the setup, then each decision and chance
        outcome with what followed it, in words as the seat (or a spectator) sees them;
        ``seq`` of a step is the log's length after it (``render`` draws it)."""
        asker = self._asker(request, conn)
        game = asker.table.game
        found = asker.table.parts.steps(asker.seat)
        return {
            "id": asker.table.id,
            "seq": len(game.events),
            "is_over": game.is_over,
            "steps": found,
        }

    # ------------------------------------------------------------------ the trusted host's own
    async def cmd_save(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The full save of a game (the host's: it holds the seed)."""
        asker = self._asker(request, conn)
        return {"id": asker.table.id, "save": save_data(asker.table.game)}

    async def cmd_load(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Open a game from a save."""
        if "save" not in request:
            raise BadRequest("load needs 'save', a save object as returned by save")
        version(request)
        game = load(request["save"])
        table, extra, asker = self._opened(get(game.name), game, request, conn)
        return self._made(table, extra, asker, request, conn)

    async def cmd_close(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Forget a game."""
        asker = self._asker(request, conn)
        self._closed(asker.table)
        return {"id": asker.table.id}

    def _closed(self, table: Table) -> None:
        """Forget ``table`` (``close``, the trusted host's)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the web's own
    async def cmd_follow(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Follow a game in the eyes of a token's seat: every step is pushed to this socket as
        an ``update``; the answer has what happened since ``since``. With ``"svg": true``
        each answer about the game and each update carries the board (``svg``), drawn at
        that very step (a front end that shows bot moves at a person's pace needs it so)."""
        picture = request.get("svg", False)
        if not isinstance(picture, bool):
            raise BadRequest(f"svg must be true or false, got {short(picture)}")
        patches = request.get("patch", False)
        if not isinstance(patches, bool):
            raise BadRequest(f"patch must be true or false, got {short(patches)}")
        since = since_of(request)
        asker = self._asker(request, conn)
        table = asker.table
        since = min(since, len(table.game.events))
        table.followers[conn] = asker.seat
        table.sent[conn] = len(table.game.events)
        if picture:
            table.pictures.add(conn)
        else:
            table.pictures.discard(conn)
        if patches:
            table.patching.add(conn)
        else:
            table.patching.discard(conn)
            table.viewed.pop(conn, None)
        return self._about(asker, request, conn, since, whole=True)

    async def cmd_mine(self, conn: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The games these tokens open (unknown tokens are left out): a list to resume."""
        tokens = request.get("tokens")
        if not isinstance(tokens, list) or len(tokens) > 100:
            raise BadRequest("mine needs 'tokens', a list of at most 100 tokens")
        out = []
        for token in tokens:
            entry = self._listed(token) if isinstance(token, str) else None
            if entry is None:
                continue
            try:
                title = get(entry["game"]).cls.title
            except KeyError:
                title = entry["game"]
            out.append({"token": token, "title": title, **entry})
        return {"games": out}

    def _listed(self, token: str) -> dict[str, Any] | None:
        """What ``mine`` lists of the game a token opens (None: it opens none)."""
        raise NotImplementedError


def settle(table: Table) -> None:
    """Resolve pending chance from the game's own generator, where the host settles it (not
    the dice of a table that rolls its own)."""
    if not table.settles:
        return
    game = table.game
    while game.chance is not None and not (table.physical and isinstance(game.chance, Dice)):
        game.resolve()


def _fresh_seed() -> int:
    """A bot's own seed, from the host's generator: never from the game's."""
    import secrets

    return secrets.randbelow(2**31)


def run_now(coroutine: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine that never waits (a trusted host's request: its lock is
    never held by another, and its bots think at once), without an event loop."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("a request of the trusted host waited for something")
