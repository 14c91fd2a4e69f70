"""``help WORD`` knows every word a player can type, in every game.

Each game is played by random bots through many positions; every word of every legal move
there (the verbs, the cards, buildings, tiles, blocks, lots, areas, spaces, amounts) and
every name the game's data gives its places (streets, bridges, neighbourhoods) must get an
answer of the game's own help that speaks of that word, not the terminal's fallback.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from common.bots import RandomBot
from common.cli import main
from common.game import Game
from common.glossary import key
from common.registry import get

#: the positions each game is walked through: (players, seed, options)
WALKS: dict[str, list[tuple[int, int, dict[str, Any]]]] = {
    "metropolia": [(2, 1, {}), (4, 2, {"plus": True}), (3, 3, {"plus": True})],
    "metropoli": [(3, 1, {}), (6, 2, {})],
    "metropolis_lots": [(2, 1, {}), (5, 2, {}), (4, 3, {})],
    "metrocity": [(2, 1, {}), (2, 2, {})],
}
#: decisions a walk plays at most (a Metropoli game runs long)
DECISIONS = 400


def walk(name: str, players: int, seed: int, options: dict[str, Any]) -> Iterator[Game]:
    """The game at each decision of one random game (the same object, moved on)."""
    game = get(name).cls(players=players, seed=seed, **options)
    bot = RandomBot(seed)
    for _ in range(DECISIONS):
        if game.is_over:
            return
        if game.chance is not None:
            game.resolve()
            continue
        yield game
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat))


def move_words(name: str) -> dict[str, Game]:
    """Every word of every legal move met on the walks, with a game where it was met."""
    found: dict[str, Game] = {}
    for players, seed, options in WALKS[name]:
        for game in walk(name, players, seed, options):
            for action in game.legal_actions():
                for word in str(action).split():
                    if word not in found:
                        found[word] = game.clone()
    return found


def data_names(data: Any) -> set[str]:
    """The names of the places and things of a game's static data (what its texts say)."""
    names: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ("name", "id") and isinstance(v, str):
                names.add(v)
            else:
                names |= data_names(v)
    elif isinstance(data, list):
        for v in data:
            names |= data_names(v)
    return names


def speaks_of(word: str, told: str) -> bool:
    """True if the answer names the word (each lot of ``40,41``; an amount as money)."""
    said = key(told)
    parts = word.split(",")
    if all(key(p) in said for p in parts):
        return True
    digits = word.lstrip("-")
    return digits.isdigit() and f"{int(digits):,}" in told


@pytest.mark.parametrize("name", sorted(WALKS))
def test_help_answers_every_word_of_every_move_met(name: str) -> None:
    info = get(name)
    assert info.explain is not None
    words = move_words(name)
    assert len(words) > 20, sorted(words)
    unknown = []
    for word, game in sorted(words.items()):
        told = info.explain(game, word)
        if told is None or not speaks_of(word, told):
            unknown.append((word, told))
    assert not unknown, unknown


@pytest.mark.parametrize("name", sorted(WALKS))
def test_help_answers_every_name_of_the_games_data(name: str) -> None:
    info = get(name)
    assert info.explain is not None
    game = info.cls(players=WALKS[name][-1][0], seed=1, **WALKS[name][-1][2])
    names = data_names(type(game).static_data(**game.options)) - {name}
    assert len(names) > 5
    unknown = [n for n in sorted(names) if info.explain(game, n) is None]
    assert not unknown, unknown


def terminal(name: str, entries: list[str], *args: str) -> str:
    r = CliRunner().invoke(
        main, [name, "play", "--seed", "7", *args], input="\n".join([*entries, "quit"]) + "\n"
    )
    assert r.exit_code == 0, r.output
    return " ".join(r.output.split())  # the answers as one line: wrapping aside


def test_metropolia_help_ranch_says_its_number_cost_colour_and_effect() -> None:
    out = terminal("metropolia", ["help ranch", "help tuna_boat"], "-o", "plus=true", "-p", "2")
    ranch = out[out.index("Player 1> help ranch") :]
    assert "ranch = Ranch: a blue establishment, activated by a roll of 2; costs 1 coin" in ranch
    assert "Receive 1 coin from the bank on any player's roll" in ranch
    assert "activated by a roll of 12, 13 or 14; costs 5 coins" in out


def test_metropolis_help_knows_the_buildings_shapes_and_values() -> None:
    out = terminal("metropolis_lots", ["help school", "help house", "help 45", "help factory"])
    assert "school: 2 lots in the shape ## " in out
    assert "house: 1 lot in the shape # (# a lot, / a new row); 8 in the box. Value: base" in out
    assert "value 5; +1 for each other house in its district" in out  # the school
    assert "not allowed in a district with a factory" in out
    assert "lot 45: in district 4 (park view, river, centre)" in out
    assert "factory: 4 lots in the shape ##/##" in out


def test_metropoli_help_tells_an_area_by_its_streets() -> None:
    out = terminal("metropoli", ["help build", "help 14", "help La Borsa"], "-p", "3")
    assert "numbered 0 to 35 as the board's area:floor tables" in out
    assert "area 14: the Buildable Area between Tyler and Monroe" in out
    assert "space 14: Tyler (street, pink neighbourhood" in out
    assert "La Borsa: space 0, the Stock Exchange" in out


def test_metrocity_help_tells_tiles_blocks_streets_and_tokens() -> None:
    out = terminal("metrocity", ["help mall", "help B2", "help avB", "help 7"])
    assert "mall = Mall: a Mall tile" in out
    assert "B2 = the block at 2nd Street and B Avenue" in out
    assert "avB = B Avenue: an avenue of 5 blocks" in out
    assert "7: the $7 bonus token" in out


def test_a_word_no_game_uses_gets_the_fallback_saying_how_to_ask() -> None:
    out = terminal("metrocity", ["help zebra"])
    assert "Nothing is known about 'zebra' here" in out


def test_metropoli_help_build_names_the_areas_open_now_by_their_streets() -> None:
    info = get("metropoli")
    assert info.explain is not None
    for game in walk("metropoli", 3, 2, {}):
        areas = [str(a).split()[1] for a in game.legal_actions() if str(a).startswith("build ")]
        if areas:
            told = info.explain(game, "build")
            assert told is not None
            opened = told[told.index("Open now: ") :]
            names = game.static_data()["board"]["areas"]
            for area in areas:
                assert f"{area} {names[int(area)]['name']}" in opened
            return
    raise AssertionError("no building step met")
