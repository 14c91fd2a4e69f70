"""Help for the words of a game's moves: the shared part of each game's ``help`` texts.

A game's glossary (``GameInfo.explain``) answers ``help WORD`` in the terminal: what a verb
does and what its words mean, what a card, a building, a street or a number of its moves
is. The verbs' texts are the actions' own descriptions (their docstrings and their fields'
``doc``), so they say what the JSON Schema says; the rest is each game's, from its data.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any, cast

import attrs

from common.actions import Action
from common.codec import DOC


def _first_paragraph(text: str | None) -> str:
    """A docstring's first paragraph in one line (the rest is for programmers)."""
    cleaned = inspect.cleandoc(text or "").replace("``", "")
    return " ".join(cleaned.split("\n\n")[0].split())


def verb_help(kind: type[Action]) -> str:
    """``build AREA: Buy one block ... AREA: the Buildable Area ...``: a verb, its words and
    what it does, from the action's descriptions."""
    fields = attrs.fields(cast(Any, kind))
    words = [f.name.upper() for f in fields]
    head = " ".join([kind.word, *words])
    parts = [f"{head}: {_first_paragraph(kind.__doc__)}"]
    for f in fields:
        said = f.metadata.get(DOC)
        if said:
            parts.append(f"{f.name.upper()}: {said}" + ("" if said.endswith(".") else "."))
    return " ".join(parts)


def verbs_help(kinds: Iterable[type[Action]]) -> dict[str, str]:
    """Every verb of these actions with its help (``verb_help``), by the verb."""
    return {k.word: verb_help(k) for k in kinds}


def key(word: str) -> str:
    """How a glossary looks a word up: case, spacing and ``_`` against spaces aside."""
    return " ".join(word.replace("_", " ").lower().split())


def add(glossary: dict[str, str], word: str, text: str) -> None:
    """Put ``text`` under ``word``, after what the glossary already says of it (a verb that
    is also a card's name answers both)."""
    k = key(word)
    said = glossary.get(k)
    glossary[k] = text if said is None or said == text else f"{said} Also: {text}"
