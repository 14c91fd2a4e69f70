"""What a host of strangers allows each of them: its limits, and the counts kept per address.

A client is known by its address (an IPv6 address by its /64, the block one machine is
given), never by its connection: reconnecting costs nothing, so a quota per connection holds
nobody back (ruling HOST-3). Every limit is a ``metro web`` option (docs/web.md).
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter, deque

import attrs

from common.protocol import Forbidden, RateLimited


@attrs.frozen
class Limits:
    """The quotas and timeouts of one ``metro web`` host (each a command-line option)."""

    #: games one address may create in a minute
    games_per_minute: int = 12
    #: unfinished games one address may keep open at once
    open_per_address: int = 20
    #: unfinished games the host keeps in memory at once
    open_games: int = 10_000
    #: sockets one address may hold at once
    connections_per_address: int = 32
    #: sockets the host serves at once
    connections: int = 1_000
    #: seconds a socket that follows no game and sends nothing may stay
    idle: float = 120.0
    #: seconds an HTTP client has to send a whole request (its headers and any body)
    request_timeout: float = 10.0
    #: seconds an unfinished game nobody follows stays in memory (it stays in the store)
    idle_game: float = 1800.0
    #: messages a second one connection may send, and its burst
    rate: float = 30.0
    burst: int = 60
    #: bytes of answers and updates waiting for a slow reader before it is disconnected
    outbox_bytes: int = 4 * 1024 * 1024
    #: the share of one core the bots of all games may use, on average
    bot_cpu: float = 0.5
    #: the threads bot decisions run in
    bot_workers: int = 1
    #: whether ``new`` may seat a bot in every seat (a game no human plays)
    allow_bot_games: bool = False
    #: origins besides the host's own whose pages may open ``/ws`` (``*``: any)
    allow_origins: tuple[str, ...] = ()


def address_key(host: str | None) -> str:
    """The key a client's address is counted under: the address itself, or for IPv6 its
    /64 (an IPv4 address mapped into IPv6 is the IPv4 address)."""
    if not host:
        return "?"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host  # a Unix socket's or a test client's name
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Quotas:
    """The counts kept per address: sockets, unfinished games, and games made lately."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.sockets: Counter[str] = Counter()
        self.open: Counter[str] = Counter()
        self._made: dict[str, deque[float]] = {}

    def connect(self, address: str) -> str | None:
        """Count a new socket of ``address``; the reason it is refused, if it is."""
        if self.sockets[address] >= self.limits.connections_per_address:
            return (
                f"at most {self.limits.connections_per_address} connections from one address: "
                "close one first"
            )
        self.sockets[address] += 1
        return None

    def disconnect(self, address: str) -> None:
        """A socket of ``address`` is gone."""
        self.sockets[address] -= 1
        if self.sockets[address] <= 0:
            del self.sockets[address]

    def check_create(self, address: str, now: float | None = None) -> None:
        """Raise Forbidden or RateLimited, saying the limit, unless ``address`` may create a
        game now (nothing is counted: ``created`` does)."""
        limits = self.limits
        if self.open[address] >= limits.open_per_address:
            raise Forbidden(
                f"at most {limits.open_per_address} unfinished games from one address: "
                "finish one first (a game nobody follows leaves the host after "
                f"{limits.idle_game:g} s)"
            )
        made = self._made.get(address)
        now = time.monotonic() if now is None else now
        if made is not None:
            while made and made[0] <= now - 60:
                made.popleft()
            if len(made) >= limits.games_per_minute:
                wait = 60 - (now - made[0])
                raise RateLimited(
                    f"at most {limits.games_per_minute} new games a minute from one address: "
                    f"try again in {max(1, round(wait))} s"
                )

    def created(self, address: str, now: float | None = None) -> None:
        """Count a game ``address`` has just created (open, and made now)."""
        self.open[address] += 1
        made = self._made.setdefault(address, deque())
        made.append(time.monotonic() if now is None else now)

    def closed(self, address: str) -> None:
        """A game of ``address`` is over or has left memory: it is open no more."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def forget_old(self, now: float | None = None) -> None:
        """Drop the creation times older than a minute (kept small between games)."""
        now = time.monotonic() if now is None else now
        for address in list(self._made):
            made = self._made[address]
            while made and made[0] <= now - 60:
                made.popleft()
            if not made:
                del self._made[address]
