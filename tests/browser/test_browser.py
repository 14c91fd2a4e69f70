"""The browser app served by metro web, in a real Chromium: every game started from the start
page and played to its end by random legal clicks; two people by seat links, each seeing only
its own hand; undo by consent; a reload and a host restart mid-game; the keyboard; a phone's
screen; a replay. Every page must log no console error and throw nothing."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from common.master import run_now
from common.web.store import SqliteStore
from tests.browser.clicks import click_once, over, play, ready, seq, wait_for, wait_movable
from tests.browser.conftest import Server, Watched, screenshot

GAMES = ["metrocity", "metropolia", "metropolis_lots", "metropoli"]
#: another player's move stays shown this long in the tests (a person's pace is 700 ms)
#: the browser journeys are the slow tier's (``python -m pytest -m slow``; .ci/run runs them)
pytestmark = pytest.mark.slow

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
    """The host's table of the game the page plays (a finished one too, lately asked for)."""
    table, _ = server.host.tokens[_hash(token_of(page))]
    return table


def _hash(token: str) -> str:
    from common.web.host import token_hash

    return token_hash(token)


def test_the_start_page_offers_every_game_with_its_options(server: Server, contexts: Any) -> None:
    page = contexts().page()
    page.goto(server.url)
    catalogue = {g["name"]: g for g in run_now(server.host.cmd_games(None, {}))["games"]}
    assert set(catalogue) == set(GAMES)
    for name in GAMES:
        card = page.locator(f'[data-game="{name}"]')
        # the words and the quick start's bots are the catalogue's: the page knows no game
        expect(card.locator("[data-blurb]")).to_have_text(catalogue[name]["blurb"])
        bots = catalogue[name]["default_players"] - 1
        expect(card.locator(f'[data-new-game="{name}"]')).to_have_text(
            f"Play against {'a bot' if bots == 1 else f'{bots} bots'}"
        )
    metropoli = page.locator('[data-game="metropoli"]')
    metropoli.locator("summary").first.click()
    counts = metropoli.locator("[data-players-count] option")
    assert counts.count() == 4  # 3 to 6 players
    metropoli.locator("[data-players-count]").select_option("5")
    assert metropoli.locator("[data-seat]").count() == 5
    # the seats nobody named are the game's default bot (measured in its doc)
    default = f"bot:{catalogue['metropoli']['default_bot']}"
    assert metropoli.locator('[data-seat="1"]').input_value() == default == "bot:mcts"
    metropoli.locator(".options summary").click()
    assert metropoli.locator("[data-option]").count() == len(catalogue["metropoli"]["options"])
    screenshot(page, "start-desktop")
    # an option the engine refuses: its message, and no game
    lots = page.locator('[data-game="metropolis_lots"]')
    lots.locator("details.more > summary").click()
    lots.locator(".options summary").click()
    lots.locator('[data-option="colours"]').fill("purple,orange")
    lots.locator("[data-setup] button[type=submit]").click()
    expect(lots.locator("[data-setup] .message")).to_contain_text("colour")
    assert not server.host.tables
    phone = contexts(390, 844).page()
    phone.goto(server.url)
    expect(phone.locator('[data-new-game="metrocity"]')).to_be_visible()
    screenshot(phone, "start-phone")


@pytest.mark.parametrize("name", GAMES)
def test_each_game_is_played_to_its_end_by_clicks(server: Server, contexts: Any, name: str) -> None:
    page = contexts().page()
    start(page, server, name)
    rng = random.Random(name)
    wait_movable(page)
    expect(page.locator("[data-prompt]")).not_to_be_empty()
    # the game's own panel (its package's web/panel.js): each player's numbers, the seat's own
    expect(page.locator('[data-players] [data-player="1"] dd').first).to_be_visible()
    expect(page.locator("[data-own] [data-private]")).to_be_visible()
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
    page.keyboard.press("Home")
    for _ in range(5):  # a key held down: the boards come one at a time, the last one stays
        page.keyboard.press("ArrowRight")
    expect(page.locator("[data-replay-step]")).to_contain_text("step 5 of")
    ready(page)
    screenshot(page, f"{name}-replay")
    page.keyboard.press("End")
    expect(page.locator("[data-replay-step]")).not_to_contain_text("step 5 of")
    wait_for(page, "(first) => document.querySelector('[data-board]').innerHTML !== first", first)
    page.locator("[data-replay-close]").click()
    expect(page.locator("[data-result]")).to_be_visible()


