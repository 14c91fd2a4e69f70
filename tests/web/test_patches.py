"""Views sent as patches (``follow`` with ``patch``): each frame's view, made from the view
before it and its patch, is the seat's own view at that step, and a patch carries nothing
but what that seat sees (the redaction of a seat's view holds for what changed in it)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from common import jsontext
from common.registry import get
from tests.stepping import decisions
from tests.web.conftest import Client, Running


def _at(doc: Any, path: str) -> Any:
    """The value at a JSON Pointer of ``doc``."""
    for key in path[1:].split("/") if path else ():
        key = key.replace("~1", "/").replace("~0", "~")
        doc = doc[int(key)] if isinstance(doc, list) else doc[key]
    return doc


def _views(frames: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each frame's whole view by its seq, made from the patches the way a client makes it."""
    made: dict[int, dict[str, Any]] = {}
    for frame in sorted(frames, key=lambda f: f["seq"]):
        if "view_patch" in frame:
            base = made[frame["view_from"]]
            made[frame["seq"]] = jsontext.patch(copy.deepcopy(base), frame["view_patch"])
        else:
            made[frame["seq"]] = frame["view"]
    return made


@pytest.mark.parametrize("name", ["metrocity", "metropolis_lots"])
def test_patched_views_are_each_seats_own_view_at_every_step(web: Running, name: str) -> None:
    made = Client(web.url).ask(cmd="new", game=name)
    tokens: dict[int | None, str] = {s["seat"]: s["token"] for s in made["seats"]}
    tokens[None] = made["spectator"]
    patched = {s: Client(web.url) for s in tokens}
    whole = {s: Client(web.url) for s in tokens}
    frames = {s: [patched[s].ask(cmd="follow", token=t, patch=True)] for s, t in tokens.items()}
    for s, t in tokens.items():
        whole[s].ask(cmd="follow", token=t)
    rng = random.Random(5)
    state = frames[0][0]
    for _ in range(40):
        if state["is_over"]:
            break
        mover = state["to_act"]
        moves = whole[mover].ask(cmd="legal", token=tokens[mover])["text"]
        state = patched[mover].ask(cmd="apply", token=tokens[mover], action=rng.choice(moves))
        assert state["ok"], state
        frames[mover].append(state)
        for s in tokens:
            if s != mover:
                patched[s].until(lambda u, seq=state["seq"]: u["seq"] >= seq)
            whole[s].until(lambda u, seq=state["seq"]: u["seq"] >= seq)
    patches = 0
    for s in tokens:
        sent = frames[s] + patched[s].updates
        full = {f["seq"]: f["view"] for f in whole[s].updates}
        for seq, view in _views(sent).items():
            if seq in full:
                assert json.dumps(view) == json.dumps(full[seq]), (s, seq)
        for frame in sent:
            for op in frame.get("view_patch", ()):
                patches += 1
                if "value" in op:  # only what the seat's own view holds there
                    assert op["value"] == _at(full[frame["seq"]], op["path"]), (s, op)
            assert frame["seat"] == s
    assert patches > 20
    for c in (*patched.values(), *whole.values()):
        c.close()


def test_a_follower_that_asks_for_its_view_gets_it_whole_and_patches_from_it(
    web: Running,
) -> None:
    client = Client(web.url)
    made = client.ask(cmd="new", game="metropolia", bots={"1": "random"})
    token = made["seats"][0]["token"]
    state = client.ask(cmd="follow", token=token, patch=True)
    assert "view" in state and "view_patch" not in state
    asked = client.ask(cmd="view", token=token)
    assert "view" in asked and "view_patch" not in asked
    moved = client.ask(cmd="apply", token=token, action=state["legal"]["text"][0])
    assert moved["view_from"] == asked["seq"] and "view" not in moved
    client.close()


@pytest.mark.parametrize("name", ["metrocity", "metropolia", "metropolis_lots", "metropoli"])
def test_a_patch_turns_each_view_into_the_next_for_every_game(name: str) -> None:
    players = 3 if name == "metropoli" else 2
    game = get(name).new_game(players=players, seed=11)
    before = {s: game.view(s) for s in (*range(players), None)}
    for _ in decisions(game, 150):
        for s, old in before.items():
            new = game.view(s)
            ops = jsontext.diff(old, new)
            assert jsontext.dumps(jsontext.patch(copy.deepcopy(old), ops)) == jsontext.dumps(new)
            before[s] = new


def test_followers_alike_are_sent_one_frame_written_once() -> None:
    import asyncio

    from common.web.host import Connection, WebHost
    from common.web.store import MemoryStore

    async def run() -> None:
        host = WebHost(MemoryStore())
        maker, *watchers = (Connection("a") for _ in range(4))
        made = await host.handle(maker, {"cmd": "new", "game": "metrocity"})
        seat0 = made["seats"][0]["token"]
        tokens = (made["spectator"], made["spectator"], seat0)
        for conn, token in zip(watchers, tokens, strict=True):
            await host.handle(conn, {"cmd": "follow", "token": token, "patch": True})
        state = await host.handle(maker, {"cmd": "follow", "token": seat0})
        mover = state["to_act"]
        token = next(s["token"] for s in made["seats"] if s["seat"] == mover)
        moves = (await host.handle(maker, {"cmd": "legal", "token": token}))["text"]
        await host.handle(maker, {"cmd": "apply", "token": token, "action": moves[0]})
        frames = [str(c.outbox.get_nowait()) for c in watchers]
        assert frames[0] is frames[1]  # the two spectators: one frame
        assert frames[2] != frames[0] and '"seat":0' in frames[2]

    asyncio.run(run())
