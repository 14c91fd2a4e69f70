"""The SVG picture of a position (issues 7, 23): cities, landmarks, coins, the market, the
roll, whose turn it is, a key, and the clickable places every action names."""

from __future__ import annotations

import doctest
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import metropolia
import metropolia.render
from common import play
from common.bots import advance
from common.cli import main
from metropolia import HeuristicBot
from metropolia.data import CARD_INDEX, CARDS, LANDMARKS, SEAT_COLOURS
from metropolia.render import CARD_COLOURS, action_keys, render_svg, render_text
from metropolia.rules import Metropolia
from tests.metropolia.helpers import OPTION_SETS, plus_deck, position, roll

SVG = "{http://www.w3.org/2000/svg}"


def _svg(g: Metropolia, seat: int | None = None, **kw: Any) -> ET.Element:
    return ET.fromstring(render_svg(g, seat, **kw))


def _groups(root: ET.Element, klass: str) -> list[ET.Element]:
    """The groups whose class list holds ``klass``."""
    return [e for e in root.iter(f"{SVG}g") if klass in (e.get("class") or "").split()]


def _classed(root: ET.Element, tag: str, klass: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}{tag}") if klass in (e.get("class") or "").split()]


def _texts(element: ET.Element) -> list[str]:
    return [e.text or "" for e in element.iter(f"{SVG}text")]


def _keyed(root: ET.Element) -> dict[str, list[ET.Element]]:
    out: dict[str, list[ET.Element]] = {}
    for e in root.iter(f"{SVG}g"):
        if e.get("data-key"):
            out.setdefault(e.get("data-key", ""), []).append(e)
    return out


def _played(g: Metropolia, steps: int, seed: int = 0) -> Metropolia:
    bots = [HeuristicBot(seed + k) for k in range(g.num_players)]
    advance(g, bots, steps)
    return g


def test_the_examples_in_the_module_run() -> None:
    result = doctest.testmod(metropolia.render)
    assert result.attempted > 0 and result.failed == 0


def test_svg_has_one_element_per_card_kind_with_count_and_colour_in_number_order() -> None:
    g = position(
        2,
        coins=[7, 12],
        cards=[{"stadium": 1, "wheat_field": 2, "cafe": 1}, {"ranch": 3}],
        landmarks=[["train_station"], []],
    )
    root = _svg(g)
    cities = _groups(root, "city")
    assert [c.get("data-seat") for c in cities] == ["0", "1"]
    first = _groups(cities[0], "card")
    # laid out by activation number, as on the table: 1, 3, 6
    assert [e.get("data-card") for e in first] == ["wheat_field", "cafe", "stadium"]
    assert [(e.get("data-count"), e.get("data-colour")) for e in first] == [
        ("2", "blue"),
        ("1", "red"),
        ("1", "purple"),
    ]
    assert _texts(first[0]) == ["1", "×2", "Wheat Field", "wheat"]
    second = _groups(cities[1], "card")
    assert [(e.get("data-card"), e.get("data-count")) for e in second] == [("ranch", "3")]
    fills = [r.get("class") for r in first[2].iter(f"{SVG}rect")]
    assert "frame card purple" in fills


def test_svg_shows_each_citys_coins_in_its_band_and_in_the_list_of_players() -> None:
    g = position(["Ala", "Olek", "Celina"], coins=[7, 1, 0])
    root = _svg(g, 1)
    coins = _groups(root, "coins")
    assert [e.get("data-coins") for e in coins] == ["7", "1", "0"]
    assert [_texts(e) for e in coins] == [["7 coins"], ["1 coin"], ["0 coins"]]
    rows = _groups(root, "player")
    assert [_texts(r)[:2] for r in rows] == [
        ["Ala", "7 coins"],
        ["Olek (you)", "1 coin"],
        ["Celina", "0 coins"],
    ]


def test_svg_marks_landmarks_built_or_not_with_their_costs() -> None:
    g = position(2, landmarks=[["train_station", "radio_tower"], []])
    city = _groups(_svg(g), "city")[0]
    marks = {e.get("data-landmark"): e for e in _groups(city, "landmark")}
    assert {k: e.get("data-built") for k, e in marks.items()} == {
        "train_station": "true",
        "shopping_mall": "false",
        "amusement_park": "false",
        "radio_tower": "true",
    }
    assert _texts(marks["train_station"]) == ["Train Station", "built"]
    assert _texts(marks["amusement_park"]) == ["Amusement Park", "cost 16 coins"]


