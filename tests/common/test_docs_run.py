"""Every Python block of README.md and docs/*.md runs, so an example cannot rot.

Each file's ```python blocks run in order in one namespace, in a fresh working folder (a
block may write its files there). A block of ``>>>`` lines runs as a doctest, its printed
answers checked. A block that must not run is marked by the line before its fence,
``<!-- no-run: why -->``; the reason is required. The ``metro`` commands of the other
blocks are parsed (the command, its options and their values as click reads them) without
running them; the slow tier runs those that end by themselves in minutes.
"""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest

from common.cli import main
from tests.tiers import slow

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: a fenced block: the line before it, its language and its text
FENCE = re.compile(r"(?:^([^\n]*)\n)?^```(\w*)\n([\s\S]*?)^```", re.M)
NO_RUN = re.compile(r"<!--\s*no-run:\s*(\S.*?)\s*-->")
#: a ``metro`` command line of a shell block, its comment left out
METRO = re.compile(r"^(?:.*&& )?(metro [^#\n]*?)\s*(?:#.*)?$", re.M)
#: commands that do not end by themselves (a person plays, a host serves), and the docs'
#: tournaments, which measure bots' strength with MCTS for many minutes: parsed only
ENDLESS = ("play", "web", "serve", "tournament")


def blocks(path: Path) -> list[tuple[str, str, str | None]]:
    """The fenced blocks of ``path``: language, text and the reason it must not run."""
    out = []
    for before, language, text in FENCE.findall(path.read_text()):
        marked = NO_RUN.search(before or "")
        out.append((language, text, marked.group(1) if marked else None))
    return out


def python_files() -> list[Path]:
    return [p for p in DOCS if any(lang == "python" for lang, _, _ in blocks(p))]


def run_block(text: str, namespace: dict[str, object], name: str) -> None:
    """Run one block: as a doctest when it is ``>>>`` lines, else as a script."""
    if text.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(text, namespace, name, name, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        out: list[str] = []
        runner.run(test, out=out.append, clear_globs=False)
        assert runner.failures == 0, "".join(out)
    else:
        exec(compile(text, name, "exec"), namespace)


@pytest.mark.parametrize("path", python_files(), ids=lambda p: p.name)
def test_every_python_block_runs(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs_{path.stem.replace('-', '_')}"}
    ran = 0
    for k, (language, text, skip) in enumerate(blocks(path)):
        if language != "python":
            continue
        if skip is not None:
            continue
        run_block(text, namespace, f"{path.name} block {k}")
        ran += 1
    assert ran, f"{path.name}: every Python block is marked no-run"


def test_a_block_left_out_says_why() -> None:
    for path in DOCS:
        for before in re.findall(r"^(.*)\n```", path.read_text(), re.M):
            if "no-run" in before:
                assert NO_RUN.search(before), f"{path.name}: {before!r} gives no reason"


def metro_lines() -> list[tuple[str, str]]:
    """Every ``metro`` command of the docs' shell blocks, with the file it is in."""
    found = []
    for path in DOCS:
        for language, text, skip in blocks(path):
            if language not in ("", "sh", "console", "bash", "shell") or skip is not None:
                continue
            for command in METRO.findall(text):
                found.append((path.name, command))
    return found


def parse(args: list[str]) -> None:
    """Read ``metro ARGS`` as the command would (each group, the command, its options and
    their values), without running it."""
    ctx = main.make_context("metro", list(args))
    command: click.Command = main
    while isinstance(command, click.Group):
        # click keeps the words after a group's options apart (Group.invoke joins them)
        words = [*getattr(ctx, "_protected_args", ()), *ctx.args]
        name, sub, rest = command.resolve_command(ctx, words)
        assert sub is not None and name is not None
        ctx = sub.make_context(name, rest, parent=ctx)
        command = sub


#: the files the docs' commands name, made empty where the command only reads their name
NAMED_FILES = re.compile(r"[\w/.-]+\.(?:json|py|csv|svg)$")


def placeholders(args: list[str], folder: Path) -> None:
    for arg in args:
        for part in arg.split("="):
            if NAMED_FILES.fullmatch(part) and not (folder / part).exists():
                (folder / part).parent.mkdir(parents=True, exist_ok=True)
                (folder / part).write_text("{}" if part.endswith(".json") else "")


def test_every_metro_command_of_the_docs_parses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    lines = metro_lines()
    assert len(lines) > 20
    wrong = []
    for where, command in lines:
        args = shlex.split(command)[1:]
        placeholders(args, tmp_path)
        try:
            parse(args)
        except click.ClickException as exc:
            wrong.append(f"{where}: {command}: {exc.format_message()}")
    assert not wrong, "\n".join(wrong)


def runnable() -> list[tuple[str, str]]:
    """The docs' commands that end by themselves and read no file of the reader's own."""
    out = []
    for where, command in metro_lines():
        words = shlex.split(command)
        if any(w in ENDLESS for w in words[1:3]) or any("my_" in w or "mybots" in w for w in words):
            continue
        out.append((where, command))
    return out


@slow
@pytest.mark.parametrize(("where", "command"), runnable(), ids=[c for _, c in runnable()])
def test_a_metro_command_of_the_docs_runs(where: str, command: str, tmp_path: Path) -> None:
    args = shlex.split(command)[1:]
    done = subprocess.run(
        [sys.executable, "-m", "common", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"{where}: {command}\n{done.stdout[-2000:]}{done.stderr[-2000:]}"


def test_the_docs_links_lead_to_files() -> None:
    for path in DOCS:
        for target in re.findall(r"\]\(([^)#\s]+)[^)]*\)", path.read_text()):
            if re.match(r"\w+:", target):
                continue
            assert (path.parent / target).exists(), f"{path.name} links {target}"
