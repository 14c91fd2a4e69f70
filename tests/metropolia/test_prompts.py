"""Prompt texts and refusals (issue 22): words and coins, players by name, what is needed."""

from __future__ import annotations

import re

import pytest

import metropolia
from common import IllegalAction, RandomBot
from metropolia import Pass, Reroll
from metropolia.tables import PROMPT_KINDS
from tests.metropolia.helpers import position, roll

NAMES = ["Ala", "Bartek", "Celina"]


@pytest.mark.parametrize("plus", [False, True])
def test_every_prompt_names_its_player_and_speaks_words(plus: bool) -> None:
    seen: set[str] = set()
    for seed in range(8):
        g = metropolia.new_game(players=NAMES, seed=seed, plus=plus)
        bots = [RandomBot(seed + k) for k in range(3)]
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            p = g.prompt
            assert p is not None
            seen.add(p.kind)
            assert p.kind in PROMPT_KINDS
            assert p.text.startswith(NAMES[p.seat]), p.text
            assert not re.search(r"\(\d+,|\[|_|seat \d", p.text), p.text  # no tuples, ids, seats
            g.apply(bots[p.seat].choose(g, p.seat))
    assert {"roll", "build", "take"} <= seen


def test_the_build_prompt_says_how_many_coins_there_are_to_spend() -> None:
    g = position(NAMES[:2], coins=[1, 0], cards=[{}, {}])
    g.resolve((5,))
    assert g.prompt is not None
    assert g.prompt.text == "Ala has 1 coin: build one establishment or landmark, or pass"


def test_the_reroll_and_port_prompts_show_the_roll_and_what_the_port_makes_of_it() -> None:
    g = position(NAMES[:2], plus=True, coins=[5, 0], cards=[{}, {}],
                 landmarks=[["radio_tower", "train_station", "port"], []])  # fmt: skip
    roll(g, 5, 6)
    assert g.prompt is not None and g.prompt.kind == "reroll"
    assert g.prompt.text == (
        "Ala rolled 5 and 6 (total 11): reroll with the Radio Tower, or pass to keep it"
    )
    g.apply(Pass())
    assert g.prompt is not None and g.prompt.kind == "port"
    assert g.prompt.text == (
        "Ala rolled 5 and 6 (total 11): port to add 2 for 13 (Port), or pass to keep 11"
    )


def test_the_radio_towers_new_roll_is_asked_as_rolling_again() -> None:
    g = position(NAMES[:2], coins=[5, 0], landmarks=[["radio_tower", "train_station"], []])
    roll(g, 1, 2)
    g.apply(Reroll())
    assert g.prompt is not None and g.prompt.kind == "roll"
    assert g.prompt.text == "Ala: roll again with the Radio Tower, 1 or 2 dice"


def test_the_tv_station_prompt_names_each_opponent_with_their_coins() -> None:
    g = position(NAMES, coins=[1, 7, 3], cards=[{"tv_station": 1}, {}, {}])
    g.resolve((6,))
    assert g.prompt is not None and g.prompt.kind == "take"
    assert g.prompt.text == (
        "Ala: TV Station: take 5 coins (or all they have) from one opponent: "
        "Bartek has 7 coins, Celina has 3 coins"
    )


def test_a_refused_build_says_what_each_legal_build_costs() -> None:
    g = position(coins=[2, 0], cards=[{}, {}])
    g.resolve((5,))
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply("build mine")
    assert str(err.value).endswith(
        "legal: pass, or build one of (cost): wheat_field (1), ranch (1), bakery (1), cafe (2), "
        "convenience_store (2), fruit_and_vegetable_market (2); 2 coins to spend"
    )
    assert g.to_json() == before


def test_a_refused_swap_says_which_cards_each_side_can_swap() -> None:
    g = position(NAMES[:2], coins=[0, 0],
                 cards=[{"business_center": 1, "ranch": 1}, {"stadium": 1, "mine": 1}])  # fmt: skip
    g.resolve((6,))
    with pytest.raises(IllegalAction, match="not legal") as err:
        g.apply("swap ranch 2 stadium")  # with Bartek, Player 2: a purple card
    message = str(err.value)
    assert message.startswith(
        "'swap ranch 2 stadium' is not legal for Ala now (swap): none of the listed 'swap' "
        "moves has take stadium after 'swap ranch 2'"
    )
    assert message.endswith(
        "legal: pass, or swap <your card> <player> <their card> for a card of another name, "
        "no purple card: yours: ranch; theirs: Bartek (2): mine"
    )
    with pytest.raises(IllegalAction, match="none of the listed 'swap' moves names Ala"):
        g.apply("swap ranch 1 mine")  # Ala is the one swapping
