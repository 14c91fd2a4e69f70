"""The turn and the landmarks (rulings MK-2, MK-3): each decision and its legal choices."""

from __future__ import annotations

import pytest

import metropolia
from common import ActionForced, Dice, IllegalAction
from metropolia import Build, Pass, Reroll, Roll, UsePort
from metropolia.data import LANDMARK_INDEX
from metropolia.events import Built, CoinsReceived, DiceRolled, ExtraTurn
from tests.metropolia.helpers import kinds, position, roll


def test_a_turn_starts_with_one_die_without_the_train_station() -> None:
    g = metropolia.new_game(players=2, seed=3)
    assert g.chance == Dice(1, "roll by seat 0")  # the roller named, for the log's words
    assert g.to_act is None


def test_train_station_offers_one_or_two_dice() -> None:
    g = position(landmarks=[["train_station"], []])
    assert g.prompt is not None and g.prompt.kind == "roll"
    assert list(g.legal_actions()) == [Roll(1), Roll(2)]
    g.apply(Roll(2))
    assert g.chance == Dice(2, "roll by seat 0")


def test_radio_tower_offers_one_reroll_per_turn() -> None:
    g = position(coins=[0, 0], cards=[{"ranch": 1}, {}], landmarks=[["radio_tower"], []])
    g.resolve((1,))
    assert g.prompt is not None and g.prompt.kind == "reroll"
    assert list(g.legal_actions()) == [Reroll(), Pass()]
    g.apply(Reroll())
    assert g.chance == Dice(1, "reroll by seat 0")
    got = g.resolve((2,))  # no second re-roll: the roll counts at once
    assert DiceRolled(0, (2,), 2) in got
    assert CoinsReceived(0, 1, "ranch") in got
    assert g.prompt.kind == "build"


def test_radio_tower_reroll_lets_the_train_station_owner_choose_the_dice_again() -> None:
    # ruling MK-A1: the re-roll is a new roll, so the dice count is chosen again
    g = position(landmarks=[["radio_tower", "train_station"], []])
    roll(g, 3, 4)
    g.apply(Reroll())
    assert g.prompt is not None and g.prompt.kind == "roll"


def test_radio_tower_keep_uses_the_first_roll() -> None:
    g = position(coins=[0, 0], cards=[{"ranch": 1}, {}], landmarks=[["radio_tower"], []])
    g.resolve((2,))
    got = g.apply(Pass())
    assert CoinsReceived(0, 1, "ranch") in got


@pytest.mark.parametrize(("add", "total"), [(True, 12), (False, 10)])
def test_port_may_add_2_to_a_total_of_10_or_more(add: bool, total: int) -> None:
    g = position(plus=True, coins=[0, 0], landmarks=[["port", "train_station"], []])
    roll(g, 4, 6)
    assert g.prompt is not None and g.prompt.kind == "port"
    assert list(g.legal_actions()) == [UsePort(), Pass()]
    got = g.apply(UsePort() if add else Pass())
    assert DiceRolled(0, (4, 6), total) in got


def test_port_is_not_offered_below_10() -> None:
    g = position(plus=True, landmarks=[["port", "train_station"], []])
    roll(g, 4, 5)
    assert g.prompt is not None and g.prompt.kind == "build"


def test_port_total_of_12_to_14_activates_the_higher_cards() -> None:
    g = position(plus=True, coins=[0, 0], cards=[{}, {"tuna_boat": 1}],
                 landmarks=[["port", "train_station"], ["port"]])  # fmt: skip
    roll(g, 6, 6)
    g.apply(UsePort())
    assert g.s.total == 14
    assert g.chance == Dice(2, "tuna boat")


def test_shopping_mall_adds_1_to_cup_and_bread_cards() -> None:
    g = position(
        coins=[5, 0],
        cards=[{"bakery": 2}, {"cafe": 1}],
        landmarks=[["shopping_mall"], ["shopping_mall"]],
    )
    got = g.resolve((3,))
    assert [e for e in got if type(e).__name__ in ("CoinsPaid", "CoinsReceived")] == [
        metropolia.CoinsPaid(0, 1, 2, 2, "cafe"),
        CoinsReceived(0, 4, "bakery"),
    ]


def test_shopping_mall_does_not_raise_other_cards() -> None:
    g = position(coins=[0, 0], cards=[{"ranch": 1}, {}], landmarks=[["shopping_mall"], []])
    assert CoinsReceived(0, 1, "ranch") in g.resolve((2,))


