"""The ``metro`` command: ``metro list | demo | bench | serve | web`` and, for every game,
``metro <game> play | demo | simulate | replay | render | data | ...``.

One module per command, each with a factory (``make(info)`` for a game's command, ``make_top()``
for a top-level one), imported only when its command is used (click's ``LazyGroup``). The
games are found through their entry points, and a game's own extra commands come after the
shared ones.
"""

from __future__ import annotations

import difflib
import errno
import importlib
from collections.abc import Callable
from typing import Any

import click

from common.errors import MetroError
from common.registry import GameInfo, games, get

#: the commands every game has, by name, and the module of ``common.cli`` that makes each
GAME_COMMANDS: dict[str, str] = {
    "play": "play",
    "demo": "demo",
    "simulate": "simulate",
    "tournament": "tournament",
    "replay": "replay",
    "render": "render",
    "data": "data",
    "playthrough": "playthrough",
    "soak": "soak",
    "schema": "schema",
    "bench": "bench",
}

#: the top-level commands, by name, and their modules
TOP_COMMANDS: dict[str, str] = {
    "list": "listing",
    "demo": "demo",
    "bench": "bench",
    "serve": "serve",
    "web": "web",
}


def _module(name: str) -> Any:
    return importlib.import_module(f"{__name__}.{name}")


class _Guarded(click.Group):
    """A group whose commands' bad-input errors end in one line, never a traceback.

    A command checks what it can itself with a precise message; this is the net under it: a
    ``MetroError`` (the engines' bad input) or an ``OSError`` (a file) that a command did not
    catch becomes a one-line error with exit code 1.
    """

    def known(self, ctx: click.Context) -> dict[str, str]:
        """Each command by the names a person may call it (``suggest``)."""
        return {c.lower(): c for c in self.list_commands(ctx)}

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command named first in ``args``; an unknown name's error says what was meant."""
        name = args[0] if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            close = suggest(name, self.known(ctx))
            if close:
                ctx.fail(
                    f"No such command {name!r}. Did you mean {' or '.join(close)}? "
                    f"({ctx.command_path} --help lists the commands.)"
                )
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command, turning an uncaught MetroError or OSError into one line."""
        try:
            return super().invoke(ctx)
        except MetroError as exc:
            raise click.ClickException(_one_line(str(exc))) from exc
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # click's own main handles a closed pipe
                raise
            raise click.ClickException(_one_line(str(exc))) from exc


def suggest(name: str, known: dict[str, str]) -> list[str]:
    """The commands a mistyped ``name`` may have meant, likeliest first: one whose other
    name (a game's title) is ``name``, then those it begins, then those spelled close to it.
    ``known`` maps each command's names (its own, lower case, and any title) to the command."""
    low = name.lower()
    found: dict[str, None] = {}
    if low in known:
        found[known[low]] = None
    for other, command in known.items():
        if other.startswith(low) or low.startswith(other):
            found.setdefault(command, None)
    for other in difflib.get_close_matches(low, list(known), n=3, cutoff=0.7):
        found.setdefault(known[other], None)
    return [c for c in found if c != name]


def _one_line(text: str) -> str:
    return " ".join(text.split())


class GameGroup(_Guarded):
    """``metro <game>``: the shared commands, made for this game when first used, then its own."""

    def __init__(self, info: GameInfo) -> None:
        from common.cli.options import options_help

        title, about = info.cls.title, info.description
        said = about if about.startswith(f"{title}:") else f"{title}: {about}"
        super().__init__(
            name=info.name,
            help=f"{said}\n\nRule options (-o KEY=VALUE, values as JSON): {options_help(info)}",
        )
        self.info = info

    def _extras(self) -> dict[str, click.Command]:
        extra = self.info.cli
        return dict(extra.commands) if extra is not None else {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The shared commands in their order, then the game's own."""
        return [*GAME_COMMANDS, *(n for n in self._extras() if n not in GAME_COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, its module imported now if it was not yet."""
        found = self.commands.get(cmd_name)
        if found is not None:
            return found
        module = GAME_COMMANDS.get(cmd_name)
        if module is None:
            found = self._extras().get(cmd_name)
        else:
            factory: Callable[[GameInfo], click.Command] = _module(module).make
            found = factory(self.info)
        if found is not None:
            self.add_command(found, cmd_name)
        return found


class MetroCLI(_Guarded):
    """The top-level group: its own commands, then each registered game as a group."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The top-level commands, then the games."""
        return [*TOP_COMMANDS, *games()]

    def known(self, ctx: click.Context) -> dict[str, str]:
        """The commands by their names and the games also by their titles (``Metropolis``
        is ``metropolis_lots``; a title of several words also without its spaces)."""
        out = super().known(ctx)
        for name in games():
            title = get(name).cls.title.lower()
            out.setdefault(title, name)
            out.setdefault(title.replace(" ", ""), name)
        return out

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A top-level command or a game's group."""
        found = self.commands.get(cmd_name)
        if found is not None:
            return found
        module = TOP_COMMANDS.get(cmd_name)
        if module is not None:
            factory: Callable[[], click.Command] = _module(module).make_top
            made = factory()
            self.add_command(made, cmd_name)
            return made
        try:  # made afresh each time: a game may be registered again with other flags
            return GameGroup(get(cmd_name))
        except KeyError:
            return None


@click.group(cls=MetroCLI)
@click.version_option(package_name="metro-engines", prog_name="metro")
def main() -> None:
    """Rules engines for Metropoli, Metropolis, Metropolia and Metro City."""
