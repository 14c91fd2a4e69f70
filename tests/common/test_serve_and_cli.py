"""The JSON-lines server and the CLI frame, driven with the toy race registered."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from click.testing import CliRunner

import common
from common.cli import main
from common.serve import MAX_LINE, Server, serve
from common.simulation import simulate


@pytest.fixture
def server(toy_registered: object) -> Server:
    return Server()


def ask(server: Server, **request: Any) -> dict[str, Any]:
    return server.handle(request)


def test_serve_plays_a_game_through_new_legal_apply_resolve(server: Server) -> None:
    r = ask(server, cmd="new", game="toyrace", players=2, seed=3, options={"target": 10})
    assert r["ok"] and r["id"] == "g1" and r["chance"]["kind"] == "shuffle"
    ask(server, cmd="resolve", id="g1", outcome=None)
    r = ask(server, cmd="resolve", id="g1", outcome=[1])
    assert r["to_act"] == 1 and r["prompt"]["kind"] == "roll"
    r = ask(server, cmd="legal", id="g1", seat=1)
    assert r["text"] == ["roll 1", "roll 2"]
    assert r["labels"] == ["Roll 1", "Roll 2"]  # the core's words: the toy game has none
    r = ask(server, cmd="legal", id="g1", seat=0)  # not to act: no moves
    assert r["text"] == [] and r["labels"] == [] and r["to_act"] == 1
    r = ask(server, cmd="apply", id="g1", action="roll 2", seat=1)
    assert r["events"][0] == {
        "type": "ActionTaken",
        "seat": 1,
        "action": {"type": "Roll", "dice": 2},
    }
    r = ask(server, cmd="resolve", id="g1", outcome=[3, 4])
    assert r["events"][1] == {"type": "Moved", "seat": 1, "to": 7}
    view = ask(server, cmd="view", id="g1", seat=0)["view"]
    assert view["state"]["positions"] == [0, 7]
    ev = ask(server, cmd="events", id="g1", since=0, seat=0)
    assert ev["events"][1]["outcome"] is None  # the shuffle is secret
    save = ask(server, cmd="save", id="g1")["save"]
    r = ask(server, cmd="load", save=save, id="copy")
    assert r["ok"] and r["id"] == "copy" and r["seq"] == ev["seq"]


@pytest.mark.parametrize(
    ("request_", "code", "says"),
    [
        ({"cmd": "fly"}, "bad_request", "unknown cmd 'fly'"),
        ({}, "bad_request", "unknown cmd None"),
        ({"cmd": "view", "id": "nope"}, "bad_request", "no open game with id 'nope'"),
        ({"cmd": "new", "game": "chess"}, "invalid_option", "no game 'chess'"),
        ({"cmd": "new", "game": "toyrace", "players": 9}, "invalid_option", "2 to 4 players"),
        ({"cmd": "new", "game": "toyrace", "options": {"x": 1}}, "invalid_option", "unknown"),
        ({"cmd": "load", "save": {"game": "toyrace"}}, "invalid_save", "lacks"),
        ({"cmd": "load"}, "bad_request", "needs 'save'"),
    ],
)
def test_serve_errors_have_stable_codes(
    server: Server, request_: dict[str, Any], code: str, says: str
) -> None:
    r = server.handle(request_)
    assert r["ok"] is False and r["error"]["code"] == code
    assert says in r["error"]["message"]


def test_serve_illegal_actions_and_bad_seats(server: Server) -> None:
    ask(server, cmd="new", game="toyrace", seed=1)
    r = ask(server, cmd="apply", id="g1", action="roll 1")
    assert r["error"]["code"] == "illegal_action" and "chance is pending" in r["error"]["message"]
    r = ask(server, cmd="view", id="g1", seat=7)
    assert r["error"]["code"] == "bad_request"
    r = ask(server, cmd="resolve", id="g1", outcome=[1, 2])
    assert r["error"]["code"] == "illegal_action"


def test_serve_loop_answers_garbage_and_keeps_serving(toy_registered: object) -> None:
    lines = [
        b"not json\n",
        b"\xff\xfe\n",
        b"[1, 2]\n",
        b"x" * (MAX_LINE + 10) + b"\n",
        b"\n",
        json.dumps({"cmd": "games", "rid": 7}).encode() + b"\n",
    ]
    out = io.StringIO()
    serve(io.BytesIO(b"".join(lines)), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [False, False, False, False, True]
    assert all(a["error"]["code"] == "bad_request" for a in answers[:4])
    assert answers[4]["rid"] == 7
    assert "toyrace" in [g["name"] for g in answers[4]["games"]]


def test_cli_lists_and_runs_the_generic_commands(toy_registered: object, tmp_path: Any) -> None:
    runner = CliRunner()
    r = runner.invoke(main, ["list"])
    assert r.exit_code == 0 and "toyrace" in r.output
    r = runner.invoke(main, ["toyrace", "demo", "--seed", "4", "-p", "3"])
    assert r.exit_code == 0 and "result: scores" in r.output
    r = runner.invoke(main, ["toyrace", "simulate", "-n", "20", "--seed", "1", "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["games"] == 20 and sum(
        seat["win_share"] for seat in summary["by_seat"]
    ) == pytest.approx(20)
    r = runner.invoke(main, ["toyrace", "demo", "-o", "target=11"])
    assert r.exit_code != 0 and "target=11 is not allowed" in r.output
    r = runner.invoke(main, ["toyrace", "bench", "-n", "3"])
    assert r.exit_code == 0 and "games/s" in r.output and "clone" in r.output


def test_cli_replay_checks_and_prints_a_save(toy_registered: object, tmp_path: Any) -> None:
    from tests.common.toygame import Race

    g = Race(players=2, seed=5)
    from common import RandomBot, play

    play(g, [RandomBot(1), RandomBot(2)])
    path = tmp_path / "game.json"
    path.write_text(g.to_json())
    r = CliRunner().invoke(main, ["toyrace", "replay", str(path), "--json"])
    assert r.exit_code == 0 and '{"type": "GameEnded"' in r.output
    path.write_text(g.to_json().replace('"seed":5', '"seed":6'))
    r = CliRunner().invoke(main, ["toyrace", "replay", str(path)])
    assert r.exit_code != 0 and "checksum" in r.output


def test_parallel_simulation_equals_the_serial_run(toy_registered: object) -> None:
    serial = simulate("toyrace", games=12, players=3, seed=40, bots=["random"])
    parallel = simulate("toyrace", games=12, players=3, seed=40, bots=["random"], jobs=2)
    assert serial == parallel


def test_cli_playthrough_soak_and_replay_walk(toy_registered: object, tmp_path: Any) -> None:
    runner = CliRunner()
    out = tmp_path / "p.txt"
    r = runner.invoke(main, ["toyrace", "playthrough", "--seed", "3", "--out", str(out)])
    assert r.exit_code == 0 and out.read_text().startswith("game: toyrace")
    r = runner.invoke(main, ["toyrace", "soak", "-n", "2", "--seed", "5"])
    assert r.exit_code == 0 and "every check passed" in r.output
    from common import RandomBot, play
    from tests.common.toygame import Race

    g = Race(players=2, seed=5)
    play(g, [RandomBot(1), RandomBot(2)])
    path = tmp_path / "g.json"
    path.write_text(g.to_json())
    r = runner.invoke(main, ["toyrace", "replay", str(path), "--step"], input="\n\nb\n3\nq\n")
    assert r.exit_code == 0 and "step 2/" in r.output and "step 3/" in r.output


def test_cli_tournament_reports_win_rates_with_intervals(toy_registered: object) -> None:
    r = CliRunner().invoke(
        main, ["toyrace", "tournament", "-b", "random,mcts", "-n", "4", "--seed", "1", "--json"]
    )
    assert r.exit_code == 0, r.output
    table = json.loads(r.output)
    assert [(p["bot"], p["against"]) for p in table["pairings"]] == [
        ("random", "mcts"),
        ("mcts", "random"),
    ]
    for p in table["pairings"]:
        assert 0 <= p["ci95"][0] <= p["win_rate"] <= p["ci95"][1] <= 1


def test_wilson_interval_matches_known_values() -> None:
    from common.tournament import wilson

    low, high = wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943


def test_dask_simulation_equals_the_serial_run(toy_registered: object) -> None:
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    serial = simulate("toyrace", games=30, players=2, seed=7, bots=["random"])
    with LocalCluster(  # type: ignore[no-untyped-call, unused-ignore]
        n_workers=2, threads_per_worker=1, processes=False
    ) as cluster:
        spread = simulate(
            "toyrace",
            games=30,
            players=2,
            seed=7,
            bots=["random"],
            scheduler=cluster.scheduler_address,
        )
    assert spread == serial


def test_cli_render_prints_text_and_needs_an_svg_renderer(
    toy_registered: object, tmp_path: Any
) -> None:
    runner = CliRunner()
    r = runner.invoke(main, ["toyrace", "render", "--seed", "1", "-k", "5"])
    assert r.exit_code == 0 and '"positions"' in r.output
    r = runner.invoke(main, ["toyrace", "render", "--seed", "1", "--svg", str(tmp_path / "x.svg")])
    assert r.exit_code != 0 and "no SVG renderer" in r.output


def test_metro_bench_measures_a_named_game(toy_registered: object) -> None:
    r = CliRunner().invoke(main, ["bench", "toyrace", "-n", "3"])
    assert r.exit_code == 0 and "actions/s" in r.output
    # issue 8: the machine's speed beside the figures, before and after the timed batches
    speeds = re.findall(
        r"loop ran ([\d.]+) M iterations/s before the batches and ([\d.]+) M", r.output
    )
    assert len(speeds) == 1 and all(float(x) > 0 for x in speeds[0]), r.output
    # --repeat: that many timed runs, each run's rate shown, the fastest reported
    r = CliRunner().invoke(main, ["bench", "toyrace", "-n", "3", "--repeat", "4"])
    assert r.exit_code == 0 and "fastest of 4 runs" in r.output, r.output
    (each,) = re.findall(r"each run: ([\d, ]+) actions/s", r.output)
    rates = [int(x.replace(",", "")) for x in each.split(", ")]
    (best,) = re.findall(r"random self-play: [\d.,]+ games/s, ([\d,]+) actions/s", r.output)
    assert len(rates) == 4 and int(best.replace(",", "")) == max(rates), r.output
    r = CliRunner().invoke(main, ["bench", "toyrace", "--repeat", "0"])
    assert r.exit_code != 0 and "--repeat" in r.output and "x>=1" in r.output
    r = CliRunner().invoke(main, ["bench", "chess"])
    assert r.exit_code != 0 and "no game 'chess'" in r.output


def test_metro_bench_warms_up_untimed_before_its_timed_runs(
    toy_registered: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 8: a tenth of the batch first, so no timed run pays the process's one-time tables
    from common import speed

    batches: list[tuple[int, bool]] = []
    real = speed.random_batch

    def counted(info: Any, n: int, *args: Any, read_log: bool = False) -> Any:
        batches.append((n, read_log))
        return real(info, n, *args, read_log=read_log)

    monkeypatch.setattr(speed, "random_batch", counted)
    r = CliRunner().invoke(main, ["bench", "toyrace", "-n", "30", "--repeat", "2"])
    assert r.exit_code == 0, r.output
    assert batches == [(3, False), (30, False), (30, False), (30, True)]


def test_a_games_own_flags_feed_its_rule_options(tmp_path: Any) -> None:
    from common import GameInfo, register
    from common.registry import _REGISTRY
    from tests.common.toygame import Race

    register(GameInfo(Race, flags={"target": "The winning square."}))
    try:
        r = CliRunner().invoke(main, ["toyrace", "demo", "--seed", "2", "--target", "10"])
        assert r.exit_code == 0 and "result" in r.output
        r = CliRunner().invoke(main, ["toyrace", "demo", "--seed", "2", "--target", "11"])
        assert r.exit_code != 0 and "target=11 is not allowed" in r.output
        r = CliRunner().invoke(main, ["toyrace", "simulate", "--help"])
        assert "--target TARGET" in r.output
    finally:
        _REGISTRY.pop("toyrace", None)


def test_option_values_can_come_from_json_files(toy_registered: object, tmp_path: Any) -> None:
    from common import GameInfo, register
    from tests.common.toygame import Race

    good = tmp_path / "target.json"
    good.write_text("10")
    r = CliRunner().invoke(main, ["toyrace", "demo", "--seed", "1", "-o", f"target=@{good}"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["toyrace", "demo", "-o", f"target=@{tmp_path / 'none.json'}"])
    assert r.exit_code != 0 and "cannot read" in r.output
    register(
        GameInfo(
            Race, flags={"target": "A file holding the target."}, file_flags=frozenset({"target"})
        )
    )
    r = CliRunner().invoke(main, ["toyrace", "demo", "--seed", "1", "--target", str(good)])
    assert r.exit_code == 0, r.output


def test_serve_answers_never_show_a_secret_outcome(server: Server) -> None:
    ask(server, cmd="new", game="toyrace", seed=3)
    shuffled = ask(server, cmd="resolve", id="g1", outcome=None)
    assert shuffled["events"][0]["outcome"] is None  # the bonus deck's order is secret
    save = ask(server, cmd="save", id="g1")["save"]
    assert save["events"][1]["outcome"] is not None  # the host's save holds the truth


def test_tournament_tables_are_the_same_for_any_number_of_jobs(toy_registered: object) -> None:
    from common.tournament import tournament

    serial = tournament("toyrace", ["random", "mcts:5"], games=6, seed=3)
    parallel = tournament("toyrace", ["random", "mcts:5"], games=6, seed=3, jobs=2)
    # every game's wall time is the one figure a run of its own gives
    for table in (serial, parallel):
        for record in table["records"]:
            assert record.pop("seconds") > 0
    assert serial == parallel


def test_tournament_ahead_rate_is_the_win_rate_with_two_players(toy_registered: object) -> None:
    from common.tournament import tournament

    table = tournament("toyrace", ["random", "mcts:5"], games=8, seed=5)
    for row in table["pairings"]:
        assert row["ahead_rate"] == row["win_rate"]
        assert 0 <= row["ahead_ci95"][0] <= row["ahead_rate"] <= row["ahead_ci95"][1] <= 1


def test_ahead_share_compares_the_seat_with_each_other_seat() -> None:
    from common.game import Result
    from common.tournament import ahead_share

    r = Result((5, 9, 5), (1,), "")
    assert ahead_share(r, 1) == 1.0
    assert ahead_share(r, 0) == 0.25  # behind the winner, level with seat 2
    # a winner is ahead of a loser with more points (a bankrupt seat's wealth, say)
    assert ahead_share(Result((3, 7, 1), (0,), ""), 0) == 1.0
    assert ahead_share(Result((3, 7, 1), (0,), ""), 1) == 0.5
    assert ahead_share(Result((4, 4), (0, 1), ""), 0) == 0.5


def test_cli_refuses_a_bad_mcts_budget(toy_registered: object) -> None:
    r = CliRunner().invoke(main, ["toyrace", "tournament", "-b", "random,mcts:abc", "-n", "1"])
    assert r.exit_code == 2
    assert "bad MCTS budget 'abc'" in r.output


@pytest.mark.parametrize("name", sorted(common.games()))
def test_serve_data_gives_each_games_static_description(name: str) -> None:
    server = Server()
    answer = server.handle({"cmd": "data", "game": name})
    assert answer["ok"], answer
    cls = common.get(name).cls
    assert answer["data"] == json.loads(json.dumps(cls.static_data()))
    bad = server.handle({"cmd": "data", "game": name, "options": {"nonsense": 1}})
    assert bad["error"]["code"] == "invalid_option"


def test_version_two_answers_carry_the_seats_view_words_and_moves() -> None:
    """Issue 24: one round trip a move; the answer is given in the request's seat's eyes."""
    server = Server()
    r = server.handle({"cmd": "new", "game": "metrocity", "seed": 7, "v": 2, "seat": 0})
    assert r["ok"] and r["view"]["seat"] == 0 and "legal" not in r  # chance first
    for _ in range(3):
        r = server.handle({"cmd": "resolve", "id": r["id"], "v": 2, "seat": 1})
    assert r["to_act"] == 1 and r["legal"]["text"] and r["told"]
    first = r["legal"]["text"][0]
    other = server.handle({"cmd": "view", "id": "g1", "v": 2, "seat": 0})
    assert "legal" not in other and other["view"]["seat"] == 0
    moved = server.handle({"cmd": "apply", "id": "g1", "action": first, "v": 2, "seat": 1})
    assert moved["ok"] and moved["told"][0].startswith(("Player 2", "You"))
    assert moved["view"]["seat"] == 1
    v1 = server.handle({"cmd": "view", "id": "g1", "seat": 1})
    assert set(v1) == {"ok", "id", "view"}  # version 1 answers as before
    bad = server.handle({"cmd": "view", "id": "g1", "v": 3})
    assert bad["error"]["code"] == "bad_request" and "v must be one of" in bad["error"]["message"]


def test_bot_undo_describe_and_render_through_serve() -> None:
    server = Server()
    server.handle({"cmd": "new", "game": "metropolia", "seed": 3, "id": "m"})
    while (state := server.handle({"cmd": "view", "id": "m"})["view"])["chance"] is not None:
        server.handle({"cmd": "resolve", "id": "m"})
    seat = state["to_act"]
    moved = server.handle({"cmd": "bot", "id": "m", "bot": "heuristic"})
    assert moved["ok"] and moved["events"][0]["type"] == "ActionTaken"
    assert moved["events"][0]["seat"] == seat
    told = server.handle({"cmd": "describe", "id": "m", "since": 0, "seat": seat})
    assert told["ok"] and told["told"] and all(isinstance(t, str) for t in told["told"])
    undone = server.handle({"cmd": "undo", "id": "m"})
    assert undone["ok"] and undone["to_act"] == seat
    picture = server.handle({"cmd": "render", "id": "m", "seat": seat})
    assert picture["ok"] and picture["svg"].lstrip().startswith(("<svg", "<?xml"))
    nobody = server.handle({"cmd": "bot", "id": "m", "bot": "nonsense"})
    assert nobody["error"]["code"] == "bad_request" and "no bot" in nobody["error"]["message"]
    wrong = server.handle({"cmd": "bot", "id": "m", "seat": 1 - seat})
    assert wrong["error"]["code"] == "illegal_action"
