"""The Game contract, checked on the toy race: turn, chance, legality, options, saves, replay."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common import (
    Action,
    ActionsByIndex,
    ActionSet,
    ActionTaken,
    ChanceResolved,
    GameEnded,
    IllegalAction,
    InvalidOption,
    InvalidSave,
    RandomBot,
    load,
    play,
    replay,
)
from common.chance import ChanceRequest
from common.game import load_data
from common.kernel import decide
from common.testing import (
    ConformanceError,
    check_game,
    fingerprint,
    make_state_machine,
    options_strategy,
)
from tests.common.toygame import Race, Roll


def started(seed: int = 3, players: int = 2) -> Race:
    """A race past its set-up: the bonus deck shuffled and seat 0 drawn to start."""
    g = Race(players=players, seed=seed)
    g.resolve((5, 3, 2, 2, 1, 1))
    g.resolve((0,))
    return g


def test_setup_is_chance_and_nobody_acts_until_it_is_resolved() -> None:
    g = Race(players=2, seed=1)
    assert g.to_act is None and g.prompt is None
    assert isinstance(g.chance, ChanceRequest)
    assert list(g.legal_actions()) == []
    with pytest.raises(IllegalAction, match="chance is pending"):
        g.apply(Roll(1))


def test_a_decision_then_its_chance_then_the_facts() -> None:
    g = started()
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "roll"
    events = g.apply("roll 2")
    assert events == (ActionTaken(0, Roll(2)),)
    events = g.resolve((2, 3))
    assert isinstance(events[0], ChanceResolved) and events[0].outcome == (2, 3)
    assert events[1].to_json() == {"type": "Moved", "seat": 0, "to": 5}
    assert events[2].to_json() == {"type": "BonusTaken", "seat": 0, "value": 5}
    assert g.to_act == 1


def test_not_your_turn_is_refused_and_changes_nothing() -> None:
    g = started()
    before = g.to_json()
    with pytest.raises(IllegalAction, match="Player 2 is not to act: Player 1 must decide"):
        g.apply(Roll(1), seat=1)
    assert g.to_json() == before


def test_an_illegal_action_names_what_is_allowed() -> None:
    g = started()
    with pytest.raises(IllegalAction, match=r"expected one of \[1, 2\], got 3"):
        g.apply({"type": "Roll", "dice": 3})
    with pytest.raises(IllegalAction, match="unknown action 'jump'"):
        g.apply("jump")


def test_resolve_without_pending_chance_and_bad_outcomes_are_refused() -> None:
    g = started()
    with pytest.raises(IllegalAction, match="no chance is pending"):
        g.resolve((1,))
    g.apply(Roll(2))
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="needs a tuple of 2"):
        g.resolve((1,))
    assert fingerprint(g) == before


def test_game_over_refuses_actions_and_gives_a_result() -> None:
    g = Race(players=2, seed=4)
    with pytest.raises(IllegalAction, match="not over yet"):
        g.result()
    result = play(g, [RandomBot(1), RandomBot(2)])
    assert g.is_over and isinstance(g.events[-1], GameEnded)
    assert result.winners and max(result.scores) >= 20
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply(Roll(1))


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"players": 5}, "toyrace is for 2 to 4 players, got 5"),
        ({"players": 1}, "2 to 4 players"),
        ({"players": ["a", "a"]}, "names must differ"),
        ({"players": "ab"}, "count or a list"),
        ({"target": 15}, r"target=15 is not allowed; choose one of 10, 20, 30"),
        ({"speed": 1}, r"unknown option\(s\) \['speed'\] for toyrace; options: near, target"),
        ({"seed": -1}, r"integer from 0 to 2\*\*53 - 1"),
        ({"seed": "x"}, r"integer from 0 to 2\*\*53 - 1"),
    ],
)
def test_bad_options_raise_invalid_option_naming_what_is_allowed(
    kwargs: dict[str, Any], says: str
) -> None:
    with pytest.raises(InvalidOption, match=says):
        Race(**kwargs)


def test_options_are_recorded_in_the_first_event() -> None:
    g = Race(players=["Ann", "Bob"], seed=9, target=10)
    assert g.players == ("Ann", "Bob")
    assert g.events[0].to_json() == {
        "type": "GameStarted",
        "game": "toyrace",
        "players": ["Ann", "Bob"],
        "seed": 9,
        "options": {"target": 10, "near": 0},
        "format": 2,
    }


def test_a_clone_and_a_loaded_save_continue_exactly_like_the_original() -> None:
    g = started(seed=12)
    g.apply(Roll(1))
    twin = g.clone()
    loaded = load_data(Race, g.to_json())
    for game in (g, twin, loaded):
        play(game, [RandomBot(5), RandomBot(6)])
    assert g.to_json() == twin.to_json() == loaded.to_json()


def test_the_global_random_module_changes_nothing() -> None:
    def run(noise: int) -> str:
        random.seed(noise)
        g = Race(players=3, seed=21)
        play(g, [RandomBot(1), RandomBot(2), RandomBot(3)])
        return g.to_json()

    assert run(1) == run(2)


def test_replay_rebuilds_the_game_from_its_log(toy_registered: object) -> None:
    g = Race(players=2, seed=8)
    play(g, [RandomBot(1), RandomBot(2)])
    assert replay(list(g.events)).to_json() == g.to_json()
    assert replay([e.to_json() for e in g.events]).to_json() == g.to_json()
    assert load(g.to_json()).to_json() == g.to_json()


def _save(seed: int = 8) -> dict[str, Any]:
    g = Race(players=2, seed=seed)
    play(g, [RandomBot(1), RandomBot(2)])
    return json.loads(g.to_json())  # type: ignore[no-any-return]


def _rechecksum(save: dict[str, Any]) -> dict[str, Any]:
    from common.game import _checksum

    save["checksum"] = _checksum(save["events"])
    return save


@pytest.mark.parametrize(
    ("mutate", "says"),
    [
        (lambda s: s.pop("events"), "lacks"),
        (lambda s: s.update(format=99), "format 99, newer than this engine's 2"),
        (lambda s: s.update(format="1"), "format must be an integer"),
        (lambda s: s.update(game="metrocity"), "of game 'metrocity', not 'toyrace'"),
        (lambda s: s["events"][3].update(outcome=[6, 6]), "checksum does not match"),
        (
            lambda s: _rechecksum(s) if s["events"][5].update(outcome=[7]) is None else s,
            "cannot be replayed|diverges",
        ),
        (lambda s: _rechecksum(s) if s["events"].pop(1) else s, "cannot be replayed|diverges"),
        (lambda s: _rechecksum(s) if s["events"][4].update(seat="x") is None else s, "bad event"),
        (
            lambda s: (
                _rechecksum(s)
                if s["events"].append({"type": "Moved", "seat": 0, "to": 99}) is None
                else s
            ),
            "ends|diverges|engine waits",
        ),
    ],
)
def test_damaged_saves_raise_invalid_save(mutate: Any, says: str) -> None:
    save = _save()
    mutate(save)
    with pytest.raises(InvalidSave, match=says):
        load_data(Race, save)


def test_truncated_and_non_json_saves_raise_invalid_save() -> None:
    text = Race(players=2, seed=1).to_json()
    for bad in (text[: len(text) // 2], "", "[]", b"\xff\xfe"):
        with pytest.raises(InvalidSave):
            load_data(Race, bad)


def test_check_game_passes_the_toy_race() -> None:
    check_game(lambda s: Race(players=2 + s % 3, seed=s), games=4)


# --------------------------------------------------------------------- broken games
class MutatesOnIllegal(Race):
    """Changes its state when it refuses an action."""

    def apply(self, action: Any, seat: int | None = None) -> Any:
        try:
            return super().apply(action, seat)
        except IllegalAction:
            self.s.positions[0] += 1
            raise


class SharesStateWithClones(Race):
    """Its clones share the positions list."""

    def _copy_state(self, other: Race) -> None:
        self.s = other.s


class UsesGlobalRandom(Race):
    """Draws a bonus from the global random module."""

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        super()._on_chance(request, outcome)
        if request.kind == "dice" and not self.is_over:
            self.s.positions[0] += random.randint(0, 1)


class NoActionsSometimes(Race):
    """Asks a seat to decide but offers nothing."""

    def _legal_actions(self) -> Sequence[Any]:
        return [] if self.s.positions[0] > 5 else super()._legal_actions()


class NeverEnds(Race):
    """Declares a maximum length it does not keep."""

    def max_actions(self) -> int:
        return 3


class LosesPositions(Race):
    """Declares that positions never fall, then lets one fall."""

    def invariants(self) -> list[str]:
        return ["a position fell below 0"] if min(self.s.positions) < 0 else []

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        super()._on_chance(request, outcome)
        if request.kind == "dice" and sum(outcome) == 7:
            self.s.positions[0] = -1


class ShowsItsSeed(Race):
    """Shows the seed in its view (issue 21: then a seat could foresee every die)."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {**super()._view(seat), "table": self.seed}


