"""Extra commands under ``metro metropolis_lots``: show and check the (reconstructed) data."""

from __future__ import annotations

import click

from common import InvalidOption
from metropolis_lots.data import check_chart_option, default_board, read_chart_file, rules_of

_RECON = (
    "The board geometry, building shapes and scoring chart are a RECONSTRUCTION (rulings "
    "MS-1, MS-3, MS-4): the printed ones are not public. Replace the chart per game with "
    "--chart FILE on demo, play, simulate, bench (or -o chart=@FILE)."
)


@click.group(help=_RECON)
def cli() -> None:
    """Metropolis extra commands."""


@cli.command("chart", help="Check a scoring chart and print it. " + _RECON)
@click.option(
    "--chart",
    "chart_file",
    default=None,
    metavar="FILE",
    help="A chart JSON file to check instead of the shipped reconstruction.",
)
def chart_cmd(chart_file: str | None) -> None:
    """Print the scoring chart (the shipped reconstruction, or FILE after checking it)."""
    data = None
    try:
        if chart_file is not None:
            data = read_chart_file(chart_file)
        check_chart_option(data)
    except InvalidOption as exc:
        raise click.UsageError(str(exc)) from exc
    chart = rules_of(data).chart
    source = chart.source if chart_file is None else repr(chart_file)
    click.echo(f"scoring chart {source} (the shipped chart is a reconstruction, MS-4)")
    for kind, row in chart.rows.items():
        loc = ", ".join(f"{k} {v:+d}" for k, v in row.location.items()) or "-"
        per = ", ".join(f"{k} {v:+d}" for k, v in row.per_building.items()) or "-"
        no = ", ".join(sorted(row.forbidden)) or "-"
        click.echo(f"{kind:17} base {row.base:2}  location: {loc}  per building: {per}  no: {no}")


@cli.command(
    "board", help="Print the lots with a park view, on the river, in the centre. " + _RECON
)
def board_cmd() -> None:
    """Print the board's location lists, computed from its geometry (MS-1)."""
    b = default_board()
    for name, lots in (("park view", b.park_view), ("river", b.river), ("centre", b.centre)):
        click.echo(f"{name}: " + " ".join(str(x) for x in sorted(lots)))
