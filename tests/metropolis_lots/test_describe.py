"""Issue 23: every event of a Metropolis log in words, for every seat and the spectator."""

from __future__ import annotations

import doctest
import json
import re
from typing import Any

import pytest

from common import ActionForced, ActionTaken, GameEnded, GameStarted, RandomBot, play
from common.events import CORE_EVENTS
from metropolis_lots import (
    Accept,
    Build,
    BuildingPut,
    BuildingScored,
    ChoiceSkipped,
    Decline,
    Done,
    FinalRound,
    Give,
    LotGiven,
    LotTaken,
    Metropolis,
    Pass,
    PoolAnswered,
    Propose,
    Take,
    TradeAnswered,
    new_game,
    words,
)
from metropolis_lots.data import DATA_DIR
from metropolis_lots.events import ALL_EVENTS
from metropolis_lots.words import TOLD
from tests.metropolis_lots.helpers import dealt
from tests.metropolis_lots.test_trading import SWAP, store_position

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")
#: every value of every rule option at least once (a replacement chart: the shipped one as
#: an object, which the game takes as a chart of a client's)
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"trade_proposals": 0, "pool_proposals": 0},
    {"final_round": "others", "give_claimed": False, "trade_proposals": 1},
    {"rotation": "free", "trade_proposals": 10, "pool_proposals": 5},
    {"rotation": "none", "chart": json.loads((DATA_DIR / "chart.json").read_text())},
]
#: what no sentence may hold: a Python value, a model id, a bare seat number
_NOT_WORDS = re.compile(r"[\[\]{}_]|\bNone\b|\bTrue\b|\bFalse\b|\bseat \d")
#: the seed of the random games: the host's secret, which no seat sees (GameStarted)
SEED = 9_876_543


def _played(players: int, options: dict[str, Any], k: int) -> Metropolis:
    g = new_game(players=list(NAMES[:players]), seed=SEED + k, **options)
    play(g, [RandomBot(k * 10 + s) for s in range(players)])
    return g


def _seats_named(data: dict[str, Any]) -> set[int]:
    """Every seat the event's JSON refers to."""
    seats = {data[k] for k in ("seat", "to", "partner", "owner", "first") if k in data}
    seats.update(data.get("partners", ()))
    seats.update(p for p, _ in data.get("shares", ()))
    seats.update(p for p, _ in data.get("credited", ()))
    seats.update(data.get("winners", ()))
    seats.update(owner for _, _, owner, _, _ in data.get("revalued", ()))
    action = data.get("action") or {}
    seats.update(action[k] for k in ("partner", "to") if k in action)
    return seats


def _lots_named(data: dict[str, Any]) -> set[int]:
    """Every lot the event's JSON names (the deal's draw is told by LotsDealt, seat by seat)."""
    lots = set(data.get("lots", ())) | set(data.get("give", ())) | set(data.get("take", ()))
    if "lot" in data:
        lots.add(data["lot"])
    action = data.get("action") or {}
    lots.update(action.get("lots", ()), action.get("give", ()), action.get("take", ()))
    if "lot" in action:
        lots.add(action["lot"])
    for moved, *_ in data.get("revalued", ()):
        lots.update(moved)
    if data["type"] == "ChanceResolved" and len(data["outcome"]) <= 4:
        lots.update(data["outcome"])
    return lots


def _check_sentence(g: Metropolis, data: dict[str, Any], seat: int | None, text: str) -> None:
    kind = data["type"]
    where = f"{kind} for {seat}: {text!r}"
    # Metropolis's own words for every event, the core's included
    assert g._describe(data, seat) == text, where
    assert text != f"{kind}." and text[0].isupper() and text.endswith("."), where
    assert not _NOT_WORDS.search(text), where
    for p in _seats_named(data):  # players by name, the reader as "you"
        named = ("you" in text.lower()) if p == seat else (g.players[p] in text)
        assert named, (p, where)
    for lot in _lots_named(data):
        assert re.search(rf"\b{lot}\b", text), (lot, where)
    # amounts in the chart's points (MS-4)
    if kind == "BuildingPut":
        assert re.search(rf"\b{data['value']} points?\b", text), where
        for _, _, _, before, after in data["revalued"]:
            assert re.search(rf"from {before} to {after} points?\b", text), where
    if kind == "BuildingScored":
        assert re.search(rf"\b{data['value']} points?\b", text), where
        if len(data["credited"]) > 1:
            assert all(re.search(rf"\b{n} to ", text) for _, n in data["credited"]), where
    if kind == "GameEnded":
        assert all(re.search(rf"\b{v}\b", text) for v in data["scores"]), where
        assert "point" in text, where
    # what the seat may not see: the seed, and any secret the game declares
    assert str(SEED)[:6] not in text, where
    for secret in g._secrets(seat):
        assert json.dumps(secret) not in text, where


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(sorted(o)) or "defaults")
def test_every_event_of_random_games_is_told_in_words_for_every_reader(
    options: dict[str, Any],
) -> None:
    seen: set[str] = set()
    for k, players in enumerate((2, 3, 4, 5)):
        g = _played(players, options, k)
        for e in g.events:
            seen.add(type(e).type_name)
            for seat in (None, *range(players)):
                data = e.for_seat(seat)
                assert data is not None
                _check_sentence(g, data, seat, g.describe(e, seat))
    everything = {c.__name__ for c in (*CORE_EVENTS, *ALL_EVENTS)}
    assert everything == TOLD
    # random play brings every event type the options allow but the two rare ones, which the
    # tests below tell
    missing = {"ChoiceSkipped", "FinalRound"}
    if options.get("trade_proposals") == 0:
        missing |= {"TradeProposed", "TradeAnswered"}
    if options.get("pool_proposals") == 0:
        missing |= {"PoolProposed", "PoolAnswered"}
    assert seen >= everything - missing


