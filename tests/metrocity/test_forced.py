"""Questions with one possible answer are never asked: the engine takes the answer (MC-A3).

Issue 22: no prompt offers exactly one legal action; the engine logs the one answer as
``ActionForced`` (not a decision) and plays on. In Metro City three turns can have one answer:
the pass of a player who cannot place (MC-3), the Courthouse's pass when fewer than two streets
hold a token (MC-5), and the placement of a player whose hand holds one kind of tile with one
empty block left and no build-over open.
"""

from __future__ import annotations

import pytest

import metrocity
from common import ActionForced, ActionTaken, RandomBot
from common.game import replay_into
from metrocity import Pass, Passed, Place, StreetAwarded, TilePlaced
from metrocity.data import PLAYER_TILES
from tests.metrocity.helpers import arrange, hold, play, start

#: seat 1's blocks in the arranged positions: rows 1-4 of avenues A-D and F, less A1
_SEAT1_BLOCKS = [f"{c}{r}" for r in range(1, 5) for c in "ABCDF" if f"{c}{r}" != "A1"]
#: seat 0's: A1, E1-E4 and A5-D5 (E5 and F5 stay empty)
_SEAT0_BLOCKS = ["A1", "E1", "E2", "E3", "E4", "A5", "B5", "C5", "D5"]


def _late_position(hand1: list[str], tie: str = "discard") -> metrocity.MetroCity:
    """Seat 0 to act with E5 and F5 empty; seat 1 holds only ``hand1`` and no token.

    Seat 1's other tiles fill its 19 blocks (one left for seat 0 when it holds two Parks);
    seat 0 holds every block of E Avenue but E5, so its placement on E5 wins that street.
    """
    g = start(tie=tie)
    theirs = list(PLAYER_TILES)
    for tile in hand1:
        theirs.remove(tile)
    mine = ["com2", "com3", "com4", "com5", "com6", "res1", "res2", "res3", "res4", "res5"]
    blocks1 = _SEAT1_BLOCKS[: len(theirs)]
    blocks0 = _SEAT0_BLOCKS + _SEAT1_BLOCKS[len(theirs) :]
    grid = {b: (t, 1) for b, t in zip(blocks1, theirs, strict=True)}
    grid |= {b: (t, 0) for b, t in zip(blocks0, mine, strict=False)}
    arrange(g, grid, (["ind3", "ind4", "ind5", "ind6", "ind7"], hand1), to_act=0)
    return g


