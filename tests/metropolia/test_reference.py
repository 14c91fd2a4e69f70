"""The fast paths agree with the plain reading of the rules (``metropolia.reference``).

Random positions of every option set, reached by seeded random play: at each one the legal
actions (listed whole and read by index), the exact legality check, every seat's build
offers, the income plans and red-card payments of every total, the Tuna Boat's roll, the
purses' ledger and the result must be what the plain reading works out.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import metropolia
from common import Action, Dice, RandomBot, play
from common.kernel import entries
from metropolia import Metropolia, reference
from metropolia.actions import Build, Pass, Reroll, Roll, Swap, TakeFrom, UsePort
from metropolia.data import CARDS, LANDMARKS
from metropolia.events import CoinsPaid, CoinsReceived
from tests.metropolia.helpers import play_random

#: the totals a roll can make: one die, two dice, two dice and the Port
TOTALS = range(1, 15)

OPTIONS = st.fixed_dictionaries(
    {
        "plus": st.booleans(),
        "town_hall": st.sampled_from(["start_of_turn", "before_build"]),
        "sushi_bar_cost": st.sampled_from([4, 2]),
        "payments": st.sampled_from(["colour_order", "pay_first"]),
        "reroll_dice": st.sampled_from(["choose", "same"]),
        "unbuyable_purple": st.sampled_from(["keep", "remove"]),
    }
)


def _candidates(players: int) -> list[Action]:
    """Actions of every kind, legal somewhere or nowhere (a card nobody holds, a seat too far)."""
    out: list[Action] = [Pass(), Roll(1), Roll(2), Reroll(), UsePort(), Build("nothing")]
    out += [Build(c.id) for c in CARDS] + [Build(m.id) for m in LANDMARKS]
    out += [TakeFrom(s) for s in range(players + 1)]
    out += [Swap(a.id, s, b.id) for a in CARDS[:9] for b in CARDS[:9] for s in range(players)]
    return out


def _income_of(g: Metropolia, total: int, tuna: int) -> list[reference.Income]:
    """What the rules' income plans pay on ``total``, on a copy (the game is left as it was)."""
    copy = g.clone()
    copy._entries = entries(copy._log)  # what a step hands its hooks (common.kernel)
    start = len(copy.events)
    copy._collect_income(total, tuna)
    return [
        (e.seat, e.amount, e.source)
        for e in copy.events.since(start)
        if isinstance(e, CoinsReceived)
    ]


def _red_payments_of(g: Metropolia, total: int) -> list[reference.Payment]:
    """What the rules' red cards take on ``total``, on a copy."""
    copy = g.clone()
    copy._entries = entries(copy._log)  # what a step hands its hooks (common.kernel)
    start = len(copy.events)
    copy._resolve_red_cards(total)
    return [
        (e.payer, e.payee, e.amount, e.owed, e.source)
        for e in copy.events.since(start)
        if isinstance(e, CoinsPaid)
    ]


def _check_position(g: Metropolia, candidates: list[Action]) -> None:
    assert g._purses_from_events() == reference.purses(g) == g.s.coins
    assert g._result() == reference.result(g)
    for seat in range(g.num_players):
        assert list(g._build_choices(seat)) == reference.build_choices(g, seat)
    if isinstance(g.chance, Dice) and g.chance.purpose.startswith("roll"):  # before a roll
        for total in TOTALS:
            assert _income_of(g, total, 8) == reference.income(g, total, 8)
            assert _red_payments_of(g, total) == reference.red_payments(g, total)
            assert g._tuna_boat_sails(total) == reference.tuna_boat_sails(g, total)
    if g.prompt is None:
        return
    plain = reference.legal_actions(g)
    listed = g._legal_actions()
    assert len(listed) == len(plain)
    assert [listed[i] for i in range(len(listed))] == plain  # read by index, as random play does
    assert list(g.legal_actions()) == plain
    for action in [*plain, *candidates]:
        assert g.is_legal(action) == (action in plain), action


@settings(max_examples=16, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), options=OPTIONS)
def test_the_fast_paths_agree_with_the_plain_reading_on_random_games(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    g = metropolia.new_game(players=players, seed=seed, **options)
    candidates = _candidates(players)
    play_random(g, seed, lambda position: _check_position(position, candidates))
    assert g.result() == reference.result(g)


def test_the_plain_result_names_the_winner_and_the_turn_limit() -> None:
    won = metropolia.new_game(players=2, seed=3)
    play(won, [RandomBot(1), RandomBot(2)])
    assert reference.result(won) == won.result()
    assert reference.result(won).winners
    stopped = metropolia.new_game(players=3, seed=3, plus=True, turn_limit=5)
    play(stopped, [RandomBot(k) for k in range(3)])
    assert reference.result(stopped) == stopped.result()
    assert reference.result(stopped).winners == ()
