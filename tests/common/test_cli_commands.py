"""The commands of ``metro`` one by one: help, words, saves drawn, data, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from common import RandomBot, play
from common.cli import GAME_COMMANDS, TOP_COMMANDS, GameGroup, main
from common.cli.options import parse_options
from common.events import ChanceResolved
from common.game import Game
from common.record import step_starts
from common.registry import games, get, load
from common.replay_cursor import Replay

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def finished(name: str, seed: int = 1) -> Game:
    """A whole game of ``name`` between random bots."""
    game = get(name).new_game(seed=seed)
    play(game, [RandomBot(seed + s) for s in range(game.num_players)])
    return game


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A save of a finished game of every game, by name."""
    folder = tmp_path_factory.mktemp("saves")
    out = {}
    for name in games():
        path = folder / f"{name}.json"
        path.write_text(finished(name).to_json())
        out[name] = path
    return out


# ----------------------------------------------------------------------------- the frame
def every_command() -> list[list[str]]:
    """The words that name every command: the top-level ones, then each game's."""
    ctx = click.Context(main)
    found = [[name] for name in TOP_COMMANDS]
    for game in games():
        group = main.get_command(ctx, game)
        assert isinstance(group, click.Group)
        found += [[game, name] for name in group.list_commands(ctx)]
    return found


@pytest.mark.parametrize("words", every_command(), ids=" ".join)
def test_every_command_of_every_game_answers_help(words: list[str]) -> None:
    r = run(*words, "--help")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Usage: ") and "--help" in r.output


def test_every_game_has_the_shared_commands_then_its_own() -> None:
    ctx = click.Context(main)
    for game in games():
        group = main.get_command(ctx, game)
        assert isinstance(group, GameGroup)
        names = group.list_commands(ctx)
        assert names[: len(GAME_COMMANDS)] == list(GAME_COMMANDS)
    metropolis = main.get_command(ctx, "metropolis_lots")
    assert isinstance(metropolis, click.Group)
    assert {"chart", "board"} <= set(metropolis.list_commands(ctx))


