"""Issue 23: the text board of terminal play, drawn from the view, fits the play screen."""

from __future__ import annotations

import re
from typing import Any, cast

import pytest

from common import RandomBot
from common.bots import advance
from metropolis_lots import Accept, Build, Metropolis, Take, new_game, render_text
from metropolis_lots.render import TEXT_WIDTH
from tests.metropolis_lots.helpers import dealt
from tests.metropolis_lots.test_describe import OPTION_SETS
from tests.metropolis_lots.test_trading import SWAP, store_position

#: the play loop's screen is 60 lines: the board may take 45, the rest is words and prompt
BOARD_LINES = 45
#: the longest player names the board is drawn with (a name is cut at 18 characters)
LONG_NAMES = ["Alexandra the Great", "Bartholomew Jones", "Cy", "Dorothea Smithson", "Ed"]


def _size(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), max(len(line) for line in lines)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(sorted(o)) or "defaults")
def test_the_longest_board_of_random_games_fits_45_lines_of_100_columns(
    options: dict[str, Any],
) -> None:
    """At every decision the board of the seat to act (as the play loop draws it), and every
    25 steps and at the end every seat's and the spectator's."""
    tallest = widest = 0
    for k, players in enumerate((2, 3, 4, 5)):
        g = new_game(players=LONG_NAMES[:players], seed=300 + k, **options)
        bots = [RandomBot(k * 10 + s) for s in range(players)]
        step = 0
        while True:
            step += 1
            readers: tuple[int | None, ...] = () if g.to_act is None else (g.to_act,)
            if g.is_over or step % 25 == 0:
                readers = (None, *range(players))
            for seat in readers:
                lines, columns = _size(render_text(g, seat))
                tallest, widest = max(tallest, lines), max(widest, columns)
            if g.is_over:
                break
            advance(g, bots, 1)
    assert tallest <= BOARD_LINES, tallest
    assert widest <= TEXT_WIDTH, widest
    assert tallest >= 25  # a board with its players, buildings, supply and key


class _ViewOnly:
    """A game that answers the view and the static tables only: no state to read."""

    def __init__(self, game: Metropolis) -> None:
        self._game = game
        self.options = game.options
        self.r = game.r  # the rules' tables (names of the buildings), the same all game

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self._game.view(seat)


def test_the_board_is_drawn_from_the_view_of_the_seat_alone() -> None:
    g = new_game(players=4, seed=8)
    bots = [RandomBot(s) for s in range(4)]
    for step in range(400):
        if g.is_over:
            break
        advance(g, bots, 1)
        if step % 40 == 0:
            for reader in (None, 0, 3):
                stub = cast(Metropolis, _ViewOnly(g))
                assert render_text(stub, reader) == render_text(g, reader)


def test_the_board_shows_owners_buildings_the_offer_and_the_park_and_river() -> None:
    g = dealt(3, hands=[[40, 41, 45, 46]], offer=[30, 31, 32, 33])
    text = render_text(g, 0)
    assert "░ park ░" in text and "≈ river ≈" in text
    assert "40A   41A" in text and "30*" in text and "10·" in text  # owned, offered, free
    assert "District 4 · 4/10 · centre" in text  # occupied lots: the claim rule (MS-6)
    assert "Offer (who may claim): 30 anyone · 31 anyone · 32 anyone · 33 anyone" in text
    assert re.search(
        r"▶ A Player 1\s+white\s+player 1\s+8 lots\s+22 chips .* 0 points  \(you\)", text
    )
    assert "Supply (build MODEL LOTS): house 8 · shop 3" in text
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    text = render_text(g)
    assert "40Afa 41Afa" in text and "45Afa 46Afa" in text
    assert "Buildings (points now): fa40 A 11" in text
    assert "factory 2" in text  # one of the three put up
    assert "fa factory" in text and "ds department store" in text  # the key to every code
    assert text.startswith("Metropolis · turn of B Player 2 · choosing a lot\n")


def test_the_board_shows_what_waits_for_an_answer() -> None:
    g = store_position()
    g.apply(SWAP)
    text = render_text(g, 1)
    assert "Exchange on the table: A offers lot 31 for B's lot 47" in text
    assert ": A's window, 1 of 3 proposals made" in text.split("\n")[0]
    assert re.search(r"▶ B Player 2 .*\(you\)$", text, re.MULTILINE)
    pooled = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33])
    pooled.apply(Take(30))
    pooled.resolve((34,))
    pooled.apply(Build("factory", (40, 41, 45, 46)))
    text = render_text(pooled)
    assert "Pooling on the table: A's factory on lots 40, 41, 45 and 46, waiting for B" in text
    pooled.apply(Accept())
    assert "fa40 A+B 11" in render_text(pooled)


def test_the_board_of_a_finished_game_names_the_winner() -> None:
    g = new_game(players=3, seed=5)
    bots = [RandomBot(s) for s in range(3)]
    while not g.is_over:
        advance(g, bots, 1)
    (winner,) = g.result().winners
    first = render_text(g).split("\n")[0]
    best = g.result().scores[winner]
    assert first == (
        f"Metropolis · the game is over: {'ABC'[winner]} {g.players[winner]} wins with "
        f"{best} points"
    )
