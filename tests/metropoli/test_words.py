"""Issue 23, "Every event in words": each event of a game of Metropoli in one sentence
(``Game.describe``, made by ``metropoli/words.py``) for every seat and the spectator."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from common import ActionForced, ActionTaken, ChanceResolved, Event, Game, GameEnded
from common.events import CORE_EVENTS
from metropoli import Bid, Metropoli, Offer, Pass, Take, new_game
from metropoli import data as D
from metropoli.actions import ALL_ACTIONS
from metropoli.events import ALL_EVENTS
from metropoli.words import money
from tests.metropoli.helpers import OPTION_SETS, clear_owners, land, mixed_game, started, steps

#: the fields of an event that name a seat (a Moved's frm and to are spaces)
_SEAT_FIELDS = ("seat", "payer", "payee", "owner", "winner", "partner", "creditor")
_LEFTOVERS = re.compile(r"None|True|False|[{}\[\]_<>]|seat \d|\bnull\b")
_MONEY = re.compile(r"\$\d{1,3}(,\d{3})*")


def _seats_named(data: Mapping[str, Any]) -> set[int]:
    kind = data["type"]
    seats = {data[f] for f in _SEAT_FIELDS if type(data.get(f)) is int}
    if kind == "ConcessionTransferred":
        seats |= {data[f] for f in ("frm", "to") if data[f] is not None}
    if kind in ("ActionTaken", "ActionForced") and data["action"]["type"] == "Offer":
        seats.add(data["action"]["partner"])
    if kind == "GameEnded":
        seats |= set(range(len(data["scores"])))
    return seats


def _amounts(data: Mapping[str, Any]) -> list[int]:
    """The sums of money an event's sentence must give in dollars."""
    kind = data["type"]
    if kind == "Payment" or kind == "BankruptcyBegan":
        return [data["amount"]]
    if kind == "RentCharged":
        shown = [data["total"], data["neighbourhood"]]
        return shown + ([data["value"]] if data["blocks"] else [])
    if kind == "AuctionClosed":
        return [data["price"]] if data["winner"] is not None else []
    if kind in ("TradeProposed", "TradeDone"):
        return [abs(data["cash"])] if data["cash"] else []
    if kind == "WealthCounted":
        return [data[f] for f in ("cash", "streets", "bridges", "total")]
    if kind == "GameEnded":
        return list(data["scores"])
    if kind == "NeighbourhoodValuesDealt":
        return list(data["values"])
    if kind in ("ActionTaken", "ActionForced"):
        action = data["action"]
        if action["type"] in ("Bid", "Raise", "Cash"):
            return [abs(action["amount"])]
    return []


