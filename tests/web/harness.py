"""A real ``metro web`` for tests: uvicorn serving the app in a thread of this process, on a
loopback port (a fresh one, or one given, so that a restart comes back where it was).

Import it after skipping where the [web] extra is missing (the conftests do)."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import uvicorn

from common.web.app import WS_MAX_SIZE, make_app
from common.web.store import Store


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


class ThreadedWeb:
    """The app over ``store`` served on ``port`` (0: any free one) until ``stop()``."""

    def __init__(
        self, store: Store, *, port: int = 0, bot_delay: float = 0.0, rate: float = 10_000
    ) -> None:
        self.app = make_app(store, bot_delay=bot_delay, rate=rate, burst=int(rate))
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            ws_max_size=WS_MAX_SIZE,
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError(f"metro web did not start on port {port or 'any'}")
            time.sleep(0.01)
        self.port: int = self.server.servers[0].sockets[0].getsockname()[1]

    @property
    def host(self) -> Any:
        """The WebHost: the tests look at the games as the host keeps them."""
        return self.app.state.host

    def stop(self) -> None:
        """Let the server finish and wait for it (its port is free again after)."""
        self.server.should_exit = True
        self.thread.join(timeout=20)
        if self.thread.is_alive():
            raise RuntimeError(f"metro web on port {self.port} did not stop in 20 s")