def _steps(server: Server, page: Page) -> list[Any]:
    table = table_of(server, page)
    steps: list[Any] = run_now(server.host.cmd_steps(None, {"id": table.id}))["steps"]
    return steps


def _frames(page: Page) -> list[dict[str, Any]]:
    """Every message the page's WebSockets receive, decoded (kept as they come)."""
    got: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return got


_MOVES = "[data-menu] [data-action], [data-menu] [data-group]"


def _movable_now(page: Page) -> bool:
    return bool(
        page.evaluate(
            f"""() => document.body.dataset.ready === "true" &&
            Boolean(document.querySelector({_MOVES!r}))"""
        )
    )


def _hand(page: Page) -> list[str]:
    return [li.inner_text() for li in page.locator("[data-own] [data-hand] li").all()]


def _with_a_friend(server: Server, alice: Page, bob: Page, name: str) -> str:
    """Alice sets up a game of ``name`` with seat 1 for a friend and opens seat 0; Bob opens
    the friend's link. The spectators' link."""
    alice.goto(server.url + FAST)
    card = alice.locator(f'[data-game="{name}"]')
    card.locator("details.more > summary").click()
    card.locator('[data-seat="1"]').select_option("friend")
    card.locator("[data-setup] button[type=submit]").click()
    link = alice.locator('[data-seat-link="1"]').input_value()
    watch = alice.locator("[data-spectator-link]").input_value()
    screenshot(alice, f"{name}-start-links")
    alice.locator('[data-seat-open="0"]').click()
    alice.wait_for_url("**/game.html*#t=*")
    bob.goto(link)
    ready(alice)
    ready(bob)
    return watch


def test_two_people_play_each_other_by_their_seat_links(server: Server, contexts: Any) -> None:
    alice = contexts().page()
    bob = contexts().page()  # another browser: nothing of Alice's is kept there
    seen = {"alice": _frames(alice), "bob": _frames(bob)}
    watch = _with_a_friend(server, alice, bob, "metrocity")
    rng = random.Random(25)
    pages = {"alice": alice, "bob": bob}
    no_undo_seen = hands_seen = False
    for _ in range(2000):
        if over(alice) and over(bob):
            break
        movers = [name for name, p in pages.items() if _movable_now(p)]
        if not movers:
            alice.wait_for_timeout(20)
            continue
        name = movers[0]
        page = pages[name]
        before = seq(page)
        kind = click_once(page, rng)
        if kind in ("action", "place") and seq(page) == before:
            ready(page)
        if not no_undo_seen and seq(page) > before and not _movable_now(page):
            # a placement draws a tile into the hand: it cannot be taken back, so nobody is
            # offered an undo (the rule of common.fairplay)
            ready(page)
            expect(page.locator("[data-undo]")).to_be_hidden()
            no_undo_seen = True
        if 8 <= _decisions(server, alice) <= 9:
            # each seat sees its own hand and not the other's
            table = table_of(server, alice)
            for seat, p in enumerate((alice, bob)):
                ready(p)
                assert _hand(p) == table.game.view(seat)["state"]["hand_names"]
            assert _hand(alice) != _hand(bob) or not _hand(alice)
            hands_seen = True
    assert over(alice) and over(bob) and no_undo_seen and hands_seen
    screenshot(alice, "metrocity-two-people-over")
    for name, seat in (("alice", 0), ("bob", 1)):
        views = [f["view"] for f in seen[name] if "view" in f]
        assert views and all(v["seat"] == seat for v in views)
        other = views[-1]["state"]["players"][1 - seat]
        assert "hand" not in other and set(other) >= {"hand_size"}
        assert not any(v["state"]["hand"] != v["state"]["hand"] for v in views)
    # a spectator sees the board and the log, no hand and no moves
    spectator = contexts().page()
    spectator.goto(watch)
    ready(spectator)
    expect(spectator.locator("[data-result]")).to_be_visible()
    assert spectator.locator("[data-own] *").count() == 0
    assert spectator.locator("[data-undo]").is_hidden()


