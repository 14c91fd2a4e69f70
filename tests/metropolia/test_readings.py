"""Rule options for the readings players dispute (issue 22): rulings MK-A17, MK-A18, MK-A19."""

from __future__ import annotations

from typing import Any

import pytest

import metropolia
from common import Dice, RandomBot, play
from common.testing import check_game
from metropolia import Build, CardRevealed, PileRemoved, Reroll
from metropolia.data import CARD_INDEX, MARKET_NAMES
from metropolia.events import CoinsPaid, CoinsReceived
from tests.metropolia.helpers import position, roll, roll_events


# ---------------------------------------------------------------- MK-A17: payments
@pytest.mark.parametrize(
    ("payments", "start", "paid", "end"),
    [
        # ruling MK-A12's own example: the Mine pays first, then the Tax Office takes half of 13
        ("colour_order", 8, 6, 7),
        # the seed: "they first make the payment and only then collect their income": 8 coins
        # are fewer than 10, so the Tax Office takes nothing; then the Mine pays 5
        ("pay_first", 8, 0, 13),
        ("colour_order", 19, 12, 12),  # half of 19 + 5 = 24
        ("pay_first", 19, 9, 15),  # half of 19, then 5 more
    ],
)
def test_the_tax_office_against_a_mine_on_a_9(
    payments: str, start: int, paid: int, end: int
) -> None:
    g = position(plus=True, coins=[1, start], cards=[{"tax_office": 1}, {"mine": 1}],
                 payments=payments)  # fmt: skip
    got = roll_events(g, 4, 5)
    mine = CoinsReceived(1, 5, "mine")
    assert mine in got and g.coins(1) == end
    if paid:
        tax = CoinsPaid(1, 0, paid, paid, "tax_office")
        assert (got.index(tax) < got.index(mine)) == (payments == "pay_first")
    else:
        assert not [e for e in got if isinstance(e, CoinsPaid)]


@pytest.mark.parametrize("payments", ["colour_order", "pay_first"])
def test_red_cards_are_paid_first_in_both_readings(payments: str) -> None:
    # the seed's example: "Bartek has no money, so Kasia does not receive any income from her
    # cafe. Next, Bartek takes 2 coins from the bank, because he has two bakeries"
    g = position(["Bartek", "Kasia"], coins=[0, 0], cards=[{"bakery": 2}, {"cafe": 1}],
                 payments=payments)  # fmt: skip
    assert roll_events(g, 3) == [CoinsPaid(0, 1, 0, 1, "cafe"), CoinsReceived(0, 2, "bakery")]


def test_pay_first_keeps_the_business_center_after_the_income() -> None:
    # ruling MK-A17: the swap moves cards, not coins, so it keeps its place after the income
    g = position(plus=True, coins=[1, 5], payments="pay_first",
                 cards=[{"stadium": 1, "business_center": 1, "flower_shop": 1,
                         "flower_orchard": 2}, {"ranch": 1}])  # fmt: skip
    got = roll_events(g, 6)
    assert got == [CoinsPaid(1, 0, 2, 2, "stadium"), CoinsReceived(0, 2, "flower_shop")]
    assert g.prompt is not None and g.prompt.kind == "swap"


def test_pay_first_asks_the_tv_station_before_the_income_and_goes_on_after() -> None:
    city = {"tv_station": 1, "flower_shop": 1, "flower_orchard": 1}
    g = position(3, plus=True, coins=[1, 5, 0], payments="pay_first", cards=[city, {}, {}])
    got = roll_events(g, 6)
    assert got == [] and g.prompt is not None and g.prompt.kind == "take"
    coins = [e for e in g.apply(metropolia.TakeFrom(1)) if isinstance(e, CoinsPaid | CoinsReceived)]
    assert coins == [CoinsPaid(1, 0, 5, 5, "tv_station"), CoinsReceived(0, 1, "flower_shop")]
    assert g.prompt is not None and g.prompt.kind == "build"


# ---------------------------------------------------------------- MK-A18: the re-roll's dice
def test_the_radio_tower_re_roll_chooses_the_dice_again_by_default() -> None:
    # ruling MK-A1, reroll_dice="choose"
    g = position(coins=[1, 0], landmarks=[["radio_tower", "train_station"], []])
    roll(g, 3, 4)
    g.apply(Reroll())
    assert g.prompt is not None and g.prompt.kind == "roll"


