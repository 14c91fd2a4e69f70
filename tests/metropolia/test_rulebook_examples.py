"""The rulebook's own worked examples, with its own numbers."""

from __future__ import annotations

from metropolia.events import CoinsPaid, CoinsReceived
from tests.metropolia.helpers import position, roll_events

BARTEK, KASIA, MICHAL = 0, 1, 2


def test_payer_without_money_pays_nothing_then_collects_own_income() -> None:
    # "Payments Between Players", first example: Bartek rolls 3 with no coins; Kasia's cafe
    # gets nothing; then Bartek takes 2 coins for his two bakeries.
    g = position(
        ["Bartek", "Kasia"],
        coins=[0, 0],
        cards=[{"bakery": 2}, {"cafe": 1}],
    )
    got = roll_events(g, 3)
    assert got[0] == CoinsPaid(BARTEK, KASIA, 0, 1, "cafe")
    assert got[1] == CoinsReceived(BARTEK, 2, "bakery")
    assert g.coins(KASIA) == 0
    assert g.coins(BARTEK) == 2


def test_red_cards_pay_counter_clockwise_until_broke() -> None:
    # "Payments Between Players", second example: Bartek rolls 3 with 3 coins; Kasia has 3
    # cafes, Michal 2; payments go counter-clockwise: Michal gets 2, Kasia only 1 of her 3.
    g = position(
        ["Bartek", "Kasia", "Michał"],
        coins=[3, 0, 0],
        cards=[{}, {"cafe": 3}, {"cafe": 2}],
    )
    got = roll_events(g, 3)
    assert got == [
        CoinsPaid(BARTEK, MICHAL, 2, 2, "cafe"),
        CoinsPaid(BARTEK, KASIA, 1, 3, "cafe"),
    ]
    assert [g.coins(s) for s in range(3)] == [0, 1, 2]


def test_tax_office_takes_half_rounded_down() -> None:
    # "Explanations of Certain Expansion Cards", Tax Office: 21 coins -> pays 10, keeps 11.
    g = position(plus=True, coins=[0, 21], cards=[{"tax_office": 1}, {}])
    got = roll_events(g, 4, 4)  # total 8 (two dice need the Train Station)
    assert CoinsPaid(1, 0, 10, 10, "tax_office") in got
    assert g.coins(1) == 11
    assert g.coins(0) == 10