def test_commands_are_imported_only_when_used() -> None:
    code = (
        "import sys\n"
        "from common.cli import main\n"
        "try:\n"
        "    main(['metrocity', 'data'], standalone_mode=False)\n"
        "finally:\n"
        "    loaded = sorted(m for m in sys.modules if m.startswith('common.cli.'))\n"
        "    print(loaded, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout)["game"] == "metrocity"
    assert done.stderr.strip() == "['common.cli.data', 'common.cli.options']"


def test_the_console_script_entry_point_is_the_cli_main() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "common", "list"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0 and "metrocity" in done.stdout
    text = (ROOT / "pyproject.toml").read_text()
    assert 'metro = "common.cli:main"' in text


# ----------------------------------------------------------------------------- -o values
def test_option_values_are_json_or_pythons_spellings_of_its_constants() -> None:
    assert parse_options(("plus=true", "a=True", "b=False", "c=None", "d=null")) == {
        "plus": True,
        "a": True,
        "b": False,
        "c": None,
        "d": None,
    }
    assert parse_options(("n=3", "s=text", "l=[1, 2]", 'q="True"')) == {
        "n": 3,
        "s": "text",
        "l": [1, 2],
        "q": "True",
    }


def test_plus_true_in_either_spelling_plays_metropolia_plus() -> None:
    py = run("metropolia", "data", "-o", "plus=True")
    js = run("metropolia", "data", "-o", "plus=true")
    plain = run("metropolia", "data")
    assert py.exit_code == js.exit_code == plain.exit_code == 0, py.output
    assert json.loads(py.output) == json.loads(js.output) != json.loads(plain.output)
    shown = run("metropolia", "--help").output
    assert "values as JSON" in shown and "(default false" in shown


# ----------------------------------------------------------------------------- data
@pytest.mark.parametrize("game", sorted(games()))
def test_data_prints_the_games_static_data_as_json(game: str) -> None:
    r = run(game, "data")
    try:
        expected = get(game).cls.static_data()
    except NotImplementedError:
        assert r.exit_code == 1
        assert r.output == f"Error: {game} has no static description yet\n"
        return
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == json.loads(json.dumps(expected))


def test_data_of_a_game_without_one_says_so_in_one_line(toy_registered: object) -> None:
    from common import GameInfo, register
    from common.registry import _REGISTRY
    from tests.common.toygame import Race

    class Bare(Race):
        name = "toybare"

        @classmethod
        def _static_data(cls, options: Any) -> dict[str, Any]:
            return Game._static_data.__func__(cls, options)  # type: ignore[attr-defined, no-any-return]

    register(GameInfo(Bare))
    try:
        r = run("toybare", "data")
        assert r.exit_code == 1 and r.output == "Error: toybare has no static description yet\n"
        r = run("toyrace", "data", "-o", "target=30")
        assert r.exit_code == 0 and json.loads(r.output)["target"] == 30
        r = run("toyrace", "data", "-o", "target=31")
        assert r.exit_code == 2 and "target=31 is not allowed" in r.output
    finally:
        _REGISTRY.pop("toybare", None)


# ----------------------------------------------------------------------------- replay
def test_replay_tells_the_game_step_by_step_in_words(saves: dict[str, Path]) -> None:
    path = saves["metrocity"]
    game = load(path.read_text())
    r = run("metrocity", "replay", str(path))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "Metro City: Player 1, Player 2; options: tie discard"
    numbered = [line for line in lines[1:] if line[:3].strip().isdigit()]
    # step 0 (the start), then every decision and chance outcome, each numbered once
    assert len(numbered) == len(step_starts(game.events)) + 1
    assert numbered[1].split()[0] == "1"
    assert "{" not in r.output
    assert lines[-2].strip().startswith("The game is over:")
    assert game.describe(game.events[-1]) in lines[-2]
    assert lines[-1] == (
        f"checked: {path.name}'s checksum matches and the engine replays all "
        f"{len(game.events)} of its events, {game.decisions} decisions, to its end"
    )


def test_replay_as_a_seat_sees_it_keeps_the_others_secrets(
    toy_registered: object, tmp_path: Path
) -> None:
    from tests.common.toygame import Race

    g = Race(players=2, seed=5)
    play(g, [RandomBot(1), RandomBot(2)])
    path = tmp_path / "race.json"
    path.write_text(g.to_json())
    dealt = g.events[1]
    assert isinstance(dealt, ChanceResolved)
    shuffled = ", ".join(map(str, dealt.outcome))  # the bonus deck's secret order
    for args in ([], ["--seat", "1"], ["--seat", "2"]):
        r = run("toyrace", "replay", str(path), *args)
        assert r.exit_code == 0, r.output
        assert " 1  Chance: shuffle bonus (hidden)." in r.output
        assert shuffled not in r.output
        assert " 2  Chance: draw 1 from seats: " in r.output  # the first player is public
    raw = run("toyrace", "replay", str(path), "--json")
    assert raw.output.splitlines()[0].startswith('    0  {"type": "GameStarted"')
    assert '"outcome": null' in raw.output


def test_replay_step_names_each_move_and_says_what_it_did(saves: dict[str, Path]) -> None:
    path = saves["metropolia"]
    r = run("metropolia", "replay", str(path), "--step", stdin="\n\n\nb\n5\nx\nq\n")
    assert r.exit_code == 0, r.output
    steps = [line for line in r.output.splitlines() if line.startswith("step ")]
    numbers = [int(s.split()[1].split("/")[0]) for s in steps]
    assert numbers == [0, 1, 2, 3, 2, 5, 5]  # Enter x3, b, 5, a word not understood
    game = load(path.read_text())
    first = game.events[step_starts(game.events)[0]]
    assert f"next: {game.describe(first)}" in r.output  # the move about to be taken
    assert "not understood: 'x'" in r.output


def test_replay_refuses_another_games_save_in_one_line(saves: dict[str, Path]) -> None:
    r = run("metropolia", "replay", str(saves["metrocity"]))
    assert r.exit_code == 1
    assert r.output == (
        f"Error: {saves['metrocity']} is a save of metrocity, not metropolia: "
        "use 'metro metrocity' to open it\n"
    )


# ----------------------------------------------------------------------------- render --save
def test_render_save_draws_the_saved_position_at_a_step_as_a_seat_sees_it(
    saves: dict[str, Path], tmp_path: Path
) -> None:
    path = saves["metrocity"]
    info = get("metrocity")
    assert info.render_text is not None and info.render_svg is not None
    cursor = Replay(path.read_text())
    at = cursor.length // 2
    mid = cursor.seek(at)
    r = run("metrocity", "render", "--save", str(path), "--at", str(at), "--seat", "2")
    assert r.exit_code == 0, r.output
    assert r.output == info.render_text(mid, 1) + "\n"  # --seat 2: Player 2, seat 1
    assert r.output != info.render_text(mid, 0) + "\n"  # seat 1's hand, not seat 0's
    last = run("metrocity", "render", "--save", str(path))
    assert last.output == info.render_text(load(path.read_text()), None) + "\n"
    svg = tmp_path / "mid.svg"
    r = run("metrocity", "render", "--save", str(path), "--at", str(at), "--svg", str(svg))
    assert r.exit_code == 0 and svg.read_text() == info.render_svg(mid, None)
    r = run("metrocity", "render", "--save", str(path), "--at", str(cursor.length + 1))
    assert r.exit_code == 2 and f"the save has {cursor.length} steps" in r.output
    r = run("metrocity", "render", "--at", "3")
    assert r.exit_code == 2 and "give --save FILE too" in r.output
    r = run("metrocity", "render", "--save", str(path), "--seed", "3")
    assert r.exit_code == 2 and "do not apply to it" in r.output


# ----------------------------------------------------------------------------- the issue's list
def test_the_issues_list_of_tracebacks_each_ends_in_one_line(saves: dict[str, Path]) -> None:
    cases = [
        (["metropolia", "replay", str(saves["metrocity"])], "is a save of metrocity"),
        (["metrocity", "render", "--seat", "5"], "5 is not a player of this game"),
        (["metrocity", "render", "--seat", "0"], "0 is not a player of this game"),
        (["metrocity", "render", "--svg", "/nonexistent/x.svg"], "cannot write /nonexistent"),
        (["metrocity", "simulate", "-b", "human"], "'human' plays only in 'play'"),
        (["metrocity", "bench", "-n", "0"], "0 is not in the range x>=1"),
        (["metrocity", "tournament", "-n", "-1"], "-1 is not in the range x>=1"),
        (["metrocity", "tournament", "-b", "heuristic"], "needs two different bots"),
        (["metrocity", "soak", "-n", "-1"], "-1 is not in the range x>=1"),
        (["metrocity", "simulate", "-n", "-5"], "-5 is not in the range x>=1"),
        (["metrocity", "simulate", "-j", "0"], "0 is not in the range x>=1"),
        (["metrocity", "simulate", "--scheduler", "nonsense"], "scheduler"),
    ]
    for args, says in cases:
        r = run(*args)
        assert_one_line_error(r, args)
        assert says in r.output, (args, r.output)


def test_scheduler_without_the_dask_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    r = run("metrocity", "simulate", "-n", "2", "--scheduler", "tcp://127.0.0.1:8786")
    assert_one_line_error(r, ["--scheduler"])
    assert "--scheduler needs the [dask] extra: pip install 'metro-engines[dask]'" in r.output


def test_an_unreachable_scheduler_is_refused_within_seconds() -> None:
    pytest.importorskip("distributed", reason="the [dask] extra is not installed")
    import socket

    with socket.socket() as s:  # a port of this machine that nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    r = run("metrocity", "simulate", "-n", "2", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert time.monotonic() - start < 8
    assert_one_line_error(r, ["--scheduler"])
    assert f"no Dask scheduler answers at tcp://127.0.0.1:{port}" in r.output
    r = run("metrocity", "simulate", "-n", "2", "--scheduler", "nonsense")
    assert "'nonsense' is not a scheduler address: expected tcp://HOST:PORT" in r.output


def fake_distributed(monkeypatch: pytest.MonkeyPatch, client: Any) -> None:
    """Stand in for the [dask] extra: ``client`` is its Client class."""
    import types

    def host_port(address: str) -> tuple[str, int]:
        host, _, port = address.removeprefix("tcp://").rpartition(":")
        if not port.isdigit():
            raise ValueError(f"missing port number in address {address!r}")
        return host, int(port)

    root = types.ModuleType("distributed")
    root.Client = client  # type: ignore[attr-defined]
    comm = types.ModuleType("distributed.comm")
    addressing = types.ModuleType("distributed.comm.addressing")
    addressing.get_address_host_port = host_port  # type: ignore[attr-defined]
    for name, module in [
        ("distributed", root),
        ("distributed.comm", comm),
        ("distributed.comm.addressing", addressing),
    ]:
        monkeypatch.setitem(sys.modules, name, module)


def test_a_port_that_accepts_and_says_nothing_is_no_scheduler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket
    import threading

    from common.simulation import SchedulerError, connect

    stop = threading.Event()

    class Silent:  # a client that waits for a handshake that never comes
        def __init__(self, address: str, timeout: float) -> None:
            stop.wait(30)

    class Garbled:  # what distributed raised when an HTTP proxy answered
        def __init__(self, address: str, timeout: float) -> None:
            raise MemoryError("Unable to allocate 3.07 EiB for an array")

    with socket.socket() as listener:  # accepts connections, never answers them
        listener.bind(("127.0.0.1", 0))
        listener.listen(4)
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        fake_distributed(monkeypatch, Silent)
        start = time.monotonic()
        with pytest.raises(SchedulerError, match=r"no Dask scheduler answers at .* within 0\.5 s"):
            connect(address, timeout=0.5)
        assert time.monotonic() - start < 3
        stop.set()
        fake_distributed(monkeypatch, Garbled)
        with pytest.raises(SchedulerError, match=r"cannot use the Dask scheduler .* MemoryError"):
            connect(address, timeout=0.5)
        with pytest.raises(SchedulerError, match="'nonsense' is not a scheduler address"):
            connect("nonsense", timeout=0.5)


# ----------------------------------------------------------------------------- every option
def assert_one_line_error(r: Result, what: Any) -> None:
    """A non-zero exit, no traceback, and the error said in one last line."""
    assert r.exit_code != 0, (what, r.output)
    assert r.exception is None or isinstance(r.exception, SystemExit), (what, r.exc_info)
    assert "Traceback" not in r.output, (what, r.output)
    lines = [line for line in r.output.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("Error: ")]
    assert len(errors) == 1 and lines[-1] == errors[0], (what, r.output)


def bad_values(name: str, command: str, tmp: Path, saves: dict[str, Path], game: str) -> list[str]:
    """Bad values for the parameter ``name`` of ``command``; KeyError for one unknown here."""
    blocker = tmp / "a-file"
    blocker.write_text("x")
    not_json = tmp / "not-json.json"
    not_json.write_text("{nope")
    other = next(path for g, path in saves.items() if g != game)
    table: dict[str, list[str]] = {
        "players": ["x", "99"],
        "seed": ["x", "-1"],
        "bots": ["nonsense", ",", "human" if command != "play" else "mcts:abc"],
        "options": ["novalue", "zz=1", "zz=@/nonexistent.json"],
        "games": ["0", "-1", "x"],
        "n_games": ["0"],
        "jobs": ["0", "x"],
        "repeat": ["0"],
        "scheduler": ["nonsense"],
        "seat": ["9", "-1", "x"],
        "steps": ["-1"],
        "at": ["-1", "x"],
        "svg_path": [str(blocker / "x.svg")],
        "bot_seed": ["x"],
        "max_steps": ["-1"],
        "out": [str(blocker / "sub"), str(blocker / "sub.csv")],
        "extra_bots": ["nonsense_module_xyz:Bot", "os:nothing_here", "os:sep", "x"],
        "save_games": [str(blocker / "sub")],
        "save_file": ["/nonexistent.json", str(not_json), str(other)],
        "load_file": ["/nonexistent.json", str(not_json), str(other)],
        "cards_file": ["/nonexistent.json", str(not_json)],
        "chart_file": ["/nonexistent.json", str(not_json)],
        "flag_cards": ["/nonexistent.json", str(not_json)],
        "flag_chart": ["/nonexistent.json", str(not_json)],
        "game": ["chess"],
        "host": ["no such host!"],
        "port": ["x", "-1", "70000"],
        "db": [str(blocker / "games.sqlite")],
        "bot_delay": ["-1", "x"],
        "rate": ["0", "x"],
        "games_per_minute": ["0", "x"],
        "open_per_address": ["0", "x"],
        "open_games": ["0", "x"],
        "connections_per_address": ["0", "x"],
        "connections": ["0", "x"],
        "idle": ["0", "x"],
        "request_timeout": ["0", "x"],
        "idle_game": ["0", "x"],
        "bot_cpu": ["0", "x", "2"],
        "bot_workers": ["0", "x"],
        "allow_origins": ["evil", "ftp://x.example", "https://x.example/path"],
        "trusted_proxies": ["not-an-address", "10.0.0.1,"],
        "advertise": ["http://x.example:80", "ws://x.example", "ws://:80", "ws://x:80/path"],
    }
    values = table[name]
    if command == "tournament" and name == "bots":
        values = [*values, "heuristic", "random,random"]
    return values


def invocations(tmp: Path, saves: dict[str, Path]) -> list[tuple[list[str], list[str]]]:
    """Every command with one bad value of one parameter: (arguments, what is tested)."""
    ctx = click.Context(main)
    out = []
    targets: list[tuple[str | None, str, click.Command]] = []
    for name in TOP_COMMANDS:
        cmd = main.get_command(ctx, name)
        assert cmd is not None
        targets.append((None, name, cmd))
    for game in games():
        group = main.get_command(ctx, game)
        assert isinstance(group, click.Group)
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            assert sub is not None
            targets.append((game, name, sub))
    for owner, name, cmd in targets:
        prefix = [owner, name] if owner else [name]
        needed = {
            p.name: str(saves[owner or "metrocity"])
            for p in cmd.params
            if isinstance(p, click.Argument) and p.required
        }
        if name == "check-cards":
            needed = {"cards_file": str(saves["metropoli"])}
        for param in cmd.params:
            if param.name is None or getattr(param, "is_flag", False) or param.name == "help":
                continue
            for value in bad_values(param.name, name, tmp, saves, owner or "metrocity"):
                args = list(prefix)
                if isinstance(param, click.Argument):
                    args += [value, *(v for k, v in needed.items() if k != param.name)]
                else:
                    flag = next(o for o in param.opts if o.startswith("--"))
                    args += [*needed.values(), flag, value]
                    if param.name == "at":
                        args += ["--save", str(saves[owner or "metrocity"])]
                out.append((args, [*prefix, param.name, value]))
    return out


def test_every_command_refuses_a_bad_value_of_each_option_in_one_line(
    saves: dict[str, Path], tmp_path: Path
) -> None:
    found = invocations(tmp_path, saves)
    assert len(found) > 300
    for args, what in found:
        r = run(*args, stdin="")
        assert_one_line_error(r, what)
