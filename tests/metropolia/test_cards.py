"""One test per establishment of the card table (ruling MK-1), base and Plus."""

from __future__ import annotations

import pytest

from common import Dice, IllegalAction
from metropolia import Pass, Swap, TakeFrom
from metropolia.data import LANDMARK_INDEX
from metropolia.events import CardsSwapped, CoinsPaid, CoinsReceived
from tests.metropolia.helpers import position, roll, roll_events


def test_wheat_field_pays_every_owner_on_anyones_roll_of_1() -> None:
    g = position(coins=[0, 0], cards=[{"wheat_field": 2}, {"wheat_field": 1}], turn=1)
    got = roll_events(g, 1)
    assert CoinsReceived(0, 2, "wheat_field") in got
    assert CoinsReceived(1, 1, "wheat_field") in got


def test_ranch_pays_1_on_2() -> None:
    g = position(coins=[0, 0], cards=[{}, {"ranch": 1}])
    assert roll_events(g, 2) == [CoinsReceived(1, 1, "ranch")]


def test_bakery_pays_only_the_roller_on_2_and_3() -> None:
    g = position(coins=[0, 0], cards=[{"bakery": 1}, {"bakery": 1}])
    assert roll_events(g, 2) == [CoinsReceived(0, 1, "bakery")]
    g = position(coins=[0, 0], cards=[{"bakery": 1}, {"bakery": 1}], turn=1)
    assert roll_events(g, 3) == [CoinsReceived(1, 1, "bakery")]


def test_cafe_takes_1_from_the_roller_but_not_on_own_roll() -> None:
    g = position(coins=[5, 0], cards=[{"cafe": 1}, {"cafe": 2}])
    assert roll_events(g, 3) == [CoinsPaid(0, 1, 2, 2, "cafe")]


def test_convenience_store_pays_3_to_the_roller_on_4() -> None:
    g = position(coins=[0, 0], cards=[{"convenience_store": 2}, {"convenience_store": 1}])
    assert roll_events(g, 4) == [CoinsReceived(0, 6, "convenience_store")]


def test_forest_pays_1_on_5() -> None:
    g = position(coins=[0, 0], cards=[{"forest": 1}, {"forest": 3}])
    assert sorted(roll_events(g, 5), key=repr) == [
        CoinsReceived(0, 1, "forest"),
        CoinsReceived(1, 3, "forest"),
    ]


def test_stadium_takes_2_from_each_opponent_as_far_as_they_can_pay() -> None:
    g = position(3, coins=[0, 5, 1], cards=[{"stadium": 1}, {}, {}])
    assert roll_events(g, 6) == [CoinsPaid(1, 0, 2, 2, "stadium"), CoinsPaid(2, 0, 1, 2, "stadium")]
    assert g.coins(0) == 3


def test_tv_station_asks_for_an_opponent_and_takes_5() -> None:
    g = position(3, coins=[0, 7, 3], cards=[{"tv_station": 1}, {}, {}])
    roll(g, 6)
    assert g.prompt is not None and g.prompt.kind == "take"
    assert list(g.legal_actions()) == [TakeFrom(1), TakeFrom(2)]
    got = g.apply(TakeFrom(2))
    assert CoinsPaid(2, 0, 3, 5, "tv_station") in got
    assert g.prompt.kind == "build"


def test_business_center_offers_every_non_purple_swap_or_decline() -> None:
    g = position(
        coins=[0, 0],
        cards=[{"business_center": 1, "ranch": 1}, {"stadium": 1, "mine": 1, "ranch": 1}],
    )
    roll(g, 6)
    assert g.prompt is not None and g.prompt.kind == "swap"
    assert list(g.legal_actions()) == [Pass(), Swap("ranch", 1, "mine")]
    got = g.apply(Swap("ranch", 1, "mine"))
    assert CardsSwapped(0, "ranch", 1, "mine") in got
    assert g.count(0, "mine") == 1 and g.count(0, "ranch") == 0
    assert g.count(1, "ranch") == 2 and g.count(1, "mine") == 0


def test_business_center_may_be_declined() -> None:
    g = position(coins=[1, 0], cards=[{"business_center": 1, "ranch": 1}, {"mine": 1}])
    roll(g, 6)
    g.apply(Pass())
    assert g.count(0, "ranch") == 1 and g.count(1, "mine") == 1
    assert g.prompt is not None and g.prompt.kind == "build"


