"""Bots as a caller names them: a registered name, ``module:Class``, a factory or an object.

``simulate`` and ``tournament`` take any of these for each bot:

- a **name** the game registers (``heuristic``, ``mcts:400``), or the text ``module:Class``
  (``path/to/file.py:Class`` too): a class or function of the caller's, imported by name;
- a **factory**: a class or a function called with the seat's seed (``MyBot(seed)``), or with
  nothing if it takes no argument, giving a fresh bot for every seat of every game;
- a **bot object** (anything with ``choose(game, seat)``): used as it is wherever it plays.

To run in other processes (``jobs`` above 1, a Dask scheduler) a bot is pickled: a name, a
class or function defined at the top level of an importable module, or an object of such a
class, travel; a lambda or a function defined inside another function do not, and are refused
at once with that reason (``BotError``).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pickle
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from common.bots import Bot, play
from common.game import Game, Result
from common.registry import GameInfo

#: what a caller may give for one bot
BotLike = str | Bot | Callable[..., Bot]


class GameFailed(RuntimeError):
    """A game of a batch stopped with an error: which game, which bot, and the error."""


def play_or_say(game: Game, bots: Sequence[Bot], names: Sequence[str], index: int) -> Result:
    """``play(game, bots)``; an error on the way is GameFailed naming the game and the bot."""
    try:
        return play(game, bots)
    except Exception as exc:  # a bot's bug or illegal move: say which game and which bot
        seat = game.to_act
        who = f"bot {names[seat]} at seat {seat}" if seat is not None else "chance"
        raise GameFailed(
            f"game {index} (seed {game.seed}) failed at decision {game.decisions} ({who}): "
            f"{type(exc).__name__}: {exc}"
        ) from exc


class BotError(ValueError):
    """A bot that cannot be used: an unknown name, a spec that does not import, or a bot
    that cannot be sent to other processes."""


def is_spec(name: str) -> bool:
    """True if ``name`` reads as ``module:Class`` (not a game's ``mcts:400``)."""
    module, colon, attr = name.rpartition(":")
    return bool(colon and module and attr.isidentifier() and module != "mcts")


def import_spec(spec: str) -> Callable[..., Bot]:
    """The class or function named by ``module:Class`` or ``file.py:Class`` (BotError if not).

    The working directory is searched for the module too, as ``python -m`` would.
    """
    module_name, _, attr = spec.rpartition(":")
    try:
        if module_name.endswith(".py"):
            path = Path(module_name).resolve()
            if not path.is_file():
                raise BotError(f"bot {spec!r}: no file {module_name}")
            key = f"_metro_bot_{path.stem}"
            module = sys.modules.get(key)
            if module is None:
                found = importlib.util.spec_from_file_location(key, path)
                assert found is not None and found.loader is not None
                module = importlib.util.module_from_spec(found)
                sys.modules[key] = module
                found.loader.exec_module(module)
        else:
            if "" not in sys.path and str(Path.cwd()) not in sys.path:
                sys.path.append(str(Path.cwd()))
            module = importlib.import_module(module_name)
    except BotError:
        raise
    except Exception as exc:  # the user's module failed to import: say why in one line
        raise BotError(f"bot {spec!r}: cannot import {module_name}: {exc}") from exc
    try:
        made: Any = getattr(module, attr)
    except AttributeError as exc:
        raise BotError(f"bot {spec!r}: {module_name} has no {attr!r}") from exc
    if not callable(made):
        raise BotError(f"bot {spec!r}: {attr} is not a class or a function")
    return made  # type: ignore[no-any-return]


def is_bot_object(bot: Any) -> bool:
    """True for a bot instance (something with ``choose``), False for a class or factory."""
    return not isinstance(bot, type) and callable(getattr(bot, "choose", None))


def call_factory(factory: Callable[..., Any], seed: int) -> Bot:
    """``factory(seed)``, or ``factory()`` when it takes no argument; BotError if no bot."""
    try:
        inspect.signature(factory).bind(seed)
        takes_seed = True
    except TypeError:
        takes_seed = False
    except ValueError:  # no signature to read (a builtin): try the seed
        takes_seed = True
    bot = factory(seed) if takes_seed else factory()
    if not callable(getattr(bot, "choose", None)):
        raise BotError(f"{label(factory)} made {type(bot).__name__}, which has no choose()")
    return bot  # type: ignore[no-any-return]


def _try(factory: Callable[..., Any]) -> None:
    """Make one bot with ``factory`` (seed 0); BotError saying why if that fails."""
    try:
        call_factory(factory, 0)
    except BotError:
        raise
    except Exception as exc:  # the user's factory failed: say so in one line
        raise BotError(f"{label(factory)} did not make a bot: {type(exc).__name__}: {exc}") from exc


def factory_of(info: GameInfo, bot: BotLike) -> Callable[[int], Bot]:
    """A function of the seed giving the bot of one seat in one game."""
    if isinstance(bot, str):
        if is_spec(bot) and bot not in info.bots:
            made = import_spec(bot)
            if is_bot_object(made):
                return lambda seed: made  # type: ignore[return-value]
            return lambda seed: call_factory(made, seed)
        try:
            return info.bot_factory(bot)
        except (KeyError, ValueError) as exc:
            raise BotError(str(exc.args[0])) from exc
    if is_bot_object(bot):
        return lambda seed: bot  # type: ignore[return-value]
    if callable(bot):
        return lambda seed: call_factory(bot, seed)
    raise BotError(
        f"{bot!r} is not a bot: give a name, module:Class, a class, a factory or a bot object"
    )


def check(info: GameInfo, bots: Sequence[BotLike]) -> None:
    """Resolve every bot, and make one with each factory (BotError naming the first that
    fails)."""
    for bot in bots:
        if isinstance(bot, str) and is_spec(bot) and bot not in info.bots:
            made = import_spec(bot)
            if not is_bot_object(made):
                _try(made)
        elif not isinstance(bot, str) and not is_bot_object(bot) and callable(bot):
            _try(bot)
        else:
            factory_of(info, bot)


def check_picklable(bots: Sequence[BotLike], where: str) -> None:
    """Refuse, with the reason, a bot that cannot be sent to other processes."""
    for i, bot in enumerate(bots):
        if isinstance(bot, str):
            continue
        try:
            pickle.dumps(bot)
        except Exception as exc:
            raise BotError(
                f"bot {i} ({label(bot)}) cannot be sent to {where}: it cannot be pickled "
                f"({type(exc).__name__}); a lambda, or a class or function defined inside "
                "another, never can: define it at the top level of a module, or play with "
                "jobs=1"
            ) from exc


def label(bot: BotLike) -> str:
    """The name a bot goes by in records and summaries."""
    if isinstance(bot, str):
        return bot
    target = bot if isinstance(bot, type) or not is_bot_object(bot) else type(bot)
    name = getattr(target, "__name__", None)
    return str(name) if name else type(bot).__name__


def labels(bots: Sequence[BotLike]) -> tuple[str, ...]:
    """Each bot's label, made unique (``Cautious``, ``Cautious#2``) where two share one.

    The same name given twice is one bot; two different objects with one label are two.
    """
    out: list[str] = []
    seen: dict[str, list[Any]] = {}
    for bot in bots:
        name = label(bot)
        same = seen.setdefault(name, [])
        key = bot if isinstance(bot, str) else id(bot)
        if key in same:
            k = same.index(key)
        else:
            same.append(key)
            k = len(same) - 1
        out.append(name if k == 0 else f"{name}#{k + 1}")
    return tuple(out)
