"""``metro serve``: the JSON-lines protocol, one request per line and one response per line.

See docs/protocol.md. The server never dies on bad input: every failure is a JSON error line
with a stable code (``illegal_action``, ``invalid_option``, ``invalid_save``, ``bad_request``),
and every answer is strict JSON. An answer is given in the eyes of the request's ``seat``
(none: a spectator's): it never shows the seed or what that seat may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO, Any

from common import jsontext
from common.errors import IllegalAction, short
from common.events import Event
from common.game import Game, save_data
from common.protocol import (
    GAME_ID,
    BadRequest,
    Handler,
    answer,
    catalogue,
    decode,
    error,
    game_info,
    legal,
    line,
    options_of,
    seat_of,
    seat_part,
    shown,
    since_of,
    state,
    static_data,
    svg,
    told,
    version,
)
from common.registry import get, load

MAX_LINE = 4 * 1024 * 1024

__all__ = ["GAME_ID", "MAX_LINE", "BadRequest", "Server", "serve"]


class Server:
    """Holds the open games by id and answers one request at a time."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self._next = 1
        self._catalogue: list[dict[str, Any]] | None = None
        self._commands: dict[str, Handler] = {
            "games": self.cmd_games,
            "new": self.cmd_new,
            "view": self.cmd_view,
            "legal": self.cmd_legal,
            "apply": self.cmd_apply,
            "resolve": self.cmd_resolve,
            "bot": self.cmd_bot,
            "undo": self.cmd_undo,
            "save": self.cmd_save,
            "load": self.cmd_load,
            "events": self.cmd_events,
            "describe": self.cmd_describe,
            "render": self.cmd_render,
            "data": self.cmd_data,
            "close": self.cmd_close,
        }

    # ------------------------------------------------------------------ dispatch
    def handle_line(self, text: bytes | str) -> dict[str, Any]:
        """Answer one request line; never raises on bad input."""
        request = decode(text)
        if isinstance(request, str):
            return error("bad_request", request)
        return answer(request, self._dispatch)

    def handle(self, request: Any) -> dict[str, Any]:
        """Answer one decoded request (checked to be strict JSON first)."""
        try:
            jsontext.check(request)
        except jsontext.JSONError as exc:
            return error("bad_request", f"the request is not strict JSON: {exc}")
        return answer(request, self._dispatch)

    def _dispatch(self, request: dict[str, Any]) -> dict[str, Any]:
        cmd = request.get("cmd")
        handler = self._commands.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            raise BadRequest(f"unknown cmd {short(cmd)}; commands: {', '.join(self._commands)}")
        return handler(request)

    # ------------------------------------------------------------------ helpers
    def _game(self, request: dict[str, Any]) -> tuple[str, Game]:
        gid = request.get("id")
        if not isinstance(gid, str) or gid not in self.games:
            # the other open ids are never listed: they are other people's games
            raise BadRequest(f"no open game with id {short(gid)}")
        return gid, self.games[gid]

    def _free_id(self, wanted: Any) -> str:
        """The id a new or loaded game is to have: the one asked for if free, else a new one."""
        if wanted is None:
            while f"g{self._next}" in self.games:  # skip the ids a client chose itself
                self._next += 1
            gid = f"g{self._next}"
            self._next += 1
            return gid
        if not isinstance(wanted, str) or not GAME_ID.fullmatch(wanted):
            raise BadRequest(f"id must be 1 to 64 letters, digits or _ . : -, got {short(wanted)}")
        if wanted in self.games:
            raise BadRequest(f"id {wanted!r} is taken by an open game: choose another")
        return wanted

    @staticmethod
    def _about(
        request: dict[str, Any],
        gid: str,
        game: Game,
        seat: int | None,
        events: Sequence[Event] | None = None,
    ) -> dict[str, Any]:
        """An answer about a game: its id, the events of this step as ``seat`` sees them,
        the state fields, and with ``v`` 2 the seat's view, words and legal actions."""
        out: dict[str, Any] = {"id": gid}
        if events is not None:
            out["events"] = shown(events, seat)
        out.update(state(game))
        if version(request) == 2:
            # the events of this step are the log's last ones
            since = len(game.events) - (len(events) if events is not None else 0)
            out.update(seat_part(game, seat, since))
        return out

    # ------------------------------------------------------------------ commands
    def cmd_games(self, request: dict[str, Any]) -> dict[str, Any]:
        """List the registered games with their player counts and options."""
        if self._catalogue is None:
            self._catalogue = catalogue()
        return {"games": self._catalogue}

    def cmd_new(self, request: dict[str, Any]) -> dict[str, Any]:
        """Start a game: game, players, seed, options."""
        info = game_info(request)
        options = options_of(request, info)
        version(request)
        gid = self._free_id(request.get("id"))
        game = info.new_game(
            players=request.get("players"), seed=request.get("seed"), options=options
        )
        seat = seat_of(request, game)
        self.games[gid] = game
        # no seed in the answer: it would tell every die to come (the host's save has it)
        return {"players": list(game.players), **self._about(request, gid, game, seat)}

    def cmd_view(self, request: dict[str, Any]) -> dict[str, Any]:
        """What a seat (or a spectator) sees."""
        gid, game = self._game(request)
        seat = seat_of(request, game)
        out = {"id": gid, "view": game.view(seat)}
        if version(request) == 2:
            out.update(self._about(request, gid, game, seat))
        return out

    def cmd_legal(self, request: dict[str, Any]) -> dict[str, Any]:
        """The legal actions of ``seat``, as JSON and as text: none unless it is to act."""
        gid, game = self._game(request)
        if request.get("seat") is None:
            raise BadRequest(
                "legal needs 'seat', the seat whose moves to list (the one to act is in to_act)"
            )
        seat = seat_of(request, game)
        return {"id": gid, **state(game), **legal(game, seat)}

    def cmd_apply(self, request: dict[str, Any]) -> dict[str, Any]:
        """Apply an action (JSON object or text) for the seat to act."""
        gid, game = self._game(request)
        if "action" not in request:
            raise BadRequest("apply needs 'action' (a JSON action object or its text form)")
        seat = seat_of(request, game)
        version(request)
        try:
            events = game.apply(request["action"], seat=seat)
        except IllegalAction as exc:
            if seat is None or seat != game.to_act:  # the moves are the seat to act's own
                raise IllegalAction(exc.reason) from None
            raise
        return self._about(request, gid, game, seat, events)

    def cmd_resolve(self, request: dict[str, Any]) -> dict[str, Any]:
        """Settle pending chance with the given outcome, or from the game's RNG when null."""
        gid, game = self._game(request)
        seat = seat_of(request, game)
        version(request)
        events = game.resolve(request.get("outcome"))
        return self._about(request, gid, game, seat, events)

    def cmd_bot(self, request: dict[str, Any]) -> dict[str, Any]:
        """Let a named bot take the decision of the seat to act (``bot``, default random)."""
        gid, game = self._game(request)
        seat = seat_of(request, game)
        version(request)
        name = request.get("bot", "random")
        if not isinstance(name, str):
            raise BadRequest(f"bot must be a bot's name, got {short(name)}")
        to_act = game.to_act
        if to_act is None:
            raise IllegalAction("nobody is to decide now: no bot can move")
        if seat is not None and seat != to_act:
            raise IllegalAction(f"seat {seat} is not to act: seat {to_act} must decide")
        info = get(game.name)
        try:
            factory = info.bot_factory(name)
        except (KeyError, ValueError) as exc:  # an unknown bot, a budget beyond the maximum
            raise BadRequest(str(exc.args[0])) from exc
        bot_seed = request.get("bot_seed", len(game.events))
        if type(bot_seed) is not int:
            raise BadRequest(f"bot_seed must be an integer, got {short(bot_seed)}")
        events = game.apply(factory(bot_seed).choose(game, to_act), seat=to_act)
        return self._about(request, gid, game, seat, events)

    def cmd_undo(self, request: dict[str, Any]) -> dict[str, Any]:
        """Take back the last decision, or go back to the decision logged at ``to``."""
        gid, game = self._game(request)
        seat = seat_of(request, game)
        version(request)
        game.undo(request.get("to"))
        return self._about(request, gid, game, seat)

    def cmd_save(self, request: dict[str, Any]) -> dict[str, Any]:
        """The full save of a game (the host's: it holds the seed)."""
        gid, game = self._game(request)
        return {"id": gid, "save": save_data(game)}

    def cmd_load(self, request: dict[str, Any]) -> dict[str, Any]:
        """Open a game from a save."""
        if "save" not in request:
            raise BadRequest("load needs 'save', a save object as returned by save")
        version(request)
        gid = self._free_id(request.get("id"))
        game = load(request["save"])
        seat = seat_of(request, game)
        self.games[gid] = game
        return self._about(request, gid, game, seat)

    def cmd_events(self, request: dict[str, Any]) -> dict[str, Any]:
        """The events since a sequence number, as a seat (or a spectator) may see them."""
        gid, game = self._game(request)
        since = since_of(request)
        seat = seat_of(request, game)
        return {
            "id": gid,
            "since": since,
            "seq": len(game.events),
            "events": game.events_for(seat, since),
        }

    def cmd_describe(self, request: dict[str, Any]) -> dict[str, Any]:
        """The events since a sequence number in words, as a seat (or a spectator) sees them."""
        gid, game = self._game(request)
        since = since_of(request)
        seat = seat_of(request, game)
        return {
            "id": gid,
            "since": since,
            "seq": len(game.events),
            "told": told(game, game.events[since:], seat),
        }

    def cmd_render(self, request: dict[str, Any]) -> dict[str, Any]:
        """The board as a seat (or a spectator) sees it, as an SVG document."""
        gid, game = self._game(request)
        seat = seat_of(request, game)
        return {"id": gid, **svg(get(game.name), game, seat)}

    def cmd_data(self, request: dict[str, Any]) -> dict[str, Any]:
        """A game's static description for some rule options: board, cards, chart, names."""
        return static_data(request)

    def cmd_close(self, request: dict[str, Any]) -> dict[str, Any]:
        """Forget a game."""
        gid, _ = self._game(request)
        del self.games[gid]
        return {"id": gid}


def serve(stdin: IO[bytes], stdout: IO[str]) -> None:
    """Read requests from ``stdin`` until it closes, writing one answer line per request."""
    server = Server()
    while True:
        text = stdin.readline(MAX_LINE + 1)
        if not text:
            return
        if len(text) > MAX_LINE and not text.endswith(b"\n"):
            while True:  # skip the rest of the oversized line
                rest = stdin.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            out = error("bad_request", f"the line is longer than {MAX_LINE} bytes")
        elif not text.strip():
            continue
        else:
            out = server.handle_line(text)
        stdout.write(line(out) + "\n")
        stdout.flush()
