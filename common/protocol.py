"""What both transports of the JSON protocol share (docs/protocol.md): decoding a request,
the error codes, and the parts of an answer, each in the eyes of one seat.

``metro serve`` (standard input and output, its caller the trusted host) and ``metro web``
(a WebSocket, every caller a seat or a spectator known by its token) answer the same
requests with the same fields; they differ only in who may ask what.
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from common import jsontext
from common.actions import Action
from common.errors import IllegalAction, InvalidOption, InvalidSave, MetroError, short
from common.events import ActionTaken, ChanceResolved, Event
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


class RateLimited(ValueError):
    """A request past one of the host's quotas: it may be made again later."""


def error(code: str, message: str) -> dict[str, Any]:
    """An error answer."""
    return {"ok": False, "error": {"code": code, "message": message}}


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
    (RateLimited, "rate_limited"),
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
        return jsontext.compact(out)
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


def options_of(request: dict[str, Any], info: GameInfo) -> dict[str, Any]:
    """The rule options a request gives (``options``, an object of the game's declared
    options only: never the seed, never the players)."""
    return info.option_values(request.get("options"))


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
    """``seat``'s legal actions as JSON, as text and as ``labels`` (each move in words for its
    button, ``Game.label``): none unless it is to act. ``keys`` (for a game with a board
    picture) names, move by move, the places of the board it names.

    A seat's moves may name what only it holds (its tiles), so they are shown to it alone.
    """
    actions = game.legal_actions() if seat is not None and seat == game.to_act else ()
    places = _action_keys(game)
    if len(_FORMS) > _FORMS_KEPT:
        _FORMS.clear()
    known = []
    for a in actions:
        found = _FORMS.get((game.name, a))
        if found is None:
            found = (a.to_json(), str(a), list(places(a)) if places else None)
            _FORMS[game.name, a] = found
        known.append(found)
    forms = [k[0] for k in known]
    texts = [k[1] for k in known]
    out: dict[str, Any] = {
        "actions": forms,
        "text": texts,
        # the words depend on the position (a pass keeps the roll, or builds nothing) and on
        # the players' names, so they are made for this answer, not kept with the forms
        "labels": [game.label(a, seat) for a in actions],
        "amounts": amounts(game, actions, forms=(forms, texts)) if actions else [],
    }
    if places is not None:
        out["keys"] = [k[2] for k in known]
    return out


#: an action's JSON form, text and board places, by its game and itself: the same moves are
#: legal step after step (every tile of a hand on every free block), and an action's forms
#: are its own (frozen values), so each is written once while it is kept
_FORMS: dict[tuple[str, Action], tuple[dict[str, Any], str, list[str] | None]] = {}
#: the most kept before they are all let go
_FORMS_KEPT = 8192


def _action_keys(game: Game) -> Callable[[Any], tuple[str, ...]] | None:
    """The registered game's ``action_keys`` (None for a game not registered or without)."""
    try:
        return get(game.name).action_keys
    except KeyError:
        return None


def told(game: Game, events: Sequence[Event], seat: int | None) -> list[str]:
    """The events in words, as ``seat`` sees them."""
    out = []
    for e in events:
        sentence = game.describe(e, seat)
        if sentence:
            out.append(sentence)
    return out


def seat_part(game: Game, seat: int | None, since: int) -> dict[str, Any]:
    """What a version-2 answer adds for its asker: the view, the events from ``since`` on in
    words (``told``, and ``steps``: the same step by step), and the legal actions when the
    asker is to act."""
    return Parts(game).seat_part(seat, since)


