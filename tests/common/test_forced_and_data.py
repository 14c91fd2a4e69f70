"""A forced move is taken by the engine and logged; a game's static data comes from one hook."""

from __future__ import annotations

import pytest

from common import (
    ActionForced,
    ActionTaken,
    ChanceResolved,
    IllegalAction,
    InvalidOption,
    RandomBot,
    play,
)
from common.game import load_data, replay_into
from tests.common.toygame import Race, Roll


def _played(seed: int) -> Race:
    game = Race(players=2, seed=seed, near=6)
    play(game, [RandomBot(1), RandomBot(2)])
    return game


def test_a_forced_move_is_logged_as_action_forced_and_is_not_a_decision() -> None:
    game = _played(3)
    forced = [e for e in game.events if isinstance(e, ActionForced)]
    taken = [e for e in game.events if isinstance(e, ActionTaken)]
    assert forced, "a game of the race ends with forced one-die rolls"
    assert all(e.action == Roll(1) for e in forced)
    assert game.decisions == len(taken)


def test_no_prompt_of_the_race_has_a_single_answer() -> None:
    game = Race(players=3, seed=5, near=6)
    bots = [RandomBot(s) for s in range(3)]
    while not game.is_over:
        if game.chance is not None:
            game.resolve()
            continue
        assert len(game.legal_actions()) > 1
        seat = game.to_act
        assert seat is not None
        assert game.options["target"] - game.s.positions[seat] > 6
        game.apply(bots[seat].choose(game, seat))


def test_a_log_with_forced_moves_replays_loads_and_undoes() -> None:
    game = _played(4)
    assert load_data(Race, game.to_json()).to_json() == game.to_json()
    assert replay_into(Race, list(game.events)).to_json() == game.to_json()
    last = max(i for i, e in enumerate(game.events) if isinstance(e, ActionTaken))
    game.undo()
    assert len(game.events) == last


def test_static_data_validates_the_options() -> None:
    assert Race.static_data(target=30)["target"] == 30
    with pytest.raises(InvalidOption, match="target"):
        Race.static_data(target=7)


def test_describe_tells_the_core_events_in_words_and_redacted() -> None:
    game = _played(5)
    events = list(game.events)
    assert game.describe(events[0]) == "A game of Toy Race begins: Player 1, Player 2."
    shuffle = events[1]
    assert isinstance(shuffle, ChanceResolved)
    assert game.describe(shuffle, 0) == "Chance: shuffle bonus (hidden)."  # secret to all
    told = [game.describe(e) for e in events]
    assert any(t.startswith("The dice show ") for t in told)
    assert any(t.endswith("(the only move).") for t in told)
    assert told[-1].startswith("The game is over: ")
    with pytest.raises(IllegalAction, match="no seat"):
        game.describe(events[0], 7)
