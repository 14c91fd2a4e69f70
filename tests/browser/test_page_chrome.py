"""The page around the board, in a real Chromium: skip links to the moves and the hand, a
focus ring unlike the chosen frame, every input named, a spectator told they watch, and a
link that opens no game saying why and leading home."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.clicks import ready, wait_movable
from tests.browser.conftest import Server, screenshot

pytestmark = pytest.mark.slow

FAST = "?pace=0"


def unnamed(page: Page) -> list[str]:
    """The inputs, selects and buttons of the page that have no accessible name."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll("input, select, button, textarea")]
            .filter((e) => e.offsetParent !== null)
            .filter((e) => !(e.getAttribute("aria-label") || e.labels?.length
                || (e.tagName === "BUTTON" && e.textContent.trim())))
            .map((e) => e.outerHTML.slice(0, 120))"""
    )
    return found


def test_the_skip_links_lead_to_the_moves_and_the_hand(server: Server, contexts: Any) -> None:
    page = contexts().page()
    page.goto(server.url + FAST)
    page.locator('[data-new-game="metrocity"]').click()
    page.wait_for_url("**/game.html*#t=*")
    ready(page)
    wait_movable(page)
    page.keyboard.press("Tab")
    skip = page.locator("[data-skip-moves]")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    screenshot(page, "chrome-skip-link")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "moves"
    # the next Tab is the moves' first button, not the board's 30 blocks
    page.keyboard.press("Tab")
    assert page.evaluate("Boolean(document.activeElement.closest('#moves'))")
    page.keyboard.press("Shift+Tab")
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    page.locator("[data-skip-moves]").focus()
    page.keyboard.press("Tab")
    expect(page.locator("[data-skip-hand]")).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "hand"
    expect(page.locator("#hand [data-hand]")).to_be_visible()


def test_the_focus_ring_is_unlike_the_chosen_frame(server: Server, contexts: Any) -> None:
    page = contexts().page()
    page.goto(server.url + FAST)
    page.locator('[data-new-game="metrocity"]').click()
    page.wait_for_url("**/game.html*#t=*")
    ready(page)
    wait_movable(page)
    tile = page.locator("[data-board] [data-key^='tile:'].mk-live").first
    tile.click()
    expect(page.locator("[data-chosen]")).to_be_visible()
    page.locator("[data-chosen] button").first.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # the keyboard's focus (focus-visible) on a chosen move
    focused = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement);
                   return [s.outlineStyle, s.outlineColor]; }"""
    )
    frame = page.evaluate(
        """() => { const s = getComputedStyle(document.querySelector("[data-chosen]"));
                   return [s.borderTopStyle, s.borderTopColor]; }"""
    )
    chosen = page.evaluate(
        """() => getComputedStyle(document.querySelector(
              "[data-board] .mk-chosen > :is(rect, circle, path, polygon)")).stroke"""
    )
    screenshot(page, "chrome-focus-and-chosen")
    assert focused[0] == "solid" and frame[0] == "dashed"
    assert focused[1] != frame[1] and focused[1] != chosen


def test_every_input_of_the_start_and_game_pages_is_named(server: Server, contexts: Any) -> None:
    page = contexts().page()
    page.goto(server.url + FAST)
    card = page.locator('[data-game="metropolia"]')
    card.locator("details.more > summary").click()
    card.locator("details.options > summary").click()  # the rule options' inputs too
    card.locator('[data-seat="1"]').select_option("friend")
    assert unnamed(page) == []
    card.locator("[data-setup] button[type=submit]").click()
    expect(page.locator('[data-seat-link="1"]')).to_be_visible()
    assert unnamed(page) == []
    link = page.locator('[data-seat-link="1"]')
    assert re.match(r"the link of seat 2, ", link.get_attribute("aria-label") or "")
    assert page.locator("[data-spectator-link]").get_attribute("aria-label") == (
        "the spectators' link"
    )
    screenshot(page, "chrome-start-links")
    page.locator('[data-seat-open="0"]').click()
    page.wait_for_url("**/game.html*#t=*")
    ready(page)
    assert unnamed(page) == []


def test_a_spectator_is_told_they_watch_and_reads_the_players_words(
    server: Server, contexts: Any
) -> None:
    page = contexts().page()
    page.goto(server.url + FAST)
    card = page.locator('[data-game="metrocity"]')
    card.locator("details.more > summary").click()
    card.locator('[data-seat="0"]').select_option("friend")
    card.locator('[data-seat="1"]').select_option("friend")
    card.locator("[data-setup] button[type=submit]").click()
    watch = page.locator("[data-spectator-link]").input_value()
    spectator = contexts(1280, 800).page()
    spectator.goto(watch)
    ready(spectator)
    note = spectator.locator("[data-watching]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("You are watching this game")
    prompt = spectator.locator("[data-prompt]").inner_text()
    assert re.match(r"Player [12] is asked: ", prompt), prompt
    assert not re.search(r"\byour?\b", prompt, re.I), prompt
    assert "their 5 tiles" in prompt
    expect(spectator.locator("[data-skip-hand]")).to_be_hidden()
    assert spectator.locator("[data-own] *").count() == 0
    screenshot(spectator, "chrome-spectator")


@pytest.mark.parametrize(
    ("address", "why"),
    [("game.html#t=not-a-key", "Why: "), ("game.html", "this address names no game")],
    ids=["wrong-key", "no-key"],
)
def test_a_link_that_opens_no_game_says_why_and_leads_home(
    server: Server, contexts: Any, address: str, why: str
) -> None:
    watched = contexts()
    watched.allowed.append("")  # the host's refusal may be logged by the socket: it is the point
    page = watched.page()
    page.goto(server.url + address)
    lost = page.locator("[data-lost]")
    expect(lost).to_be_visible()
    expect(lost.locator("h2")).to_have_text("This link opens no game")
    expect(page.locator("[data-lost-reason]")).to_contain_text(why)
    expect(page.locator("[data-table]")).to_be_hidden()
    screenshot(page, f"chrome-no-game-{address.split('#')[0].split('.')[0]}-{len(address)}")
    page.locator("[data-lost-home]").click()
    page.wait_for_url(re.compile(r"/(\?.*)?$"))
    expect(page.locator("[data-catalogue]")).to_be_visible()