def _forced(events: object) -> list[ActionForced]:
    return [e for e in events if isinstance(e, ActionForced)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("hand1", [["res1"], ["park", "park"]])
def test_one_kind_of_tile_and_one_empty_block_is_placed_for_the_player(hand1: list[str]) -> None:
    # MC-3: "place one tile from hand: on an empty block, or over a block of one's own by
    # discarding one of one's Currency tokens"; with one block, one kind and no token there is
    # one placement, and ruling MC-A3 takes it without asking (two Parks are one kind)
    g = _late_position(hand1)
    assert g.to_act == 0 and len(g.legal_actions()) > 1
    decisions = g.decisions
    events = g.apply("place ind3 E5")
    assert StreetAwarded("avE", 11, (3 + 4 + 5 + 6 + 3, 0), 0) in events  # seat 0 wins avE
    forced = _forced(events)
    assert forced == [ActionForced(1, Place(hand1[0], "F5"))]
    after = events[events.index(forced[0]) + 1]
    assert after == TilePlaced(1, hand1[0], "F5")
    assert g.decisions == decisions + 1  # the forced placement is not a decision
    assert g.is_over and g.result().reason == "the grid is full"


def test_a_build_over_open_keeps_the_question_even_with_one_token() -> None:
    # MC-3: the token a build-over discards is the player's choice, and it is part of the build
    # action itself; one token held still leaves the placement and a build-over on each own
    # block, so the question has many answers and is asked
    g = _late_position(["res1"])
    hold(g, 1, 5)
    g.apply("place ind3 E5")
    assert g.to_act == 1 and g.prompt is not None and g.prompt.kind == "place"
    legal = [str(a) for a in g.legal_actions()]
    assert legal[0] == "place res1 F5" and len(legal) == 1 + len(_SEAT1_BLOCKS)
    assert all(a.endswith(" 5") for a in legal[1:])


def test_a_player_who_cannot_place_passes_by_force_and_the_other_plays_on() -> None:
    # MC-3: "A player who cannot place passes"; ruling MC-A3: the pass is taken for the player
    g = start()
    g.s.hands[1].clear()
    g.s.piles[1].clear()
    events = g.apply(g.legal_actions()[0])
    forced = _forced(events)
    assert forced == [ActionForced(1, Pass())]
    assert events[events.index(forced[0]) + 1] == Passed(1)
    assert g.to_act == 0 and g.prompt is not None and g.prompt.kind == "place"
    assert g.decisions == 1


def test_the_courthouse_with_fewer_than_two_tokens_left_passes_by_force() -> None:
    # MC-5: the owner "may swap the bonus tokens of two streets not yet awarded"; with one
    # token left the only answer is pass, taken for the player (ruling MC-A3)
    g = start(("court",), ("com2",))
    g.s.street_tokens = [None] * 10 + [12]
    events = g.apply("place court A1")
    assert _forced(events) == [ActionForced(0, Pass())]
    assert g.prompt is not None and g.prompt.kind == "place" and g.to_act == 1
    assert g.s.pending_block == -1


def test_with_two_tokens_left_the_courthouse_question_is_asked() -> None:
    g = start(("court",), ("com2",))
    g.s.street_tokens = [None] * 9 + [11, 12]
    g.apply("place court A1")
    assert g.prompt is not None and g.prompt.kind == "swap"
    assert [str(a) for a in g.legal_actions()] == ["pass", "swap avE avF"]


def test_a_pass_is_refused_at_the_place_prompt_and_taken_at_the_swap_prompt() -> None:
    g = start(("court",), ("com2",))
    assert not g.is_legal(Pass())  # ruling MC-A9: a player holding a tile must place
    play(g, "place court A1")
    assert g.is_legal(Pass())
    g.apply("pass")
    assert g.to_act == 1


def _every_prompt_offers_two_answers(tie: str, seed: int, lean_last: bool) -> list[ActionForced]:
    g = metrocity.new_game(seed=seed, tie=tie)
    bot = RandomBot(seed)
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        legal = g.legal_actions()
        assert len(legal) >= 2, (tie, seed, g.prompt, legal)
        # leaning to the last action plays the build-overs, so hands run out early
        pick = legal[-1] if lean_last and bot.rng.random() < 0.5 else bot.choose(g, g.to_act or 0)
        g.apply(pick)
    taken = [e for e in g.events if isinstance(e, ActionTaken)]
    assert g.decisions == len(taken)
    return [e for e in g.events if isinstance(e, ActionForced)]


@pytest.mark.parametrize("tie", ["discard", "placer"])
def test_no_prompt_of_random_games_has_a_single_answer(tie: str) -> None:
    # issue 22, for every option set (the tie rule is Metro City's one option)
    forced: list[ActionForced] = []
    for seed in range(150):
        forced += _every_prompt_offers_two_answers(tie, seed, lean_last=seed % 2 == 1)
    # the sample met the one-answer placement at the end of a game, so forcing was exercised
    assert any(isinstance(e.action, Place) for e in forced)


def test_a_game_with_forced_moves_saves_loads_replays_and_undoes() -> None:
    for seed in range(40):
        g = metrocity.new_game(seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
            else:
                legal = g.legal_actions()
                g.apply(legal[-1] if bot.rng.random() < 0.5 else bot.choose(g, g.to_act or 0))
        if _forced(g.events):
            break
    else:
        raise AssertionError("no sample game had a forced move")
    assert metrocity.load(g.to_json()).to_json() == g.to_json()
    assert replay_into(metrocity.MetroCity, list(g.events)).to_json() == g.to_json()
    last = max(i for i, e in enumerate(g.events) if isinstance(e, ActionTaken))
    g.undo()
    assert len(g.events) == last
