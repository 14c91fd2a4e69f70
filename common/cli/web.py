"""``metro web``: host games over the web (docs/web.md; extra ``[web]``)."""

from __future__ import annotations

import socket

import click


def make_top() -> click.Command:
    """The ``metro web`` command."""

    @click.command("web")
    @click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
    @click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
    @click.option(
        "--db",
        default="metro.sqlite",
        show_default=True,
        help="Where the games are kept: a SQLite file, a postgresql:// URL, or 'memory'.",
    )
    @click.option(
        "--bot-delay",
        type=click.FloatRange(0, 10),
        default=0.0,
        show_default=True,
        help="Seconds between two bot moves (the browser app also paces them).",
    )
    @click.option(
        "--rate",
        type=click.FloatRange(1, 100_000),
        default=30.0,
        show_default=True,
        help="Messages a second one connection may send (twice that in a burst).",
    )
    def web_cmd(host: str, port: int, db: str, bot_delay: float, rate: float) -> None:
        """Host games over the web: the protocol on a WebSocket at /ws, the browser app at /."""
        try:
            from common.web.app import run
            from common.web.store import open_store
        except ImportError as exc:
            raise click.ClickException(
                f"metro web needs the [web] extra (pip install -e '.[web]'): {exc}"
            ) from exc
        try:
            socket.getaddrinfo(host, port)
        except OSError as exc:
            raise click.BadParameter(
                f"{host!r} is not an address here: {exc}", param_hint="--host"
            ) from exc
        try:
            store = open_store(None if db == "memory" else db)
        except Exception as exc:  # sqlite3.Error, a PostgreSQL connection error, a bad path
            raise click.ClickException(f"cannot open the store {db!r}: {exc}") from exc
        click.echo(f"metro web on http://{host}:{port}/ (games kept in {db})", err=True)
        run(host, port, store, bot_delay=bot_delay, rate=rate)

    return web_cmd
