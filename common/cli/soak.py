"""``metro <game> soak``: random games through every check of the conformance kit."""

from __future__ import annotations

import sys

import click

from common.cli import options as O
from common.registry import GameInfo


def make(info: GameInfo) -> click.Command:
    """The ``soak`` command of ``info``'s game."""

    @click.command("soak")
    @O.games_opt(20)
    @O.players_opt
    @O.seed_opt
    @O.options_with_flags(info)
    def soak_cmd(
        games: int, players: int | None, seed: int | None, options: tuple[str, ...]
    ) -> None:
        """Play random games through every check of check_game; report a failing seed."""
        from common.testing import ConformanceError, check_game

        seed = O.pick_seed(seed)
        parsed = O.parse_options(options)
        O.new_game(info, players, seed, options)  # validates the options once, clearly
        with click.progressbar(range(games), label="soaking", file=sys.stderr) as bar:
            for i in bar:
                try:
                    check_game(
                        lambda s: info.new_game(players=players, seed=s, options=parsed),
                        games=1,
                        seed=seed + i,
                    )
                except ConformanceError as exc:
                    raise click.ClickException(
                        f"{exc}\nreproduce: metro {info.name} soak --games 1 --seed {seed + i}"
                    ) from exc
        click.echo(f"{games} games from seed {seed}: every check passed")

    return soak_cmd
