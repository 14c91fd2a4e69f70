"""Rule options and players (rulings MK-1, MK-3, MK-6): validated with a clear error."""

from __future__ import annotations

from typing import Any

import pytest

import metropolia
from common import InvalidOption
from metropolia import Build
from metropolia.data import CARD_INDEX
from tests.metropolia.helpers import position


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_start_with_3_coins_a_wheat_field_and_a_bakery(players: int) -> None:
    g = metropolia.new_game(players=players, seed=1)
    for seat in range(players):
        assert g.coins(seat) == 3
        assert g.view()["state"]["cities"][seat]["cards"] == {"wheat_field": 1, "bakery": 1}


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_2_to_4_is_refused(players: int) -> None:
    with pytest.raises(InvalidOption, match="2 to 4 players"):
        metropolia.new_game(players=players)


def test_unknown_option_is_refused_naming_the_options() -> None:
    with pytest.raises(
        InvalidOption,
        match="payments, plus, reroll_dice, sushi_bar_cost, town_hall, turn_limit, "
        "unbuyable_purple",
    ):
        metropolia.new_game(players=2, harbor=True)


@pytest.mark.parametrize(
    ("option", "value"),
    [("plus", "yes"), ("plus", 1), ("town_hall", "never"), ("sushi_bar_cost", 3),
     ("turn_limit", 0), ("turn_limit", True), ("payments", "pay_later"),
     ("reroll_dice", 2), ("unbuyable_purple", True)],
)  # fmt: skip
def test_bad_option_values_are_refused(option: str, value: Any) -> None:
    with pytest.raises(InvalidOption, match=option):
        metropolia.new_game(players=2, **{option: value})


def test_plus_is_an_option_recorded_in_the_log() -> None:
    g = metropolia.new_game(players=3, seed=2, plus=True)
    assert g.events[0].options["plus"] is True  # type: ignore[attr-defined]
    assert g.view()["state"]["edition"] == "plus"


def test_the_sushi_bar_costs_its_printed_4_by_default() -> None:
    # ruling MK-A16: the card face (Japanese edition) and the English card lists print 4
    g = metropolia.new_game(players=2, seed=1, plus=True)
    assert g.options["sushi_bar_cost"] == 4
    assert g._cost[CARD_INDEX["sushi_bar"]] == 4


@pytest.mark.parametrize("cost", [2, 4])
def test_sushi_bar_cost_option(cost: int) -> None:
    g = position(plus=True, coins=[3, 0], cards=[{}, {}], supply={"sushi_bar": 6},
                 sushi_bar_cost=cost)  # fmt: skip
    g.resolve((5,))
    g.s.coins[0] = 4
    assert Build("sushi_bar") in g.legal_actions()
    g.s.coins[0] = 3
    assert (Build("sushi_bar") in g.legal_actions()) == (cost == 2)
