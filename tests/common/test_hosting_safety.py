"""Issue 21, hosting safety: each of the ten ways a hostile seat, request or save broke the
engines, tried again as an attacker would. Each test failed on main before the fix."""

from __future__ import annotations

import builtins
import hashlib
import io
import json
import math
from typing import Any

import pytest

import common
import metrocity
import metropolia
import metropolis_lots
from common import IllegalAction, InvalidOption, InvalidSave, RandomBot, play
from common.game import SEED_LIMIT
from common.jsontext import JSONError
from common.jsontext import loads as strict_loads
from common.serve import Server, serve

GAMES = sorted(common.games())


def _strict(line: str) -> Any:
    """Parse an answer as any other JSON reader would: NaN and Infinity are not JSON."""

    def refuse(name: str) -> Any:
        raise ValueError(f"{name} in an answer")

    return json.loads(line, parse_constant=refuse)


def _served(*requests: str | bytes) -> list[dict[str, Any]]:
    """Run raw request lines through the real ``serve`` loop; return the parsed answers."""
    lines = [r if isinstance(r, bytes) else r.encode() for r in requests]
    out = io.StringIO()
    serve(io.BytesIO(b"".join(line.rstrip(b"\n") + b"\n" for line in lines)), out)
    return [_strict(line) for line in out.getvalue().splitlines()]


def _resave(save: dict[str, Any]) -> dict[str, Any]:
    """The save with its checksum computed again, as an attacker who edited it would."""
    text = json.dumps(save["events"], sort_keys=True, separators=(",", ":"))
    return {**save, "checksum": hashlib.sha256(text.encode()).hexdigest()}


def _played(name: str, seed: int = 3) -> common.Game:
    game = common.get(name).new_game(seed=seed)
    play(game, [RandomBot(seed + s) for s in range(game.num_players)])
    return game


# ---------------------------------------------------------------------- 1. the seed is the host's


@pytest.mark.parametrize("name", GAMES)
def test_no_seat_and_no_spectator_sees_the_seed(name: str) -> None:
    game = _played(name, seed=123_456_789)
    for seat in [None, *range(game.num_players)]:
        first = game.events_for(seat)[0]
        assert first["type"] == "GameStarted" and first["seed"] is None
        assert "123456789" not in json.dumps(game.events_for(seat))
        assert "123456789" not in json.dumps(game.view(seat))
    assert json.loads(game.to_json())["events"][0]["seed"] == 123_456_789  # the host's save


def test_a_seat_cannot_rebuild_the_game_from_what_it_sees() -> None:
    game = metrocity.new_game(seed=99)
    play(game, [RandomBot(1), RandomBot(2)])
    with pytest.raises(InvalidSave, match="seed"):
        common.replay(game.events_for(0))


def test_serve_never_tells_a_seat_or_the_creator_the_seed() -> None:
    server = Server()
    new = server.handle({"cmd": "new", "game": "metrocity", "seed": 4242})
    assert "seed" not in new and "4242" not in json.dumps(new)
    for seat in (None, 0, 1):
        events = server.handle({"cmd": "events", "id": new["id"], "seat": seat})
        view = server.handle({"cmd": "view", "id": new["id"], "seat": seat})
        assert "4242" not in json.dumps(events) + json.dumps(view)
    assert server.handle({"cmd": "save", "id": new["id"]})["save"]["events"][0]["seed"] == 4242


# ---------------------------------------------------------------------- 2. nesting


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def test_a_line_of_a_thousand_brackets_is_a_bad_request_and_the_server_goes_on() -> None:
    answers = _served("[" * 1000, "[" * 100_000, '{"cmd": "games", "rid": 1}')
    assert [a["ok"] for a in answers] == [False, False, True]
    assert all("nested" in a["error"]["message"] for a in answers[:2])


