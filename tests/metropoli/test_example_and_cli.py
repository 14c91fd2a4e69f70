"""The embedding example runs, and the generic CLI drives Metropoli."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

from click.testing import CliRunner

EXAMPLE = Path(__file__).parents[2] / "examples" / "metropoli_auction.py"


def test_the_scripted_auction_example_runs(capsys: Any) -> None:
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "Anna pays the Bank $450,000 for the pre-emption: the Market Value and $50,000." in out
    assert "11 Van Buren (pink)        1 $150,000      @1" in out and " 1 Anna: $4,550,000" in out


def test_cli_demo_and_simulate_run_for_metropoli() -> None:
    from common.cli import main

    runner = CliRunner()
    out = runner.invoke(main, ["metropoli", "demo", "-p", "3", "-s", "2", "-b", "heuristic"])
    assert out.exit_code == 0, out.output
    assert " 3 Player 3: " in out.output
    out = runner.invoke(
        main, ["metropoli", "simulate", "-n", "4", "-p", "4", "-s", "1", "-b", "heuristic,random"]
    )
    assert out.exit_code == 0, out.output
    out = runner.invoke(main, ["metropoli", "demo", "-p", "3", "-o", "round_limit=7"])
    assert out.exit_code != 0 and "round_limit" in out.output
