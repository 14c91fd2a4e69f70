"""``metro web``: host games over the web (docs/web.md; extra ``[web]``)."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import SplitResult, urlsplit

import click

from common.web.limits import Limits

_DEFAULT = Limits()


def _origins(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> tuple[str, ...]:
    """Each ``--allow-origin`` as a browser sends it: ``http(s)://host[:port]``, or ``*``."""
    for value in values:
        parts = urlsplit(value)
        if value != "*" and not _bare(parts, ("http", "https")):
            raise click.BadParameter(
                f"{value!r} is not an origin: give scheme://host[:port] "
                "(https://example.org, http://localhost:3000) or *"
            )
    return values


def _bare(parts: SplitResult, schemes: tuple[str, ...]) -> bool:
    """True if ``parts`` is ``scheme://netloc`` in one of ``schemes``, with nothing after."""
    return (
        parts.scheme in schemes
        and bool(parts.netloc)
        and parts.path in ("", "/")
        and not parts.query
        and not parts.fragment
    )


def _proxies(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--trusted-proxy``: comma-separated IP addresses."""
    if value is None:
        return None
    for address in value.split(","):
        try:
            ipaddress.ip_address(address.strip())
        except ValueError:
            raise click.BadParameter(
                f"{address.strip()!r} is not an IP address: give the proxies' addresses, "
                "comma-separated (127.0.0.1,::1)"
            ) from None
    return value


def _advertised(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--advertise``: ``ws://host:port`` or ``wss://host:port``, nothing after."""
    if value is None:
        return None
    parts = urlsplit(value)
    try:
        port = parts.port
    except ValueError:
        port = None
    if not _bare(parts, ("ws", "wss")) or not parts.hostname or port is None:
        raise click.BadParameter(
            f"{value!r} is not where a host is reached: give ws://name:port "
            "(ws://10.0.0.5:8000, wss://web-2.example:443)"
        )
    return value.rstrip("/")


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
        default=_DEFAULT.rate,
        show_default=True,
        help="Messages a second one connection may send (twice that in a burst).",
    )
    @click.option(
        "--games-per-minute",
        type=click.IntRange(1, 1_000_000),
        default=_DEFAULT.games_per_minute,
        show_default=True,
        help="Games one address may create in a minute.",
    )
    @click.option(
        "--open-per-address",
        type=click.IntRange(1, 1_000_000),
        default=_DEFAULT.open_per_address,
        show_default=True,
        help="Unfinished games one address may keep open.",
    )
    @click.option(
        "--open-games",
        type=click.IntRange(1, 10_000_000),
        default=_DEFAULT.open_games,
        show_default=True,
        help="Unfinished games the host keeps in memory in all.",
    )
    @click.option(
        "--connections-per-address",
        type=click.IntRange(1, 100_000),
        default=_DEFAULT.connections_per_address,
        show_default=True,
        help="Sockets one address may hold at once.",
    )
    @click.option(
        "--connections",
        type=click.IntRange(1, 1_000_000),
        default=_DEFAULT.connections,
        show_default=True,
        help="Sockets the host serves at once.",
    )
    @click.option(
        "--idle",
        type=click.FloatRange(1, 86_400),
        default=_DEFAULT.idle,
        show_default=True,
        help="Seconds a socket that follows no game and sends nothing may stay.",
    )
    @click.option(
        "--request-timeout",
        type=click.FloatRange(0.5, 600),
        default=_DEFAULT.request_timeout,
        show_default=True,
        help="Seconds an HTTP client has to send a whole request.",
    )
    @click.option(
        "--idle-game",
        type=click.FloatRange(1, 10_000_000),
        default=_DEFAULT.idle_game,
        show_default=True,
        help="Seconds an unfinished game nobody follows stays in memory (it stays stored).",
    )
    @click.option(
        "--bot-cpu",
        type=click.FloatRange(0.01, 64),
        default=_DEFAULT.bot_cpu,
        show_default=True,
        help="The share of one core the bots of all games may use (at most --bot-workers).",
    )
    @click.option(
        "--bot-workers",
        type=click.IntRange(1, 64),
        default=_DEFAULT.bot_workers,
        show_default=True,
        help="Threads bot decisions run in.",
    )
    @click.option(
        "--allow-bot-games",
        is_flag=True,
        help="Let 'new' seat a bot in every seat (games no human plays).",
    )
    @click.option(
        "--allow-origin",
        "allow_origins",
        multiple=True,
        metavar="ORIGIN",
        callback=_origins,
        help="Another origin whose pages may open /ws (e.g. https://example.org; '*': any).",
    )
    @click.option(
        "--trusted-proxy",
        "trusted_proxies",
        default=None,
        metavar="ADDRESSES",
        callback=_proxies,
        help="Proxies (comma-separated addresses) whose X-Forwarded-For names the client.",
    )
    @click.option(
        "--advertise",
        default=None,
        metavar="URL",
        callback=_advertised,
        help="Where the other hosts of a shared PostgreSQL store reach this one "
        "(ws://name:port; default: ws://<--host>:<--port>).",
    )
    def web_cmd(
        host: str,
        port: int,
        db: str,
        bot_delay: float,
        trusted_proxies: str | None,
        allow_origins: tuple[str, ...],
        advertise: str | None,
        **quotas: Any,
    ) -> None:
        """Host games over the web: the protocol on a WebSocket at /ws, the browser app at /."""
        try:
            from common.web.app import run
            from common.web.store import open_store
        except ImportError as exc:
            raise click.ClickException(
                f"metro web needs the [web] extra (pip install -e '.[web]'): {exc}"
            ) from exc
        if quotas["bot_cpu"] > quotas["bot_workers"]:
            raise click.BadParameter(
                f"at most --bot-workers ({quotas['bot_workers']}) cores: each thread uses one",
                param_hint="--bot-cpu",
            )
        try:
            socket.getaddrinfo(host, port)
        except OSError as exc:
            raise click.BadParameter(
                f"{host!r} is not an address here: {exc}", param_hint="--host"
            ) from exc
        limits = Limits(burst=int(quotas["rate"] * 2), allow_origins=allow_origins, **quotas)
        try:
            store = open_store(None if db == "memory" else db)
        except Exception as exc:  # sqlite3.Error, a PostgreSQL connection error, a bad path
            raise click.ClickException(f"cannot open the store {db!r}: {exc}") from exc
        click.echo(f"metro web on http://{host}:{port}/ (games kept in {db})", err=True)
        run(
            host,
            port,
            store,
            bot_delay=bot_delay,
            limits=limits,
            trusted_proxies=trusted_proxies,
            advertise=advertise,
        )

    return web_cmd
