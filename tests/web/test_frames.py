"""Per-message deflate for large frames only: a small frame goes as it is, a large one
compressed, and the peer's decoder reads both, in any order, with the shared window."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("uvicorn", reason="metro web needs the [web] extra (uvicorn)")

from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from common.web.deflate import DEFLATE_FROM, LargeFramesDeflate
from tests.web.conftest import Client, Running


def test_only_frames_of_deflate_from_bytes_or_more_are_compressed() -> None:
    host = LargeFramesDeflate(False, False, 12, 12, {"memLevel": 5})
    peer = PerMessageDeflate(False, False, 12, 12)
    small = json.dumps({"told": ["Player 1 places a shop."] * 3}).encode()
    large = json.dumps({"text": [f"place res{i} A{i}" for i in range(DEFLATE_FROM // 8)]})
    for data in (small, large.encode(), small, large.encode()):
        sent = host.encode(Frame(Opcode.TEXT, data))
        assert sent.rsv1 == (len(data) >= DEFLATE_FROM)
        assert len(sent.data) < len(data) if sent.rsv1 else sent.data == data
        assert peer.decode(sent).data == data


def test_a_client_reads_small_and_large_frames_alike(web: Running) -> None:
    client = Client(web.url)
    small = client.ask(cmd="games")
    made = client.ask(cmd="new", game="metropoli", players=3)
    large = client.ask(cmd="follow", token=made["seats"][0]["token"], svg=True)
    assert small["ok"] and large["ok"] and len(json.dumps(large)) > DEFLATE_FROM
    assert client.ask(cmd="games")["games"] == small["games"]
    assert client.ws.protocol.extensions, "the host offers permessage-deflate"
    client.close()
