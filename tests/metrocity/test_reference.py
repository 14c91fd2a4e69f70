"""The fast paths of rules.py and tables.py against the plain reading in reference.py.

Random positions come from seeded random play (``helpers.decisions``); at each one the fast
answer must equal the reference's, in the same order.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import metrocity
from common import Action, ActionsByIndex, RandomBot
from common import play as common_play
from metrocity import (
    BonusesSwapped,
    BuildOver,
    MetroCity,
    Place,
    StreetAwarded,
    TilePlaced,
    reference,
    rules,
)
from metrocity.data import BLOCK_IDS, STREET_INDEX, STREETS, TILE_KINDS
from metrocity.tables import street_sums, tally_sums
from tests.metrocity.helpers import candidates, decisions


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), last=st.booleans())
def test_fast_legal_actions_equal_the_reference_on_random_games(seed: int, last: bool) -> None:
    # the prebuilt-table fast path gives exactly the reference's list (MC-3, MC-5), in order
    held: tuple[Sequence[Action], list[Action]] | None = None
    g = metrocity.new_game(seed=seed)
    for g in decisions(seed, last):
        if held is not None:  # a snapshot: a sequence held still lists where it was made
            old, listed = held
            assert list(old) == listed and [old[i] for i in range(len(old))] == listed
        fast = list(g.legal_actions())
        assert fast == reference.legal_actions(g)
        # the sequence random play indexes: item by item the same list
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
    assert g.is_over and reference.legal_actions(g) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 100_000), last=st.booleans())
def test_fast_legality_check_agrees_with_the_reference(seed: int, last: bool) -> None:
    for g in decisions(seed, last):
        for a in candidates():
            assert g.is_legal(a) == reference.is_legal(g, a), a


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), last=st.booleans())
def test_street_tallies_give_the_reference_sums_on_random_games(seed: int, last: bool) -> None:
    # the awards read the tallies kept at each placement and build-over; at every position of
    # random games they, and street_sums' walk of the grid, give every street's sums as
    # MC-4's sentences do (reference.street_sums), complete or not
    for g in decisions(seed, last):
        s = g.s
        for k, street in enumerate(STREETS):
            expected = reference.street_sums(g, k)
            assert street_sums(s.tiles, s.owners, k) == expected, street.id
            assert tally_sums(s.street_tally[0][k], s.street_tally[1][k]) == expected, street.id


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 100_000), tie=st.sampled_from(["discard", "placer"]))
def test_every_award_is_the_reference_comparison_of_the_grid(seed: int, tie: str) -> None:
    # MC-4: the higher sum takes the token lying at the street; a tie discards it, or leaves
    # it with the placer under tie=placer. A completed street's tiles change only by a
    # build-over, which is a decision of its own, so after the step the grid still holds the
    # tiles each award of the step compared.
    awarded, seen, placer, lying = 0, 0, -1, list[int | None]()
    for g in decisions(seed, tie=tie):
        awarded += _awards_checked(g, seen, placer, lying)
        seen, placer, lying = len(g.events), g.to_act or 0, list(g.s.street_tokens)
    assert awarded + _awards_checked(g, seen, placer, lying) > 0


def _awards_checked(g: MetroCity, since: int, placer: int, lying: list[int | None]) -> int:
    """Check each award logged from event ``since`` on against the reference; how many."""
    awarded = 0
    for event in list(g.events)[since:]:
        if isinstance(event, BonusesSwapped):  # MC-5: the swap comes before the awards
            a, b = STREET_INDEX[event.first], STREET_INDEX[event.second]
            lying[a], lying[b] = lying[b], lying[a]
        elif isinstance(event, TilePlaced):  # a placement taken for the next seat, too
            placer = event.seat
        elif isinstance(event, StreetAwarded):
            street = STREET_INDEX[event.street]
            sums = reference.street_sums(g, street)
            assert (event.token, tuple(event.sums)) == (lying[street], sums)
            if sums[0] != sums[1]:
                assert event.winner == (0 if sums[0] > sums[1] else 1)
            else:
                assert event.winner == (placer if g.options["tie"] == "placer" else None)
            awarded += 1
    return awarded


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), tie=st.sampled_from(["discard", "placer"]))
def test_money_and_result_equal_the_reference_on_random_games(seed: int, tie: str) -> None:
    # MC-6: the money kept as a total is the tokens held, and the result is the reference's
    for g in decisions(seed, tie=tie):
        assert (g.s.score(0), g.s.score(1)) == reference.scores(g)
    assert g.is_over and g.result() == reference.result(g)
    g = metrocity.new_game(seed=seed, tie=tie)
    common_play(g, [RandomBot(seed), RandomBot(seed + 1)])
    assert g.result() == reference.result(g)


def test_the_reference_lists_every_tile_kind_block_and_token_it_may() -> None:
    # a reading that listed too little could agree with a fast path that lists too little:
    # over random games the reference offers every tile kind, block and token at least once
    kinds: set[str] = set()
    blocks: set[str] = set()
    tokens: set[int] = set()
    for seed in range(8):
        for g in decisions(seed, last=True):
            for a in reference.legal_actions(g):
                if isinstance(a, Place | BuildOver):
                    kinds.add(a.tile)
                    blocks.add(a.block)
                if isinstance(a, BuildOver):
                    tokens.add(a.token)
    assert kinds == {t.id for t in TILE_KINDS}
    assert blocks == set(BLOCK_IDS)
    assert len(tokens) > 5


def test_the_street_award_is_stated_within_the_first_100_lines_of_the_rules() -> None:
    # a newcomer opening rules.py meets the comparison that awards a street's token (MC-4)
    # before any table: the tables live in tables.py
    _, first = inspect.getsourcelines(rules.award_winner)
    assert first <= 100, f"award_winner starts at line {first} of rules.py"
