"""The static data (issue 22): plain JSON, the engine's own tables, and the options in play."""

from __future__ import annotations

import json
from typing import Any

import pytest

import metropolia
from common import InvalidOption
from metropolia import Metropolia
from metropolia.data import CARD_INDEX, CARDS, LANDMARKS, STARTING_CARDS


def _data(**options: Any) -> dict[str, Any]:
    return Metropolia.static_data(**options)


@pytest.mark.parametrize("plus", [False, True])
def test_the_static_data_is_plain_json(plus: bool) -> None:
    data = _data(plus=plus)
    assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize("plus", [False, True])
def test_every_card_agrees_with_the_engine(plus: bool) -> None:
    data = _data(plus=plus)
    g = metropolia.new_game(players=2, seed=1, plus=plus)
    state = g.view(None)["state"]
    ids = [c["id"] for c in data["cards"]]
    assert ids == list(state["costs"])  # every card in play, in card-table order
    for c in data["cards"]:
        card = CARDS[CARD_INDEX[c["id"]]]
        assert c["cost"] == state["costs"][c["id"]] == g._cost[CARD_INDEX[c["id"]]]
        assert (c["name"], c["polish"], c["colour"], c["icon"], tuple(c["rolls"]), c["copies"]) == (
            card.name, card.polish, card.colour, card.icon, card.rolls, card.copies)  # fmt: skip
        assert c["effect"] and c["effect"][0].isupper()
    assert {m["id"]: m["cost"] for m in data["landmarks"]} == state["landmark_costs"]
    assert data["landmarks_to_win"] == state["landmarks_to_win"] == len(g._to_win)
    assert data["starting"]["coins"] == g.coins(0)
    assert data["starting"]["cards"] == list(STARTING_CARDS)
    assert set(data["activation"]["purple_order"]) == {
        c["id"] for c in data["cards"] if c["colour"] == "purple"
    }


def test_the_base_and_plus_data_differ_in_cards_landmarks_market_and_the_town_hall() -> None:
    base, plus = _data(), _data(plus=True)
    assert (len(base["cards"]), len(plus["cards"])) == (15, 25)
    assert (base["landmarks_to_win"], plus["landmarks_to_win"]) == (4, 6)
    assert [m["id"] for m in plus["landmarks"]] == [m.id for m in LANDMARKS]
    assert (base["market"]["kind"], plus["market"]["kind"]) == ("open", "shuffled")
    assert base["properties"] == [] and [p["id"] for p in plus["properties"]] == ["town_hall"]
    assert plus["properties"][0]["polish"] == "Ratusz"
    # the base game's cards count only the base cards: no Flower Orchard among the wheat
    market = next(c for c in base["cards"] if c["id"] == "fruit_and_vegetable_market")
    assert "Flower Orchard" not in market["effect"]
    assert "boat" not in base["icons"] and "boat" in plus["icons"]


def _card(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in data["cards"] + data["landmarks"] + data["properties"] if c["id"] == cid)


def test_the_data_changes_with_every_option_that_changes_it() -> None:
    plus = {"plus": True}
    assert _card(_data(**plus), "sushi_bar")["cost"] == 4
    assert _card(_data(**plus, sushi_bar_cost=2), "sushi_bar")["cost"] == 2
    start, late = (
        _card(_data(**plus, town_hall=v), "town_hall")["effect"]
        for v in ("start_of_turn", "before_build")
    )
    assert "start of each of your turns" in start and "if you have none" in late
    choose, same = (
        _card(_data(reroll_dice=v), "radio_tower")["effect"] for v in ("choose", "same")
    )
    assert "choosing one or two dice" in choose and "as many dice as before" in same
    assert _data()["activation"]["order"] == ["red", "green and blue", "purple"]
    assert _data(payments="pay_first")["activation"]["order"][:3] == [
        "red", "purple (coins)", "green and blue"]  # fmt: skip
    keep, remove = (_data(**plus, unbuyable_purple=v)["market"] for v in ("keep", "remove"))
    assert keep["unbuyable_purple"] == "keep" and "MK-A19" not in keep["description"]
    assert remove["unbuyable_purple"] == "remove" and "MK-A19" in remove["description"]
    assert _data(turn_limit=50)["rules"]["turn_limit"] == 50


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidOption, match="sushi_bar_cost"):
        Metropolia.static_data(sushi_bar_cost=3)
    with pytest.raises(InvalidOption, match="unknown option"):
        Metropolia.static_data(harbor=True)