def test_the_swap_is_declined_with_the_shared_word_pass() -> None:
    # issue 22, words: "pass" declines the one optional thing a prompt offers; "noswap" is gone
    g = position(coins=[1, 0], cards=[{"business_center": 1, "ranch": 1}, {"mine": 1}])
    roll(g, 6)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="unknown action 'noswap'"):
        g.apply("noswap")
    assert g.to_json() == before
    g.apply("pass")
    assert g.prompt is not None and g.prompt.kind == "build"


def test_purple_cards_of_one_roll_resolve_in_card_table_order() -> None:
    # ruling MK-4: Stadium, then TV Station, then Business Center
    g = position(
        3,
        coins=[0, 10, 0],
        cards=[{"stadium": 1, "tv_station": 1, "business_center": 1, "ranch": 1}, {"mine": 1},
               {}],
    )  # fmt: skip
    got = roll_events(g, 6)
    assert got == [CoinsPaid(1, 0, 2, 2, "stadium"), CoinsPaid(2, 0, 0, 2, "stadium")]
    assert g.prompt is not None and g.prompt.kind == "take"
    g.apply(TakeFrom(1))
    assert g.prompt.kind == "swap"


def test_cheese_factory_pays_3_per_cow_card() -> None:
    g = position(coins=[0, 0], cards=[{"cheese_factory": 2, "ranch": 3}, {}])
    assert roll_events(g, 3, 4) == [CoinsReceived(0, 18, "cheese_factory")]


def test_furniture_factory_pays_3_per_gear_card() -> None:
    g = position(coins=[0, 0], cards=[{"furniture_factory": 1, "forest": 2, "mine": 1}, {}])
    assert roll_events(g, 4, 4) == [CoinsReceived(0, 9, "furniture_factory")]


def test_mine_pays_5_to_every_owner_on_9() -> None:
    g = position(coins=[0, 0], cards=[{}, {"mine": 1}])
    assert roll_events(g, 4, 5) == [CoinsReceived(1, 5, "mine")]


def test_family_restaurant_takes_2_from_the_roller_on_9_and_10() -> None:
    g = position(coins=[10, 0], cards=[{}, {"family_restaurant": 1}])
    assert roll_events(g, 5, 5) == [CoinsPaid(0, 1, 2, 2, "family_restaurant")]


def test_apple_orchard_pays_3_on_10() -> None:
    g = position(coins=[0, 0], cards=[{"apple_orchard": 1}, {"apple_orchard": 1}])
    assert len(roll_events(g, 4, 6)) == 2
    assert g.coins(0) == 3 and g.coins(1) == 3


def test_fruit_and_vegetable_market_pays_2_per_wheat_card() -> None:
    g = position(
        plus=True,
        coins=[0, 0],
        cards=[{"fruit_and_vegetable_market": 1, "wheat_field": 1, "flower_orchard": 1}, {}],
    )
    # apple orchards are wheat cards too, but none is built here
    assert roll_events(g, 6, 5) == [CoinsReceived(0, 4, "fruit_and_vegetable_market")]


@pytest.mark.parametrize(("port", "paid"), [(False, 0), (True, 3)])
def test_sushi_bar_takes_3_only_when_its_owner_has_the_port(port: bool, paid: int) -> None:
    g = position(
        plus=True,
        coins=[10, 0],
        cards=[{}, {"sushi_bar": 1}],
        landmarks=[[], ["port"] if port else []],
    )
    got = roll_events(g, 1)
    assert got == ([CoinsPaid(0, 1, 3, 3, "sushi_bar")] if port else [])
    assert g.coins(1) == paid


def test_flower_orchard_pays_1_on_4() -> None:
    g = position(plus=True, coins=[1, 0], cards=[{}, {"flower_orchard": 2}])
    assert roll_events(g, 4) == [CoinsReceived(1, 2, "flower_orchard")]


def test_flower_shop_pays_1_per_flower_orchard() -> None:
    g = position(plus=True, coins=[0, 0], cards=[{"flower_shop": 1, "flower_orchard": 3}, {}])
    assert roll_events(g, 6) == [CoinsReceived(0, 3, "flower_shop")]


