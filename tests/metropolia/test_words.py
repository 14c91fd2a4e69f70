"""Every event of Metropolia's log in words (issue 23): ``g.describe(event, seat)``."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

import metropolia
from common import Event, RandomBot
from common.bots import advance
from common.events import CORE_EVENTS, ChanceResolved
from metropolia import (
    Build,
    CoinsPaid,
    HeuristicBot,
    Pass,
    Reroll,
    TakeFrom,
    UsePort,
)
from metropolia.actions import ACTIONS
from metropolia.rules import Metropolia
from metropolia.words import coins, name_of
from tests.metropolia.helpers import OPTION_SETS, plus_deck, position, roll

NAMES = ("Ala", "Olek", "Zosia", "Kuba")
YOU = re.compile(r"\b(You|you|your|Your)\b")


def _random_games() -> Iterator[tuple[Metropolia, list[tuple[Event, list[list[Any]]]]]]:
    """Random games of every option set and size, each event with every seat's secrets then.

    Half the seats are heuristic bots (they build the landmarks that ask the Radio Tower,
    Port and Business Center questions), half random; one game in two has its own names.
    """
    for k, options in enumerate(OPTION_SETS):
        for players in (2, 3, 4):
            for seed in range(2):
                names: Any = NAMES[:players] if seed else players
                g = metropolia.new_game(players=names, seed=100 * k + seed, **options)
                bots = [
                    (HeuristicBot if (seat + seed) % 2 else RandomBot)(seed + seat)
                    for seat in range(players)
                ]
                yield g, _play(g, bots)
    # ruling MK-A19: a pile everyone owns leaves the game (rare in random play)
    g = position(plus=True, coins=[10, 0], cards=[{}, {"stadium": 1}], supply={"stadium": 3},
                 unbuyable_purple="remove")  # fmt: skip
    start = len(g.events)
    g.resolve((5,))
    g.apply(Build("stadium"))
    yield g, [(e, _secrets(g)) for e in g.events[start:]]


def _secrets(g: Metropolia) -> list[list[Any]]:
    return [g._secrets(seat) for seat in (None, *range(g.num_players))]


def _play(g: Metropolia, bots: list[Any]) -> list[tuple[Event, list[list[Any]]]]:
    out: list[tuple[Event, list[list[Any]]]] = []
    seen = 0
    while True:
        secrets = _secrets(g)  # what stays hidden after this step, from every seat
        out.extend((e, secrets) for e in g.events[seen:])
        seen = len(g.events)
        if g.is_over:
            return out
        advance(g, bots, 1)


GAMES = list(_random_games())


def _seats_named(data: dict[str, Any]) -> list[int]:
    """The seats an event's JSON names (the roller of a roll is in its request's purpose)."""
    seats = [data[k] for k in ("seat", "payer", "payee", "other") if k in data]
    action = data.get("action") or {}
    if "seat" in action:
        seats.append(action["seat"])
    seats.extend(range(len(data.get("scores") or ())))  # the end: every seat's score
    found = re.search(r"by seat (\d)", str(data.get("request", "")))
    if found:
        seats.append(int(found.group(1)))
    return seats


def _things_named(data: dict[str, Any]) -> list[str]:
    """The cards and landmarks an event's JSON names, by id."""
    ids = [data[k] for k in ("card", "give", "take") if k in data]
    if data.get("source") not in (None, "start"):
        ids.append(data["source"])
    action = data.get("action") or {}
    ids.extend(action[k] for k in ("card", "give", "take") if k in action)
    return ids


def test_every_event_type_of_the_game_is_seen_by_the_test() -> None:
    seen = {type(e) for _, events in GAMES for e, _ in events}
    assert seen >= {*CORE_EVENTS, *Metropolia.game_events}
    actions = {
        type(e.action).__name__ for _, events in GAMES for e, _ in events if hasattr(e, "action")
    }
    assert actions == {a.__name__ for a in ACTIONS}


def test_every_event_is_a_sentence_of_the_games_own_for_every_seat_and_the_spectator() -> None:
    for g, events in GAMES:
        for e, _ in events:
            for seat in (None, *range(g.num_players)):
                told = g.describe(e, seat)
                data = e.for_seat(seat)
                assert data is not None
                # the game tells every event itself: never the core's plain fallback
                assert g._describe(data, seat) == told, e
                assert told != f"{e.type_name}." and told[0].isupper() and told.endswith(".")
                assert "_" not in told and "?" not in told, told  # names, never ids