def _names(name: str, text: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", text) is not None


def _check_sentence(g: Metropoli, event: Event, seat: int | None) -> str:
    """``describe(event, seat)`` is Metropoli's own sentence: names, dollars, no secret."""
    data = event.for_seat(seat)
    assert data is not None
    text = g.describe(event, seat)
    where = f"{event.to_json()} told to {seat}: {text!r}"
    # the game's own words, never the core's fallback, for its events and the core's alike
    assert g._describe(data, seat) == text, where
    assert text != f"{event.type_name}.", where
    assert text[0].isupper() and text.endswith(".") and "\n" not in text, where
    assert not _LEFTOVERS.search(text), where
    for named in _seats_named(data):
        if named == seat:
            assert re.search(r"\b[Yy]ou(r)?\b", text), where
        else:
            assert _names(g.players[named], text), where
    if seat is not None and event.type_name != "GameStarted":
        # the reader is "you", never their own name
        assert not _names(g.players[seat], text), where
    for amount in _amounts(data):
        assert money(amount) in text, where
    assert not re.search(r"\d{5,}", _MONEY.sub("", text)), where  # no sum left in figures
    for secret in g._secrets(seat):
        # the deck's order: a sentence names a card by its text (never by its id: the shipped
        # ids hold "_"), and only the card just read aloud
        texts = {g.cards[c].text for c in secret if g.cards[c].text in text}
        if texts:
            assert event.type_name == "CardRead" and texts == {data["text"]}, where
    return text


@pytest.mark.parametrize("k", range(len(OPTION_SETS)))
def test_every_event_of_random_games_is_told_to_every_seat_and_the_spectator(k: int) -> None:
    # issue 23: a real sentence for every event type, players by name, amounts in dollars,
    # nothing the seat may not see (compared with _secrets at the moment it is told)
    g, bots = mixed_game(k, OPTION_SETS[k])
    seats: list[int | None] = [None, *range(g.num_players)]
    for before in steps(g, bots):
        for event in g.events[before:]:
            for seat in seats:
                _check_sentence(g, event, seat)
    for seat in seats:  # and the end, after the last step
        _check_sentence(g, g.events[-1], seat)
    assert type(g.events[-1]) is GameEnded


def test_the_random_games_reach_every_event_and_decision_type() -> None:
    # the test above is only as good as the events it meets: every type of the log, every
    # action as a decision, every way of moving and every reason to pay
    kinds: set[str] = set()
    actions: set[str] = set()
    moves: set[str] = set()
    reasons: set[str] = set()
    for k, options in enumerate(OPTION_SETS):
        g, bots = mixed_game(k, options)
        for _ in steps(g, bots):
            pass
        for e in g.events:
            kinds.add(e.type_name)
            if isinstance(e, ActionTaken | ActionForced):
                actions.add(e.action.type_name)
            data = e.to_json()
            if e.type_name == "Moved":
                moves.add(data["how"])
            if e.type_name == "Payment":
                reasons.add(data["reason"])
    assert kinds == {t.type_name for t in (*CORE_EVENTS, *ALL_EVENTS)}
    assert actions == {a.type_name for a in ALL_ACTIONS}
    assert moves == {"roll", "triple", "card", "back", "motorway", "municipality", "bridge"}
    assert reasons == {
        "borsa",
        "rent",
        "toll",
        "fine",
        "card",
        "block",
        "auction",
        "preemption",
        "bankruptcy auction",
        "bankruptcy",
        "trade",
    }


# --- sentences that matter, word for word ---------------------------------------------------


def _told(g: Game, since: int, seat: int | None = None) -> list[str]:
    return [g.describe(e, seat) for e in g.events[since:]]


def test_the_dice_say_who_rolled_them() -> None:
    # issue 23: chance says who rolled what; the request names the roller, so a past roll
    # is told from its event alone
    g = new_game(players=["Ada", "Bruno", "Chiara"], seed=3)
    g.resolve((6, 6, 5))
    assert _told(g, 1) == ["Ada rolls 6, 6 and 5 for the first player: 17."]
    assert g.describe(g.events[1], 0) == "You roll 6, 6 and 5 for the first player: 17."
    g = started(players=3)
    since = len(g.events)
    if g.chance is None:
        g.apply("roll 3")
    g.resolve((2, 2, 2))
    assert _told(g, since)[-1] == (
        "Player 1 rolls 2, 2 and 2, a triple: Player 1 may advance 1 to 40 spaces."
    )


def test_the_motorway_exit_is_told_with_its_space() -> None:
    g = started(players=3)
    clear_owners(g)
    land(g, 20)
    assert g.chance is not None and g.chance.describe() == "dice 2 (motorway exit: Player 1)"
    since = len(g.events)
    g.resolve((3, 4))
    told = _told(g, since)
    assert told[:2] == [
        "Player 1 rolls 3 then 4 on L'Autostrada: exit 34, Taylor.",
        "Player 1 leaves L'Autostrada by exit 34 for Taylor.",
    ]


def test_an_auction_is_told_bid_by_bid_to_its_award() -> None:
    g = started(players=3)
    clear_owners(g)
    land(g, 24)  # Lincoln, free: its auction
    since = len(g.events)
    g.apply(Bid(450_000))  # seat 1
    g.apply(Pass())  # seat 2
    g.apply(Pass())  # seat 0
    g.apply(Pass())  # seat 1 keeps the bid as the Market Value
    g.apply(Pass())  # seat 0 does not pre-empt
    assert _told(g, since, 1) == [
        "You bid $450,000.",
        "Player 3 passes.",
        "Player 1 passes.",
        "You win the auction of Lincoln for $450,000.",
        "You pass.",
        "Player 1 passes.",
        "You pay the Bank $450,000, the Market Value.",
        "The concession of Lincoln passes from the Bank to you, bought at auction.",
    ]


def test_rent_is_told_with_how_the_concession_value_card_gave_it() -> None:
    g = started(players=3)
    clear_owners(g)
    for street in D.BOARD.hood_streets[1]:  # seat 1 holds the light blue trust
        g.s.owner[street] = 1
    g.s.heights[12], g.s.heights[13] = 3, 1  # two areas facing Monroe
    since = len(g.events)
    land(g, 7)  # Monroe
    told = _told(g, since)
    rent = next(t for t in told if "in rent for" in t)
    value = g.s.hood_values[1]
    assert rent == (
        f"Player 1 owes Player 2 {money(2 * (240_000 + value))} in rent for Monroe: "
        f"$240,000 for 4 blocks on its areas (the district's tallest building has 3 floors), "
        f"plus {money(value)} for the neighbourhood, doubled for Player 2's trust."
    )
    assert f"Player 1 pays Player 2 {money(2 * (240_000 + value))} in rent." in told


def test_a_proposal_and_its_trade_are_told_from_both_sides() -> None:
    g = started(players=3)
    clear_owners(g)
    g.s.owner[9] = 1
    since = len(g.events)
    g.apply(Offer(1))
    g.apply("cash -250000")
    g.apply(Take(9))
    g.apply("send")
    g.apply("accept")
    assert _told(g, since, 1) == [
        "Player 1 opens a proposal to you.",
        "Player 1 asks for $250,000 in cash in the proposal.",
        "Player 1 asks for Jackson in the proposal.",
        "Player 1 sends the proposal.",
        "Player 1 proposes a trade to you: Player 1 gives nothing for Jackson and $250,000.",
        "You accept the trade.",
        "The concession of Jackson passes from you to Player 1, in the trade.",
        "You pay Player 1 $250,000 under the trade.",
        "Player 1 and you trade: Player 1 gives nothing for Jackson and $250,000.",
    ]


def test_a_forced_move_says_why_it_was_the_only_one() -> None:
    g = started(players=3)
    clear_owners(g)
    g.s.cash[2] = 40_000
    land(g, 6)
    since = len(g.events)
    g.apply(Bid(50_000))  # seat 1; seat 2 cannot bid $100,000: its pass is taken
    assert _told(g, since)[1] == "Player 3 passes, short of the cash to go higher."


def test_the_start_names_the_options_that_differ_and_the_end_the_winner_and_wealth() -> None:
    g = new_game(players=["Ada", "Bruno", "Chiara"], seed=1, round_limit=50)
    assert g.describe(g.events[0]) == (
        "A game of Metropoli begins: Ada, Bruno and Chiara, each with $5,000,000; "
        "rule options round_limit=50."
    )
    end = GameEnded((7_000_000, 0, 7_000_000), (0, 2))
    assert g.describe(end, 2) == (
        "The game is over: Ada and you share the win with $7,000,000 each (Bruno $0)."
    )
    assert g.describe(GameEnded((7_000_000, 0, 6_500_000), (0,))) == (
        "The game is over: Ada wins with $7,000,000 (Bruno $0, Chiara $6,500,000)."
    )


def test_the_deck_shuffle_is_told_without_its_order_to_everybody() -> None:
    g = started(players=3)
    shuffle = next(
        e for e in g.events if isinstance(e, ChanceResolved) and e.request == "shuffle metropoli"
    )
    for seat in (None, 0, 1, 2):
        assert g.describe(shuffle, seat) == (
            "The Metropoli deck is shuffled face down: nobody sees its order."
        )


def test_a_request_this_engine_does_not_make_gets_the_cores_words() -> None:
    g = started(players=3)
    old = ChanceResolved("dice 3 (move)", (1, 2, 4))  # a request of an older engine
    assert g.describe(old) == "The dice show 1 and 2 and 4."


def test_the_examples_in_the_words_module_hold() -> None:
    import doctest

    import metropoli.words

    failed, tried = doctest.testmod(metropoli.words)
    assert tried >= 3 and not failed


def test_a_roll_is_told_once_as_a_choice_and_once_as_the_dice() -> None:
    # the decision says what was chosen (the roll, rather than a proposal); the dice's own
    # event says what they show
    g = started(players=3)
    assert g.prompt is not None and g.prompt.kind == "roll"
    since = len(g.events)
    g.apply("roll 3")
    g.resolve((1, 2, 4))
    assert _told(g, since)[:2] == [
        "Player 1 chooses to roll.",
        "Player 1 rolls 1, 2 and 4: 7 spaces.",
    ]
    g = started(players=3, proposals_per_stop=0)  # no trading: the roll is taken
    forced = next(e for e in g.events if isinstance(e, ActionForced))
    assert g.describe(forced, 0) == "You have no trade to propose before the dice."