@pytest.mark.parametrize("field", ["rid", "action", "outcome", "save", "options", "players"])
def test_nesting_inside_any_field_is_a_bad_request(field: str) -> None:
    server = Server()
    server.handle({"cmd": "new", "game": "metrocity", "seed": 1, "id": "g"})
    cmd = {"action": "apply", "outcome": "resolve", "save": "load"}.get(field, "new")
    request = {"cmd": cmd, "id": "g", "game": "metrocity", field: _nested(200)}
    line = json.dumps(request)
    answer = server.handle_line(line)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request"
    assert "nested more than 64" in answer["error"]["message"]
    assert server.handle(request)["error"]["code"] == "bad_request"  # Python callers too
    assert list(server.games) == ["g"]


def test_load_and_replay_refuse_deep_saves_with_invalid_save() -> None:
    deep = '{"format": 1, "game": "metrocity", "events": ' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(InvalidSave, match="nested"):
        common.load(deep)
    with pytest.raises(InvalidSave, match="nested"):
        common.load({"format": 1, "game": "metrocity", "checksum": "", "events": _nested(100)})
    with pytest.raises(InvalidSave, match="nested"):
        common.replay([{"type": "GameStarted", "options": _nested(100)}])


# ---------------------------------------------------------------------- 3. no file is read


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/stdin", "/etc/passwd", "/nonexistent"])
def test_a_client_cannot_make_the_server_read_a_file(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_open(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"the server opened {args[0]!r}")

    monkeypatch.setattr(builtins, "open", no_open)
    server = Server()
    for game, option in (("metropolis_lots", "chart"), ("metropoli", "cards")):
        answer = server.handle({"cmd": "new", "game": game, "options": {option: path}})
        assert answer["error"]["code"] == "invalid_option"
        assert path not in answer["error"]["message"]  # it tells nothing of the file


def test_a_save_naming_a_chart_file_is_refused_unread() -> None:
    save = json.loads(_played("metropolis_lots").to_json())
    save["events"][0]["options"]["chart"] = "/dev/zero"
    with pytest.raises(InvalidSave, match="not a file name"):
        common.load(_resave(save))


def test_a_chart_given_as_data_plays_and_reloads() -> None:
    chart = json.loads((metropolis_lots.data.DATA_DIR / "chart.json").read_text())
    game = metropolis_lots.new_game(players=2, seed=5, chart=chart)
    play(game, [RandomBot(1), RandomBot(2)])
    assert common.load(game.to_json()).to_json() == game.to_json()


# ---------------------------------------------------------------------- 4. integers are integers


def _at_setup_shuffle() -> metrocity.MetroCity:
    game = metrocity.new_game(seed=2)
    assert game.chance is not None and game.chance.kind == "shuffle"
    return game


@pytest.mark.parametrize("bent", [float, lambda v: True if v == 1 else v])
def test_a_shuffle_of_floats_or_booleans_is_refused(bent: Any) -> None:
    game = _at_setup_shuffle()
    chance = game.chance
    assert chance is not None
    order = [bent(v) for v in chance.cards]  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="ordering"):
        game.resolve(order)
    assert game.chance is chance and len(game.events) == 1


