"""Play the browser app by random legal clicks: what a person could click, chosen at random."""

from __future__ import annotations

import random
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

#: mark every element a person could click now (`data-pick` = its index) and say its kind
_PICK = """async () => {
  await new Promise((resolve) => setTimeout(resolve, 0)); // a group's toggle closes the others
  for (const n of document.querySelectorAll("[data-pick]")) n.removeAttribute("data-pick");
  const out = [];
  const add = (n, kind) => {
    const r = n.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || !n.checkVisibility()) return; // a closed group's too
    n.setAttribute("data-pick", String(out.length));
    out.push(kind);
  };
  const all = (selector) => document.querySelectorAll(selector);
  for (const n of all("[data-chosen] [data-action], [data-menu] [data-action]")) add(n, "action");
  for (const n of all("[data-menu] details[data-group]:not([open]) > summary")) add(n, "group");
  for (const n of document.querySelectorAll("[data-board] [data-key].mk-live")) add(n, "place");
  for (const n of document.querySelectorAll("[data-amount]")) add(n, "amount");
  return out;
}"""
#: the page waits for nothing and offers a move, or the game is over
_MOVABLE = """() => document.body.dataset.ready === "true" && Boolean(
  document.querySelector("[data-result]") ||
  document.querySelector("[data-menu] [data-action], [data-menu] [data-group], [data-amount]"))"""
#: a point of the element where a click reaches it (a board place may be a label and a chip
#: apart, its box's centre on the board's background): null if none
_POINT = """(node) => {
  for (const part of [node, ...node.querySelectorAll("*")]) {
    const r = part.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === node || node.contains(hit))) return [x, y];
  }
  return null;
}"""
WEIGHTS = {"action": 6.0, "group": 3.0, "place": 2.0, "amount": 1.0}


def wait_for(page: Page, expression: str, arg: Any = None, timeout: float = 30_000) -> None:
    """Wait until ``expression`` (a JavaScript expression or function, given ``arg``) holds in
    the page. Polled from here: Playwright's own ``wait_for_function`` evaluates its predicate
    with the page's ``eval``, which the app's Content-Security-Policy forbids."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{expression[:80]!r} did not hold within {timeout / 1000:g} s")
        page.wait_for_timeout(25)


def ready(page: Page, timeout: float = 30_000) -> None:
    """Wait until the page has shown every update and answer it has."""
    wait_for(page, "document.body.dataset.ready === 'true'", timeout=timeout)


def wait_movable(page: Page, timeout: float = 60_000) -> None:
    """Wait until the page's seat may move, or the game is over."""
    wait_for(page, _MOVABLE, timeout=timeout)


def over(page: Page) -> bool:
    """The final standings are shown."""
    return page.locator("[data-result]").count() > 0


def seq(page: Page) -> int:
    """The log's length the page shows."""
    return int(page.evaluate("document.body.dataset.seq || '0'"))


def click_once(page: Page, rng: random.Random) -> str | None:
    """One random click among what the page offers now; its kind (None: nothing to click)."""
    kinds: list[str] = page.evaluate(_PICK)
    if not kinds:
        return None
    k = rng.choices(range(len(kinds)), [WEIGHTS[kind] for kind in kinds])[0]
    target = page.locator(f'[data-pick="{k}"]')
    if not target.is_visible():  # redrawn meanwhile: look again
        return "again"
    if kinds[k] == "amount":
        field = target.locator("input")
        low, high, step = (int(field.get_attribute(a) or 0) for a in ("min", "max", "step"))
        count = (high - low) // step
        value = low + step * min(count, int(rng.expovariate(1.0) * 3))
        field.fill(str(value))
        target.locator("button[type=submit]").click()
    elif kinds[k] == "place":
        try:
            target.scroll_into_view_if_needed(timeout=5_000)
            point = target.evaluate(_POINT)
        except PlaywrightError as exc:  # redrawn by an update meanwhile: look again
            if "not attached" not in str(exc):
                raise
            return "again"
        if point is None:
            return "again"
        page.mouse.click(point[0], point[1])
    else:
        target.click()
    return kinds[k]


def play(page: Page, rng: random.Random, *, moves: int | None = None, limit: int = 20_000) -> int:
    """Click at random until the game is over (or ``moves`` moves were made); the moves."""
    made = 0
    for _ in range(limit):
        if moves is not None and made >= moves:
            return made
        wait_movable(page)
        if over(page):
            return made
        kind = click_once(page, rng)
        if kind in ("action", "amount"):
            made += 1
            ready(page)
        elif kind == "place":
            ready(page)
    raise AssertionError(f"the game did not end in {limit} clicks")
