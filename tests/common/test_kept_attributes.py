"""``is_over`` and ``chance`` are attributes the core keeps (issue 28): every way a game moves
leaves them saying what is pending, as the properties they replaced did."""

from __future__ import annotations

import pathlib
import pickle
from typing import Any

import pytest

import common
from common import RandomBot, play
from common.actions import Action
from common.game import Game, load_data
from common.mcts import MCTSBot
from common.testing import check_kept

GAMES = sorted(common.games())


class _Watching:
    """A bot that checks the attributes whenever play() hands it the game, then asks its
    RandomBot (through ``choose``, or through ``pick`` when ``picks``)."""

    def __init__(self, seed: int, picks: bool) -> None:
        self.inner = RandomBot(seed)
        self.calls = 0
        if picks:
            self.pick = self._pick

    def choose(self, game: Game, seat: int) -> Action:
        check_kept(game, f"decision {game.decisions}")
        assert game.is_over is False and game.chance is None
        self.calls += 1
        return self.inner.choose(game, seat)

    def _pick(self, game: Game, seat: int, legal: Any) -> int:
        check_kept(game, f"decision {game.decisions}")
        self.calls += 1
        return self.inner.pick(game, seat, legal)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("picks", [False, True])
def test_a_bot_in_play_sees_them_kept_and_the_ended_game_is_over(name: str, picks: bool) -> None:
    game = common.get(name).new_game(seed=11)
    bots = [_Watching(11 + s, picks) for s in range(game.num_players)]
    play(game, bots)
    assert sum(b.calls for b in bots) == game.decisions
    check_kept(game)
    assert game.is_over and game.chance is None


@pytest.mark.parametrize("name", GAMES)
def test_random_play_leaves_them_kept(name: str) -> None:
    """play()'s RandomBot loop skips the attributes' upkeep between its own steps."""
    game = common.get(name).new_game(seed=12)
    check_kept(game)
    play(game, [RandomBot(12 + s) for s in range(game.num_players)])
    check_kept(game)
    assert game.is_over


@pytest.mark.parametrize("name", GAMES)
def test_clone_undo_load_and_pickle_keep_them(name: str) -> None:
    info = common.get(name)
    game = info.new_game(seed=13)
    bots = [RandomBot(13 + s) for s in range(game.num_players)]
    seen_chance = seen_prompt = False
    first_decision = None
    while not game.is_over and game.decisions < 40:
        if game.chance is not None:
            seen_chance = True
            for copy in (game.clone(), load_data(info.cls, game.to_json())):
                check_kept(copy)
                assert copy.chance == game.chance
            game.resolve()
        else:
            seen_prompt = True
            if first_decision is None:
                first_decision = len(game.events)
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game, seat))
        check_kept(game)
        check_kept(pickle.loads(pickle.dumps(game)))
    assert seen_prompt and seen_chance
    game.undo()
    check_kept(game)
    assert first_decision is not None
    game.undo(to=first_decision)  # back before the first decision, past chance outcomes
    check_kept(game)


@pytest.mark.parametrize("name", GAMES)
def test_a_search_leaves_the_searched_game_kept(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """MCTS steps its copies with the core's private steps; each copy and the root stay kept."""
    game = common.get(name).new_game(seed=14)
    while game.chance is not None:
        game.resolve()
    seat = game.to_act
    assert seat is not None
    before = game.to_json()
    copies: list[Game] = []
    original = Game.clone

    def watched(self: Game) -> Game:
        twin = original(self)
        copies.append(twin)
        return twin

    monkeypatch.setattr(Game, "clone", watched)
    MCTSBot(seed=1, iterations=8).choose(game, seat)
    monkeypatch.undo()
    assert game.to_json() == before
    check_kept(game)
    assert copies
    for twin in copies:
        check_kept(twin)


def test_a_game_reads_pending_inside_its_hooks() -> None:
    """A hook sees the attributes of the position before its step: the games read _pending."""
    root = pathlib.Path(common.__file__).parent.parent
    for package in ("metrocity", "metropoli", "metropolia", "metropolis_lots"):
        for path in (root / package).rglob("*.py"):
            text = path.read_text()
            for word in ("self.is_over", "self.chance"):
                assert word not in text, f"{path.name} reads {word}: read self._pending"
