"""The Game base class: the contract every game follows, as a template method.

The base owns whose turn it is, game over, chance pending, legality checking, the event log,
saving, loading and cloning. A game writes hooks:

- ``_setup()``: build the initial state and say what the game waits for first;
- ``_legal_actions()``: the actions open to ``self.to_act``, in a deterministic order: a list,
  or any sequence that answers ``len`` and ``[i]`` without building the list (random play looks
  at one action of many) and whose items do not change when the game moves on;
- ``_on_action(seat, action)``: change the state for a legal action, emitting fact events;
- ``_on_chance(request, outcome)``: change the state for a chance outcome;
- ``_copy_state(other)``: make this (fresh clone) hold a copy of ``other``'s state;
- ``_view(seat)``, ``_result()``, and optionally ``_secrets(seat)``, ``max_actions()``,
  ``_label(action, seat)`` (a move in words for its button; the core's default names the
  players and spells out the action's text otherwise).

A step ends by calling exactly one of ``_ask(seat, kind, text)`` (or ``_ask_prompt(prompt)``
with a prompt made ahead), ``_request(chance)`` or ``_end()``, which says what the game waits
for next. A hook logs with ``_emit`` or ``_record``, or, on a hot path, appends an event or a
``(factory, *args)`` tuple of immutable args to ``self._entries``, the list the step under
way writes to (valid only inside a hook: each step sets it). The step itself is
``common.kernel``'s. The hooks read what is pending as ``self._pending``: ``is_over`` and
``chance`` are the core's attributes, brought up to date when the step that a hook is part
of ends.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import operator
import secrets as _secrets_mod
from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self

import attrs

from common import jsontext
from common.actions import BY_INDEX, Action, ActionSet
from common.chance import ChanceRequest
from common.codec import CodecError, RecordSet
from common.encoding import Catalogue, Encodings, Layout
from common.errors import IllegalAction, InvalidOption, InvalidSave, short
from common.events import (
    CORE_EVENTS,
    FORMAT_VERSION,
    OLDEST_FORMAT,
    ActionForced,
    ActionTaken,
    ChanceResolved,
    Event,
    EventLog,
    GameEnded,
    GameStarted,
    LogSlice,
)
from common.kernel import Prompt as Prompt
from common.kernel import PromptCache, decide, settle

_SHOWN_LEGAL = 12
#: seeds are below 2**53, the integers a JavaScript number holds exactly: a browser that
#: reads a save and sends it back keeps its seed (and so its checksum)
SEED_LIMIT = 2**53
#: the longest player name (names are shown on boards, prompts and logs)
MAX_NAME = 40
#: what a by-index sequence's ``_last`` is before an item is read: never an action
_UNREAD = object()
#: ``object.__new__``: apply() and resolve() fill a LogSlice's three slots without a call of
#: its ``__init__`` (the public path as fast as play())
_new_object = object.__new__
#: the action catalogues made so far, by game class and ``_catalogue_key()``
_CATALOGUES: dict[tuple[type[Game], Any], Catalogue] = {}


@attrs.frozen
class Result:
    """The outcome of a finished game: a score per seat and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """Return the plain-JSON form."""
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}


@attrs.frozen
class Secret:
    """A secret a game declares in ``_secrets``: with ``ordered`` only its exact order is secret.

    A plain value (or ``ordered=False``) also counts as leaked when a view shows the same
    items in another order; an ordered secret (a deck's order, when its contents are public or
    equal to another seat's) leaks only as that exact sequence.
    """

    value: Any
    ordered: bool = False


@attrs.frozen
class Option:
    """A rule option: its default, the values allowed, and one line of help.

    ``check`` may return False (the message then says ``expects``) or raise InvalidOption
    with its own message, e.g. to say what is wrong inside a data file.
    """

    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""
    check: Callable[[Any], bool] | None = attrs.field(default=None, eq=False)
    expects: str = ""
    #: makes an accepted value the game's own (``common.codec.freeze`` for JSON data: a
    #: copy the caller cannot change afterwards)
    convert: Callable[[Any], Any] | None = attrs.field(default=None, eq=False)

    def allowed(self) -> str:
        """The choices as a person types them: ``choose true or false``, ``choose one of
        "keep", "remove"`` (JSON, as ``-o`` reads a value)."""
        assert self.choices is not None
        bare = all(isinstance(c, str) for c in self.choices)  # -o reads a bare word as text
        words = [c if bare else jsontext.dumps(c) for c in self.choices]
        if sorted(words) == ["false", "true"]:
            return "choose true or false"
        if len(words) == 2:
            return f"choose {words[0]} or {words[1]}"
        return f"choose one of {', '.join(words)}"

    def validate(self, name: str, value: Any) -> Any:
        """Return the value if allowed; raise InvalidOption saying what is allowed."""
        if self.choices is not None:
            for c in self.choices:
                if value == c and type(value) is type(c):
                    return value
            said = short(value, 60)
            raise InvalidOption(f"option {name}={said} is not allowed; {self.allowed()}")
        if self.check is not None and not self.check(value):
            raise InvalidOption(
                f"option {name}={short(value, 60)} is not allowed; expected {self.expects}"
            )
        return value if self.convert is None or value is None else self.convert(value)


#: the prompts ``_ask`` has made (each question once)
PROMPTS = PromptCache()
_made_prompt = PROMPTS.get


@functools.cache
def _default_names(count: int) -> tuple[str, ...]:
    """The names of ``count`` seats given by number: ``Player 1``, ``Player 2``, ..."""
    return tuple(f"Player {i + 1}" for i in range(count))


