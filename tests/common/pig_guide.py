"""The fifth game of docs/core.md ("Writing a fifth game"), taken from the page itself: its
code blocks in order, and the package they make laid out in a folder as the guide shows."""

from __future__ import annotations

import re
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "core.md"


def blocks() -> dict[str, list[str]]:
    """The guide's fenced code blocks by language (``python``, ``js``, ``toml``), in order."""
    text = GUIDE.read_text()
    part = text[text.index("## Writing a fifth game") :]
    part = part[: part.find("\n## ", 1)] if "\n## " in part[1:] else part
    found: dict[str, list[str]] = {}
    for language, code in re.findall(r"```(\w+)\n(.*?)```", part, re.S):
        found.setdefault(language, []).append(code)
    return found


def game_code() -> str:
    """The game: the section's first Python block."""
    code = blocks().get("python", [])
    assert code, "the guide has no Python code block"
    return code[0]


def lay_out(folder: Path) -> Path:
    """Write the guide's project folder ``pig/`` into ``folder``: its pyproject.toml, the
    package (the game and its GameInfo) and the package's ``web/panel.js``; the project."""
    found = blocks()
    assert len(found.get("python", [])) == 2, "the guide has the game and its GameInfo"
    assert len(found.get("js", [])) == 1 and len(found.get("toml", [])) == 1
    project = folder / "pig"
    package = project / "pig"
    (package / "web").mkdir(parents=True)
    (project / "pyproject.toml").write_text(found["toml"][0])
    (package / "__init__.py").write_text("\n\n".join(found["python"]))
    (package / "web" / "panel.js").write_text(found["js"][0])
    return project
