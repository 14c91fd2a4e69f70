"""Every event of Metro City in words (issue 23): ``g.describe(event, seat)``.

The words are made from the event as the seat sees it (``event.for_seat``), name players,
tiles, blocks and streets by name and tokens in dollars, and never name a tile the seat may
not see: another seat's draw is told by its count alone.
"""

from __future__ import annotations

import doctest
import re
from collections import Counter
from collections.abc import Iterator

import pytest

import metrocity
import metrocity.words
from common import ActionForced, Event, RandomBot, Secret, play
from common.events import CORE_EVENTS
from metrocity import Passed, TilesDrawn
from metrocity.data import BLOCK_IDS, STREETS, TILES
from tests.metrocity.helpers import fill_row1, start
from tests.metrocity.helpers import play as play_moves

SEATS = (0, 1, None)
#: every type of event Metro City's log holds: its own facts and the core's
EVENT_TYPES = {t.__name__ for t in (*CORE_EVENTS, *metrocity.MetroCity.game_events)}
#: a tile named in words: its name in the rules, the Park with its published name (MC-A10)
_TILE_WORDS = re.compile(
    r"\b(?:(Residential|Commercial|Industrial) (\d)|(Parks?) \(Schools?\)|(Power Plant)|(Mall)"
    r"|(Courthouse))\b"
)
#: the ids a sentence must never show instead of names
_IDS = re.compile(r"\b(?:" + "|".join([*TILES, *(s.id for s in STREETS), "None", "null"]) + r")\b")


def _named_tiles(sentence: str) -> Counter[str]:
    """The tiles a sentence names, as ids, with how often (``two Parks``: the Park twice)."""
    found: Counter[str] = Counter()
    for match in _TILE_WORDS.finditer(sentence):
        category, value, park, power, mall, court = match.groups()
        if category:
            found[f"{category[:3].lower()}{value}"] += 1
        elif park:
            found["park"] += 2 if park == "Parks" else 1
        else:
            found[{power: "power", mall: "mall", court: "court"}[power or mall or court]] += 1
    return found


def _json_tiles(value: object) -> Counter[str]:
    """The tile ids anywhere in an event's JSON."""
    if isinstance(value, str):
        return Counter([value]) if value in TILES else Counter()
    if isinstance(value, dict):
        return sum((_json_tiles(v) for v in value.values()), Counter())
    if isinstance(value, list | tuple):
        return sum((_json_tiles(v) for v in value), Counter())
    return Counter()


def _random_game(seed: int, tie: str = "discard") -> metrocity.MetroCity:
    g = metrocity.new_game(seed=seed, tie=tie)
    play(g, [RandomBot(seed), metrocity.HeuristicBot(seed + 1)])
    return g


def _forced_placement() -> metrocity.MetroCity:
    """Seat 1 holds one Residential 1 with F5 the last empty block: placed for it (MC-A3)."""
    from tests.metrocity.test_forced import _late_position

    g = _late_position(["res1"])
    g.apply("place ind3 E5")
    return g


def _empty_hand_pass() -> metrocity.MetroCity:
    """Seat 1 holds no tile: the engine passes for it (MC-3, MC-A3)."""
    g = start()
    g.s.hands[1].clear()
    g.s.piles[1].clear()
    g.apply("place res1 A1")
    return g


def _scripted_games() -> Iterator[metrocity.MetroCity]:
    """Positions that hold every kind of event, the rare ones included."""
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    g.apply("swap st1 avF")  # the Courthouse's swap (MC-5)
    yield g
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    g.apply("pass")  # the Courthouse's pass, a decision
    yield g
    yield fill_row1(("res5", "com2", "res1"), ("com5", "com3", "park"))  # a tie, discarded
    yield fill_row1(("com2", "com3", "res1"), ("com4", "res2", "park"), tie="placer")
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("mall",))
    g.apply("build mall A1 10")  # a build-over (MC-3)
    yield g
    yield _forced_placement()
    yield _empty_hand_pass()
    for seed in range(4):
        yield _random_game(seed)
    yield _random_game(9, tie="placer")


def _check_sentence(sentence: str, event: Event, seat: int | None) -> None:
    where = f"{event.type_name} for seat {seat}: {sentence!r}"
    assert sentence and not sentence[0].islower() and sentence.endswith("."), where
    assert sentence != f"{event.type_name}.", where  # not the core's fallback
    assert not _IDS.search(sentence), where  # names, never ids
    assert "?" not in sentence, where


def test_every_event_type_is_told_in_a_sentence_for_every_seat_and_the_spectator() -> None:
    told: set[str] = set()
    for g in _scripted_games():
        for event in g.events:
            for seat in SEATS:
                _check_sentence(g.describe(event, seat), event, seat)
            told.add(event.type_name)
    assert told == EVENT_TYPES


