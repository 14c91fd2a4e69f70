"""Extra commands of ``metro metropoli``: play with a replacement Metropoli deck."""

from __future__ import annotations

import json

import click

from metropoli import data as D


@click.group(name="metropoli-extra")
def cli() -> None:
    """Metropoli extras (the board and the deck are reconstructions, rulings MI-2..MI-8)."""


@cli.command("simulate-cards")
@click.option(
    "--cards",
    "cards_file",
    required=True,
    type=click.Path(exists=True, dir_okay=False),
    help="a JSON card file replacing the reconstructed Metropoli deck (ruling MI-8)",
)
@click.option("--players", default=4, show_default=True, type=click.IntRange(3, 6))
@click.option("--games", default=10, show_default=True, type=int)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--bots", default="heuristic,random", show_default=True)
def simulate_cards(cards_file: str, players: int, games: int, seed: int, bots: str) -> None:
    """Play bot games with the deck from --cards FILE (validated: a bad file is an error)."""
    from common import play
    from metropoli import INFO, new_game

    try:
        cards = D.load_cards_file(cards_file)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--cards") from exc
    names = bots.split(",")
    wins = [0] * players
    for i in range(games):
        g = new_game(players=players, seed=seed + i, cards=cards)
        seats = [INFO.bots[names[k % len(names)]](seed + i * 7 + k) for k in range(players)]
        for w in play(g, seats).winners:
            wins[w] += 1
    click.echo(json.dumps({"games": games, "wins_by_seat": wins}))


@cli.command("check-cards")
@click.argument("cards_file", type=click.Path(exists=True, dir_okay=False))
def check_cards(cards_file: str) -> None:
    """Validate a Metropoli card file for --cards."""
    try:
        cards = D.load_cards_file(cards_file)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"{len(cards)} cards OK")