class Parts:
    """The parts of a game's answers, each made once a step and kept while the log stays as
    it is: the step starts (kept as the log grows, never looked for again from its start),
    and per seat its view, its legal moves, its events and their words from a ``since``.

    Every answer and update of that step shares them: the mover's answer and every socket
    that follows the same seat (spectators are one seat, None). An undo (the log cut back)
    must say so with ``rewound``, since a log of the same length may then hold other events.
    """

    __slots__ = ("_at", "_history", "_memo", "_scanned", "_starts", "_views", "game")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._starts = [0]
        self._scanned = 0
        self._memo: dict[tuple[Any, ...], Any] = {}
        #: the log's length the memo was made at
        self._at = 0
        #: per seat, the steps told so far (made only for ``steps`` of the whole game)
        self._history: dict[int | None, list[dict[str, Any]]] = {}
        #: per seat whose views are patched, the log's length and its view then of the last
        #: view a patch went to (the base of the next)
        self._views: dict[int | None, tuple[int, dict[str, Any]]] = {}

    def rewound(self) -> None:
        """The log was cut back (an undo): forget what was made from it."""
        self._starts = [0]
        self._scanned = 0
        self._memo.clear()
        self._history.clear()
        self._views.clear()

    def _now(self) -> int:
        """The log's length, the memo cleared and the step starts extended if it grew."""
        events = self.game.events
        now = len(events)
        if now != self._at:
            self._memo.clear()
            self._at = now
        if self._scanned < now:
            starts = self._starts
            for i in range(max(self._scanned, 1), now):
                if isinstance(events[i], ActionTaken | ChanceResolved):
                    starts.append(i)
            self._scanned = now
        return now

    def step_starts(self) -> list[int]:
        """Where each step of the log starts: 0 (the setup), then each decision and chance
        outcome (as ``step_starts`` of the log)."""
        self._now()
        return self._starts

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees now."""
        self._now()
        key = ("view", seat)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self.game.view(seat)
        return found

    def patch(self, seat: int | None, base: int) -> list[dict[str, Any]] | None:
        """The JSON Patch from ``seat``'s view when the log was ``base`` long to its view now
        (``jsontext.diff``); None when that view is not kept. The view now is kept as the
        base of the next patch (every asker of this step from ``base`` gets the same)."""
        now = self._now()
        key = ("patch", seat, base)
        if key in self._memo:
            found: list[dict[str, Any]] | None = self._memo[key]
            return found
        view = self.view(seat)
        kept = self._views.get(seat)
        found = None
        if kept is not None and kept[0] == base:
            found = [] if base == now else jsontext.diff(kept[1], view)
        self._memo[key] = found
        self._views[seat] = (now, view)
        return found

    def release(self) -> None:
        """Let go of what was made for this step (the next asker makes it again), keeping
        the step starts and the views patches start from."""
        self._memo.clear()

    def legal(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s legal moves now (as ``legal``)."""
        self._now()
        key = ("legal", seat)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = legal(self.game, seat)
        return found

    def events(self, seat: int | None, since: int) -> list[dict[str, Any]]:
        """The events from ``since`` on as ``seat`` may see them."""
        now = self._now()
        key = ("events", seat, since)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = shown(self.game.events[min(since, now) :], seat)
        return found

    def words(self, seat: int | None, since: int) -> tuple[list[str], list[dict[str, Any]]]:
        """The events from ``since`` on in ``seat``'s words: ``told`` and ``steps`` (each
        event told once for both)."""
        now = self._now()
        key = ("words", seat, since)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._tell(seat, since, now)
        return found

    def _tell(
        self, seat: int | None, since: int, now: int
    ) -> tuple[list[str], list[dict[str, Any]]]:
        if since >= now:
            return [], []
        starts = self._starts
        later = starts[bisect.bisect_right(starts, since) :]
        bounds = [since, *later, now]
        game, events = self.game, self.game.events
        said: list[str] = []
        out: list[dict[str, Any]] = []
        for start, end in itertools.pairwise(bounds):
            first = events[start]
            who = first.seat if isinstance(first, ActionTaken) else None
            words = told(game, events[start:end], seat)
            said.extend(words)
            out.append({"seq": end, "seat": who, "told": words})
        return said, out

    def steps(self, seat: int | None) -> list[dict[str, Any]]:
        """The whole game step by step in ``seat``'s words (as ``steps`` from 0): the steps
        told before are kept, and only the new ones told."""
        now = self._now()
        done = self._history.setdefault(seat, [])
        if done and done[-1]["seq"] < now:
            done.pop()  # the last step may have grown since: tell it again
        since = done[-1]["seq"] if done else 0
        done.extend(self._tell(seat, since, now)[1])
        return list(done)

    def seat_part(self, seat: int | None, since: int) -> dict[str, Any]:
        """What a full answer adds for ``seat`` (as ``seat_part``)."""
        game = self.game
        said, stepped = self.words(seat, since)
        out: dict[str, Any] = {"view": self.view(seat), "told": said, "steps": stepped}
        if seat is not None and seat == game.to_act:
            out["legal"] = self.legal(seat)
        return out


