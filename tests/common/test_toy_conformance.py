from common.testing import check_game
from tests.common.toygame import Race


def test_toy_race_passes_check_game() -> None:
    games = check_game(lambda s: Race(players=2 + s % 3, seed=s), games=6)
    assert all(g.is_over for g in games)
