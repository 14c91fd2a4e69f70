"""``metro web``'s ASGI application (Starlette): the protocol over a WebSocket at ``/ws``, and
the browser app at ``/``.

Starlette, run by uvicorn, is a small and well-kept ASGI stack with WebSockets, static files
and a test client, which a hand-written server would each have to reimplement (extra
``[web]``).

The application guards the door: only the host's own pages (and the origins ``--allow-origin``
names) may open ``/ws``; a host on a loopback address answers only requests made to a
loopback name (a page of another site whose name was made to point here learns nothing);
every page carries a strict Content-Security-Policy and its companions; sockets are counted
per address and in all, and a socket that follows nothing and says nothing is let go. The
HTTP side (``guard.GuardedH11``) times out requests that arrive too slowly.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from common import registry
from common.web.host import POLICY, Connection, WebHost
from common.web.limits import Limits, address_key
from common.web.store import Store

STATIC = Path(__file__).with_name("static")
#: the largest frame the socket reads at all (larger: the connection is closed, code 1009)
WS_MAX_SIZE = 1024 * 1024
#: the close code of a socket refused because the host serves as many as it may
FULL = 1013
#: how often idle sockets and unwatched games are looked for (seconds, at most)
SWEEP = 5.0

#: what every HTTP answer says to the browser: scripts and styles only from this host (the
#: app has no inline script; the boards' SVG carries its own ``<style>``), sockets only to it,
#: never in a frame, no referrer, no guessing of content types
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)

#: the kinds of file a game's page parts may be, and the content type each is served with
GAME_FILE_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}

#: the names a host listening on a loopback address answers to
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def is_loopback(host: str) -> bool:
    """True for an address only this machine reaches (127.0.0.0/8, ::1, ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _host_name(netloc: str) -> str:
    """The name of ``host[:port]`` (an IPv6 literal keeps its brackets off), lower case."""
    name = netloc.strip().lower()
    if name.startswith("["):
        return name[1 : name.find("]")] if "]" in name else name
    return name.rsplit(":", 1)[0] if name.count(":") == 1 else name


def _origin(value: str) -> str:
    """An origin as compared: ``scheme://host[:port]``, lower case, no trailing slash."""
    parts = urlsplit(value.strip())
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


class Guard:
    """Checks the ``Host`` and ``Origin`` of requests against what the host serves."""

    def __init__(self, *, loopback: bool, allow_origins: tuple[str, ...] = ()) -> None:
        self.loopback = loopback
        self.any_origin = "*" in allow_origins
        self.origins = frozenset(_origin(o) for o in allow_origins if o != "*")

    def host_refused(self, headers: dict[str, str]) -> str | None:
        """Why a request's ``Host`` is refused (a loopback host answers loopback names only)."""
        if not self.loopback:
            return None
        name = _host_name(headers.get("host", ""))
        if name in LOOPBACK_NAMES or is_loopback(name):
            return None
        return (
            f"this host serves only this machine: it answers requests to localhost or "
            f"127.0.0.1, not to {name[:60]!r}"
        )

    def origin_refused(self, headers: dict[str, str]) -> str | None:
        """Why a socket's ``Origin`` is refused: only the host's own pages (same scheme
        family, same host and port), the ``--allow-origin`` ones, or a client that is no
        browser page (no ``Origin`` at all) may open ``/ws``."""
        origin = headers.get("origin")
        if origin is None or self.any_origin:
            return None
        seen = _origin(origin)
        if seen in self.origins:
            return None
        parts = urlsplit(seen)
        if parts.scheme in ("http", "https") and parts.netloc == headers.get("host", "").lower():
            return None
        allowed = ", ".join(sorted(self.origins)) or "none"
        return (
            f"pages of {origin[:80]!r} may not use this host (only its own pages, and the "
            f"origins --allow-origin names: {allowed})"
        )


def secured(app: ASGIApp, guard: Guard) -> ASGIApp:
    """``app`` with the security headers on every HTTP answer and the ``Host`` checked."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        refused = guard.host_refused(headers)
        if scope["type"] == "websocket":
            if refused is not None:
                await _close_socket(receive, send, POLICY, refused)
                return
            await app(scope, receive, send)
            return
        if refused is not None:
            response = JSONResponse(
                {"ok": False, "error": {"code": "forbidden", "message": refused}}, 421
            )
            await response(scope, receive, _with_headers(send))
            return
        await app(scope, receive, _with_headers(send))

    return wrapped


def _with_headers(send: Send) -> Send:
    async def sending(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
        await send(message)

    return sending


async def _close_socket(receive: Receive, send: Send, code: int, reason: str) -> None:
    """Accept a socket and close it at once with ``code``: a browser sees the code and the
    reason (a refusal before the handshake would show it only a failed connection)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": code, "reason": reason[:120]})


def make_app(
    store: Store,
    *,
    bot_delay: float = 0.0,
    limits: Limits | None = None,
    loopback: bool = True,
    advertise: str | None = None,
) -> Starlette:
    """The application over ``store``, ready at once: it replays nothing when it starts, and
    each stored game comes back when a token (or its id) first asks for it. ``limits``: the
    quotas and timeouts; ``loopback``: the host listens on a loopback address (then it
    answers only requests made to a loopback name); ``advertise``: where the other hosts of
    a shared store reach this one (``ws://host:port``)."""
    limits = limits or Limits()
    host = WebHost(store, bot_delay=bot_delay, limits=limits)
    live: set[Connection] = set()
    guard = Guard(loopback=loopback, allow_origins=limits.allow_origins)

    async def sweep() -> None:
        """Let go of idle sockets and of games nobody has followed for a while."""
        every = min(SWEEP, limits.idle / 4, limits.idle_game / 4)
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            for conn in list(live):
                if not conn.following and now - conn.heard > limits.idle:
                    conn.close(
                        POLICY,
                        f"idle: no game followed and nothing sent for {limits.idle:g} s",
                    )
            host.sweep()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await host.start(advertise)
        sweeper = asyncio.get_running_loop().create_task(sweep())
        yield
        sweeper.cancel()
        for conn in list(live):
            conn.close(1001, "the host is going away")
        await host.stop()
        host.close()
        store.close()

    async def peer(websocket: WebSocket) -> None:
        """Another host of the shared store hands this one moves of the games it serves:
        each message ``{"hid", "address", "request"}``, each answered with its ``hid``."""
        key = websocket.headers.get("x-metro-key", "")
        await websocket.accept()
        if host.key is None or not secrets.compare_digest(key, host.key):
            await websocket.close(POLICY, "only the hosts of this host's store may hand it moves")
            return
        sending = asyncio.Lock()

        async def one(message: dict[str, Any]) -> None:
            reply = await host.handed(str(message.get("address", "?")), message.get("request"))
            async with sending:
                with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                    await websocket.send_text(json.dumps({"hid": message.get("hid"), **reply}))

        tasks: set[asyncio.Task[None]] = set()
        try:
            while True:
                message = json.loads(await websocket.receive_text())
                task = asyncio.get_running_loop().create_task(one(message))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        except (WebSocketDisconnect, RuntimeError, ValueError):
            pass

    async def socket(websocket: WebSocket) -> None:
        headers = {k.lower(): v for k, v in websocket.headers.items()}
        refused = guard.origin_refused(headers)
        address = address_key(websocket.client.host if websocket.client else None)
        code = POLICY
        if refused is None and len(live) >= limits.connections:
            refused = "the host serves as many connections as it may: try again later"
            code = FULL
        if refused is None:
            refused = host.quotas.connect(address)
        if refused is not None:
            await websocket.accept()
            await websocket.close(code=code, reason=refused[:120])
            return
        try:
            await websocket.accept()
        except BaseException:
            host.quotas.disconnect(address)
            raise
        conn = Connection(address, limits)
        live.add(conn)
        writer = asyncio.create_task(_write(websocket, conn))
        try:
            while not conn.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame: the protocol is text
                    data = message.get("bytes") or b""
                    try:
                        text = data.decode("utf-8")
                    except UnicodeDecodeError:
                        text = "\ufffd"  # answered as not JSON
                await host.handle_text(conn, text)
                conn.heard = time.monotonic()
        except WebSocketDisconnect:
            pass
        finally:
            live.discard(conn)
            host.quotas.disconnect(address)
            host.forget(conn)
            conn.close()
            await writer

    async def health(request: Any) -> JSONResponse:
        return JSONResponse(
            {
                "ok": True,
                "games": len(host.tables),
                "connections": len(live),
                "bots_waiting": host.pool.waiting,
                "commits": host.writer.commits,
                "writes": host.writer.written,
                "host": host.me,
                "copies": len(host.copies),
                "loaded": host.loaded,
                "bot_decisions": host.decided,
            }
        )

    routes: list[Any] = [
        WebSocketRoute("/ws", socket),
        WebSocketRoute("/peer", peer),
        Route("/health", health),
        Route("/games/{name}/{path:path}", GameFiles().serve, methods=["GET", "HEAD"]),
    ]
    if STATIC.is_dir():
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.host = host
    app.state.live = live
    app.add_middleware(_Secured, guard=guard)
    return app


class GameFiles:
    """Each registered game's own page parts at ``/games/<name>/<path>``: the files of the
    ``web`` folder of its package (``GameInfo.web_files``), and nothing else.

    A path is served only if it is one of those files, as listed: no path made of ``..``,
    slashes or anything else can reach outside the folder, and a file of a kind not in
    ``GAME_FILE_TYPES`` is not served (so every answer has a right content type).
    """

    def __init__(self) -> None:
        self._files: dict[str, frozenset[str]] = {}

    def files(self, name: str) -> frozenset[str] | None:
        """The paths served of game ``name`` (None: no such game); read once a game."""
        if name not in self._files:
            try:
                info = registry.get(name)
            except KeyError:
                return None
            listed = info.web_files()
            self._files[name] = frozenset(f for f in listed if _suffix(f) in GAME_FILE_TYPES)
        return self._files[name]

    async def serve(self, request: Request) -> Response:
        """The file ``path`` of game ``name``'s page parts, or a 404 saying what there is."""
        name: str = request.path_params["name"]
        path: str = request.path_params["path"]
        files = self.files(name)
        if files is None:
            return _not_found(f"no game {name[:40]!r}: the games are listed by the games command")
        if path not in files:
            served = ", ".join(sorted(files)) or "none"
            return _not_found(f"{name} has no page part {path[:80]!r}; it has: {served}")
        folder = registry.get(name).web_folder()
        assert folder is not None  # it listed files
        node = folder
        for part in path.split("/"):
            node = node.joinpath(part)
        return Response(
            node.read_bytes(),
            media_type=GAME_FILE_TYPES[_suffix(path)],
            headers={"cache-control": "no-cache"},
        )


def _suffix(path: str) -> str:
    dot = path.rfind(".")
    return path[dot:].lower() if dot > path.rfind("/") else ""


def _not_found(message: str) -> JSONResponse:
    return JSONResponse({"ok": False, "error": {"code": "not_found", "message": message}}, 404)


class _Secured:
    """``secured`` as a Starlette middleware class (outermost, so every answer has it)."""

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self._app = secured(app, guard)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._app(scope, receive, send)


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send ``conn``'s outbox, in order, until it is closed; then close the socket with the
    connection's code and reason."""
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            conn.taken(text)
            await websocket.send_text(text)
    except (WebSocketDisconnect, RuntimeError):
        conn.closed = True
    finally:
        if websocket.application_state == WebSocketState.CONNECTED:
            # the client may be gone already (a closed tab): nothing is left to close
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await websocket.close(code=conn.close_code, reason=conn.close_reason[:120])


def server_config(
    app: Starlette,
    host: str,
    port: int,
    limits: Limits,
    *,
    trusted_proxies: str | None = None,
) -> Any:
    """uvicorn's configuration for ``app`` on ``host:port``: the guarded HTTP protocol, the
    WebSocket frame limit, and ``X-Forwarded-For`` believed only from ``trusted_proxies``
    (comma-separated addresses; none: the client is the socket's peer)."""
    import uvicorn

    from common.web.deflate import WebSocketProtocol
    from common.web.guard import guarded_http

    trusted = frozenset(a.strip() for a in (trusted_proxies or "").split(",") if a.strip())
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_http(limits, trusted),
        ws=WebSocketProtocol,  # compresses the large frames only
        # a message over MAX_MESSAGE gets an error answer; past this the socket is closed
        ws_max_size=WS_MAX_SIZE,
        log_level="warning",
        lifespan="on",
        proxy_headers=bool(trusted),
        forwarded_allow_ips=",".join(sorted(trusted)) or None,
        timeout_keep_alive=5,
    )


def run(
    host: str,
    port: int,
    store: Store,
    *,
    bot_delay: float = 0.0,
    limits: Limits | None = None,
    trusted_proxies: str | None = None,
    advertise: str | None = None,
) -> None:
    """Serve ``metro web`` over ``store`` until interrupted; ``advertise``: where the other
    hosts of a shared store reach this one (by default ``ws://<host>:<port>``, this
    machine's name for a host listening on every address)."""
    import socket

    import uvicorn

    limits = limits or Limits()
    if advertise is None:
        name = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
        advertise = f"ws://{f'[{name}]' if ':' in name else name}:{port}"
    app = make_app(
        store,
        bot_delay=bot_delay,
        limits=limits,
        loopback=is_loopback(host),
        advertise=advertise,
    )
    config = server_config(app, host, port, limits, trusted_proxies=trusted_proxies)
    uvicorn.Server(config).run()
