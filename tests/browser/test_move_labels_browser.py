"""The browser's move buttons read the engine's labels: words, not ids (issue 37's buttons).

Each game is started against bots in Chromium and played by clicking until its menu has shown
moves several times; every shown button's words are the label the host gives that move, and
its ``data-action`` the text form. A screenshot of each game's menu goes to the artifacts.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.clicks import over, ready, wait_movable
from tests.browser.conftest import Server, screenshot
from tests.browser.test_browser import GAMES, start, table_of

pytestmark = pytest.mark.slow

#: how many of the seat's decisions each game is looked at
DECISIONS = 6


def _shown(page: Page) -> list[tuple[str, str]]:
    """Every move button of the menu (inside closed groups too): its text form and words."""
    got: list[list[str]] = page.evaluate(
        """() => Array.from(document.querySelectorAll("[data-menu] [data-action]"))
             .map((b) => [b.dataset.action, b.textContent.trim()])"""
    )
    return [(a, w) for a, w in got]


@pytest.mark.parametrize("name", GAMES)
def test_the_move_buttons_show_the_engines_labels(server: Server, contexts: Any, name: str) -> None:
    page = contexts().page()
    start(page, server, name)
    checked = 0
    for step in range(DECISIONS):
        wait_movable(page)
        ready(page)
        if over(page):
            break
        table, seat = table_of(server, page), None
        for _, (t, s) in server.host.tokens.items():
            if t is table and s is not None:
                seat = s
        game = table.game
        assert seat is not None and game.to_act == seat
        labels = {str(a): game.label(a, seat) for a in game.legal_actions()}
        shown = _shown(page)
        assert shown, "no move buttons"
        for text, words in shown:
            assert words == labels[text], (text, words)
            checked += 1
        if step == 0:
            screenshot(page, f"labels-{name}")
        page.locator("[data-menu] [data-action]").first.evaluate("b => b.click()")
    assert checked