class DrawsFromItsSeed(Race):
    """Moves a bonus square from the seed itself, not from a chance outcome."""

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        super()._on_chance(request, outcome)
        if request.kind == "dice" and not self.is_over:
            self.s.positions[0] += self.seed % 2


@attrs.frozen
class LooseRoll(Action):
    """A roll whose count is any JSON value: 2.0 reads as the 2 it equals."""

    word = "roll"
    dice: Any

    @classmethod
    def from_text(cls, tokens: list[str]) -> Action:
        """``roll N``."""
        return cls(int(tokens[0]))


class AcceptsFloats(Race):
    """Checks an action by equality alone, so a roll of 2.0 dice passes for 2."""

    actions = ActionSet([LooseRoll])

    def _legal_actions(self) -> Sequence[Any]:
        return [LooseRoll(1), LooseRoll(2)]

    def _on_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, LooseRoll)
        super()._on_action(seat, Roll(1 if int(action.dice) == 1 else 2))


class ObeysEditedList(Race):
    """Hands out its own list and trusts what it then finds in it (issue 21, item 5)."""

    _handed: list[Action]

    def legal_actions(self, *, copy: bool = True) -> list[Action]:
        self._handed = list(self._legal_actions()) if self.to_act is not None else []
        return self._handed

    def apply(self, action: Any, seat: int | None = None) -> Any:
        p = self.prompt
        if seat is None and p is not None and any(a is action for a in self._handed):
            return self._log.view(decide(self, p.seat, action))
        return super().apply(action, seat)


