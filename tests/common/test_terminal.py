"""Terminal play (``metro <game> play``): screens, menus, commands, in scripts and in a pty."""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common.cli import main
from common.events import ActionTaken
from common.registry import games, get, load
from common.terminal import SCREEN_LINES, Menu, fit_board, seat_styles

#: a prompt line of the plain reader: ``Player 1> `` and the entry it echoes
PROMPT = re.compile(r"^(Player \d)> (.*)$")


def prompts(output: str) -> list[tuple[int, str, str]]:
    """(line index, player, entry) of every prompt in a transcript."""
    out = []
    for i, line in enumerate(output.splitlines()):
        m = PROMPT.match(line)
        if m:
            out.append((i, m.group(1), m.group(2)))
    return out


def screens(output: str) -> list[list[str]]:
    """The lines printed after each entry, up to and including the next prompt."""
    lines = output.splitlines()
    found = prompts(output)
    return [lines[a + 1 : b + 1] for (a, _, _), (b, _, _) in itertools.pairwise(found)]


def play(args: list[str], entries: list[str]) -> Any:
    return CliRunner().invoke(
        main, ["toyrace", "play", *args], input="".join(f"{e}\n" for e in entries)
    )


# ----------------------------------------------------------------------------- menus
class _Act:
    """An action stand-in: a Menu reads only ``str()``."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def menu_of(*texts: str) -> Menu:
    return Menu([_Act(t) for t in texts])  # type: ignore[misc]


def test_menu_groups_moves_by_first_word_and_offers_the_next_words() -> None:
    m = menu_of("place res4 A1", "place res4 B1", "place park A1", "build res4 C1 1", "pass")
    assert list(m.groups()) == ["place", "build", "pass"]
    assert m.next_words([]) == ["place", "build", "pass"]
    assert m.next_words(["place"]) == ["res4", "park"]
    assert m.next_words(["PLACE", "res4"]) == ["A1", "B1"]  # case aside
    assert m.matching(["place", "res4"]) == [0, 1]
    assert m.find("  place   park A1 ") == 2 and m.find("place") is None
    # Tab: the words completing the last one typed; commands only as a first word
    assert m.completions("pl") == ["place"]
    assert m.completions("place r") == ["res4"]
    assert m.completions("place res4 ") == ["A1", "B1"]
    assert "undo" in m.completions("") and m.completions("place u") == []


def test_menu_summary_lists_small_groups_and_patterns_large_ones() -> None:
    blocks = [f"{c}{r}" for c in "ABCDEF" for r in range(1, 6)]
    m = menu_of(*(f"place {t} {b}" for t in ("res4", "park") for b in blocks), "pass")
    lines = m.summary(80)
    assert lines[0] == "  place res4|park A1|A2|A3|A4|…(30)  (60 moves)"
    assert lines[1] == "  pass"
    small = menu_of("roll 1", "roll 2")
    assert small.summary(80) == ["  roll 1 · roll 2"]
    # an optional word shows in brackets
    assert menu_of("build 1", "build 1 2", "build 3").summary(30) == ["  build 1|3 [2]  (3 moves)"]


def test_menu_listing_numbers_every_move_in_columns() -> None:
    m = menu_of(*(f"bid {k * 50}" for k in range(1, 31)))
    lines = m.listing(80)
    assert len(lines) < 30 and all(len(line) <= 80 for line in lines)
    numbers = sorted(int(n) for line in lines for n in re.findall(r"(\d+) bid", line))
    assert numbers == list(range(30))


def test_fit_board_keeps_what_fits_and_says_what_it_leaves_out() -> None:
    board = [f"line {i}" for i in range(10)]
    assert fit_board(board, 10, 80) == board
    spaced = ["a", "", "", "b", "", "c", ""]  # runs of blank lines go first
    assert fit_board(spaced, 5, 80) == ["a", "", "b", "", "c"]
    tall = [f"row {i:02}" for i in range(30)]
    two = fit_board(tall, 15, 80)  # two columns side by side
    assert len(two) == 15 and two[0].startswith("row 00") and "row 15" in two[0]
    cut = fit_board(tall, 11, 12)  # too narrow for two columns: the middle is left out
    assert len(cut) == 11 and cut[0] == "row 00" and cut[-1] == "row 29"
    assert "20 lines of the board left out" in cut[5]


# ----------------------------------------------------------------------------- scripted
def test_play_takes_numbers_and_text_and_answers_a_wrong_entry_in_one_line(
    toy_registered: object,
) -> None:
    r = play(["--seed", "2", "-o", "target=10"], ["9", "fly", "roll 9", "0", *["roll 2"] * 20])
    assert r.exit_code == 0, r.output
    found = prompts(r.output)
    assert [e for _, _, e in found[:3]] == ["9", "fly", "roll 9"]
    lines = r.output.splitlines()
    for (a, _, _), (b, _, _) in itertools.pairwise(found[:4]):
        assert b - a == 2, lines[a : b + 1]  # one line of answer, then the prompt again
    assert "No move 9: the moves are numbered 0 to 1" in r.output
    assert "Not a move now: malformed action: unknown action 'fly'" in r.output
    assert "scores [" in r.output and "winner(s)" in r.output
    assert "{" not in r.output  # no JSON on screen
    assert "\x1b" not in r.output  # and no colours: the output is not a terminal


def test_play_seats_one_person_and_the_games_bots_by_default(toy_registered: object) -> None:
    r = play(["--seed", "2", "-p", "3"], ["quit"])
    assert r.exit_code == 0, r.output
    assert "Player 1 (you) · Player 2 (random) · Player 3 (random)" in r.output
    r = play(["--seed", "2", "-p", "3", "--seat", "3"], ["quit"])
    assert "Player 1 (random) · Player 2 (random) · Player 3 (you)" in r.output
    assert prompts(r.output)[0][1] == "Player 3"
    r = play(["--seed", "2", "--seat", "5"], [])
    assert r.exit_code == 2 and "5 is not a player of this game: the players are 1 to 2" in r.output
    r = play(["--seed", "2", "--seat", "1", "-b", "human,random"], [])
    assert r.exit_code == 2 and "give --seat or --bots, not both" in r.output


def test_play_tells_what_happened_in_words_as_the_person_sees_it(toy_registered: object) -> None:
    r = play(["--seed", "3", "-b", "human,random"], ["1", "quit"])
    assert r.exit_code == 0, r.output
    assert "Since then:" in r.output and "A game of Toy Race begins" in r.output
    assert "Player 1: roll 2." in r.output  # the person's own move, told back
    assert "Chance: shuffle bonus (hidden)." in r.output  # the deck order stays secret


def test_undo_takes_back_the_persons_last_move_and_says_so(toy_registered: object) -> None:
    r = play(
        ["--seed", "2", "-b", "human,human", "-o", "target=10"], ["undo", "0", "undo", *["1"] * 20]
    )
    assert r.exit_code == 0, r.output
    assert "Nothing of yours to take back yet." in r.output
    assert "Taken back: Player" in r.output and ": roll 1." in r.output


def test_save_and_load_resume_the_game_where_it_was(toy_registered: object, tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    r = play(["--seed", "7", "-o", "target=30"], ["1", "0", f"save {path}", "quit"])
    assert r.exit_code == 0, r.output
    assert f"Saved to {path}: resume with --load {path}." in r.output
    saved = load(path.read_text())
    mine = [e for e in saved.events if isinstance(e, ActionTaken) and e.seat == 0]
    assert [str(e.action) for e in mine] == ["roll 2", "roll 1"]
    r = play(["--load", str(path)], ["quit"])
    assert r.exit_code == 0, r.output
    assert prompts(r.output)[0][1] == "Player 1"
    r = play(["--load", str(path), "--seed", "1"], [])
    assert r.exit_code == 2 and "--load resumes the saved game" in r.output
    r = play(["--seed", "1"], [f"save {tmp_path / 'no' / 'such' / 'dir.json'}", "quit"])
    assert "Cannot save to" in r.output and r.exit_code == 0


def test_the_end_of_the_input_ends_the_game_with_a_message(toy_registered: object) -> None:
    r = play(["--seed", "2"], ["1"])
    assert r.exit_code == 1
    assert r.output.rstrip().endswith("The input ended before the game did.")


def test_bots_alone_tell_the_game_as_it_goes(toy_registered: object) -> None:
    r = play(["--seed", "4", "-b", "random,random"], [])
    assert r.exit_code == 0, r.output
    assert "Player 1: roll" in r.output and "The game is over:" in r.output
    assert PROMPT.search(r.output) is None


def test_help_and_question_mark_explain_the_prompt_and_list_the_moves(
    toy_registered: object,
) -> None:
    r = play(["--seed", "2"], ["help", "?", "? roll 2", "help roll", "help zebra", "log", "quit"])
    assert r.exit_code == 0, r.output
    assert "Toy Race: Player 1, Player 2; options: target 20, near 0" in r.output  # log
    assert "Asked: roll one or two dice" in r.output
    assert "Legal now: roll 1, roll 2" in r.output
    assert "0 roll 1" in r.output and "1 roll 2" in r.output
    assert "roll: 2 moves, e.g. roll 1" in r.output
    assert "Nothing is known about 'zebra' here" in r.output


# ----------------------------------------------------------------------------- every game
@pytest.mark.parametrize("seed", [5, 6, 7])
@pytest.mark.parametrize("game", sorted(games()))
def test_every_decision_screen_of_every_game_fits_sixty_lines(game: str, seed: int) -> None:
    # 150 decisions of the person, the first move or the last in turn ('?' lists them first)
    entries = [e for k in range(150) for e in (["?", "0"] if k % 3 == 2 else ["0"])]
    r = CliRunner().invoke(
        main, [game, "play", "--seed", str(seed)], input="\n".join(entries) + "\nquit\n"
    )
    assert r.exception is None or isinstance(r.exception, SystemExit), r.output
    found = prompts(r.output)
    moves = [s for s, (_, _, e) in zip(screens(r.output), found, strict=False) if e == "0"]
    assert len(moves) >= 10, r.output[-3000:]
    default = get(game).default()  # the game's default bot takes the other seats
    for screen in moves:
        if PROMPT.match(screen[-1]) is None:  # the game ended: its final screen
            continue
        assert len(screen) <= SCREEN_LINES, "\n".join(screen)
        assert not any(line.lstrip().startswith(("{", '"type"')) for line in screen), screen
        assert "Since then:" in screen
        assert any(line.startswith("Player 1 (you) · Player 2 (" + default) for line in screen)


def test_the_chooser_takes_a_move_word_by_word(tmp_path: Path) -> None:
    path = tmp_path / "mc.json"
    r = CliRunner().invoke(
        main,
        ["metrocity", "play", "--seed", "3"],
        input=f"place\n1\nzz\nA2\nsave {path}\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "place … choose: 0 res2  1 com2  2 com6  3 ind4  4 mall" in r.output
    assert "place com2 … choose: 0 A1  1 B1" in r.output
    # a wrong word keeps the words chosen before it typed
    assert "Player 1> place com2 zz" in r.output and "Player 1> place com2 A2" in r.output
    game = load(path.read_text())
    mine = [str(e.action) for e in game.events if isinstance(e, ActionTaken) and e.seat == 0]
    assert mine == ["place com2 A2"]


def test_help_names_the_tiles_of_the_moves_from_the_games_data() -> None:
    r = CliRunner().invoke(
        main, ["metrocity", "play", "--seed", "3"], input="help\nhelp mall\nquit\n"
    )
    assert r.exit_code == 0, r.output
    assert "In these moves:" in r.output
    assert "  res2 = Residential 2: counts 2 toward" in r.output  # the list: what it does
    # help WORD: the game's own help (the tile, not its category of the same id)
    assert "mall = Mall: a Mall tile, labelled" in r.output


# ----------------------------------------------------------------------------- a real terminal
#: ``python -m common``, as the console script runs it
REAL = ["-m", "common"]
#: the same with neither extra of [tui]: click alone, readline for the completion
NO_TUI = [
    "-c",
    "import sys; sys.modules['prompt_toolkit'] = sys.modules['rich'] = None; "
    "from common.cli import main; main()",
]


def spawn(args: list[str]) -> Any:
    """The command in a pseudo-terminal of 60 rows and 110 columns."""
    pexpect = pytest.importorskip("pexpect", reason="the pty test drives the terminal with pexpect")
    if sys.platform == "win32":  # pragma: no cover
        pytest.skip("pseudo-terminals are POSIX")
    env = dict(os.environ, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    return pexpect.spawn(
        sys.executable,
        args,
        env=env,
        cwd=str(root),
        encoding="utf-8",
        timeout=30,
        dimensions=(60, 110),
    )


def test_play_without_the_tui_extra_completes_words_with_readline(
    tmp_path: Path,
) -> None:
    import pexpect

    save = tmp_path / "readline.json"
    child = spawn([*NO_TUI, "metrocity", "play", "--seed", "3"])
    try:
        child.expect("Player 1> ")
        assert "Since then:" in child.before and "\x1b[1;36m" not in child.before  # plain
        child.send("pla\t")  # readline completes the verb, and a space follows it
        child.expect("place ")
        child.send("com6 F\t")
        child.send("5\r")
        child.expect("Since then:")
        child.expect("Player 1> ")
        child.send(f"save {save}\r")
        child.expect("Saved to")
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    game = load(save.read_text())
    mine = [str(e.action) for e in game.events if isinstance(e, ActionTaken) and e.seat == 0]
    assert mine == ["place com6 F5"]


def test_play_in_a_real_terminal_completes_words_and_saves(tmp_path: Path) -> None:
    import pexpect

    pytest.importorskip("prompt_toolkit", reason="completion in a terminal needs the [tui] extra")
    save = tmp_path / "pty.json"
    child = spawn([*REAL, "metrocity", "play", "--seed", "3"])
    try:
        child.expect("Player 1>")
        seen = child.before
        if importlib.util.find_spec("rich") is not None:
            from rich.color import ColorSystem
            from rich.style import Style

            # seat 0's name on its colour, the board's (the data's seat_colours), in 256 colours
            style = seat_styles(get("metrocity").cls.static_data()["seat_colours"])[0]
            codes = Style.parse(style)._make_ansi_codes(ColorSystem.EIGHT_BIT)
            assert f"\x1b[{codes}mPlayer 1\x1b[0m" in seen
        assert "Since then:" in seen and "1st Street" in seen
        child.send("pla\t")  # Tab completes the verb, a space after it (drawn as a step
        child.expect(r"place(?: |\x1b\[C)")  # right of the cursor) ...
        child.send("res2 A\t")  # ... and offers the blocks of column A
        child.send("1\r")
        child.expect("Since then:")
        child.expect("Player 1>")
        child.send("fly\r")
        child.expect("Not a move now")
        child.expect("Player 1>")
        child.send(f"save {save}\r")
        child.expect("Saved to")
        child.expect("Player 1>")
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    game = load(save.read_text())
    mine = [str(e.action) for e in game.events if isinstance(e, ActionTaken) and e.seat == 0]
    assert mine == ["place res2 A1"]
    assert json.loads(save.read_text())["game"] == "metrocity"


@pytest.mark.parametrize("name", ["metrocity", "metropoli", "metropolia", "metropolis_lots"])
def test_the_prompt_names_the_person_once(name: str) -> None:
    players = get(name).cls.min_players
    bots = ",".join(["human"] + ["heuristic"] * (players - 1))
    r = CliRunner().invoke(main, [name, "play", "-s", "3", "-b", bots], input="quit\n")
    assert "Player 1, Player 1" not in r.output, r.output
    asked = [line for line in r.output.splitlines() if line.startswith("Player 1")]
    assert asked, r.output
