"""Options of the whole test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--update-playthroughs`` rewrites the golden playthroughs after an intended change."""
    parser.addoption(
        "--update-playthroughs",
        action="store_true",
        default=False,
        help="rewrite tests/playthroughs/*.txt instead of comparing against them",
    )
