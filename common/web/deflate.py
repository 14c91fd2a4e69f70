"""Per-message deflate for the large frames only (RFC 7692 lets each message say whether it
is compressed).

Measured on ``metro web``'s own frames (benchmarks/web_load.py, Metro City, 100 games):
deflate costs the host about 4 us a KB and shrinks a frame to a fifth; compressing every
frame of 8 KiB or more (a turn's list of legal moves) cost 10% more CPU a human move than
compressing none. Most frames are a patch of the view and a few lines of words, a few KB,
and on a fresh connection a frame under about 14 KB goes in TCP's first flight whatever its
size, so compressing it saves no round trip, only bytes. A frame of ``DEFLATE_FROM`` bytes or
more (a whole game's steps, a board's SVG in every update) is compressed; a smaller one is
sent as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol
from websockets.typing import ExtensionParameter

#: the smallest frame (its bytes) that is compressed
DEFLATE_FROM = 16 * 1024


class LargeFramesDeflate(PerMessageDeflate):
    """permessage-deflate that leaves a message of one frame under ``DEFLATE_FROM`` bytes
    uncompressed (its RSV1 bit clear: the peer reads it as it is)."""

    def encode(self, frame: Frame) -> Frame:
        """The frame to send: compressed only if it is large."""
        if (
            frame.fin
            and frame.opcode in (Opcode.TEXT, Opcode.BINARY)
            and len(frame.data) < DEFLATE_FROM
        ):
            return frame
        return super().encode(frame)


class LargeFramesDeflateFactory(ServerPerMessageDeflateFactory):
    """Negotiates permessage-deflate as websockets does, then compresses large frames only."""

    def process_request_params(
        self,
        params: Sequence[ExtensionParameter],
        accepted_extensions: Sequence[Extension],
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        """The answer's parameters and the extension (``LargeFramesDeflate``)."""
        answer, extension = super().process_request_params(params, accepted_extensions)
        extension.__class__ = LargeFramesDeflate
        return answer, extension


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with ``LargeFramesDeflateFactory``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[
                    LargeFramesDeflateFactory(
                        server_max_window_bits=12,
                        client_max_window_bits=12,
                        compress_settings={"memLevel": 5},
                    )
                ],
                max_size=self.config.ws_max_size,
                logger=self.conn.logger,
            )