def test_amusement_park_gives_another_turn_on_doubles() -> None:
    g = position(coins=[1, 0], landmarks=[["amusement_park", "train_station"], []])
    roll(g, 3, 3)
    got = g.apply(Pass())
    assert ExtraTurn(0) in got
    assert g.s.turn == 0 and g.prompt is not None and g.prompt.kind == "roll"


def test_amusement_park_needs_doubles() -> None:
    g = position(coins=[1, 0], landmarks=[["amusement_park", "train_station"], []])
    roll(g, 3, 4)
    g.apply(Pass())
    assert g.s.turn == 1


def test_doubles_without_the_amusement_park_end_the_turn() -> None:
    g = position(coins=[1, 0], landmarks=[["train_station"], []])
    roll(g, 2, 2)
    g.apply(Pass())
    assert g.s.turn == 1


def test_airport_pays_10_when_nothing_is_built() -> None:
    g = position(plus=True, coins=[1, 0], cards=[{}, {}], landmarks=[["airport"], []])
    g.resolve((5,))
    got = g.apply(Pass())
    assert CoinsReceived(0, 10, "airport") in got


def test_airport_pays_10_after_a_pass_forced_by_an_empty_purse() -> None:
    # with no coins nothing can be built: the pass is taken for the player (ActionForced, not a
    # decision), and "the player receives 10 coins if they do not build any property"
    g = position(plus=True, coins=[0, 0], cards=[{}, {}], landmarks=[["airport"], []])
    got = g.resolve((5,))
    assert ActionForced(0, Pass()) in got
    assert got.index(ActionForced(0, Pass())) < got.index(CoinsReceived(0, 10, "airport"))
    assert g.decisions == 0 and g.s.turn == 1


def test_airport_pays_nothing_after_building() -> None:
    g = position(plus=True, coins=[1, 0], cards=[{}, {}], landmarks=[["airport"], []])
    g.resolve((5,))
    got = g.apply(Build("wheat_field"))
    assert not [e for e in got if isinstance(e, CoinsReceived) and e.seat == 0]


def test_airport_pays_on_an_amusement_park_turn_too() -> None:
    g = position(plus=True, coins=[0, 0], cards=[{}, {}],
                 landmarks=[["airport", "amusement_park", "train_station"], []])  # fmt: skip
    roll(g, 1, 1)  # nothing to build with no coins: the pass is forced and the Airport pays
    assert g.coins(0) == 10 + 1 and g.s.turn == 0  # and the extra turn's Town Hall coin
    roll(g, 1, 2)
    assert CoinsReceived(0, 10, "airport") in g.apply(Pass())


def test_town_hall_gives_1_coin_at_the_start_of_each_turn() -> None:
    # ruling MK-3, default: the seed's "at the start of their turn"
    g = position(plus=True, coins=[5, 5], cards=[{}, {}])
    g.resolve((5,))
    got = g.apply(Pass())
    assert got[-1] == CoinsReceived(1, 1, "town_hall")
    assert g.coins(1) == 6


def test_town_hall_before_build_gives_1_coin_only_to_a_player_with_none() -> None:
    # ruling MK-3, option town_hall="before_build"
    g = position(plus=True, coins=[0, 5], cards=[{}, {}], town_hall="before_build")
    got = g.resolve((5,))
    assert got[-1] == CoinsReceived(0, 1, "town_hall")
    assert g.prompt is not None and g.prompt.kind == "build"
    g.apply(Pass())
    got = g.resolve((5,))
    assert not [e for e in got if isinstance(e, CoinsReceived)]


def test_the_town_hall_shows_as_a_property_and_is_not_counted_as_a_landmark() -> None:
    # ruling MK-A15: "1 additional property card (the Town Hall) ... together with the
    # starting cards"; the landmarks are the six special properties, all needed to win
    g = metropolia.new_game(players=2, seed=1, plus=True)
    g.resolve()
    city = g.view(0)["state"]["cities"][0]
    assert city["town_hall"] is True
    assert "town_hall" not in city["landmarks"] and len(city["landmarks"]) == 6
    assert not metropolia.new_game(players=2, seed=1).view()["state"]["cities"][0]["town_hall"]


def test_base_game_has_no_town_hall() -> None:
    g = position(coins=[5, 5], cards=[{}, {}])
    g.resolve((5,))
    assert not [e for e in g.apply(Pass()) if isinstance(e, CoinsReceived)]


