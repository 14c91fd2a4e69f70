"""What a library user reaches first: the version, a game's repr, the bots by name."""

from __future__ import annotations

from click.testing import CliRunner

import common
import metrocity
import metropoli
import metropolia
import metropolis_lots
from common import RandomBot, play
from common.cli import main


def test_the_version_comes_from_the_package_metadata() -> None:
    from importlib.metadata import version

    assert common.__version__ == version("metro-engines")
    out = CliRunner().invoke(main, ["--version"])
    assert out.exit_code == 0 and common.__version__ in out.output


def test_a_games_repr_says_what_it_waits_for_and_how_far_it_is() -> None:
    g = metrocity.new_game(seed=7)
    assert repr(g) == "<Metro City game, chance: shuffle tokens, 0 decisions>"
    while g.chance is not None:
        g.resolve()
    assert repr(g) == f"<Metro City game, seat {g.to_act} to place, 0 decisions>"
    play(g, [RandomBot(1), RandomBot(2)])
    assert repr(g) == f"<Metro City game, over, {g.decisions} decisions>"


def test_every_games_heuristic_bot_is_in_its_public_api_with_a_docstring() -> None:
    for package in (metrocity, metropolia, metropoli, metropolis_lots):
        bot = package.HeuristicBot
        assert "HeuristicBot" in package.__all__ and (bot.__doc__ or "").strip()
        assert common.get(package.INFO.name).bots["heuristic"] is bot
