"""The lookup tables (``metropolis_lots.tables``, ``Rules``'s bit tables) agree with their
definitions, and the fast steps (a swap done at once, an answer asked again without a new
listing, the log appended inline) leave what the plain steps leave. The listings, claims,
values and result against the plain reading of the rules are ``test_reference.py``'s."""

from __future__ import annotations

import copy
import json
import pickle

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from common import ActionTaken, ChanceResolved, Prompt, RandomBot
from common.bots import advance
from metropolis_lots import new_game
from metropolis_lots.actions import Accept, Build, Decline, Propose, Take
from metropolis_lots.data import DATA_DIR, LOCATIONS, ChartRow, _fixed_values, rules_for
from metropolis_lots.events import LotOffered, LotTaken, TradeAnswered, TradeProposed
from metropolis_lots.reference import values_of
from metropolis_lots.rules import Metropolis
from metropolis_lots.state import Building
from metropolis_lots.tables import Words, answer_prompt, fixed_value, kind_modifiers
from metropolis_lots.words import exchange_text


def test_pattern_tables_agree_with_their_definitions() -> None:
    """The per-pattern tables (made fast, a block of patterns at a time) say for every lot
    pattern of a district what their definitions say placement by placement."""
    r = rules_for(None)
    shape = [(mi, pm) for mi, pm, _ in r.placed[r.board.districts[0]]]
    pool = {mi for mi, m in enumerate(r.models) if m.size in r.pool_sizes}
    for pattern in range(1024):
        lying = [k for k, (_, pm) in enumerate(shape) if pm & pattern == pm]
        assert r.inside_bits[pattern] == sum(1 << k for k in lying)
        assert r.pool_bits[pattern] == sum(1 << k for k in lying if shape[k][0] in pool)
        touching = [k for k, (_, pm) in enumerate(shape) if pm & pattern]
        assert r.touching[pattern] == sum(1 << k for k in touching)
        for d in r.board.districts:
            lots = [d * 10 + i for i in range(10) if pattern >> i & 1]
            near = {x % 10 for lot in lots for x in r.board.neighbours.get(lot, ())}
            assert r.near_masks[d][pattern] == sum(1 << i for i in near)
    # the engine's copy as board bits (read by a swap without shifting)
    near_at = new_game(players=2, seed=1)._listings.near_at
    for d in range(10):
        if d in r.board.districts:
            assert near_at[d] == tuple(m << (d * 10) for m in r.near_masks[d])
        else:
            assert near_at[d] == ()


@settings(max_examples=50, deadline=None)
@given(
    names=st.lists(
        st.text("ABCDE xyz", min_size=1, max_size=8), min_size=2, max_size=5, unique=True
    ),
    data=st.data(),
    give=st.lists(st.integers(10, 89), max_size=3, unique=True),
    take=st.lists(st.integers(10, 89), max_size=3, unique=True),
)
def test_answer_prompt_text_says_what_the_proposal_gives_and_takes(
    names: list[str], data: st.DataObject, give: list[int], take: list[int]
) -> None:
    """The partner's prompt names the proposer and says in words what it gives and takes
    (a swap's text is put together from two lot texts, faster than ``exchange_text``),
    and asks the partner; asked again, it is the same object."""
    proposer = data.draw(st.integers(0, len(names) - 1))
    partner = data.draw(st.integers(0, len(names) - 1).filter(lambda p: p != proposer))
    assume(give or take)
    words = Words(tuple(names))
    trade = Propose(partner, tuple(sorted(give)), tuple(sorted(take)))
    text = exchange_text(names[proposer], trade)
    assert answer_prompt(words, proposer, trade) == Prompt(partner, "exchange", text)
    again = answer_prompt(words, proposer, Propose(partner, trade.give, trade.take))
    assert again is answer_prompt(words, proposer, trade)
    assert text.startswith(names[proposer]) and "(" not in text.replace(names[proposer], "")
    for lot in (*give, *take):
        assert str(lot) in text


