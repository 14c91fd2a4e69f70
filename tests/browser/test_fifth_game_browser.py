"""The fifth game of docs/core.md comes to the browser by its own folder alone: Pig's package,
built from the guide's code blocks in a temporary folder and installed there with pip (its
entry point and its ``web/panel.js`` as package data), is found by a real ``metro web``
process; Chromium shows its card with its blurb on the start page, and a game of it played
by clicks, its panel showing each player's score as the host has it."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.clicks import over, play, ready, wait_movable
from tests.browser.conftest import ROOT, screenshot
from tests.common.pig_guide import blocks, lay_out
from tests.web.conftest import Client
from tests.web.harness import free_port

pytestmark = pytest.mark.slow


class PigHost:
    """``metro web`` in a process of its own, with Pig installed in ``site`` beside it."""

    def __init__(self, site: Path, cwd: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(site)])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "common", "web", "--port", str(self.port), "--db", "memory"],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(self.url + "health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                out = self.stop()
                raise RuntimeError(f"metro web did not start:\n{out}")
            time.sleep(0.1)

    def stop(self) -> str:
        """End the process (this one, by its own handle); what it printed."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        out, _ = self.process.communicate()
        return out or ""


@pytest.fixture(scope="module")
def pig_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Pig's project laid out from the guide and installed with pip into a folder of its own."""
    folder = tmp_path_factory.mktemp("pig")
    project = lay_out(folder)
    site = folder / "site"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--disable-pip-version-check",
            "-q",
            "install",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(site),
            str(project),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (site / "pig" / "web" / "panel.js").is_file()  # the package data was shipped
    return site


@pytest.fixture
def pig_host(pig_site: Path, tmp_path: Path) -> Iterator[PigHost]:
    """A metro web that finds Pig by its entry point, like any installed game."""
    host = PigHost(pig_site, tmp_path)
    yield host
    host.stop()


def _panel(page: Page, seat: int) -> dict[str, str]:
    """The numbers a seat's card shows, by label."""
    card = page.locator(f'[data-players] [data-player="{seat}"]')
    labels = [t.inner_text() for t in card.locator("dt").all()]
    values = [t.inner_text() for t in card.locator("dd").all()]
    return dict(zip(labels, values, strict=True))


def _state(host: PigHost, token: str) -> Any:
    client = Client(host.url.replace("http://", "ws://") + "ws")
    try:
        return client.ask(cmd="view", token=token)["view"]
    finally:
        client.close()


def test_the_fifth_game_is_chosen_and_played_in_the_browser_by_its_own_folder_alone(
    pig_host: PigHost, contexts: Any
) -> None:
    (blurb,) = re.findall(r'blurb="([^"]+)"', blocks()["python"][1])
    page = contexts().page()
    page.goto(pig_host.url + "?pace=0")
    card = page.locator('[data-game="pig"]')
    expect(card.locator("h3")).to_have_text("Pig")
    expect(card.locator("[data-blurb]")).to_have_text(blurb)
    expect(card).to_contain_text("2 to 4 players")
    screenshot(page, "pig-start")
    card.locator('[data-new-game="pig"]').click()
    page.wait_for_url("**/game.html*#t=*")
    ready(page)
    token = page.url.split("#t=", 1)[1]
    rng = random.Random(5)
    moves = 0
    while moves < 12 and not over(page):
        wait_movable(page)
        if over(page):
            break
        # Pig's own panel: each player's score of the goal, and the points of the turn
        state = _state(pig_host, token)["state"]
        for seat in (0, 1):
            shown = _panel(page, seat)
            assert shown["score"] == f"{state['scores'][seat]} of 30", (seat, shown, state)
            pot = str(state["pot"]) if state["turn"] == seat else "–"
            assert shown["this turn"] == pot, (seat, shown, state)
        word = "roll" if rng.random() < 0.7 else "hold"
        page.locator(f'[data-menu] [data-action="{word}"]').click()
        ready(page)
        moves += 1
        if moves == 3:
            screenshot(page, "pig-playing")
    assert moves >= 3
    play(page, rng)
    assert over(page)
    result = _state(pig_host, token)["result"]
    for seat, score in enumerate(result["scores"]):
        assert _panel(page, seat)["final score"] == str(score)
    screenshot(page, "pig-over")
    # a game without a picture has its replay too: the view of each step
    page.locator("[data-replay-open]").click()
    expect(page.locator("[data-replay-step]")).to_contain_text("step 0 of")
    expect(page.locator('[data-players] [data-player="0"] dd').first).to_have_text("0 of 30")
