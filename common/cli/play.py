"""``metro <game> play``: play at the terminal, against the game's bots by default."""

from __future__ import annotations

from pathlib import Path

import click

from common.botspec import factory_of
from common.cli import options as O
from common.registry import GameInfo


def make(info: GameInfo) -> click.Command:
    """The ``play`` command of ``info``'s game."""

    @click.command("play")
    @O.players_opt
    @O.seed_opt
    @click.option(
        "--seat",
        type=int,
        default=None,
        help="Your player's number, 1 to N (1 if omitted); the game's own bot takes every "
        "other seat.",
    )
    @click.option(
        "--bots",
        "-b",
        default=None,
        help="Every seat in order instead: 'human' or a bot name, e.g. human,heuristic "
        "(the list repeats round the table).",
    )
    @click.option(
        "--load",
        "load_file",
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        default=None,
        help="Resume a game saved with 'save FILE' (its players, seed and options).",
    )
    @O.options_with_flags(info)
    @click.pass_context
    def play_cmd(
        ctx: click.Context,
        players: int | None,
        seed: int | None,
        seat: int | None,
        bots: str | None,
        load_file: Path | None,
        options: tuple[str, ...],
    ) -> None:
        """Play in the terminal: you decide for one seat, bots for the others.

        Each decision shows the board, what happened since in words and the moves grouped by
        their first word. Type a move (Tab completes each word), its first word to choose
        the rest step by step, or its number from '?'; 'help' explains, 'undo' takes your
        last move back, 'save FILE' keeps the game for --load FILE, 'quit' leaves.
        """
        if bots is not None and seat is not None:
            raise click.UsageError("give --seat or --bots, not both: --bots names every seat")
        if load_file is not None:
            if players is not None or seed is not None or options:
                raise click.UsageError(
                    "--load resumes the saved game: its players, seed and rule options are "
                    "the save's"
                )
            _, game = O.read_save(info, load_file)
        else:
            game = O.new_game(info, players, O.pick_seed(seed), options)
        if bots is None:
            human = O.check_seat(game, 1 if seat is None else seat)
            kinds = [
                "human" if s == human else O.default_bot(info) for s in range(game.num_players)
            ]
        else:
            kinds = O.bots_by_seat(info, bots, game.num_players, human=True)
        players_bots = {
            s: factory_of(info, k)(game.seed * 31 + s) for s, k in enumerate(kinds) if k != "human"
        }
        from common.terminal import play_at_terminal

        ctx.exit(play_at_terminal(info, game, kinds, players_bots))

    return play_cmd
