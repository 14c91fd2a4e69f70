"""The slow tier: tests a person need not wait for on every run, which ``.ci/run`` runs.

``python -m pytest`` (the README's command) runs the quick tier; ``python -m pytest -m slow``
runs the rest: the browser journeys, a picture for every rule option, the other readings of a
rule played through the whole kit, and OpenSpiel's search on every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

#: the mark of the slow tier
slow = pytest.mark.slow


def first_quick(
    values: Iterable[Any],
    ids: Sequence[str] | None = None,
    quick: int = 1,
    *,
    several: bool = False,
) -> list[Any]:
    """``values`` as parameters, the first ``quick`` of them in the quick tier and the rest
    in the slow one (a test meant for each rule option: the defaults on every run). With
    ``several`` each value is a tuple of the test's several arguments."""
    out = []
    for k, value in enumerate(values):
        marks = () if k < quick else (slow,)
        args = tuple(value) if several else (value,)
        out.append(pytest.param(*args, marks=marks, id=None if ids is None else ids[k]))
    return out
