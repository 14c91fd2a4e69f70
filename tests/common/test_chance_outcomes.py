"""Chance made explicit (issue 27): ``outcomes()`` lists each outcome with its probability."""

from __future__ import annotations

import collections
from typing import Any

import pytest

import common
from common import Dice, Draw, Shuffle, games, get
from common.chance import ChanceTooLarge
from common.rng import BotRandom

#: the four games (the registry may hold test games too)
GAMES = ("metrocity", "metropoli", "metropolia", "metropolis_lots")


# ------------------------------------------------------------------ chance outcomes
def test_dice_outcomes_are_every_roll_with_its_chance() -> None:
    outcomes = Dice(2).outcomes()
    assert len(outcomes) == 36 and outcomes[0] == ((1, 1), 1 / 36)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_a_draw_lists_each_card_by_its_copies() -> None:
    outcomes = dict(Draw("deck", ("a", "b", "a", "c")).outcomes())
    assert outcomes == {("a",): 0.5, ("b",): 0.25, ("c",): 0.25}
    two = dict(Draw("deck", ("a", "a", "b"), 2).outcomes())
    assert two == pytest.approx({("a", "a"): 1 / 3, ("a", "b"): 1 / 3, ("b", "a"): 1 / 3})


def test_a_shuffle_too_large_to_list_says_so() -> None:
    assert Shuffle("d", (1, 1, 2)).outcome_count() == 3
    with pytest.raises(ChanceTooLarge, match="479,001,600 outcomes"):
        Shuffle("d", tuple(range(12))).outcomes()


@pytest.mark.parametrize(
    "request_",
    [
        Dice(1),
        Dice(2),
        Draw("d", (1, 1, 1, 2, 3)),
        Draw("d", ("x", "y", "y", "z"), 2),
        Shuffle("d", (1, 2, 2)),
    ],
    ids=str,
)
def test_outcomes_agree_with_drawing_many_times(request_: Any) -> None:
    listed = dict(request_.outcomes())
    assert sum(listed.values()) == pytest.approx(1.0)
    assert len(listed) == request_.outcome_count()
    rng = BotRandom(7)
    n = 20_000
    seen = collections.Counter(request_.draw(rng) for _ in range(n))
    assert set(seen) <= set(listed)
    for outcome, p in listed.items():
        sd = (p * (1 - p) / n) ** 0.5
        assert abs(seen[outcome] / n - p) < 5 * sd + 1e-9, (outcome, seen[outcome] / n, p)


@pytest.mark.parametrize("name", sorted(games()))
def test_every_small_chance_request_of_a_game_lists_outcomes_it_accepts(name: str) -> None:
    info = get(name)
    if name not in GAMES:
        pytest.skip("a test game")
    game = info.new_game(seed=4)
    bots = [common.RandomBot(s) for s in range(game.num_players)]
    listed = 0
    while not game.is_over:
        request = game.chance
        if request is None:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game, seat))
            continue
        if request.outcome_count() <= 1000:
            outcomes = request.outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            for outcome, _ in outcomes[:50]:
                assert request.validate(outcome) == outcome
            listed += 1
        else:
            with pytest.raises(ChanceTooLarge):
                request.outcomes(limit=1000)
        game.resolve()
    # Metro City's chance is its three shuffles at set-up, none small enough to list
    assert listed > 0 or name == "metrocity"
