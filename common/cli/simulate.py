"""``metro <game> simulate``: many bot games, summarized (serial, in processes, or on Dask)."""

from __future__ import annotations

import functools
import json
import sys
import time

import click

from common.cli import options as O
from common.registry import GameInfo
from common.simulate import SchedulerError, connect, simulate, summarize


def make(info: GameInfo) -> click.Command:
    """The ``simulate`` command of ``info``'s game."""

    @click.command("simulate")
    @O.games_opt(100)
    @O.players_opt
    @O.seed_opt
    @click.option(
        "--bots",
        "-b",
        default="random",
        show_default=True,
        help="Comma-separated bots, rotating round the seats from game to game.",
    )
    @O.jobs_opt("Processes to use; results equal a serial run.")
    @click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
    @click.option(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="A Dask scheduler (tcp://HOST:PORT) to send batches of seeds to; needs the "
        "[dask] extra.",
    )
    @O.options_with_flags(info)
    def simulate_cmd(
        games: int,
        players: int | None,
        seed: int | None,
        bots: str,
        jobs: int,
        as_json: bool,
        scheduler: str | None,
        options: tuple[str, ...],
    ) -> None:
        """Play many bot games (game i uses seed+i, bots rotate seats) and summarize them."""
        given = O.split_bots(bots)
        O.check_bots(info, given)
        seed = O.pick_seed(seed)
        n_players = players or info.cls.min_players
        probe = O.new_game(info, n_players, seed, options)
        if scheduler is not None:  # a scheduler that cannot be used: said before any game
            try:
                connect(scheduler).close()
            except SchedulerError as exc:
                raise click.ClickException(str(exc)) from exc
        run = functools.partial(
            simulate,
            info.name,
            games=games,
            players=n_players,
            seed=seed,
            bot_names=given,
            options=dict(probe.options),
            jobs=jobs,
            scheduler=scheduler,
        )
        start = time.perf_counter()
        try:
            if as_json:
                records = run()
            else:
                with click.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
                    records = run(progress=bar.update)
        except SchedulerError as exc:
            raise click.ClickException(str(exc)) from exc
        elapsed = time.perf_counter() - start
        summary = summarize(records, n_players)
        summary.update(
            {
                "game": info.name,
                "players": n_players,
                "seed": seed,
                "bots": given,
                "jobs": jobs,
                "seconds": round(elapsed, 3),
                "games_per_second": round(games / elapsed, 2) if elapsed else None,
            }
        )
        if as_json:
            click.echo(json.dumps(summary, indent=2))
            return
        click.echo(
            f"{info.name}: {games} games, {n_players} players, seed {seed}, "
            f"bots {','.join(given)} (rotating seats), {elapsed:.2f} s"
        )
        click.echo(f"{'bot':<14}{'games':>8}{'wins':>10}{'win rate':>10}")
        for bot in summary["wins_by_bot"]:
            click.echo(
                f"{bot:<14}{summary['games_by_bot'][bot]:>8}"
                f"{summary['wins_by_bot'][bot]:>10}{summary['win_rate_by_bot'][bot]:>10.1%}"
            )
        click.echo(f"{'seat':<14}{'':>8}{'wins':>10}{'win rate':>10}")
        for seat, (w, r) in enumerate(
            zip(summary["wins_by_seat"], summary["win_rate_by_seat"], strict=True)
        ):
            click.echo(f"{seat:<14}{'':>8}{w:>10}{r:>10.1%}")
        click.echo(
            f"mean length {summary['mean_decisions']} decisions (max {summary['max_decisions']})"
        )

    return simulate_cmd