def test_the_words_name_no_tile_but_those_the_seat_sees_in_the_event() -> None:
    # ruling MC-A7: only the drawer sees its draw; the words say what for_seat(seat) says
    for g in _scripted_games():
        for event in g.events:
            for seat in SEATS:
                sentence = g.describe(event, seat)
                seen = _json_tiles(event.for_seat(seat))
                if event.type_name == "BonusesSwapped":
                    seen["court"] += 1  # MC-5: only a Courthouse swaps; it stands on the grid
                assert set(_named_tiles(sentence)) <= set(seen), f"{sentence!r} for seat {seat}"


def test_another_seats_draw_is_told_by_its_count_and_never_names_its_secret_tiles() -> None:
    for seed in range(3):
        g = metrocity.new_game(seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 7)]
        draws = 0
        while not g.is_over:
            events = (
                g.resolve()
                if g.chance is not None
                else g.apply(bots[g.to_act or 0].choose(g, g.to_act or 0))
            )
            for event in events:
                if not isinstance(event, TilesDrawn):
                    continue
                for seat in (1 - event.seat, None):
                    secrets = g._secrets(seat)
                    hidden = [v.value if isinstance(v, Secret) else v for v in secrets]
                    # what was drawn is declared secret from this seat: in the drawer's hand
                    assert any(set(event.tiles or ()) <= set(v) for v in hidden)
                    sentence = g.describe(event, seat)
                    count = "a tile" if event.count == 1 else f"{event.count} tiles"
                    assert sentence == f"{g.players[event.seat]} draws {count}."
                    draws += 1
                assert g.describe(event, event.seat).startswith("You draw ")
        assert draws > 10


def test_the_words_do_not_depend_on_the_other_hand() -> None:
    common_tiles = ("com2", "res1")
    a = start(("ind7", "res5"), (*common_tiles, "ind3", "ind4", "ind5"))
    b = start(("ind7", "res5"), (*common_tiles, "mall", "park", "court"))
    for g in (a, b):
        play_moves(g, "place ind7 A1", "place com2 B1", "place res5 C1")

    def told(g: metrocity.MetroCity, seat: int | None) -> list[str]:
        return [g.describe(e, seat) for e in g.events]

    assert told(a, 0) == told(b, 0) and told(a, None) == told(b, None)
    assert told(a, 1) != told(b, 1)


def test_a_turn_is_told_by_the_names_of_its_tile_block_streets_and_the_draw() -> None:
    g = start(("res5",), ("com2",))
    events = g.apply("place res5 A1")
    told = [g.describe(e, 1) for e in events]
    assert told == [
        "Player 1 places Residential 5 on A1.",
        "Player 1's Residential 5 now stands on A1 (1st Street and A Avenue).",
        "Player 1 draws a tile.",
    ]
    mine = [g.describe(e, 0) for e in events]
    assert mine[0] == "You place Residential 5 on A1."
    assert mine[2].startswith("You draw ") and mine[2] != told[2]


def test_the_set_up_is_told_with_the_tokens_the_draws_and_the_first_player() -> None:
    g = start(("res5", "com6", "ind7", "mall", "court"), ("com2", "com3", "com4", "park", "power"))
    by_type: dict[str, Event] = {}
    for event in g.events:
        by_type.setdefault(event.type_name, event)
    laid = g.describe(by_type["TokensPlaced"])
    assert laid.startswith("A bonus token is laid face up on each street: 1st Street $10, ")
    assert laid.endswith("F Avenue $12.")
    assert g.describe(by_type["FirstPlayerDrawn"], 1) == (
        "For the first turn Player 1 draws $15 and you draw $1, so Player 1 goes first; "
        "$15, $1, $13 and $14 leave play."
    )
    hands = [e for e in g.events if isinstance(e, TilesDrawn)]
    assert g.describe(hands[0], 0) == (
        "You draw Residential 5, Commercial 6, Industrial 7, the Mall and the Courthouse."
    )
    assert g.describe(hands[0], 1) == "Player 1 draws 5 tiles."
    assert g.describe(hands[1], None) == "Player 2 draws 5 tiles."
    shuffles = [e for e in g.events if e.type_name == "ChanceResolved"]
    assert g.describe(shuffles[1], 0) == (
        "Your 20 tiles are shuffled into a face-down pile; nobody sees the order."
    )
    assert g.describe(shuffles[2], 0).startswith("Player 2's 20 tiles are shuffled")


