"""``metro <game> playthrough``: a golden playthrough of one seeded game (tests/playthroughs)."""

from __future__ import annotations

from pathlib import Path

import click

from common.cli import options as O
from common.registry import GameInfo


def make(info: GameInfo) -> click.Command:
    """The ``playthrough`` command of ``info``'s game."""

    @click.command("playthrough")
    @O.players_opt
    @O.seed_opt
    @click.option("--bot-seed", type=int, default=0, show_default=True)
    @click.option(
        "--max-steps",
        type=click.IntRange(min=0),
        default=None,
        help="Stop after this many steps.",
    )
    @click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None)
    @O.options_with_flags(info)
    def playthrough_cmd(
        players: int | None,
        seed: int | None,
        bot_seed: int,
        max_steps: int | None,
        out: Path | None,
        options: tuple[str, ...],
    ) -> None:
        """Write a golden playthrough: every step's prompt, legal actions, events and views."""
        from common.playthrough import playthrough

        game = O.new_game(info, players, O.pick_seed(seed), options)
        if out is None:
            click.echo(playthrough(game, bot_seed=bot_seed, max_steps=max_steps), nl=False)
            return
        try:  # a file that cannot be written is said before the game is played
            handle = out.open("w")
        except OSError as exc:
            raise click.ClickException(f"cannot write {out}: {exc.strerror or exc}") from exc
        with handle:
            handle.write(playthrough(game, bot_seed=bot_seed, max_steps=max_steps))

    return playthrough_cmd
