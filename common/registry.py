"""The registry of games by name; games are found through the ``metro.games`` entry points."""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from importlib.resources.abc import Traversable
from typing import Any

import attrs

from common import jsontext
from common.bots import Bot, RandomBot
from common.codec import CodecError
from common.errors import InvalidOption, InvalidSave, short
from common.events import Event, GameStarted
from common.game import Game, load_object, replay_into, save_object

BotFactory = Callable[[int], Bot]

#: the folder of a game's package that holds its parts of the browser page (``panel.js``)
WEB_FOLDER = "web"

#: the search budget of the ``mcts`` bot every game gets (iterations per decision)
MCTS_ITERATIONS = 100


@attrs.frozen
class GameInfo:
    """What the core needs to know of a game: its class, bots, renderer and extra CLI."""

    cls: type[Game]
    bots: Mapping[str, BotFactory] = attrs.field(factory=dict)
    # Any: a renderer is written for its own game class, which Callable[[Game], ...] rejects
    render_text: Callable[[Any, int | None], str] | None = None
    render_svg: Callable[[Any, int | None], str] | None = None
    #: the ``data-key`` of each place of ``render_svg``'s picture an action names (a front end
    #: lights those places up for the move): ``Place("t3", "B2")`` -> ``("tile:t3", "block:B2")``
    action_keys: Callable[[Any], tuple[str, ...]] | None = None
    #: ``help WORD`` at the terminal: what a word of the game's moves means (a verb, a card,
    #: a building, a street, a number), given the game (its options); None for a word the
    #: game does not use
    explain: Callable[[Any, str], str | None] | None = None
    #: the legal moves of the seat to act that a front end does not offer (a proposal its
    #: partner declined, which asked again would be answered the same): still legal if typed
    declined: Callable[[Any], frozenset[Any]] | None = None
    cli: Any = None  # an optional click.Group of extra commands
    description: str = ""
    #: rule options that also get a flag of their own on every command (``chart`` -> --chart)
    flags: Mapping[str, str] = attrs.field(factory=dict)
    #: of those flags, the ones whose value is a JSON file to read (``--cards FILE``)
    file_flags: frozenset[str] = frozenset()
    #: the bot that plays a seat nobody named (``play``, ``demo``, the web): the game's
    #: strongest within 50 ms a move, as its doc's tournament table measures; None: its
    #: ``heuristic`` where it has one, else ``random``
    default_bot: str | None = None
    #: the extra columns of a simulated game's record (``metro <game> simulate --out``): a
    #: function of the finished game giving JSON values by name; its ``turns``, if given,
    #: fills the record's ``turns``
    record_extras: Callable[[Any], Mapping[str, Any]] | None = None
    #: the game's bots strongest first, each with its median CPU milliseconds a move, as
    #: the tournament of its doc's default-bot table measured them (its standings)
    strength: tuple[tuple[str, float], ...] = ()
    #: one sentence for a person choosing a game (the start page's card); by default the
    #: first line of the game class's docstring
    blurb: str = attrs.field(
        default=attrs.Factory(lambda self: _first_line(self.cls.__doc__), takes_self=True)
    )

    def bot_factory(self, name: str) -> BotFactory:
        """The factory of the bot called ``name`` (``random`` and ``mcts`` are always there).

        ``mcts:400`` or ``mcts:2s`` is the game's MCTS bot with another budget (playouts or
        seconds a decision).
        """
        if name in self.bots:
            return self.bots[name]
        base, colon, budget = name.partition(":")
        if colon and base == "mcts":  # mcts:400 (playouts) or mcts:2s (seconds of search)
            factory = self.bot_factory("mcts")
            from common.mcts import MCTSFactory

            assert isinstance(factory, MCTSFactory)
            return factory.with_budget(budget)
        if name == "random":
            return RandomBot
        if name == "mcts":
            from common.mcts import mcts_factory

            return mcts_factory(iterations=MCTS_ITERATIONS)
        known = ", ".join(sorted({"random", "mcts", *self.bots}))
        raise KeyError(f"no bot {name!r} for {self.name}; bots: {known}")

    def default(self) -> str:
        """The name of the bot that plays a seat nobody named (``default_bot``)."""
        if self.default_bot is not None:
            return self.default_bot
        return "heuristic" if "heuristic" in self.bots else "random"

    def bot_names(self) -> list[str]:
        """The names of this game's bots, ``random``, ``mcts`` and the default included."""
        return sorted({"random", "mcts", self.default(), *self.bots})

    def bots_by_strength(self) -> list[tuple[str, float | None]]:
        """Every bot name strongest first with its median ms a move; unmeasured ones last
        (None), by name."""
        measured = [(name, ms) for name, ms in self.strength]
        seen = {name for name, _ in measured}
        return measured + [(name, None) for name in self.bot_names() if name not in seen]

    def strength_text(self) -> str:
        """The bots strongest first, as ``metro list`` and the docs say them:
        ``greedy 0.03 ms, mcts 35.8 ms, ...; not measured: ...``."""
        ranked = [f"{n} {ms:.2g} ms" for n, ms in self.bots_by_strength() if ms is not None]
        rest = [n for n, ms in self.bots_by_strength() if ms is None]
        return ", ".join(ranked) + (f"; not measured: {', '.join(rest)}" if rest else "")

    @property
    def name(self) -> str:
        """The registered name."""
        return self.cls.name

    def default_players(self) -> int:
        """The number of players a game starts with when nobody says how many."""
        return self.cls.min_players

    def package(self) -> str | None:
        """The package the game's class comes from (None: a module outside any package)."""
        module = sys.modules.get(self.cls.__module__)
        if module is not None and hasattr(module, "__path__"):
            return module.__name__
        return self.cls.__module__.rpartition(".")[0] or None

    def web_folder(self) -> Traversable | None:
        """The game's own parts of the browser page: the ``web`` folder of its package, if
        it has one (package data, so found in an installed wheel as in a checkout)."""
        package = self.package()
        if package is None:
            return None
        try:
            folder = importlib.resources.files(package).joinpath(WEB_FOLDER)
        except ModuleNotFoundError:  # a class whose package is gone (made by exec, say)
            return None
        return folder if folder.is_dir() else None

    def web_files(self) -> list[str]:
        """The files of ``web_folder`` by their paths inside it (``panel.js``), in name order;
        hidden files and folders (a leading dot or underscore) are not part of it."""
        folder = self.web_folder()
        return sorted(_files(folder)) if folder is not None else []

    def new_game(
        self,
        players: int | Sequence[str] | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        **given: Any,
    ) -> Game:
        """Start a new game of this kind.

        Rule options come as ``options`` (a mapping from outside: a request, a command line)
        or as keywords; either way only the game's declared options are accepted, so a
        mapping can never reach ``players`` or ``seed`` (``option_values``).
        """
        values = self.option_values(options)
        if given:
            values.update(self.option_values(given))
        return self.cls(players=players, seed=seed, **values)

    def option_values(self, options: Any) -> dict[str, Any]:
        """``options`` as the game declares them (``options_spec``): a mapping of declared
        names only, else InvalidOption naming what is allowed. The values are checked by the
        game itself when it starts."""
        return declared_options(self.cls, options)


