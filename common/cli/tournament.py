"""``metro <game> tournament``: every ordered pair of bots, one against the other."""

from __future__ import annotations

import json

import click

from common.cli import options as O
from common.registry import GameInfo


def make(info: GameInfo) -> click.Command:
    """The ``tournament`` command of ``info``'s game."""

    @click.command("tournament")
    @click.option(
        "--bots",
        "-b",
        default="random,heuristic",
        show_default=True,
        help="Two or more comma-separated bots; every ordered pair meets.",
    )
    @O.games_opt(20, "Games per pairing.")
    @O.players_opt
    @O.seed_opt
    @O.jobs_opt("Processes to play in (the table is the same for any number).")
    @click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
    @O.options_with_flags(info)
    def tournament_cmd(
        bots: str,
        games: int,
        players: int | None,
        seed: int | None,
        jobs: int,
        as_json: bool,
        options: tuple[str, ...],
    ) -> None:
        """Round robin: one bot against another in the other seats, seats rotating.

        Bots: the game's named bots, ``random``, ``mcts`` or ``mcts:N`` (N playouts a decision)
        / ``mcts:Ts`` (T seconds a decision).
        """
        from common.tournament import tournament

        names = O.split_bots(bots)
        O.check_bots(info, names)
        if len(set(names)) < 2:
            raise click.BadParameter(
                f"a tournament needs two different bots, got {bots!r}", param_hint="--bots"
            )
        seed = O.pick_seed(seed)
        probe = O.new_game(info, players, seed, options)
        table = tournament(
            info.name,
            names,
            games=games,
            seed=seed,
            players=probe.num_players,
            options=dict(probe.options),
            jobs=jobs,
        )
        if as_json:
            click.echo(json.dumps(table, indent=2))
            return
        click.echo(
            f"{info.name}: {probe.num_players} players, {games} games per pairing, "
            f"seed {seed}; one bot against the other in every other seat"
        )
        click.echo(
            f"{'bot':<14}{'against':<14}{'win rate':>10}{'95% CI':>16}{'fair':>8}{'ahead':>8}"
        )
        for r in table["pairings"]:
            ci = f"{r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}"
            click.echo(
                f"{r['bot']:<14}{r['against']:<14}{r['win_rate']:>10.1%}{ci:>16}"
                f"{r['fair_share']:>8.1%}{r['ahead_rate']:>8.1%}"
            )

    return tournament_cmd
