"""``metro <game> simulate``: many bot games, summarized (serial, in processes, or on Dask),
with a record of every game and its save if asked for."""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path
from typing import Any

import click

from common.botspec import BotError, GameFailed
from common.cli import options as O
from common.cli.tournament import progress_bar
from common.registry import GameInfo
from common.simulation import (
    SchedulerError,
    connect,
    dask_jobs,
    record_format,
    simulate,
    summarize,
    write_records,
)


def make(info: GameInfo) -> click.Command:
    """The ``simulate`` command of ``info``'s game."""

    @click.command("simulate")
    @O.games_opt(100)
    @O.players_opt
    @O.seed_opt
    @click.option(
        "--bots",
        "-b",
        default=None,
        help="Comma-separated bots, rotating round the seats from game to game (default: "
        "random); module:Class names a bot class of your own.",
    )
    @click.option(
        "--bot",
        "extra_bots",
        multiple=True,
        metavar="MODULE:CLASS",
        help="A bot of your own, after those of --bots: a class (or function) called with "
        "the seed, from an importable module or FILE.py (repeat for more).",
    )
    @O.jobs_opt("Processes to use; results equal a serial run.")
    @click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
    @click.option(
        "--out",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Write every game's record to this file: JSON lines (.jsonl) or CSV (.csv).",
    )
    @click.option(
        "--long",
        "long_rows",
        is_flag=True,
        help="With --out: one row a seat of every game (game, seed, seat, bot, score, won, "
        "win_share, ...), the tidy form pandas reads.",
    )
    @click.option(
        "--save-games",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        metavar="DIR",
        help="Keep each game's save in DIR as game-SEED.json (metro <game> replay reads it).",
    )
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
        bots: str | None,
        extra_bots: tuple[str, ...],
        jobs: int,
        as_json: bool,
        out: Path | None,
        long_rows: bool,
        save_games: Path | None,
        scheduler: str | None,
        options: tuple[str, ...],
    ) -> None:
        """Play many bot games (game i uses seed+i, bots rotate seats) and summarize them.

        The summary gives, per bot and per seat, the games won (a shared win is a win for
        each winner), the win rate with its Wilson 95% interval, the share of the wins and
        the mean and spread of the scores, then the games' lengths. --out keeps every
        game's record, --save-games every game's save.
        """
        given = O.split_bots(bots) if bots is not None else ([] if extra_bots else ["random"])
        given += [b.strip() for b in extra_bots]
        if long_rows and out is None:
            raise click.BadParameter("--long shapes the file --out writes: give --out too")
        O.check_bots(info, given)
        if out is not None:
            try:
                record_format(out)
            except ValueError as exc:
                raise click.BadParameter(str(exc), param_hint="--out") from exc
            O.check_writable(out)
        if save_games is not None:
            try:
                save_games.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise click.BadParameter(
                    f"cannot make {save_games}: {exc.strerror or exc}", param_hint="--save-games"
                ) from exc
        seed = O.pick_seed(seed)
        n_players = players or info.cls.min_players
        probe = O.new_game(info, n_players, seed, options)
        used_jobs = jobs
        if scheduler is not None:  # a scheduler that cannot be used: said before any game
            try:
                client = connect(scheduler)
            except SchedulerError as exc:
                raise click.ClickException(str(exc)) from exc
            used_jobs = dask_jobs(client)
            client.close()
        run = functools.partial(
            simulate,
            info.name,
            given,
            games=games,
            players=n_players,
            seed=seed,
            options=dict(probe.options),
            jobs=jobs,
            scheduler=scheduler,
            save_games=save_games,
        )
        start = time.perf_counter()
        try:
            with progress_bar(not as_json, games, "simulating") as update:
                records = run(progress=update)
        except (SchedulerError, BotError, GameFailed) as exc:
            raise click.ClickException(str(exc)) from exc
        except OSError as exc:
            raise click.ClickException(f"cannot write the saves: {exc}") from exc
        elapsed = time.perf_counter() - start
        if out is not None:
            try:
                write_records(records, out, long=long_rows)
            except OSError as exc:
                raise click.ClickException(f"cannot write {out}: {exc.strerror or exc}") from exc
        summary: dict[str, Any] = {
            "game": info.name,
            "players": n_players,
            "seed": seed,
            "bot_list": given,
            "jobs": used_jobs,
            "scheduler": scheduler,
            "seconds": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 2) if elapsed else None,
            **summarize(records),
        }
        if as_json:
            click.echo(json.dumps(summary, indent=2))
            return
        echo_summary(summary)

    return simulate_cmd


def echo_summary(summary: dict[str, Any]) -> None:
    """Print a ``simulate`` summary as tables."""
    where = (
        f"on {summary['scheduler']} ({summary['jobs']} threads)"
        if summary["scheduler"]
        else f"{summary['jobs']} process{'es' if summary['jobs'] > 1 else ''}"
    )
    click.echo(
        f"{summary['game']}: {summary['games']} games, {summary['players']} players, seed "
        f"{summary['seed']}, bots {', '.join(summary['bot_list'])} (rotating seats), "
        f"{summary['seconds']:.2f} s, {where}"
    )
    head = f"{'wins':>6}{'win rate':>10}{'95% CI':>15}{'share':>9}{'score':>12}{'sd':>10}"
    # the first column as wide as the longest bot name (mcts:400, module:Class, ...)
    width = max([20, *(len(str(name)) + 2 for name in summary["by_bot"])])
    click.echo(f"{'bot':<{width}}{'games':>6}{head}")
    for name, b in summary["by_bot"].items():
        click.echo(f"{name:<{width}}{b['games']:>6}{_rates(b)}")
    click.echo(f"{'player':<{width}}{'games':>6}{head}")
    for s in summary["by_seat"]:  # a seat as people count it (the JSON keeps it 0-based)
        click.echo(f"{'Player ' + str(s['seat'] + 1):<{width}}{s['games']:>6}{_rates(s)}")
    d = summary["decisions"]
    click.echo(
        f"length: {d['mean']:g} decisions a game (sd {d['sd']:g}, {d['min']}-{d['max']})"
        + (
            f"; {summary['turns']['mean']:g} turns (sd {summary['turns']['sd']:g}, "
            f"{summary['turns']['min']}-{summary['turns']['max']})"
            if summary["turns"]
            else ""
        )
    )
    if summary["shared_wins"] or summary["no_winner"]:
        click.echo(
            f"{summary['shared_wins']} game(s) shared by several winners, "
            f"{summary['no_winner']} without a winner"
        )


def _rates(row: dict[str, Any]) -> str:
    ci = f"{row['ci95'][0]:.1%}-{row['ci95'][1]:.1%}"
    return (
        f"{row['wins']:>6}{row['win_rate']:>10.1%}{ci:>15}{row['win_share']:>9g}"
        f"{row['scores']['mean']:>12,.6g}{row['scores']['sd']:>10,.4g}"
    )
