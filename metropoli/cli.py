"""Extra commands of ``metro metropoli``: validate a replacement Metropoli deck.

Every generic command (demo, play, simulate, soak, bench, ...) takes ``--cards FILE`` through
``INFO.flags``; ``check-cards`` only validates such a file.
"""

from __future__ import annotations

import click

from metropoli import data as D


@click.group(name="metropoli-extra")
def cli() -> None:
    """Metropoli extras (the board and the deck are reconstructions, rulings MI-2..MI-8)."""


@cli.command("check-cards")
@click.argument("cards_file", type=click.Path(exists=True, dir_okay=False))
def check_cards(cards_file: str) -> None:
    """Validate a Metropoli card file for --cards (a reconstruction's replacement, MI-8)."""
    try:
        cards = D.load_cards_file(cards_file)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"{len(cards)} cards OK")
