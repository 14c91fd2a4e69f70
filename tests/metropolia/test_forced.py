"""Forced answers (issue 22): no prompt offers a single action; the engine takes it instead."""

from __future__ import annotations

from typing import Any

import pytest

import metropolia
from common import ActionForced, ActionTaken, RandomBot
from metropolia import Pass, TakeFrom
from metropolia.events import CoinsPaid
from tests.metropolia.helpers import OPTION_SETS, position, roll


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_prompt_offers_at_least_two_actions(players: int, options: dict[str, Any]) -> None:
    forced = 0
    for seed in range(6):
        g = metropolia.new_game(players=players, seed=seed, **options)
        bots = [RandomBot(seed + k) for k in range(players)]
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            legal = g.legal_actions()
            assert len(legal) >= 2, (g.prompt, legal)
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
        taken = sum(1 for e in g.events if isinstance(e, ActionTaken))
        assert g.decisions == taken  # a forced answer is not a decision
        forced += sum(1 for e in g.events if isinstance(e, ActionForced))
    assert forced  # empty purses force passes in every setting


def test_an_empty_purse_forces_the_pass_on_the_build_prompt() -> None:
    g = position(coins=[0, 0], cards=[{}, {}])
    got = g.resolve((5,))
    assert ActionForced(0, Pass()) in got
    assert g.decisions == 0 and g.s.turn == 1 and g.chance is not None


def test_one_coin_with_nothing_of_that_cost_for_sale_also_forces_the_pass() -> None:
    # the 1-coin piles sold out: the purse buys nothing, so pass is the only answer
    g = position(coins=[1, 0], cards=[{}, {}],
                 supply={"wheat_field": 0, "ranch": 0, "bakery": 0})  # fmt: skip
    assert ActionForced(0, Pass()) in g.resolve((5,))


def test_the_tv_station_of_a_two_player_game_takes_from_the_one_opponent() -> None:
    g = position(coins=[1, 7], cards=[{"tv_station": 1}, {}])
    got = g.resolve((6,))
    assert ActionForced(0, TakeFrom(1)) in got
    assert CoinsPaid(1, 0, 5, 5, "tv_station") in got
    assert g.prompt is not None and g.prompt.kind == "build" and g.decisions == 0


def test_the_tv_station_of_a_three_player_game_asks() -> None:
    g = position(3, coins=[1, 7, 3], cards=[{"tv_station": 1}, {}, {}])
    roll(g, 6)
    assert g.prompt is not None and g.prompt.kind == "take"


@pytest.mark.parametrize(
    "cards",
    [
        [{"business_center": 1}, {"ranch": 1}],  # the roller has nothing to give
        [{"business_center": 1, "ranch": 1}, {"stadium": 1}],  # nothing to take
        [{"business_center": 1, "ranch": 1}, {"ranch": 2}],  # only a same-name swap (MK-A2)
    ],
)
def test_a_business_center_with_nothing_to_swap_forces_the_pass(
    cards: list[dict[str, int]],
) -> None:
    g = position(coins=[1, 0], cards=cards)
    got = g.resolve((6,))
    assert ActionForced(0, Pass()) in got
    assert g.prompt is not None and g.prompt.kind == "build"


def test_a_game_with_forced_answers_replays_and_loads() -> None:
    g = metropolia.new_game(players=2, seed=3, plus=True)
    bots = [RandomBot(1), RandomBot(2)]
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
    assert any(isinstance(e, ActionForced) for e in g.events)
    assert metropolia.load(g.to_json()).to_json() == g.to_json()