def test_svg_base_market_has_every_pile_with_its_cost_and_count_and_greys_a_sold_out_one() -> None:
    g = position(2, supply={"ranch": 0})
    root = _svg(g)
    piles = {e.get("data-card"): e for e in _groups(root, "pile")}
    assert len(piles) == 15
    assert piles["wheat_field"].get("data-count") == "6"
    assert piles["stadium"].get("data-cost") == "6"
    assert _texts(piles["stadium"]) == ["6", "6", "Stadium", "tower", "4 left"]
    assert _texts(piles["ranch"])[-1] == "sold out"
    assert "sold-out" in (piles["ranch"].find(f"{SVG}rect").get("class") or "")  # type: ignore[union-attr]
    assert not _groups(root, "stack")


def test_svg_plus_market_has_ten_face_up_piles_the_stack_and_the_town_hall() -> None:
    g = metropolia.new_game(players=2, seed=4, plus=True)
    g.resolve()
    view = g.view(0)["state"]
    root = _svg(g, 0)
    piles = {e.get("data-card"): e.get("data-count") for e in _groups(root, "pile")}
    assert piles == {cid: str(k) for cid, k in view["market"].items()} and len(piles) == 10
    (stack,) = _groups(root, "stack")
    assert stack.get("data-size") == str(view["stack_size"])
    assert f"{view['stack_size']} cards" in _texts(stack)
    city = _groups(root, "city")[0]
    assert len(_groups(city, "landmark")) == 6  # Plus: the Port and Airport as well
    # ruling MK-A15: the Town Hall is drawn as a property of the city, not as a landmark
    (hall,) = _groups(city, "property")
    assert hall.get("data-property") == "town_hall" and "Town Hall" in _texts(hall)
    assert "Receive 1 coin" in (hall.findtext(f"{SVG}title") or "")


def test_svg_before_the_plus_shuffle_says_the_stack_is_to_be_shuffled() -> None:
    g = metropolia.new_game(players=2, seed=4, plus=True)
    root = _svg(g)
    assert "to be shuffled" in _texts(_groups(root, "stack")[0])
    assert _texts(root)[_texts(root).index("Market") + 1].startswith("dealt from the stack")


def test_every_card_name_is_shown_in_full() -> None:
    # issue 23: no "Furniture Factor"; "Fruit and Vegetable Market" whole, on two lines
    every = {c.id: 1 for c in CARDS}
    g = position(2, plus=True, cards=[every, every])
    root = _svg(g, 0)
    for city in _groups(root, "city"):
        shown = {e.get("data-card"): " ".join(_texts(e)[2:-1]) for e in _groups(city, "card")}
        assert shown == {c.id: c.name for c in CARDS}
    for pile in _groups(root, "pile"):
        name = CARDS[CARD_INDEX[pile.get("data-card", "")]].name
        assert " ".join(_texts(pile)[2:-2]) == name
    texts = _texts(root)
    assert not [t for t in texts if t.endswith("…")]
    for landmark in LANDMARKS:
        assert landmark.name in texts


def test_each_keyed_place_is_named_by_an_action_and_has_a_title() -> None:
    g = position(
        3,
        cards=[{"wheat_field": 1, "stadium": 1}, {"ranch": 2, "tv_station": 1}, {"cafe": 1}],
        landmarks=[["train_station"], [], []],
    )
    root = _svg(g, 1)
    keyed = _keyed(root)
    assert all(e.findtext(f"{SVG}title") for es in keyed.values() for e in es)
    piles = {f"card:{c.id}" for c in CARDS if c.edition == "base"}
    landmarks = {f"card:{m.id}" for m in LANDMARKS if m.edition == "base"}
    # seat 1's picture: its own landmarks and non-purple cards; the other cities and theirs
    assert set(keyed) == (
        piles | landmarks | {"seat:0", "seat:2", "give:ranch", "take:wheat_field", "take:cafe"}
    )
    assert all(len(es) == 1 for es in keyed.values())
    own = _groups(root, "city")[1]
    assert own.get("data-key") is None
    assert {e.get("data-key") for e in _groups(own, "landmark")} == landmarks
    (taken,) = keyed["take:cafe"]
    assert taken.get("data-seat") == "2"
    assert keyed["seat:2"][0].findtext(f"{SVG}title", "").startswith("Player 3's city: 3 coins")
    # a spectator's picture keys the city on turn (seat 0) as its own
    spectator = _keyed(_svg(g, None))
    assert {"seat:1", "seat:2", "give:wheat_field", "take:ranch"} <= set(spectator)
    assert "seat:0" not in spectator and "take:wheat_field" not in spectator


