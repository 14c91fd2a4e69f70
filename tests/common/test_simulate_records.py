"""simulate for research (issue 27): the user's bots, per-game records, statistics."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import common
from common import get
from common.botspec import BotError
from common.cli import main
from common.simulation import (
    GameRecord,
    _unflat,
    dask_jobs,
    long_rows,
    read_records,
    records_text,
    summarize,
    write_records,
)
from common.tournament import wilson
from tests.common.userbots import FirstMoveBot, SeededBot, make_seeded

ROOT = Path(__file__).resolve().parents[2]
#: the figures each game's records declare beyond the common ones (docs/core.md)
EXTRAS = {
    "metropolia": {"landmarks", "coins"},
    "metropoli": {"bankruptcies", "bankrupt", "wealth"},
    "metropolis_lots": {"buildings"},
    "metrocity": {"streets"},
}


# ------------------------------------------------------------------ simulate's API
def test_simulate_takes_names_classes_factories_and_objects_alike() -> None:
    by_name = common.simulate(
        "metrocity", ["tests.common.userbots:SeededBot", "random"], games=6, seed=2
    )
    by_class = common.simulate("metrocity", [SeededBot, "random"], games=6, seed=2)
    by_factory = common.simulate("metrocity", [make_seeded, "random"], games=6, seed=2)
    assert [r.scores for r in by_name] == [r.scores for r in by_class]
    assert [r.scores for r in by_class] == [r.scores for r in by_factory]
    assert by_class[0].bots == ("SeededBot", "random")
    first = FirstMoveBot()
    with_object = common.simulate("metrocity", [first, FirstMoveBot], games=2, seed=2)
    assert with_object[0].bots == ("FirstMoveBot", "FirstMoveBot#2")


def test_simulate_takes_a_game_factory() -> None:
    import metropolia

    records = common.simulate(_plus_game, ["heuristic", "random"], games=4, seed=5, jobs=2)
    assert len(records) == 4 and records[0].seed == 5
    again = [metropolia.new_game(seed=r.seed, plus=True) for r in records]
    assert all(g.options["plus"] for g in again)
    with pytest.raises(ValueError, match="belong to the game factory"):
        common.simulate(_plus_game, games=1, players=3)


def _plus_game(seed: int) -> common.Game:
    import metropolia

    return metropolia.new_game(players=2, seed=seed, plus=True)


def test_user_bots_in_processes_play_as_in_one() -> None:
    serial = common.simulate("metropolia", [SeededBot, "heuristic"], games=10, seed=3)
    parallel = common.simulate("metropolia", [SeededBot, "heuristic"], games=10, seed=3, jobs=2)
    assert serial == parallel


def test_a_lambda_is_refused_for_processes_with_the_reason() -> None:
    with pytest.raises(BotError, match=r"bot 0 \(<lambda>\) cannot be sent to other processes"):
        common.simulate("metrocity", [lambda seed: SeededBot(seed)], games=2, jobs=2)
    # in one process a lambda plays
    assert len(common.simulate("metrocity", [lambda seed: SeededBot(seed)], games=2)) == 2
    with pytest.raises(BotError, match="game factory cannot be sent"):
        common.simulate(lambda seed: get("metrocity").new_game(seed=seed), games=2, jobs=2)


def test_bad_bots_are_refused_in_one_line() -> None:
    with pytest.raises(BotError, match="no bot 'nonsense'"):
        common.simulate("metrocity", ["nonsense"], games=1)
    with pytest.raises(BotError, match="cannot import nonsense_xyz"):
        common.simulate("metrocity", ["nonsense_xyz:Bot"], games=1)
    with pytest.raises(BotError, match="NOT_A_BOT is not a class or a function"):
        common.simulate("metrocity", ["tests.common.userbots:NOT_A_BOT"], games=1)
    with pytest.raises(BotError, match="dict did not make a bot: TypeError"):
        common.simulate("metrocity", [dict], games=1)  # type: ignore[list-item]
    with pytest.raises(BotError, match="str made str, which has no choose"):
        common.simulate("metrocity", [str], games=1)  # type: ignore[list-item]


def test_cli_plays_a_users_bot_class_by_module_and_class(tmp_path: Path) -> None:
    mine = tmp_path / "mybots.py"
    mine.write_text(
        "class Cautious:\n"
        "    def __init__(self, seed):\n"
        "        self.seed = seed\n"
        "    def choose(self, game, seat):\n"
        "        return game.legal_actions()[-1]\n"
    )
    r = CliRunner().invoke(
        main,
        ["metrocity", "simulate", "-n", "4", "-s", "1", "--bot", f"{mine}:Cautious", "--json"],
    )
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["bots"] == [f"{mine}:Cautious"] and summary["games"] == 4
    r = CliRunner().invoke(
        main,
        ["metrocity", "simulate", "-n", "4", "-s", "1", "-b", "random",
         "--bot", "tests.common.userbots:FirstMoveBot", "-j", "2", "--json"],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["by_bot"]["tests.common.userbots:FirstMoveBot"]["games"] == 4
    r = CliRunner().invoke(main, ["metrocity", "simulate", "--bot", "nonsense_xyz:Bot"])
    assert r.exit_code == 2 and "cannot import nonsense_xyz" in r.output
    assert "Traceback" not in r.output


# ------------------------------------------------------------------ records
@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_the_record_file_read_back_gives_the_printed_summary(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"games{suffix}"
    saves = tmp_path / "saves"
    r = CliRunner().invoke(
        main,
        ["metropolia", "simulate", "-n", "12", "-s", "4", "-b", "heuristic,greedy,random",
         "-p", "3", "--out", str(out), "--save-games", str(saves), "--json"],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    printed = json.loads(r.output)
    records = read_records(out)
    assert len(records) == 12 and records[0].seed == 4
    summary = summarize(records)
    assert {k: printed[k] for k in summary} == summary
    for record in records:
        assert set(record.extras) == EXTRAS["metropolia"] and record.turns
        game = common.load((saves / f"game-{record.seed}.json").read_text())
        assert game.result().scores == record.scores
        assert game.decisions == record.decisions


def test_csv_and_json_lines_hold_the_same_records() -> None:
    records = common.simulate("metropoli", ["heuristic", "random"], games=3, seed=8)
    assert read_back(records, ".csv") == records == read_back(records, ".jsonl")


def read_back(records: list[GameRecord], suffix: str) -> list[GameRecord]:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"r{suffix}"
        write_records(records, path)
        return read_records(path)


def test_records_say_seed_seats_scores_winners_and_length() -> None:
    text = records_text(
        common.simulate("metrocity", ["heuristic", "random"], games=2, seed=10), "csv"
    )
    rows = list(csv.DictReader(io.StringIO(text)))
    header = list(rows[0])
    # what was played first (a file of records stands on its own), then the game's own
    assert header[:4] == ["game", "players", "options", "engine"]
    assert header[4:11] == ["index", "seed", "bot[0]", "bot[1]", "score[0]", "score[1]", "winners"]
    assert {"decisions", "turns", "events", "seconds", "streets[0]", "streets[1]"} <= set(header)
    assert rows[0]["game"] == "metrocity" and rows[0]["engine"] == common.__version__
    assert json.loads(rows[0]["options"]) == {"tie": "discard"}
    # winners are a JSON list in every row, one winner or several: one type for pandas
    assert all(isinstance(json.loads(r["winners"]), list) for r in rows)
    assert all(float(r["seconds"]) > 0 for r in rows)


def test_the_long_form_has_a_row_a_seat_and_its_share_of_the_win() -> None:
    records = common.simulate("metropolia", ["greedy", "random"], games=4, seed=2, players=3)
    rows = long_rows(records)
    assert len(rows) == 4 * 3
    assert [(r["index"], r["seat"]) for r in rows] == [(i, s) for i in range(4) for s in range(3)]
    for record in records:
        mine = [r for r in rows if r["index"] == record.index]
        assert [r["bot"] for r in mine] == list(record.bots)
        assert [r["score"] for r in mine] == list(record.scores)
        assert [r["landmarks"] for r in mine] == record.extras["landmarks"]
        assert sum(r["won"] for r in mine) == len(record.winners)
        assert sum(r["win_share"] for r in mine) == (1.0 if record.winners else 0.0)
    text = records_text(records, "csv", long=True)
    assert text.splitlines()[0].startswith("game,players,engine,index,seed,decisions,turns")


def test_records_written_before_the_engine_version_are_still_read() -> None:
    old = "index,seed,bot[0],bot[1],score[0],score[1],winners,decisions,turns,events\n"
    old += "0,5,a,b,3,3,0;1,40,20,90\n"
    (record,) = [_unflat(row) for row in csv.DictReader(io.StringIO(old))]
    assert record.winners == (0, 1) and record.players == 2 and record.game == ""


@pytest.mark.parametrize("name", sorted(EXTRAS))
def test_every_game_declares_its_record_extras_and_turns(name: str) -> None:
    info = get(name)
    records = common.simulate(name, ["heuristic", "random"], games=2, seed=1)
    for r in records:
        assert set(r.extras) == EXTRAS[name]
        assert r.turns is not None and 0 < r.turns <= r.decisions + info.cls.max_players
        for value in r.extras.values():
            assert isinstance(value, int) or len(value) == len(r.bots)
        json.dumps(r.to_json())


def test_record_extras_count_what_the_final_view_shows() -> None:
    (r,) = common.simulate("metrocity", ["heuristic", "random"], games=1, seed=3)
    assert sum(r.extras["streets"]) <= 11
    (m,) = common.simulate("metropolia", ["heuristic", "random"], games=1, seed=3)
    assert m.extras["landmarks"] == list(m.scores)  # a Metropolia score is landmarks built


# ------------------------------------------------------------------ statistics
def test_summary_counts_whole_wins_and_shares_and_gives_wilson_intervals() -> None:
    records = [
        GameRecord(0, 1, ("a", "b"), (5, 5), (0, 1), 10, 4, 20),
        GameRecord(1, 2, ("b", "a"), (7, 1), (0,), 12, 5, 22),
        GameRecord(2, 3, ("a", "b"), (9, 1), (0,), 14, None, 24),
    ]
    s = summarize(records)
    a, b = s["by_bot"]["a"], s["by_bot"]["b"]
    assert (a["wins"], a["win_share"], b["wins"], b["win_share"]) == (2, 1.5, 2, 1.5)
    assert a["win_rate"] == 0.5 and a["ci95"] == [round(x, 4) for x in wilson(1.5, 3)]
    assert a["scores"]["mean"] == 5.0 and b["scores"]["mean"] == pytest.approx(13 / 3, abs=1e-3)
    assert s["by_seat"][0]["wins"] == 3 and s["by_seat"][1]["wins"] == 1
    assert s["decisions"] == {"mean": 12.0, "sd": 2.0, "median": 12, "min": 10, "max": 14}
    assert s["turns"]["mean"] == 4.5 and s["shared_wins"] == 1 and s["no_winner"] == 0


def test_wilson_interval_matches_published_values() -> None:
    # Wilson (1927) as tabled by Newcombe (1998), Table I: 81/263 -> 0.2553 to 0.3662
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson(0, 10)
    assert low == 0 and round(high, 4) == 0.2775


def test_cli_summary_prints_whole_wins() -> None:
    r = CliRunner().invoke(main, ["metrocity", "simulate", "-n", "20", "-s", "1", "-b",
                                  "heuristic,random"])  # fmt: skip
    assert r.exit_code == 0, r.output
    row = next(line for line in r.output.splitlines() if line.startswith("heuristic"))
    assert re.match(r"heuristic\s+20\s+20\s+100.0%\s+83.9%-100.0%", row), row


def test_dask_jobs_counts_the_workers_threads() -> None:
    class Client:
        def nthreads(self) -> dict[str, int]:
            return {"tcp://a": 2, "tcp://b": 4}

    assert dask_jobs(Client()) == 6


def test_a_bot_that_breaks_names_the_game_and_the_seat_in_one_line() -> None:
    from common.botspec import GameFailed

    with pytest.raises(GameFailed, match=r"game 0 \(seed 5\) failed at decision 0 \(bot "):
        common.simulate("metrocity", ["tests.common.userbots:IllegalBot"], games=1, seed=5)
    for command in ("simulate", "tournament"):
        r = CliRunner().invoke(
            main,
            ["metrocity", command, "-n", "2", "-s", "1", "-j", "2",
             "-b", "random,tests.common.userbots:IllegalBot"],
        )  # fmt: skip
        assert r.exit_code == 1 and "Traceback" not in r.output, r.output
        last = r.output.strip().splitlines()[-1]
        assert last.startswith("Error: game ") and "IllegalAction" in last, r.output


def test_the_simulation_modules_example_runs() -> None:
    import doctest

    import common.simulation

    result = doctest.testmod(common.simulation)
    assert result.attempted >= 3 and result.failed == 0


def test_on_dask_jobs_is_the_clusters_thread_count() -> None:
    pytest.importorskip("distributed", reason="the [dask] extra is not installed")
    from distributed import LocalCluster

    with LocalCluster(  # type: ignore[no-untyped-call, unused-ignore]
        n_workers=2, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        r = CliRunner().invoke(
            main,
            ["metrocity", "simulate", "-n", "6", "-s", "1", "--json",
             "--scheduler", cluster.scheduler_address],
        )  # fmt: skip
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output[r.output.index("{") :])
    assert summary["jobs"] == 4 and summary["games"] == 6
    assert summary["scheduler"] == cluster.scheduler_address
