"""``metro list``: the registered games."""

from __future__ import annotations

import click

from common.registry import games


def make_top() -> click.Command:
    """The ``metro list`` command."""

    @click.command("list")
    def list_cmd() -> None:
        """List the registered games, each with its bots strongest first and their time a move.

        The order and the median CPU milliseconds a move are those of the tournament in the
        game's doc (benchmarks/default_bots.py).
        """
        for name, info in games().items():
            cls = info.cls
            lo, hi = cls.min_players, cls.max_players
            count = f"{lo}" if lo == hi else f"{lo}-{hi}"
            click.echo(f"{name:<16}{cls.title:<26}{count:>3} players")
            click.echo(f"{'':<16}bots, strongest first: {info.strength_text()}")

    return list_cmd