def test_awards_say_who_won_which_street_the_token_and_the_sums() -> None:
    # MC-4: the higher sum takes the token; a tie discards it, or the placer keeps it
    won = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    award = won.events[-2]
    assert award.type_name == "StreetAwarded"
    assert won.describe(award, 1) == "Player 1 wins the $10 bonus of 1st Street, 18 to 9."
    assert won.describe(award, 0) == "You win the $10 bonus of 1st Street, 18 to 9."
    tied = fill_row1(("res5", "com2", "res1"), ("com5", "com3", "park"))
    award = next(e for e in tied.events if e.type_name == "StreetAwarded")
    assert tied.describe(award) == (
        "1st Street is complete and tied at 8 to 8: its $10 is discarded."
    )
    kept = fill_row1(("com2", "com3", "res1"), ("com4", "res2", "park"), tie="placer")
    award = next(e for e in kept.events if e.type_name == "StreetAwarded")
    assert kept.describe(award) == (
        "1st Street is complete and tied at 6 to 6: by the tie rule its $10 bonus goes to "
        "Player 2, who completed it."
    )


def test_a_build_over_says_what_it_replaced_and_which_token_paid() -> None:
    # MC-3: build over one's own tile by discarding a token; MC-A4: the old tile leaves
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("mall",))
    decision, placed, *_ = g.apply("build mall A1 10")
    assert g.describe(decision, 1) == "Player 1 builds the Mall over their block A1, paying $10."
    assert g.describe(placed, 0) == (
        "Your Mall replaces your Residential 5 on A1 (1st Street and A Avenue); the "
        "Residential 5 leaves the game and the $10 token that paid is discarded."
    )


def test_the_courthouse_swap_and_its_pass_are_told() -> None:
    # MC-5: the Courthouse's owner may swap two streets' tokens before the award
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    placed = g.events[-1]
    assert "may swap the bonus tokens of two streets" in g.describe(placed)
    decision, swapped, *_ = g.apply("swap st1 avF")
    assert g.describe(decision, 0) == "Player 2 swaps the bonus tokens of 1st Street and F Avenue."
    assert g.describe(swapped, 1) == (
        "Your Courthouse swaps two bonuses: 1st Street now holds $12 and F Avenue $10."
    )
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    (decision, *_) = g.apply("pass")
    assert g.describe(decision) == "Player 2 leaves the bonus tokens as they lie: no swap."


def test_moves_taken_for_a_player_say_they_were_the_only_move() -> None:
    # ruling MC-A3: a turn with one possible answer is taken for the player
    g = _forced_placement()
    forced = next(e for e in g.events if isinstance(e, ActionForced))
    assert g.describe(forced, 0) == "Player 2 places Residential 1 on F5, the only move there is."
    assert g.describe(forced, 1) == "You place Residential 1 on F5, the only move there is."
    g = _empty_hand_pass()
    forced = next(e for e in g.events if isinstance(e, ActionForced))
    passed = next(e for e in g.events if isinstance(e, Passed))
    assert g.describe(forced) == "Player 2 passes, the only move there is."
    assert g.describe(passed) == "Player 2 has no tile left to place and passes."
    assert g.describe(passed, 1) == "You have no tile left to place and pass."


def test_the_start_and_the_end_name_the_players_the_tie_rule_and_the_money() -> None:
    g = metrocity.new_game(players=["Ann", "Bo"], seed=4, tie="placer")
    play(g, [metrocity.HeuristicBot(1), RandomBot(2)])
    first, last = g.events[0], g.events[-1]
    assert g.describe(first, 1) == (
        "A game of Metro City begins between Ann and Bo (you are Bo); a tied street's token "
        "goes to the player whose placement completed the street."
    )
    scores, (winner,) = g.result().scores, g.result().winners
    assert g.describe(last) == (
        f"The game is over: {g.players[winner]} wins with ${scores[winner]} against "
        f"{g.players[1 - winner]}'s ${scores[1 - winner]}."
    )
    assert g.describe(last, winner).startswith("The game is over: you win with $")


def test_a_shared_win_is_told_as_shared() -> None:
    g = metrocity.new_game(seed=1)
    data = {"type": "GameEnded", "scores": [20, 20], "winners": [0, 1]}
    assert metrocity.words.tell(data, g.players, 0) == (
        "The game is over: you and Player 2 share the win with $20 each."
    )


@pytest.mark.parametrize("block", ["A1", "F5", "C3"])
def test_a_block_is_named_by_its_street_and_avenue(block: str) -> None:
    words = metrocity.words.block_words(block)
    row, column = int(block[1]), "ABCDEF".index(block[0])
    assert words == f"{block} ({STREETS[row - 1].name} and {STREETS[5 + column].name})"
    assert block in BLOCK_IDS


def test_the_examples_in_the_words_module_run() -> None:
    result = doctest.testmod(metrocity.words)
    assert result.attempted > 0 and result.failed == 0


def test_an_event_of_no_known_type_falls_back_to_the_core() -> None:
    assert metrocity.words.tell({"type": "Unknown"}, ("A", "B"), None) is None
