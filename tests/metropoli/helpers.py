"""Test helpers: a game past its set-up with chosen chance outcomes, and landing on a space."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from common import Action, ActionForced, RandomBot
from common.bots import advance
from metropoli import Act, Metropoli, Roll, new_game
from metropoli.bots import HeuristicBot
from metropoli.data import BOARD as B

#: non-triple dice for each total 3..18 (18 and 3 only exist as triples)
_DICE = {
    t: d
    for d in ((a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7))
    if not d[0] == d[1] == d[2]
    for t in [sum(d)]
}


def started(
    players: int = 4,
    first: int = 0,
    deal: tuple[int, ...] | None = None,
    values: tuple[int, ...] | None = None,
    deck: tuple[str, ...] | None = None,
    **options: object,
) -> Metropoli:
    """A game whose set-up chance is supplied: ``first`` rolls highest; deal in track order."""
    g = new_game(players=players, seed=1, **options)
    for seat in range(players):
        g.resolve((6, 6, 5) if seat == first else (1, 1, 2))
    g.resolve(deal if deal is not None else B.streets)
    g.resolve(values if values is not None else B.neighbourhood_values)
    g.resolve(deck if deck is not None else tuple(g.cards))
    # the roll is asked, or taken when no proposal is open beside it (issue 22)
    assert g.s.active == first and g.s.phase in ("roll", "dice")
    return g


def clear_owners(g: Metropoli) -> None:
    """Give every concession back to the Bank."""
    for c in B.concessions:
        g.s.owner[c] = None


def dice_for(total: int) -> tuple[int, int, int]:
    """Three dice, not a triple, showing ``total`` (4..17)."""
    return _DICE[total]


def land(
    g: Metropoli, target: int, total: int = 7, *, not_first_round: bool = True, act: bool = True
) -> None:
    """Put the active player ``total`` spaces before ``target``, roll, and move there; with
    ``act`` (the default) pass the stop to trade on arrival (ruling MI-A15) so the space acts."""
    a = g.s.active
    if not_first_round:
        g.s.turns_taken[a] = max(1, g.s.turns_taken[a])
    g.s.pos[a] = (target - total) % B.size
    if g.chance is None:  # a roll with no proposal open beside it is taken (issue 22)
        g.apply(Roll())
    g.resolve(dice_for(total))
    if act:
        pass_stop(g)


def pass_stop(g: Metropoli) -> None:
    """While the player on turn is at the stop to trade on arrival (ruling MI-A15), act."""
    while g.prompt is not None and g.prompt.kind == "act":
        g.apply(Act())


def forced(g: Metropoli, since: int = 0) -> list[tuple[int, Action]]:
    """The moves the engine took from index ``since`` (the only legal ones): (seat, action)."""
    return [(e.seat, e.action) for e in g.events[since:] if isinstance(e, ActionForced)]


def payments(g: Metropoli, since: int = 0) -> list[tuple[int | None, int | None, int, str]]:
    """The Payment events from index ``since``: (payer, payee, amount, reason)."""
    from metropoli.events import Payment

    return [
        (e.payer, e.payee, e.amount, e.reason) for e in g.events[since:] if isinstance(e, Payment)
    ]


#: every rule option's every value, each beside the defaults, and the new ones together
OPTION_SETS: list[dict[str, Any]] = [
    {},
    *(
        {key: value}
        for key, spec in Metropoli.options_spec.items()
        for value in spec.choices or ()
        if value != spec.default
    ),
    {"block_limit": "total", "municipality_pass": True, "cross_bought_bridge": False},
    {
        "cards": [
            {"id": "free", "text": "Build one block for free", "effect": "free_block"},
            {"id": "comune", "text": "Go to Il Comune", "effect": "go_to", "amount": 30},
            {"id": "back", "text": "Move back two spaces", "effect": "move_back", "amount": 2},
        ]
    },
]

#: names of one table in two in ``mixed_game``: not the default "Player N"
NAMES = ("Ada", "Bruno", "Chiara", "Dario", "Elena", "Fabio")


def mixed_game(k: int, options: Mapping[str, Any]) -> tuple[Metropoli, list[Any]]:
    """Game ``k`` of a test over random games: 3 to 6 players, named in one game in two, and
    bots in turn heuristic (which keep a game going to its final phase) and random (which
    trade and go bankrupt)."""
    players = 3 + k % 4
    names = NAMES[:players] if k % 2 else players
    g = new_game(players=names, seed=k, **options)
    bots = [HeuristicBot(k * 7 + s) if s % 2 == 0 else RandomBot(k * 7 + s) for s in range(players)]
    return g, bots


def steps(g: Metropoli, bots: list[Any]) -> Iterator[int]:
    """Play ``g`` to its end, yielding the log's length before each step."""
    while not g.is_over:
        before = len(g.events)
        advance(g, bots, 1)
        yield before
