"""``metro serve``: the JSON-lines protocol, one request per line and one response per line.

See docs/protocol.md. The server never dies on bad input: every failure is a JSON error line
with a stable code (``illegal_action``, ``invalid_option``, ``invalid_save``, ``bad_request``),
and every answer is strict JSON. An answer is given in the eyes of the request's ``seat``
(none: a spectator's): it never shows the seed or what that seat may not see.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import IO, Any

from common import jsontext
from common.errors import IllegalAction, InvalidOption, InvalidSave, MetroError
from common.events import Event
from common.game import Game, save_data
from common.registry import games, get, load

MAX_LINE = 4 * 1024 * 1024
#: a game id: 1 to 64 letters, digits and ``_ . : -``
GAME_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


class BadRequest(ValueError):
    """A request that is not of the protocol's form."""


def _error(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _shown(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events as ``seat`` may see them (None: a spectator); the whole truth is in ``save``."""
    out = []
    for e in events:
        data = e.for_seat(seat)
        if data is not None:
            out.append(data)
    return out


class Server:
    """Holds the open games by id and answers one request at a time."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self._next = 1
        self._catalogue: list[dict[str, Any]] | None = None
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "games": self.cmd_games,
            "new": self.cmd_new,
            "view": self.cmd_view,
            "legal": self.cmd_legal,
            "apply": self.cmd_apply,
            "resolve": self.cmd_resolve,
            "save": self.cmd_save,
            "load": self.cmd_load,
            "events": self.cmd_events,
            "close": self.cmd_close,
            "data": self.cmd_data,
        }

    # ------------------------------------------------------------------ dispatch
    def handle_line(self, line: bytes | str) -> dict[str, Any]:
        """Answer one request line; never raises on bad input."""
        try:
            text = line.decode("utf-8") if isinstance(line, bytes) else line
        except UnicodeDecodeError as exc:
            return _error("bad_request", f"the line is not UTF-8: {exc}")
        try:
            request = jsontext.loads(text)
        except jsontext.JSONError as exc:
            return _error("bad_request", f"the line is not strict JSON: {exc}")
        return self._answer(request)

    def handle(self, request: Any) -> dict[str, Any]:
        """Answer one decoded request (checked to be strict JSON first)."""
        try:
            jsontext.check(request)
        except jsontext.JSONError as exc:
            return _error("bad_request", f"the request is not strict JSON: {exc}")
        return self._answer(request)

    def _answer(self, request: Any) -> dict[str, Any]:
        rid = request.get("rid") if isinstance(request, dict) else None
        try:
            if not isinstance(request, dict):
                raise BadRequest("a request is a JSON object with a 'cmd'")
            cmd = request.get("cmd")
            handler = self._commands.get(cmd) if isinstance(cmd, str) else None
            if handler is None:
                raise BadRequest(f"unknown cmd {cmd!r}; commands: {', '.join(self._commands)}")
            answer = {"ok": True, **handler(request)}
        except BadRequest as exc:
            answer = _error("bad_request", str(exc))
        except IllegalAction as exc:
            answer = _error("illegal_action", str(exc))
        except InvalidOption as exc:
            answer = _error("invalid_option", str(exc))
        except InvalidSave as exc:
            answer = _error("invalid_save", str(exc))
        except MetroError as exc:
            answer = _error("bad_request", str(exc))
        except Exception as exc:  # a bug of the engine: the server must still answer
            answer = _error("internal_error", f"{type(exc).__name__} in the engine: {exc}")
        if rid is not None:
            answer["rid"] = rid
        return answer

    # ------------------------------------------------------------------ helpers
    def _game(self, request: dict[str, Any]) -> tuple[str, Game]:
        gid = request.get("id")
        if not isinstance(gid, str) or gid not in self.games:
            # the other open ids are never listed: they are other people's games
            raise BadRequest(f"no open game with id {_short(gid)}")
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
            raise BadRequest(f"id must be 1 to 64 letters, digits or _ . : -, got {_short(wanted)}")
        if wanted in self.games:
            raise BadRequest(f"id {wanted!r} is taken by an open game: choose another")
        return wanted

    @staticmethod
    def _seat(request: dict[str, Any], game: Game) -> int | None:
        seat = request.get("seat")
        if seat is None:
            return None
        if type(seat) is not int or not 0 <= seat < game.num_players:
            raise BadRequest(
                f"seat must be null or an integer from 0 to {game.num_players - 1}, "
                f"got {_short(seat)}"
            )
        return seat

    @staticmethod
    def _state(game: Game) -> dict[str, Any]:
        p = game.prompt
        c = game.chance
        return {
            "to_act": game.to_act,
            "prompt": p.to_json() if p else None,
            "chance": c.for_seat(None) if c else None,
            "is_over": game.is_over,
            "seq": len(game.events),
        }

    # ------------------------------------------------------------------ commands
    def cmd_games(self, request: dict[str, Any]) -> dict[str, Any]:
        """List the registered games with their player counts and options."""
        if self._catalogue is None:
            self._catalogue = self._list_games()
        return {"games": self._catalogue}

    @staticmethod
    def _list_games() -> list[dict[str, Any]]:
        out = []
        for name, info in games().items():
            cls = info.cls
            out.append(
                {
                    "name": name,
                    "title": cls.title,
                    "players": [cls.min_players, cls.max_players],
                    "bots": info.bot_names(),
                    "options": {
                        k: {
                            "default": o.default,
                            "choices": list(o.choices) if o.choices is not None else None,
                            "help": o.help,
                        }
                        for k, o in cls.options_spec.items()
                    },
                }
            )
        return out

    def cmd_new(self, request: dict[str, Any]) -> dict[str, Any]:
        """Start a game: game, players, seed, options."""
        name = request.get("game")
        if not isinstance(name, str):
            raise BadRequest("new needs 'game', the name of a registered game")
        try:
            info = get(name)
        except KeyError as exc:
            raise InvalidOption(str(exc.args[0])) from exc
        options = request.get("options") or {}
        if not isinstance(options, dict):
            raise InvalidOption("options must be an object")
        gid = self._free_id(request.get("id"))
        game = info.new_game(players=request.get("players"), seed=request.get("seed"), **options)
        self.games[gid] = game
        # no seed in the answer: it would tell every die to come (the host's save has it)
        return {"id": gid, "players": list(game.players), **self._state(game)}

    def cmd_view(self, request: dict[str, Any]) -> dict[str, Any]:
        """What a seat (or a spectator) sees."""
        gid, game = self._game(request)
        return {"id": gid, "view": game.view(self._seat(request, game))}

    def cmd_legal(self, request: dict[str, Any]) -> dict[str, Any]:
        """The legal actions of ``seat``, as JSON and as text: none unless it is to act."""
        gid, game = self._game(request)
        if request.get("seat") is None:
            raise BadRequest(
                "legal needs 'seat', the seat whose moves to list (the one to act is in to_act)"
            )
        seat = self._seat(request, game)
        # a seat's moves may name what only it holds (its tiles): shown to that seat alone
        legal = game.legal_actions() if seat == game.to_act else ()
        return {
            "id": gid,
            **self._state(game),
            "actions": [a.to_json() for a in legal],
            "text": [str(a) for a in legal],
        }

    def cmd_apply(self, request: dict[str, Any]) -> dict[str, Any]:
        """Apply an action (JSON object or text) for the seat to act."""
        gid, game = self._game(request)
        if "action" not in request:
            raise BadRequest("apply needs 'action' (a JSON action object or its text form)")
        seat = self._seat(request, game)
        try:
            events = game.apply(request["action"], seat=seat)
        except IllegalAction as exc:
            if seat is None or seat != game.to_act:  # the moves are the seat to act's own
                raise IllegalAction(exc.reason) from None
            raise
        return {"id": gid, "events": _shown(events, seat), **self._state(game)}

    def cmd_resolve(self, request: dict[str, Any]) -> dict[str, Any]:
        """Settle pending chance with the given outcome, or from the game's RNG when null."""
        gid, game = self._game(request)
        seat = self._seat(request, game)
        events = game.resolve(request.get("outcome"))
        return {"id": gid, "events": _shown(events, seat), **self._state(game)}

    def cmd_save(self, request: dict[str, Any]) -> dict[str, Any]:
        """The full save of a game."""
        gid, game = self._game(request)
        return {"id": gid, "save": save_data(game)}

    def cmd_load(self, request: dict[str, Any]) -> dict[str, Any]:
        """Open a game from a save."""
        if "save" not in request:
            raise BadRequest("load needs 'save', a save object as returned by save")
        gid = self._free_id(request.get("id"))
        game = load(request["save"])
        self.games[gid] = game
        return {"id": gid, **self._state(game)}

    def cmd_events(self, request: dict[str, Any]) -> dict[str, Any]:
        """The events since a sequence number, as a seat (or a spectator) may see them."""
        gid, game = self._game(request)
        since = request.get("since", 0)
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            raise BadRequest(f"since must be a non-negative integer, got {since!r}")
        seat = self._seat(request, game)
        return {
            "id": gid,
            "since": since,
            "seq": len(game.events),
            "events": game.events_for(seat, since),
        }

    def cmd_data(self, request: dict[str, Any]) -> dict[str, Any]:
        """A game's static description for some rule options: board, cards, chart, names."""
        name = request.get("game")
        if not isinstance(name, str):
            raise BadRequest("data needs 'game', the name of a registered game")
        try:
            cls = get(name).cls
        except KeyError as exc:
            raise InvalidOption(str(exc.args[0])) from exc
        options = request.get("options") or {}
        if not isinstance(options, dict):
            raise InvalidOption("options must be an object")
        return {"game": name, "data": cls.static_data(**options)}

    def cmd_close(self, request: dict[str, Any]) -> dict[str, Any]:
        """Forget a game."""
        gid, _ = self._game(request)
        del self.games[gid]
        return {"id": gid}


def serve(stdin: IO[bytes], stdout: IO[str]) -> None:
    """Read requests from ``stdin`` until it closes, writing one answer line per request."""
    server = Server()
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:  # skip the rest of the oversized line
                rest = stdin.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            answer = _error("bad_request", f"the line is longer than {MAX_LINE} bytes")
        elif not line.strip():
            continue
        else:
            answer = server.handle_line(line)
        stdout.write(_line(answer) + "\n")
        stdout.flush()


def _line(answer: dict[str, Any]) -> str:
    """The answer as one line of strict JSON (never NaN, never a line that does not parse)."""
    try:
        return jsontext.dumps(answer, separators=(",", ":"))
    except (ValueError, TypeError) as exc:
        error = _error("internal_error", f"the answer could not be written as JSON: {exc}")
        if isinstance(answer.get("rid"), str | int):
            error["rid"] = answer["rid"]
        return jsontext.dumps(error, separators=(",", ":"))
