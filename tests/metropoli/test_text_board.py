"""Issue 23, "The text board": ``render_text`` draws a position of Metropoli from the view
alone, for terminal play: the board, a few lines of events and the prompt fit 60 lines."""

from __future__ import annotations

from typing import Any, cast

import pytest

from common import Game, RandomBot
from metropoli import Bid, Build, Metropoli, Offer, Pass, Take, new_game
from metropoli import data as D
from metropoli.bots import HeuristicBot
from metropoli.render import render_text
from metropoli.words import money
from tests.metropoli.helpers import (
    OPTION_SETS,
    clear_owners,
    land,
    mixed_game,
    pass_stop,
    started,
    steps,
)


@pytest.mark.parametrize("k", range(len(OPTION_SETS)))
def test_the_text_board_fits_45_lines_of_100_columns_for_every_seat(k: int) -> None:
    # issue 23: terminal play prints the board once per decision with the events and the
    # prompt, in 60 lines; the board has 45 of them. Drawn for the seat to act at every
    # decision, and for every seat and the spectator at every eighth decision and the end
    g, bots = mixed_game(k, OPTION_SETS[k])
    seats: list[int | None] = [None, *range(g.num_players)]
    decisions = 0
    for _ in steps(g, bots):
        if g.to_act is None:
            continue
        decisions += 1
        for seat in seats if decisions % 8 == 0 else [g.to_act]:
            _check_board(g, seat)
    for seat in seats:
        _check_board(g, seat)


def test_names_of_forty_characters_keep_the_board_within_45_lines_of_100_columns() -> None:
    # the longest names a game takes (common.game.MAX_NAME): a line that would be wider is cut,
    # the header takes two lines
    names = [f"Giocatore {seat} ".ljust(40, "x") for seat in range(6)]
    g = new_game(players=names, seed=4)
    bots = [HeuristicBot(s) if s % 2 == 0 else RandomBot(s) for s in range(6)]
    for _ in steps(g, bots):
        if g.to_act is not None:
            _check_board(g, g.to_act)
    _check_board(g, None)


def _check_board(g: Metropoli, seat: int | None) -> None:
    lines = render_text(g, seat).split("\n")
    assert len(lines) <= 45, "\n".join(lines)
    assert max(map(len, lines)) <= 100, max(lines, key=len)


class _ViewOnly:
    """A game that offers nothing but its views: what render_text may read."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The real game's view."""
        return self._game.view(seat)


def test_the_text_board_is_drawn_from_the_view_alone() -> None:
    g = started(players=4)
    clear_owners(g)
    land(g, 24)
    g.apply(Bid(450_000))
    for seat in (None, 0, 1, 2, 3):
        assert render_text(cast(Game, _ViewOnly(g)), seat) == render_text(g, seat)


def test_the_text_board_shows_holders_rents_tokens_districts_and_the_auction() -> None:
    g = started(
        players=4, values=(50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000)
    )
    clear_owners(g)
    for street in D.BOARD.hood_streets[1]:
        g.s.owner[street] = 2  # Player 3 holds the light blue trust
    g.s.owner[5] = 1
    g.s.heights[12], g.s.roof[12], g.s.caps[1], g.s.roofs = 2, 1, 2, 1
    land(g, 24)  # Player 1 on Lincoln: its auction
    g.apply(Bid(450_000))  # Player 2
    lines = render_text(g, 0).split("\n")
    assert lines[0] == (
        "Turn 1 · Player 1's turn, Player 3 to act · 80 blocks left · skyscrapers 1/4"
    )
    board = "\n".join(lines)
    monroe = g.street_rent(7)[0]
    assert f" 7 Monroe (light blue)     3 {money(monroe)} x2" in board
    assert " 5 Broadway South Bridge   2 $100,000" in board
    assert "24 Lincoln (red)           -               @1" in board
    assert "Tribunale district: capped at 2 floors" in board
    assert "12:2 S1" in board
    assert "light blue $100,000" in board
    assert ">1 Player 1 (you): $5,000,000, on Lincoln (24), 0 streets, 0 bridges" in board
    assert "Auction of Lincoln: high bid $450,000 by Player 2" in board
    # what the seat sees: "(you)" moves with the seat, the spectator has none
    assert " 2 Player 2 (you):" in render_text(g, 1)
    assert "(you)" not in render_text(g, None)


def test_the_text_board_marks_the_blocks_of_this_turn_and_the_proposal() -> None:
    g = started(players=3)
    clear_owners(g)
    g.s.owner[9] = 1
    land(g, 10, total=7)  # Il Tribunale: the fine, then the building step
    pass_stop(g)
    g.apply(Build(3))
    g.apply(Offer(1))
    g.apply(Take(9))
    board = render_text(g, 1)
    assert " 3:1+" in board
    assert (
        "Proposal of Player 1 to Player 2 (being composed): Player 1 gives nothing for Jackson"
        in board
    )


def test_a_long_proposal_keeps_the_board_within_its_45_lines() -> None:
    g = new_game(players=["Ada", "Bruno", "Chiara", "Dario", "Elena", "Fabio"], seed=1)
    while g.chance is not None:
        g.resolve()
    for c in D.BOARD.concessions:  # Ada holds half the city, Bruno the rest
        g.s.owner[c] = 0 if c < 20 else 1
    g.s.active = 0
    g.s.phase = "build"
    g.s.proposals_left = 1
    g.apply(Offer(1))
    for action in list(g.legal_actions()):
        if action.type_name in ("Give", "Take"):
            g.apply(action)
    lines = render_text(g, 0).split("\n")
    assert len(lines) <= 45 and max(map(len, lines)) <= 100
    assert lines[-2].startswith("Proposal of Ada to Bruno (being composed): you give Washington")
    assert lines[-1].endswith(" …")


def test_the_text_board_follows_an_auction_through_its_stages() -> None:
    g = started(players=4)
    clear_owners(g)
    land(g, 24)  # Player 1 on Lincoln: its auction, called from Player 2
    assert render_text(g).split("\n")[-1] == "Auction of Lincoln: no bid yet"
    g.apply(Bid(450_000))  # Player 2
    g.apply(Pass())  # Player 3
    assert render_text(g).split("\n")[-1] == (
        "Auction of Lincoln: high bid $450,000 by Player 2; passed: Player 3"
    )
    g.apply(Pass())  # Player 4
    g.apply(Pass())  # Player 1: Player 2 has won
    assert render_text(g).split("\n")[-1] == (
        "Auction of Lincoln: won by Player 2 at $450,000, who may raise the Market Value"
    )
    g.apply(Pass())  # Player 2 keeps the winning bid as the Market Value
    assert render_text(g).split("\n")[-1] == (
        "Auction of Lincoln: Market Value $450,000, Player 2's; Player 1 may pre-empt"
    )


def test_a_bankruptcy_auction_says_the_debt_it_is_for() -> None:
    g = started(players=3)
    clear_owners(g)
    g.s.owner[6], g.s.owner[9], g.s.owner[1], g.s.owner[3] = 1, 1, 0, 0
    g.s.cash[0] = 10_000
    land(g, 6, total=5)  # Player 1 owes Player 2 Madison's rent, short of cash
    assert g.prompt is not None and g.prompt.kind == "sell"
    assert render_text(g).split("\n")[-1].startswith("Player 1 owes Player 2 ")
    g.apply("sell 3")
    last = render_text(g).split("\n")[-1]
    assert last.startswith("Bankruptcy auction of Adams (Player 1 owes Player 2 ")
    assert last.endswith(" for rent): no bid yet")