def test_nothing_of_a_metropolis_log_is_secret_so_every_seat_reads_the_same_facts() -> None:
    """Everything is public (the stack has no order, MS-A7): a seat's words differ from the
    spectator's only in calling it "you"; the seed alone is kept from everybody."""
    g = _played(3, {}, 0)
    assert all(g._secrets(seat) == [] for seat in (None, 0, 1, 2))
    for e in g.events:
        shown = {json.dumps(e.for_seat(seat), sort_keys=True) for seat in (None, 0, 1, 2)}
        assert len(shown) == 1, e
    start = g.events[0]
    assert isinstance(start, GameStarted) and start.for_seat(1)["seed"] is None  # type: ignore[index]


def test_the_start_names_the_players_their_colours_and_the_rules_that_differ() -> None:
    g = new_game(players=["Ann", "Bob", "Cy"], seed=1, trade_proposals=0, rotation="free")
    start = g.events[0]
    assert g.describe(start) == (
        "A game of Metropolis begins: Ann plays white, Bob green and Cy blue; no exchanges "
        "and buildings may be turned any quarter turn."
    )
    assert "(you are Bob)" in g.describe(start, 1)


def test_the_deal_and_the_offer_say_which_lots_went_where() -> None:
    g = dealt(3, hands=[[40, 41, 45]], offer=[25, 30, 31, 32])
    told = [g.describe(e) for e in g.events[1:11]]
    assert told[0] == (
        "The 24 lot cards of the deal are drawn from the shuffled stack: 8 a player."
    )
    assert told[1].startswith("Player 1 receives lots 40, 41, 45, ")
    assert told[1].endswith(", marked with their white chips.")
    assert told[4] == (
        "Four lot cards are turned face up for the first offer: lots 25, 30, 31 and 32."
    )
    assert told[5] == "Lot 25 of district 2 joins the offer (park view)."
    assert g.describe(g.events[2], 0).startswith("You receive lots 40, 41, 45, ")
    g.apply(Take(30))
    events = g.resolve((45 + 1,))  # lot 46: on the river, in the centre
    assert [g.describe(e) for e in events] == [
        "A new lot card is turned face up from the stack: lot 46.",
        "Lot 46 of district 4 joins the offer (river, centre).",
    ]


def test_a_lot_choice_is_told_as_the_decision_then_the_chip() -> None:  # MS-6
    g = dealt(3, offer=[30, 31, 32, 33])
    events = g.apply(Give(31, 2))
    assert [g.describe(e) for e in events] == [
        "Player 1 gives lot 31 to Player 3.",
        "By Player 1's choice lot 31 is now Player 3's, marked with a blue chip.",
    ]
    assert g.describe(events[1], 2) == (
        "By Player 1's choice lot 31 is now yours, marked with a blue chip."
    )
    forced = LotGiven(0, 1, 31, True)
    assert g.describe(forced, 0) == (
        "By your choice lot 31 is now Player 2's, marked with a green chip: you could take "
        "none of the offered lots."
    )
    assert g.describe(LotTaken(1, 33), 1) == "Lot 33 is now yours, marked with a green chip."
    assert g.describe(ActionForced(1, Take(30))) == (
        "Player 2 takes lot 30, the only choice there is."
    )
    assert g.describe(ChoiceSkipped(2)) == (
        "Nobody may take any offered lot, so Player 3 chooses none this turn and may only build."
    )


