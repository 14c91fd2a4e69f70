"""The fixed encodings on every game: the action index, the mask, observations, information states.

The conformance kit checks them at every step of its random games (``check_game``); these
tests check the kit catches a game that gets them wrong, and the errors a caller meets.
"""

from __future__ import annotations

import json
from array import array
from typing import Any

import attrs
import pytest

import common
import metrocity
from common import IllegalAction, RandomBot
from common.encoding import Encodings, Field, Layout
from common.testing import ConformanceError, check_encodings, check_game, encoded
from metrocity.rules import MetroCity

GAMES = sorted(common.games())


def _midgame(name: str, seed: int = 4, steps: int = 30) -> common.Game:
    game = common.get(name).new_game(seed=seed)
    common.advance(game, [RandomBot(seed + k) for k in range(game.num_players)], steps)
    return game


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_its_encodings_and_documents_every_field(name: str) -> None:
    game = common.get(name).new_game(seed=1)
    assert encoded(game)
    layout = game.observation_layout()
    assert layout.size == len(game.observation(0)) == sum(f.size for f in layout.fields)
    assert all(f.doc for f in layout.fields)
    n = game.num_distinct_actions()
    assert len({game.action_from_index(i) for i in range(n)}) == n


@pytest.mark.parametrize("name", GAMES)
def test_the_index_round_trips_and_the_mask_marks_the_legal_actions(name: str) -> None:
    game = _midgame(name)
    while game.chance is not None:
        game.resolve()
    legal = list(game.legal_actions())
    indices = game.legal_indices()
    assert indices == sorted(game.action_index(a) for a in legal)
    assert [game.action_from_index(i) for i in indices] == sorted(legal, key=game.action_index)
    assert [i for i, m in enumerate(game.legal_mask()) if m] == indices
    # the text and JSON forms name the same index as the object
    assert [game.action_index(str(a)) for a in legal] == [game.action_index(a) for a in legal]
    check_encodings(game, "midgame")


@pytest.mark.parametrize("name", GAMES)
def test_out_of_range_indices_and_unknown_actions_are_refused_saying_what_is_allowed(
    name: str,
) -> None:
    game = common.get(name).new_game(seed=1)
    n = game.num_distinct_actions()
    for bad in (-1, n, 2.0, "3"):
        with pytest.raises(IllegalAction, match=f"an integer from 0 to {n - 1}"):
            game.action_from_index(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no seat 9"):
        game.observation(9)
    with pytest.raises(IllegalAction):
        game.action_index({"type": "NoSuchAction"})


def test_an_action_outside_the_index_is_refused_with_the_reason() -> None:
    import metropoli
    from metropoli.actions import Bid

    game = metropoli.new_game(players=3, seed=1)
    with pytest.raises(IllegalAction, match="not in the action index of metropoli"):
        game.action_index(Bid(123_450_000))


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_is_kept_for_the_position_and_copied_out(name: str) -> None:
    game = _midgame(name)
    first = game.observation(0)
    kept = list(first)
    first[0] = 99.0  # the caller's own copy: the game's kept vector is untouched
    assert list(game.observation(0)) == kept
    clone = game.clone()
    assert list(clone.observation(0)) == list(game.observation(0))


@pytest.mark.parametrize("name", GAMES)
def test_the_information_state_grows_with_the_game_and_differs_by_seat(name: str) -> None:
    game = _midgame(name, steps=10)
    before = [game.information_state(s) for s in range(game.num_players)]
    assert all(text.startswith(f"seat {s}") for s, text in enumerate(before))
    clone = game.clone()
    common.advance(game, [RandomBot(k) for k in range(game.num_players)], 5)
    after = [game.information_state(s) for s in range(game.num_players)]
    assert all(a.startswith(b) and a != b for a, b in zip(after, before, strict=True))
    # the copy kept its own history: extended from where it was, equal to one made afresh
    assert [clone.information_state(s) for s in range(game.num_players)] == before
    fresh = common.load(game.to_json())
    assert [fresh.information_state(s) for s in range(game.num_players)] == after


def test_an_information_state_is_the_seats_own_events_and_hides_the_other_hand() -> None:
    game = _midgame("metrocity", steps=3)
    for seat in (0, 1):
        lines = game.information_state(seat).splitlines()
        assert lines[0] == f"seat {seat}"
        assert [json.loads(line) for line in lines[1:]] == game.events_for(seat)
    # each seat saw its own tiles drawn and not the other's
    assert game.information_state(0).splitlines()[1:] != game.information_state(1).splitlines()[1:]


@attrs.frozen
class _Leak:
    """Metro City's observation with the other seat's hand appended: what the kit must catch."""

    def observe(self, game: MetroCity, seat: int) -> array[float]:
        from metrocity.rl import observe

        out = observe(game, seat)
        out.extend(float(len(t)) for t in game.s.hands[1 - seat][:5])
        out.extend([0.0] * (5 - len(game.s.hands[1 - seat][:5])))
        return out


class LeakyCity(MetroCity):
    """A Metro City that shows the other hand in its observation."""

    encodings = Encodings(
        metrocity.rl.catalogue,
        lambda game: Layout([*metrocity.rl.LAYOUT.fields, Field("peek", 5, "the other hand")]),
        _Leak().observe,
        lambda game: (),
    )


class MislistedCity(MetroCity):
    """A Metro City whose fast legal indices drop the last legal action."""

    encodings = attrs.evolve(
        metrocity.rl.ENCODINGS, legal_indices=lambda game: metrocity.rl.legal_indices(game)[:-1]
    )


def test_the_kit_catches_an_observation_that_shows_a_hidden_hand() -> None:
    with pytest.raises(ConformanceError, match=r"shows what the seat may not see.*peek"):
        check_game(lambda s: LeakyCity(seed=s), games=1)


def test_the_kit_catches_legal_indices_that_miss_a_legal_action() -> None:
    with pytest.raises(ConformanceError, match="legal_indices"):
        check_game(lambda s: MislistedCity(seed=s), games=1)


def test_a_game_without_encodings_says_so() -> None:
    from tests.common.toygame import Race

    game: Any = Race(seed=1)
    assert not encoded(game)
    with pytest.raises(NotImplementedError, match="fixed action space"):
        game.num_distinct_actions()
    with pytest.raises(NotImplementedError, match="observation"):
        game.observation(0)


@pytest.mark.parametrize("name", GAMES)
def test_each_games_doc_lists_its_observation_fields(name: str) -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / f"{name}.md").read_text()
    begin = "<!-- observation table: made from the game's observation_layout(), do not edit -->"
    table = doc[doc.index(begin) + len(begin) : doc.index("<!-- end of the observation table")]
    game = common.get(name).new_game(seed=0)
    assert table.strip() == game.observation_layout().markdown()
    assert f"the action index has {game.num_distinct_actions():,} actions" in doc
