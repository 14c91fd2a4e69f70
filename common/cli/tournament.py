"""``metro <game> tournament``: every pair of bots, both rows of a pair from the same games."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from common.botspec import BotError, GameFailed
from common.cli import options as O
from common.registry import GameInfo


@contextlib.contextmanager
def progress_bar(show: bool, length: int, label: str) -> Iterator[Any]:
    """A click progress bar on stderr (its ``update``), or None when not shown."""
    if not show:
        yield None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update


def make(info: GameInfo) -> click.Command:
    """The ``tournament`` command of ``info``'s game."""

    @click.command("tournament")
    @click.option(
        "--bots",
        "-b",
        default=f"random,{O.default_bot(info)}"
        if O.default_bot(info) != "random"
        else "random,mcts",
        show_default=True,
        help="Two or more comma-separated bots (names, or module:Class of your own); every "
        "pair meets.",
    )
    @O.games_opt(20, "Games per pair of bots.")
    @O.players_opt
    @O.seed_opt
    @O.jobs_opt("Processes to play in (the table is the same for any number).")
    @click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
    @click.option("--markdown", is_flag=True, help="Print the table as Markdown.")
    @click.option("--timing", is_flag=True, help="Time every decision (CPU ms a move per bot) too.")
    @click.option(
        "--out",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Also write the table as JSON to this file.",
    )
    @O.options_with_flags(info)
    def tournament_cmd(
        bots: str,
        games: int,
        players: int | None,
        seed: int | None,
        jobs: int,
        as_json: bool,
        markdown: bool,
        timing: bool,
        out: Path | None,
        options: tuple[str, ...],
    ) -> None:
        """Round robin: every pair of bots plays the same games, seats alternating.

        In game i of a pair the two bots take turns round the table from seat i mod the
        players, with seed+i: the row "A against B" and "B against A" come from the same games
        and add up. Bots: the game's named bots, ``random``, ``mcts`` or ``mcts:N`` (N
        playouts a decision) / ``mcts:Ts`` (T seconds a decision), or ``module:Class``.
        """
        from common.tournament import markdown as as_markdown
        from common.tournament import tournament

        names = O.split_bots(bots)
        O.check_bots(info, names)
        if len(set(names)) < 2 or len(set(names)) != len(names):
            raise click.BadParameter(
                f"a tournament needs two different bots (or more, each once), got {bots!r}",
                param_hint="--bots",
            )
        if out is not None:
            O.check_writable(out)
        seed = O.pick_seed(seed)
        probe = O.new_game(info, players, seed, options)
        pairs = len(names) * (len(names) - 1) // 2
        try:
            with progress_bar(not as_json, pairs * games, "tournament") as update:
                table = tournament(
                    info.name,
                    names,
                    games=games,
                    seed=seed,
                    players=probe.num_players,
                    options=dict(probe.options),
                    jobs=jobs,
                    timing=timing,
                    progress=update,
                )
        except (BotError, GameFailed) as exc:
            raise click.ClickException(str(exc)) from exc
        if out is not None:
            O.write_text(out, json.dumps(table, indent=2) + "\n")
        if as_json:
            click.echo(json.dumps(table, indent=2))
            return
        if markdown:
            click.echo(as_markdown(table))
            return
        click.echo(
            f"{info.name}: {probe.num_players} players, {games} games per pair, seed {seed}; "
            "seats alternate between the two bots"
        )
        click.echo(
            f"{'bot':<14}{'against':<14}{'wins':>6}{'win rate':>10}{'95% CI':>16}"
            f"{'fair':>7}{'ahead':>8}"
        )
        for r in table["pairings"]:
            ci = f"{r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}"
            click.echo(
                f"{r['bot']:<14}{r['against']:<14}{r['wins']:>6}{r['win_rate']:>10.1%}{ci:>16}"
                f"{r['fair_share']:>7.0%}{r['ahead_rate']:>8.1%}"
            )
        click.echo("standings (mean ahead rate against the others):")
        for s in table["standings"]:
            line = f"  {s['bot']:<14}{s['mean_ahead_rate']:>8.1%}"
            if timing:
                t = table["timing"][s["bot"]]
                line += f"   CPU a move: median {t['median_ms']:.2f} ms, p90 {t['p90_ms']:.2f} ms"
            click.echo(line)

    return tournament_cmd