def _decisions(server: Server, page: Page) -> int:
    decisions: int = table_of(server, page).game.decisions
    return decisions


def test_two_people_take_a_move_back_by_consent(server: Server, contexts: Any) -> None:
    alice = contexts().page()
    bob = contexts().page()
    _with_a_friend(server, alice, bob, "metropolis_lots")
    rng = random.Random(3)
    pages = (alice, bob)
    # the host draws the seed, so the game differs from run to run: count the moves made, not
    # the looks (a loaded machine spends many looks waiting for a page to redraw)
    moves, deadline = 0, time.monotonic() + 240
    while moves < 400 and time.monotonic() < deadline:
        movers = [p for p in pages if _movable_now(p)]
        if not movers:
            alice.wait_for_timeout(20)
            continue
        page = movers[0]
        other = bob if page is alice else alice
        before = seq(page)
        click_once(page, rng)
        if seq(page) == before:
            continue
        moves += 1
        ready(page)
        ready(other)
        if page.locator("[data-undo]").is_visible() and _movable_now(other):
            # the mover takes its move back (nothing was drawn since), and the other agrees
            moved = seq(page)
            page.locator("[data-undo]").click()
            expect(other.locator("[data-undo-question]")).to_be_visible()
            screenshot(other, "metropolis_lots-undo-asked")
            other.locator("[data-undo-agree]").click()
            wait_for(page, f"Number(document.body.dataset.seq) < {moved}")
            wait_for(other, f"Number(document.body.dataset.seq) < {moved}")
            wait_movable(page)
            return
    raise AssertionError(f"no move was ever offered to be taken back in {moves} moves")


def test_a_reload_mid_game_shows_the_same_game_and_play_goes_on(
    server: Server, contexts: Any
) -> None:
    page = contexts().page()
    start(page, server, "metropolia")
    rng = random.Random(3)
    play(page, rng, moves=5)
    wait_movable(page)  # the bots have played: the game waits for this seat
    before = {
        "seq": seq(page),
        "log": page.locator("[data-log]").inner_text(),
        "prompt": page.locator("[data-prompt]").inner_text(),
        "board": page.locator("[data-board] svg").count(),
    }
    page.reload()
    ready(page)
    wait_movable(page)
    after = {
        "seq": seq(page),
        "log": page.locator("[data-log]").inner_text(),
        "prompt": page.locator("[data-prompt]").inner_text(),
        "board": page.locator("[data-board] svg").count(),
    }
    assert after == before and after["board"] == 1
    moved = play(page, rng, moves=3)  # play goes on: three more moves, or to the end
    assert moved == 3 or (moved >= 1 and over(page)), moved
    # the start page lists the game as one of yours
    page.goto(server.url + FAST)
    expect(page.locator("[data-mine-list] li")).to_have_count(1)
    expect(page.locator("[data-mine-list] li")).to_contain_text("Metropolia")
    screenshot(page, "start-your-games")


def test_a_host_restart_mid_game_loses_nothing_and_the_page_reconnects(
    contexts: Any, tmp_path: Path
) -> None:
    path = tmp_path / "games.sqlite"
    first = Server(SqliteStore(path))
    watched: Watched = contexts()
    # while the host is down the browser says that it cannot connect: expected here only
    watched.allowed = ["ERR_CONNECTION_REFUSED", "WebSocket connection to"]
    page = watched.page()
    try:
        start(page, first, "metrocity")
        rng = random.Random(9)
        play(page, rng, moves=4)
        wait_movable(page)  # the bot has played: the game waits for this seat
        at = seq(page)
        log = page.locator("[data-log]").inner_text()
    finally:
        first.stop()
    # down: the page tries again and again (reconnecting…, connecting…), never "connected"
    expect(page.locator("[data-status]")).not_to_have_text("connected", timeout=10_000)
    second = Server(SqliteStore(path), port=first.port)
    try:
        expect(page.locator("[data-status]")).to_have_text("connected", timeout=15_000)
        wait_movable(page)
        assert seq(page) == at and page.locator("[data-log]").inner_text() == log
        play(page, rng)
        assert over(page)
    finally:
        second.stop()


