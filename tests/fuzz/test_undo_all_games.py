"""Undo and the replay cursor on every registered game."""

from __future__ import annotations

import pytest

import common
from common import ActionTaken, Game, RandomBot
from common import advance as advance_with
from common.game import replay_into
from common.replay_cursor import Replay

GAMES = sorted(common.games())


def advance(g: Game, bot: RandomBot, steps: int) -> None:
    advance_with(g, {seat: bot for seat in range(g.num_players)}, steps)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_undo_then_the_same_decision_gives_a_byte_identical_save(name: str, seed: int) -> None:
    g = common.get(name).new_game(seed=seed)
    bot = RandomBot(seed)
    advance(g, bot, 20 + 7 * seed)
    while g.chance is not None:
        g.resolve()
    if g.is_over:
        pytest.skip("the game ended early")
    action = bot.choose(g, g.to_act or 0)
    mine = len(g.events)  # where this decision's ActionTaken goes
    g.apply(action)
    assert isinstance(g.events[mine], ActionTaken)
    advance(g, RandomBot(99), 3)  # the chance that follows, and a little more
    after = g.to_json()
    g.undo(to=mine)
    before = g.to_json()
    g.apply(action)
    advance(g, RandomBot(99), 3)
    assert g.to_json() == after  # the same outcomes come back: undo cannot fish for dice
    g.undo(to=mine)
    assert g.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_cursor_equals_a_fresh_replay_of_each_prefix(name: str) -> None:
    g = common.get(name).new_game(seed=5)
    advance(g, RandomBot(5), 120)
    cursor = Replay(g.to_json())
    events = list(g.events)
    steps = [
        i for i, e in enumerate(events) if type(e).__name__ in ("ActionTaken", "ChanceResolved")
    ]
    cls = type(g)
    for n in [0, 1, 2, 5, cursor.length // 2, cursor.length - 1, cursor.length, 3, 70, 64, 63]:
        n = min(n, cursor.length)
        end = steps[n] if n < len(steps) else len(events)
        assert cursor.seek(n).to_json() == replay_into(cls, events[:end]).to_json()