def _first_line(text: str | None) -> str:
    return (text or "").strip().split("\n", 1)[0].strip()


def _files(folder: Traversable, prefix: str = "") -> list[str]:
    out = []
    for entry in folder.iterdir():
        if entry.name.startswith((".", "_")):
            continue
        if entry.is_dir():
            out += _files(entry, f"{prefix}{entry.name}/")
        elif entry.is_file():
            out.append(prefix + entry.name)
    return out


def declared_options(cls: type[Game], options: Any) -> dict[str, Any]:
    """``options`` checked to be a mapping of ``cls``'s declared option names only.

    The one gate every transport passes a caller's options through: ``seed``, ``players`` or
    any other parameter of the game's constructor is never a rule option, so options from a
    request can never choose the seed (which would tell every die to come).
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise InvalidOption(f"options must be an object of option names, got {short(options)}")
    allowed = ", ".join(sorted(cls.options_spec)) or "none"
    unknown = sorted(
        (k for k in options if type(k) is not str or k not in cls.options_spec), key=str
    )
    if unknown:
        shown = ", ".join(short(k) for k in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        why = "".join(_NOT_OPTIONS.get(k, "") for k in unknown if isinstance(k, str))
        raise InvalidOption(f"unknown option {shown}{more} for {cls.name}{why}; options: {allowed}")
    return dict(options)


#: the constructor's own parameters, which no rule option may be called, and why
_NOT_OPTIONS = {
    "seed": " (the seed is not a rule option: it is given apart, and a host draws its own)",
    "players": " (players is not a rule option: give the players apart)",
    "options": " (options are not nested)",
}


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game to the registry (tests register their own; packages use entry points)."""
    _REGISTRY[info.name] = info
    return info


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group="metro.games")}


