"""The view (issue 22): what a player at the table sees, complete without the data modules."""

from __future__ import annotations

import pytest

import metropolia
from common import RandomBot
from metropolia import Build, Pass, Reroll
from metropolia.render import render_text
from tests.metropolia.helpers import position, roll

# ruling MK-2: the landmarks' costs, as the view must give them
BASE_LANDMARKS = {"train_station": 4, "shopping_mall": 10, "amusement_park": 16, "radio_tower": 22}
PLUS_LANDMARKS = {"port": 2, **BASE_LANDMARKS, "airport": 30}


@pytest.mark.parametrize(
    ("plus", "costs", "to_win"), [(False, BASE_LANDMARKS, 4), (True, PLUS_LANDMARKS, 6)]
)
def test_the_view_gives_landmark_costs_and_how_many_landmarks_win(
    plus: bool, costs: dict[str, int], to_win: int
) -> None:
    g = metropolia.new_game(players=2, seed=1, plus=plus)
    state = g.view(0)["state"]
    assert state["landmark_costs"] == costs
    assert state["landmarks_to_win"] == to_win


def test_a_sold_out_base_pile_shows_as_0_with_its_cost() -> None:
    g = position(coins=[9, 0], cards=[{}, {}], supply={"mine": 1})
    g.resolve((5,))
    g.apply(Build("mine"))
    state = g.view(None)["state"]
    assert state["market"]["mine"] == 0
    assert state["costs"]["mine"] == 6
    assert len(state["market"]) == 15  # every base pile stays on the table


def test_the_plus_view_costs_every_card_in_play_and_shows_the_face_up_piles() -> None:
    g = metropolia.new_game(players=2, seed=3, plus=True)
    g.resolve()
    state = g.view(1)["state"]
    assert len(state["costs"]) == 25 and state["costs"]["sushi_bar"] == 4
    assert len(state["market"]) == 10 and all(k > 0 for k in state["market"].values())


def test_the_radio_tower_is_shown_spent_once_its_choice_is_made_and_fresh_next_turn() -> None:
    g = position(coins=[1, 1], landmarks=[["radio_tower"], []])
    assert g.view(0)["state"]["radio_tower_spent"] is False
    g.resolve((3,))
    assert g.view(0)["state"]["radio_tower_spent"] is False  # the re-roll is offered
    g.apply(Reroll())
    assert g.view(0)["state"]["radio_tower_spent"] is True
    g.resolve((4,))
    g.apply(Pass())
    assert g.view(0)["state"]["radio_tower_spent"] is False  # the next player's turn


def test_an_extra_turn_is_shown_pending_after_doubles_with_the_amusement_park() -> None:
    g = position(coins=[1, 1], landmarks=[["amusement_park", "train_station"], []])
    roll(g, 2, 2)
    assert g.view(None)["state"]["extra_turn"] is True
    assert "another turn follows" in render_text(g, None).splitlines()[1]  # the roll line
    g.apply(Pass())  # the extra turn begins: nothing pending any more
    assert g.s.turn == 0 and g.view(None)["state"]["extra_turn"] is False
    roll(g, 2, 3)
    assert g.view(None)["state"]["extra_turn"] is False


def test_no_extra_turn_is_shown_after_a_win_on_doubles() -> None:
    # ruling MK-A8: the win ends the game at once
    g = position(coins=[22, 0], landmarks=[["amusement_park", "train_station",
                                            "shopping_mall"], []])  # fmt: skip
    roll(g, 3, 3)
    g.apply(Build("radio_tower"))
    assert g.is_over and g.view(None)["state"]["extra_turn"] is False


def test_the_total_is_the_shown_dice_while_the_radio_tower_choice_waits() -> None:
    # the total was left at the previous turn's while the re-roll was asked (a stale 6 here)
    g = position(coins=[1, 1], landmarks=[[], ["radio_tower"]])
    g.resolve((6,))
    g.apply(Pass())
    g.resolve((2,))  # seat 1 rolls 2: the Radio Tower asks
    state = g.view(None)["state"]
    assert g.prompt is not None and g.prompt.kind == "reroll"
    assert state["dice"] == [2] and state["total"] == 2


@pytest.mark.parametrize("plus", [False, True])
def test_the_total_is_never_stale_in_random_games(plus: bool) -> None:
    for seed in range(10):
        g = metropolia.new_game(players=3, seed=seed, plus=plus)
        bots = [RandomBot(seed + k) for k in range(3)]
        while not g.is_over:
            state = g.view(None)["state"]
            dice = sum(state["dice"])
            # the dice shown, with the Port's +2 once it is added (on 10 or more only)
            assert state["total"] == dice or (dice >= 10 and state["total"] == dice + 2)
            if g.chance is not None:
                g.resolve()
            else:
                seat = g.to_act
                assert seat is not None
                g.apply(bots[seat].choose(g, seat))