class AsksTheObvious(Race):
    """Asks a seat near the target to roll its one die instead of rolling it for it."""

    def _near(self) -> bool:
        return bool(self.options["target"] - self.s.positions[self.s.turn] <= 6)

    def _next_turn(self) -> None:
        self._ask(self.s.turn, "roll", "roll one die")


@pytest.mark.parametrize(
    ("broken", "says"),
    [
        (LosesPositions, "invariant broken: a position fell below 0"),
        (MutatesOnIllegal, "changed the game"),
        (SharesStateWithClones, "clone"),
        (UsesGlobalRandom, "different log|round-trip|differently|depends on the seed"),
        (NoActionsSometimes, "has no action"),
        (NeverEnds, "maximum"),
        (ShowsItsSeed, r"view\(None\) depends on the seed"),
        (DrawsFromItsSeed, "depends on the seed|depends on its seed"),
        (AcceptsFloats, r"'dice': [12]\.0\} .*was accepted"),
        (ObeysEditedList, "written into the legal list"),
        (AsksTheObvious, "one possible answer, roll 1: take it with _force"),
    ],
)
def test_check_game_fails_on_broken_games(broken: type[Race], says: str) -> None:
    with pytest.raises(ConformanceError, match=says):
        check_game(lambda s: broken(players=2, seed=s), games=3)