def test_sentences_name_players_things_and_amounts() -> None:
    for g, events in GAMES:
        names = g.players
        for e, _ in events:
            for teller in (None, *range(g.num_players)):
                told = g.describe(e, teller)
                data = e.to_json()
                for seat in _seats_named(data):
                    if seat == teller:
                        assert YOU.search(told), (told, teller)
                    else:
                        assert names[seat] in told, (told, teller)
                for thing in _things_named(data):
                    assert name_of(thing) in told and name_of(thing) != thing, told
                if "amount" in data:
                    paid, owed = data["amount"], data.get("owed", data["amount"])
                    assert coins(paid if paid else owed) in told, told
                    assert str(owed) in told
                if "cost" in data:
                    assert coins(data["cost"]) in told
                if isinstance(e, ChanceResolved) and e.request.startswith("dice"):
                    assert all(str(d) in told for d in e.outcome) and str(sum(e.outcome)) in told
                if data["type"] == "GameStarted":
                    assert all(n in told for n in names)
                if data["type"] == "GameEnded":
                    scores = ", ".join(str(n) for n in data["scores"])
                    assert all(n in told for n in names) and "landmarks built" in told, scores


def test_a_seat_the_event_does_not_name_hears_what_a_spectator_hears() -> None:
    for g, events in GAMES:
        for e, _ in events:
            if e.type_name == "GameStarted":  # it tells each seat whom it plays
                continue
            spectator = g.describe(e, None)
            named = _seats_named(e.to_json())
            for seat in range(g.num_players):
                if seat not in named:
                    assert g.describe(e, seat) == spectator


def test_no_sentence_names_the_order_of_the_stack() -> None:
    # ruling MK-5: the Plus stack's order is the only secret (Metropolia._secrets)
    checked = 0
    for g, events in GAMES:
        for e, secrets in events:
            for teller, secret in zip((None, *range(g.num_players)), secrets, strict=True):
                told = g.describe(e, teller)
                for order in secret:
                    names = [name_of(c) for c in order[:12]]
                    for a, b in itertools.pairwise(names):
                        assert f"{a}, {b}" not in told and f"{a} and {b}" not in told
                    checked += 1
    assert checked


def test_the_shuffle_is_told_alike_whatever_the_order_and_names_no_card() -> None:
    g = metropolia.new_game(players=3, seed=4, plus=True)
    shuffled = g.resolve()[0]
    assert isinstance(shuffled, ChanceResolved)
    other = ChanceResolved(shuffled.request, tuple(reversed(shuffled.outcome)), ())
    told = {g.describe(e, seat) for e in (shuffled, other) for seat in (None, 0, 1, 2)}
    assert told == {"The 140 cards of the supply are shuffled face down into the stack."}


# ---------------------------------------------------------------------- the sentences
def _told(g: Metropolia, events: Any, seat: int | None = None) -> list[str]:
    return [g.describe(e, seat) for e in events]


def test_a_roll_says_who_rolled_what_and_which_cards_it_activates() -> None:
    g = position(coins=[3, 3], landmarks=[["train_station"], []])
    got = g.apply(metropolia.Roll(2))
    assert _told(g, got) == ["Player 1 chooses to roll two dice (Train Station)."]
    got = g.resolve((4, 2))
    assert _told(g, got)[:2] == [
        "Player 1 rolls 4 and 2 (total 6).",
        "Player 1's total is 6: cards numbered 6 activate.",
    ]
    assert _told(g, got, 0)[:2] == [
        "You roll 4 and 2 (total 6).",
        "Your total is 6: cards numbered 6 activate.",
    ]


def test_red_cards_are_told_as_payments_in_full_in_part_or_waived() -> None:
    # the rulebook's example: Bartek rolled a 3, Kasia has 3 cafes and Michal 2; Bartek has 3
    g = position(["Bartek", "Kasia", "Michal"], coins=[3, 0, 0],
                 cards=[{}, {"cafe": 3}, {"cafe": 2}])  # fmt: skip
    got = [e for e in g.resolve((3,)) if isinstance(e, CoinsPaid)]
    assert _told(g, got) == [
        "Bartek pays Michal 2 coins for the Cafe.",
        "Bartek pays Kasia 1 coin of the 3 owed for the Cafe; the rest is waived.",
    ]
    assert _told(g, got, 1)[1] == (
        "Bartek pays you 1 coin of the 3 owed for the Cafe; the rest is waived."
    )
    g = position(["Bartek", "Kasia"], coins=[0, 0], cards=[{}, {"cafe": 1}])
    got = [e for e in g.resolve((3,)) if isinstance(e, CoinsPaid)]
    assert _told(g, got, 0) == [
        "You owe Kasia 1 coin for the Cafe but have none: the debt is waived."
    ]


def test_income_building_and_a_pass_in_words() -> None:
    g = position(["Ala", "Olek"], coins=[2, 0], cards=[{"convenience_store": 1}, {}])
    got = g.resolve((4,))
    assert "Ala takes 3 coins from the bank for the Convenience Store." in _told(g, got)
    assert _told(g, g.apply(Build("apple_orchard"))) == [
        "Ala chooses to build an Apple Orchard.",
        "Ala pays the bank 3 coins and builds an Apple Orchard.",
    ]
    g = position(["Ala", "Olek"], coins=[4, 0])
    g.resolve((5,))
    told = _told(g, g.apply(Pass()))
    assert told[:2] == ["Ala passes.", "Ala builds nothing this turn."]
    g = position(["Ala", "Olek"], coins=[4, 0])
    g.resolve((5,))
    assert _told(g, g.apply(Build("train_station")), 0) == [
        "You choose to build the Train Station.",
        "You pay the bank 4 coins and build the Train Station.",
    ]


