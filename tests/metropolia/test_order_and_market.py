"""Activation order (ruling MK-4) and the Plus market (ruling MK-5)."""

from __future__ import annotations

import pytest

import metropolia
from common import IllegalAction, Shuffle
from metropolia import Build, CardRevealed
from metropolia.data import CARDS, MARKET_NAMES
from tests.metropolia.helpers import plus_deck, position, roll_events


def test_red_first_then_green_and_blue_then_purple() -> None:
    # total 8: the opponent's Hamburger Stand takes 1 (red), their Mackerel Boat pays 3
    # (blue), then the roller's Tax Office sees 13 coins and takes 6 (purple)
    g = position(
        plus=True,
        coins=[5, 9],
        cards=[{"tax_office": 1, "furniture_factory": 1, "forest": 1}, {"hamburger_stand": 1,
               "mackerel_boat": 1}],
        landmarks=[[], ["port"]],
    )  # fmt: skip
    got = roll_events(g, 4, 4)
    assert got == [
        metropolia.CoinsPaid(0, 1, 1, 1, "hamburger_stand"),
        metropolia.CoinsReceived(0, 3, "furniture_factory"),
        metropolia.CoinsReceived(1, 3, "mackerel_boat"),
        metropolia.CoinsPaid(1, 0, 6, 6, "tax_office"),
    ]


def test_a_payer_pays_red_cards_before_collecting_income() -> None:
    # rulebook "Payments": first the payment, then the income
    g = position(coins=[0, 0], cards=[{"family_restaurant": 0, "apple_orchard": 1},
                                       {"family_restaurant": 1}])  # fmt: skip
    got = roll_events(g, 5, 5)
    assert got == [
        metropolia.CoinsPaid(0, 1, 0, 2, "family_restaurant"),
        metropolia.CoinsReceived(0, 3, "apple_orchard"),
    ]


def test_base_market_shows_every_base_card() -> None:
    g = metropolia.new_game(players=2, seed=5)
    market = g.view()["state"]["market"]
    assert market == {c.id: c.copies for c in CARDS if c.edition == "base"}
    assert "stack_size" not in g.view()["state"]


def test_plus_setup_shuffles_every_supply_card_of_both_sets() -> None:
    g = metropolia.new_game(players=2, seed=5, plus=True)
    assert isinstance(g.chance, Shuffle)
    assert sorted(g.chance.cards) == sorted(plus_deck())
    assert len(g.chance.cards) == 140


def test_plus_market_reveals_until_ten_names_and_repeats_join_their_pile() -> None:
    g = metropolia.new_game(players=2, seed=5, plus=True)
    g.resolve(plus_deck())
    market = g.view()["state"]["market"]
    assert len(market) == MARKET_NAMES
    # table order: six of each of the first nine kinds (purple four), then one cheese factory
    assert market["wheat_field"] == 6 and market["stadium"] == 4
    assert market["cheese_factory"] == 1
    assert g.view()["state"]["stack_size"] == 140 - sum(market.values())


def test_plus_market_refills_when_a_pile_empties() -> None:
    g = metropolia.new_game(players=2, seed=5, plus=True)
    g.resolve(plus_deck())
    g.s.coins[0] = 100
    g.resolve((5,))
    got = g.apply(Build("cheese_factory"))
    revealed = [e for e in got if isinstance(e, CardRevealed)]
    # the pile of one emptied: the next card (another Cheese Factory) makes ten names again
    assert revealed == [CardRevealed("cheese_factory", 140 - 49 - 1)]
    assert len(g.view()["state"]["market"]) == MARKET_NAMES
    g.s.coins[0] = 100
    g.s.turn = 0
    g._ask_roll()
    g.resolve((5,))
    got = g.apply(Build("stadium"))
    assert not [e for e in got if isinstance(e, CardRevealed)]  # 3 stadiums left: no refill


def test_plus_market_does_not_refill_from_an_empty_stack() -> None:
    g = metropolia.new_game(players=2, seed=5, plus=True)
    g.resolve(plus_deck())
    g.s.stack.clear()
    g.s.coins[0] = 100
    g.resolve((5,))
    got = g.apply(Build("cheese_factory"))
    assert not [e for e in got if isinstance(e, CardRevealed)]
    assert len(g.view()["state"]["market"]) == MARKET_NAMES - 1


def test_only_face_up_plus_cards_can_be_built() -> None:
    g = metropolia.new_game(players=2, seed=5, plus=True)
    g.resolve(plus_deck())
    g.s.coins[0] = 100
    g.resolve((5,))
    with pytest.raises(IllegalAction):
        g.apply(Build("mine"))


def test_the_stack_order_is_secret_and_views_show_only_its_size() -> None:
    g = metropolia.new_game(players=2, seed=5, plus=True)
    g.resolve()
    secret = g._secrets(0)
    assert secret and len(secret[0]) == g.view(0)["state"]["stack_size"]
    shuffle = next(e for e in g.events_for(1) if e["type"] == "ChanceResolved")
    assert shuffle["outcome"] is None
    assert "stack" not in g.view(None)["state"]


def test_a_bad_shuffle_outcome_is_refused() -> None:
    g = metropolia.new_game(players=2, seed=5, plus=True)
    with pytest.raises(IllegalAction, match="ordering"):
        g.resolve(plus_deck()[1:])
    assert isinstance(g.chance, Shuffle)