def winners_by_score(scores: Sequence[int]) -> tuple[int, ...]:
    """Return the seats sharing the highest score."""
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)


class Game:
    """Base of every game. See the module docstring for the hooks a game writes."""

    # Slots: the attributes the public path reads or writes at every step. Not instance-dict
    # keys: they leave a game's own attributes the room CPython gives an instance dict whose
    # keys its class shares. ``clone`` and ``undo`` set them.
    __slots__ = ("__dict__", "__weakref__", "_legal_at", "_legal_seq", "chance", "is_over")
    #: True once the game has ended (kept by the core: read it, never write it)
    is_over: bool
    #: the pending chance request, or None (kept by the core: read it, never write it)
    chance: ChanceRequest | None
    #: the position where legal_actions() last listed: its decision count (-1: nowhere). A
    #: decision is the only way on from a prompt, so no two prompts share a count
    _legal_at: int
    #: the sequence legal_actions() gave out there
    _legal_seq: Sequence[Action]

    #: registered name (``metropolia``)
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_spec: ClassVar[Mapping[str, Option]] = {}
    actions: ClassVar[ActionSet]
    game_events: ClassVar[tuple[type[Event], ...]] = ()
    _event_set: ClassVar[RecordSet | None] = None
    #: the action catalogue and the observation (``common.encoding.Encodings``), or None
    encodings: ClassVar[Encodings | None] = None

    players: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]

    #: the base's own machinery: a game that defined one of these by accident (as happened
    #: with a debt-settling ``_settle``) would silently replace it, so it is refused
    _CORE_NAMES: ClassVar[frozenset[str]] = frozenset(
        {
            "_apply_quietly",
            "_ask_prompt",
            "_entries",
            "_resolve_quietly",
            "_after_step",
            "_check_players",
            "_check_options",
            "_emit",
            "_force",
            "_record",
            "_cached_legal",
            "_legal_at",
            "_legal_seq",
            "_log",
            "_pending",
            "_chance_count",
            "_decisions",
            "_final",
            "_listed",
            "_describe_core",
            "_label_core",
            "_why_illegal",
            "_catalogue",
            "_catalogue_of",
            "_layout_of",
            "_observed",
            "_known",
            "_sync_pending",
            "is_legal",
            "is_over",
            "chance",
        }
    )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        clash = sorted(Game._CORE_NAMES & set(vars(cls)))
        if clash:
            raise TypeError(
                f"{cls.__name__} defines {clash}, which the core Game uses itself; rename them "
                "(a game's own legality check is the hook _is_legal)"
            )
        reserved = sorted({"players", "seed", "options"} & set(vars(cls).get("options_spec", {})))
        if reserved:
            # an option of one of these names would let a request's options reach the
            # constructor's own parameters (a client choosing the seed)
            raise TypeError(
                f"{cls.__name__} declares options {reserved}, which are not rule options"
            )

    def __init__(
        self,
        players: int | Sequence[str] | None = None,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        self.players = self._check_players(players)
        if seed is None:
            seed = _secrets_mod.randbelow(SEED_LIMIT)
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise InvalidOption(
                f"seed must be an integer from 0 to 2**53 - 1 ({SEED_LIMIT - 1}), "
                f"got {short(seed, 60)}"
            )
        self.seed = seed
        self.options = self._check_options(options)
        self._log = EventLog()
        #: the list the step under way appends to (``common.kernel`` sets it at each step)
        self._entries: list[Any] = self._log._items
        self._pending: Prompt | ChanceRequest | None = None
        self._chance_count = 0
        self._decisions = 0
        #: the result, kept when the game ends (GameEnded, play() and view() all ask for it)
        self._final: Result | None = None
        self._legal_at = -1
        self._legal_seq = ()
        # the options are copied: the entry's own dict, made into the event only when read
        self._record(
            GameStarted, self.name, self.players, self.seed, dict(self.options), FORMAT_VERSION
        )
        self._setup()
        self._after_step()
        self._sync_pending()

    # ------------------------------------------------------------------ validation of inputs
    @classmethod
    def _check_players(cls, players: int | Sequence[str] | None) -> tuple[str, ...]:
        if players is None:
            players = cls.min_players
        if type(players) is int:
            count = players
        elif isinstance(players, list | tuple) and all(type(p) is str for p in players):
            count = len(players)
            for name in players:
                if not 0 < len(name) <= MAX_NAME or not name.isprintable():
                    raise InvalidOption(
                        f"a player name is 1 to {MAX_NAME} printable characters, "
                        f"got {short(name, 60)}"
                    )
        else:
            raise InvalidOption(
                f"players must be a count or a list of names, got {short(players, 60)}"
            )
        if not cls.min_players <= count <= cls.max_players:
            allowed = (
                f"{cls.min_players}"
                if cls.min_players == cls.max_players
                else f"{cls.min_players} to {cls.max_players}"
            )
            raise InvalidOption(f"{cls.name} is for {allowed} players, got {count}")
        if isinstance(players, int):  # exactly an int: bool and others are refused above
            return _default_names(players)  # a handful of counts: each tuple made once
        names = tuple(players)
        if len(set(names)) != len(names):
            raise InvalidOption(f"player names must differ, got {list(names)}")
        return names

    @classmethod
    def _check_options(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        if not given:  # every game a simulation starts: nothing to check
            return {key: spec.default for key, spec in cls.options_spec.items()}
        unknown = sorted(set(given) - set(cls.options_spec))
        if unknown:
            allowed = ", ".join(sorted(cls.options_spec)) or "none"
            raise InvalidOption(f"unknown option(s) {unknown} for {cls.name}; options: {allowed}")
        out = {}
        for key, spec in cls.options_spec.items():
            out[key] = spec.validate(key, given[key]) if key in given else spec.default
        return out

    def __repr__(self) -> str:
        """``<Metro City game, seat 1 to place, 12 decisions>``: what it waits for, how far."""
        p = self._pending
        if p is None:
            waits = "over"
        elif type(p) is Prompt:
            waits = f"seat {p.seat} to {p.kind}"
        else:
            waits = f"chance: {p.describe()}"  # type: ignore[union-attr]
        decisions = f"{self._decisions} decision{'' if self._decisions == 1 else 's'}"
        return f"<{self.title or self.name} game, {waits}, {decisions}>"

    # ------------------------------------------------------------------ the public contract
    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or None (chance pending or game over)."""
        p = self._pending
        return p.seat if type(p) is Prompt else None

    @property
    def prompt(self) -> Prompt | None:
        """What ``to_act`` is asked, or None when nobody decides."""
        p = self._pending
        return p if type(p) is Prompt else None

    @property
    def events(self) -> EventLog:
        """The event log (read only by convention: never append to it)."""
        return self._log

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return len(self.players)

    @property
    def decisions(self) -> int:
        """How many actions have been applied so far."""
        return self._decisions

    def legal_actions(self, *, copy: bool = True) -> Sequence[Action]:
        """The actions open to ``to_act`` now, in a deterministic order; () when nobody decides.

        An immutable sequence (a tuple, or a sequence that makes each action when it is read):
        nobody can write into it, so what ``apply`` finds in it by identity is the engine's own.
        ``copy`` is accepted for old callers and changes nothing.
        """
        if type(self._pending) is not Prompt:
            return ()
        legal = self._legal_actions()
        kind = type(legal)
        if kind is not tuple and kind not in BY_INDEX:
            legal = tuple(legal)  # a game's own list: a copy it cannot change under the caller
        self._legal_at = self._decisions  # at a prompt the decision count names the position
        self._legal_seq = legal
        return legal

    def parse_action(self, value: Any) -> Action:
        """Read an action of this game from an Action, its JSON object or its text form."""
        return self.actions.parse(value)

    def is_legal(self, action: Action | str | Mapping[str, Any]) -> bool:
        """True if ``action`` (an Action, its JSON object or its text) is legal for ``to_act`` now.

        Read as ``apply`` reads it: an object made by the caller strictly, from its JSON form.
        """
        if self._listed(action):
            return True
        if type(self._pending) is not Prompt:
            return False
        try:
            parsed = self.actions.parse(action.to_json() if isinstance(action, Action) else action)
        except IllegalAction:
            return False
        return self._is_legal(parsed)

    def _is_legal(self, action: Action) -> bool:
        """The hook behind ``is_legal``: ``action`` is one of this game's classes, well typed.

        The default looks in the legal actions; a game overrides it to check without
        listing them, or to accept more than it lists (every multiple of $50,000 as a bid,
        where the list names a few).
        """
        return action in self._legal_actions()

    def _listed(self, action: Any) -> bool:
        """True if ``action`` is one of the very objects legal_actions() gave out just now.

        The only way on from a prompt is a decision, so the decision count names the position
        (``_legal_at``). The usual caller applies one of those very objects: they are legal
        without another look.
        """
        if self._legal_at != self._decisions:
            return False
        legal = self._legal_seq
        if type(legal) is tuple:  # the scan stays in C
            return any(map(operator.is_, legal, itertools.repeat(action)))
        return getattr(legal, "_last", _UNREAD) is action

    def apply(self, action: Action | str | Mapping[str, Any], seat: int | None = None) -> LogSlice:
        """Apply a decision of ``to_act`` (checked against ``seat`` when given).

        Returns the events it caused, the ``ActionTaken`` first, as a read-only sequence that
        builds each event when it is read (it equals their tuple). Raises IllegalAction,
        leaving the game unchanged, when it is not legal.
        """
        # _listed(action), inline (the public path as fast as play()): the usual caller
        # applies one of the very objects legal_actions() just gave out
        if self._legal_at == self._decisions and (
            # the same position, so the same prompt: a seat named must be the one to act
            seat is None or (type(seat) is int and seat == self._pending.seat)  # type: ignore[union-attr]
        ):
            legal: Sequence[Action] | None = self._legal_seq
            if type(legal) is tuple:
                for a in legal:  # a plain loop: cheaper than any(map(is_, ...)) on a few
                    if a is action:
                        break
                else:
                    legal = None
            else:  # a by-index sequence: the item read last, set when an item was read
                try:
                    if legal._last is not action:  # type: ignore[union-attr]
                        legal = None
                except AttributeError:  # nothing read from it yet
                    legal = None
            if legal is not None:
                log = self._log
                out = _new_object(LogSlice)  # LogSlice(log, start, stop) without its call
                out._start = decide(self, self._pending.seat, action)  # type: ignore[union-attr]
                out._log = log
                out._stop = len(log._items)  # the log owns its list once written to
                return out
        start = self._apply_quietly(action, seat)
        log = self._log
        return LogSlice(log, start, len(log._items))

    def _apply_quietly(self, action: Action | str | Mapping[str, Any], seat: int | None) -> int:
        """apply() without gathering the events: returns where in the log they start."""
        p = self._pending
        if type(p) is not Prompt:
            if p is None:
                raise IllegalAction("the game is over: no action is legal")
            assert isinstance(p, ChanceRequest)
            raise IllegalAction(f"chance is pending ({p.describe()}): call resolve() first")
        if seat is not None and (type(seat) is not int or seat != p.seat):
            if type(seat) is not int:
                raise IllegalAction(f"a seat is an integer, got {short(seat, 60)}")
            if not 0 <= seat < len(self.players):
                self._check_seat(seat)
            raise IllegalAction(
                f"{self.players[seat]} is not to act: {self.players[p.seat]} must decide ({p.kind})"
            )
        # the usual caller hands back an object of one of our action classes: skip the call
        parsed: Action = (
            action  # type: ignore[assignment]
            if type(action) in self.actions._classes
            else self.actions.parse(action)
        )
        # one of the very objects legal_actions() gave out at this position?
        if not self._listed(parsed):
            # An object made by the caller: read it again strictly from its JSON form, so its
            # fields have the declared types (True is not 1, 2.0 is not a Literal[1, 2]) and
            # the log never holds an action its own save could not load.
            parsed = self.actions.parse(parsed.to_json())
            if not self._is_legal(parsed):
                raise IllegalAction(
                    f"'{parsed}' is not legal for {self.players[p.seat]} now ({p.kind}): "
                    + self._why_illegal(parsed),
                    legal=self._legal_text(),
                )
        return decide(self, p.seat, parsed)

    def resolve(self, outcome: Any = None) -> LogSlice:
        """Settle the pending chance with ``outcome`` (validated), or from the game's own RNG.

        Returns the events it caused, the ``ChanceResolved`` first, as ``apply`` does.
        """
        req = self._pending
        if not isinstance(req, ChanceRequest):
            raise IllegalAction("no chance is pending: nothing to resolve")
        log = self._log
        out = _new_object(LogSlice)  # LogSlice(log, start, stop) without its call
        out._start = settle(self, req, None if outcome is None else req.validate(outcome))
        out._log = log
        out._stop = len(log._items)  # the log owns its list once written to
        return out

    def _resolve_quietly(self, outcome: Any) -> int:
        """resolve() without gathering the events: returns where in the log they start."""
        req = self._pending
        if not isinstance(req, ChanceRequest):
            raise IllegalAction("no chance is pending: nothing to resolve")
        return settle(self, req, None if outcome is None else req.validate(outcome))

    def _sync_pending(self) -> None:
        """Bring ``is_over`` and ``chance`` up to date with what is pending.

        Every step that moves the game ends with it (inline in the hot ones): a hook only
        writes ``_pending``, and a reader of the attributes sees the position after the step.
        """
        now = self._pending
        self.is_over = now is None
        self.chance = None if now is None or type(now) is Prompt else now  # type: ignore[assignment]

    def result(self) -> Result:
        """The result of a finished game; raises IllegalAction while it is still going on."""
        if self._pending is not None:
            raise IllegalAction("the game is not over yet: no result")
        final = self._final
        return final if final is not None else self._result()

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON-safe dict of what ``seat`` may see (None: a spectator)."""
        self._check_seat(seat)
        p = self._pending
        return {
            "game": self.name,
            "seat": seat,
            "players": list(self.players),
            "to_act": self.to_act,
            "prompt": p.to_json() if isinstance(p, Prompt) else None,
            "chance": p.for_seat(seat) if isinstance(p, ChanceRequest) else None,
            "is_over": p is None,
            "result": self.result().to_json() if p is None else None,
            "state": self._view(seat),
        }

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The log from index ``since`` as ``seat`` may see it (secret parts redacted).

        Never the seed (``GameStarted`` shows it as null): only the host's save holds it.
        """
        self._check_seat(seat)
        if type(since) is not int or since < 0:
            raise IllegalAction(f"since is a non-negative integer, got {short(since, 60)}")
        out = []
        for e in self._log.since(since):
            data = e.for_seat(seat)
            if data is not None:
                out.append(data)
        return out

    def describe(self, event: Event, seat: int | None = None) -> str:
        """One sentence telling ``event`` as ``seat`` sees it (None: a spectator).

        The words are made from the event's redacted JSON form (``event.for_seat(seat)``),
        so they can never say more than that seat may see. A game tells its own events in
        the hook ``_describe``; the core's events have plain sentences of their own.
        """
        self._check_seat(seat)
        data = event.for_seat(seat)
        if data is None:
            return ""
        told = self._describe(data, seat)
        return told if told is not None else self._describe_core(data)

    def _describe(self, data: dict[str, Any], seat: int | None) -> str | None:
        """The hook behind ``describe``: one sentence for an event's redacted JSON ``data``
        (its ``type`` names it), or None for the core's own sentence. Players by name,
        things by their rulebook names, amounts in the game's money."""
        return None

    def _describe_core(self, data: dict[str, Any]) -> str:
        """The core's sentences: the start, a decision, a forced move, chance, the end."""
        kind = data.get("type")
        names = self.players

        def name(seat: Any) -> str:
            return names[seat] if type(seat) is int and 0 <= seat < len(names) else "?"

        if kind == GameStarted.type_name:
            return f"A game of {self.title or self.name} begins: {', '.join(names)}."
        if kind in (ActionTaken.type_name, ActionForced.type_name):
            action = self.actions.parse(data["action"])
            forced = " (the only move)" if kind == ActionForced.type_name else ""
            return f"{name(data['seat'])}: {action}{forced}."
        if kind == ChanceResolved.type_name:
            outcome = data["outcome"]
            if outcome is None:
                return f"Chance: {data['request']} (hidden)."
            if data["request"].startswith("dice"):
                return f"The dice show {' and '.join(map(str, outcome))}."
            return f"Chance: {data['request']}: {', '.join(map(str, outcome))}."
        if kind == GameEnded.type_name:
            winners = [name(w) for w in data["winners"]]
            scores = ", ".join(f"{name(i)} {v}" for i, v in enumerate(data["scores"]))
            verb = "wins" if len(winners) == 1 else "share the win"
            return f"The game is over: {' and '.join(winners)} {verb} ({scores})."
        return f"{kind}."

    def label(self, action: Action, seat: int | None = None) -> str:
        """``action``, one of the legal moves now, in words for its button as ``seat`` reads
        it: players by name, things by their names, amounts in the game's money.

        Made only when a front end asks (the protocol's ``legal`` answer, the terminal's
        menus), never on the engine's own path. A game words its moves in the hook
        ``_label``; the core's words serve a game that has none.
        """
        told = self._label(action, seat)
        return told if told is not None else self._label_core(action)

    def _label(self, action: Action, seat: int | None) -> str | None:
        """The hook behind ``label``: ``action`` in words, or None for the core's words."""
        return None

    def _label_core(self, action: Action) -> str:
        """The core's words for a move: its word with a capital, then its values, a seat as the
        player's name (``Offer Ann``, ``Bid 150,000``, ``Roll``)."""
        seats = action.seat_fields()
        parts = [action.word.replace("_", " ").capitalize()]
        for f in action._field_specs():
            value = getattr(action, f.name)
            if f.name in seats and type(value) is int and 0 <= value < len(self.players):
                parts.append(self.players[value])
            elif type(value) is int:
                parts.append(f"{value:,}")
            elif value is None or value == ():
                continue
            elif isinstance(value, tuple):
                parts.append(", ".join(str(v) for v in value))
            elif isinstance(value, bool):
                parts.append("yes" if value else "no")
            else:
                parts.append(str(value).replace("_", " "))
        return " ".join(parts)

    def undo(self, to: int | None = None) -> None:
        """Take back the last decision, or go back to the decision logged at index ``to``.

        The chance outcomes and facts that followed are taken back too. Outcome k is always
        drawn from the seed and k, so a roll taken back comes back the same when the same
        decision is taken again: undo cannot fish for a better roll.
        """
        decisions = [i for i, e in enumerate(self._log) if isinstance(e, ActionTaken)]
        if not decisions:
            raise IllegalAction("nothing to undo: no decision has been taken")
        if to is None:
            to = decisions[-1]
        elif type(to) is not int or to not in decisions:
            shown = ", ".join(map(str, decisions[-_SHOWN_LEGAL:]))
            raise IllegalAction(f"event {to} is not a decision; decisions are at: {shown}")
        earlier = replay_into(type(self), list(self._log)[:to])
        self.__dict__.update(earlier.__dict__)
        self._sync_pending()
        self._legal_at = -1  # a decision count met again: nothing listed is trusted
        self._legal_seq = ()

    def clone(self) -> Self:
        """Return an independent copy that continues exactly like this game."""
        other = object.__new__(type(self))  # cheaper than copy.copy's generic protocol
        other.__dict__.update(self.__dict__)
        other.is_over = self.is_over  # the slots, which the dict does not hold
        other.chance = self.chance
        other._log = self._log.fork()
        # the original's legal actions are not the copy's to trust: a copy may be changed
        # before it moves (determinize redraws what a seat cannot see)
        other._legal_at = -1
        other._legal_seq = ()
        other._copy_state(self)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy(game)`` is ``game.clone()``: an independent copy, made cheaply."""
        return self.clone()

    def to_json(self) -> str:
        """Return the full save: the event log with a format version and a checksum."""
        return jsontext.dumps(save_data(self), separators=(",", ":"))

    # ------------------------------------------------------------------ declared facts
    @classmethod
    def static_data(cls, **options: Any) -> dict[str, Any]:
        """The game's static description for these rule options: board, cards, chart, names.

        Plain JSON, the same for every game with these options, so that a front end never
        copies the engine's tables. Raises InvalidOption for a bad option.
        """
        return cls._static_data(cls._check_options(options))

    @classmethod
    def _static_data(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The hook behind ``static_data``, given validated options."""
        raise NotImplementedError(f"{cls.name} does not describe its static data yet")

    def max_actions(self) -> int:
        """The most decisions a game with these options can take (checked by check_game)."""
        return 100_000

    def determinize(self, seat: int, rng: Any) -> Self:
        """A copy in which what ``seat`` cannot see is redrawn with ``rng`` (for search bots).

        The default is a plain clone, right for games whose only secrets are future chance
        outcomes. A game with hidden state (hands, deck orders) overrides it.
        """
        return self.clone()

    def invariants(self) -> list[str]:
        """Conservation laws that hold after every step; returns what is broken (none: []).

        check_game calls it after every action and outcome. A game lists its own laws here
        (money only from and to the bank through events, a fixed number of pieces, ...).
        """
        return []

    def estimate(self) -> tuple[float, ...] | None:
        """A game's own estimate of each seat's chance to win, for cut-off searches (optional)."""
        return None

    # ------------------------------------------------------------------ fixed encodings
    def _catalogue(self) -> Catalogue:
        """The action catalogue of this game's players and options, made once per class."""
        found = self.__dict__.get("_catalogue_of")
        if found is None:
            key = self._catalogue_key()
            made = _CATALOGUES.get((type(self), key))
            if made is None:
                try:
                    actions = self._action_catalogue()
                except NotImplementedError:
                    raise NotImplementedError(
                        f"{self.name} does not describe a fixed action space (its hook "
                        "_action_catalogue)"
                    ) from None
                made = _CATALOGUES[(type(self), key)] = Catalogue(actions)
            found = self._catalogue_of = made
        return found

    def num_distinct_actions(self) -> int:
        """How many actions the action index has for these players and options."""
        return len(self._catalogue())

    def action_index(self, action: Action | str | Mapping[str, Any]) -> int:
        """The fixed index of ``action`` (an Action, its JSON or its text) in the action space.

        Raises IllegalAction for an action the index does not hold (a sum off the listed
        amounts, say: ``apply`` may accept it, a fixed action space cannot name it).
        """
        cat = self._catalogue()
        found = cat.ids.get(id(action)) if isinstance(action, Action) else None
        if found is not None:
            return found
        parsed = self.actions.parse(action.to_json() if isinstance(action, Action) else action)
        found = cat.index.get(parsed)
        if found is None:
            raise IllegalAction(
                f"'{parsed}' is not in the action index of {self.name} "
                f"({len(cat)} actions: every action legal_actions() can list with these "
                "players and options)"
            )
        return found

    def action_from_index(self, index: int) -> Action:
        """The action of the action space's ``index``; IllegalAction for one out of range."""
        actions = self._catalogue().actions
        if type(index) is not int or not 0 <= index < len(actions):
            raise IllegalAction(
                f"action index {short(index, 60)} is out of range: an integer from 0 to "
                f"{len(actions) - 1}"
            )
        return actions[index]

    def legal_indices(self) -> list[int]:
        """The indices of ``legal_actions()``, ascending; [] when nobody decides."""
        if type(self._pending) is not Prompt:
            return []
        return self._legal_indices()

    def legal_mask(self) -> bytearray:
        """One byte an action index: 1 where that action is legal now, else 0."""
        mask = bytearray(len(self._catalogue()))
        for i in self.legal_indices():
            mask[i] = 1
        return mask

    def observation_layout(self) -> Layout:
        """The named fields of ``observation`` for these players and options."""
        found = self.__dict__.get("_layout_of")
        if found is None:
            try:
                found = self._layout_of = self._observation_layout()
            except NotImplementedError:
                raise NotImplementedError(
                    f"{self.name} does not describe an observation (its hook _observation_layout)"
                ) from None
        return found

    def observation(self, seat: int) -> array[float]:
        """What ``seat`` may see, as a flat vector of ``observation_layout().size`` floats.

        Made once a position and seat and kept until the game moves on; each call returns
        a copy of its own. Never shows what the seat may not see: two positions that differ
        only in that give equal vectors (the conformance kit checks it with ``determinize``).
        """
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalAction(
                f"no seat {short(seat, 60)}: a seat is an integer from 0 to {len(self.players) - 1}"
            )
        log = self._log
        at = log._n if log._shared else len(log._items)
        kept: tuple[Any, int, list[array[float] | None]] | None = self.__dict__.get("_observed")
        if kept is None or kept[0] is not log or kept[1] != at:
            vectors: list[array[float] | None] = [None] * len(self.players)
            kept = self._observed = (log, at, vectors)
        vector = kept[2][seat]
        if vector is None:
            try:
                vector = kept[2][seat] = self._observation(seat)
            except NotImplementedError:
                raise NotImplementedError(
                    f"{self.name} does not describe an observation (its hook _observation)"
                ) from None
        return vector[:]

    def information_state(self, seat: int) -> str:
        """A text that identifies what ``seat`` knows: every event so far as it saw them.

        Its own decisions and everyone's, the outcomes it was shown, the facts it was told
        (its own drawn cards, not another's), never the seed: two histories give the same
        text exactly when the seat cannot tell them apart. Kept and extended as the game
        goes on.
        """
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalAction(
                f"no seat {short(seat, 60)}: a seat is an integer from 0 to {len(self.players) - 1}"
            )
        log = self._log
        at = len(log)
        known: tuple[tuple[Any, int, str] | None, ...] = self.__dict__.get(
            "_known", (None,) * len(self.players)
        )
        mine = known[seat]
        if mine is not None and mine[0] is log._items and mine[1] <= at:
            start, text = mine[1], mine[2]
        else:
            start, text = 0, f"seat {seat}"
        parts = [text]
        for data in self.events_for(seat, start):
            parts.append(jsontext.dumps(data, sort_keys=True, separators=(",", ":")))
        text = "\n".join(parts)
        self._known = (*known[:seat], (log._items, at, text), *known[seat + 1 :])
        return text

    def _legal_text(self) -> str:
        """What is legal now, in words, for the message of a refused action.

        The default lists the first legal actions; a game overrides it where a rule says it
        better ("bid any multiple of $50,000 up to $1,250,000, or pass").
        """
        legal = list(self._legal_actions())
        shown = ", ".join(str(a) for a in legal[:_SHOWN_LEGAL])
        more = f" and {len(legal) - _SHOWN_LEGAL} more" if len(legal) > _SHOWN_LEGAL else ""
        return shown + more

    def _why_illegal(self, action: Action) -> str:
        """What is wrong with ``action``, a well-typed move that is not legal now, found from
        the listed moves: its word is not open, or the first of its values no listed move of
        that word shares with it (after the values before it). Only the seat to act reads it,
        and it names nothing but its own moves."""
        same = [a for a in self._legal_actions() if type(a) is type(action)]
        if not same:
            return f"no '{action.word}' move is open at this prompt"
        count = len(self.players)
        specs = action._field_specs()
        seats = action.seat_fields()
        for i, f in enumerate(specs):
            value = getattr(action, f.name)
            matching = [a for a in same if getattr(a, f.name) == value]
            if not matching:
                before = " ".join(str(action).split()[1 : 1 + i])
                after = f" after '{action.word} {before}'" if before else ""
                if f.name in seats and type(value) is int:
                    who = (
                        self.players[value]
                        if 0 <= value < count
                        else f"player {value + 1} (the players are 1 to {count})"
                    )
                    return f"none of the listed '{action.word}' moves names {who}{after}"
                shown = str(action).split()[1 + i]
                return f"none of the listed '{action.word}' moves has {f.name} {shown}{after}"
            same = matching
        return f"'{action}' is refused by the rules here"

    def _check_seat(self, seat: Any) -> None:
        """Raise IllegalAction unless ``seat`` is None (a spectator) or a seat of this game."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.players)):
            raise IllegalAction(
                f"no seat {short(seat, 60)}: a seat is an integer from 0 to "
                f"{len(self.players) - 1}, or None for a spectator"
            )

    def _secrets(self, seat: int | None) -> list[Any]:
        """JSON values that ``seat`` must never see (hands, deck orders).

        A value may be wrapped in ``Secret(value, ordered=True)`` when only its
        exact order is secret.
        """
        return []

    # ------------------------------------------------------------------ helpers for hooks
    def _emit(self, event: Event) -> None:
        """Log ``event``, made already (``_record`` makes it only when it is read)."""
        log = self._log  # log.append(event), inline: games emit several events a decision
        (log._own() if log._shared else log._items).append(event)

    def _record(self, *entry: Any) -> None:
        """Log ``factory(*args)`` for ``_record(factory, *args)``, made only if the log is read.

        The args must be immutable. The call's own argument tuple is the log's entry.
        """
        log = self._log
        (log._own() if log._shared else log._items).append(entry)

    def _ask(self, seat: int, kind: str, text: str = "") -> None:
        """Ask ``seat`` a question of ``kind`` (``text`` says it to a person): ends a step."""
        key = (seat, kind, text)
        prompt = _made_prompt(key)  # PROMPTS.get, bound once: a prompt is asked every decision
        self._pending = PROMPTS.keep(key, Prompt(seat, kind, text)) if prompt is None else prompt

    def _ask_prompt(self, prompt: Prompt) -> None:
        """Ask the question ``prompt``, made ahead (a game's table of its questions)."""
        self._pending = prompt

    def _force(self, seat: int, action: Action) -> None:
        """Take ``action``, the only legal answer ``seat`` has, instead of asking for it.

        A game calls it where it would ``_ask`` a question with one possible answer, and
        returns at once: the action is logged as ``ActionForced`` (not a decision) and applied
        by ``_on_action``, which says what the game waits for next.
        """
        self._record(ActionForced, seat, action)
        self._on_action(seat, action)

    def _request(self, request: ChanceRequest) -> None:
        """Wait for the chance outcome ``request`` asks for: ends a step."""
        self._pending = request

    def _end(self) -> None:
        """End the game: ends the last step."""
        self._pending = None

    def _after_step(self) -> None:
        # the game has just ended (nothing pending) unless its result is kept already
        if self._pending is None and self._final is None:
            res = self._final = self._result()
            self._emit(GameEnded(res.scores, res.winners))

    # ------------------------------------------------------------------ hooks
    def _setup(self) -> None:
        raise NotImplementedError

    def _legal_actions(self) -> Sequence[Action]:
        raise NotImplementedError

    def _on_action(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        raise NotImplementedError

    def _copy_state(self, other: Self) -> None:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _result(self) -> Result:
        raise NotImplementedError

    def _catalogue_key(self) -> Any:
        """What the action catalogue depends on: the player count and the options, unless
        the game's ``encodings`` say less."""
        enc = self.encodings
        if enc is not None and enc.key is not None:
            return enc.key(self)
        return (len(self.players), repr(sorted(self.options.items())))

    def _action_catalogue(self) -> Sequence[Action]:
        """Every action ``legal_actions()`` can list with these players and options, in a
        fixed order (``num_distinct_actions``, ``action_index``, ``legal_mask``)."""
        if self.encodings is None:
            raise NotImplementedError
        return self.encodings.catalogue(self)

    def _legal_indices(self) -> list[int]:
        """The hook behind ``legal_indices`` at a prompt: the indices of the legal actions,
        ascending. The default looks each one up, unless the game's ``encodings`` compute
        them from the state."""
        enc = self.encodings
        if enc is not None and enc.legal_indices is not None:
            return enc.legal_indices(self)
        return self._catalogue().indices(self.legal_actions())

    def _observation_layout(self) -> Layout:
        """The fields of ``_observation``'s vectors for these players and options."""
        if self.encodings is None:
            raise NotImplementedError
        return self.encodings.layout(self)

    def _observation(self, seat: int) -> array[float]:
        """A new vector of what ``seat`` may see, laid out as ``observation_layout()``."""
        if self.encodings is None:
            raise NotImplementedError
        return self.encodings.observe(self, seat)

    # ------------------------------------------------------------------ events from JSON
    @classmethod
    def event_set(cls) -> RecordSet:
        """The events of this game (core and its own), read back from JSON."""
        found = cls.__dict__.get("_event_set")
        if found is None:
            found = RecordSet((*CORE_EVENTS, *cls.game_events), f"{cls.name} event")
            cls._event_set = found
        return found

    @classmethod
    def event_from_json(cls, data: Any) -> Event:
        """Read one event of this game from its JSON form (raises CodecError)."""
        kind = data.get("type") if isinstance(data, dict) else None
        with_action = _WITH_ACTION.get(kind) if isinstance(kind, str) else None
        if with_action is not None:
            # the action field is read with this game's own action set, which the codec
            # cannot know
            name = with_action.type_name
            extra = sorted(set(data) - {"type", "seat", "action"})
            if extra or "seat" not in data or "action" not in data:
                raise CodecError(f"{name}: expects exactly the fields seat and action")
            seat = data["seat"]
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise CodecError(f"{name}.seat: expected an integer, got {seat!r}")
            if isinstance(data["action"], str):
                raise CodecError(f"{name}.action: expected an object, got text")
            try:
                action = cls.actions.parse(data["action"])
            except IllegalAction as exc:
                raise CodecError(f"{name}.action: {exc}") from exc
            return with_action(seat, action)
        event = cls.event_set().from_json(data)
        assert isinstance(event, Event)
        return event


#: the core events whose ``action`` field is read with the game's own action set
_WITH_ACTION: dict[str, type[ActionTaken] | type[ActionForced]] = {
    ActionTaken.type_name: ActionTaken,
    ActionForced.type_name: ActionForced,
}


def _checksum(events: list[dict[str, Any]]) -> str:
    text = jsontext.dumps(events, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def save_data(game: Game) -> dict[str, Any]:
    """Return the save of ``game`` as a JSON-ready dict."""
    events = [e.to_json() for e in game.events]
    return {
        "format": FORMAT_VERSION,
        "game": game.name,
        "checksum": _checksum(events),
        "events": events,
    }


def reapply(game: Game, event: Event) -> bool:
    """Take a recorded decision or chance outcome again; False for any other event."""
    if isinstance(event, ActionTaken):
        game.apply(event.action, seat=event.seat)
    elif isinstance(event, ChanceResolved):
        game.resolve(event.outcome)
    else:
        return False
    return True


def replay_into(cls: type[Game], events: Sequence[Event]) -> Game:
    """Rebuild a game of class ``cls`` from its events; raise InvalidSave if it diverges."""
    if not events or not isinstance(events[0], GameStarted):
        raise InvalidSave("an event log starts with GameStarted")
    start = events[0]
    if start.game != cls.name:
        raise InvalidSave(f"the log is of game {start.game!r}, not {cls.name!r}")
    _check_format(start.format, "the log")
    unknown = sorted(set(start.options) - set(cls.options_spec))
    if unknown:  # seed or players among them would clash with the parameters themselves
        allowed = ", ".join(sorted(cls.options_spec)) or "none"
        raise InvalidSave(f"the log's options {unknown} are not options of {cls.name}: {allowed}")
    try:
        game = cls(players=start.players, seed=start.seed, **start.options)
    except InvalidOption as exc:
        raise InvalidSave(f"the log's parameters are not valid: {exc}") from exc
    j = 0
    while True:
        produced = game.events
        while j < len(produced):
            if j >= len(events):
                raise InvalidSave(
                    f"the log ends at event {j}, but the game goes on to produce more"
                )
            if produced[j] != events[j]:
                raise InvalidSave(
                    f"replay diverges at event {j}: the log has {events[j].to_json()}, "
                    f"the engine produces {produced[j].to_json()}"
                )
            j += 1
        if j == len(events):
            return game
        e = events[j]
        try:
            if not reapply(game, e):
                raise InvalidSave(
                    f"event {j} ({e.type_name}) is in the log, but the engine waits for "
                    "a decision or a chance outcome there"
                )
        except IllegalAction as exc:
            raise InvalidSave(f"event {j} cannot be replayed: {exc}") from exc


def _check_format(fmt: Any, what: str) -> None:
    if type(fmt) is not int or not fmt >= 1:
        raise InvalidSave(f"{what}'s format must be an integer from 1, got {short(fmt, 60)}")
    if fmt > FORMAT_VERSION:
        raise InvalidSave(f"{what} has format {fmt}, newer than this engine's {FORMAT_VERSION}")
    if fmt < OLDEST_FORMAT:
        raise InvalidSave(
            f"{what} has format {fmt}, written before the rules and action words of format "
            f"{OLDEST_FORMAT} (forced answers, pass/done/decline): this engine cannot replay it"
        )


def save_object(data: Any) -> dict[str, Any]:
    """The save ``data`` (its JSON text, or the object) as a checked JSON object.

    Raises InvalidSave when it is not strict JSON within the bounds (``common.jsontext``) or
    not an object.
    """
    try:
        if isinstance(data, str | bytes):
            data = jsontext.loads(data)
        else:
            jsontext.check(data)
    except jsontext.JSONError as exc:
        raise InvalidSave(f"the save is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise InvalidSave("a save is a JSON object with format, game, checksum and events")
    return data


def load_data(cls: type[Game], data: Any) -> Game:
    """Restore a game of class ``cls`` from a save (a dict, or its JSON text)."""
    return load_object(cls, save_object(data))


def load_object(cls: type[Game], data: dict[str, Any]) -> Game:
    """Restore a game of class ``cls`` from a save already read by ``save_object``."""
    missing = sorted({"format", "game", "checksum", "events"} - set(data))
    if missing:
        raise InvalidSave(f"the save lacks {missing}")
    _check_format(data["format"], "the save")
    if data["game"] != cls.name:
        raise InvalidSave(f"the save is of game {short(data['game'], 60)}, not {cls.name!r}")
    raw = data["events"]
    if not isinstance(raw, list):
        raise InvalidSave("events must be a list")
    if data["checksum"] != _checksum(raw):
        raise InvalidSave("the checksum does not match the events: the save was altered")
    try:
        events = [cls.event_from_json(e) for e in raw]
    except CodecError as exc:
        raise InvalidSave(f"bad event in the save: {exc}") from exc
    return replay_into(cls, events)
