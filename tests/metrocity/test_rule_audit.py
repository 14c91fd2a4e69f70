"""Rule-by-rule checks added by the rules audit: every award combination (MC-4) and rulings A8+."""

from __future__ import annotations

import itertools
import json

import pytest

import metrocity
from common import IllegalAction
from common.testing import fingerprint
from metrocity import StreetAwarded, TilePlaced
from metrocity.reference import rule_sums
from metrocity.tables import street_sums
from tests.metrocity.helpers import ROW1, TOKENS, fill_row1, play, start

SPECIALS = ("park", "power", "mall", "court")
#: numbered tiles that fill the rest of the street: every category for both seats when the
#: specials leave room (block parity decides the owner: A1, C1, E1 seat 0; B1, D1, F1 seat 1)
NUMBERED = ("ind7", "res5", "com6", "ind3", "res1", "com2")


def _row(specials: tuple[str, ...], shift: int) -> list[str]:
    """Row 1's six tiles, A1 to F1: ``shift`` numbered tiles, the specials, then numbered."""
    rest = iter(NUMBERED)
    head = [next(rest) for _ in range(shift)]
    return [*head, *specials, *itertools.islice(rest, 6 - shift - len(specials))]


SUBSETS = [c for n in range(len(SPECIALS) + 1) for c in itertools.combinations(SPECIALS, n)]


@pytest.mark.parametrize("shift", [0, 1], ids=["specials_first_seat0", "specials_first_seat1"])
@pytest.mark.parametrize("specials", SUBSETS, ids=lambda c: "+".join(c) or "none")
def test_every_combination_of_special_tiles_awards_by_the_mc4_sums(
    specials: tuple[str, ...], shift: int
) -> None:
    # ruling MC-4, every one of the 16 sets of special kinds on a street, each with the specials
    # owned first by seat 0 and then by seat 1; played out through legal moves
    row = _row(specials, shift)
    p0, p1 = row[0::2], row[1::2]
    g = start(p0, p1)
    for block, tile in zip(ROW1, row, strict=True):
        g.apply(f"place {tile} {block}")
        if g.prompt is not None and g.prompt.kind == "swap":
            g.apply("pass")
    expected = rule_sums([(t, k % 2) for k, t in enumerate(row)])
    winner = None if expected[0] == expected[1] else int(expected[1] > expected[0])
    got = [e for e in g.events if isinstance(e, StreetAwarded)]
    assert got == [StreetAwarded("st1", TOKENS[0], expected, winner)]


def test_street_sums_match_the_rule_for_every_special_set_and_owner() -> None:
    # ruling MC-4 on the sums alone: every set of specials, each special owned by either seat
    for specials in SUBSETS:
        for owners in itertools.product((0, 1), repeat=len(specials)):
            street = [*zip(specials, owners, strict=True)]
            street += [("ind5", 0), ("res4", 1), ("com3", 0)][: 6 - len(street)]
            street += [("ind6", 1), ("res2", 0)][: 6 - len(street)]
            tiles: list[str | None] = [None] * 30
            seats = [-1] * 30
            for block, (tile, owner) in enumerate(street):
                tiles[block], seats[block] = tile, owner
            assert street_sums(tiles, seats, 0) == rule_sums(street), street


def test_courthouse_alone_stops_no_category() -> None:
    # ruling MC-A5: the Courthouse acts only through the swap (MC-5), never on the sums
    g = start(("court", "ind7", "res5"), ("ind3", "res2", "com4"))
    play(g, "place court A1", "pass", "place ind3 B1", "place ind7 C1", "place res2 D1")
    play(g, "place res5 E1", "place com4 F1")
    awarded = [e for e in g.events if isinstance(e, StreetAwarded)]
    assert awarded == [StreetAwarded("st1", 10, (12, 9), 0)]