def test_flower_shop_with_the_shopping_mall_pays_2_per_flower_orchard() -> None:
    # the seed: "Owning a shopping centre card, the player receives 2 coins for each flower field"
    g = position(
        plus=True,
        coins=[0, 0],
        cards=[{"flower_shop": 1, "flower_orchard": 3}, {}],
        landmarks=[["shopping_mall"], []],
    )
    assert roll_events(g, 6) == [CoinsReceived(0, 6, "flower_shop")]


def test_pizza_joint_takes_1_on_7() -> None:
    g = position(plus=True, coins=[5, 0], cards=[{}, {"pizza_joint": 1}])
    assert roll_events(g, 3, 4) == [CoinsPaid(0, 1, 1, 1, "pizza_joint")]


def test_publisher_takes_1_per_cup_and_bread_card_from_each_opponent() -> None:
    g = position(
        3,
        plus=True,
        coins=[0, 10, 1],
        cards=[{"publisher": 1}, {"cafe": 1, "bakery": 2, "ranch": 4}, {"flower_shop": 2}],
    )
    assert roll_events(g, 3, 4) == [
        CoinsPaid(1, 0, 3, 3, "publisher"),
        CoinsPaid(2, 0, 1, 2, "publisher"),
    ]


def test_hamburger_stand_takes_1_on_8() -> None:
    g = position(plus=True, coins=[5, 0], cards=[{}, {"hamburger_stand": 2}])
    assert roll_events(g, 4, 4) == [CoinsPaid(0, 1, 2, 2, "hamburger_stand")]


@pytest.mark.parametrize("port", [False, True])
def test_mackerel_boat_pays_3_only_with_the_port(port: bool) -> None:
    g = position(
        plus=True,
        coins=[1, 0],
        cards=[{}, {"mackerel_boat": 1}],
        landmarks=[[], ["port"] if port else []],
    )
    assert roll_events(g, 4, 4) == ([CoinsReceived(1, 3, "mackerel_boat")] if port else [])


def test_tax_office_skips_opponents_with_fewer_than_10_coins() -> None:
    g = position(3, plus=True, coins=[0, 9, 10], cards=[{"tax_office": 1}, {}, {}])
    assert roll_events(g, 4, 5) == [CoinsPaid(2, 0, 5, 5, "tax_office")]


def test_food_warehouse_pays_2_per_cup_card() -> None:
    g = position(
        plus=True,
        coins=[0, 0],
        cards=[{"food_warehouse": 1, "cafe": 1, "pizza_joint": 2, "bakery": 1}, {}],
    )
    assert roll_events(g, 6, 6) == [CoinsReceived(0, 6, "food_warehouse")]


def test_tuna_boat_rolls_two_dice_once_and_every_boat_with_a_port_takes_the_total() -> None:
    g = position(
        3,
        plus=True,
        coins=[0, 0, 0],
        cards=[{"tuna_boat": 1}, {"tuna_boat": 2}, {"tuna_boat": 1}],
        landmarks=[["port"], ["port"], []],
    )
    g.s.landmarks[0][LANDMARK_INDEX["train_station"]] = True  # for the roller
    g._ask_roll()
    roll(g, 6, 6)
    assert g.prompt is not None and g.prompt.kind == "port"
    g.apply("pass")  # keep the total
    assert g.chance == Dice(2, "tuna boat")
    got = g.resolve((2, 3))
    coins = [e for e in got if isinstance(e, CoinsReceived)]
    assert coins == [CoinsReceived(0, 5, "tuna_boat"), CoinsReceived(1, 10, "tuna_boat")]
    assert g.prompt is not None and g.prompt.kind == "build"


def test_tuna_boat_without_a_port_rolls_nothing() -> None:
    g = position(plus=True, coins=[1, 0], cards=[{}, {"tuna_boat": 1}])
    roll_events(g, 6, 6)
    assert g.chance is None and g.prompt is not None and g.prompt.kind == "build"


def test_tuna_boat_doubles_never_give_the_amusement_park_turn() -> None:
    g = position(
        plus=True,
        coins=[0, 0],
        cards=[{"tuna_boat": 1}, {}],
        landmarks=[["port", "amusement_park", "train_station"], []],
    )
    roll(g, 6, 5)
    g.apply("port")  # 13
    g.resolve((4, 4))  # doubles on the tuna roll do not count
    g.apply("pass")
    assert g.s.turn == 1
