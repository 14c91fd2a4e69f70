"""Terminal play: a person against bots (or other people) at one terminal.

Each decision of a person gets one screen, at most ``SCREEN_LINES`` lines: the game's text
board as that seat sees it, what happened since in words (``Game.describe``), who plays
which seat, the prompt, the moves grouped by their first word, then the input line. A
person types a move's text form (Tab completes each word), its first words alone to choose
the rest step by step ("place" -> tile -> block), or its number from ``?``; ``help``,
``board``, ``log``, ``undo``, ``save FILE`` and ``quit`` are commands. A wrong entry is
answered in one line.

Input comes from prompt_toolkit (completion, history) or else readline when standard input
is a terminal, and as plain lines otherwise (scripts and tests). Output is coloured by rich
when standard output is a terminal and rich is installed (the ``[tui]`` extra), plain
otherwise. Nothing here knows a rule of any game: the words, the board and the moves are
the game's own.
"""

from __future__ import annotations

import collections
import contextlib
import math
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import click

from common.actions import Action
from common.bots import Bot
from common.errors import MetroError
from common.events import ActionTaken
from common.game import Game
from common.record import record
from common.registry import GameInfo
from common.svg import ink_on

#: the most lines one decision's screen takes, its input line included
SCREEN_LINES = 60
#: the most lines of "what happened since" a screen shows (the rest: ``log``)
EVENT_LINES = 20
#: the fewest lines of it a screen keeps when the board is tall
MIN_EVENT_LINES = 6
#: the most groups of moves the screen lists, one line each (the rest: ``?``)
MENU_LINES = 8
#: the words that are commands, not moves
COMMANDS = ("?", "help", "board", "log", "undo", "save", "quit")
#: what the hint line says
HINT = "? moves · help · board · log · undo · save FILE · quit · Tab completes a word"

Complete = Callable[[str], list[str]]