def test_the_radio_tower_and_the_port_in_words() -> None:
    g = position(coins=[0, 0], landmarks=[["radio_tower"], []])
    g.resolve((2,))
    assert _told(g, g.apply(Reroll())) == ["Player 1 chooses to roll again with the Radio Tower."]
    assert _told(g, g.resolve((5,)))[0] == "Player 1 rolls again: a 5."
    g = position(coins=[0, 0], landmarks=[["radio_tower"], []])
    g.resolve((2,))
    assert _told(g, g.apply(Pass()))[1] == (
        "Player 1 keeps the roll: no new roll with the Radio Tower."
    )
    g = position(plus=True, coins=[0, 0], landmarks=[["port", "train_station"], []])
    roll(g, 5, 6)
    told = _told(g, g.apply(UsePort()))
    assert told[:2] == [
        "Player 1 chooses to add 2 to the total with the Port.",
        "Player 1's total is 13 (11 and 2 for the Port): cards numbered 13 activate.",
    ]
    g = position(plus=True, coins=[0, 0], landmarks=[["port", "train_station"], []])
    roll(g, 5, 6)
    assert _told(g, g.apply(Pass()))[1] == "Player 1 keeps the total without the Port's 2."


def test_purple_cards_in_words() -> None:
    g = position(3, coins=[0, 2, 9], cards=[{"tv_station": 1}, {}, {}])
    g.resolve((6,))
    assert _told(g, g.apply(TakeFrom(2)), 2) == [
        "Player 1 chooses to take from you with the TV Station.",
        "You pay Player 1 5 coins for the TV Station.",
    ]
    g = position(coins=[0, 9], cards=[{"tv_station": 1}, {}])
    assert "Your TV Station takes from Player 2, the only opponent." in _told(g, g.resolve((6,)), 0)
    g = position(coins=[0, 0], cards=[{"business_center": 1, "wheat_field": 1}, {"mine": 1}])
    g.resolve((6,))
    swap = metropolia.Swap("wheat_field", 1, "mine")
    assert _told(g, g.apply(swap), 1)[:2] == [
        "Player 1 chooses to swap their Wheat Field for your Mine with the Business Center.",
        "Player 1 gives you a Wheat Field for a Mine (Business Center).",
    ]


def test_the_tuna_boat_and_the_plus_market_in_words() -> None:
    g = position(plus=True, coins=[0, 0], cards=[{}, {"tuna_boat": 2}],
                 landmarks=[["train_station"], ["port"]])  # fmt: skip
    roll(g, 6, 6)
    told = _told(g, g.resolve((3, 5)))
    assert told[:2] == [
        "The dice for the Tuna Boats show 3 and 5 (total 8).",
        "Player 2 takes 16 coins from the bank for the Tuna Boat.",
    ]
    g = metropolia.new_game(players=2, seed=1, plus=True)
    told = _told(g, g.resolve(plus_deck()))
    assert told[1] == "A Wheat Field is turned face up from the stack (139 cards left)."


@pytest.mark.parametrize(
    ("options", "rules"),
    [
        ({}, ""),
        ({"plus": True, "sushi_bar_cost": 2, "turn_limit": 50},
         " Rule options: the Sushi Bar costs 2 coins; the game ends without a winner after 50 "
         "turns."),
        ({"sushi_bar_cost": 2, "reroll_dice": "same"},  # the Sushi Bar is a Plus card
         " Rule options: the Radio Tower re-rolls as many dice as were rolled."),
    ],
)  # fmt: skip
def test_the_start_names_the_players_the_goal_and_the_rule_options(
    options: dict[str, Any], rules: str
) -> None:
    g = metropolia.new_game(players=["Ala", "Olek", "Zosia"], seed=1, **options)
    title, n = ("Metropolia Plus", 6) if options.get("plus") else ("Metropolia", 4)
    assert g.describe(g.events[0], 1) == (
        f"A game of {title} begins for Ala, Olek and Zosia: Ala plays first, and the first to "
        f"build all {n} landmarks wins.{rules} You play Olek."
    )


def test_the_end_names_the_winner_and_the_landmarks_built() -> None:
    three = ["train_station", "shopping_mall", "amusement_park"]
    g = position(["Ala", "Olek"], coins=[30, 0], landmarks=[three, ["train_station"]])
    roll(g, 5)
    told = _told(g, g.apply(Build("radio_tower")), 1)
    assert told[-1] == (
        "Ala wins, the first to build all 4 landmarks (landmarks built: Ala 4, Olek (you) 1)."
    )
    g = metropolia.new_game(players=2, seed=3, turn_limit=2)
    while not g.is_over:
        g.resolve() if g.chance is not None else g.apply(g.legal_actions()[0])
    assert g.describe(g.events[-1]) == (
        "The game ends at the turn limit without a winner (landmarks built: Player 1 0, "
        "Player 2 0)."
    )
