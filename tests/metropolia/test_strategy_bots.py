"""The fixed-strategy bots of issue 10: the Cheese Factory rush and the Convenience Store rush."""

from __future__ import annotations

import pytest

import metropolia
from common import Bot, Dice, RandomBot, get, play
from metropolia import Build, BuildOrderBot, CheeseRushBot, Pass, Roll, StoreRushBot
from metropolia.bots import CHEESE_RUSH_ORDER, STORE_RUSH_ORDER
from metropolia.data import LANDMARK_INDEX, landmarks_of
from tests.metropolia.helpers import Checked, position


def _expanded(bot: BuildOrderBot, start: dict[str, int]) -> list[str]:
    """The builds the bot's stated plan makes in a base game, one at a time, from ``start``."""
    held = dict(start)
    out: list[str] = []
    base = {m.id for m in landmarks_of(False)}
    for card, count in bot.plan():
        if card in LANDMARK_INDEX:
            if card in base and card not in out:
                out.append(card)
            continue
        while held.get(card, 0) < count:
            held[card] = held.get(card, 0) + 1
            out.append(card)
    return out


def _play_scripted(
    bot: BuildOrderBot, one: int, two: tuple[int, int]
) -> tuple[list[str], set[int]]:
    """Seat 0 (rich) plays ``bot``; seat 1 always passes; one die shows ``one``, two ``two``.

    Returns seat 0's builds and the dice counts it chose.
    """
    g = position(2, coins=[100, 0])
    built: list[str] = []
    chosen: set[int] = set()
    while not g.is_over:
        chance = g.chance
        if chance is not None:
            assert isinstance(chance, Dice)
            g.resolve((one,) if chance.count == 1 else two)
            continue
        seat = g.to_act
        if seat == 1:
            g.apply(Pass())
            continue
        action = bot.choose(g, 0)
        assert action in g.legal_actions()
        if isinstance(action, Roll):
            chosen.add(action.dice)
        if isinstance(action, Build):
            built.append(action.card)
        g.apply(action)
    assert g.result().winners == (0,)
    return built, chosen


def test_cheese_rush_plays_its_stated_build_order_and_rolls_two_dice_after_the_train_station() -> (
    None
):
    bot = CheeseRushBot()
    built, chosen = _play_scripted(bot, 1, (3, 4))
    expected = _expanded(bot, {"wheat_field": 1, "bakery": 1})
    assert built == expected
    assert built[:5] == ["ranch", "ranch", "ranch", "cheese_factory", "train_station"]
    assert built[-3:] == ["amusement_park", "radio_tower", "shopping_mall"]
    assert chosen == {2}  # asked only once the Train Station stands


def test_store_rush_plays_its_stated_build_order_and_always_rolls_one_die() -> None:
    bot = StoreRushBot()
    built, chosen = _play_scripted(bot, 4, (1, 3))
    expected = _expanded(bot, {"wheat_field": 1, "bakery": 1})
    assert built == expected
    assert built[:6] == [
        "convenience_store",
        "bakery",
        "convenience_store",
        "bakery",
        "convenience_store",
        "shopping_mall",
    ]
    assert built[-3:] == ["train_station", "radio_tower", "amusement_park"]
    assert chosen == {1}


def test_build_orders_are_the_documented_ones() -> None:
    assert CHEESE_RUSH_ORDER[:3] == (("ranch", 3), ("cheese_factory", 1), ("train_station", 1))
    assert {c for c, _ in STORE_RUSH_ORDER} == {"convenience_store", "bakery", "shopping_mall"}


def test_a_rush_saves_up_for_its_next_step_instead_of_building_anything_else() -> None:
    g = position(2, coins=[1, 0])
    g.resolve((5,))  # pays nothing: seat 0 still has 1 coin
    assert Build("wheat_field") in g.legal_actions()
    assert StoreRushBot().choose(g, 0) == Pass()  # the Convenience Store costs 2


def test_a_rush_skips_a_step_whose_pile_is_sold_out() -> None:
    g = position(2, coins=[5, 0], supply={"ranch": 0})
    g.resolve((5,))
    assert CheeseRushBot().choose(g, 0) == Build("cheese_factory")


@pytest.mark.parametrize("plus", [False, True])
@pytest.mark.parametrize("bot", [CheeseRushBot, StoreRushBot])
def test_strategy_bots_make_only_legal_moves(
    bot: type[CheeseRushBot | StoreRushBot], plus: bool
) -> None:
    for seed in range(3):
        g = metropolia.new_game(players=4, seed=seed, plus=plus)
        play(g, [Checked(bot(k)) for k in range(4)])
        assert g.is_over


@pytest.mark.parametrize("bot", [CheeseRushBot, StoreRushBot])
def test_strategy_bots_beat_random_in_a_clear_majority_of_base_games(
    bot: type[CheeseRushBot | StoreRushBot],
) -> None:
    games = 100
    wins = 0
    for i in range(games):
        g = metropolia.new_game(players=2, seed=i)
        h = i % 2
        bots: list[Bot] = [RandomBot(i), RandomBot(i)]
        bots[h] = bot(i)
        wins += play(g, bots).winners == (h,)
    assert wins >= 0.75 * games


def test_strategy_bots_are_registered() -> None:
    bots = get("metropolia").bots
    assert bots["cheese_rush"] is CheeseRushBot
    assert bots["store_rush"] is StoreRushBot


def test_the_strategy_study_example_is_reproducible() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "metropolia_strategy_study.py"
    spec = importlib.util.spec_from_file_location("metropolia_strategy_study", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    first = module.study(4)
    assert first == module.study(4)
    assert set(first) >= {"cheese_rush vs store_rush", "store_rush vs cheese_rush"}