def test_action_keys_name_the_tokens_of_the_actions_text() -> None:
    assert action_keys(metropolia.Build("cafe")) == ("card:cafe",)
    assert action_keys(metropolia.Build("radio_tower")) == ("card:radio_tower",)
    assert action_keys(metropolia.TakeFrom(2)) == ("seat:2",)
    assert action_keys(metropolia.Swap("ranch", 1, "mine")) == ("give:ranch", "seat:1", "take:mine")
    for quiet in (metropolia.Roll(2), metropolia.Reroll(), metropolia.UsePort(), metropolia.Pass()):
        assert action_keys(quiet) == ()
    for action in (metropolia.Build("cafe"), metropolia.Swap("ranch", 1, "mine")):
        tokens = str(action).split()[1:]
        # a seat as in JSON (seat:1), the text its player's number (2)
        values = [
            str(int(v) + 1) if k == "seat" else v
            for k, v in (key.split(":", 1) for key in action_keys(action))
        ]
        assert values == tokens


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())))
def test_every_legal_actions_places_are_on_the_board_of_the_seat_and_the_spectator(
    options: dict[str, Any],
) -> None:
    # the browser matches data-keys to the actions' keys: every one of them must be drawn
    seen: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        g = metropolia.new_game(players=players, seed=seed, **options)
        bots = [HeuristicBot(seed + k) for k in range(players)]
        step = 0
        while not g.is_over and step < 400:
            step += 1
            if g.chance is not None:
                g.resolve()
                continue
            seat = g.to_act
            assert seat is not None and g.prompt is not None
            wanted = {k for a in g.legal_actions() for k in action_keys(a)}
            if wanted and (g.prompt.kind != "build" or step % 7 == 0):
                for viewer in (seat, None):
                    drawn = set(_keyed(_svg(g, viewer)))
                    assert wanted <= drawn, (g.prompt.text, sorted(wanted - drawn))
                seen.add(g.prompt.kind)
            g.apply(bots[seat].choose(g, seat))
    assert seen == {"build", "take", "swap"}


def test_targets_are_dashed_and_the_last_move_outlined() -> None:
    g = position(3, coins=[8, 5, 1], cards=[{"tv_station": 1}, {"ranch": 1}, {"cafe": 1}])
    g.resolve((6,))  # the TV Station asks whom to take from
    assert g.prompt is not None and g.prompt.kind == "take"
    targets = {k for a in g.legal_actions() for k in action_keys(a)}
    assert targets == {"seat:1", "seat:2"}
    root = _svg(g, 0, targets=targets, last="card:cafe")
    assert len(_classed(root, "rect", "target")) == 2
    assert len(_classed(root, "rect", "last")) == 1
    plain = _svg(g, 0)
    assert not _classed(plain, "rect", "target") and not _classed(plain, "rect", "last")
    # a list of keys works as well as one
    assert len(_classed(_svg(g, 0, last=["seat:1", "card:wheat_field"]), "rect", "last")) == 2


def test_the_headline_is_the_prompts_own_words_or_who_rolls() -> None:
    g = position(["Ala", "Olek"], coins=[3, 3])
    status = _classed(_svg(g), "text", "status")
    assert [e.text for e in status] == ["Ala to roll one die."]
    roll(g, 4)
    assert g.prompt is not None
    assert [e.text for e in _classed(_svg(g, 1), "text", "status")] == [g.prompt.text]


def test_the_last_roll_is_drawn_as_dice_with_their_pips_and_in_words() -> None:
    g = position(2, landmarks=[["train_station"], []], cards=[{"cafe": 1}, {"bakery": 1}])
    roll(g, 2, 1)
    root = _svg(g, None)
    dice = _groups(root, "die")
    assert [d.get("data-value") for d in dice] == ["2", "1"]
    assert [len(list(d.iter(f"{SVG}circle"))) for d in dice] == [2, 1]
    line = _classed(root, "text", "roll")
    assert [e.text for e in line] == ["Last roll: 2 and 1 = 3."]
    # the numbers the total matches are drawn on white in the cities, not in the market
    active = {
        e.get("data-card")
        for e in _groups(root, "card")
        if any("active" in (t.get("class") or "") for t in e.iter(f"{SVG}text"))
    }
    assert active == {"cafe", "bakery"}
    assert not any(_classed(p, "text", "active") for p in _groups(root, "pile"))


