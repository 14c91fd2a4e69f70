"""One palette from the engine: each game's static data gives every seat's colour, and the
board, the terminal and (through the data) the browser's panels and log draw those.

The colours are told apart by people with the common colour blindnesses: simulated for
protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, full
severity), any two seats' colours stay apart by a CIE76 difference of at least 12.
"""

from __future__ import annotations

import itertools
import math
import re

import pytest

import common
from common.terminal import Screen, TerminalPlay, game_seat_colours, seat_styles
from tests.boards import GAMES, positions, svg_of

HEX = re.compile(r"^#[0-9a-f]{6}$")
#: the least CIE76 difference between two seats' colours, seen normally or with a colour
#: blindness: about where two flat swatches stop looking alike side by side
LEAST_DIFFERENCE = 12.0
_SIMULATIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _lab(colour: str, seen: str) -> tuple[float, float, float]:
    """CIE Lab of ``colour`` as a person with the vision ``seen`` sees it."""

    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    rgb = [linear(int(colour[k : k + 2], 16)) for k in (1, 3, 5)]
    r, g, b = (
        min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb, strict=True))))
        for row in _SIMULATIONS[seen]
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _data(name: str) -> dict[str, object]:
    return common.get(name).cls.static_data()


@pytest.mark.parametrize("name", GAMES)
def test_the_data_gives_a_colour_for_every_seat(name: str) -> None:
    colours = _data(name)["seat_colours"]
    assert isinstance(colours, list)
    assert len(colours) == common.get(name).cls.max_players
    assert all(HEX.match(c) for c in colours) and len(set(colours)) == len(colours)


@pytest.mark.parametrize("name", GAMES)
def test_the_seats_colours_are_told_apart_with_a_colour_blindness(name: str) -> None:
    colours = _data(name)["seat_colours"]
    assert isinstance(colours, list)
    for seen in _SIMULATIONS:
        for a, b in itertools.combinations(colours, 2):
            gap = math.dist(_lab(a, seen), _lab(b, seen))
            assert gap >= LEAST_DIFFERENCE, (name, seen, a, b, round(gap, 1))


def test_a_measure_that_can_fail() -> None:
    # red and green, apart to the eye, alike to a deuteranope
    assert math.dist(_lab("#d62728", "normal"), _lab("#2ca02c", "normal")) > 50
    assert math.dist(_lab("#c0392b", "deuteranopia"), _lab("#7f8c1d", "deuteranopia")) < 12


@pytest.mark.parametrize("name", GAMES)
def test_the_board_draws_each_seat_in_the_datas_colour(name: str) -> None:
    players = common.get(name).cls.max_players
    game = positions(name, players)[1]
    colours = common.get(name).cls.static_data(**game.options)["seat_colours"]
    fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', svg_of(name, game)))
    assert set(colours[:players]) <= fills, (name, sorted(set(colours[:players]) - fills))


def test_metropolis_draws_the_rulebooks_chip_colours_in_the_order_dealt() -> None:
    info = common.get("metropolis_lots")
    data = info.cls.static_data(colours="pink,white,blue,green")
    chips = data["chip_colours"]
    assert data["seat_colours"] == [chips[c] for c in ("pink", "white", "blue", "green")]
    game = info.new_game(players=4, seed=1, options={"colours": "pink,white,blue,green"})
    assert game_seat_colours(game) == data["seat_colours"]
    assert [chips[c] for c in game.view(None)["state"]["colours"]] == data["seat_colours"]


@pytest.mark.parametrize("name", GAMES)
def test_the_terminal_names_each_player_in_the_seats_colour(name: str) -> None:
    info = common.get(name)
    game = info.new_game(seed=1)
    play = TerminalPlay(info, game, ["human"] * len(game.players), {}, reader=object())  # type: ignore[arg-type]
    colours = _data(name)["seat_colours"]
    assert isinstance(colours, list)
    assert play.screen.styles == seat_styles(colours)
    assert all(c in style for c, style in zip(colours, play.screen.styles, strict=False))
    assert Screen(game.players).styles == seat_styles(())
