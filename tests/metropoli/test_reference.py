"""The fast paths of ``metropoli.rules`` (dispatch tables, action records and prompts made once,
the trade menu listed at the offer, area limits compared in C, tallies kept as the log grows)
agree with the plain reading of the rules in ``metropoli.reference``, position by position,
on random games."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from common import Action, GameRandom, RandomBot, play
from metropoli import Metropoli, new_game, reference
from metropoli import actions as A
from metropoli import data as D
from metropoli.data import BOARD as B

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"proposals_per_stop": 2},
    {"block_limit": "total", "municipality_pass": True},
    {"cross_bought_bridge": False, "trade_after_move": False},
    {"first_round_borsa": True, "proposals_per_stop": 0},
]


def _candidates(g: Metropoli, rng: GameRandom) -> list[Action]:
    """Decisions to ask ``is_legal`` about: the listed ones and others of every kind, some
    legal and most not (other amounts, seats, spaces and areas, the wrong phase)."""
    s = g.s
    high = s.auction.high if s.auction is not None else 0
    amounts = [high + D.BID_UNIT * rng.randrange(-2, 80) + rng.choice((0, 0, 10_000))]
    cash = [rng.choice((1, -1)) * D.TRADE_UNIT * rng.randrange(0, 400) + rng.choice((0, 0, 5))]
    seat, space, area = rng.randrange(-1, 7), rng.randrange(-1, 41), rng.randrange(-1, 37)
    return [
        *g.legal_actions(),
        *(A.Bid(x) for x in amounts),
        *(A.Raise(x) for x in amounts),
        *(A.Cash(x) for x in cash),
        A.Offer(seat),
        A.Give(space),
        A.Take(space),
        A.Sell(space),
        A.GoTo(space),
        A.Build(area),
        A.FreeBlock(area),
        A.Steps(rng.randrange(-1, 42)),
        A.Roll(),
        A.Act(),
        A.Pass(),
        A.Preempt(),
        A.Cross(),
        A.Done(),
        A.Send(),
        A.Cancel(),
        A.Accept(),
        A.Decline(),
    ]


def _check_position(g: Metropoli, rng: GameRandom) -> None:
    """Every fast path against its plain reading at the position ``g`` stands at."""
    assert list(g.legal_actions()) == reference.legal_actions(g), g.s.phase
    # the Master Plan compared area by area in C (build, municipality, rule 9)
    assert g._open_of(range(36)) == reference.open_areas(g)
    for action in _candidates(g, rng):
        assert g.is_legal(action) == reference.is_legal(g, action), (g.s.phase, action)
    for street in B.streets:
        if g.s.owner[street] is not None:
            assert g.street_rent(street)[0] == reference.street_rent(g, street), street
    for seat in range(g.num_players):
        assert sum(g.wealth(seat)) == reference.wealth(g, seat)
    assert g._cards_seen() == reference.cards_seen(g)
    assert g._ledger() == reference.cash_flows(g)


def _positions(g: Metropoli, rng: GameRandom, stop: int) -> Iterator[int]:
    """Random play of ``g`` (chance from its seed, decisions from ``rng``): yields the count
    of decisions taken at each decision to come, up to ``stop`` decisions or the end."""
    taken = 0
    while not g.is_over and taken < stop:
        if g.chance is not None:
            g.resolve()
            continue
        yield taken
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        taken += 1


def test_the_listing_agrees_with_the_plain_reading_on_whole_random_games() -> None:
    for k, (seed, players) in enumerate(((1, 3), (2, 4), (3, 6), (4, 5))):
        g = new_game(players=players, seed=seed, **OPTION_SETS[k])
        for _ in _positions(g, GameRandom(seed), g.max_actions()):
            assert list(g.legal_actions()) == reference.legal_actions(g), g.s.phase
            assert g._open_of(range(36)) == reference.open_areas(g)
        assert g.is_over and g.result() == reference.result(g)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(3, 6),
    options=st.sampled_from(OPTION_SETS),
    skip=st.integers(0, 900),
)
def test_fast_paths_agree_with_the_reference_at_random_positions(
    seed: int, players: int, options: dict[str, object], skip: int
) -> None:
    """Random play to a random point of a game, then every fast path checked at each of the
    next positions: the listing, legality, rents, wealth and the tallies kept by the log."""
    g = new_game(players=players, seed=seed, **options)
    rng = GameRandom(seed)
    for taken in _positions(g, rng, skip + 150):
        if taken >= skip:
            _check_position(g, rng)
    if g.is_over:
        assert g.result() == reference.result(g)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 6))
def test_the_result_is_the_rulebook_count(seed: int, players: int) -> None:
    """The winners and every seat's score (MI-17, MI-A12, MI-A24), played to the end."""
    g = new_game(players=players, seed=seed)
    play(g, [RandomBot(seed + k) for k in range(players)])
    assert g.result() == reference.result(g)
