"""``metro web``'s ASGI application (Starlette): the protocol over a WebSocket at ``/ws``, and
the browser app at ``/``.

Starlette, run by uvicorn, is a small and well-kept ASGI stack with WebSockets, static files
and a test client, which a hand-written server would each have to reimplement (extra
``[web]``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from common.web.host import MAX_CONNECTIONS, RATE_BURST, RATE_PER_SECOND, Connection, WebHost
from common.web.store import Store

STATIC = Path(__file__).with_name("static")
#: the largest frame the socket reads at all (larger: the connection is closed, code 1009)
WS_MAX_SIZE = 1024 * 1024


def make_app(
    store: Store,
    *,
    bot_delay: float = 0.0,
    rate: float = RATE_PER_SECOND,
    burst: int = RATE_BURST,
) -> Starlette:
    """The application over ``store``: its games come back when it starts. ``rate`` and
    ``burst``: the messages a second each connection may send."""
    host = WebHost(store, bot_delay=bot_delay)
    host.restore()
    live: set[Connection] = set()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        host.resume()
        yield
        for conn in list(live):
            conn.close()
        store.close()

    async def socket(websocket: WebSocket) -> None:
        if len(live) >= MAX_CONNECTIONS:
            await websocket.close(code=1013, reason="too many connections: try again later")
            return
        await websocket.accept()
        conn = Connection(rate, burst)
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
        except WebSocketDisconnect:
            pass
        finally:
            live.discard(conn)
            host.forget(conn)
            conn.close()
            await writer

    async def health(request: Any) -> JSONResponse:
        return JSONResponse({"ok": True, "games": len(host.tables), "connections": len(live)})

    routes: list[Any] = [
        WebSocketRoute("/ws", socket),
        Route("/health", health),
    ]
    if STATIC.is_dir():
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.host = host
    return app


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send ``conn``'s outbox, in order, until it is closed."""
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            await websocket.send_text(text)
    except (WebSocketDisconnect, RuntimeError):
        conn.closed = True
    finally:
        if websocket.application_state == WebSocketState.CONNECTED:
            # the client may be gone already (a closed tab): nothing is left to close
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await websocket.close()


def run(
    host: str, port: int, store: Store, *, bot_delay: float = 0.0, rate: float = RATE_PER_SECOND
) -> None:
    """Serve ``metro web`` over ``store`` until interrupted."""
    import uvicorn

    app = make_app(store, bot_delay=bot_delay, rate=rate, burst=int(rate * 2))
    uvicorn.run(
        app,
        host=host,
        port=port,
        # a message over MAX_MESSAGE gets an error answer; past this the socket is closed
        ws_max_size=WS_MAX_SIZE,
        log_level="warning",
        lifespan="on",
    )
