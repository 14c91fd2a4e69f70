"""The core contract (check_game, the hypothesis state machine) and the coin ledger."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import settings

import metropolia
from common import Action, RandomBot, play
from common.testing import check_game, make_state_machine
from metropolia import Build, Metropolia, Pass, Reroll, Roll, Swap, TakeFrom, UsePort, reference
from metropolia.events import Built, CoinsPaid, CoinsReceived
from tests.metropolia.helpers import play_random


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_base(players: int) -> None:
    # deep checks clone, save and replay at every step: a whole game takes seconds, so a
    # turn limit keeps them quick (ruling MK-A3); the shallow games play to a winner
    check_game(lambda s: metropolia.new_game(players=players, seed=s, turn_limit=30), games=1)
    games = check_game(
        lambda s: metropolia.new_game(players=players, seed=s), games=3, seed=50, deep_games=0
    )
    assert all(g.result().winners for g in games)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_plus(players: int) -> None:
    check_game(
        lambda s: metropolia.new_game(players=players, seed=s, plus=True, turn_limit=24),
        games=1,
    )
    games = check_game(
        lambda s: metropolia.new_game(players=players, seed=s, plus=True),
        games=3,
        seed=100,
        deep_games=0,
    )
    assert all(g.result().winners for g in games)


@pytest.mark.parametrize(
    "options",
    [{"plus": True, "town_hall": "before_build"}, {"plus": True, "sushi_bar_cost": 2}],
)
def test_check_game_plus_options(options: dict[str, Any]) -> None:
    check_game(lambda s: metropolia.new_game(players=3, seed=s, **options), games=3, deep_games=0)


TestMetropoliaMachine = make_state_machine(
    lambda s: metropolia.new_game(players=2 + s % 3, seed=s, plus=s % 2 == 1)
).TestCase
TestMetropoliaMachine.settings = settings(max_examples=15, stateful_step_count=60, deadline=None)


@pytest.mark.parametrize(("plus", "players"), [(False, 2), (False, 4), (True, 2), (True, 4)])
def test_coins_are_conserved_and_only_the_bank_makes_them(plus: bool, players: int) -> None:
    for seed in range(5):
        g = metropolia.new_game(players=players, seed=seed, plus=plus)
        play(g, [RandomBot(seed + k) for k in range(players)])
        assert reference.purses(g) == g.s.coins
        made = sum(e.amount for e in g.events if isinstance(e, CoinsReceived))
        spent = sum(e.cost for e in g.events if isinstance(e, Built))
        assert sum(g.s.coins) == made - spent
        for e in g.events:
            if isinstance(e, CoinsPaid):
                assert 0 <= e.amount <= e.owed


def test_no_purse_ever_goes_negative() -> None:
    g = metropolia.new_game(players=4, seed=9, plus=True)
    bots = [RandomBot(k) for k in range(4)]
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
        assert min(g.s.coins) >= 0


def test_clone_and_load_continue_like_the_original() -> None:
    g = metropolia.new_game(players=3, seed=4, plus=True)
    bots = [RandomBot(k) for k in range(3)]
    for _ in range(120):
        if g.chance is not None:
            g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
    twin = g.clone()
    loaded = metropolia.load(g.to_json())
    for copy in (twin, loaded):
        play(copy, [RandomBot(7 + k) for k in range(3)])
    assert twin.to_json() == loaded.to_json()


def _before_each_decision(
    plus: bool, players: int, seeds: range, check: Callable[[Metropolia, int], None]
) -> None:
    """Play random games, calling ``check(game, seat)`` before each decision."""

    def at_a_prompt(g: Metropolia) -> None:
        if g.to_act is not None:
            check(g, g.to_act)

    for seed in seeds:
        play_random(metropolia.new_game(players=players, seed=seed, plus=plus), seed, at_a_prompt)


@pytest.mark.parametrize(("plus", "players"), [(False, 2), (False, 4), (True, 2), (True, 4)])
def test_fast_build_choices_agree_with_the_rules_on_random_games(plus: bool, players: int) -> None:
    def check(g: Metropolia, seat: int) -> None:
        if g.prompt is not None and g.prompt.kind == "build":
            assert list(g.legal_actions()) == reference.build_choices(g, seat)
            for other in range(players):
                assert list(g._build_choices(other)) == reference.build_choices(g, other)

    _before_each_decision(plus, players, range(4), check)


@pytest.mark.parametrize(("plus", "players"), [(False, 2), (False, 4), (True, 3)])
def test_swaps_by_index_agree_with_the_rules_on_random_games(plus: bool, players: int) -> None:
    # the Business Center's swaps are computed by index: each one, and the listing, must be
    # the rules' own list (ruling MK-A2), and stay so after the game moves on
    seen: list[tuple[Sequence[Action], list[Action]]] = []

    def check(g: Metropolia, seat: int) -> None:
        if g.prompt is not None and g.prompt.kind == "swap":
            plain = reference.swap_choices(g, seat)
            fast = g._legal_actions()
            assert len(fast) == len(plain)
            assert [fast[i] for i in range(len(fast))] == plain
            assert list(g.legal_actions()) == plain
            seen.append((fast, plain))

    _before_each_decision(plus, players, range(12), check)
    assert len(seen) >= 10
    for fast, plain in seen:  # snapshots: the game's later moves left them as they were
        assert list(fast) == plain


@pytest.mark.parametrize("plus", [False, True])
def test_build_offers_of_a_clone_and_its_original_stay_apart(plus: bool) -> None:
    # the offers are shared between copies until one changes them (copy-on-write)
    g = metropolia.new_game(players=3, seed=11, plus=plus)
    bots = [RandomBot(k) for k in range(3)]
    while g.decisions < 90:
        if g.chance is not None:
            g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
    before = [reference.build_choices(g, seat) for seat in range(3)]
    twin = g.clone()
    play(twin, [RandomBot(5 + k) for k in range(3)])
    assert [list(g._build_choices(seat)) for seat in range(3)] == before
    assert [reference.build_choices(g, seat) for seat in range(3)] == before
    for seat in range(3):
        assert list(twin._build_choices(seat)) == reference.build_choices(twin, seat)


def _candidates(players: int) -> list[Action]:
    from metropolia.data import CARDS, LANDMARKS

    out: list[Action] = [Pass(), Roll(1), Roll(2), Reroll(), UsePort()]
    out += [Build(c.id) for c in CARDS] + [Build(m.id) for m in LANDMARKS] + [Build("nothing")]
    out += [TakeFrom(s) for s in range(players + 1)]
    out += [Swap(a.id, s, b.id) for a in CARDS[:6] for b in CARDS[:9] for s in range(players)]
    return out


@pytest.mark.parametrize(("plus", "players"), [(False, 2), (True, 3)])
def test_fast_legality_check_agrees_with_the_legal_actions(plus: bool, players: int) -> None:
    candidates = _candidates(players)
    for seed in range(3):
        g = metropolia.new_game(players=players, seed=seed, plus=plus)
        bots = [RandomBot(seed + k) for k in range(players)]
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            legal = g.legal_actions()
            for a in [*legal, *candidates]:
                assert g.is_legal(a) == (a in legal), (a, legal)
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))


def test_invariants_catch_a_coin_that_moves_without_an_event() -> None:
    g = metropolia.new_game(players=2, seed=1)
    assert g.invariants() == []
    g.s.coins[0] += 1
    assert any("coin events" in b for b in g.invariants())


def test_invariants_catch_a_lost_card() -> None:
    g = metropolia.new_game(players=2, seed=1, plus=True)
    g.resolve()
    assert g.invariants() == []
    g.s.stack.pop()
    assert len(g.invariants()) == 1


def test_determinize_reshuffles_only_the_plus_stack() -> None:
    from common import GameRandom

    g = metropolia.new_game(players=2, seed=1, plus=True)
    g.resolve()
    other = g.determinize(0, GameRandom(5))
    assert sorted(other.s.stack) == sorted(g.s.stack)
    assert other.s.stack != g.s.stack
    assert other.view(0) == g.view(0)


def test_estimate_is_a_share_per_seat_favouring_progress() -> None:
    from metropolia.data import LANDMARK_INDEX

    g = metropolia.new_game(players=3, seed=1)
    assert sum(g.estimate()) == pytest.approx(1.0)
    g.s.landmarks[1][LANDMARK_INDEX["shopping_mall"]] = True
    est = g.estimate()
    assert est[1] > est[0] == est[2]


def test_the_core_mcts_bot_plays_a_whole_game() -> None:
    from common.mcts import MCTSBot

    g = metropolia.new_game(players=2, seed=3, plus=True, turn_limit=40)
    play(g, [MCTSBot(1, iterations=8, rollout_depth=20), RandomBot(2)])
    assert g.is_over
