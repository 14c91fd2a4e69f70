"""``metro <game> demo`` and ``metro demo``: bot games, shown at their end."""

from __future__ import annotations

import click

from common.bots import play
from common.botspec import factory_of
from common.cli import options as O
from common.registry import GameInfo, games


def run_demo(
    info: GameInfo, players: int | None, seed: int, bots: str | None, options: tuple[str, ...]
) -> None:
    """Play one game between bots and print its final board and result."""
    game = O.new_game(info, players, seed, options)
    names = O.bots_by_seat(info, bots, game.num_players)
    click.echo(
        f"== {game.title or info.name}: {game.num_players} players, seed {seed}, "
        f"bots {', '.join(names)}"
    )
    result = play(game, [factory_of(info, n)(seed * 31 + i) for i, n in enumerate(names)])
    click.echo(O.render_text(info, game, None))
    winners = ", ".join(game.players[w] for w in result.winners)
    click.echo(
        f"result: scores {list(result.scores)}; winner(s): {winners}; "
        f"{game.decisions} decisions, {len(game.events)} events"
    )


def make(info: GameInfo) -> click.Command:
    """The ``demo`` command of ``info``'s game."""

    @click.command("demo")
    @O.players_opt
    @O.seed_opt
    @O.bots_opt
    @O.options_with_flags(info)
    def demo_cmd(
        players: int | None, seed: int | None, bots: str | None, options: tuple[str, ...]
    ) -> None:
        """Play one game between bots and show the final position."""
        run_demo(info, players, O.pick_seed(seed), bots, options)

    return demo_cmd


def make_top() -> click.Command:
    """``metro demo``: a bot game of every registered game."""

    @click.command("demo")
    @O.seed_opt
    def demo_all(seed: int | None) -> None:
        """Play a short bot demo of every registered game."""
        seed = O.pick_seed(seed)
        found = games()
        if not found:
            click.echo("no games are installed")
        for info in found.values():
            run_demo(info, None, seed, None, ())
            click.echo()

    return demo_all
