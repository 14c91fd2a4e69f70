"""Collect the benchmark files (``bench_*.py``), which the main test suite leaves out.

Run them with ``python -m pytest benchmarks --benchmark-only`` (pytest-benchmark, extra [dev]).
"""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Module | None:
    """Collect ``bench_*.py`` as test modules."""
    if file_path.suffix == ".py" and file_path.name.startswith("bench_"):
        return pytest.Module.from_parent(parent, path=file_path)
    return None
