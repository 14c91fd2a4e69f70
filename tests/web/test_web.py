"""metro web over a real WebSocket (uvicorn on a loopback port): seats and tokens, bots
played by the host, pushes in each seat's eyes, undo by consent, and bad input."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from tests.web.conftest import Client, Running, play_to_the_end
from tests.web.harness import OPEN


@pytest.mark.parametrize("name", ["metrocity", "metropolia", "metropolis_lots", "metropoli"])
def test_a_human_plays_a_whole_game_against_the_hosts_bots(client: Client, name: str) -> None:
    players = 3 if name == "metropoli" else 2
    bots = {str(s): "random" for s in range(1, players)}
    made = client.ask(cmd="new", game=name, players=players, bots=bots)
    assert made["ok"], made
    assert [s["seat"] for s in made["seats"]] == [0] and made["spectator"]
    assert "seed" not in made
    final = play_to_the_end(client, made["seats"][0]["token"])
    assert final["view"]["result"] is not None
    mine = client.ask(cmd="mine", tokens=[made["seats"][0]["token"], "not-a-token"])
    assert [g["id"] for g in mine["games"]] == [made["id"]] and mine["games"][0]["is_over"]
    assert mine["games"][0]["bots"] == bots and mine["games"][0]["physical"] is False


def test_a_seat_acts_only_for_itself_and_sees_only_its_own(web: Running) -> None:
    a, b = Client(web.url), Client(web.url)
    made = a.ask(cmd="new", game="metrocity")
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    assert set(tokens) == {0, 1}
    views = {s: (a if s == 0 else b).ask(cmd="follow", token=t) for s, t in tokens.items()}
    to_act = views[0]["to_act"]
    waiting = 1 - to_act
    mover = a if to_act == 0 else b
    other = b if mover is a else a
    assert views[to_act]["legal"]["text"] and "legal" not in views[waiting]
    # the other seat may not move, and its error shows no moves of the seat to act
    refused = other.ask(
        cmd="apply", token=tokens[waiting], action=views[to_act]["legal"]["text"][0]
    )
    assert (
        refused["error"]["code"] == "illegal_action" and "legal:" not in refused["error"]["message"]
    )
    # each sees its own hand and not the other's
    hand = views[to_act]["view"]["state"]["hand"]
    assert hand and views[waiting]["view"]["state"]["hand"] != hand
    # the spectator, and a request with the game's id and no token, see the public view
    spectator = a.ask(cmd="view", token=made["spectator"])
    anonymous = a.ask(cmd="view", id=made["id"])
    assert spectator["view"]["state"]["hand"] is None and anonymous["view"] == spectator["view"]
    for who in (made["spectator"], None):
        move = {"token": who} if who else {"id": made["id"]}
        act = a.ask(cmd="apply", action="pass", **move)
        assert act["error"]["code"] in ("forbidden", "bad_request")
    # the mover's move reaches the other seat as an update, in its own eyes
    done = mover.ask(cmd="apply", token=tokens[to_act], action=views[to_act]["legal"]["text"][0])
    assert done["ok"] and done["seat"] == to_act
    update = other.until(lambda u: u["seq"] >= done["seq"])
    assert update["seat"] == waiting and update["view"]["seat"] == waiting
    assert update["legal"]["text"] and update["told"]
    # nothing anybody is sent holds the seed
    log = a.ask(cmd="events", token=tokens[0])["events"]
    assert log[0]["type"] == "GameStarted" and log[0]["seed"] is None
    a.close()
    b.close()


def test_the_host_chooses_the_seed_and_rolls_the_dice(client: Client) -> None:
    refused = client.ask(cmd="new", game="metropolia", seed=7)
    assert refused["error"]["code"] == "forbidden" and "seed" in refused["error"]["message"]
    made = client.ask(cmd="new", game="metropolia", bots={"1": "random"})
    token = made["seats"][0]["token"]
    roll = client.ask(cmd="resolve", token=token, outcome=[6])
    assert roll["error"]["code"] == "forbidden"


def test_physical_dice_are_given_by_the_table(client: Client) -> None:
    made = client.ask(cmd="new", game="metropolia", chance="physical")
    tokens = [s["token"] for s in made["seats"]]
    state = client.ask(cmd="follow", token=tokens[0])
    for _ in range(20):
        if state["chance"] is not None and state["chance"]["kind"] == "dice":
            break
        seat = state["to_act"]
        state = client.ask(
            cmd="apply", token=tokens[seat], action=state_legal(client, tokens[seat])
        )
    assert state["chance"]["kind"] == "dice"
    rolled = client.ask(cmd="resolve", token=tokens[0], outcome=[4] * state["chance"]["count"])
    assert rolled["ok"] and rolled["events"][0]["outcome"] == [4] * state["chance"]["count"]
    bad = client.ask(cmd="resolve", token=tokens[0], outcome=[7])
    assert bad["error"]["code"] == "illegal_action"


def state_legal(client: Client, token: str) -> str:
    """The first legal move of the token's seat."""
    moves = client.ask(cmd="legal", token=token)["text"]
    assert moves
    return str(moves[0])