def test_an_exchange_is_told_with_its_terms_and_its_answer() -> None:  # MS-9
    g = store_position()
    proposed = g.apply(SWAP)
    assert [g.describe(e) for e in proposed] == [
        "Player 1 proposes an exchange to Player 2: lot 31 for their lot 47.",
        "Player 2 is asked to give their lot 47 for Player 1's lot 31.",
    ]
    assert g.describe(proposed[1], 1) == "You are asked to give your lot 47 for Player 1's lot 31."
    assert g.describe(proposed[0], 1) == (
        "Player 1 proposes an exchange to you: lot 31 for your lot 47."
    )
    assert g.describe(proposed[1], 0) == "Player 2 is asked to give their lot 47 for your lot 31."
    answered = g.apply(Decline())
    assert [g.describe(e) for e in answered] == [
        "Player 2 declines.",
        "The exchange with Player 2 is off: no lot changes hands.",
    ]
    gift = g.apply(Propose(1, (31, 45), ()))
    assert [g.describe(e) for e in gift] == [
        "Player 1 proposes to give Player 2 lots 31 and 45 as a gift.",
        "Player 2 is asked to accept lots 31 and 45 from Player 1 as a gift.",
    ]
    g.apply(Decline())
    ask = g.apply(Propose(1, (), (47,)))
    assert [g.describe(e, 1) for e in ask] == [
        "Player 1 proposes to take your lot 47 for nothing.",
        "You are asked to give your lot 47 to Player 1 for nothing.",
    ]
    made = g.apply(Accept())
    assert g.describe(made[1]) == (
        "The exchange with Player 2 is made: the lots change hands with their chips."
    )
    assert g.describe(ActionForced(2, Done())) == "Player 3 has no exchange to propose."
    assert g.describe(ActionTaken(0, Done()), 0) == "You are done proposing exchanges."


def test_a_building_says_its_value_now_and_what_it_did_to_its_neighbours() -> None:  # MS-4
    g = dealt(3, hands=[[40, 41, 45, 46, 42], [43]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    put = g.apply(Build("house", (42,)))
    assert [g.describe(e) for e in put] == [
        "Player 1 chooses to put up a house on lot 42.",
        "Player 1 puts up a house on lot 42, worth 2 points now.",
    ]
    while g.s.turn != 0 or g.s.phase != "build":  # round to seat 0's next building step
        if g.chance is not None:
            g.resolve()
        elif g.prompt is not None and g.prompt.kind == "build":
            g.apply(Pass())
        else:
            g.apply(g.legal_actions()[0])
    put = g.apply(Build("factory", (40, 41, 45, 46)))
    (building,) = [e for e in put if isinstance(e, BuildingPut)]
    assert building.value == 8 + 3  # base and the river (the chart's reconstruction, MS-4)
    assert building.revalued == (((42,), "house", 0, 2, 0),)  # a factory costs a house 2
    assert g.describe(building, 0) == (
        "You put up a factory on lots 40, 41, 45 and 46, worth 11 points now; your house on "
        "lot 42 falls from 2 to 0 points."
    )


def test_a_pooled_building_is_told_from_the_proposal_to_the_shares() -> None:  # MS-A4
    g = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    asked = g.apply(Build("factory", (40, 41, 45, 46)))
    assert [g.describe(e) for e in asked] == [
        "Player 1 chooses to put up a factory on lots 40, 41, 45 and 46.",
        "Player 1 asks Player 2 to pool lots for a factory on lots 40, 41, 45 and 46, its "
        "value to be shared by lots contributed.",
    ]
    put = g.apply(Accept())
    assert [g.describe(e, 1) for e in put[:3]] == [
        "You accept.",
        "You put your lots into the pool.",
        "Player 1 puts up a factory on lots 40, 41, 45 and 46 with you (3 lots from Player 1 "
        "and 1 lot from you), worth 11 points now.",
    ]
    assert g.describe(PoolAnswered(1, False)) == (
        "Player 2 keeps their lots out of the pool: the pooled building is off."
    )
    scored = BuildingScored((40, 41, 45, 46), "factory", 11, ((0, 9), (1, 2)))
    assert g.describe(scored) == (
        "The factory on lots 40, 41, 45 and 46 scores 11 points: 9 to Player 1 and 2 to Player 2."
    )


def test_the_final_round_and_the_end_name_who_builds_and_who_won() -> None:  # MS-8, MS-A6
    g = new_game(players=["Ann", "Bob", "Cy"], seed=1)
    assert g.describe(FinalRound(1), 1) == (
        "All lots are given out: every player has one last building turn, you first."
    )
    others = new_game(players=3, seed=1, final_round="others")
    assert others.describe(FinalRound(2)).startswith(
        "All lots are given out: every other player than the one who gave out the last lot "
    )
    assert g.describe(GameEnded((30, 34, 12), (1,))) == (
        "The game is over: Bob wins with 34 points (Ann 30, Cy 12)."
    )
    assert g.describe(GameEnded((30, 34, 12), (1,)), 1) == (
        "The game is over: you win with 34 points (Ann 30, Cy 12)."
    )
    assert g.describe(GameEnded((30, 30, 12), (0, 1)), 2) == (
        "The game is over: Ann and Bob share the win with 30 points each (you 12)."
    )
    assert g.describe(ActionForced(0, Pass()), 0) == "You have nothing to put up and pass."
    assert g.describe(TradeAnswered(2, True), 2) == (
        "The exchange is made, as you agreed: the lots change hands with their chips."
    )
    assert g.describe(TradeAnswered(2, False), 2) == (
        "The exchange is off, as you answered: no lot changes hands."
    )


def test_the_examples_of_the_words_module_run() -> None:
    result = doctest.testmod(words)
    assert result.attempted >= 3 and result.failed == 0