def test_build_offers_affordable_cards_and_landmarks_or_pass() -> None:
    g = position(coins=[4, 0], cards=[{}, {}])
    g.resolve((5,))
    assert kinds(g) == ["build", "pass"]
    built = {a.card for a in g.legal_actions() if isinstance(a, Build)}
    assert built == {
        "wheat_field", "ranch", "bakery", "cafe", "convenience_store", "forest",
        "furniture_factory", "family_restaurant", "apple_orchard",
        "fruit_and_vegetable_market", "train_station",
    }  # fmt: skip


def test_building_pays_the_bank_and_adds_the_card() -> None:
    g = position(coins=[4, 0], cards=[{}, {}])
    g.resolve((5,))
    got = g.apply(Build("forest"))
    assert Built(0, "forest", 3) in got
    assert g.coins(0) == 1 and g.count(0, "forest") == 1
    assert g.s.supply[5] == 5


def test_a_landmark_is_built_face_up_and_works_from_then_on() -> None:
    g = position(coins=[4, 0], cards=[{}, {}])
    g.resolve((5,))
    g.apply(Build("train_station"))
    assert g.has(0, "train_station")
    g.resolve((5,))  # seat 1 has no coins: its pass is forced
    assert g.prompt is not None and g.prompt.kind == "roll"


def test_a_player_cannot_have_two_identical_purple_cards() -> None:
    g = position(coins=[20, 0], cards=[{"stadium": 1}, {}])
    g.resolve((5,))
    cards = {a.card for a in g.legal_actions() if isinstance(a, Build)}
    assert "stadium" not in cards and "tv_station" in cards
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply(Build("stadium"))


def test_sold_out_piles_cannot_be_built() -> None:
    g = position(coins=[20, 0], cards=[{}, {}], supply={"mine": 0})
    g.resolve((5,))
    assert Build("mine") not in g.legal_actions()


def test_a_pile_sells_out_after_its_copies() -> None:
    g = position(coins=[100, 100], cards=[{}, {}])
    for _ in range(6):
        g.resolve((5,))
        g.apply(Build("ranch"))
    g.resolve((5,))
    assert Build("ranch") not in g.legal_actions()


def test_building_all_four_landmarks_wins_the_base_game() -> None:
    g = position(
        coins=[22, 0],
        cards=[{}, {}],
        landmarks=[["train_station", "shopping_mall", "amusement_park"], ["train_station"]],
    )
    roll(g, 2, 3)
    g.apply(Build("radio_tower"))
    assert g.is_over
    res = g.result()
    assert res.winners == (0,)
    assert res.scores == (4, 1)


def test_plus_needs_six_landmarks_and_not_the_town_hall() -> None:
    g = position(
        plus=True,
        coins=[22, 0],
        cards=[{}, {}],
        landmarks=[["train_station", "shopping_mall", "amusement_park"], []],
    )
    roll(g, 2, 3)
    g.apply(Build("radio_tower"))
    assert not g.is_over
    g.s.coins[0] = 40
    g.s.landmarks[0][LANDMARK_INDEX["port"]] = True
    g.s.turn = 0
    g._ask_roll()
    roll(g, 2, 3)
    g.apply(Pass())
    g.apply(Build("airport"))
    assert g.is_over and g.result().winners == (0,) and g.result().scores == (6, 0)


def test_illegal_actions_name_the_legal_ones_and_change_nothing() -> None:
    g = position(coins=[1, 0], cards=[{}, {}])
    g.resolve((5,))
    before = g.to_json()
    with pytest.raises(IllegalAction, match="legal: pass"):
        g.apply(Build("mine"))
    with pytest.raises(IllegalAction, match="malformed"):
        g.apply("build")
    with pytest.raises(IllegalAction):
        g.apply("swap ranch 1 mine")
    assert g.to_json() == before


def test_turn_limit_ends_the_game_without_a_winner() -> None:
    # ruling MK-A3
    g = metropolia.new_game(players=2, seed=1, turn_limit=3)
    for _ in range(3):
        g.resolve((5,))
        g.apply(Pass())
    assert g.is_over
    assert g.result().winners == ()
    assert g.max_actions() == 3 * 7 + 1


def test_amusement_park_built_after_a_doubles_roll_gives_no_turn_for_that_roll() -> None:
    # ruling MK-A11: a landmark works "from then on" (rulebook "Building Properties")
    g = position(coins=[16, 0], cards=[{}, {}], landmarks=[["train_station"], []])
    roll(g, 4, 4)
    got = g.apply(Build("amusement_park"))
    assert not [e for e in got if isinstance(e, ExtraTurn)]
    assert g.s.turn == 1