def _undoable(client: Client, tokens: dict[int, str], limit: int = 400) -> dict[str, Any]:
    """Play the first legal moves for whichever of ``tokens``' seats is to act until the mover
    may take its move back and a human is still to act; the answer to that move."""
    state = client.ask(cmd="view", token=next(iter(tokens.values())))
    for _ in range(limit):
        seat = state["to_act"]
        if seat not in tokens:
            state = client.until(lambda u: u["to_act"] in tokens or u["is_over"])
            client.updates.clear()
            continue
        moves = client.ask(cmd="legal", token=tokens[seat])["text"]
        if not moves:  # the state read was an update already overtaken: read it again
            state = client.ask(cmd="view", token=tokens[seat])
            continue
        state = client.ask(cmd="apply", token=tokens[seat], action=moves[0])
        assert state["ok"], state
        # a human is to act (no bot moves in between); with two humans, the other one
        if (
            state["can_undo"]
            and state["to_act"] in tokens
            and (len(tokens) == 1 or state["to_act"] != seat)
        ):
            return state
    raise AssertionError("no move could be taken back")


def test_undo_is_at_once_with_one_human_and_needs_everyones_consent_with_more(
    web: Running,
) -> None:
    a = Client(web.url)
    # Metropoli: a turn holds several decisions of one seat with no roll between them
    solo = a.ask(cmd="new", game="metropoli", players=3, bots={"1": "random", "2": "random"})
    token = solo["seats"][0]["token"]
    a.ask(cmd="follow", token=token)
    moved = _undoable(a, {0: token})
    undone = a.ask(cmd="undo", token=token)
    assert undone["ok"] and undone["seq"] < moved["seq"] and undone["legal"], undone
    assert "undo" not in undone
    a.close()

    b, c = Client(web.url), Client(web.url)
    # Metropolis: a seat's last move may hand the turn to the other with nothing drawn
    pair = b.ask(cmd="new", game="metropolis_lots")
    tokens = {s["seat"]: s["token"] for s in pair["seats"]}
    b.ask(cmd="follow", token=tokens[0])
    c.ask(cmd="follow", token=tokens[1])
    played = _undoable(b, tokens)
    seat = played["seat"]
    asked = b.ask(cmd="undo", token=tokens[seat])
    assert asked["ok"] and asked["seq"] == played["seq"] and asked["undo"]["by"] == seat
    agreed = c.ask(cmd="undo", token=tokens[1 - seat])
    assert agreed["ok"] and agreed["seq"] < played["seq"] and "undo" not in agreed
    b.close()
    c.close()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad_request"),
        ("[" * 5000, "bad_request"),
        ('{"cmd": "games", "rid": NaN}', "bad_request"),
        ('{"cmd": "fly"}', "bad_request"),
        ('{"cmd": "view"}', "bad_request"),
        ('{"cmd": "view", "token": "made-up"}', "forbidden"),
        ('{"cmd": "new", "game": "metrocity", "bots": {"0": "nonsense"}}', "bad_request"),
        ('{"cmd": "new", "game": "chess"}', "invalid_option"),
        ('{"cmd": "save", "id": "x"}', "bad_request"),
        ('{"cmd": "load", "save": {}}', "bad_request"),
        (json.dumps({"cmd": "games", "pad": "x" * 70_000}), "bad_request"),
    ],
)
def test_every_malformed_message_gets_an_error_and_the_connection_stays(
    client: Client, text: str, code: str
) -> None:
    got = client.send_text(text)
    assert got["ok"] is False and got["error"]["code"] == code, got
    assert client.ask(cmd="games")["ok"]


