"""The engine's fast paths agree with the plain reading of the rules (``metropolis_lots.reference``)
at every step of random games: the legal actions (listed whole and read by index), the
claims (MS-6), the legality of any exchange (MS-9) and of any placement (MS-7), the early end
(MS-8), the values kept as buildings go up (MS-4), the shares (MS-7) and the result."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common import Action, Prompt, RandomBot
from metropolis_lots import Metropolis, new_game, reference
from metropolis_lots.actions import Accept, Build, Decline, Propose
from metropolis_lots.rules import scores_of, split_value
from metropolis_lots.words import build_text


def _readable_build_text(g: Metropolis, listed: list[Action]) -> str:
    """The build prompt's text from the readable listing: the models some placement of
    which lies on the seat's own lots, and those only pooled (MS-A4)."""
    index = {m.id: mi for mi, m in enumerate(g.r.models)}
    alone = pooled = 0
    for a in listed:
        if isinstance(a, Build):
            if all(g.s.owner[lot] == g.s.turn for lot in a.lots):
                alone |= 1 << index[a.model]
            else:
                pooled |= 1 << index[a.model]
    return build_text([m.name for m in g.r.models], alone, pooled & ~alone)


def _some_proposals(g: Metropolis, seat: int, rng: random.Random) -> list[Propose]:
    """Exchange proposals of ``seat``, legal or not: lots of its own, of a partner, anyone's
    (built, unowned), in or out of order, gifts, demands and empty ones."""
    lots = list(g.r.board.lots)
    out = []
    for _ in range(4):
        partner = rng.randrange(-1, g.num_players + 1)
        mine = [x for x in lots if g.s.owner[x] == seat]
        theirs = [x for x in lots if g.s.owner[x] == partner]
        give = rng.sample(mine, min(len(mine), rng.randrange(3))) if mine else []
        take = rng.sample(theirs, min(len(theirs), rng.randrange(3))) if theirs else []
        if rng.random() < 0.2:
            give.append(rng.choice(lots))
        if rng.random() < 0.8:
            give.sort()
            take.sort()
        out.append(Propose(partner, tuple(give), tuple(take)))
    return out


def _some_builds(g: Metropolis, rng: random.Random) -> list[Build]:
    """A few placements of any model anywhere, and a few on owned unbuilt lots only (whoever
    owns them: the seat's own, pooled, or none of its own), of models in the supply or not,
    in districts with "No" pairs or not."""
    s = g.s
    index = sorted(g.r.build_index)
    owned = [
        (model, lots)
        for model, lots in index
        if all(s.owner[x] >= 0 and s.building_at[x] < 0 for x in lots)
    ]
    picked = rng.sample(index, 3) + rng.sample(owned, min(len(owned), 5))
    return [Build(model, lots) for model, lots in picked]


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    trades=st.integers(0, 4),
    pools=st.integers(0, 3),
    give_claimed=st.booleans(),
)
def test_the_fast_paths_agree_with_the_plain_rules_at_every_step(
    players: int, seed: int, trades: int, pools: int, give_claimed: bool
) -> None:
    g = new_game(
        players=players,
        seed=seed,
        trade_proposals=trades,
        pool_proposals=pools,
        give_claimed=give_claimed,
    )
    bots = [RandomBot(seed + i) for i in range(players)]
    rng = random.Random(seed)
    while not g.is_over:
        s = g.s
        # the values kept as buildings go up, and the totals made from them (MS-4, MS-7)
        assert s.values == reference.values_of(g.r, s.buildings)
        assert scores_of(s.buildings, s.values, players) == reference.scores(g)
        for b, value in zip(s.buildings, s.values, strict=True):
            assert split_value(value, b) == reference.credited(value, b)
        assert g.invariants() == []
        assert s.index_matches()  # the lot masks, ``unbuilt`` and ``near`` included
        assert g._any_building_fits() == reference.any_building_fits(g)
        for lot in s.offer:  # the claim rule read off the masks (MS-5, MS-6)
            assert list(g.claimants(lot)) == reference.claimants(g, lot)
            for p in range(players):
                assert g.may_take(p, lot) == reference.may_take(g, p, lot)
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        expected = reference.legal_actions(g)
        assert list(g.legal_actions()) == expected, (seed, g.decisions)
        # random play reads the listing by index (a trade menu computes each item)
        listed = g._legal_actions()
        assert len(listed) == len(expected)
        assert [listed[i] for i in range(len(listed))] == expected
        assert [listed[i] for i in range(-len(listed), 0)] == expected
        assert listed[1:4] == expected[1:4]
        with pytest.raises(IndexError):
            listed[len(listed)]
        if s.phase == "build":  # the prompt names what the readable listing holds
            assert g.prompt == Prompt(seat, "build", _readable_build_text(g, expected))
            for build in _some_builds(g, rng):
                assert g.is_legal(build) == (build in expected), build
        if s.phase == "trade":  # any legal exchange, not only the listed swaps (MS-A5)
            for trade in _some_proposals(g, s.trader, rng):
                assert g.is_legal(trade) == reference.exchange_allowed(g, s.trader, trade), trade
        g.apply(bots[seat].choose(g, seat))
    assert g.result() == reference.result(g)
    assert reference.legal_actions(g) == [] == list(g.legal_actions())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_answers_are_accept_or_decline_and_a_finished_game_is_scored_by_the_book(
    seed: int,
) -> None:
    """An answer prompt lists accept then decline (MS-A4, MS-9); the result of a whole game is
    the book's: every building's chart value from scratch, credited by lots, highest total."""
    g = new_game(players=3, seed=seed, trade_proposals=4)
    bots = [RandomBot(seed + i) for i in range(3)]
    answered = 0
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        if g.s.phase in ("answer", "pool"):
            assert reference.legal_actions(g) == [Accept(), Decline()]
            assert list(g.legal_actions()) == [Accept(), Decline()]
            answered += 1
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].choose(g, seat))
    assert answered
    assert g.result() == reference.result(g)
    assert g.result().scores == tuple(reference.scores(g))
    assert g.s.buildings and sum(reference.scores(g)) == sum(
        reference.values_of(g.r, g.s.buildings)
    )


def test_the_plain_exchange_rule_names_what_is_wrong() -> None:
    """The readable exchange check (MS-9, MS-A5) on hand-made positions: another seat's
    unbuilt lots, ascending, at least one lot, a chip for every lot gained on balance."""
    g = new_game(players=2, seed=4)
    while g.chance is not None:
        g.resolve()
    mine = g.s.unbuilt_of(0)
    theirs = g.s.unbuilt_of(1)
    ok = Propose(1, (mine[0],), (theirs[0],))
    assert reference.exchange_allowed(g, 0, ok)
    assert not reference.exchange_allowed(g, 0, Propose(0, (mine[0],), ()))  # to oneself
    assert not reference.exchange_allowed(g, 0, Propose(2, (mine[0],), ()))  # no such seat
    assert not reference.exchange_allowed(g, 0, Propose(1, (), ()))  # nothing at all
    assert not reference.exchange_allowed(g, 0, Propose(1, (theirs[0],), ()))  # not its own
    assert not reference.exchange_allowed(g, 0, Propose(1, (mine[1], mine[0]), ()))  # order
    g.s.chips[0] = 0
    assert not reference.exchange_allowed(g, 0, Propose(1, (), (theirs[0],)))  # no chip
    assert reference.exchange_allowed(g, 0, ok)  # one for one needs none
    assert reference.exchange_allowed(g, 0, Propose(1, (mine[0],), ()))  # a gift needs none
