"""The HTTP side of ``metro web``'s door: uvicorn's h11 protocol with a deadline for each
request and a count of unanswered connections per address.

uvicorn times out an idle keep-alive connection, but not a request that arrives a byte at a
time: two thousand such connections would be held for as long as their senders liked. Here a
request must arrive whole (its headers and any body) within ``Limits.request_timeout`` of its
first byte (or of the connection's opening), and one address may hold at most
``Limits.connections_per_address`` connections that are not yet answered or upgraded to a
WebSocket (the WebSockets are counted by the application).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from common.web.limits import Limits, address_key

#: the states in which a client has sent its whole request (or can send no more)
_SENT = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR)


def guarded_http(limits: Limits, trusted: frozenset[str] = frozenset()) -> type[asyncio.Protocol]:
    """An h11 protocol class for uvicorn that keeps ``limits``'s request deadline and count
    of waiting connections per address (the peers in ``trusted``, proxies, are not counted)."""
    waiting: Counter[str] = Counter()

    class GuardedH11(H11Protocol):
        """uvicorn's h11 protocol with a deadline for each request."""

        _deadline: asyncio.TimerHandle | None = None
        _peer: str | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = self.client[0] if self.client else "?"
            if peer not in trusted:
                key = address_key(peer)
                if (
                    waiting[key] >= limits.connections_per_address
                    or sum(waiting.values()) >= limits.connections
                ):
                    transport.close()  # no answer: the address holds too many already
                    return
                waiting[key] += 1
                self._peer = key
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self._deadline is None:
                self._arm()  # the first bytes of the next request of a kept-alive connection
            super().data_received(data)
            if self.conn.their_state in _SENT:
                self._disarm()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()
            self._uncount()  # a WebSocket: counted by the application from now on
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._deadline = self.loop.call_later(limits.request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _uncount(self) -> None:
            if self._peer is not None:
                waiting[self._peer] -= 1
                if waiting[self._peer] <= 0:
                    del waiting[self._peer]
                self._peer = None

        def _too_slow(self) -> None:
            """The request did not arrive in time: the connection is closed."""
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedH11
