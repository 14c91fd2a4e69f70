"""Positions for the Metropolia tests, set up directly in the state (a test helper only)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import metropolia
from common import Action, Bot, Event, Game, RandomBot
from metropolia.data import CARD_INDEX, LANDMARK_INDEX
from metropolia.events import CoinsPaid, CoinsReceived
from metropolia.rules import Metropolia

#: every value of every rule option, each in at least one set (with and without Plus)
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"plus": True},
    {"plus": True, "town_hall": "before_build"},
    {"plus": True, "sushi_bar_cost": 2},
    {"payments": "pay_first", "reroll_dice": "same"},
    {"plus": True, "payments": "pay_first", "reroll_dice": "same", "unbuyable_purple": "remove"},
]


class Checked:
    """Wraps a bot and fails the test on any action not in the legal list."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, game: Game, seat: int) -> Action:
        """The wrapped bot's action, checked against the legal list."""
        action = self.bot.choose(game, seat)
        assert action in game.legal_actions(), f"{action} is not legal"
        return action


def position(
    players: int | Sequence[str] = 2,
    *,
    plus: bool = False,
    coins: Sequence[int] | None = None,
    cards: Sequence[Mapping[str, int]] | None = None,
    landmarks: Sequence[Sequence[str]] | None = None,
    turn: int = 0,
    supply: Mapping[str, int] | None = None,
    **options: Any,
) -> Metropolia:
    """A game whose cities are exactly as given, waiting for ``turn`` to roll.

    ``cards`` replaces each city's establishments (the starting Wheat Field and Bakery are
    not kept unless listed); ``landmarks`` lists the built ones (the Plus Town Hall is kept).
    """
    g = metropolia.new_game(players=players, seed=0, plus=plus, **options)
    if plus:
        g.resolve(plus_deck())
    s = g.s
    if coins is not None:
        s.coins = list(coins)
    if cards is not None:
        for seat, city in enumerate(cards):
            row = [0] * len(s.cards[seat])
            for cid, k in city.items():
                row[CARD_INDEX[cid]] = k
            s.cards[seat] = row
    if landmarks is not None:
        for seat, built in enumerate(landmarks):
            for lid in built:
                s.landmarks[seat][LANDMARK_INDEX[lid]] = True
    if supply is not None:
        for cid, k in supply.items():
            s.supply[CARD_INDEX[cid]] = k
    s.turn = turn
    g._refresh_offers(range(g.num_players))
    g._ask_roll()
    return g


def plus_deck() -> tuple[str, ...]:
    """The Plus stack in card-table order, top first (so the market is predictable)."""
    from metropolia.data import CARDS

    return tuple(c.id for c in CARDS for _ in range(c.copies))


def roll(g: Metropolia, *dice: int) -> None:
    """Settle the pending roll with ``dice`` (choosing the number of dice if asked)."""
    if g.prompt is not None and g.prompt.kind == "roll":
        g.apply(metropolia.Roll(len(dice)))  # type: ignore[arg-type]
    g.resolve(dice)


def play_random(g: Metropolia, seed: int, check: Callable[[Metropolia], None]) -> None:
    """Play ``g`` to its end with random bots (seat k's seeded ``seed + k``), calling
    ``check(g)`` at every position, the last included.

    Every other decision is applied by its text form, so the rules also meet action objects
    that are not the ones they listed.
    """
    bots = [RandomBot(seed + k) for k in range(g.num_players)]
    while not g.is_over:
        check(g)
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        action = bots[seat].choose(g, seat)
        g.apply(str(action) if g.decisions % 2 else action)
    check(g)


def kinds(g: Metropolia) -> list[str]:
    """The words of the legal actions now."""
    return sorted({a.word for a in g.legal_actions()})


def roll_events(g: Metropolia, *dice: int) -> list[Event]:
    """Roll ``dice`` (two dice give the roller a Train Station) and return the coin events."""
    if len(dice) == 2 and not g.s.landmarks[g.s.turn][LANDMARK_INDEX["train_station"]]:
        g.s.landmarks[g.s.turn][LANDMARK_INDEX["train_station"]] = True
        g._ask_roll()
    start = len(g.events)
    roll(g, *dice)
    return [e for e in g.events[start:] if isinstance(e, CoinsPaid | CoinsReceived)]
