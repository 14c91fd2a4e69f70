"""The core's fast paths agree with the plain ones on random games of every game.

``play()`` hands a bot with ``pick`` the game's own legal list and applies the chosen object
unchecked (for a RandomBot it computes the index and logs the decision inline), and it leaves
recorded events unbuilt until the log is read. Stepping the same
game through the public ``apply()``/``resolve()`` (every action re-checked, every event built
at once) must give the same save, byte for byte.
"""

from __future__ import annotations

import pytest

import common
from common import RandomBot, play

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
