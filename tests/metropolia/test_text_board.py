"""The text board for terminal play (issue 23): ``render_text(game, seat)``."""

from __future__ import annotations

import random
from typing import Any

import pytest

import metropolia
from common import RandomBot
from common.bots import advance
from metropolia import Build, HeuristicBot, Pass, Reroll
from metropolia.render import render_text
from metropolia.rules import Metropolia
from tests.metropolia.helpers import OPTION_SETS, plus_deck, position, roll

#: issue 23: the play loop prints the board, a few lines of events and the prompt in 60 lines
MAX_LINES = 45
MAX_COLUMNS = 100
LONG_NAMES = ("Aleksandra Kowalska", "Bartholomew the Builder", "Zosia", "Konstantynopolitański")


def _row(text: str, name: str) -> list[str]:
    """The cells right of ``|`` on the table row of ``name`` (a card, landmark or coins)."""
    for line in text.splitlines():
        left, bar, right = line.partition("|")
        if bar and left[8:35].strip() == name:
            return right.split()
    raise AssertionError(f"no row {name!r} in\n{text}")


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_longest_board_of_random_games_fits_45_lines_and_100_columns(
    players: int, options: dict[str, Any]
) -> None:
    longest = widest = 0
    for seed in range(2):
        names: Any = LONG_NAMES[:players] if seed else players
        g = metropolia.new_game(players=names, seed=seed, **options)
        bots = [(HeuristicBot if k % 2 else RandomBot)(seed + k) for k in range(players)]
        while True:
            for seat in (None, *range(players)):
                lines = render_text(g, seat).splitlines()
                longest = max(longest, len(lines))
                widest = max(widest, *map(len, lines))
            if g.is_over:
                break
            advance(g, bots, 1)
    assert longest <= MAX_LINES and widest <= MAX_COLUMNS, (longest, widest)


class _ViewOnly:
    """A stand-in game that offers nothing but ``view``: what the board may draw from."""

    def __init__(self, game: Metropolia) -> None:
        self._game = game

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The wrapped game's view."""
        return self._game.view(seat)


def test_the_board_is_drawn_from_the_view_alone_and_hides_the_stack_order() -> None:
    g = metropolia.new_game(players=3, seed=5, plus=True)
    bots = [HeuristicBot(k) for k in range(3)]
    advance(g, bots, 60)
    other = g.determinize(0, random.Random(1))  # the stack reshuffled: only its order differs
    assert other.s.stack != g.s.stack
    for seat in (None, 0, 1, 2):
        text = render_text(g, seat)
        assert render_text(_ViewOnly(g), seat) == text  # type: ignore[arg-type]
        assert render_text(other, seat) == text


def test_the_table_shows_each_citys_coins_landmarks_and_cards() -> None:
    g = position(["Ala", "Olek"], coins=[7, 2], cards=[{"cafe": 2, "wheat_field": 1}, {}],
                 landmarks=[["train_station"], []])  # fmt: skip
    text = render_text(g, 1)
    assert text.splitlines()[0] == (
        "Metropolia, turn 1: Ala to roll one die or two (Train Station)."
    )
    assert _row(text, "coins") == ["7", "2"]
    assert _row(text, "Train Station") == ["built", "."]
    assert _row(text, "Cafe") == ["2", "."]
    assert _row(text, "Wheat Field") == ["1", "."]
    header = next(line for line in text.splitlines() if "card" in line and "|" in line)
    assert header.split("|")[1].split() == ["*Ala", "Olek"]  # Ala is on turn
    assert "You are Olek." in text
    # the market: activation numbers, colour, cost and the pile
    line = next(line for line in text.splitlines() if "Family Restaurant" in line)
    assert line.split("|")[0].split() == ["9-10", "Family", "Restaurant", "red", "3", "6"]


def test_the_roll_line_and_the_marks_of_the_cards_it_activates() -> None:
    g = position(coins=[0, 0], cards=[{"ranch": 1}, {"ranch": 1}], landmarks=[["radio_tower"], []])
    g.resolve((2,))
    text = render_text(g, None)
    lines = text.splitlines()
    assert lines[0].endswith("Player 1 to keep the roll or roll again (Radio Tower).")
    assert lines[1] == "Last roll: 2."
    marked = [line.split()[2] for line in lines if line.startswith(">")]
    assert marked == ["Ranch", "Bakery"]  # the cards numbered 2
    assert "> activated by 2." in text
    g.apply(Reroll())
    first, line = render_text(g, None).splitlines()[:2]
    assert first.endswith("Player 1 to roll one die again (Radio Tower).")
    assert line == "Last roll: 2; the Radio Tower's re-roll is spent."


def test_the_port_and_doubles_are_said_on_the_roll_line() -> None:
    built = ["port", "train_station", "amusement_park"]
    g = position(plus=True, coins=[3, 0], landmarks=[built, []])  # 3 coins: a build prompt
    roll(g, 5, 5)
    assert render_text(g, 0).splitlines()[0].endswith("Player 1 to keep the total or add 2 (Port).")
    g.apply("port")
    line = render_text(g, 0).splitlines()[1]
    assert line == (
        "Last roll: 5 and 5 = 10, +2 for the Port = 12; doubles: another turn follows "
        "(Amusement Park)."
    )


def test_the_plus_board_shows_the_town_hall_the_face_up_piles_and_the_stack() -> None:
    g = metropolia.new_game(players=["Ala", "Olek"], seed=1, plus=True)
    g.resolve(plus_deck())  # the market dealt in card-table order
    text = render_text(g, None)
    assert _row(text, "Town Hall") == ["1", "1"]
    assert _row(text, "Airport") == [".", "."]
    piles = {line.split("|")[0][8:35].strip() for line in text.splitlines() if "|" in line}
    assert "Mine" not in piles  # in the stack, owned by nobody: not on the table
    assert "Ranch" in piles and text.endswith("Stack: 91 cards face down.")


def test_the_prompts_of_a_turn_are_said_in_the_first_line() -> None:
    g = position(3, coins=[0, 2, 9], cards=[{"tv_station": 1}, {}, {}])
    g.resolve((6,))
    assert "Player 1 to choose whom the TV Station takes from." in render_text(g, None)
    g = position(coins=[0, 0], cards=[{"business_center": 1, "wheat_field": 1}, {"mine": 1}])
    g.resolve((6,))
    assert "Player 1 to swap with the Business Center, or pass." in render_text(g, None)
    g.apply(Pass())
    g = position(coins=[3, 0])
    g.resolve((5,))
    assert "Player 1 to build one establishment or landmark, or pass." in render_text(g, 0)
    g = metropolia.new_game(players=2, seed=1, plus=True)
    assert render_text(g, None).splitlines()[0] == (
        "Metropolia Plus, turn 0: the stack to be shuffled."
    )


def test_the_end_of_the_game_names_the_winner() -> None:
    g = position(["Ala", "Olek"], coins=[30, 0],
                 landmarks=[["train_station", "shopping_mall", "amusement_park"], []])  # fmt: skip
    roll(g, 5)
    g.apply(Build("radio_tower"))
    text = render_text(g, 1)
    assert text.splitlines()[0] == "Metropolia, turn 1: game over: Ala won."
    assert "*" not in text.split("|")[1]  # nobody is on turn any more
    g = metropolia.new_game(players=2, seed=3, turn_limit=2)
    while not g.is_over:
        g.resolve() if g.chance is not None else g.apply(g.legal_actions()[0])
    assert "game over at the turn limit, without a winner" in render_text(g, None)