# --------------------------------------------------------------------------- the moves
class Menu:
    """The legal moves of one decision by their words: groups, prefixes, numbers; each
    move's label (``Game.label``) beside the text that is typed."""

    def __init__(self, legal: Sequence[Action], labels: Sequence[str] | None = None) -> None:
        self.actions: tuple[Action, ...] = tuple(legal)
        self.texts = [str(a) for a in self.actions]
        self.labels = list(labels) if labels is not None else list(self.texts)
        self.words = [t.split() for t in self.texts]
        self._exact: dict[str, int] = {}
        for i, text in enumerate(self.texts):
            self._exact.setdefault(" ".join(text.lower().split()), i)

    def find(self, line: str) -> int | None:
        """The index of the move whose text is ``line`` (spacing and case aside), or None."""
        return self._exact.get(" ".join(line.lower().split()))

    def matching(self, words: Sequence[str]) -> list[int]:
        """The moves whose words begin with ``words`` (case aside)."""
        want = [w.lower() for w in words]
        n = len(want)
        return [
            i
            for i, have in enumerate(self.words)
            if len(have) >= n and [w.lower() for w in have[:n]] == want
        ]

    def next_words(self, words: Sequence[str]) -> list[str]:
        """The words that may follow ``words`` in some move, in the moves' order."""
        n = len(words)
        seen: dict[str, None] = {}
        for i in self.matching(words):
            if len(self.words[i]) > n:
                seen.setdefault(self.words[i][n], None)
        return list(seen)

    def groups(self) -> dict[str, list[int]]:
        """The moves by their first word, in the order the first of each comes."""
        out: dict[str, list[int]] = {}
        for i, words in enumerate(self.words):
            out.setdefault(words[0] if words else "", []).append(i)
        return out

    def completions(self, line: str) -> list[str]:
        """The words that complete the one being typed at the end of ``line``."""
        parts = line.split(" ")
        done = [p for p in parts[:-1] if p]
        partial = parts[-1].lower()
        found = self.next_words(done)
        if not done:
            found = [*found, *(c for c in COMMANDS if c not in found)]
        return [w for w in found if w.lower().startswith(partial)]

    def summary(self, width: int) -> list[str]:
        """One line a group of moves: the move itself, or the words its moves are made of."""
        lines = []
        groups = list(self.groups().items())
        shown = groups if len(groups) <= MENU_LINES else groups[: MENU_LINES - 1]
        for first, members in shown:
            if len(members) == 1:
                line = self._with_label(members[0])
            else:
                listed = " · ".join(self.texts[i] for i in members)
                if len(listed) + 2 <= width:
                    line = f"  {listed}"
                else:
                    line = f"  {self._pattern(first, members)}  ({len(members)} moves)"
            lines.append(_cut(line, width))
        if len(groups) > len(shown):
            rest = ", ".join(first for first, _ in groups[len(shown) :])
            lines.append(_cut(f"  and {len(groups) - len(shown)} more kinds: {rest}", width))
        return lines

    def _with_label(self, i: int) -> str:
        """``  take 3  (Take from Player 3 (TV Station))``: the text, and its label unless it
        says no more than the text."""
        text, words = self.texts[i], self.labels[i]
        if words.lower() == text.lower():
            return f"  {text}"
        return f"  {text}  ({words})"

    def _pattern(self, first: str, members: list[int]) -> str:
        """``build res4|res5|park C1|A2|…(13) 1|3``: the words at each place of the moves."""
        longest = max(len(self.words[i]) for i in members)
        parts = [first]
        for place in range(1, longest):
            seen: dict[str, None] = {}
            for i in members:
                if len(self.words[i]) > place:
                    seen.setdefault(self.words[i][place], None)
            values = list(seen)
            if len(values) <= 6:
                shown = "|".join(values)
            else:
                shown = "|".join(values[:4]) + f"|…({len(values)})"
            short = any(len(self.words[i]) <= place for i in members)
            parts.append(f"[{shown}]" if short else shown)
        return " ".join(parts)

    def listing(self, width: int, indexes: Sequence[int] | None = None) -> list[str]:
        """The moves numbered, in as many columns as ``width`` holds (column by column)."""
        chosen = list(range(len(self.texts))) if indexes is None else list(indexes)
        if not chosen:
            return []
        digits = len(str(len(self.texts) - 1))
        cells = [f"{i:>{digits}} {self._with_label(i).strip()}" for i in chosen]
        cell = max(len(c) for c in cells) + 3
        columns = max(1, (width - 2) // cell)
        rows = math.ceil(len(cells) / columns)
        out = []
        for r in range(rows):
            row = [cells[c * rows + r] for c in range(columns) if c * rows + r < len(cells)]
            out.append(("  " + "".join(c.ljust(cell) for c in row)).rstrip())
        return out


# --------------------------------------------------------------------------- the board
def fit_board(lines: Sequence[str], room: int, width: int) -> list[str]:
    """The board's lines in at most ``room`` lines of ``width`` columns.

    As it is when it fits; else without its runs of blank lines; else in two columns side
    by side when the terminal is wide enough; else with its middle left out (its head and
    its tail, where boards keep the players, stay), saying so.
    """
    out = list(lines)
    while out and not out[-1].strip():
        out.pop()
    if len(out) <= room:
        return out
    squeezed = [line for k, line in enumerate(out) if line.strip() or (k and out[k - 1].strip())]
    if len(squeezed) <= room:
        return squeezed
    wide = max(len(line) for line in squeezed)
    if 2 * wide + 3 <= width:
        half = (len(squeezed) + 1) // 2
        blanks = [k for k, line in enumerate(squeezed) if not line.strip()]
        cut = min(blanks, key=lambda k: abs(k - half)) if blanks else half
        left, right = squeezed[:cut], squeezed[cut + (1 if cut in blanks else 0) :]
        if max(len(left), len(right)) <= room:
            rows = max(len(left), len(right))
            left += [""] * (rows - len(left))
            right += [""] * (rows - len(right))
            return [f"{a.ljust(wide)}   {b}".rstrip() for a, b in zip(left, right, strict=True)]
    room = max(room, 3)
    head = (room - 1) // 2
    tail = room - 1 - head
    left_out = len(squeezed) - head - tail
    note = f"  … {left_out} lines of the board left out: 'board' shows it whole"
    return [*squeezed[:head], note, *squeezed[len(squeezed) - tail :]]


def plain_view(view: Mapping[str, Any]) -> str:
    """A view's state as ``key: value`` lines, for a game without a text board."""
    lines: list[str] = []

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, Mapping) and value:
            for key, inner in value.items():
                walk(f"{prefix}.{key}" if prefix else str(key), inner)
        elif isinstance(value, list):
            lines.append(f"{prefix}: {', '.join(map(str, value)) or '-'}")
        else:
            lines.append(f"{prefix}: {value}")

    walk("", view.get("state", {}))
    return "\n".join(lines)