@pytest.mark.parametrize("dice", [(5,), (3, 4)])
def test_the_radio_tower_re_rolls_as_many_dice_with_the_same_option(dice: tuple[int, ...]) -> None:
    # ruling MK-A18, reroll_dice="same": the re-roll is of the dice just rolled
    g = position(coins=[1, 0], landmarks=[["radio_tower", "train_station"], []],
                 reroll_dice="same")  # fmt: skip
    roll(g, *dice)
    g.apply(Reroll())
    assert g.prompt is None and g.chance == Dice(len(dice), "reroll by seat 0")


# ---------------------------------------------------------------- MK-A19: unbuyable purple
def _both_own_a_stadium(**options: Any) -> metropolia.Metropolia:
    """Plus, the market dealt in card-table order; seat 1 owns a Stadium, seat 0 builds one."""
    g = position(plus=True, coins=[10, 0], cards=[{}, {"stadium": 1}],
                 supply={"stadium": 3}, **options)  # fmt: skip
    g.resolve((5,))
    return g


def test_a_purple_pile_everyone_owns_stays_in_the_market_by_default() -> None:
    g = _both_own_a_stadium()
    got = g.apply(Build("stadium"))
    assert not [e for e in got if isinstance(e, PileRemoved)]
    assert g.view(None)["state"]["market"]["stadium"] == 2  # unbuyable, still face up


def test_the_harbor_rule_removes_a_purple_pile_everyone_owns_and_refills_to_ten() -> None:
    # ruling MK-A19, the Harbor rulebook: "If there are Major Establishments in the market that
    # can no longer be purchased (because all players own a copy and therefore may not purchase
    # them), remove any available copies from the market and replenish the market to 10 unique
    # Establishments."
    g = _both_own_a_stadium(unbuyable_purple="remove")
    got = g.apply(Build("stadium"))
    assert PileRemoved("stadium", 2) in got
    revealed = [e.card for e in got if isinstance(e, CardRevealed)]
    assert revealed == ["cheese_factory"] * 5 + ["furniture_factory"]  # the stack's next cards
    market = g.view(None)["state"]["market"]
    assert "stadium" not in market and len(market) == MARKET_NAMES
    assert g.s.retired == (CARD_INDEX["stadium"],) * 2


def test_a_revealed_purple_card_everyone_owns_is_removed_and_the_refill_goes_on() -> None:
    g = position(plus=True, coins=[5, 0], unbuyable_purple="remove",
                 cards=[{"tv_station": 1}, {"tv_station": 1}],
                 supply={"tv_station": 0})  # fmt: skip
    g.s.stack.append(CARD_INDEX["tv_station"])  # the next card turned up
    g.resolve((5,))
    got = g.apply(Build("cheese_factory"))  # its last face-up copy: the market refills
    assert got.index(CardRevealed("tv_station", len(g.s.stack) + 6)) < got.index(
        PileRemoved("tv_station", 1)
    )
    market = g.view(None)["state"]["market"]
    assert "tv_station" not in market and len(market) == MARKET_NAMES


def test_the_harbor_rule_has_nothing_to_do_in_the_base_game() -> None:
    # the base market lies open and is never refilled (MK-5)
    g = position(coins=[10, 0], cards=[{}, {"stadium": 1}], supply={"stadium": 3},
                 unbuyable_purple="remove")  # fmt: skip
    g.resolve((5,))
    got = g.apply(Build("stadium"))
    assert not [e for e in got if isinstance(e, PileRemoved)]
    assert g.view(None)["state"]["market"]["stadium"] == 2


def test_random_plus_games_with_the_harbor_rule_remove_piles_and_keep_every_card() -> None:
    games = check_game(
        lambda s: metropolia.new_game(players=2, seed=s, plus=True, unbuyable_purple="remove"),
        games=12,
        seed=7,
        deep_games=0,
    )
    assert any(isinstance(e, PileRemoved) for g in games for e in g.events)
    assert all(g.invariants() == [] for g in games)


@pytest.mark.parametrize(
    "options",
    [{"payments": "pay_first"}, {"reroll_dice": "same"}, {"plus": True, "payments": "pay_first"}],
)
def test_the_other_readings_play_whole_games(options: dict[str, Any]) -> None:
    check_game(lambda s: metropolia.new_game(players=3, seed=s, **options), games=3, deep_games=0)
    g = metropolia.new_game(players=2, seed=5, **options)
    assert play(g, [RandomBot(1), RandomBot(2)]).winners
