"""The board's frames in a real Chromium: a move's frame on the card its owner played or
bought (Metropolia, where your own card and another's share a name), and Metro City's
Courthouse streets marked when they may be clicked and framed once chosen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.clicks import ready, wait_movable
from tests.browser.conftest import Server, screenshot

pytestmark = pytest.mark.slow


def _started(server: Server, contexts: Any, name: str) -> Page:
    """A page of a new game of ``name`` against bots, the seat to move."""
    page: Page = contexts().page()
    page.goto(server.url + "?pace=0")
    page.locator(f'[data-new-game="{name}"]').click()
    page.wait_for_url("**/game.html*#t=*")
    ready(page)
    wait_movable(page)
    return page


def _framed(page: Page, json: dict[str, Any], seat: int) -> list[str]:
    """The places the page frames for ``seat``'s move ``json``: their data-place, else key."""
    result: list[str] = page.evaluate(
        """async ([json, seat]) => {
          const { highlightMove } = await import("./board.js");
          const { default: panel } = await import("./games/metropolia/panel.js");
          const board = document.querySelector("[data-board]");
          highlightMove(board, { json, text: "" }, panel.moved(json, seat, window.__data));
          return [...board.querySelectorAll(".mk-moved")].map(
            (n) => n.getAttribute("data-place") || n.getAttribute("data-key"));
        }""",
        [json, seat],
    )
    return sorted(result)


def test_another_players_landmark_is_framed_in_their_city_not_yours(
    server: Server, contexts: Any
) -> None:
    page = _started(server, contexts, "metropolia")
    page.evaluate(
        """async () => {
          const { MetroClient, socketUrl } = await import("./client.js");
          const client = new MetroClient(socketUrl(location), { reconnect: false });
          window.__data = (await client.request({ cmd: "data", game: "metropolia" })).data;
        }"""
    )
    # Player 2 builds the Train Station: theirs is framed, and yours (a key of your board) not
    assert _framed(page, {"type": "Build", "card": "train_station"}, 1) == [
        "landmark:1:train_station"
    ]
    assert _framed(page, {"type": "Build", "card": "wheat_field"}, 1) == [
        "city:1:wheat_field",
        "market:wheat_field",
    ]
    # a swap: the card taken now in the mover's city, the card given in the other's
    assert _framed(
        page, {"type": "Swap", "give": "bakery", "seat": 0, "take": "wheat_field"}, 1
    ) == [
        "city:0:bakery",
        "city:1:wheat_field",
    ]
    moved = page.locator('[data-board] [data-place="landmark:1:train_station"]')
    _framed(page, {"type": "Build", "card": "train_station"}, 1)  # framed again, to look at
    stroke = moved.locator("rect").first.evaluate("(n) => getComputedStyle(n).strokeWidth")
    assert stroke == "6px"  # the frame is drawn (style.css's mk-moved), not only a class
    screenshot(page, "metropolia-frame-on-the-owners-landmark")


def test_metro_citys_streets_are_outlined_when_live_and_when_chosen(
    server: Server, contexts: Any
) -> None:
    page = _started(server, contexts, "metrocity")
    # the Courthouse's swap names two streets: the page marks them as board.js does
    widths = page.evaluate(
        """async () => {
          const { markPlaces } = await import("./board.js");
          const board = document.querySelector("[data-board]");
          const swap = { json: { type: "Swap", a: "st1", b: "avB" }, text: "swap st1 avB",
                         keys: ["street:st1", "street:avB"] };
          const width = (key) => getComputedStyle(board.querySelector(
            `[data-key="${key}"] > rect`)).strokeWidth;
          markPlaces(board, [swap], []);
          const live = [width("street:st1"), width("street:avB"), width("street:st2")];
          markPlaces(board, [swap], ["street:st1"]);
          return [...live, width("street:st1")];
        }"""
    )
    assert widths[:2] == ["2px", "2px"]  # live: the dashed outline
    assert widths[2] != "2px"  # a street the move does not name: not outlined
    assert widths[3] == "5px"  # chosen
    screenshot(page, "metrocity-streets-outlined")
