"""The core's fast paths agree with the plain ones on random games of every game.

``play()`` hands a bot with ``pick`` the game's own legal list and applies the chosen object
unchecked (for a RandomBot it computes the index and logs the decision inline), and it leaves
recorded events unbuilt until the log is read. Stepping the same
game through the public ``apply()``/``resolve()`` (every action re-checked, every event built
at once) must give the same save, byte for byte; so must the public path a library user
takes (issue 28): the very object ``legal_actions()`` listed, found by identity, and the
events ``apply()`` returns unbuilt until read.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import common
from common import RandomBot, play
from common.testing import check_kept

GAMES = sorted(common.games())


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_play_with_picks_and_lazy_events_equals_checked_steps(name: str, seed: int) -> None:
    info = common.get(name)
    fast = info.new_game(seed=seed)
    play(fast, [RandomBot(seed * 7 + s) for s in range(fast.num_players)])

    slow = info.new_game(seed=seed)
    bots = [RandomBot(seed * 7 + s) for s in range(slow.num_players)]
    while not slow.is_over:
        if slow.chance is not None:
            slow.resolve()
        else:
            seat = slow.to_act
            assert seat is not None
            # a copy of the chosen action: apply() must find it legal by checking it
            chosen = bots[seat].choose(slow, seat)
            events = slow.apply(slow.parse_action(chosen.to_json()))
            assert all(not isinstance(e, tuple) for e in events)  # built, not recorded tuples
    assert fast.to_json() == slow.to_json()
    assert fast.result() == slow.result()


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**53 - 1), forms=st.randoms(use_true_random=False))
@settings(max_examples=15, deadline=None)
def test_the_public_path_equals_play_whichever_form_each_action_takes(
    name: str, seed: int, forms: random.Random
) -> None:
    """Each decision is handed to ``apply()`` as the listed object itself, a copy of it or its
    text, at random: the save is play()'s, and each step returns exactly the events it logged."""
    info = common.get(name)
    fast = info.new_game(seed=seed)
    play(fast, [RandomBot(seed + s) for s in range(fast.num_players)])

    g = info.new_game(seed=seed)
    bots = [RandomBot(seed + s) for s in range(g.num_players)]
    while not g.is_over:
        start = len(g.events)
        if g.chance is not None:
            caused = g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            chosen = bots[seat].choose(g, seat)  # one of the objects legal_actions() listed
            form = forms.randrange(3)
            caused = g.apply(
                chosen
                if form == 0
                else g.parse_action(chosen.to_json())
                if form == 1
                else str(chosen)
            )
        assert len(caused) == len(g.events) - start
        assert caused == tuple(g.events[start:])  # read only now: built when read
        check_kept(g)
    assert fast.to_json() == g.to_json()
    assert fast.result() == g.result()


#: CPython 3.11 shares the keys of an instance dict, and reads its attributes faster, only
#: while it holds fewer than 30 (SHARED_KEYS_MAX_SIZE); issue 8 measured Metropolis at
#: 2,000 more instructions a decision with its 30th attribute
_SHARED_KEYS_LIMIT = 30


@pytest.mark.parametrize("name", GAMES)
def test_a_game_keeps_fewer_attributes_than_the_shared_keys_limit(name: str) -> None:
    info = common.get(name)
    game = info.new_game(seed=1)
    assert len(vars(game)) < _SHARED_KEYS_LIMIT, sorted(vars(game))
    play(game, [RandomBot(s) for s in range(game.num_players)])
    assert len(vars(game)) < _SHARED_KEYS_LIMIT, sorted(vars(game))
    assert len(vars(game.clone())) < _SHARED_KEYS_LIMIT