def test_a_street_where_every_number_is_stopped_is_a_tie_at_zero() -> None:
    # ruling MC-4: the Mall stops both Industrial and Residential; 0 against 0 is a tie, and
    # a tie discards the token by default
    g = fill_row1(("mall", "ind7", "res5"), ("ind3", "res2", "ind4"))
    assert [e for e in g.events if isinstance(e, StreetAwarded)] == [
        StreetAwarded("st1", 10, (0, 0), None)
    ]
    assert g.s.money == [[], []] and 10 in g.s.discarded


def test_building_over_ones_own_park_lets_industrial_count_again() -> None:
    # ruling MC-A4: a build-over may replace one's own special tile; the old tile leaves the
    # game, so the Park's stop on Industrial (MC-4) ends with it
    g = fill_row1(
        ("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("park", "ind6", "ind5", "com5")
    )
    assert g.s.money == [[10], []] and g.to_act == 0
    play(g, "place park A2", "place res1 B2", "place ind6 C2", "place res2 D2")
    assert street_sums(g.s.tiles, g.s.owners, 1) == (0, 3)
    play(g, "build ind5 A2 10", "place res3 E2", "place com5 F2")
    awarded = [e for e in g.events if isinstance(e, StreetAwarded)]
    assert awarded[-1] == StreetAwarded("st2", 2, (16, 6), 0)
    assert "park" in g.s.gone[0]


def test_the_four_unplaced_tokens_leave_play_and_never_become_money() -> None:
    # ruling MC-2: the two first-player draws and the two never drawn are all out of play
    g = start()
    assert g.s.out_of_play == TOKENS[11:]
    assert set(g.s.street_tokens).isdisjoint(TOKENS[11:])
    assert g.s.money == [[], []]


# ---------------------------------------------------------------- rulings added by the audit


def test_won_tokens_are_public_to_both_seats_and_spectators() -> None:
    # ruling MC-A8: every award happens in the open, so the tokens each player holds are shown
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    for seat in (0, 1, None):
        players = g.view(seat)["state"]["players"]
        assert [p["tokens"] for p in players] == [[10], []]
        assert [p["money"] for p in players] == [10, 0]


def test_a_player_holding_a_tile_may_not_pass() -> None:
    # ruling MC-A9: a turn is a placement; only a player with an empty hand passes (MC-3)
    g = start()
    before = fingerprint(g)
    for bad in ("pass", {"type": "Pass"}):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert fingerprint(g) == before
    assert all(a.word in ("place", "build") for a in g.legal_actions())


def test_building_over_a_tile_of_the_same_kind_is_allowed() -> None:
    # ruling MC-A4: any own block, any tile from hand: the second Park over the first is legal
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("park", "park"))
    play(g, "place park A2", "place res1 B2")
    assert g.s.hands[0].count("park") == 1 and g.s.money[0] == [10]
    events = g.apply("build park A2 10")
    assert TilePlaced(0, "park", "A2", "park", 10) in events
    assert g.s.gone[0] == ["park"] and g.s.tiles[6] == "park"


def test_views_and_events_never_show_the_other_hand_or_any_pile_order() -> None:
    # MC-A7: the other seat's hand and every pile order stay secret in views and event logs,
    # through a whole random game
    g = metrocity.new_game(seed=11)
    bots = [metrocity.RandomBot(3), metrocity.RandomBot(4)]
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        for viewer in (0, 1, None):
            state = g.view(viewer)["state"]
            assert state["hand"] == (None if viewer is None else g.s.hands[viewer])
            assert set(state["players"][0]) == {
                "seat",
                "money",
                "tokens",
                "hand_size",
                "pile_size",
            }
        g.apply(bots[seat].choose(g, seat))
    for viewer in (0, 1, None):
        for e in g.events_for(viewer):
            if e["type"] == "TilesDrawn" and e["seat"] != viewer:
                assert e["tiles"] is None
            if e["type"] == "ChanceResolved" and "pile" in json.dumps(e):
                assert e["outcome"] is None
