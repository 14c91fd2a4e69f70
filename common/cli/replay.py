"""``metro <game> replay FILE``: a saved game told in words, checked by replaying it."""

from __future__ import annotations

import json
from pathlib import Path

import click

from common.cli import options as O
from common.errors import MetroError
from common.game import Game
from common.record import record, step_starts, tell
from common.registry import GameInfo


def make(info: GameInfo) -> click.Command:
    """The ``replay`` command of ``info``'s game."""

    @click.command("replay")
    @click.argument("save_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option(
        "--seat", type=int, default=None, help="Tell the game as this player (1 to N) sees it."
    )
    @click.option(
        "--step",
        is_flag=True,
        help="Walk the game: Enter takes the next step and says it, b goes back, N seeks.",
    )
    @click.option(
        "--json", "as_json", is_flag=True, help="Print the events as JSON and the final board."
    )
    def replay_cmd(save_file: Path, seat: int | None, step: bool, as_json: bool) -> None:
        """Load a save, check it by replaying it, and tell it move by move in words.

        Steps are numbered as 'render --save FILE --at N' counts them: each decision and each
        chance outcome is one.
        """
        text, game = O.read_save(info, save_file)
        seat = O.check_seat(game, seat)
        if step:
            _walk(info, text, game, seat)
        elif as_json:
            for i, e in enumerate(game.events_for(seat)):
                click.echo(f"{i:5}  {json.dumps(e)}")
            click.echo(O.render_text(info, game, seat))
        else:
            click.echo(record(game, seat), nl=False)
        if not step:
            click.echo(checked(game, save_file))

    return replay_cmd


def checked(game: Game, path: Path) -> str:
    """The line saying what loading the save checked (``load``: its checksum, and the engine
    producing every one of its events again)."""
    events = len(game.events)
    end = "to its end" if game.is_over else "as far as it goes (not over)"
    return (
        f"checked: {path.name}'s checksum matches and the engine replays all {events} of its "
        f"events, {game.decisions} decisions, {end}"
    )


def _walk(info: GameInfo, text: str, full: Game, seat: int | None) -> None:
    """Step through the save: the board, what the step did in words, and the next move."""
    from common.replay_cursor import Replay

    cursor = Replay(text)
    starts = step_starts(full.events)
    while True:
        k = cursor.position
        click.echo(O.render_text(info, cursor.game, seat))
        said = [line for s in tell(full, seat, start=k, stop=k + 1) for line in s.lines]
        click.echo(f"step {k}/{cursor.length}: " + (" ".join(said) or "-"))
        if k < cursor.length:
            upcoming = full.describe(full.events[starts[k]], seat)
            click.echo(f"next: {upcoming}")
        answer = click.prompt(
            "Enter: next step, b: back, N: go to step N, q: quit", default="", show_default=False
        ).strip()
        try:
            if answer == "q":
                return
            if answer == "b":
                cursor.back()
            elif answer.isdigit():
                cursor.seek(int(answer))
            elif answer:
                click.echo(f"not understood: {answer!r}")
            elif k < cursor.length:
                cursor.forward()
            else:
                return
        except MetroError as exc:
            click.echo(str(exc))
