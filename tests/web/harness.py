"""A real ``metro web`` for tests: uvicorn serving the app in a thread of this process, on a
loopback port (a fresh one, or one given, so that a restart comes back where it was).

Import it after skipping where the [web] extra is missing (the conftests do)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvicorn

from common.web.app import make_app, server_config
from common.web.limits import Limits
from common.web.store import Store

#: the limits of a test host: a test's clients all come from 127.0.0.1 and may go as fast
#: as a test does; a test of a limit gives its own
OPEN = Limits(
    games_per_minute=10_000,
    open_per_address=10_000,
    connections_per_address=1_000,
    rate=10_000,
    burst=10_000,
    allow_bot_games=True,
)


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


class ThreadedWeb:
    """The app over ``store`` served on ``port`` (0: any free one) until ``stop()``."""

    def __init__(
        self,
        store: Store,
        *,
        port: int = 0,
        bot_delay: float = 0.0,
        limits: Limits = OPEN,
    ) -> None:
        self.app = make_app(store, bot_delay=bot_delay, limits=limits)
        config = server_config(self.app, "127.0.0.1", port, limits)
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


class Unavailable(Exception):
    """PostgreSQL cannot be started here: the message says why."""


@contextlib.contextmanager
def temporary_postgres() -> Iterator[str]:
    """A PostgreSQL server of its own, made by ``initdb`` in a temporary folder and listening
    on a Unix socket there; gives its address, and stops and removes it after. Raises
    ``Unavailable`` where PostgreSQL or psycopg is missing."""
    # Debian keeps the server's programs off the PATH, in /usr/lib/postgresql/<version>/bin
    bins = [*sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)]
    where = os.pathsep.join([*map(str, bins), os.environ.get("PATH", "")])
    initdb, server = shutil.which("initdb", path=where), shutil.which("postgres", path=where)
    if initdb is None or server is None:
        raise Unavailable("PostgreSQL is not installed (apt-get install postgresql)")
    try:
        import psycopg
    except ImportError:
        raise Unavailable("the PostgreSQL store needs psycopg (extra [postgres])") from None
    as_user: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="metro-pg-"))
    try:
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            runuser = shutil.which("runuser")
            if runuser is None:
                raise Unavailable("running as root without runuser: cannot start PostgreSQL")
            as_user = [runuser, "-u", "postgres", "--"]
            shutil.chown(folder, "postgres")
        data = folder / "data"
        subprocess.run(
            [*as_user, initdb, "-D", str(data), "-U", "postgres"], check=True, capture_output=True
        )
        proc = subprocess.Popen(
            [*as_user, server, "-D", str(data), "-k", str(folder), "-c", "listen_addresses="],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            dsn = f"postgresql://postgres@/postgres?host={folder}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    psycopg.connect(dsn).close()
                    break
                except psycopg.OperationalError:
                    if time.monotonic() > deadline:
                        raise Unavailable("PostgreSQL did not start in 30 s") from None
                    time.sleep(0.2)
            yield dsn
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