def catalogue() -> list[dict[str, Any]]:
    """The registered games with their titles, blurbs, player counts, bots, rule options and
    the files of their own browser page parts."""
    out = []
    for name, info in games().items():
        cls = info.cls
        out.append(
            {
                "name": name,
                "title": cls.title,
                "blurb": info.blurb,
                "players": [cls.min_players, cls.max_players],
                "default_players": info.default_players(),
                "bots": info.bot_names(),
                "default_bot": info.default(),
                "web": info.web_files(),
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
        data = info.cls.static_data(**options_of(request, info))
    except NotImplementedError as exc:
        raise BadRequest(str(exc)) from exc
    return {"game": info.name, "data": data}


def svg(info: GameInfo, game: Game, seat: int | None) -> dict[str, Any]:
    """The answer to ``render``: the board as ``seat`` sees it, an SVG document."""
    if info.render_svg is None:
        raise BadRequest(f"{info.name} has no SVG renderer")
    return {"svg": info.render_svg(game, seat)}


def step_starts(events: Sequence[Any]) -> list[int]:
    """Where each step of a log starts: 0 (the setup), then each decision and chance outcome
    (a replay of the log up to one of these is a position of the game)."""
    return [0, *(i for i, e in enumerate(events) if isinstance(e, ActionTaken | ChanceResolved))]


def steps(game: Game, seat: int | None, since: int) -> list[dict[str, Any]]:
    """The log from ``since`` on step by step, in ``seat``'s words: each step's ``seq`` (the
    log's length after it), ``seat`` (who decided; None for the setup and chance) and
    ``told``."""
    events = game.events
    starts = [since, *(i for i in step_starts(events) if i > since)]
    if since >= len(events):
        return []
    ends = [*starts[1:], len(events)]
    out = []
    for start, end in zip(starts, ends, strict=True):
        first = events[start]
        who = first.seat if isinstance(first, ActionTaken) else None
        out.append({"seq": end, "seat": who, "told": told(game, events[start:end], seat)})
    return out


#: the most legality checks ``amounts`` makes for one word
_PROBES = 200


def amounts(
    game: Game,
    actions: Sequence[Action],
    *,
    forms: tuple[Sequence[dict[str, Any]], Sequence[str]] | None = None,
) -> list[dict[str, Any]]:
    """The amounts a seat may type: for each word whose listed moves differ only in one
    integer (``bid 300000``, ``bid 350000``, ...) and for which the engine accepts unlisted
    values between them (every multiple of $50,000 up to the cash, where the list names a
    few), its ``word``, ``min``, ``max`` and ``step``.

    Found by asking the engine's own ``is_legal``, never by a rule written here: the listed
    values give a first range and step; an unlisted value on that grid must be legal; then
    the step is divided while the engine still accepts a value one step up, and the range
    widened while it accepts a value beyond its ends. A range may have a hole the engine
    refuses (a trade's cash of 0): the typed move is checked when it is applied.
    ``forms``: the actions' JSON and text forms, when the caller has them already.
    """
    if forms is None:
        forms = ([a.to_json() for a in actions], [str(a) for a in actions])
    groups: dict[tuple[str, str, str], set[int]] = {}
    for data, text in zip(*forms, strict=True):
        if len(data) != 2:
            continue
        fields = [k for k in data if k != "type"]
        if len(fields) != 1 or type(data[fields[0]]) is not int:
            continue
        word = text.split(" ", 1)[0]
        groups.setdefault((word, data["type"], fields[0]), set()).add(data[fields[0]])
    out = []
    for (word, kind, field), found in groups.items():
        if len(found) < 2:
            continue
        ok = _Probe(game, kind, field)
        values = sorted(found)
        lo, hi = values[0], values[-1]
        step = 0
        for v in values[1:]:
            step = math.gcd(step, v - lo)
        unlisted = next((v for v in range(lo + step, hi, step) if v not in found), None)
        if unlisted is None or not ok(unlisted):
            continue
        changed = True
        while changed:
            changed = False
            for p in (2, 3, 5, 7):
                if step % p == 0 and ok(lo + step // p):
                    step //= p
                    changed = True
        hi = _widen(ok, hi, step)
        lo = _widen(ok, lo, -step)
        out.append({"word": word, "min": lo, "max": hi, "step": step})
    return out


class _Probe:
    """Asks the engine whether ``word VALUE`` is legal, at most ``_PROBES`` times."""

    def __init__(self, game: Game, kind: str, field: str) -> None:
        self.game, self.kind, self.field, self.left = game, kind, field, _PROBES

    def __call__(self, value: int) -> bool:
        if self.left <= 0:
            return False
        self.left -= 1
        return self.game.is_legal({"type": self.kind, self.field: value})


def _widen(ok: Callable[[int], bool], end: int, step: int) -> int:
    """The farthest legal value past ``end`` by multiples of ``step`` (which may be < 0),
    the legal values being all those up to a bound: doubling, then halving."""
    k = 1
    while k < 2**40 and ok(end + k * step):
        k *= 2
    good, bad = k // 2, k  # end + good * step is legal (good may be 0), end + bad * step not
    while bad - good > 1:
        mid = (good + bad) // 2
        if ok(end + mid * step):
            good = mid
        else:
            bad = mid
    return end + good * step
