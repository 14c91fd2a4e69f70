"""What both transports of the JSON protocol share (docs/protocol.md): decoding a request,
the error codes, and the parts of an answer, each in the eyes of one seat.

``metro serve`` (standard input and output, its caller the trusted host) and ``metro web``
(a WebSocket, every caller a seat or a spectator known by its token) answer the same
requests with the same fields; they differ only in who may ask what.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from common import jsontext
from common.errors import IllegalAction, InvalidOption, InvalidSave, MetroError
from common.events import Event
from common.game import Game
from common.registry import GameInfo, games, get

#: a game id: 1 to 64 letters, digits and ``_ . : -``
GAME_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
#: the protocol versions a request may ask for: 1 answers only what it asks; 2 adds to every
#: answer about a game the asker's view, its legal actions when it is to act, and the events
#: in words (one round trip a move)
VERSIONS = (1, 2)

Handler = Callable[[dict[str, Any]], dict[str, Any]]


class BadRequest(ValueError):
    """A request that is not of the protocol's form."""


class Forbidden(ValueError):
    """A request the asker may not make: another seat's move, the host's own commands."""


def error(code: str, message: str) -> dict[str, Any]:
    """An error answer."""
    return {"ok": False, "error": {"code": code, "message": message}}


def short(value: Any) -> str:
    """``repr(value)`` cut to 40 characters, for messages about what a client sent."""
    try:
        text = repr(value)
    except ValueError:  # an int too long for repr
        return "a very long integer"
    return text if len(text) <= 40 else text[:37] + "..."


def decode(line: bytes | str) -> dict[str, Any] | str:
    """A request line as a JSON object, or the message of the error answer it gets."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
    except UnicodeDecodeError as exc:
        return f"the line is not UTF-8: {exc}"
    try:
        request = jsontext.loads(text)
    except jsontext.JSONError as exc:
        return f"the line is not strict JSON: {exc}"
    if not isinstance(request, dict):
        return "a request is a JSON object with a 'cmd'"
    return request


def failure(exc: Exception) -> dict[str, Any]:
    """The error answer of what a request raised: each typed error has its stable code."""
    for kind, code in _CODES:
        if isinstance(exc, kind):
            return error(code, str(exc))
    # a bug of the engine: the server must still answer
    return error("internal_error", f"{type(exc).__name__} in the engine: {exc}")


_CODES: tuple[tuple[type[Exception], str], ...] = (
    (BadRequest, "bad_request"),
    (Forbidden, "forbidden"),
    (IllegalAction, "illegal_action"),
    (InvalidOption, "invalid_option"),
    (InvalidSave, "invalid_save"),
    (MetroError, "bad_request"),
)


def answer(request: Any, handler: Handler) -> dict[str, Any]:
    """``handler(request)`` as an answer: ok, or the error code of what went wrong; the
    request's ``rid`` echoed either way. Never raises."""
    rid = request.get("rid") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise BadRequest("a request is a JSON object with a 'cmd'")
        out = {"ok": True, **handler(request)}
    except Exception as exc:
        out = failure(exc)
    if rid is not None:
        out["rid"] = rid
    return out


def line(out: dict[str, Any]) -> str:
    """An answer as one line of strict JSON (never NaN, never a line that does not parse)."""
    try:
        return jsontext.dumps(out, separators=(",", ":"))
    except (ValueError, TypeError) as exc:
        failed = error("internal_error", f"the answer could not be written as JSON: {exc}")
        if isinstance(out.get("rid"), str | int):
            failed["rid"] = out["rid"]
        return jsontext.dumps(failed, separators=(",", ":"))


def version(request: dict[str, Any]) -> int:
    """The protocol version a request asks for (``v``, default 1)."""
    v = request.get("v", 1)
    if type(v) is not int or v not in VERSIONS:
        raise BadRequest(f"v must be one of {list(VERSIONS)}, got {short(v)}")
    return v


def game_info(request: dict[str, Any]) -> GameInfo:
    """The registered game a request names in ``game``."""
    name = request.get("game")
    if not isinstance(name, str):
        raise BadRequest(f"{request.get('cmd')} needs 'game', the name of a registered game")
    try:
        return get(name)
    except KeyError as exc:
        raise InvalidOption(str(exc.args[0])) from exc


def options_of(request: dict[str, Any]) -> dict[str, Any]:
    """The rule options a request gives (``options``, an object)."""
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise InvalidOption("options must be an object")
    return options


def seat_of(request: dict[str, Any], game: Game) -> int | None:
    """The ``seat`` a request names: an int seat of the game, or None (a spectator)."""
    seat = request.get("seat")
    if seat is None:
        return None
    if type(seat) is not int or not 0 <= seat < game.num_players:
        raise BadRequest(
            f"seat must be null or an integer from 0 to {game.num_players - 1}, got {short(seat)}"
        )
    return seat


def since_of(request: dict[str, Any]) -> int:
    """The ``since`` a request gives (a sequence number of the log, default 0)."""
    since = request.get("since", 0)
    if type(since) is not int or since < 0:
        raise BadRequest(f"since must be a non-negative integer, got {short(since)}")
    return since


def state(game: Game) -> dict[str, Any]:
    """The state fields of every answer about a game (what it waits for, and ``seq``)."""
    p = game.prompt
    c = game.chance
    return {
        "to_act": game.to_act,
        "prompt": p.to_json() if p else None,
        "chance": c.for_seat(None) if c else None,
        "is_over": game.is_over,
        "seq": len(game.events),
    }


def shown(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events as ``seat`` may see them (None: a spectator)."""
    out = []
    for e in events:
        data = e.for_seat(seat)
        if data is not None:
            out.append(data)
    return out


def legal(game: Game, seat: int | None) -> dict[str, Any]:
    """``seat``'s legal actions as JSON and as text: none unless it is to act.

    A seat's moves may name what only it holds (its tiles), so they are shown to it alone.
    """
    actions = game.legal_actions() if seat is not None and seat == game.to_act else ()
    return {"actions": [a.to_json() for a in actions], "text": [str(a) for a in actions]}


def told(game: Game, events: Sequence[Event], seat: int | None) -> list[str]:
    """The events in words, as ``seat`` sees them."""
    out = []
    for e in events:
        sentence = game.describe(e, seat)
        if sentence:
            out.append(sentence)
    return out


def seat_part(game: Game, seat: int | None, events: Sequence[Event] = ()) -> dict[str, Any]:
    """What a version-2 answer adds for its asker: the view, the events in words, and the
    legal actions when the asker is to act."""
    out: dict[str, Any] = {"view": game.view(seat), "told": told(game, events, seat)}
    if seat is not None and seat == game.to_act:
        out["legal"] = legal(game, seat)
    return out


def catalogue() -> list[dict[str, Any]]:
    """The registered games with their titles, player counts, bots and rule options."""
    out = []
    for name, info in games().items():
        cls = info.cls
        out.append(
            {
                "name": name,
                "title": cls.title,
                "players": [cls.min_players, cls.max_players],
                "bots": info.bot_names(),
                "default_bot": info.default(),
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


def static_data(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to ``data``: a game's static description for some rule options."""
    info = game_info(request)
    try:
        data = info.cls.static_data(**options_of(request))
    except NotImplementedError as exc:
        raise BadRequest(str(exc)) from exc
    return {"game": info.name, "data": data}


def svg(info: GameInfo, game: Game, seat: int | None) -> dict[str, Any]:
    """The answer to ``render``: the board as ``seat`` sees it, an SVG document."""
    if info.render_svg is None:
        raise BadRequest(f"{info.name} has no SVG renderer")
    return {"svg": info.render_svg(game, seat)}
