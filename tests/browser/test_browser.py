"""The browser app served by metro web, in a real Chromium: every game started from the start
page and played to its end by random legal clicks; two people by seat links, each seeing only
its own hand; undo by consent; a reload and a host restart mid-game; the keyboard; a phone's
screen; a replay. Every page must log no console error and throw nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from common.web.store import SqliteStore
from tests.browser.clicks import click_once, over, play, ready, seq, wait_movable
from tests.browser.conftest import Server, Watched, screenshot

GAMES = ["metrocity", "metropolia", "metropolis_lots", "metropoli"]
#: another player's move stays shown this long in the tests (a person's pace is 700 ms)
FAST = "?pace=0"


def start(page: Page, server: Server, name: str) -> None:
    """The quick way in: the start page's button that starts ``name`` against bots."""
    page.goto(server.url + FAST)
    page.locator(f'[data-new-game="{name}"]').click()
    page.wait_for_url("**/game.html*#t=*")
    ready(page)


def token_of(page: Page) -> str:
    """The seat's token in the page's address."""
    return page.url.split("#t=", 1)[1]


def table_of(server: Server, page: Page) -> Any:
    """The host's table of the game the page plays."""
    game_id, _ = server.host.tokens[_hash(token_of(page))]
    return server.host.tables[game_id]


def _hash(token: str) -> str:
    from common.web.host import token_hash

    return token_hash(token)


def test_the_start_page_offers_every_game_with_its_options(server: Server, contexts: Any) -> None:
    page = contexts().page()
    page.goto(server.url)
    for name in GAMES:
        card = page.locator(f'[data-game="{name}"]')
        expect(card.locator(f'[data-new-game="{name}"]')).to_be_visible()
    catalogue = {g["name"]: g for g in server.host.cmd_games(None, {})["games"]}
    assert set(catalogue) == set(GAMES)
    metropoli = page.locator('[data-game="metropoli"]')
    metropoli.locator("summary").first.click()
    counts = metropoli.locator("[data-players-count] option")
    assert counts.count() == 4  # 3 to 6 players
    metropoli.locator("[data-players-count]").select_option("5")
    assert metropoli.locator("[data-seat]").count() == 5
    metropoli.locator(".options summary").click()
    assert metropoli.locator("[data-option]").count() == len(catalogue["metropoli"]["options"])
    screenshot(page, "start-desktop")
    phone = contexts(390, 844).page()
    phone.goto(server.url)
    expect(phone.locator('[data-new-game="metrocity"]')).to_be_visible()
    screenshot(phone, "start-phone")


@pytest.mark.parametrize("name", GAMES)
def test_each_game_is_played_to_its_end_by_clicks(
    server: Server, contexts: Any, name: str
) -> None:
    page = contexts().page()
    start(page, server, name)
    rng = random.Random(name)
    wait_movable(page)
    expect(page.locator("[data-prompt]")).not_to_be_empty()
    play(page, rng, moves=6)
    screenshot(page, f"{name}-playing")
    play(page, rng)
    assert over(page)
    table = table_of(server, page)
    result = table.game.view(0)["result"]
    standings = page.locator("[data-result] [data-standing]")
    assert standings.count() == table.game.num_players
    shown = {int(s.get_attribute("data-standing") or -1): s.inner_text() for s in standings.all()}
    for seat, score in enumerate(result["scores"]):
        assert str(score) in shown[seat]
    screenshot(page, f"{name}-over")
    # the replay: the first step, then one step on with the keyboard, then the last
    page.locator("[data-replay-open]").click()
    expect(page.locator("[data-replay-step]")).to_have_text(
        f"step 0 of {len(_steps(server, page)) - 1}"
    )
    first = page.locator("[data-board]").inner_html()
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-replay-step]")).to_contain_text("step 1 of")
    page.keyboard.press("End")
    expect(page.locator("[data-replay-step]")).not_to_contain_text("step 1 of")
    page.wait_for_function(
        "(first) => document.querySelector('[data-board]').innerHTML !== first", arg=first
    )
    page.locator("[data-replay-close]").click()
    expect(page.locator("[data-result]")).to_be_visible()


def _steps(server: Server, page: Page) -> list[Any]:
    table = table_of(server, page)
    steps: list[Any] = server.host.cmd_steps(None, {"id": table.id})["steps"]
    return steps