def test_a_game_is_played_with_the_keyboard_alone(server: Server, contexts: Any) -> None:
    page = contexts().page()
    start(page, server, "metrocity")
    wait_movable(page)
    at = seq(page)

    def tab_to(selector: str) -> None:
        for _ in range(400):
            page.keyboard.press("Tab")
            if page.evaluate(f"Boolean(document.activeElement?.matches({selector!r}))"):
                return
        raise AssertionError(f"Tab never reaches {selector}")

    # a tile of the hand on the board, then a block: the move that names both
    tab_to("[data-board] [data-key^='tile:'].mk-live")
    page.keyboard.press("Enter")
    expect(page.locator("[data-board] .mk-chosen")).to_have_count(1)
    tab_to("[data-board] [data-key^='block:'].mk-live")
    page.keyboard.press("Enter")
    wait_for(page, f"Number(document.body.dataset.seq) > {at}")
    wait_movable(page)
    # a group of the menu opens with Enter, and a move of it is applied with Enter
    at = seq(page)
    tab_to("[data-menu] [data-group] > summary")
    page.keyboard.press("Enter")
    tab_to("[data-menu] [data-group][open] [data-action]")
    page.keyboard.press("Enter")
    wait_for(page, f"Number(document.body.dataset.seq) > {at}")


