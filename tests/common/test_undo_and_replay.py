"""Undo, the replay cursor and playthroughs, on the toy race."""

from __future__ import annotations

import pytest

from common import IllegalAction, RandomBot, play
from common.events import ActionTaken
from common.game import replay_into
from common.playthrough import playthrough
from common.replay_cursor import Replay
from tests.common.toygame import Race, Roll


def test_undo_then_the_same_decision_gives_a_byte_identical_save() -> None:
    g = Race(players=2, seed=5)
    g.resolve()
    g.resolve()
    g.apply(Roll(1))
    g.resolve()
    before = g.to_json()
    seat = g.to_act
    g.apply(Roll(2))
    g.resolve()
    g.undo()
    assert g.to_json() == before and g.to_act == seat
    g.apply(Roll(2))
    g.resolve()
    again = g.to_json()
    g.undo()
    g.apply(Roll(2))
    g.resolve()
    assert g.to_json() == again  # the same roll comes back: undo cannot fish for dice


def test_undo_to_an_earlier_decision_and_bad_targets() -> None:
    g = Race(players=2, seed=6)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo()
    play(g, [RandomBot(1), RandomBot(2)])
    decisions = [i for i, e in enumerate(g.events) if isinstance(e, ActionTaken)]
    g.undo(to=decisions[1])
    assert len(g.events) == decisions[1] and not g.is_over and g.to_act is not None
    with pytest.raises(IllegalAction, match="not a decision"):
        g.undo(to=0)


def test_the_replay_cursor_at_every_index_equals_a_fresh_replay_of_that_prefix(
    toy_registered: object,
) -> None:
    g = Race(players=3, seed=9)
    play(g, [RandomBot(1), RandomBot(2), RandomBot(3)])
    cursor = Replay(g.to_json())
    events = list(g.events)
    steps = [
        i for i, e in enumerate(events) if type(e).__name__ in ("ActionTaken", "ChanceResolved")
    ]
    for n in range(cursor.length + 1):
        end = steps[n] if n < len(steps) else len(events)
        assert cursor.seek(n).to_json() == replay_into(Race, events[:end]).to_json()
    cursor.seek(3)
    assert cursor.back().to_json() == replay_into(Race, events[: steps[2]]).to_json()
    assert cursor.forward().to_json() == replay_into(Race, events[: steps[3]]).to_json()
    with pytest.raises(IllegalAction, match="outside"):
        cursor.seek(cursor.length + 1)


def test_a_playthrough_is_deterministic_and_shows_each_step() -> None:
    text = playthrough(Race(players=2, seed=3), bot_seed=1)
    assert text == playthrough(Race(players=2, seed=3), bot_seed=1)
    assert "chance: shuffle bonus" in text and "legal: roll 1 | roll 2" in text
    assert text.rstrip().splitlines()[-1].startswith("result: ")


def test_the_kept_result_is_the_logged_one_and_undo_drops_it() -> None:
    # issue 8: the core keeps the result it logs at the end instead of asking the game again
    g = Race(players=2, seed=3)
    play(g, [RandomBot(1), RandomBot(2)])
    ended = g.events[-1]
    assert g.result() == g._result()
    assert (g.result().scores, g.result().winners) == (ended.scores, ended.winners)  # type: ignore[attr-defined]
    assert g.view()["result"] == g._result().to_json()
    g.undo()
    assert not g.is_over and g._final is None
    with pytest.raises(IllegalAction):
        g.result()