def _cut(text: str, width: int) -> str:
    """``text`` in one line of at most ``width`` columns (cut with an ellipsis)."""
    text = " ".join(text.split()) if "\n" in text else text
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    return textwrap.wrap(
        text, width=max(20, width), initial_indent=indent, subsequent_indent=indent + "  "
    ) or [indent]


# --------------------------------------------------------------------------- input
class Reader(Protocol):
    """Where a person's entries come from."""

    def read(self, prompt: str, start: str, complete: Complete) -> str | None:
        """One entry, ``start`` already typed before it; None when the input has ended."""
        ...


class LineReader:
    """Plain lines from standard input (a pipe, a file, a test): no completion.

    What was read is echoed after the prompt, so that a transcript reads like the session.
    """

    def read(self, prompt: str, start: str, complete: Complete) -> str | None:
        """One line, ``start`` put before it; None at the end of the input."""
        click.echo(prompt + start, nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo()
            return None
        entry = line.rstrip("\r\n")
        click.echo(entry)
        return start + entry


class ReadlineReader:
    """Lines from the terminal through readline: Tab completes, arrows recall."""

    def __init__(self) -> None:
        import readline

        self._readline = readline
        self._complete: Complete = lambda line: []
        self._found: list[str] = []
        if "libedit" in (readline.__doc__ or ""):  # macOS
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        readline.set_completer_delims(" \t")
        readline.set_completer(self._completer)

    def _completer(self, text: str, state: int) -> str | None:
        if state == 0:
            line = self._readline.get_line_buffer()[: self._readline.get_endidx()]
            # a space after each word, as Python's readline adds none: the next word follows
            self._found = [f"{w} " for w in self._complete(line)]
        return self._found[state] if state < len(self._found) else None

    def read(self, prompt: str, start: str, complete: Complete) -> str | None:
        """One line, ``start`` typed in already; None at Ctrl-D."""
        self._complete = complete
        self._readline.set_startup_hook(lambda: self._readline.insert_text(start))
        try:
            return input(prompt)
        except EOFError:
            click.echo()
            return None
        except KeyboardInterrupt:
            click.echo()
            return ""
        finally:
            self._readline.set_startup_hook(None)


class ToolkitReader:
    """Lines from the terminal through prompt_toolkit: Tab completion menus, history (the
    screen's own hint line says the commands: no toolbar takes a line of the terminal)."""

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self._session: Any = PromptSession(history=InMemoryHistory())

    def read(self, prompt: str, start: str, complete: Complete) -> str | None:
        """One line, ``start`` typed in already; None at Ctrl-D, "" at Ctrl-C."""
        from prompt_toolkit.completion import Completer, Completion

        class Words(Completer):
            def get_completions(self, document: Any, complete_event: Any) -> Iterator[Any]:
                before = document.text_before_cursor
                partial = before.split(" ")[-1]
                for word in complete(before):  # a space after it: the next word follows
                    yield Completion(f"{word} ", start_position=-len(partial), display=word)

        try:
            text: str = self._session.prompt(
                prompt,
                default=start,
                completer=Words(),
                complete_while_typing=False,
            )
        except EOFError:
            return None
        except KeyboardInterrupt:
            return ""
        return text


def make_reader() -> Reader:
    """prompt_toolkit, else readline, when standard input is a terminal; plain lines else."""
    if not sys.stdin.isatty():
        return LineReader()
    if sys.stdout.isatty():
        try:
            return ToolkitReader()
        except Exception:  # not installed, or a terminal it cannot drive: readline will do
            pass
    try:
        return ReadlineReader()
    except ImportError:
        return LineReader()


# --------------------------------------------------------------------------- output
#: the colour of each seat's name where the terminal has colours and the game names none
SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red")


def seat_styles(colours: Sequence[str]) -> tuple[str, ...]:
    """The rich style of each seat's name: its colour (``#rrggbb``, the game's
    ``seat_colours``) as the ground, words dark or light on it, so it reads on a dark
    terminal and a light one alike; without colours, ``SEAT_COLOURS`` as the words'.

    >>> seat_styles(["#2f6db5", "#ffffff"])
    ('bold #ffffff on #2f6db5', 'bold #1a1a1a on #ffffff')
    >>> seat_styles([])[:2]
    ('bold cyan', 'bold magenta')
    """
    if not colours:
        return tuple(f"bold {c}" for c in SEAT_COLOURS)
    return tuple(f"bold {ink_on(c)} on {c}" for c in colours)


def game_seat_colours(game: Game) -> list[str]:
    """The game's ``seat_colours`` for its options (its static data), or [] if it has none."""
    try:
        data = type(game).static_data(**game.options)
    except (NotImplementedError, MetroError):
        return []
    colours = data.get("seat_colours") if isinstance(data, dict) else None
    return [c for c in colours if isinstance(c, str)] if isinstance(colours, list) else []


class Screen:
    """Where the play loop writes: plain lines, or rich colours on a terminal.

    Players' names are shown in their seat's colour; the board is printed as the game drew
    it (its brackets are not markup).
    """

    def __init__(self, names: Sequence[str], colours: Sequence[str] = ()) -> None:
        self.names = tuple(names)
        #: each seat's name's style: the game's seat colours (``seat_styles``)
        self.styles = seat_styles(colours)
        self.width = max(40, shutil.get_terminal_size((80, 24)).columns)
        self.interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self._console: Any = None
        if sys.stdout.isatty():
            try:
                from rich.console import Console
            except ImportError:
                pass
            else:
                self._console = Console(highlight=False, soft_wrap=True)

    def show(self, lines: Sequence[str], style: str = "") -> None:
        """Print lines, in ``style`` where there are colours."""
        for line in lines:
            if self._console is None:
                click.echo(line)
                continue
            from rich.text import Text

            text = Text(line, style=style)
            for seat, name in enumerate(self.names):
                text.highlight_words([name], style=self.styles[seat % len(self.styles)])
            self._console.print(text)

    def error(self, message: str) -> None:
        """One line saying what was wrong."""
        self.show([_cut(message, self.width)], "bold red")

    def clear(self) -> None:
        """Start a new screen (only at an interactive terminal: a transcript keeps it all)."""
        if not self.interactive:
            return
        if self._console is not None:
            self._console.clear()
        else:
            click.clear()

    @contextlib.contextmanager
    def busy(self, text: str) -> Iterator[Callable[[str], None]]:
        """A spinner saying ``text`` while bots think (coloured terminals only); it leaves
        no line behind. Yields a function that changes the text."""
        if self._console is None or not self.interactive:
            yield lambda _: None
            return
        with self._console.status(text) as status:
            yield lambda t: status.update(t)


# --------------------------------------------------------------------------- the loop
class TerminalPlay:
    """One game played at the terminal: ``kinds[seat]`` is ``human`` or the bot's name."""

    def __init__(
        self,
        info: GameInfo,
        game: Game,
        kinds: Sequence[str],
        bots: Mapping[int, Bot],
        *,
        screen: Screen | None = None,
        reader: Reader | None = None,
    ) -> None:
        self.info = info
        self.game = game
        self.kinds = list(kinds)
        self.bots = dict(bots)
        self.humans = [s for s, k in enumerate(self.kinds) if k == "human"]
        #: whose eyes the words are told through: the one person, or a spectator's
        self.watcher = self.humans[0] if len(self.humans) == 1 else None
        self.screen = screen or Screen(game.players, game_seat_colours(game))
        self.reader = reader or make_reader()
        #: the log's length when its events were last told
        self.told = 0
        #: one-off lines for the next screen ("Taken back: ...")
        self.notes: list[str] = []
        self._static: dict[str, dict[str, Any]] | None = None

    # ------------------------------------------------------------ the game's pace
    def run(self) -> int:
        """Play to the end, to ``quit`` (exit code 0) or to the end of the input (1)."""
        while True:
            self._advance()
            if self.game.is_over:
                self._final()
                return 0
            seat = self.game.to_act
            assert seat is not None
            answer = self._decide(seat)
            if answer == "quit":
                self.screen.show(
                    ["Left the game (a game saved with 'save FILE' resumes with --load FILE)."]
                )
                return 0
            if answer == "eof":
                self.screen.error("The input ended before the game did.")
                return 1

    def _advance(self) -> None:
        """Settle chance and let the bots move until a person decides or the game ends."""
        game = self.game
        names = game.players
        with contextlib.ExitStack() as stack:
            say: Callable[[str], None] | None = None  # the spinner, from the first bot move
            while not game.is_over:
                if game.chance is not None:
                    game.resolve()
                    continue
                seat = game.to_act
                assert seat is not None
                if seat in self.humans:
                    return
                thinking = f"{names[seat]} ({self.kinds[seat]}) is thinking…"
                if say is None:
                    say = stack.enter_context(self.screen.busy(thinking))
                say(thinking)
                game.apply(self.bots[seat].choose(game, seat))
                if not self.humans:  # bots alone: the game is told as it goes
                    self.screen.show(self._new_words())

    def _new_words(self) -> list[str]:
        """What happened since the last telling, a sentence a line, as the watcher sees it."""
        game = self.game
        events = game.events
        lines = []
        for i in range(self.told, len(events)):
            text = game.describe(events[i], self.watcher)
            if text:
                lines.extend(_wrap(text, self.screen.width - 2, "  "))
        self.told = len(events)
        return lines

    # ------------------------------------------------------------ one decision
    def _board(self, seat: int | None) -> list[str]:
        if self.info.render_text is not None:
            return self.info.render_text(self.game, seat).splitlines()
        return plain_view(self.game.view(seat)).splitlines()

    def _players_line(self) -> str:
        who = []
        for seat, name in enumerate(self.game.players):
            kind = self.kinds[seat]
            role = ("you" if len(self.humans) == 1 else "human") if kind == "human" else kind
            who.append(f"{name} ({role})")
        return " · ".join(who)

    def _screen(self, seat: int, menu: Menu) -> None:
        """Draw one decision's screen: board, what happened, players, prompt, moves."""
        width = self.screen.width
        game = self.game
        prompt = game.prompt
        asked = prompt.text if prompt is not None and prompt.text else "your move"
        name = game.players[seat]
        # "Player 1, choose a lot", but not "Player 1, Player 1 has 4 coins: ..."
        said = _wrap(asked if asked.startswith(name) else f"{name}, {asked}", width)
        moves = menu.summary(width)
        notes = [_cut(n, width) for n in self.notes]
        self.notes = []
        fixed = len(notes) + 1 + len(said) + len(moves) + 1 + 1 + 1  # blank, players, hint, input
        words = self._new_words()
        avail = SCREEN_LINES - fixed
        told_min = 1 + min(len(words), MIN_EVENT_LINES) if words else 0
        board = fit_board(self._board(seat), max(5, avail - told_min), width)
        room = avail - len(board) - 1  # the heading of the words
        if words and len(words) > min(room, EVENT_LINES):
            keep = max(1, min(room, EVENT_LINES) - 1)
            words = [f"  … {len(words) - keep} lines before: 'log' tells it all", *words[-keep:]]
        self.screen.clear()
        self.screen.show(board)
        self.screen.show([""])
        if words:
            self.screen.show(["Since then:"], "dim")
            self.screen.show(words)
        self.screen.show(notes, "yellow")
        self.screen.show([self._players_line()], "dim")
        self.screen.show(said, "bold")
        self.screen.show(moves)
        self.screen.show([_cut(HINT, width)], "dim")

    def _decide(self, seat: int) -> str:
        """Ask ``seat``'s person until the game moves on: ``moved``, ``redraw`` (undone),
        ``quit`` or ``eof``."""
        legal = self._offered()
        menu = Menu(legal, [self.game.label(a, seat) for a in legal])
        self._screen(seat, menu)
        start = ""  # a partial move the chooser keeps typed
        while True:
            entry = self.reader.read(f"{self.game.players[seat]}> ", start, menu.completions)
            if entry is None:
                return "eof"
            line = entry.strip()
            if start:
                rest = entry[len(start) :].split() if entry.startswith(start) else None
                if not line or line == start.strip():
                    self.screen.show(["Back to all the moves."], "dim")
                    start = ""
                    continue
                if rest and rest[0].lower() in COMMANDS:  # a command typed after the words
                    line = " ".join(rest)
            kept, start = start, ""
            answer = self._answer(seat, menu, line)
            if answer in ("moved", "quit", "redraw"):
                return answer
            # a partial move, its next words shown; after a wrong word, the words before it
            start = answer or (kept if line.startswith(kept.strip()) else "")

    def _offered(self) -> list[Action]:
        """The legal moves the screen offers: not those the game says were declined already
        (a proposal asked again would be answered the same; typed out, it is still made)."""
        legal = list(self.game.legal_actions())
        if self.info.declined is None:
            return legal
        refused = self.info.declined(self.game)
        offered = [a for a in legal if a not in refused]
        return offered or legal

    def _answer(self, seat: int, menu: Menu, line: str) -> str:
        """Act on one entry: ``moved``, ``quit``, ``redraw``, a partial move, or "" (stay)."""
        if not line:
            return ""
        words = line.split()
        exact = menu.find(line)
        if exact is not None:
            return self._move(seat, menu.actions[exact])
        head = words[0].lower()
        if head in COMMANDS and not menu.matching(words[:1]):
            return self._command(seat, menu, head, words[1:])
        if len(words) == 1 and head.isdigit():
            index = int(head)
            if index < len(menu.actions):
                return self._move(seat, menu.actions[index])
            self.screen.error(
                f"No move {index}: the moves are numbered 0 to {len(menu.actions) - 1} "
                "(? lists them)."
            )
            return ""
        chosen = self._choice(menu, words)
        if chosen is not None:
            words = chosen
            exact = menu.find(" ".join(words))
            if exact is not None:
                return self._move(seat, menu.actions[exact])
        matches = menu.matching(words)
        if len(matches) == 1:
            return self._move(seat, menu.actions[matches[0]])
        if matches:
            return self._offer(menu, words)
        return self._typed(seat, line)

    def _choice(self, menu: Menu, words: list[str]) -> list[str] | None:
        """``place 2`` after the chooser offered ``place``'s words: the words with the third
        of them instead of ``2`` (only where the words offered are not numbers themselves)."""
        if len(words) < 2 or not words[-1].isdigit():
            return None
        offered = menu.next_words(words[:-1])
        if not offered or any(w.isdigit() for w in offered) or words[-1] in offered:
            return None
        index = int(words[-1])
        return [*words[:-1], offered[index]] if index < len(offered) else None

    def _offer(self, menu: Menu, words: list[str]) -> str:
        """Show the words that may follow a partial move; the partial move stays typed."""
        offered = menu.next_words(words)
        # the words as the moves spell them (the person may have typed another case)
        spelled = menu.words[menu.matching(words)[0]][: len(words)]
        numbered = not any(w.isdigit() for w in offered)
        items = [f"{k} {w}" if numbered else w for k, w in enumerate(offered)]
        head = f"{' '.join(spelled)} … choose:"
        lines = _wrap(f"{head} {'  '.join(items)}", self.screen.width)
        if len(lines) > 4:
            lines = [*lines[:3], f"  … {len(offered)} in all: Tab completes them"]
        self.screen.show(lines)
        return " ".join(spelled) + " "

    def _typed(self, seat: int, line: str) -> str:
        """A move the list does not hold (a bid of any amount): the game decides."""
        try:
            self.game.apply(line, seat=seat)
        except MetroError as exc:  # what was refused and what is legal, cut to one line
            self.screen.error(f"Not a move now: {exc}")
            return ""
        return "moved"

    def _move(self, seat: int, action: Action) -> str:
        self.game.apply(action, seat=seat)
        return "moved"

    # ------------------------------------------------------------ commands
    def _command(self, seat: int, menu: Menu, head: str, args: list[str]) -> str:
        width = self.screen.width
        if head == "?":
            chosen = menu.matching(args) if args else None
            if chosen == []:
                self.screen.error(f"No move begins with {' '.join(args)!r}.")
            else:
                self.screen.show(menu.listing(width, chosen))
            return ""
        if head == "help":
            self.screen.show(self._help(seat, menu, args))
            return ""
        if head == "board":
            self.screen.show(self._board(seat))
            return ""
        if head == "log":
            self.screen.show(record(self.game, self.watcher).splitlines()[-40:])
            return ""
        if head == "undo":
            return self._undo()
        if head == "save":
            return self._save(args)
        return "quit"

    def _undo(self) -> str:
        """Take back the last decision a person took, and all that followed."""
        events = self.game.events
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if isinstance(e, ActionTaken) and e.seat in self.humans:
                said = self.game.describe(e, self.watcher)
                self.game.undo(to=i)
                self.told = min(self.told, len(self.game.events))
                self.notes.append(f"Taken back: {said}")
                return "redraw"
        self.screen.error("Nothing of yours to take back yet.")
        return ""

    def _save(self, args: list[str]) -> str:
        if len(args) != 1:
            self.screen.error("save FILE: name one file to save the game in.")
            return ""
        path = Path(args[0]).expanduser()
        try:
            path.write_text(self.game.to_json())
        except OSError as exc:
            self.screen.error(f"Cannot save to {path}: {exc.strerror or exc}.")
            return ""
        self.screen.show([f"Saved to {path}: resume with --load {path}."], "green")
        return ""

    def _help(self, seat: int, menu: Menu, args: list[str]) -> list[str]:
        """What the prompt asks, what is legal in words, how to answer; or about one word."""
        width = self.screen.width
        if args:
            return self._about(menu, args)
        game = self.game
        prompt = game.prompt
        # a move of several words shows best how the chooser takes them
        example = next((t for t in menu.texts if len(t.split()) > 1), menu.texts[0])
        first = example.split()[0]
        lines = _wrap(f"Asked: {prompt.text if prompt else ''}", width)
        legal = _wrap(f"Legal now: {game._legal_text()}", width)
        lines += legal if len(legal) <= 4 else [*legal[:3], "  … (? lists every move)"]
        lines += _wrap(
            f"Answer with a move's words (e.g. {example}), Tab completing each word; or its "
            f"first word alone ({first}) to choose the rest step by step; or its number "
            "from ?.",
            width,
        )
        lines += _wrap(
            "Commands: ? [WORDS] lists the moves (those beginning with WORDS) · help WORD "
            "tells what a word of the moves is · board draws the whole board · log tells the "
            "game so far · undo takes back your last move · save FILE · quit.",
            width,
        )
        terms = self._terms(menu)
        if terms:
            lines.append("In these moves:")
            lines += [_cut(f"  {t}", width) for t in terms[:10]]
        return lines

    def _about(self, menu: Menu, args: list[str]) -> list[str]:
        """``help WORDS``: the moves the first word begins, and what the game says of the
        words (``help la borsa`` as one name; ``help build 14`` word by word)."""
        width = self.screen.width
        word = args[0]
        lines = []
        members = menu.matching([word])
        if members:
            lines.append(f"{word}: {len(members)} moves, e.g. {menu.texts[members[0]]}")
        phrase = " ".join(args)
        told = self._explain(phrase)
        if told is not None:
            return lines + _wrap(told, width)
        for w in args:
            told = self._explain(w)
            if told is not None:
                lines += _wrap(told, width)
        return lines or [
            f"Nothing is known about {phrase!r} here: help WORD takes a word of the moves "
            "(help alone lists the words of these moves)."
        ]

    def _explain(self, word: str) -> str | None:
        """The game's help for ``word``, else what its static data says of it."""
        if self.info.explain is not None:
            told = self.info.explain(self.game, word)
            if told is not None:
                return told
        entry = self._static_entries().get(word.lower())
        return None if entry is None else _entry_text(word, entry, facts=True)

    def _terms(self, menu: Menu) -> list[str]:
        """The game's data on the words of these moves that name cards, tiles, buildings."""
        entries = self._static_entries()
        seen: dict[str, None] = {}
        for words in menu.words:
            for w in words[1:]:
                entry = entries.get(w.lower())
                if entry is not None and _entry_says(entry):
                    seen.setdefault(w, None)
        return [_entry_text(w, entries[w.lower()], facts=False) for w in seen]

    def _static_entries(self) -> dict[str, dict[str, Any]]:
        """Every object with an ``id`` in the game's static data, by its id."""
        if self._static is None:
            self._static = {}
            try:
                data: Any = type(self.game).static_data(**self.game.options)
            except (NotImplementedError, MetroError):
                data = None
            # in the document's order; of two entries with one id (a tile and its
            # category) the first that tells something (an effect, a text) is kept
            queue = collections.deque([data])
            while queue:
                item = queue.popleft()
                if isinstance(item, dict):
                    key = item.get("id")
                    if isinstance(key, str):
                        kept = self._static.get(key.lower())
                        if kept is None or (not _entry_says(kept) and _entry_says(item)):
                            self._static[key.lower()] = item
                    queue.extend(item.values())
                elif isinstance(item, list):
                    queue.extend(item)
        return self._static

    # ------------------------------------------------------------ the end
    def _final(self) -> None:
        game = self.game
        result = game.result()
        width = self.screen.width
        words = self._new_words()
        if len(words) > EVENT_LINES:
            keep = EVENT_LINES - 1
            words = [f"  … {len(words) - keep} lines before", *words[-keep:]]
        self.screen.clear()
        room = SCREEN_LINES - 3 - len(words)
        self.screen.show(fit_board(self._board(self.watcher), room, width))
        self.screen.show([""])
        self.screen.show(words)
        winners = ", ".join(game.players[w] for w in result.winners)
        self.screen.show([f"scores {list(result.scores)}; winner(s): {winners}"], "bold")


_SAYS = ("effect", "text", "description", "rule", "help")
_NAMES = ("name", "display", "title")
_QUIET = frozenset({"id", "names", "label", "count", *_SAYS, *_NAMES})


def _entry_says(entry: Mapping[str, Any]) -> bool:
    """True if a data entry tells something (an effect, a text), not only where it is."""
    return any(isinstance(entry.get(k), str) for k in _SAYS)


def _entry_text(word: str, entry: Mapping[str, Any], *, facts: bool) -> str:
    """``res4 = Residential 4 (value 4): counts 4 toward ...``: a data entry in a sentence,
    with its other plain fields (``facts``) or only its name and what it does."""
    name = next((entry[k] for k in _NAMES if isinstance(entry.get(k), str)), "")
    says = next((entry[k] for k in _SAYS if isinstance(entry.get(k), str)), "")
    out = f"{word} = {name}" if name and name.lower() != word.lower() else word
    shown = [
        f"{k} {v}"
        for k, v in entry.items()
        if k not in _QUIET and isinstance(v, int | str) and not isinstance(v, bool)
    ]
    if facts and shown:
        out += f" ({', '.join(shown)})"
    return f"{out}: {says}" if says else out


def play_at_terminal(
    info: GameInfo, game: Game, kinds: Sequence[str], bots: Mapping[int, Bot]
) -> int:
    """Play ``game`` at this terminal (see the module docstring); the exit code."""
    return TerminalPlay(info, game, kinds, bots).run()
