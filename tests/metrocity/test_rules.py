"""One test per rule of Metro City, on positions built through supplied chance outcomes."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import metrocity
from common import (
    ActionTaken,
    GameRandom,
    IllegalAction,
    InvalidOption,
    RandomBot,
    Result,
    Secret,
    winners_by_score,
)
from common import play as common_play
from common.testing import ConformanceError, check_game, fingerprint
from metrocity import (
    BonusesSwapped,
    BuildOver,
    FirstPlayerDrawn,
    Pass,
    Passed,
    Place,
    StreetAwarded,
    Swap,
    TilePlaced,
    TilesDrawn,
    TokensPlaced,
    reference,
)
from metrocity.data import PLAYER_TILES, STREETS, TILE_COUNTS
from metrocity.state import CityState
from metrocity.tables import street_sums
from tests.metrocity.helpers import (
    COL_A,
    ROW1,
    TOKENS,
    alternate,
    decisions,
    fill_row1,
    hold,
    pile,
    play,
    start,
)


def awards(g: metrocity.MetroCity) -> list[StreetAwarded]:
    """Every StreetAwarded event so far, in order."""
    return [e for e in g.events if isinstance(e, StreetAwarded)]


# ---------------------------------------------------------------- players and options


@pytest.mark.parametrize("players", [1, 3, 4])
def test_metro_city_is_for_exactly_two_players(players: int) -> None:
    with pytest.raises(InvalidOption, match="2 players"):
        metrocity.new_game(players=players)


def test_tie_option_accepts_only_discard_or_placer() -> None:
    assert metrocity.new_game(seed=1).options["tie"] == "discard"  # ruling MC-4 default
    assert metrocity.new_game(seed=1, tie="placer").options["tie"] == "placer"
    with pytest.raises(InvalidOption, match="discard"):
        metrocity.new_game(tie="coin")
    with pytest.raises(InvalidOption, match="unknown option"):
        metrocity.new_game(bonus="x")


# ---------------------------------------------------------------- set-up (MC-1, MC-2)


def test_tile_mix_is_twenty_per_player_with_specials() -> None:
    # ruling MC-1
    assert len(PLAYER_TILES) == 20
    assert TILE_COUNTS["park"] == 2
    assert all(TILE_COUNTS[t] == 1 for t in ("power", "mall", "court"))
    numbered = {t for t in PLAYER_TILES if t[:3] in ("res", "com", "ind")}
    assert numbered == {f"res{v}" for v in range(1, 6)} | {f"com{v}" for v in range(2, 7)} | {
        f"ind{v}" for v in range(3, 8)
    }


def test_setup_places_eleven_tokens_in_street_order_and_the_higher_draw_goes_first() -> None:
    g = metrocity.new_game(seed=1)
    assert g.chance is not None and g.chance.describe() == "shuffle tokens"
    g.resolve(TOKENS)
    assert g.s.street_tokens == list(TOKENS[:11])
    placed = [e for e in g.events if isinstance(e, TokensPlaced)]
    assert placed == [TokensPlaced(TOKENS[:11])]
    drawn = [e for e in g.events if isinstance(e, FirstPlayerDrawn)]
    assert drawn == [FirstPlayerDrawn((15, 1), (15, 1, 13, 14), 0)]
    assert g.s.money == [[], []]  # players start with no money (MC-2)
    g.resolve(pile(()))
    g.resolve(pile(()))
    assert g.to_act == 0
    assert [s.id for s in STREETS] == [
        "st1", "st2", "st3", "st4", "st5", "avA", "avB", "avC", "avD", "avE", "avF",
    ]  # fmt: skip


def test_lower_first_draw_of_seat_zero_lets_seat_one_go_first() -> None:
    tokens = (*TOKENS[:11], 1, 15, 13, 14)
    g = start(tokens=tokens)
    assert g.s.first == 1
    assert g.to_act == 1


def test_each_player_shuffles_own_twenty_tiles_and_draws_a_hand_of_five() -> None:
    p0 = ("ind7", "mall", "res1", "com4", "park", "court")
    p1 = ("res5", "res4", "res3", "res2", "res1", "com6")
    g = start(p0, p1)
    assert sorted(g.s.hands[0]) == sorted(p0[:5])
    assert sorted(g.s.hands[1]) == sorted(p1[:5])
    assert [len(p) for p in g.s.piles] == [15, 15]
    drawn = [e for e in g.events if isinstance(e, TilesDrawn)]
    assert [(e.seat, e.count) for e in drawn] == [(0, 5), (1, 5)]


def test_shuffles_reject_outcomes_that_are_not_the_players_tiles() -> None:
    g = metrocity.new_game(seed=1)
    g.resolve(TOKENS)
    with pytest.raises(IllegalAction, match="ordering"):
        g.resolve(("mall",) * 20)
    with pytest.raises(IllegalAction):
        metrocity.new_game(seed=1).resolve(tuple(range(15)))


def test_hand_refills_to_five_after_each_placement_while_tiles_remain() -> None:
    g = start(("res1", "res2", "res3", "res4", "res5", "com2"), ())
    play(g, "place res1 A1")
    assert len(g.s.hands[0]) == 5 and "com2" in g.s.hands[0]
    assert len(g.s.piles[0]) == 14
    last = [e for e in g.events if isinstance(e, TilesDrawn)][-1]
    assert last == TilesDrawn(0, 1, ("com2",))


def test_hand_shrinks_once_the_pile_is_empty() -> None:
    g = metrocity.new_game(seed=5)
    bots = [metrocity.RandomBot(1), metrocity.RandomBot(2)]
    placed = [0, 0]
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        action = bots[seat].choose(g, seat)
        if isinstance(action, Place | BuildOver):
            placed[seat] += 1
        g.apply(action)
        if g.prompt is None or g.prompt.kind != "swap":  # the refill follows the swap (MC-5)
            assert len(g.s.hands[seat]) == min(5, 20 - placed[seat])


# ---------------------------------------------------------------- placing (MC-3)


def test_place_puts_a_hand_tile_on_an_empty_block() -> None:
    g = start(("res3",), ())
    events = g.apply("place res3 B2")
    assert TilePlaced(0, "res3", "B2") in events
    assert g.s.tiles[6 + 1] == "res3" and g.s.owners[7] == 0
    assert "res3" not in g.s.hands[0]
    assert g.to_act == 1


def test_cannot_place_on_a_built_block_or_a_tile_not_in_hand() -> None:
    g = start(("res3", "res4"), ("com2", "com3", "com4", "com5", "com6"))
    play(g, "place res3 B2")
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply("place com2 B2")
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply("place res4 C3")  # seat 0's tile, but seat 1 is to act
    with pytest.raises(IllegalAction, match="no block 'G9'; blocks are A1 to F5"):
        g.apply("place com2 G9")
    with pytest.raises(IllegalAction, match="no tile 'house'; tiles: res1"):
        g.apply({"type": "Place", "tile": "house", "block": "A2"})
    with pytest.raises(IllegalAction, match="no token 16"):
        g.apply("build com2 A2 16")
    with pytest.raises(IllegalAction, match="malformed"):
        g.apply("place com2")
    assert fingerprint(g) == before


def test_incomplete_street_awards_nothing() -> None:
    g = start(("res5", "com6", "ind7"), ("com2", "com3"))
    play(g, *alternate(ROW1[:5], ("res5", "com6", "ind7"), ("com2", "com3")))
    assert awards(g) == []
    assert g.s.street_tokens[0] == 10


# ---------------------------------------------------------------- awards (MC-4)


def test_completing_a_row_awards_its_bonus_to_the_higher_sum() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    assert awards(g) == [StreetAwarded("st1", 10, (18, 9), 0)]
    assert g.s.money == [[10], []]
    assert g.s.street_tokens[0] is None


def test_completing_a_column_awards_its_bonus() -> None:
    p0 = ("res1", "res2", "com2")
    p1 = ("ind6", "ind7")
    g = start(p0, p1)
    play(g, *alternate(COL_A, p0, p1))
    # avA holds token 6; seat 0 completes it: 5 against 13
    assert awards(g) == [StreetAwarded("avA", 6, (5, 13), 1)]
    assert g.s.money == [[], [6]]


def test_park_stops_industrial_of_either_player_counting() -> None:
    # seat 0's own Park cancels seat 0's ind7: 1 against 7 (it would be 8 against 7)
    g = fill_row1(("park", "ind7", "res1"), ("com2", "com3", "res2"))
    assert awards(g) == [StreetAwarded("st1", 10, (1, 7), 1)]


def test_park_leaves_residential_and_commercial_counting() -> None:
    g = fill_row1(("park", "res5", "com2"), ("ind7", "com3", "com2"))
    assert awards(g) == [StreetAwarded("st1", 10, (7, 5), 0)]


def test_power_plant_stops_residential_counting() -> None:
    g = fill_row1(("res5", "res4", "com2"), ("power", "ind3", "com3"))
    assert awards(g) == [StreetAwarded("st1", 10, (2, 6), 1)]


def test_mall_stops_both_industrial_and_residential_counting() -> None:
    g = fill_row1(("ind7", "res5", "com2"), ("mall", "com3", "com4"))
    assert awards(g) == [StreetAwarded("st1", 10, (2, 7), 1)]


def test_park_and_power_plant_together_stop_both() -> None:
    g = fill_row1(("park", "ind7", "res5"), ("power", "com2", "res3"))
    assert awards(g) == [StreetAwarded("st1", 10, (0, 2), 1)]


def test_special_tiles_count_nothing_themselves() -> None:
    g = fill_row1(("park", "power", "com2"), ("mall", "com3", "court"))
    # seat 1's Courthouse asks for a swap first (MC-5): decline it
    assert g.prompt is not None and g.prompt.kind == "swap"
    g.apply("pass")
    assert awards(g) == [StreetAwarded("st1", 10, (2, 3), 1)]


def test_street_sums_on_a_partial_street() -> None:
    g = start(("ind7",), ("park",))
    play(g, "place ind7 A1")
    assert street_sums(g.s.tiles, g.s.owners, 0) == (7, 0)
    play(g, "place park B1")
    assert street_sums(g.s.tiles, g.s.owners, 0) == (0, 0)


def test_tie_discards_the_token_by_default() -> None:
    g = fill_row1(("com2", "com3", "res1"), ("com4", "res2", "park"))
    assert awards(g) == [StreetAwarded("st1", 10, (6, 6), None)]
    assert g.s.money == [[], []]
    assert g.s.street_tokens[0] is None


def test_tie_leaves_the_token_with_the_placer_under_the_placer_option() -> None:
    g = fill_row1(("com2", "com3", "res1"), ("com4", "res2", "park"), tie="placer")
    # seat 1 placed the last block (F1)
    assert awards(g) == [StreetAwarded("st1", 10, (6, 6), 1)]
    assert g.s.money == [[], [10]]


def test_a_placement_completing_a_row_and_a_column_awards_the_row_first() -> None:
    p0 = ("com6", "com5", "com4", "res1", "res2")
    p1 = ("res3", "res4", "res5", "com2", "com3")
    g = start(p0, p1)
    blocks = ("B1", "C1", "D1", "E1", "F1", "A2", "A3", "A4", "A5", "A1")
    play(g, *alternate(blocks, p0, p1))
    # moves: seat 0 com6 B1, com5 D1, com4 F1, res1 A3, res2 A5; seat 1 res3 C1, res4 E1,
    # res5 A2, com2 A4, and last com3 on A1, completing st1 and avA at once
    assert awards(g) == [
        StreetAwarded("st1", 10, (15, 10), 0),
        StreetAwarded("avA", 6, (3, 10), 1),
    ]
    assert g.s.money == [[10], [6]]


# ---------------------------------------------------------------- Courthouse (MC-5)


def test_courthouse_swap_comes_before_the_award_it_triggers() -> None:
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    # seat 1's Courthouse completes st1 (token 10): it asks for a swap first
    assert g.prompt is not None and g.prompt.kind == "swap" and g.to_act == 1
    assert awards(g) == []
    events = g.apply("swap st1 avF")  # avF holds 12
    swapped = [e for e in events if isinstance(e, BonusesSwapped)]
    got = [e for e in events if isinstance(e, StreetAwarded)]
    assert swapped == [BonusesSwapped(1, "st1", "avF", 10, 12)]
    assert got == [StreetAwarded("st1", 12, (5, 13), 1)]
    assert events.index(swapped[0]) < events.index(got[0])
    assert g.s.street_tokens[10] == 10
    assert g.s.money == [[], [12]]


def test_courthouse_owner_may_decline_the_swap() -> None:
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    events = g.apply(Pass())
    assert not [e for e in events if isinstance(e, BonusesSwapped)]
    assert awards(g) == [StreetAwarded("st1", 10, (5, 13), 1)]


def test_courthouse_swap_offers_only_streets_still_holding_a_token() -> None:
    g = start(("court",), ("com2",))
    play(g, "place court A1")
    legal = g.legal_actions()
    assert legal[0] == Pass()
    assert len(legal) == 1 + 55  # all 11 streets still hold a token: every pair
    assert Swap("st1", "avF") in legal and Swap("avF", "st1") not in legal
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("court",))
    g.apply(Place("court", "B2"))  # st1 was awarded: 10 streets left
    legal = g.legal_actions()
    assert all(isinstance(a, Swap) and "st1" not in (a.first, a.second) for a in legal[1:])
    assert len(legal) == 1 + 45


def test_swap_must_name_two_unawarded_streets_in_street_order() -> None:
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    before = fingerprint(g)
    for bad in ("swap avF st1", "swap st1 st1", "place res3 A2"):
        with pytest.raises(IllegalAction, match="not legal"):
            g.apply(bad)
    with pytest.raises(IllegalAction, match="no street 'zz'; streets: st1"):
        g.apply("swap st1 zz")
    assert fingerprint(g) == before


def test_no_swap_question_when_fewer_than_two_streets_hold_a_token() -> None:
    # ruling MC-A3: with one token left there is nothing to swap
    g = start(("court",), ("com2",))
    g.s.street_tokens = [None] * 10 + [12]
    events = g.apply("place court A1")
    assert g.prompt is not None and g.prompt.kind == "place" and g.to_act == 1
    assert not [e for e in events if isinstance(e, BonusesSwapped)]


def test_courthouse_built_over_a_tile_also_offers_the_swap() -> None:
    # ruling MC-A1: building the Courthouse over one's own tile is a placement of it
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("court",))
    assert g.s.money == [[10], []]
    events = g.apply("build court A1 10")
    assert TilePlaced(0, "court", "A1", "res5", 10) in events
    assert g.prompt is not None and g.prompt.kind == "swap"
    g.apply("swap st2 avF")
    assert g.s.street_tokens[1] == 12 and g.s.street_tokens[10] == 2


# ---------------------------------------------------------------- building over (MC-3)


def test_build_over_own_tile_pays_a_chosen_token_and_the_old_tile_leaves() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("mall",))
    assert g.s.money == [[10], []] and g.to_act == 0
    n = len(awards(g))
    assert BuildOver("mall", "A1", 10) in g.legal_actions()
    events = g.apply("build mall A1 10")
    assert TilePlaced(0, "mall", "A1", "res5", 10) in events
    assert g.s.money == [[], []]  # the token is discarded, not given to anyone
    assert g.s.tiles[0] == "mall" and g.s.owners[0] == 0
    assert "res5" not in g.s.hands[0] and "res5" not in g.s.piles[0]
    assert "mall" not in g.s.hands[0] and len(g.s.hands[0]) == 5  # refilled
    assert len(awards(g)) == n  # a build-over completes no street (ruling MC-A4)
    assert g.to_act == 1


def test_build_over_offers_every_held_token_as_payment() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("park",))
    hold(g, 0, 3)  # a second won token, set directly
    builds = [a for a in g.legal_actions() if isinstance(a, BuildOver)]
    assert {a.token for a in builds} == {3, 10}
    assert {a.block for a in builds} == {"A1", "C1", "E1"}
    g.apply("build park C1 3")
    assert g.s.money[0] == [10]


def test_no_build_over_without_a_token() -> None:
    g = start(("res5", "com6"), ("com2",))
    play(g, "place res5 A1", "place com2 B1")
    assert not [a for a in g.legal_actions() if isinstance(a, BuildOver)]
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="not legal"):
        g.apply("build com6 A1 10")
    assert fingerprint(g) == before


def test_no_build_over_an_opponents_tile_or_with_a_token_not_held() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    before = fingerprint(g)
    with pytest.raises(IllegalAction):
        g.apply("build park B1 10")  # seat 1's block
    with pytest.raises(IllegalAction):
        g.apply("build park A1 7")  # token 7 lies on avB
    assert fingerprint(g) == before


def test_build_over_a_block_does_not_award_its_streets() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("park",))
    n = len(awards(g))
    hold(g, 0, 4)
    g.apply("build park A1 4")
    assert len(awards(g)) == n


# ---------------------------------------------------------------- passing and the end (MC-3)


def test_a_player_with_an_empty_hand_passes() -> None:
    g = start()
    g.s.hands[1].clear()
    g.s.piles[1].clear()
    events = g.apply(g.legal_actions()[0])
    assert Passed(1) in events
    assert g.to_act == 0


def test_game_ends_when_neither_player_can_place() -> None:
    g = start(("res1",))
    g.s.hands[1].clear()
    g.s.piles[1].clear()
    g.s.hands[0][:] = ["res1"]
    g.s.piles[0].clear()
    g.apply("place res1 A1")
    assert g.is_over
    assert g.result().reason == "neither player can place"
    assert g.s.empty == 29


def test_game_ends_as_soon_as_the_grid_is_full() -> None:
    for seed in range(40):
        g = metrocity.new_game(seed=seed)
        metrocity_play(g)
        if g.s.empty == 0 and any(g.s.hands):
            assert g.result().reason == "the grid is full"
            assert list(g.legal_actions()) == []
            return
    raise AssertionError("no sample game filled the grid with tiles left in hand")


def metrocity_play(g: metrocity.MetroCity) -> None:
    """Play ``g`` to its end with random bots."""
    from common import play as core_play

    core_play(g, [metrocity.RandomBot(g.seed), metrocity.RandomBot(g.seed + 1)])


# ---------------------------------------------------------------- winner (MC-6)


def test_scores_are_money_held_and_most_money_wins() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    hold(g, 0, 2)
    hold(g, 1, 5)
    assert g.s.money == [[10, 2], [5]]
    res = g._result()
    assert res.scores == (12, 5) and res.winners == (0,)


def test_every_random_game_ends_with_the_money_held_as_its_result() -> None:
    # ruling MC-6, issue 8: the core keeps the result it logged at the end; each game's must
    # still be its own money, its richest seats and why it ended
    for seed in range(60):
        g = metrocity.new_game(seed=seed)
        common_play(g, [RandomBot(seed), RandomBot(seed + 1)])
        money = (sum(g.s.money[0]), sum(g.s.money[1]))
        full = None not in g.s.tiles
        reason = "the grid is full" if full else "neither player can place"
        assert g.result() == Result(money, winners_by_score(money), reason), seed


def test_equal_money_is_a_shared_win() -> None:
    g = start()
    hold(g, 0, 10)
    hold(g, 1, 4, 6)
    assert g._result().winners == (0, 1)
    g.s.money = [[], []]
    assert g._result().winners == (0, 1)


def test_max_actions_bounds_a_game() -> None:
    g = metrocity.new_game(seed=2)
    assert g.max_actions() == 42  # 40 tiles, one swap question per Courthouse


# ---------------------------------------------------------------- views and secrets


def test_view_shows_own_hand_and_pile_sizes_only() -> None:
    g = start(("res1", "res2", "res3", "res4", "res5"), ("com2", "com3", "com4", "com5", "com6"))
    v0 = g.view(0)["state"]
    assert v0["hand"] == ["res1", "res2", "res3", "res4", "res5"]
    assert [p["hand_size"] for p in v0["players"]] == [5, 5]
    assert [p["pile_size"] for p in v0["players"]] == [15, 15]
    text = json.dumps(g.view(0))
    assert "com5" not in text
    assert g.view(None)["state"]["hand"] is None
    assert "res1" not in json.dumps(g.view(1))


def test_views_and_events_do_not_depend_on_the_opponents_hand() -> None:
    common_tiles = ("com2", "res1")
    a = start(("ind7", "res5"), (*common_tiles, "ind3", "ind4", "ind5"))
    b = start(("ind7", "res5"), (*common_tiles, "mall", "park", "court"))
    assert a.s.hands[1] != b.s.hands[1]
    for g in (a, b):
        play(g, "place ind7 A1", "place com2 B1", "place res5 C1", "place res1 D1")
    assert a.view(0) == b.view(0)
    assert a.events_for(0) == b.events_for(0)
    assert a.view(None) == b.view(None)
    assert a.events_for(None) == b.events_for(None)
    assert a.view(1) != b.view(1)


def test_determinize_redraws_only_what_the_seat_cannot_see() -> None:
    common_tiles = ("com2", "res1")
    a = start(("ind7", "res5"), (*common_tiles, "ind3", "ind4", "ind5"))
    b = start(("ind7", "res5"), (*common_tiles, "mall", "park", "court"))
    play(a, "place ind7 A1")
    play(b, "place ind7 A1")
    da = a.determinize(0, GameRandom(5))
    db = b.determinize(0, GameRandom(5))
    assert da.s == db.s  # depends only on what seat 0 sees
    assert da.s.hands[0] == a.s.hands[0] and da.s.tiles == a.s.tiles
    assert sorted(da.s.hands[1] + da.s.piles[1]) == sorted(a.s.hands[1] + a.s.piles[1])
    assert len(da.s.hands[1]) == 5 and len(da.s.piles[0]) == len(a.s.piles[0])
    assert a.s.hands[1] == sorted(a.s.hands[1], key=lambda t: PLAYER_TILES.index(t))
    da.apply(da.legal_actions()[0])  # a determinized copy plays on
    assert a.to_act == 1


def test_a_determinized_copy_keeps_the_state_laws_and_the_rules_moves() -> None:
    # the redrawn hand is a new hand: whether it holds both Parks (kept for the legal moves,
    # issue 8) is set again, and its moves are those the rules list
    doubled = 0
    for seed in range(12):
        for g in decisions(seed):
            seat = g.to_act or 0
            for k in range(3):
                copy = g.determinize(1 - seat, GameRandom(seed * 3 + k))
                assert copy.invariants() == []
                assert list(copy.legal_actions()) == reference.legal_actions(copy)
                doubled += copy.s.doubled[seat]
    assert doubled > 0  # hands holding both Parks were redrawn


def test_opponent_draws_are_redacted_in_the_event_stream() -> None:
    g = start(("res1",), ("com2",))
    drawn = [e for e in g.events_for(0) if e["type"] == "TilesDrawn"]
    assert drawn[0]["tiles"] is not None and drawn[1]["tiles"] is None
    shuffles = [e for e in g.events_for(0) if e["type"] == "ChanceResolved"]
    assert shuffles[0]["outcome"] is not None  # the tokens are face up
    assert shuffles[1]["outcome"] is None and shuffles[2]["outcome"] is None


def test_secrets_are_the_other_hand_and_pile_and_the_own_pile_order() -> None:
    # ruling MC-A7: nobody sees a pile's order, not even its owner, who knows its contents
    g = start(("res1", "res2", "res3", "res4", "res5"), ("com2", "com3", "com4", "com5", "com6"))
    secrets = g._secrets(0)
    own_order = list(reversed(g.s.piles[0]))
    assert Secret(own_order, ordered=True) in secrets
    assert own_order not in secrets  # its contents are not secret to seat 0
    assert ["com2", "com3", "com4", "com5", "com6"] in secrets
    assert list(reversed(g.s.piles[1])) in secrets  # contents and order
    assert ["res1", "res2", "res3", "res4", "res5"] not in secrets


def test_a_spectator_may_see_neither_hand_nor_pile() -> None:
    g = start(("res1", "res2", "res3", "res4", "res5"), ("com2", "com3", "com4", "com5", "com6"))
    g.s.hands[1][:] = ["com2"]  # a one-tile hand is a secret too
    secrets = g._secrets(None)
    assert ["res1", "res2", "res3", "res4", "res5"] in secrets and ["com2"] in secrets
    assert list(reversed(g.s.piles[0])) in secrets and list(reversed(g.s.piles[1])) in secrets


def test_a_secret_equal_to_what_the_seat_sees_is_left_out() -> None:
    # both hands hold the same five tiles: seat 0's own hand cannot leak seat 1's
    g = start(("res1", "res2", "res3", "res4", "res5"), ("res1", "res2", "res3", "res4", "res5"))
    assert g.s.hands[0] == g.s.hands[1]
    assert g.s.hands[1] not in g._secrets(0)
    assert g.s.hands[1] in g._secrets(None)


class _ShowsPile(metrocity.MetroCity):
    """A broken engine whose view adds a list of pile tiles chosen by ``peek``."""

    state_schema: dict[
        str, Any
    ] = {}  # no schema: the extra key is the point: the view schema would refuse it first

    def peek(self, seat: int | None) -> list[str]:
        """The pile list this broken view shows."""
        return list(reversed(self.s.piles[1 - (seat or 0)]))

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["peek"] = self.peek(seat) if seat is not None else None
        return view


class _ShowsOwnOrder(_ShowsPile):
    def peek(self, seat: int | None) -> list[str]:
        return list(reversed(self.s.piles[seat or 0]))


@pytest.mark.parametrize("cls", [_ShowsPile, _ShowsOwnOrder])
def test_the_leak_check_catches_a_view_showing_a_pile(cls: type[metrocity.MetroCity]) -> None:
    with pytest.raises(ConformanceError, match="reveals a secret"):
        check_game(lambda s: cls(seed=s), games=1)


# ---------------------------------------------------------------- conservation (issue 9)


def test_invariants_hold_through_set_up_and_play() -> None:
    g = metrocity.new_game(seed=5)
    while not g.is_over:
        assert g.invariants() == []
        if g.chance is not None:
            g.resolve()
        else:
            g.apply(g.legal_actions()[-1])  # the last action: build-overs once tokens are won
    assert g.invariants() == []
    assert any(isinstance(e, TilePlaced) and e.paid for e in g.events)


def _broken(change: Callable[[metrocity.MetroCity], None]) -> list[str]:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("mall",))
    g.apply("build mall A1 10")
    assert g.invariants() == []
    change(g)
    return g.invariants()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda g: g.s.hands[1].append("park"), "seat 1 holds 6 tiles, more than 5"),
        (lambda g: g.s.piles[0].pop(), "seat 0's tiles in hand, pile, on the grid and gone"),
        (lambda g: g.s.gone[0].clear(), "seat 0's tiles in hand, pile, on the grid and gone"),
        (lambda g: g.s.tiles.__setitem__(6, "res1"), "block A2 holds 'res1' owned by -1"),
        (lambda g: g.s.owners.__setitem__(1, 0), "seat 1's tiles"),
        (lambda g: g.s.discarded.clear(), "the tokens on streets, held, discarded and out"),
        (lambda g: g.s.street_tokens.__setitem__(0, 10), "st1 must either hold its token"),
        (lambda g: hold(g, 1, 4), "seat 1 holds tokens [4], but the log awarded it []"),
        (lambda g: g.s.cash.__setitem__(0, 3), "seat 0 has $3 but holds tokens []"),
        (lambda g: g.s.free.remove(29), "the empty blocks are listed as"),
        (lambda g: g.s.owned[1].append(0), "seat 1's blocks are listed as"),
        (lambda g: g.s.street_tally[0].__setitem__(0, 0), "seat 0's street tallies are"),
        (lambda g: g.s.doubled.__setitem__(1, True), "seat 1's hand"),
        (lambda g: g.s.street_winner.__setitem__(1, 0), "st2 was awarded with empty blocks"),
    ],
)
def test_invariants_report_a_deliberately_broken_state(
    change: Callable[[metrocity.MetroCity], None], message: str
) -> None:
    broken = _broken(change)
    assert any(message in b for b in broken), broken


def test_check_game_reports_a_broken_invariant() -> None:
    class Leaky(metrocity.MetroCity):
        def _award_street(self, placer: int, street: int) -> None:
            super()._award_street(placer, street)
            self.s.discarded.clear()  # a token vanishes

    with pytest.raises(ConformanceError, match="invariant broken"):
        check_game(lambda s: Leaky(seed=s), games=1)


def test_actions_have_text_and_json_forms() -> None:
    g = start()
    for action in (Place("res3", "B2"), BuildOver("mall", "A1", 10), Swap("st1", "avF"), Pass()):
        assert g.parse_action(str(action)) == action
        assert g.parse_action(action.to_json()) == action
    assert str(BuildOver("mall", "A1", 10)) == "build mall A1 10"


def test_save_and_load_continue_the_same_game() -> None:
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    text = g.to_json()
    again = metrocity.load(text)
    assert again.to_json() == text
    again.apply("swap st1 avF")
    g.apply("swap st1 avF")
    assert again.to_json() == g.to_json()


def test_a_new_state_is_the_default_state_with_lists_of_its_own() -> None:
    # issue 8: set-up builds the state without the field factories; it must be the same state,
    # and no list may be shared between two games
    first, second = CityState.new(), CityState.new()
    assert first == CityState() == second
    for name in attrs.fields_dict(CityState):
        value = getattr(first, name)
        if isinstance(value, list):
            assert value is not getattr(second, name), name
            for k, inner in enumerate(value):
                if isinstance(inner, list):
                    assert inner is not getattr(second, name)[k], name
                    assert all(inner is not other for other in value[k + 1 :]), name


def test_a_clone_placing_elsewhere_leaves_the_originals_log_alone() -> None:
    # issue 8: a placement and its refill append to the log inline, not through ``_emit``; each
    # game's log must read its own decision's facts, whichever of a game and its clone moved
    hand = ("res1", "res2", "com2", "ind3", "com4")
    g = start(hand)
    sixth = pile(hand)[5]
    before = len(g.events)
    c = g.clone()
    g.apply("place res1 A1")
    c.apply("place res2 B2")
    for game, tile, block in ((g, "res1", "A1"), (c, "res2", "B2")):
        taken, placed, drawn = game.events[before:]
        assert isinstance(taken, ActionTaken) and str(taken.action) == f"place {tile} {block}"
        assert placed == TilePlaced(0, tile, block)
        assert drawn == TilesDrawn(0, 1, (sixth,))
