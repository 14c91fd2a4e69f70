"""``metro <game> data``: the game's static description (board, cards, chart, names) as JSON."""

from __future__ import annotations

import json

import click

from common.cli import options as O
from common.errors import MetroError
from common.registry import GameInfo


def make(info: GameInfo) -> click.Command:
    """The ``data`` command of ``info``'s game."""

    @click.command("data")
    @O.options_with_flags(info)
    def data_cmd(options: tuple[str, ...]) -> None:
        """Print the game's static data for these rule options as JSON (Game.static_data).

        A front end reads its board, cards, chart and names here instead of copying the
        engine's tables.
        """
        parsed = O.parse_options(options)
        try:
            found = info.cls.static_data(**info.option_values(parsed))
        except NotImplementedError as exc:
            raise click.ClickException(f"{info.name} has no static description yet") from exc
        except MetroError as exc:
            raise click.UsageError(str(exc)) from exc
        click.echo(json.dumps(found, indent=2))

    return data_cmd
