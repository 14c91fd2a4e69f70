"""What the commands of ``metro <game>`` share: their options and the checks behind them.

Every check here turns bad input into a one-line click error (usage errors exit 2, others 1),
never a traceback.
"""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from common import botspec
from common.errors import MetroError
from common.game import Game
from common.registry import GameInfo, load

#: how ``-o KEY=VALUE`` reads VALUE (shown in every command's help)
OPTION_VALUES = (
    'A rule option KEY=VALUE: VALUE is read as JSON (true, 3, "text", [1, 2]); Python\'s '
    "True, False and None are read as true, false and null; anything else is text; "
    "KEY=@FILE reads the JSON held in FILE."
)

#: Python's spellings of JSON's three constants, accepted in ``-o`` values
_PYTHON_WORDS: dict[str, Any] = {"True": True, "False": False, "None": None}

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """Read ``-o KEY=VALUE`` pairs (see ``OPTION_VALUES``); a bad pair is a usage error."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, eq, raw = pair.partition("=")
        if not eq or not key:
            raise click.BadParameter(f"expected KEY=VALUE, got {pair!r}", param_hint="--option")
        if raw.startswith("@"):  # KEY=@FILE: the value is the JSON held in FILE
            path = Path(raw[1:])
            try:
                out[key] = json.loads(path.read_text())
            except OSError as exc:
                raise click.BadParameter(f"{key}: cannot read {path}: {exc.strerror}") from exc
            except ValueError as exc:
                raise click.BadParameter(f"{key}: {path} is not JSON: {exc}") from exc
            continue
        if raw in _PYTHON_WORDS:
            out[key] = _PYTHON_WORDS[raw]
            continue
        try:
            out[key] = json.loads(raw)
        except ValueError:
            out[key] = raw
    return out


def pick_seed(seed: int | None) -> int:
    """The seed given, or a fresh one (said on stderr, so the game can be played again)."""
    if seed is None:
        seed = secrets.randbelow(2**31)
        click.echo(f"seed: {seed}", err=True)
    return seed


def render_text(info: GameInfo, game: Game, seat: int | None) -> str:
    """The game's text board for ``seat``, or its view as JSON when it has no text board."""
    if info.render_text is not None:
        return info.render_text(game, seat)
    return json.dumps(game.view(seat), indent=2)


def new_game(info: GameInfo, players: int | None, seed: int, options: tuple[str, ...]) -> Game:
    """A new game from the command line's values; a refused value is a usage error."""
    try:
        return info.new_game(players=players, seed=seed, options=parse_options(options))
    except MetroError as exc:
        raise click.UsageError(str(exc)) from exc


def check_bots(info: GameInfo, names: list[str], *, human: bool = False) -> None:
    """Refuse an unknown bot name (and ``human`` where no human plays) with a usage error."""
    for name in names:
        if name == "human":
            if human:
                continue
            raise click.BadParameter(
                "'human' plays only in 'play'; here every seat is a bot", param_hint="--bots"
            )
        try:
            botspec.check(info, [name])
        except botspec.BotError as exc:
            raise click.BadParameter(str(exc.args[0]), param_hint="--bots") from exc


