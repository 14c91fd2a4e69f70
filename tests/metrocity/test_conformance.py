"""Metro City against the core contract: check_game, the state machine, fast legality."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import metrocity
from common import Action, ActionsByIndex, RandomBot
from common.testing import check_game, make_state_machine
from metrocity import BuildOver, Pass, Place, Swap
from metrocity.data import BLOCK_IDS, STREETS, TILE_KINDS
from metrocity.rules import street_sums, tally_sums
from tests.metrocity.helpers import decisions, rule_sums


def test_metrocity_passes_check_game() -> None:
    games = check_game(lambda s: metrocity.new_game(seed=s), games=4, deep_games=2)
    assert all(g.is_over for g in games)


def test_metrocity_passes_check_game_with_the_placer_tie_rule() -> None:
    check_game(lambda s: metrocity.new_game(seed=s, tie="placer"), games=3, seed=50, deep_games=1)


def test_many_random_games_stay_within_the_declared_length() -> None:
    check_game(lambda s: metrocity.new_game(seed=s), games=30, seed=100, deep_games=0)


TestMetroCityMachine = make_state_machine(lambda s: metrocity.new_game(seed=s)).TestCase
TestMetroCityMachine.settings = settings(max_examples=15, stateful_step_count=60, deadline=None)


def _candidates() -> list[Action]:
    out: list[Action] = [Pass()]
    out += [Place(t.id, b) for t in TILE_KINDS for b in BLOCK_IDS[::3]]
    out += [BuildOver(t.id, b, k) for t in TILE_KINDS[::4] for b in BLOCK_IDS[::2] for k in (3, 10)]
    out += [Swap(a.id, b.id) for a in STREETS for b in STREETS]
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 45))
def test_fast_legality_check_agrees_with_legal_actions(seed: int, steps: int) -> None:
    g = metrocity.new_game(seed=seed)
    bot = RandomBot(seed)
    while not g.is_over and steps > 0:
        if g.chance is not None:
            g.resolve()
            continue
        legal = g.legal_actions()
        for a in _candidates():
            assert g.is_legal(a) == (a in legal), a
        for a in legal:
            assert g.is_legal(a)
        g.apply(bot.choose(g, g.to_act or 0))
        steps -= 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), last=st.booleans())
def test_fast_legal_actions_equal_the_rules_reading_on_random_games(seed: int, last: bool) -> None:
    # issue 8: the prebuilt-table fast path must give exactly the rules' list, in its order
    held: tuple[Sequence[Action], list[Action]] | None = None
    g = metrocity.new_game(seed=seed)
    for g in decisions(seed, last):
        if held is not None:  # a snapshot: a sequence held still lists where it was made
            old, listed = held
            assert list(old) == listed and [old[i] for i in range(len(old))] == listed
        fast = list(g.legal_actions())
        assert fast == g.legal_actions_by_rule()
        # the sequence random play indexes (issue 8): item by item the same list
        seq = g._legal_actions()
        assert len(seq) == len(fast)
        assert [seq[i] for i in range(len(seq))] == fast
        if isinstance(seq, ActionsByIndex):  # what play reads for a RandomBot: the slots
            assert [seq._item(i) for i in range(seq._len)] == fast
        assert [seq[-i] for i in range(1, len(seq) + 1)] == fast[::-1]
        assert list(seq[1::3]) == fast[1::3]
        for outside in (len(fast), -len(fast) - 1):
            with pytest.raises(IndexError):
                seq[outside]
        held = seq, fast
    assert g.is_over and g.legal_actions_by_rule() == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), last=st.booleans())
def test_street_tallies_give_the_rules_sums_on_random_games(seed: int, last: bool) -> None:
    # issue 8: the awards read the tallies kept at each placement and build-over; at every
    # position of random games they, and street_sums' walk of the grid, give every street's
    # sums as MC-4's sentences do (rule_sums), complete or not
    for g in decisions(seed, last):
        s = g.s
        for k, street in enumerate(STREETS):
            on_street = [(s.tiles[b], s.owners[b]) for b in street.blocks]
            expected = rule_sums([(t, o) for t, o in on_street if t is not None])
            assert street_sums(s.tiles, s.owners, k) == expected, street.id
            assert tally_sums(s.street_tally[0][k], s.street_tally[1][k]) == expected, street.id
