"""Every game's legal moves, walked over many positions, in the words people read.

Random play from several seeds, every player count and the main rule options; at each
decision every legal move's label (the protocol's ``labels``) is held to what a player reads
on a button, and its text form to players as people count them:

- a label names no internal id: no token equal to an id of the game's data (a tile, street,
  card, landmark, building model, neighbourhood colour, Metropoli card) unless that id is a
  word of its own name (Metropolis' ``house`` is "house");
- a label writes no amount of four or more digits without separators ("$5,000,000", never
  "5000000"); no game has a year or another number that would be written so;
- a label names a player as shown, never "seat 0" or "player 0", and a move that names a seat
  names that player by name; a move that names a card, tile, street, building, space or
  Buildable Area names it by its name, a lot by its number on the board;
- a text form that names a player writes the player's number, 1 to N, and reads back as the
  same action.

Metro City's blocks (``B2``) are not ids in this sense: they are the board's own coordinates,
the avenue letter and the street number printed along its edges (seed "The board"), and its
labels name them so, as the log does.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import common
from common.game import Game
from common.protocol import legal
from tests.tiers import slow

ROOT = Path(__file__).resolve().parents[2]
#: a run of four or more digits that no thousands separator breaks
_BARE_AMOUNT = re.compile(r"(?<![\d,.])\d{4,}")
#: a player counted from 0
_ZERO_SEAT = re.compile(r"\b(seat|player)\s+0\b", re.IGNORECASE)
#: given names, so that a label naming a player by "Player N" is caught as not named
NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Flo")


def _ids_and_names() -> dict[str, set[str]]:
    """Each game's internal ids that are not words of their own names."""
    from metrocity import data as city
    from metropoli import data as mi
    from metropolia import data as mk

    def keep(pairs: Any) -> set[str]:
        return {i for i, name in pairs if i not in re.findall(r"[A-Za-z0-9_]+", name or "")}

    models = json.loads((ROOT / "metropolis_lots" / "data" / "buildings.json").read_text())
    board = json.loads((ROOT / "metropoli" / "data" / "board.json").read_text())
    return {
        "metrocity": keep((t, k.display) for t, k in city.TILES.items())
        | keep((s.id, s.name) for s in city.STREETS),
        "metropolia": keep((c.id, c.name) for c in mk.CARDS)
        | keep((m.id, m.name) for m in mk.LANDMARKS)
        | keep([(mk.TOWN_HALL.id, mk.TOWN_HALL.name)]),
        "metropolis_lots": keep((m["id"], m["name"]) for m in models["models"])
        | keep((m["kind"], m["name"]) for m in models["models"]),
        # a space's kind ("bridge", "street") is a plain word of the rulebook, not an id
        "metropoli": keep((c.id, None) for c in mi.DEFAULT_CARDS)
        | keep((h["colour"], h["colour"].replace("_", " ")) for h in board["neighbourhoods"]),
    }


IDS = _ids_and_names()


def _names_of() -> dict[tuple[str, str], Any]:
    """By game and action field, the name a label must show for the field's value: the
    thing by its name (a card, a tile, a street, a building, a space, an area), a lot by its
    number on the board."""
    from metrocity import words as city
    from metropoli import words as mi
    from metropolia import words as mk

    models = json.loads((ROOT / "metropolis_lots" / "data" / "buildings.json").read_text())
    model_names = {m["id"]: m["name"] for m in models["models"]}
    return {
        ("metrocity", "tile"): city.tile_name,
        ("metrocity", "first"): city.street_name,
        ("metrocity", "second"): city.street_name,
        ("metropolia", "card"): mk.name_of,
        ("metropolia", "give"): mk.name_of,
        ("metropolia", "take"): mk.name_of,
        ("metropolis_lots", "model"): model_names.__getitem__,
        ("metropolis_lots", "lot"): str,
        ("metropoli", "space"): lambda v: mi.B.names[v],
        ("metropoli", "area"): mi.area_name,
    }


NAMES_OF = _names_of()

#: (game, player counts, option sets): the defaults and each main rule option's other reading
CASES: list[tuple[str, tuple[int, ...], list[dict[str, Any]]]] = [
    ("metrocity", (2,), [{}, {"tie": "placer"}]),
    ("metropolia", (2, 3, 4), [{}, {"plus": True}, {"plus": True, "reroll_dice": "same"}]),
    (
        "metropolis_lots",
        (2, 3, 4, 5),
        [{}, {"give_claimed": False}, {"rotation": "free", "final_round": "others"}],
    ),
    (
        "metropoli",
        (3, 4, 5, 6),
        [{}, {"first_round_borsa": True, "municipality_pass": True, "block_limit": "total"}],
    ),
]