@pytest.mark.parametrize("name", GAMES)
def test_a_phone_sized_screen_shows_the_whole_board(
    server: Server, contexts: Any, name: str
) -> None:
    page = contexts(390, 844).page()
    start(page, server, name)
    play(page, random.Random(1), moves=3)
    ready(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    # the board's place is the screen's width; a board too fine for it is zoomed, its place
    # scrolling (board.js fitBoard)
    box = page.locator("[data-board]").bounding_box()
    assert box is not None and 340 <= box["width"] <= 390
    screenshot(page, f"{name}-phone")


def board_box(page: Page, timeout: float = 10.0) -> Any:
    """The board picture's box: the host's bots may push an update (a new picture) at any
    moment, between which the old one is gone, so the box is asked for again until there."""
    deadline = time.monotonic() + timeout
    while True:
        board = page.locator("[data-board] svg")
        board.wait_for(state="visible", timeout=timeout * 1000)
        box = board.bounding_box()
        if box is not None:
            return box
        assert time.monotonic() < deadline, "the board was never there to measure"


#: board places and moves of each game's kind, and whether the place names the move
_KEYS = [
    ("block:A1", {"type": "Place", "tile": "res5", "block": "A1"}, "place res5 A1", True),
    ("block:A1", {"type": "Place", "tile": "res5", "block": "A2"}, "place res5 A2", False),
    ("tile:res5", {"type": "Place", "tile": "res5", "block": "A2"}, "place res5 A2", True),
    ("street:st1", {"type": "Swap", "first": "st1", "second": "st2"}, "swap st1 st2", True),
    ("street:st1", {"type": "Swap", "first": "st10", "second": "st2"}, "swap st10 st2", False),
    ("area:12", {"type": "Build", "area": 12}, "build 12", True),
    ("space:12", {"type": "Build", "area": 12}, "build 12", False),
    ("space:12", {"type": "Give", "space": 12}, "give 12", True),
    ("lot:21", {"type": "Build", "model": "shop", "lots": [21, 22]}, "build shop 21,22", True),
    ("lot:2", {"type": "Build", "model": "shop", "lots": [21, 22]}, "build shop 21,22", False),
    ("lot:21", {"type": "Take", "lot": 21}, "take 21", True),
    (
        "lot:21",
        {"type": "Propose", "partner": 1, "give": [21], "take": [56]},
        "propose 2 21 56",
        True,
    ),
    (
        "lot:1",
        {"type": "Propose", "partner": 1, "give": [21], "take": [56]},
        "propose 2 21 56",
        False,
    ),
    ("card:bakery", {"type": "Build", "card": "bakery"}, "build bakery", True),
    (
        "card:cafe",
        {"type": "Swap", "give": "bakery", "seat": 1, "take": "cafe"},
        "swap bakery 2 cafe",
        True,
    ),
    (
        "seat:1",
        {"type": "Swap", "give": "bakery", "seat": 1, "take": "cafe"},
        "swap bakery 2 cafe",
        True,
    ),
    ("card:cafe", {"type": "Build", "card": "cafe_x"}, "build cafe_x", False),
]


def test_a_board_place_names_the_moves_that_mention_it(server: Server, contexts: Any) -> None:
    page = contexts().page()
    page.goto(server.url)
    got = page.evaluate(
        """async (cases) => {
          const { mentions, movesFor } = await import("./board.js");
          const one = cases.map(([key, json, text]) => mentions(key, { json, text }));
          const moves = cases.map(([, json, text]) => ({ json, text }));
          const both = movesFor(["tile:res5", "block:A1"], moves).map((m) => m.text);
          return { one, both };
        }""",
        [list(c[:3]) for c in _KEYS],
    )
    assert got["one"] == [c[3] for c in _KEYS]
    assert got["both"] == ["place res5 A1"]
    # where the host lists a move's places (legal.keys), those and only those are named
    offer = {"json": {"type": "Offer", "partner": 2}, "text": "offer 3", "keys": ["seat:2"]}
    build = {"json": {"type": "Build", "area": 12}, "text": "build 12", "keys": []}
    said = page.evaluate(
        """async ([offer, build]) => {
          const { mentions } = await import("./board.js");
          return [mentions("seat:2", offer), mentions("partner:2", offer),
                  mentions("area:12", build)];
        }""",
        [offer, build],
    )
    assert said == [True, False, False]


def test_a_tall_board_is_shown_full_size_on_request(server: Server, contexts: Any) -> None:
    page = contexts().page()
    page.set_viewport_size({"width": 1280, "height": 800})
    start(page, server, "metropoli")
    place = page.locator("[data-board]").bounding_box()
    assert place is not None and place["height"] <= 800  # the board's place in the window
    fitted = board_box(page)
    page.locator("[data-zoom]").click()
    full = board_box(page)
    assert full["height"] >= fitted["height"] - 1  # all of it, the page scrolling
    assert page.locator("[data-zoom]").get_attribute("aria-pressed") == "true"
    page.keyboard.press("z")  # and back
    back = board_box(page)
    assert abs(back["height"] - fitted["height"]) < 1
    assert page.locator("[data-zoom]").inner_text() == "Full size"


def test_an_amount_is_typed_within_its_range(server: Server, contexts: Any) -> None:
    page = contexts().page()
    start(page, server, "metropoli")
    rng = random.Random(11)
    for _ in range(3000):
        wait_movable(page)
        assert not over(page), "the game ended before a typed amount was asked for"
        if page.locator("[data-amount]").count():
            break
        if click_once(page, rng) == "action":
            ready(page)
    form = page.locator("[data-amount]").first
    field = form.locator("input")
    word = form.get_attribute("data-amount")
    low, high, step = (int(field.get_attribute(a) or 0) for a in ("min", "max", "step"))
    assert form.locator("[data-range]").inner_text().startswith(f"{low:,} to {high:,}")
    table = table_of(server, page)
    listed = {str(a) for a in table.game.legal_actions()}
    # off the step: the field refuses it and nothing is sent
    at = seq(page)
    field.fill(str(low + step // 2))
    form.locator("button[type=submit]").click()
    assert field.evaluate("f => !f.checkValidity()") and seq(page) == at
    # an amount the menu does not list, on the step: the engine takes it
    value = next((v for v in range(low, high + 1, step) if f"{word} {v}" not in listed), low)
    field.fill(str(value))
    form.locator("button[type=submit]").click()
    ready(page)
    mine = [e for e in table.game.events if type(e).__name__ == "ActionTaken" and e.seat == 0]
    assert str(mine[-1].action) == f"{word} {value}"


def test_a_bots_move_is_shown_at_a_persons_pace_and_highlighted(
    server: Server, contexts: Any
) -> None:
    page = contexts().page()
    page.goto(server.url)
    page.locator('[data-new-game="metrocity"]').click()
    page.wait_for_url("**/game.html*#t=*")
    page.goto(page.url.replace("game.html#", "game.html?pace=2500#"))
    wait_movable(page)
    table = table_of(server, page)
    decided = table.game.decisions
    # not the Courthouse: it asks its placer for a swap, and the bot would not move yet
    page.locator(
        "[data-board] [data-key^='tile:']:not([data-key='tile:court']).mk-live"
    ).first.click()
    page.locator("[data-board] [data-key^='block:'].mk-live").first.click()
    # the bot has moved at the host, but the page still shows this seat's move a moment
    for _ in range(500):
        if table.game.decisions >= decided + 2 and table.game.to_act == 0:
            break
        page.wait_for_timeout(10)
    assert table.game.to_act == 0
    mine = seq(page)
    assert mine < len(table.game.events)
    expect(page.locator("[data-skip]")).to_be_visible()
    assert page.locator("[data-prompt]").inner_text().startswith("Player 2 is asked")
    page.wait_for_timeout(700)
    assert seq(page) == mine
    # then the bot's move, its block highlighted, and this seat's turn
    wait_for(page, f"Number(document.body.dataset.seq) > {mine}", timeout=5000)
    expect(page.locator("[data-turn]")).to_have_text("Your turn")
    # the bot's last move (a placement, or the swap of a Courthouse it placed) is highlighted
    moved = page.locator("[data-board] .mk-moved")
    expect(moved.first).to_be_visible()
    last = [e for e in table.game.events if type(e).__name__ == "ActionTaken"][-1]
    assert last.seat == 1
    said = {str(v) for v in last.action.to_json().values()}
    for key in [m.get_attribute("data-key") or "" for m in moved.all()]:
        assert key.split(":", 1)[1] in said


def test_the_client_module_drives_a_game_and_the_table_rolls_its_own_dice(
    server: Server, contexts: Any
) -> None:
    page = contexts().page()
    page.goto(server.url)
    # client.js as another front end uses it: a game made with dice the table rolls itself
    token = page.evaluate(
        """async () => {
          const { MetroClient, socketUrl } = await import("./client.js");
          const client = new MetroClient(socketUrl(location), { reconnect: false });
          const made = await client.request({
            cmd: "new", game: "metropolia", bots: { 1: "random" }, chance: "physical",
          });
          client.close();
          return made.seats[0].token;
        }"""
    )
    page.goto(f"{server.url}game.html{FAST}#t={token}")
    rng = random.Random(4)
    rolled = 0
    for _ in range(400):
        ready(page)
        wait_for(
            page,
            "() => document.querySelector('[data-dice], [data-menu] [data-action], [data-result]')",
        )
        dice = page.locator("[data-dice]")
        if dice.count():
            faces = dice.locator("input")
            values = [rng.randint(1, 6) for _ in range(faces.count())]
            try:
                for i, v in enumerate(values):
                    faces.nth(i).fill(str(v), timeout=5000)
                dice.locator("button[type=submit]").click(timeout=5000)
            except PlaywrightTimeout:
                continue  # the form was drawn again by an update meanwhile: look again

            ready(page)
            rolled += 1
            table = table_of(server, page)
            outcome = [e for e in table.game.events if type(e).__name__ == "ChanceResolved"]
            assert list(outcome[-1].outcome) == values
            if rolled == 3:
                break
        elif not over(page):
            click_once(page, rng)
    assert rolled == 3


def test_a_page_left_open_past_the_idle_time_goes_on_when_it_is_used(contexts: Any) -> None:
    import attrs

    from common.web.store import MemoryStore
    from tests.web.harness import OPEN

    server = Server(MemoryStore(), limits=attrs.evolve(OPEN, idle=1.0))
    try:
        page = contexts().page()
        page.goto(server.url + FAST)
        expect(page.locator("[data-new-game]").first).to_be_visible()
        # the start page follows no game: the host lets its socket go after a second
        wait_for(page, "() => document.querySelector('[data-status]').dataset.state === 'idle'")
        expect(page.locator("[data-status]")).to_have_text("connected")
        page.locator('[data-new-game="metrocity"]').click()  # a new socket, at once
        page.wait_for_url("**/game.html*#t=*")
        wait_movable(page)
        page.wait_for_timeout(2000)  # following its game: never idle
        assert page.locator("[data-status]").get_attribute("data-state") == "open"
        click_once(page, random.Random(1))
        ready(page)
    finally:
        server.stop()