@pytest.mark.parametrize(
    ("give", "take", "text"),
    [
        ((20,), (10,), "Player 2 offers lot 20 for your lot 10"),
        ((20, 21), (10,), "Player 2 offers lots 20 and 21 for your lot 10"),
        ((20,), (10, 11, 12), "Player 2 offers lot 20 for your lots 10, 11 and 12"),
        ((20,), (), "Player 2 offers you lot 20 as a gift"),
        ((), (10,), "Player 2 asks for your lot 10 and offers nothing for it"),
    ],
)
def test_an_exchange_is_put_in_words(
    give: tuple[int, ...], take: tuple[int, ...], text: str
) -> None:  # no tuples in a prompt
    assert exchange_text("Player 2", Propose(0, give, take)) == text


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 300),
    data=st.data(),
)
def test_a_swap_done_at_once_is_the_two_moves(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    """An accepted one-for-one exchange updates the lot masks in one go (``_swap_lots``);
    the state is the one two ``move`` calls leave, for any two unbuilt lots of two seats
    (the same district or not), and the masks still agree with the owners."""
    g = new_game(players=players, seed=seed)
    bots = [RandomBot(seed + i) for i in range(players)]
    while not g.is_over and g.decisions < steps:
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].choose(g, seat))
    seat = data.draw(st.integers(0, players - 1))
    partner = data.draw(st.integers(0, players - 1).filter(lambda p: p != seat))
    mine, theirs = g.s.unbuilt_of(seat), g.s.unbuilt_of(partner)
    assume(mine and theirs)
    lot = data.draw(st.sampled_from(mine))
    other = data.draw(st.sampled_from(theirs))
    fast, slow = g.clone(), g.clone()
    fast._swap_lots(seat, lot, partner, other)
    slow.move(lot, partner)
    slow.move(other, seat)
    assert fast.s == slow.s
    assert fast.s.index_matches()


def test_a_building_on_the_builders_own_lots_has_no_partners() -> None:
    """The early return of ``_partners`` (all lots the builder's) and the general case."""
    g = new_game(players=3, seed=5)
    s = g.s
    lots = (40, 41, 45, 46)
    for lot, o in zip(lots, (1, 1, 1, 1), strict=True):
        s.owner[lot] = o
    assert g._partners(1, lots) == ()
    s.owner[45], s.owner[46] = 0, 2
    assert g._partners(1, lots) == (2, 0)
    assert g._partners(0, lots) == (1, 2)


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_fixed_values_table_is_base_plus_the_locations_any_lot_has(data: st.DataObject) -> None:
    """``fixed_value`` (location bits ORed over the lots, then a table per kind) is the
    chart's base plus the bonus of every location any lot of the building has (MS-4), for
    every placement of every model and charts of any values."""
    r = rules_for(None)
    rows = {
        kind: ChartRow(
            data.draw(st.integers(-5, 20)),
            data.draw(st.dictionaries(st.sampled_from(LOCATIONS), st.integers(-5, 9))),
            row.per_building,
            row.forbidden,
        )
        for kind, row in r.chart.rows.items()
    }
    chart = attrs.evolve(r.chart, rows=rows)
    rules = attrs.evolve(r, chart=chart, fixed_values=_fixed_values(chart))
    for model, lots in rules.build_index:
        for kind, row in rows.items():
            expected = row.base + sum(
                row.location.get(place, 0) for place in rules.board.locations_of(lots)
            )
            assert fixed_value(rules, kind, lots) == expected, (model, lots, kind)


def test_the_build_table_holds_every_placement_in_order() -> None:
    """The engine's Build actions (made straight from the floor plans' local placements)
    are the placements ``placements_in`` computes, district by district, in its order."""
    r = rules_for(None)
    for mi, m in enumerate(r.models):
        for d in r.board.districts:
            places = r.placements[mi][d]
            assert r.builds[mi][d] == tuple((p.mask, Build(m.id, p.lots)) for p in places)
            for p in places:
                assert r.build_index[m.id, p.lots] == (mi, d, p.mask)
    assert len(r.build_index) == sum(len(per[d]) for per in r.placements for d in per)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_building_record_knows_its_district_and_copies_whole(data: st.DataObject) -> None:
    """``Building`` (a named tuple, cheap to make) works out its district from its lots, is
    immutable, and copies, pickles and compares by its fields."""
    r = rules_for(None)
    model, lots = data.draw(st.sampled_from(sorted(r.build_index)))
    owner = data.draw(st.integers(0, 4))
    b = Building(model, r.model_by_id[model].kind, lots, owner, ((owner, len(lots)),))
    assert b.district == lots[0] // 10 == r.build_index[model, lots][1]
    assert (b.model, b.lots, b.owner) == (model, lots, owner)
    assert copy.deepcopy(b) == b == pickle.loads(pickle.dumps(b))
    assert copy.copy(b).district == b.district
    with pytest.raises(AttributeError):
        b.owner = owner + 1  # type: ignore[misc]


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    bases=st.lists(st.integers(-6, 6), min_size=8, max_size=8),
    modifiers=st.lists(st.integers(-3, 3), min_size=8, max_size=8),
)
def test_kept_values_agree_with_the_chart_for_any_chart(
    seed: int, bases: list[int], modifiers: list[int]
) -> None:
    """The values kept as buildings go up (a district's first building valued on its own,
    the others by ``district_values``) are ``values_of`` at every step, also for charts
    whose bases go below 0 (MS-4: never below 0) and with any modifiers."""
    data = json.loads((DATA_DIR / "chart.json").read_text())
    kinds = sorted(data["kinds"])
    for k, kind in enumerate(kinds):
        row = data["kinds"][kind]
        row["base"] = bases[k]
        row["per_building"] = {other: modifiers[(k + j) % 8] for j, other in enumerate(kinds)}
    g = new_game(players=2, seed=seed, chart=data)
    bots = [RandomBot(seed + i) for i in range(2)]
    while not g.is_over:
        assert g.s.values == values_of(g.r, g.s.buildings)
        advance(g, bots, 1)


