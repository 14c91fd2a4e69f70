"""The README keeps its promises: the two set-up commands, its links, its commands, its size."""

from __future__ import annotations

import re
from pathlib import Path

import click

from common.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def test_the_two_set_up_commands_are_there_as_commands() -> None:
    blocks = re.findall(r"```\n(.*?)\n```", README, re.S)
    assert "python -m pip install -e '.[test]' && metro demo" in blocks
    assert "python -m pip install -e '.[test]' && python -m pytest" in blocks


def test_it_stays_short() -> None:
    assert len(README.splitlines()) < 160


def test_every_local_link_and_picture_is_there() -> None:
    targets = re.findall(r"\]\(([^)#]+)\)", README)
    local = [t for t in targets if not t.startswith("http")]
    assert len(local) > 10
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing


def test_every_command_of_the_table_is_a_command() -> None:
    rows = re.findall(r"^\| `metro ([^`]+)`(?: / `([^`]+)`)? \|", README, re.M)
    assert len(rows) >= 10
    ctx = click.Context(main)
    game = main.get_command(ctx, "metrocity")  # the games' commands are loaded when asked
    assert isinstance(game, click.Group)

    def found(words: list[str]) -> bool:
        group: click.Group = main
        if words[0] == "<game>":
            group, words = game, words[1:]
        return group.get_command(ctx, words[0]) is not None

    for first, second in rows:
        words = first.split()
        assert found(words), first
        if second:  # "`metro <game> data` / `schema`" or "... / `metro <game> bench`"
            more = second.removeprefix("metro ").split()
            assert found(more if second.startswith("metro ") else [*words[:-1], *more]), second
