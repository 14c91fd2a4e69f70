"""The OpenSpiel adapter (extra [openspiel]): OpenSpiel's own tests and MCTS on every game."""

from __future__ import annotations

from typing import Any

import pytest

import common
from common import InvalidOption
from tests.tiers import first_quick

pyspiel = pytest.importorskip(
    "pyspiel", reason="the [openspiel] extra (open_spiel) is not installed"
)
import common.openspiel as adapter  # noqa: E402

GAMES = sorted(common.games())


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game(adapter.PREFIX + name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_players_and_options_are_parameters() -> None:
    game = pyspiel.load_game(adapter.PREFIX + "metropolia", {"players": 3, "plus": True})
    assert game.num_players() == 3
    state = game.new_initial_state()
    assert state.metro.options["plus"] is True
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(InvalidOption, match="option tie='even' is not allowed"):
        pyspiel.load_game(adapter.PREFIX + "metrocity", {"tie": "even"})
    with pytest.raises(pyspiel.SpielError, match="plus"):  # pyspiel checks the types itself
        pyspiel.load_game(adapter.PREFIX + "metropolia", {"plus": "yes"})


@pytest.mark.parametrize("name", first_quick(GAMES))
def test_openspiels_mcts_bot_plays_each_game_to_the_end(name: str) -> None:
    from tests.common.test_examples import load_example

    returns = load_example("openspiel_mcts").play(name, seed=1, simulations=2)
    assert len(returns) == common.get(name).cls.min_players
    assert all(0.0 <= r <= 1.0 for r in returns) and sum(returns) <= 1.0


def test_a_shuffle_is_dealt_card_by_card_with_the_probabilities_of_the_deck() -> None:
    game = pyspiel.load_game(adapter.PREFIX + "metrocity")
    state = game.new_initial_state()
    assert state.is_chance_node()
    first = state.chance_outcomes()
    assert len(first) == 15 and all(p == pytest.approx(1 / 15) for _, p in first)
    for _ in range(15):  # the token shuffle (MC-2): 15 items, then the game resolves it
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[-1][0])
    assert state.metro.s.street_tokens[0] == 15  # the highest token was dealt first
    tiles = state.chance_outcomes()  # the first pile: 20 tiles, the two Parks one outcome
    assert len(tiles) == 19 and max(p for _, p in tiles) == pytest.approx(2 / 20)


def test_tensors_and_strings_are_the_games_own_observation_and_information_state() -> None:
    import numpy as np

    game = pyspiel.load_game(adapter.PREFIX + "metrocity")
    state: Any = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    decider, action = state.current_player(), state.legal_actions()[0]
    state.apply_action(action)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    metro = state.metro
    for seat in (0, 1):
        assert np.array_equal(state.observation_tensor(seat), list(metro.observation(seat)))
        assert state.information_state_string(seat) == metro.information_state(seat)
        taken = state.information_state_tensor(seat)[metro.observation_layout().size :]
        assert sum(taken) == (seat == decider) and taken[action] == (seat == decider)
    assert "hand:" in state.observation_string(0)
