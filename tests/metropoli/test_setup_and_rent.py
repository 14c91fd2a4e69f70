"""Set-up as chance (seed "Setup", ruling MI-1) and the Concession Value (ruling MI-6)."""

from __future__ import annotations

import pytest

from common import IllegalAction, InvalidOption
from metropoli import Build, Done, Metropoli, Roll, new_game
from metropoli.data import BOARD as B
from metropoli.data import START_CASH, concession_value
from metropoli.events import ConcessionsDealt, FirstPlayerChosen, RentCharged
from tests.metropoli.helpers import clear_owners, land, payments, started


def test_setup_highest_roll_starts_and_ties_reroll() -> None:
    g = new_game(players=3, seed=5)
    g.resolve((6, 6, 1))
    g.resolve((6, 5, 2))
    g.resolve((1, 1, 2))
    # seats 0 and 1 tie on 13: only they roll again (seed "Setup")
    assert "Player 1" in g.chance.describe()  # type: ignore[union-attr]
    g.resolve((1, 2, 3))
    assert "Player 2" in g.chance.describe()  # type: ignore[union-attr]
    g.resolve((4, 4, 2))
    assert any(isinstance(e, FirstPlayerChosen) and e.seat == 1 for e in g.events)


def test_setup_deals_two_street_concessions_each_and_five_million() -> None:
    g = started(players=5, first=2)
    dealt = [e for e in g.events if isinstance(e, ConcessionsDealt)]
    assert [len(e.spaces) for e in dealt] == [2] * 5
    for seat in range(5):
        owned = [c for c in B.concessions if g.s.owner[c] == seat]
        assert len(owned) == 2 and all(B.kinds[c] == "street" for c in owned)
    assert g.s.cash == [START_CASH] * 5
    assert g.s.pos == [0] * 5  # all tokens start on La Borsa
    assert g.to_act == 2


def test_setup_deals_neighbourhood_values_and_keeps_the_deck_order_secret() -> None:
    values = (400_000, 350_000, 300_000, 250_000, 200_000, 150_000, 100_000, 50_000)
    g = started(values=values)
    assert g.view()["state"]["neighbourhood_values"] == list(values)
    for seat in (None, 0, 1):
        state = g.view(seat)["state"]
        assert state["deck_size"] == 22
        assert "deck" not in state
    assert g._secrets(None) == [g.s.deck]


def test_new_game_rejects_bad_player_counts_and_options() -> None:
    with pytest.raises(InvalidOption, match="3 to 6"):
        new_game(players=2)
    with pytest.raises(InvalidOption, match="3 to 6"):
        new_game(players=7)
    with pytest.raises(InvalidOption, match="round_limit"):
        new_game(players=3, round_limit=7)


@pytest.mark.parametrize(
    ("tallest", "blocks", "sky", "value"),
    [
        (4, 5, False, 400_000),  # rulebook example 1
        (4, 3, True, 800_000),  # rulebook example 2: a skyscraper counts as column 10
        (4, 4, False, 320_000),  # rulebook example 3
        (3, 7, False, 420_000),  # rulebook note: $60,000 x 7
        (5, 14, False, 1_000_000),  # column 10 is the maximum
        (5, 0, False, 0),  # no blocks: no value
    ],
)
def test_concession_value_card_examples(tallest: int, blocks: int, sky: bool, value: int) -> None:
    assert concession_value(tallest, blocks, sky) == value  # ruling MI-6


def _legal_city(g: Metropoli, skyscrapers: dict[int, int], heights: dict[int, int]) -> None:
    """Set a city the Master Plan allows (rules 4-8): ``skyscrapers`` maps an area to its
    height, in roof order (2, 3, ... floors), each capping its district; ``heights`` adds
    plain buildings; the supply holds the rest of the 80 blocks."""
    s = g.s
    for number, (area, height) in enumerate(skyscrapers.items(), start=1):
        assert height == number + 1  # roof k goes to the first building of k+1 floors
        s.heights[area], s.roof[area] = height, number
        s.caps[B.area_district[area]] = height
    s.roofs = len(skyscrapers)
    for area, height in heights.items():
        s.heights[area] = height
    s.blocks_left = 80 - sum(s.heights)
    assert g.invariants() == []


def _rulebook_district(g: Metropoli) -> None:
    """District 0 as in the rulebook's example: a 4-floor skyscraper (roof 3) on area 8, so
    roofs 1 and 2 stand in districts 1 and 2 (Master Plan rules 4-6)."""
    # street 1 faces areas 0, 3, 6 (5 blocks); street 3 faces 1, 4, 7 (4 blocks)
    _legal_city(
        g,
        {17: 2, 26: 3, 8: 4},
        {0: 2, 3: 2, 6: 1, 1: 1, 4: 2, 7: 1},
    )


@pytest.mark.parametrize(("street", "value"), [(1, 400_000), (4, 800_000), (3, 320_000)])
def test_rent_is_concession_value_plus_neighbourhood_value(street: int, value: int) -> None:
    g = started()
    clear_owners(g)
    _rulebook_district(g)
    g.s.owner[street] = 1
    hood = B.hood_of[street]
    assert hood == 0
    before = list(g.s.cash)
    start = len(g.events)
    land(g, street, not_first_round=False)
    rent = value + g.s.hood_values[hood]
    charged = [e for e in g.events[start:] if isinstance(e, RentCharged)]
    assert charged[0].value == value and charged[0].total == rent and not charged[0].trust
    assert g.s.cash[0] == before[0] - rent
    assert g.s.cash[1] == before[1] + rent
    assert (0, 1, rent, "rent") in payments(g, start)
    assert g.invariants() == []


def test_rent_tallest_three_and_seven_blocks_is_420000() -> None:
    g = started()
    clear_owners(g)
    # district 1: a 3-floor skyscraper (roof 2) on area 17, roof 1 in district 0;
    # street 11 faces areas 9, 12, 15 (3 + 2 + 2 = 7 blocks)
    _legal_city(g, {8: 2, 17: 3}, {9: 3, 12: 2, 15: 2})
    g.s.owner[11] = 2
    assert g.street_rent(11)[4] == 420_000
    start = len(g.events)
    land(g, 11)
    assert (0, 2, 420_000 + g.s.hood_values[2], "rent") in payments(g, start)
    assert g.invariants() == []


def test_rent_with_no_blocks_is_the_neighbourhood_value_alone() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[6] = 1
    assert g.street_rent(6)[0] == g.s.hood_values[B.hood_of[6] or 0]


def test_trust_doubles_value_and_neighbourhood_value() -> None:
    g = started()
    clear_owners(g)
    _rulebook_district(g)
    for street in B.hood_streets[0]:
        g.s.owner[street] = 1
    total, *_, trust = g.street_rent(1)
    assert trust
    assert total == 2 * (400_000 + g.s.hood_values[0])
    start = len(g.events)
    land(g, 1, not_first_round=False)
    assert (0, 1, total, "rent") in payments(g, start)


def test_only_the_active_player_acts_and_bad_input_leaves_the_state() -> None:
    g = started()
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not to act"):
        g.apply(Roll(), seat=1)
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply(Build(0))
    with pytest.raises(IllegalAction, match="unknown action"):
        g.apply("fly 3")
    with pytest.raises(IllegalAction):
        g.apply(Done())
    assert g.to_json() == before