@settings(max_examples=25, deadline=None)
@given(
    modifiers=st.lists(st.integers(-3, 3), min_size=8, max_size=8),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=7),
    district=st.integers(1, 8),
)
def test_kind_modifiers_are_the_charts_per_other_building(
    modifiers: list[int], picks: list[int], district: int
) -> None:
    """``kind_modifiers`` (what ``put_up`` remembers per kinds there, in building order)
    gives each building of a district its row's modifier per other building there, for any
    modifiers and any kinds, repeated or not."""
    r = rules_for(None)
    kinds = sorted(r.chart.rows)
    per_building = {
        kind: {other: modifiers[(k + j) % 8] for j, other in enumerate(kinds)}
        for k, kind in enumerate(kinds)
    }
    here = sorted(key for key, (_, d, _) in r.build_index.items() if d == district)
    buildings = [here[pick % len(here)] for pick in picks]
    kinds_here = [r.model_by_id[model].kind for model, _ in buildings]
    found = kind_modifiers(per_building, kinds_here)
    for i, kind in enumerate(kinds_here):
        others = kinds_here[:i] + kinds_here[i + 1 :]
        assert found[i] == sum(per_building[kind][other] for other in others)


def test_the_remembered_modifiers_are_shared_by_the_games_of_a_chart() -> None:
    """The modifiers ``put_up`` read during random games are those ``kind_modifiers``
    gives, kept once for all the games of the chart."""
    games = [new_game(players=2, seed=seed) for seed in (3, 4)]
    assert games[0]._modifiers is games[1]._modifiers
    for seed, g in enumerate(games):
        advance(g, [RandomBot(seed), RandomBot(seed + 1)], 10_000)
        assert g.is_over
    chart = games[0]._modifiers
    assert chart.found
    for kinds_here, modifiers in chart.found.items():
        assert modifiers == kind_modifiers(chart.per_building, kinds_here)


def test_the_stack_stays_ascending_and_a_drawn_card_leaves_it() -> None:
    """The refill finds its card in the stack by bisection, so the stack must stay
    ascending: it does through the deal and the refills, and ``invariants()`` names a stack
    out of order."""
    g = new_game(players=2, seed=5)
    bots = [RandomBot(5), RandomBot(6)]
    while g.s.stack:
        before = list(g.s.stack)
        drawn = g.chance is not None
        advance(g, bots, 1)
        assert g.s.stack == sorted(g.s.stack)
        if drawn:
            assert set(before) - set(g.s.stack) <= set(g.s.offer) | {
                lot for lot in before if g.s.owner[lot] != -1
            }
    g = new_game(players=2, seed=5)
    g.resolve()
    g.s.stack.reverse()
    assert any("ascending" in line for line in g.invariants())


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), trades=st.integers(1, 4))
def test_an_answered_exchange_asks_what_the_negotiation_step_asks(
    players: int, seed: int, trades: int
) -> None:
    """After a declined exchange or an accepted one-for-one swap the proposer is asked
    again without the search for a legal exchange (the declined one was legal and nothing
    changed; after a swap both sides still hold an unbuilt lot): it is what
    ``negotiation_step`` gives from the same position, the proposer's window still open
    (ruling MS-A13), and the same steps follow."""
    g = new_game(players=players, seed=seed, trade_proposals=trades)
    bots = [RandomBot(seed + i) for i in range(players)]
    answers = {True: 0, False: 0}
    while not g.is_over:
        answering = g.chance is None and g.s.phase == "answer"
        proposer, made, turn = g.s.trader, g.s.proposals, g.s.turn
        start = len(g.events)
        advance(g, bots, 1)
        if answering:
            (answer,) = [e for e in g.events[start:] if isinstance(e, TradeAnswered)]
            answers[answer.accepted] += 1
            # the position right after the answer: nothing but skipped steps followed it
            again = g.clone()
            again.s.turn, again.s.trader, again.s.proposals = turn, proposer, made
            again._memo_key = None
            again.negotiation_step()
            window = (again.s.phase, again.s.turn, again.s.trader)
            if (g.s.phase, g.s.turn, g.s.trader) == ("trade", turn, proposer):
                assert again._pending == g._pending
            else:
                assert window != ("trade", turn, proposer)
    assert answers[True] and answers[False]