def split_bots(bots: str) -> list[str]:
    """``heuristic, random`` -> ``['heuristic', 'random']``; an empty list is a usage error."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        raise click.BadParameter("name at least one bot", param_hint="--bots")
    return names


def default_bot(info: GameInfo) -> str:
    """The bot that takes a seat nobody named: the game's ``default_bot`` (its strongest
    within 50 ms a move)."""
    return info.default()


def bots_by_seat(
    info: GameInfo, bots: str | None, players: int, *, human: bool = False
) -> list[str]:
    """The bot of each seat: the names given, repeated round the table (checked)."""
    names = split_bots(bots) if bots is not None else [default_bot(info)]
    check_bots(info, names, human=human)
    return [names[i % len(names)] for i in range(players)]


def check_seat(game: Game, number: int | None, param: str = "--seat") -> int | None:
    """The seat of the player numbered ``number`` as people count them (1 to N; None for
    None): ``--seat 2`` is Player 2, seat 1. A usage error for a number that is no player."""
    if number is None:
        return None
    if not 1 <= number <= game.num_players:
        raise click.BadParameter(
            f"{number} is not a player of this game: the players are 1 to {game.num_players}",
            param_hint=param,
        )
    return number - 1


def read_save(info: GameInfo, path: Path) -> tuple[str, Game]:
    """The text of the save in ``path`` and the game it restores, which must be ``info``'s."""
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"cannot read {path}: {exc}") from exc
    try:
        game = load(text)
    except MetroError as exc:
        raise click.ClickException(f"{path} is not a save this engine can load: {exc}") from exc
    if game.name != info.name:
        raise click.ClickException(
            f"{path} is a save of {game.name}, not {info.name}: use 'metro {game.name}' to open it"
        )
    return text, game


def check_writable(path: Path, param: str = "--out") -> None:
    """Refuse, before any work, a file that cannot be written (it is left empty if new)."""
    try:
        with path.open("a"):
            pass
    except OSError as exc:
        raise click.BadParameter(
            f"cannot write {path}: {exc.strerror or exc}", param_hint=param
        ) from exc


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path``; a path that cannot be written is a one-line error."""
    try:
        path.write_text(text)
    except OSError as exc:
        raise click.ClickException(f"cannot write {path}: {exc.strerror or exc}") from exc


players_opt = click.option("--players", "-p", type=int, default=None, help="Number of players.")
seed_opt = click.option("--seed", "-s", type=int, default=None, help="Seed (random if omitted).")
repeat_opt = click.option(
    "--repeat",
    "-r",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="Timed runs of the batch; the fastest is reported and every run's rate shown (a "
    "shared machine's speed can change from second to second: more runs, a steadier fastest).",
)
bots_opt = click.option(
    "--bots", "-b", default=None, help="Comma-separated bots by seat, e.g. heuristic,random."
)
plain_option_opt = click.option(
    "--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help=OPTION_VALUES
)


def games_opt(default: int, what: str = "Games to play.") -> Decorator:
    """``--games/-n N``, at least 1."""
    return click.option(
        "--games",
        "-n",
        type=click.IntRange(min=1),
        default=default,
        show_default=True,
        help=what,
    )


def jobs_opt(what: str) -> Decorator:
    """``--jobs/-j N``, at least 1."""
    return click.option(
        "--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True, help=what
    )


def options_with_flags(info: GameInfo) -> Decorator:
    """``-o KEY=VALUE`` plus the game's own flags (``--chart FILE``) for its rule options."""

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def run(*args: Any, **kwargs: Any) -> Any:
            extra = []
            for name in info.flags:
                value = kwargs.pop(f"flag_{name}", None)
                if value is not None:
                    prefix = "@" if name in info.file_flags else ""
                    extra.append(f"{name}={prefix}{value}")
            kwargs["options"] = (*kwargs.get("options", ()), *extra)
            return f(*args, **kwargs)

        wrapped: Callable[..., Any] = plain_option_opt(run)
        for name, help_text in info.flags.items():
            wrapped = click.option(
                f"--{name.replace('_', '-')}",
                f"flag_{name}",
                default=None,
                metavar=name.upper(),
                help=help_text,
            )(wrapped)
        return wrapped

    return decorate


def options_help(info: GameInfo) -> str:
    """The game's rule options in one paragraph, defaults and choices as JSON values."""
    parts = []
    for key, opt in info.cls.options_spec.items():
        choices = f", one of {_json_list(opt.choices)}" if opt.choices else ""
        parts.append(f"{key} (default {_json(opt.default)}{choices}): {opt.help}")
    return "; ".join(parts) or "none"


def _json(value: Any) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _json_list(values: tuple[Any, ...]) -> str:
    return "[" + ", ".join(_json(v) for v in values) + "]"
