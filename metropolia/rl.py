"""Metropolia's fixed encodings: the action catalogue and the observation (``Game`` hooks).

Everything at the table is public but the order of the Plus stack (ruling MK-5), so the
observation reads the state directly, cities counted from the observer (its own first, then
clockwise); ``layout(game)`` names its fields.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from common import Action, Game
from common.encoding import Encodings, Field, Layout
from metropolia.actions import Build, Pass, Reroll, Roll, Swap, TakeFrom, UsePort
from metropolia.data import CARDS, LANDMARKS, cards_of, landmarks_of

if TYPE_CHECKING:
    from metropolia.rules import Metropolia

#: scale of the coin counts
_COINS = 50.0
#: every card of both sets, for the scale of the Plus stack's size
_ALL_COPIES = float(sum(c.copies for c in CARDS))


def catalogue(game: Game) -> Sequence[Action]:
    """Every action a game with these players and options could offer, in a fixed order."""
    n = game.num_players
    plus = bool(game.options["plus"])
    ordinary = [c.id for c in cards_of(plus) if c.colour != "purple"]
    out: list[Action] = [Roll(1), Roll(2), Reroll()]
    out += [UsePort()] if plus else []
    out += [TakeFrom(o) for o in range(n)]
    out += [Swap(g, o, t) for g in ordinary for o in range(n) for t in ordinary if g != t]
    out.append(Pass())  # declines a re-roll, the Port, a swap or a build
    out += [Build(c.id) for c in cards_of(plus)]
    out += [Build(m.id) for m in landmarks_of(plus)]
    return out


#: the questions a seat can be asked, for the prompt's one-hot (``rules.PROMPT_KINDS``)
KINDS = ("roll", "reroll", "port", "take", "swap", "build")
_KIND_AT = {k: i for i, k in enumerate(KINDS)}


def layout(game: Game) -> Layout:
    """The observation's fields for the game's player count (the same for both editions)."""
    return _layout(game.num_players)


@cache
def _layout(players: int) -> Layout:
    cities = f"per city, the observer's first then clockwise ({players})"
    return Layout(
        [
            Field("coins", players, f"{cities}: coins / {_COINS:g}"),
            Field("cards", players * len(CARDS), f"{cities}: each card's copies built"),
            Field("landmarks", players * len(LANDMARKS), f"{cities}: 1 per landmark built"),
            Field("market", len(CARDS), "each card's copies on sale (face up in Plus)"),
            Field("stack", 1, f"the Plus stack's size / {_ALL_COPIES:g} (its order is secret)"),
            Field("turn", players, "a one-hot of the seat on turn, counted from the observer"),
            Field("dice", 2, "the dice of the roll (each / 6; 0 when unrolled)"),
            Field("total", 1, "the roll's total after the Port / 14"),
            Field("rerolled", 1, "1 once the Radio Tower's re-roll was used this turn"),
            Field("again", 1, "1 when doubles with the Amusement Park give another turn"),
            Field("prompt", len(KINDS), f"a one-hot of the question: {', '.join(KINDS)}"),
            Field("to_act", 1, "1 when the observer is the seat asked"),
        ]
    )


def observe(game: Metropolia, seat: int) -> array[float]:
    """What ``seat`` sees as numbers, laid out as ``layout(game)``."""
    s = game.s
    n = game.num_players
    lay = _layout(n)
    out = lay.zeros()
    coins, cards, landmarks = lay.offset("coins"), lay.offset("cards"), lay.offset("landmarks")
    ncards, nmarks = len(CARDS), len(LANDMARKS)
    for k in range(n):
        p = (seat + k) % n
        out[coins + k] = s.coins[p] / _COINS
        base = cards + k * ncards
        for i, count in enumerate(s.cards[p]):
            if count:
                out[base + i] = count
        base = landmarks + k * nmarks
        for j, built in enumerate(s.landmarks[p]):
            if built:
                out[base + j] = 1.0
    market = lay.offset("market")
    for i, count in enumerate(s.supply):
        if count:
            out[market + i] = count
    out[lay.offset("stack")] = len(s.stack) / _ALL_COPIES
    out[lay.offset("turn") + (s.turn - seat) % n] = 1.0
    dice = lay.offset("dice")
    for k, d in enumerate(s.dice[:2]):
        out[dice + k] = d / 6.0
    out[lay.offset("total")] = s.total / 14.0
    if s.rerolled:
        out[lay.offset("rerolled")] = 1.0
    if s.again:
        out[lay.offset("again")] = 1.0
    asked = game.prompt
    if asked is not None:
        out[lay.offset("prompt") + _KIND_AT[asked.kind]] = 1.0
        if asked.seat == seat:
            out[lay.offset("to_act")] = 1.0
    return out


def _key(game: Game) -> tuple[int, bool]:
    return (game.num_players, bool(game.options["plus"]))


ENCODINGS = Encodings(catalogue, layout, observe, _key)
"""Metropolia's encodings: the catalogue depends on the players and the edition only."""

__all__ = ["ENCODINGS", "KINDS", "catalogue", "layout", "observe"]