def test_a_flood_is_answered_with_rate_limited_and_costs_nothing_to_others() -> None:
    from common.web.store import MemoryStore

    web = Running(MemoryStore(), limits=attrs.evolve(OPEN, rate=20, burst=20))
    flood, calm = Client(web.url), Client(web.url)
    for _ in range(200):
        flood.ws.send('{"cmd": "games"}')
    codes = [flood.wait(None).get("error", {}).get("code") for _ in range(200)]
    assert "rate_limited" in codes
    assert calm.ask(cmd="games")["ok"]
    flood.close()
    calm.close()
    web.stop()


def test_a_follower_that_asks_for_the_board_gets_it_drawn_at_every_step(web: Running) -> None:
    a, b = Client(web.url), Client(web.url)
    made = a.ask(cmd="new", game="metropolia", bots={"1": "random"})
    token = made["seats"][0]["token"]
    assert a.ask(cmd="follow", token=token, svg="yes")["error"]["code"] == "bad_request"
    pictured = a.ask(cmd="follow", token=token, svg=True)
    plain = b.ask(cmd="follow", token=token)
    assert pictured["svg"].startswith("<svg") and "svg" not in plain
    state = pictured
    while not state["legal"]["text"]:
        state = a.until(lambda u: u.get("legal") or u["is_over"])
    moved = a.ask(cmd="apply", token=token, action=state["legal"]["text"][-1])
    assert moved["svg"] == a.ask(cmd="render", token=token, seq=moved["seq"])["svg"]
    # each update carries the board as it was at that step, not as it is when it is read
    update = a.until(lambda u: u["seq"] > moved["seq"])
    assert update["svg"] == a.ask(cmd="render", token=token, seq=update["seq"])["svg"]
    assert "svg" not in b.until(lambda u: u["seq"] > moved["seq"])
    a.close()
    b.close()


def test_typed_amounts_are_found_by_the_engine_and_every_step_can_be_replayed(
    client: Client,
) -> None:
    from common.protocol import amounts
    from common.registry import get

    game = get("metropoli").new_game(players=3, seed=1)
    rng = random.Random(1)
    found: dict[str, dict[str, Any]] = {}
    for _ in range(3000):
        while game.chance is not None:
            game.resolve()
        legal = game.legal_actions()
        for entry in amounts(game, legal):
            found.setdefault(entry["word"], entry)
            low, high, step = entry["min"], entry["max"], entry["step"]
            word = entry["word"]
            assert game.is_legal(f"{word} {low}") and game.is_legal(f"{word} {high}")
            assert not game.is_legal(f"{word} {high + step}")
            assert not game.is_legal(f"{word} {low + step // 2}")
        if len(found) == 3:
            break
        game.apply(legal[rng.randrange(len(legal))], seat=game.to_act)
    assert set(found) == {"bid", "raise", "cash"}
    assert found["bid"]["step"] == 50_000 and found["cash"]["step"] == 10_000
    # no amounts where every value is listed (Metro City's tokens, Metropolia's seats)
    city = get("metrocity").new_game(seed=1)
    assert amounts(city, city.legal_actions()) == []

    made = client.ask(cmd="new", game="metropolia", bots={"1": "random"})
    token = made["seats"][0]["token"]
    state = play_to_the_end(client, token)
    steps = client.ask(cmd="steps", token=token)
    assert steps["ok"] and steps["is_over"] and steps["steps"][-1]["seq"] == state["seq"]
    assert steps["steps"][0]["seat"] is None and any(s["seat"] == 0 for s in steps["steps"])
    told = [t for s in steps["steps"] for t in s["told"]]
    assert told == client.ask(cmd="describe", token=token)["told"]
    # every answer about the game has its new events step by step too, as steps has them
    again = client.ask(cmd="follow", token=token, since=steps["steps"][3]["seq"])
    assert again["steps"] == steps["steps"][4:]
    assert [t for s in again["steps"] for t in s["told"]] == again["told"]
    first = client.ask(cmd="render", token=token, seq=steps["steps"][0]["seq"])
    assert first["ok"] and first["svg"].startswith("<svg") and not first["is_over"]
    last = client.ask(cmd="render", token=token, seq=state["seq"])
    assert last["svg"] == client.ask(cmd="render", token=token)["svg"] and last["is_over"]
    middle = steps["steps"][len(steps["steps"]) // 2]["seq"]
    assert client.ask(cmd="render", id=made["id"], seq=middle)["view"]["seat"] is None
    bad = client.ask(cmd="render", token=token, seq=middle + 10**6)
    assert bad["error"]["code"] == "bad_request"