def test_metropolia_refuses_a_roll_of_two_point_oh_dice() -> None:
    game = metropolia.new_game(players=2, seed=1)
    while game.chance is not None:
        game.resolve()
    for bad in (metropolia.Roll(2.0), {"type": "Roll", "dice": 2.0}, metropolia.Roll(True)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert all(
        type(e.action.dice) is int  # type: ignore[attr-defined]
        for e in game.events
        if isinstance(e, common.ActionTaken)
    )


def test_counts_seats_and_indexes_must_be_integers() -> None:
    with pytest.raises(InvalidOption, match="count or a list of names"):
        metrocity.new_game(players=2.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidOption, match="count or a list of names"):
        metrocity.new_game(players=True)
    game = _played("metrocity")
    for bad in (True, 1.0, -1, 2):
        with pytest.raises(IllegalAction, match="no seat"):
            game.view(bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="no seat"):
            game.events_for(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="since"):
        game.events_for(None, since=1.5)  # type: ignore[arg-type]
    decision = next(i for i, e in enumerate(game.events) if isinstance(e, common.ActionTaken))
    with pytest.raises(IllegalAction, match="not a decision"):
        game.undo(to=float(decision))  # type: ignore[arg-type]
    live = metrocity.new_game(seed=2)
    while live.chance is not None:
        live.resolve()
    seat = live.to_act
    assert seat is not None
    with pytest.raises(IllegalAction, match="a seat is an integer"):
        live.apply(live.legal_actions()[0], seat=float(seat))  # type: ignore[arg-type]


# ---------------------------------------------------------------------- 5. the legal list is sealed


@pytest.mark.parametrize("name", GAMES)
def test_writing_into_the_legal_actions_is_impossible(name: str) -> None:
    game = common.get(name).new_game(seed=4)
    while game.chance is not None:
        game.resolve()
    legal = game.legal_actions()
    with pytest.raises(TypeError):
        legal[0] = legal[-1]  # type: ignore[index]
    assert not hasattr(legal, "append")


def test_an_action_of_another_game_is_refused_even_if_it_looks_listed() -> None:
    game = metrocity.new_game(seed=4)
    while game.chance is not None:
        game.resolve()
    game.legal_actions()
    with pytest.raises(IllegalAction, match="not an action of this game"):
        game.apply(metropolia.Pass())


# ---------------------------------------------------------------------- 6. ids


def test_an_open_games_id_is_never_replaced_and_never_listed() -> None:
    server = Server()
    mine = server.handle({"cmd": "new", "game": "metrocity", "id": "g1", "seed": 1})
    assert mine["ok"]
    taken = server.handle({"cmd": "new", "game": "metrocity", "id": "g1"})
    assert taken["error"]["code"] == "bad_request" and "taken" in taken["error"]["message"]
    save = server.handle({"cmd": "save", "id": "g1"})["save"]
    loaded = server.handle({"cmd": "load", "save": save, "id": "g1"})
    assert loaded["error"]["code"] == "bad_request"
    auto = server.handle({"cmd": "new", "game": "metrocity"})
    assert auto["ok"] and auto["id"] != "g1"
    for i in range(50):
        server.handle({"cmd": "new", "game": "metrocity", "id": f"secret-{i}"})
    unknown = server.handle({"cmd": "view", "id": "nope"})["error"]["message"]
    assert "secret" not in unknown and "g1" not in unknown and len(unknown) < 80


@pytest.mark.parametrize("bad", ["", "a b", "x" * 65, "é", 7, ["g"]])
def test_an_id_is_a_short_plain_word(bad: Any) -> None:
    answer = Server().handle({"cmd": "new", "game": "metrocity", "id": bad})
    assert answer["error"]["code"] == "bad_request" and "id must be" in answer["error"]["message"]


# ---------------------------------------------------------------------- 7. typed errors


@pytest.mark.parametrize("extra", [{"seed": 3}, {"players": 2}])
def test_a_save_with_seed_or_players_among_its_options_is_invalid(extra: dict[str, Any]) -> None:
    save = json.loads(_played("metrocity").to_json())
    save["events"][0]["options"].update(extra)
    with pytest.raises(InvalidSave, match="not options of metrocity"):
        common.load(_resave(save))


@pytest.mark.parametrize("fmt", [0, -1, True, 1.0])
def test_a_save_format_is_an_integer_from_one(fmt: Any) -> None:
    save = json.loads(_played("metrocity").to_json())
    save["format"] = fmt
    with pytest.raises(InvalidSave, match="format"):
        common.load(save)
    save = _resave({**save, "format": 2})
    save["events"][0]["format"] = fmt
    with pytest.raises(InvalidSave, match="format"):
        common.load(_resave(save))


def test_replay_of_a_log_with_a_non_event_is_invalid_save() -> None:
    start = _played("metrocity").events[0]
    with pytest.raises(InvalidSave, match="event 1 is int"):
        common.replay([start, 5])  # type: ignore[list-item]
    with pytest.raises(InvalidSave):
        common.replay("GameStarted")  # type: ignore[arg-type]


# ---------------------------------------------------------------------- 8. seeds below 2**53


def test_seeds_are_drawn_and_taken_below_two_to_the_53() -> None:
    assert all(metrocity.new_game().seed < SEED_LIMIT for _ in range(200))
    metrocity.new_game(seed=SEED_LIMIT - 1).to_json()
    for bad in (SEED_LIMIT, 10**5000, -1, 1.0, True):
        with pytest.raises(InvalidOption, match=r"2\*\*53"):
            metrocity.new_game(seed=bad)  # type: ignore[arg-type]


def test_a_save_survives_a_javascript_round_trip() -> None:
    game = metrocity.new_game()
    play(game, [RandomBot(1), RandomBot(2)])
    text = game.to_json()
    # JavaScript numbers are doubles: every integer of the save must come back exact
    as_doubles = json.loads(text, parse_int=lambda s: int(float(s)))
    assert common.load(as_doubles).to_json() == text


# ---------------------------------------------------------------------- 9. strict JSON out


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
def test_nan_and_infinity_in_a_request_are_refused_not_echoed(constant: str) -> None:
    (answer,) = _served(f'{{"cmd": "games", "rid": {constant}}}')
    assert answer["ok"] is False and "rid" not in answer
    assert answer["error"]["code"] == "bad_request"


def test_strict_json_reader_refuses_what_json_dumps_would_not_write() -> None:
    for text in ("NaN", "[1e400]", '"\\ud800"', '{"a": -Infinity}'):
        with pytest.raises(JSONError):
            strict_loads(text)
    assert strict_loads('{"a": [1, 2.5, "x", null, true]}') == {"a": [1, 2.5, "x", None, True]}
    with pytest.raises(ValueError):
        common.jsontext.dumps({"x": math.nan})


# ---------------------------------------------------------------------- 10. seat-blind answers


def _placing() -> tuple[Server, int]:
    server = Server()
    server.handle({"cmd": "new", "game": "metrocity", "seed": 7, "id": "g"})
    for _ in range(3):
        state = server.handle({"cmd": "resolve", "id": "g"})
    return server, state["to_act"]


def test_legal_answers_only_the_seat_to_act_and_only_in_its_own_eyes() -> None:
    server, seat = _placing()
    missing = server.handle({"cmd": "legal", "id": "g"})
    assert (
        missing["error"]["code"] == "bad_request" and "needs 'seat'" in missing["error"]["message"]
    )
    other = server.handle({"cmd": "legal", "id": "g", "seat": 1 - seat})
    assert other["ok"] and other["actions"] == [] and other["text"] == []
    own = server.handle({"cmd": "legal", "id": "g", "seat": seat})
    assert own["text"] and all(t.startswith(("place", "build")) for t in own["text"])


def test_an_apply_error_shows_the_moves_only_to_the_seat_to_act() -> None:
    server, seat = _placing()
    held = {t.split()[1] for t in server.handle({"cmd": "legal", "id": "g", "seat": seat})["text"]}
    absent = next(t for t in ("res1", "res5", "com2", "ind7", "park", "mall") if t not in held)
    wrong = f"place {absent} A1"  # well formed, but the tile is not in the hand
    blind = server.handle({"cmd": "apply", "id": "g", "action": wrong})
    assert blind["error"]["code"] == "illegal_action"
    assert "legal:" not in blind["error"]["message"]
    assert not any(h in blind["error"]["message"] for h in held)  # the hand stays hidden
    other = server.handle({"cmd": "apply", "id": "g", "action": wrong, "seat": 1 - seat})
    assert "legal:" not in other["error"]["message"]
    own = server.handle({"cmd": "apply", "id": "g", "action": wrong, "seat": seat})
    assert "legal:" in own["error"]["message"]


@pytest.mark.parametrize("junk", [None, 0, "", {}, []])
def test_junk_is_never_mistaken_for_a_listed_action(junk: Any) -> None:
    # a by-index sequence that nobody has read yet remembers no item: None is not one
    game = metrocity.new_game(seed=4)
    while game.chance is not None:
        game.resolve()
    game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(junk)
    assert not game.is_legal(junk)


def test_a_save_of_the_old_format_is_refused_with_the_reason() -> None:
    save = json.loads(_played("metrocity").to_json())
    save["format"] = 1
    with pytest.raises(InvalidSave, match="format 1, written before"):
        common.load(save)
