"""Options and settings of the whole test suite."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# CI runs the property tests on a fixed sequence of examples, so a landing is reproducible;
# locally they explore new examples on every run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--update-playthroughs`` rewrites the golden playthroughs after an intended change."""
    parser.addoption(
        "--update-playthroughs",
        action="store_true",
        default=False,
        help="rewrite tests/playthroughs/*.txt instead of comparing against them",
    )


def pytest_report_header(config: pytest.Config) -> str | None:
    """Say when the slow tier is left out, and how to run it (tests/tiers.py)."""
    if "not slow" in (config.getoption("markexpr") or ""):
        return (
            "the quick tier: the slow one (the browser journeys, every rule option's pictures, "
            "the long soaks) runs with python -m pytest -m slow"
        )
    return None
