"""An answer's parts made once a step (``common.protocol.Parts``) are what the plain functions
make from the whole log, step after step and after an undo: the step starts kept as the log
grows, the words and steps from any ``since``, each seat's view and moves."""

from __future__ import annotations

import random

import pytest

from common.protocol import Parts, legal, seat_part, shown, step_starts, steps, told
from common.registry import get
from tests.stepping import decisions


def _check(parts: Parts, seats: list[int | None], rng: random.Random) -> None:
    game = parts.game
    events = game.events
    assert parts.step_starts() == step_starts(events)
    for seat in seats:
        since = rng.randrange(len(events) + 1)
        words = (told(game, events[since:], seat), steps(game, seat, since))
        assert parts.words(seat, since) == words
        assert parts.events(seat, since) == shown(events[since:], seat)
        assert parts.steps(seat) == steps(game, seat, 0)
        assert parts.view(seat) == game.view(seat)
        assert parts.legal(seat) == legal(game, seat)
        assert parts.seat_part(seat, since) == seat_part(game, seat, since)


@pytest.mark.parametrize("name", ["metrocity", "metropolia", "metropolis_lots", "metropoli"])
def test_parts_made_once_a_step_equal_the_whole_logs(name: str) -> None:
    players = 3 if name == "metropoli" else 2
    game = get(name).new_game(players=players, seed=4)
    parts = Parts(game)
    seats: list[int | None] = [*range(players), None]
    rng = random.Random(4)
    for turn in decisions(game, 60):
        if turn % 3 == 0:
            _check(parts, seats, rng)
        if turn % 7 == 6 and game.decisions > 1:
            game.undo()
            parts.rewound()
            _check(parts, seats, rng)
            if turn % 2:
                parts.release()