def _positions(game: Game, seed: int, steps: int) -> Iterator[int]:
    """Random play of ``game``: yields the seat to act at each decision of the first
    ``steps``."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        if game.chance is not None:
            game.resolve()
            continue
        seat = game.to_act
        assert seat is not None
        yield seat
        moves = game.legal_actions()
        game.apply(moves[rng.randrange(len(moves))])


def _check_position(game: Game, seat: int, ids: set[str], named: bool) -> list[str]:
    """What is wrong with the words of ``seat``'s legal moves now (empty: nothing)."""
    answer = legal(game, seat)
    wrong = []
    count = game.num_players
    if len(answer["labels"]) != len(answer["text"]):
        return [f"{game.name}: {len(answer['labels'])} labels for {len(answer['text'])} moves"]
    moves = zip(game.legal_actions(), answer["text"], answer["labels"], strict=True)
    for action, text, label in moves:
        where = f"{game.name} {game.num_players}p: {text!r} -> {label!r}"
        tokens = set(re.findall(r"[A-Za-z0-9_]+", label))
        if tokens & ids:
            wrong.append(f"{where}: names the id(s) {sorted(tokens & ids)}")
        if _BARE_AMOUNT.search(label):
            wrong.append(f"{where}: an amount without separators")
        if _ZERO_SEAT.search(label):
            wrong.append(f"{where}: a player counted from 0")
        if named and re.search(r"\bPlayer \d", label):
            wrong.append(f"{where}: a player by number where the players have names")
        words = text.split()
        for k, f in enumerate(action._field_specs()):
            name_of = NAMES_OF.get((game.name, f.name))
            if name_of is not None and name_of(getattr(action, f.name)) not in label:
                wrong.append(
                    f"{where}: does not name {f.name} {name_of(getattr(action, f.name))!r}"
                )
            if f.name not in action.seat_fields():
                continue
            value = getattr(action, f.name)
            if words[1 + k] != str(value + 1) or not 1 <= int(words[1 + k]) <= count:
                wrong.append(f"{where}: the text writes seat {value} as {words[1 + k]}")
            if game.players[value] not in label:
                wrong.append(f"{where}: does not name {game.players[value]}")
        if game.parse_action(text) != action:
            wrong.append(f"{where}: the text does not read back as the action")
    return wrong


def _walk(name: str, counts: tuple[int, ...], options: dict[str, Any], seeds: range) -> None:
    info = common.get(name)
    wrong: list[str] = []
    for players in counts:
        for seed in seeds:
            named = seed % 2 == 1  # every other game with given names
            who: int | tuple[str, ...] = NAMES[:players] if named else players
            game = info.new_game(players=who, seed=seed, **options)
            for seat in _positions(game, seed, 400):
                wrong.extend(_check_position(game, seat, IDS[name], named))
                if len(wrong) > 20:
                    break
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize(("name", "counts", "option_sets"), CASES, ids=[c[0] for c in CASES])
def test_every_legal_move_has_a_players_label_and_text(
    name: str, counts: tuple[int, ...], option_sets: list[dict[str, Any]]
) -> None:
    for options in option_sets:
        _walk(name, counts, options, range(2))


@slow
@pytest.mark.parametrize(("name", "counts", "option_sets"), CASES, ids=[c[0] for c in CASES])
def test_every_legal_move_has_a_players_label_and_text_over_more_games(
    name: str, counts: tuple[int, ...], option_sets: list[dict[str, Any]]
) -> None:
    for options in option_sets:
        _walk(name, counts, options, range(2, 8))


def test_the_checks_catch_ids_bare_amounts_and_seats_counted_from_zero() -> None:
    """The walker's checks fail on the words the issue found on the buttons."""
    assert {"avB", "com3", "res3", "st1"} <= IDS["metrocity"]
    assert {"wheat_field", "cafe", "radio_tower"} <= IDS["metropolia"]
    assert "apartment_l" in IDS["metropolis_lots"] and "house" not in IDS["metropolis_lots"]
    assert "light_blue" in IDS["metropoli"]
    assert _BARE_AMOUNT.search("bid 5000000") and _BARE_AMOUNT.search("cash -1000000")
    assert not _BARE_AMOUNT.search("Bid $5,000,000") and not _BARE_AMOUNT.search("lot 23")
    assert _ZERO_SEAT.search("not legal for seat 0") and _ZERO_SEAT.search("Player 0")
    assert not _ZERO_SEAT.search("Player 10")
