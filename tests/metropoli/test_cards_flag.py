"""``--cards FILE`` on every generic command (ruling MI-8: the deck is a replaceable
reconstruction), through ``INFO.flags`` / ``INFO.file_flags``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import metropoli
from common import InvalidOption
from common.cli import main
from tests.tiers import slow

#: every card pays $1 from the Bank: easy to recognise in a save
DECK = [{"id": f"tip{i}", "text": "Collect $1", "effect": "collect", "amount": 1} for i in range(3)]


def _write(tmp_path: Path, cards: object, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(cards))
    return path


def test_info_declares_cards_as_a_file_flag() -> None:
    assert "cards" in metropoli.INFO.flags and "reconstruction" in metropoli.INFO.flags["cards"]
    assert metropoli.INFO.file_flags == frozenset({"cards"})


@pytest.mark.parametrize(
    "command",
    [
        # the deck, not the default bot, is what these test: the quick bot plays
        ["demo", "-p", "3", "-s", "4", "-b", "heuristic"],
        ["simulate", "-n", "2", "-p", "3", "-s", "1", "-b", "heuristic"],
        # a soak checks every step: a short game (seed 15 ends in about 480 decisions)
        pytest.param(
            [
                "soak",
                "-n",
                "1",
                "-p",
                "3",
                "-s",
                "15",
                "-o",
                "round_limit=50",
                "-o",
                "final_turn_limit=5",
            ],
            marks=slow,
        ),
        ["bench", "-n", "1", "-p", "3", "-s", "1"],
        ["tournament", "--bots", "random,heuristic", "-n", "2", "-p", "3", "-s", "1"],
    ],
)
def test_every_generic_command_takes_a_replacement_deck(tmp_path: Path, command: list[str]) -> None:
    deck = _write(tmp_path, {"cards": DECK})
    out = CliRunner().invoke(main, ["metropoli", *command, "--cards", str(deck)])
    assert out.exit_code == 0, out.output


def test_the_replacement_deck_is_the_one_played(tmp_path: Path) -> None:
    deck = _write(tmp_path, DECK)
    out_file = tmp_path / "pt.json"
    command = ["metropoli", "playthrough", "-p", "3", "-s", "5", "--max-steps", "600"]
    out = CliRunner().invoke(main, [*command, "--cards", str(deck), "--out", str(out_file)])
    assert out.exit_code == 0, out.output
    text = out_file.read_text()
    assert "tip0" in text and "collect_200k_1" not in text
    out = CliRunner().invoke(
        main,
        [
            "metropoli",
            "play",
            "-p",
            "3",
            "-s",
            "5",
            "-b",
            "random,random,random",
            "--cards",
            str(deck),
        ],
    )
    assert out.exit_code == 0, out.output


def test_a_broken_deck_is_refused_naming_the_card_and_the_problem(tmp_path: Path) -> None:
    bad = [*DECK[:2], {"id": "warp", "text": "?", "effect": "teleport", "amount": 0}]
    path = _write(tmp_path, bad, "bad.json")
    out = CliRunner().invoke(main, ["metropoli", "demo", "-p", "3", "--cards", str(path)])
    assert out.exit_code != 0
    assert "cards[2] (card 'warp')" in out.output and "unknown effect 'teleport'" in out.output
    dup = _write(tmp_path, [DECK[0], DECK[0]], "dup.json")
    out = CliRunner().invoke(main, ["metropoli", "simulate", "-n", "1", "--cards", str(dup)])
    assert out.exit_code != 0 and "'tip0' is used twice" in out.output


def test_an_unreadable_deck_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "nojson.json"
    path.write_text("{not json")
    out = CliRunner().invoke(main, ["metropoli", "demo", "-p", "3", "--cards", str(path)])
    assert out.exit_code != 0 and "not JSON" in out.output
    out = CliRunner().invoke(
        main, ["metropoli", "demo", "-p", "3", "--cards", str(tmp_path / "missing.json")]
    )
    assert out.exit_code != 0 and "cannot read" in out.output


@pytest.mark.parametrize(
    "card",
    [
        {"id": "x", "effect": ["collect"], "amount": 1},
        {"id": "x", "effect": {"a": 1}, "amount": 1},
        {"id": ["x"], "effect": "collect", "amount": 1},
        {"id": "x", "effect": "collect", "amount": 1.0},
        {"id": "x", "effect": "collect", "amount": True},
        {"id": "x", "effect": "collect", "amount": 1, "text": "t" * 501},
        {"id": "x\u0000y", "effect": "collect", "amount": 1},
    ],
)
def test_a_malformed_card_is_an_invalid_option_never_a_type_error(card: dict[str, Any]) -> None:
    """Issue 21: a deck from a client or a save gets a typed error naming the card."""
    with pytest.raises(InvalidOption, match=r"cards\[0\]"):
        metropoli.new_game(players=3, cards=[card])


def test_the_deck_option_is_copied_so_the_caller_cannot_change_a_game() -> None:
    deck = [dict(c) for c in DECK]
    g = metropoli.new_game(players=3, seed=1, cards=deck)
    deck[0]["amount"] = 7
    assert g.options["cards"][0]["amount"] == 1