def _load(ep: importlib.metadata.EntryPoint) -> GameInfo | None:
    """Load one game's entry point; None when its package is not part of this installation."""
    try:
        info = ep.load()
    except ModuleNotFoundError as exc:
        if exc.name == ep.module.split(".")[0]:
            return None
        raise
    if not isinstance(info, GameInfo):
        raise TypeError(f"entry point {ep.name!r} gives {type(info).__name__}, not a GameInfo")
    _REGISTRY.setdefault(info.name, info)
    return info


def games() -> dict[str, GameInfo]:
    """All registered games by name, in name order (a game that fails to load is warned about)."""
    for name, ep in _entry_points().items():
        if name not in _REGISTRY:
            try:
                _load(ep)
            except Exception as exc:  # one broken game must not hide the others
                warnings.warn(f"game {name!r} failed to load: {exc!r}", stacklevel=2)
    return dict(sorted(_REGISTRY.items()))


def get(name: str) -> GameInfo:
    """The game registered as ``name``; KeyError naming the known games otherwise."""
    if name in _REGISTRY:
        return _REGISTRY[name]
    ep = _entry_points().get(name)
    info = _load(ep) if ep is not None else None
    if info is None:
        shown = repr(name) if len(name) <= 40 else repr(name[:37]) + "..."
        raise KeyError(f"no game {shown}; games: {', '.join(games()) or 'none'}")
    return info


def replay(events: Sequence[Event | Mapping[str, Any]]) -> Game:
    """Rebuild a game from its event log alone (Event objects or their JSON forms)."""
    if not isinstance(events, Sequence) or isinstance(events, str | bytes) or not events:
        raise InvalidSave("an event log is a non-empty list that starts with GameStarted")
    for i, e in enumerate(events):
        if not isinstance(e, Event | Mapping):
            raise InvalidSave(f"event {i} is {type(e).__name__}, not an event or a JSON object")
    try:
        jsontext.check([dict(e) for e in events if isinstance(e, Mapping)])
    except jsontext.JSONError as exc:
        raise InvalidSave(f"the log is not JSON: {exc}") from exc
    first = events[0]
    if isinstance(first, Mapping):
        try:
            first = GameStarted.from_json(dict(first))
        except CodecError as exc:
            raise InvalidSave(f"the log must start with GameStarted: {exc}") from exc
    if not isinstance(first, GameStarted):
        raise InvalidSave("the log must start with GameStarted")
    try:
        cls = get(first.game).cls
    except KeyError as exc:
        raise InvalidSave(str(exc.args[0])) from exc
    try:
        typed = [e if isinstance(e, Event) else cls.event_from_json(dict(e)) for e in events]
    except CodecError as exc:
        raise InvalidSave(f"bad event in the log: {exc}") from exc
    return replay_into(cls, typed)


def load(data: str | bytes | Mapping[str, Any]) -> Game:
    """Restore any registered game from its save (``game.to_json()``)."""
    found = save_object(dict(data) if isinstance(data, Mapping) else data)
    name = found.get("game")
    if not isinstance(name, str):
        raise InvalidSave("a save is a JSON object naming its game")
    try:
        cls = get(name).cls
    except KeyError as exc:
        raise InvalidSave(str(exc.args[0])) from exc
    return load_object(cls, found)