TestRaceMachine = make_state_machine(lambda s: Race(players=2 + s % 3, seed=s)).TestCase
TestRaceMachine.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)


def test_the_state_machine_catches_a_game_that_mutates_on_illegal_input() -> None:
    machine = make_state_machine(lambda s: MutatesOnIllegal(players=2, seed=s)).TestCase
    machine.settings = settings(max_examples=30, stateful_step_count=30, deadline=None)
    with pytest.raises(AssertionError):
        machine().runTest()


@settings(max_examples=10, deadline=None)
@given(options=options_strategy(Race), seed=st.integers(0, 100))
def test_options_strategy_draws_only_valid_options(options: dict[str, Any], seed: int) -> None:
    g = Race(players=2, seed=seed, **options)
    assert g.options["target"] in (10, 20, 30)
    play(g, [RandomBot(1), RandomBot(2)])
    assert max(g.result().scores) >= g.options["target"]


def test_ordered_secrets_leak_only_in_their_exact_order() -> None:
    from common import Secret
    from common.testing import _leaks

    shown = {"hand": [3, 1, 2]}
    assert _leaks(shown, [1, 2, 3])
    assert not _leaks(shown, Secret([1, 2, 3], ordered=True))
    assert _leaks(shown, Secret([3, 1, 2], ordered=True))


def test_actions_with_wrong_field_types_are_refused_even_as_objects() -> None:
    g = started()
    before = g.to_json()
    for bad in (Roll(True), Roll(3), Roll(0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.to_json() == before
    g.apply(Roll(2))  # an equal object made by the caller is fine
    assert load_data(Race, g.to_json()).to_json() == g.to_json()


def test_a_game_may_not_redefine_the_cores_own_machinery() -> None:
    with pytest.raises(TypeError, match=r"defines \['_sync_pending'\]"):

        class Clashing(Race):
            def _sync_pending(self) -> None:
                pass

    with pytest.raises(TypeError, match=r"defines \['is_over'\]"):

        class Shadowing(Race):
            @property
            def is_over(self) -> bool:  # type: ignore[override]
                return False


class _Rolls(ActionsByIndex):
    """The race's two rolls, computed by index."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(2)

    def _item(self, i: int) -> Action:
        return Roll(1) if i == 0 else Roll(2)


class RollsByIndex(Race):
    """The race, its legal actions a sequence computed by index (issue 8)."""

    def _legal_actions(self) -> _Rolls:
        return _Rolls()


def test_actions_by_index_read_like_a_list() -> None:
    rolls = _Rolls()
    listed = [Roll(1), Roll(2)]
    assert len(rolls) == 2 and list(rolls) == listed
    assert [rolls[-1], rolls[-2]] == [Roll(2), Roll(1)]
    assert rolls[::-1] == listed[::-1] and rolls[5:] == []
    assert Roll(2) in rolls and Roll(3) not in rolls  # type: ignore[arg-type]
    for outside in (2, -3):
        with pytest.raises(IndexError, match="out of range"):
            rolls[outside]


def test_a_game_listing_by_index_passes_check_game_and_hands_out_its_sequence() -> None:
    games = check_game(lambda s: RollsByIndex(seed=s), games=3, deep_games=1)
    assert all(g.is_over for g in games)
    g = RollsByIndex(seed=3)
    g.resolve((5, 3, 2, 2, 1, 1))
    g.resolve((0,))
    legal = g.legal_actions()
    # the sequence itself, not a list of it: it makes only the action that is read
    assert type(legal) is _Rolls and list(legal) == [Roll(1), Roll(2)]
    assert legal == (Roll(1), Roll(2)) and g.legal_actions(copy=False) == legal
    with pytest.raises(TypeError):
        legal[0] = Roll(2)  # type: ignore[index]
