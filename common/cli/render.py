"""``metro <game> render``: draw a position, as text or as an SVG picture."""

from __future__ import annotations

from pathlib import Path

import click

from common.bots import RandomBot, advance
from common.cli import options as O
from common.errors import MetroError
from common.game import Game
from common.registry import GameInfo


def make(info: GameInfo) -> click.Command:
    """The ``render`` command of ``info``'s game."""

    @click.command("render")
    @O.players_opt
    @O.seed_opt
    @click.option(
        "--steps",
        "-k",
        type=click.IntRange(min=0),
        default=0,
        show_default=True,
        help="Steps (decisions and chance) played by random bots before drawing.",
    )
    @click.option(
        "--save",
        "save_file",
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        default=None,
        help="Draw this saved game's position instead of a new game's.",
    )
    @click.option(
        "--at",
        type=click.IntRange(min=0),
        default=None,
        help="With --save: the position after N steps (decisions and chance outcomes, as "
        "'replay' numbers them); the last if omitted.",
    )
    @click.option("--seat", type=int, default=None, help="Draw what this player (1 to N) sees.")
    @click.option(
        "--svg",
        "svg_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Write an SVG picture here instead of printing text.",
    )
    @O.options_with_flags(info)
    def render_cmd(
        players: int | None,
        seed: int | None,
        steps: int,
        save_file: Path | None,
        at: int | None,
        seat: int | None,
        svg_path: Path | None,
        options: tuple[str, ...],
    ) -> None:
        """Draw a position: after K random steps of a new game, or of a save (--save FILE).

        Text on the terminal, or an SVG picture with --svg FILE.
        """
        if save_file is None:
            if at is not None:
                raise click.UsageError("--at counts the steps of a save: give --save FILE too")
            game = O.new_game(info, players, O.pick_seed(seed), options)
            bots = [RandomBot(game.seed * 31 + s) for s in range(game.num_players)]
            advance(game, bots, steps)
        else:
            if players is not None or seed is not None or options or steps:
                raise click.UsageError(
                    "--save draws the saved game: --players, --seed, --steps and rule "
                    "options do not apply to it"
                )
            game = _saved_position(info, save_file, at)
        seat = O.check_seat(game, seat)
        if svg_path is None:
            click.echo(O.render_text(info, game, seat))
            return
        if info.render_svg is None:
            raise click.ClickException(f"{info.name} has no SVG renderer yet")
        O.write_text(svg_path, info.render_svg(game, seat))
        click.echo(f"wrote {svg_path}")

    return render_cmd


def _saved_position(info: GameInfo, path: Path, at: int | None) -> Game:
    """The game of the save at ``path`` after ``at`` steps (all of them when None)."""
    from common.replay_cursor import Replay

    text, game = O.read_save(info, path)
    if at is None:
        return game
    cursor = Replay(text)
    if at > cursor.length:
        raise click.BadParameter(
            f"the save has {cursor.length} steps: N is 0 to {cursor.length}", param_hint="--at"
        )
    try:
        return cursor.seek(at)
    except MetroError as exc:  # a save that replayed whole seeks whole: kept as a net
        raise click.ClickException(str(exc)) from exc
