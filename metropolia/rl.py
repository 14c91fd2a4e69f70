"""Metropolia as a fixed action space and observation vector (the core's ``[rl]`` extra)."""

from __future__ import annotations

from collections.abc import Sequence

from common import Action, Game
from metropolia.actions import Build, Pass, Reroll, Roll, Swap, TakeFrom, UsePort
from metropolia.data import CARD_INDEX, CARDS, LANDMARK_INDEX, LANDMARKS, cards_of, landmarks_of
from metropolia.rules import PROMPT_KINDS

_KINDS = PROMPT_KINDS
#: scale of the coin counts in the observation
_COINS = 50.0


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


def observe(game: Game, seat: int) -> Sequence[float]:
    """What ``seat`` sees, as numbers: its city first, then the others clockwise."""
    view = game.view(seat)
    state = view["state"]
    n = game.num_players
    out: list[float] = []
    for k in range(n):
        city = state["cities"][(seat + k) % n]
        out.append(city["coins"] / _COINS)
        counts = [0.0] * len(CARDS)
        for cid, count in city["cards"].items():
            counts[CARD_INDEX[cid]] = float(count)
        out += counts
        built = [0.0] * len(LANDMARKS)
        for lid, done in city["landmarks"].items():
            built[LANDMARK_INDEX[lid]] = 1.0 if done else 0.0
        out += built
    market = [0.0] * len(CARDS)
    for cid, count in state["market"].items():
        market[CARD_INDEX[cid]] = float(count)
    out += market
    out.append(state.get("stack_size", 0) / 140)
    out.append(((state["turn"] - seat) % n) / n)
    out.append(state["total"] / 14)
    prompt = view["prompt"]
    out += [1.0 if prompt is not None and prompt["kind"] == k else 0.0 for k in _KINDS]
    return out
