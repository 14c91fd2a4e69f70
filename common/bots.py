"""Bots and the play loop: a bot picks one legal action for the seat it plays."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from common.actions import BY_INDEX, Action
from common.game import Game, Prompt, Result
from common.kernel import decide, settle
from common.rng import BotRandom


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses an action for ``seat`` in ``game`` (``seat`` is ``game.to_act``)."""

    def choose(self, game: Game, seat: int) -> Action:
        """Return one of ``game.legal_actions()``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    Its generator is a BotRandom (the library's Mersenne Twister, ``random()`` in C): random
    self-play calls it once a decision.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = BotRandom(seed)
        self._random = self.rng.random

    def choose(self, game: Game, seat: int) -> Action:
        """Return a legal action chosen at random."""
        legal = game.legal_actions(copy=False)
        return legal[self.pick(game, seat, legal)]

    def pick(self, game: Game, seat: int, legal: Sequence[Action]) -> int:
        """Return the index in ``legal`` of the action ``choose`` would return."""
        return int(self._random() * len(legal))  # play() reads it inline: see _uniform


def _uniform(bot: Bot) -> Callable[[], float] | None:
    """The generator of a bot whose ``pick`` is RandomBot's own, else None.

    ``play`` computes such a bot's index itself, ``int(random() * len(legal))`` as
    ``RandomBot.pick`` does, without the call: random self-play makes one a decision. A test
    checks that a subclass whose ``pick`` calls RandomBot's plays the same games.
    """
    if isinstance(bot, RandomBot) and type(bot).pick is RandomBot.pick:
        return bot._random
    return None


class GameTooLong(RuntimeError):
    """A game ran past its declared maximum length: a bug in the game."""


def play(
    game: Game, bots: Sequence[Bot] | Mapping[int, Bot], *, max_actions: int | None = None
) -> Result:
    """Drive ``game`` to its end: bots decide, chance comes from the game's RNG.

    A bot with a ``pick(game, seat, legal) -> index`` method is handed the game's list of legal
    actions and answers with an index into it, and the chosen object is applied without being
    checked again (it is one of the game's own legal actions at this very position).
    """
    limit = game.max_actions() if max_actions is None else max_actions
    seats = bots.items() if isinstance(bots, Mapping) else enumerate(bots)
    pickers = {seat: getattr(bot, "pick", None) for seat, bot in seats}
    # each seat's RandomBot generator (``_uniform``), as a list read at every decision; a
    # seat without a bot reads None here and fails at ``pickers[seat]`` below
    draws = [_uniform(bots[seat]) if seat in pickers else None for seat in range(game.num_players)]
    while True:
        pending = game._pending  # the hot loop of every simulation: read it once per step
        if pending is None:  # ended: the kernel's step that ended it set is_over
            return game.result()
        if type(pending) is not Prompt:  # resolve() without gathering its events
            settle(game, pending)  # type: ignore[arg-type]  # not a Prompt: a request
            continue
        if game._decisions >= limit:
            raise GameTooLong(f"{game.name} passed {limit} decisions without ending")
        seat = pending.seat
        draw = draws[seat]
        if draw is not None:  # RandomBot.pick, inline
            legal = game._legal_actions()
            if type(legal) in BY_INDEX:  # its len and [i] without their calls
                action = legal._item(int(draw() * legal._len))  # type: ignore[attr-defined]
            else:
                action = legal[int(draw() * len(legal))]
        else:
            pick = pickers[seat]
            if pick is None:
                game._apply_quietly(bots[seat].choose(game, seat), None)
                continue
            legal = game._legal_actions()
            action = legal[pick(game, seat, legal)]
        decide(game, seat, action)


def advance(game: Game, bots: Sequence[Bot] | Mapping[int, Bot], steps: int) -> int:
    """Play at most ``steps`` steps (decisions and chance outcomes); return how many were played.

    Chance comes from the game's own generator; it stops early when the game ends.
    """
    done = 0
    while done < steps and not game.is_over:
        if game.chance is not None:
            game._resolve_quietly(None)  # resolve() without gathering the events nobody reads
        else:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game, seat))
        done += 1
    return done