def _played_to(phase: str, seed: int, listed: int) -> Metropolis:
    """A random 2-player game played on to a ``phase`` prompt with ``listed`` actions at
    least (skipped when the game ends first)."""
    g = new_game(players=2, seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        if g.s.phase == phase and len(g.legal_actions()) >= listed:
            return g
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].choose(g, seat))
    pytest.skip(f"seed {seed} ends before such a {phase} prompt")


@pytest.mark.parametrize("seed", [3, 17, 40])
def test_a_listed_swap_and_an_equal_proposal_get_the_same_answer_prompt(seed: int) -> None:
    # the listing's own swap finds its answer prompt by identity; an equal proposal
    # made elsewhere (parsed from text, say) finds the same one through ``answer_prompt``
    g = _played_to("trade", seed, 2)
    for i in range(1, len(g.legal_actions())):
        listed = g._legal_actions()[i]
        assert isinstance(listed, Propose)
        equal = Propose(listed.partner, listed.give, listed.take)
        proposer = g.players[g.s.trader]
        text = f"{proposer} offers lot {listed.give[0]} for your lot {listed.take[0]}"
        expected = Prompt(listed.partner, "exchange", text)
        for first, second in ((listed, equal), (equal, listed)):
            a, b = g.clone(), g.clone()
            a.apply(first)
            b.apply(second)
            assert a.prompt == expected == b.prompt


@pytest.mark.parametrize("seed", [3, 17, 40])
def test_a_clone_trading_or_taking_elsewhere_leaves_the_originals_log_alone(seed: int) -> None:
    # the trade facts and the taken and offered lots are appended to the log inline
    # (docs/core.md, "The log"); each game's log must read its own decision's facts,
    # whichever of a game and its clone moved
    g = _played_to("trade", seed, 3)
    seat = g.to_act
    assert seat is not None
    before = len(g.events)
    c = g.clone()
    first, second = g.legal_actions()[1:3]
    g.apply(first)
    c.apply(second)
    for game, trade in ((g, first), (c, second)):
        assert isinstance(trade, Propose)
        assert list(game.events[before:]) == [
            ActionTaken(seat, trade),
            TradeProposed(seat, trade.partner, trade.give, trade.take),
        ]
    partner = g.to_act
    assert partner is not None and partner == c.to_act
    before = len(g.events)
    g.apply(Accept())
    c.apply(Decline())
    for game, answer, accepted in ((g, Accept(), True), (c, Decline(), False)):
        assert list(game.events[before:]) == [
            ActionTaken(partner, answer),
            TradeAnswered(partner, accepted),
        ]

    g = _played_to("choose", seed, 2)
    seat = g.to_act
    assert seat is not None
    takes = [a for a in g.legal_actions() if isinstance(a, Take)]
    if len(takes) < 2:
        pytest.skip(f"seed {seed}: fewer than two lots to take")
    before = len(g.events)
    c = g.clone()
    for game, take in ((g, takes[0]), (c, takes[1])):
        game.apply(take)
        game.resolve()  # the refill: one lot turned up
        taken, entry, *refilled = game.events[before:]
        assert taken == ActionTaken(seat, take)
        assert entry == LotTaken(seat, take.lot)
        resolved = refilled[0]
        assert isinstance(resolved, ChanceResolved)
        drawn = resolved.outcome[0]
        assert refilled[1] == LotOffered(drawn)
        assert game.s.offer[-1] == drawn