def test_svg_names_the_players_with_their_colours_and_whose_turn_it_is() -> None:
    g = position(["Ala", "Olek", "Celina"], turn=1)
    root = _svg(g, 2)
    rows = _groups(root, "player")
    swatches = [r.find(f"{SVG}rect[@class='seat{k}']") for k, r in enumerate(rows)]
    assert all(s is not None for s in swatches)
    assert [r.find(f"{SVG}polygon") is not None for r in rows] == [False, True, False]
    assert "on turn" in _texts(rows[1]) and _texts(rows[2])[0] == "Celina (you)"
    bands = [_texts(c)[0] for c in _groups(root, "city")]
    assert bands == ["Ala", "Olek, on turn", "Celina (you)"]
    style = root.findtext(f"{SVG}style") or ""
    assert all(c in style for c in SEAT_COLOURS[:3]) and all(
        c in style for c in CARD_COLOURS.values()
    )


def test_svg_keys_every_colour_and_mark() -> None:
    texts = " ".join(_texts(_svg(position(2, plus=True))))
    for words in (
        "Blue card: receives income from the bank on every player's roll.",
        "Green card:",
        "Red card:",
        "Purple card:",
        "Town Hall: a starting property, not a landmark.",
        "top left the numbers that activate it",
        "the cost in the gold coin",
        "A landmark: gold once built, dashed with its cost until then",
        "cow (Cheese Factory)",
        "Sushi Bar, Mackerel Boat and Tuna Boat work only in a city that has built the Port.",
    ):
        assert words in texts, words
    base = " ".join(_texts(_svg(position(2))))
    assert "Town Hall" not in base and "Port" not in base and "all 4 wins" in base


class _ViewOnly:
    """A stand-in game that offers only its view and its options (for the static data)."""

    def __init__(self, game: Metropolia) -> None:
        self._game = game
        self.options = game.options

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The wrapped game's view."""
        return self._game.view(seat)


def test_svg_is_drawn_from_the_view_alone_and_hides_the_stack_order() -> None:
    g = _played(metropolia.new_game(players=3, seed=5, plus=True), 80, seed=5)
    other = g.determinize(0, random.Random(1))  # only the stack's order differs
    assert other.s.stack != g.s.stack
    for seat in (None, 0, 1, 2):
        svg = render_svg(g, seat)
        assert render_svg(other, seat) == svg
        assert render_svg(_ViewOnly(g), seat) == svg  # type: ignore[arg-type]


def test_svg_holds_the_text_board_and_names_the_game_and_players() -> None:
    g = metropolia.new_game(players=["Ala", "Olek"], seed=1, plus=True)
    g.resolve(plus_deck())
    svg = render_svg(g, 0)
    root = ET.fromstring(svg)
    assert root.findtext(f"{SVG}desc") == render_text(g, 0)
    assert root.findtext(f"{SVG}title") == "Metropolia Plus: Ala, Olek"
    assert svg._repr_svg_() == svg  # shows as a picture in Jupyter
    assert metropolia.INFO.render_svg is render_svg


def test_svg_escapes_player_names_and_names_the_winner() -> None:
    g = metropolia.new_game(players=["<Ala & Co>", 'O"lek'], seed=2)
    play(g, [HeuristicBot(0), HeuristicBot(1)])
    text = render_svg(g, 0)
    root = ET.fromstring(text)
    assert "&lt;Ala &amp; Co&gt;" in text
    winner = g.players[g.result().winners[0]]
    status = [e.text for e in _classed(root, "text", "status")]
    assert status == [f"Game over: {winner} built all 4 landmarks and won."]
    (row,) = [r for r in _groups(root, "player") if "winner" in _texts(r)]
    assert _texts(row)[0].startswith(winner)
    assert not any(r.find(f"{SVG}polygon") is not None for r in _groups(root, "player"))


def test_cli_render_writes_an_svg(tmp_path: Path) -> None:
    out = tmp_path / "out.svg"
    result = CliRunner().invoke(
        main, ["metropolia", "render", "--seed", "3", "--steps", "60", "--svg", str(out)]
    )
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text())
    assert _groups(root, "city") and _groups(root, "pile")
