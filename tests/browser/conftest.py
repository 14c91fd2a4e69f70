"""The browser app in a real Chromium (Debian's, driven by Playwright's Python API), against a
real ``metro web`` on a loopback port. Skipped, with the reason, where Chromium, Playwright or
the [web] extra is missing: the README's test command passes on a machine with Python alone.

Screenshots go to ``$METRO_ARTIFACTS/browser`` (default ``artifacts/browser`` in the work
tree), for CI to keep and a person to look at.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: set (CI sets it): a missing Chromium or Playwright fails the browser tests instead of
#: skipping them
REQUIRED = bool(os.environ.get("METRO_REQUIRE_BROWSER"))
if not REQUIRED:
    pytest.importorskip("starlette", reason="metro web needs the [web] extra (starlette)")
    pytest.importorskip("uvicorn", reason="metro web needs the [web] extra (uvicorn)")
    pytest.importorskip(
        "playwright.sync_api", reason="the browser tests need Playwright (pip install playwright)"
    )

from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    sync_playwright,
)

from common.web.limits import Limits  # noqa: E402
from common.web.store import MemoryStore, Store  # noqa: E402
from tests.web.harness import OPEN, ThreadedWeb  # noqa: E402

#: Chromium's own flags for a machine with no network: without them it stalls on Google's hosts
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("METRO_ARTIFACTS", ROOT / "artifacts")) / "browser"


def chromium_path() -> str | None:
    """Debian's Chromium (``apt-get install chromium``), or ``$METRO_CHROMIUM``."""
    for candidate in (os.environ.get("METRO_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Server(ThreadedWeb):
    """A metro web served in this process on ``port`` (a fresh one by default) until
    ``stop``: ``url`` the app's address."""

    def __init__(self, store: Store, port: int = 0, limits: Limits = OPEN) -> None:
        super().__init__(store, port=port, limits=limits)
        self.url = f"http://127.0.0.1:{self.port}/"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One Chromium for the session."""
    path = chromium_path()
    if path is None:
        missing = "no Chromium: apt-get install chromium (or set METRO_CHROMIUM)"
        if REQUIRED:
            pytest.fail(missing)
        pytest.skip(missing)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def server() -> Iterator[Server]:
    """A metro web over a memory store."""
    running = Server(MemoryStore())
    yield running
    running.stop()


class Watched:
    """A browser context whose pages' console errors and uncaught errors are collected."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.errors: list[str] = []
        #: messages the test expects (a refused connection while the host restarts)
        self.allowed: list[str] = []

    def page(self) -> Page:
        """A new page of this context, watched."""
        page = self.context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        return page

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not any(a in message.text for a in self.allowed):
            self.errors.append(f"console: {message.text}")


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Any]:
    """Make watched browser contexts (``contexts(width, height)``); at the end none of their
    pages may have logged a console error or thrown."""
    made: list[Watched] = []

    def make(width: int = 1280, height: int = 900) -> Watched:
        watched = Watched(browser.new_context(viewport={"width": width, "height": height}))
        made.append(watched)
        return watched

    yield make
    errors = [e for w in made for e in w.errors]
    for w in made:
        w.context.close()
    assert not errors, "the pages logged errors:\n" + "\n".join(errors)


def screenshot(page: Page, name: str) -> Path:
    """Save a screenshot of the whole page as ``ARTIFACTS/name.png``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
