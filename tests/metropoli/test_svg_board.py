"""Issue 23: Metropoli's SVG board, drawn from the view: every label whole, the players named
with their colours, whose turn it is and what is asked, the districts and streets named, the
rents and tolls due now with the trusts marked, the four corners by name, the bridges and
avenues, the Buildable Areas with their floors and skyscrapers and the Master Plan caps, the
tokens, an auction under way, and every place an action names clickable by its token."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, cast

from click.testing import CliRunner

import metropoli.render
from common import RandomBot, play
from common.bots import advance
from common.cli import main
from metropoli import (
    INFO,
    Bid,
    Build,
    Cross,
    Done,
    FreeBlock,
    Give,
    GoTo,
    Metropoli,
    Offer,
    Pass,
    Roll,
    Sell,
    Take,
    new_game,
)
from metropoli import data as D
from metropoli.render import SEAT_COLOURS, action_keys, render_svg, render_text
from metropoli.words import money
from tests.metropoli.helpers import OPTION_SETS, clear_owners, land, mixed_game, started, steps

SVG = "{http://www.w3.org/2000/svg}"
B = D.BOARD
#: the neighbourhood values dealt in track order, for positions built by hand
VALUES = (50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000)


def _svg(g: Metropoli, seat: int | None = None, **kw: Any) -> ET.Element:
    return ET.fromstring(render_svg(g, seat, **kw))


def _classed(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    """The ``tag`` elements whose class list holds ``name``."""
    return [e for e in root.iter(f"{SVG}{tag}") if name in (e.get("class") or "").split()]


def _keyed(root: ET.Element, key: str) -> ET.Element:
    (found,) = [e for e in root.iter(f"{SVG}g") if e.get("data-key") == key]
    return found


def _texts(element: ET.Element) -> list[str]:
    return [e.text or "" for e in element.iter(f"{SVG}text")]


def _title(element: ET.Element) -> str:
    return element.findtext(f"{SVG}title") or ""


def _marks(element: ET.Element, kind: str = "chip") -> list[tuple[str, int]]:
    """The chips (or tokens) in ``element``: each one's number and the seat of its colour."""
    out = []
    for g in _classed(element, "g", f"{kind}-mark"):
        circle = g.find(f"{SVG}circle")
        assert circle is not None
        (seat,) = [c for c in (circle.get("class") or "").split() if c.startswith("seat")]
        out.append(("".join(_texts(g)), int(seat[4:])))
    return out


def _frame(element: ET.Element) -> tuple[float, float, float, float]:
    """The first frame rectangle of a place: x0, y0, x1, y1."""
    rect = _classed(element, "rect", "frame")[0]
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    return x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))


def _random(players: int, seed: int, steps_: int, **options: Any) -> Metropoli:
    g = new_game(players=players, seed=seed, **options)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    advance(g, bots, steps_)
    return g


def _trust_position() -> Metropoli:
    """Four players, the values dealt in track order: Player 3 holds the light blue trust,
    Player 2 Broadway South Bridge; a skyscraper of 2 floors on area 12 caps the Tribunale
    district; Player 1 lands on Lincoln, whose auction begins."""
    g = started(players=4, values=VALUES)
    clear_owners(g)
    for street in B.hood_streets[1]:
        g.s.owner[street] = 2
    g.s.owner[5] = 1
    g.s.heights[12], g.s.roof[12], g.s.caps[1], g.s.roofs = 2, 1, 2, 1
    land(g, 24)
    return g


def test_the_examples_in_the_module_run() -> None:
    result = doctest.testmod(metropoli.render)
    assert result.attempted > 0 and result.failed == 0


def test_every_space_area_and_player_is_a_clickable_place_with_a_title() -> None:
    g = _random(5, 1, 400)
    root = _svg(g, 2)
    keyed = [e for e in root.iter(f"{SVG}g") if e.get("data-key")]
    assert all(_title(e) for e in keyed)
    spaces = [f"space:{sp}" for sp in range(40)]
    areas = [f"area:{x}" for x in range(36)]
    seats = [f"seat:{p}" for p in range(5)]
    assert sorted(e.get("data-key", "") for e in keyed) == sorted([*spaces, *areas, *seats])
    assert INFO.render_svg is render_svg


def test_the_keys_are_the_tokens_of_the_actions_text_forms() -> None:
    """A front end matches ``space:11`` to ``sell 11``: every place an action names is on the
    board under a key whose value is the token of the action's text form."""
    seen = set()
    for k in range(4):
        g, bots = mixed_game(k, OPTION_SETS[0])
        drawn = {e.get("data-key") for e in _svg(g).iter(f"{SVG}g")}  # every place, always
        for _ in steps(g, bots):
            for action in g.legal_actions():
                tokens = str(action).split()
                for key in action_keys(action):
                    kind, value = key.split(":")
                    seen.add((type(action).__name__, kind))
                    if kind == "seat":  # the seat as in JSON; the text: its player's number
                        value = str(int(value) + 1)
                    assert key in drawn and value == tokens[1], (key, str(action))
    assert seen == {
        ("Sell", "space"),
        ("Give", "space"),
        ("Take", "space"),
        ("GoTo", "space"),
        ("Build", "area"),
        ("FreeBlock", "area"),
        ("Offer", "seat"),
    }


def test_action_keys_name_each_place_of_each_kind_of_move() -> None:
    assert action_keys(Sell(11)) == action_keys(Give(11)) == action_keys(Take(11))
    assert action_keys(Sell(11)) == ("space:11",)
    assert action_keys(GoTo(30)) == ("space:30",)
    assert action_keys(Build(13)) == action_keys(FreeBlock(13)) == ("area:13",)
    assert action_keys(Offer(2)) == ("seat:2",)
    for move in (Roll(), Bid(450_000), Pass(), Done(), Cross()):
        assert action_keys(move) == ()


def test_holders_rents_tolls_trusts_and_free_concessions_are_shown() -> None:
    g = _trust_position()
    root = _svg(g, 0)
    # Monroe (bottom row): Player 3's chip, "trust x2", the rent the view gives
    monroe = _keyed(root, "space:7")
    assert _marks(monroe) == [("3", 2)]
    assert _texts(monroe) == ["7", "exit 21", "Monroe", "3", "trust ×2", money(g.street_rent(7)[0])]
    assert "held2" in (_classed(monroe, "rect", "frame")[0].get("class") or "")
    assert "doubled: a trust" in _title(monroe)
    # a trust on a side: the rent and x2 beside the chip
    g.s.owner[16], g.s.owner[17], g.s.owner[19] = 0, 0, 0
    polk = _keyed(_svg(g, 0), "space:16")
    assert _texts(polk) == ["16", "exit 33", "Polk", "1", money(g.street_rent(16)[0]), "×2"]
    bridge = _keyed(root, "space:5")
    assert _texts(bridge) == ["5", "exit 15", "Broadway", "South Bridge", "2", "toll", "$100,000"]
    assert "a bridge on Broadway to Broadway North Bridge" in _title(bridge)
    free = _keyed(root, "space:1")
    assert _texts(free) == ["1", "exit 11", "Washington", "free"] and not _marks(free)
    card = _keyed(root, "space:2")
    assert _texts(card) == ["2", "exit 12", "Metropoli", "a card is read"]
    bands = [(e.get("class") or "").split()[-1] for e in _classed(monroe, "rect", "band")]
    assert bands == ["band-light_blue"]


def test_every_name_of_the_board_is_drawn_whole() -> None:
    """No "AUTOSTRA" nor "Washingto": each space's, district's and avenue's name is drawn in
    full, on one line or two (a bridge's), never cut."""
    root = _svg(_trust_position(), 0)
    for sp, name in enumerate(B.names):
        space = _keyed(root, f"space:{sp}")
        drawn = [e.text or "" for e in space.iter(f"{SVG}text") if e.get("font-weight")]
        assert name in (drawn[1], " ".join(drawn[1:3])), (sp, drawn)
    names = [_texts(e)[0] for e in _classed(root, "g", "district")]
    assert names == list(B.district_names)
    avenues = sorted({_texts(e)[0] for e in _classed(root, "g", "avenue-name")})
    assert avenues == ["Broadway", "Main Street"]
    assert not [t for t in _texts(root) if "…" in t]


def test_an_auction_under_way_shows_its_high_bid_and_leader() -> None:
    g = _trust_position()
    lincoln = _keyed(_svg(g, 0), "space:24")
    assert "at auction" in _texts(lincoln) and "no bid yet" in _title(lincoln)
    g.apply(Bid(450_000))  # Player 2
    root = _svg(g, 0)
    lincoln = _keyed(root, "space:24")
    assert _texts(lincoln) == ["24", "exit 44", "Lincoln", "2", "high bid", "$450,000", "1"]
    assert _marks(lincoln) == [("2", 1)] and _marks(lincoln, "token") == [("1", 0)]
    under_way = [e.text for e in _classed(root, "text", "under-way")]
    assert under_way == ["Auction of Lincoln: high bid $450,000 by Player 2."]
    pending = _classed(root, "rect", "pending")
    assert len(pending) == 1 + 1  # the space, and the key's swatch
    assert _frame(lincoln)[0] < float(pending[0].get("x", 0)) < _frame(lincoln)[2]


def test_districts_are_framed_named_and_capped_and_the_areas_show_their_floors() -> None:
    g = _trust_position()
    g.s.heights[3] = 1
    root = _svg(g, None)
    districts = _classed(root, "g", "district")
    assert [_texts(e) for e in districts] == [
        ["La Borsa district", "no skyscraper yet"],
        ["Tribunale district", "skyscraper: capped at 2 floors"],
        ["Autostrada district", "no skyscraper yet"],
        ["Comune district", "no skyscraper yet"],
    ]
    sky = _keyed(root, "area:12")
    assert _texts(sky) == ["12", "skyscraper"]
    assert len(_classed(sky, "rect", "floor")) == 2 and len(_classed(sky, "polygon", "roof")) == 1
    assert "between Van Buren and Monroe (Tribunale district): 2 floors, skyscraper 1" in _title(
        sky
    )
    assert _texts(_keyed(root, "area:3")) == ["3", "1 floor"]
    assert _texts(_keyed(root, "area:4")) == ["4", "empty"]
    # each area inside its district's frame
    for d, frame in enumerate(districts):
        x0, y0, x1, y1 = _frame(frame)
        for x in B.district_areas[d]:
            a0, b0, a1, b1 = _frame(_keyed(root, f"area:{x}"))
            assert x0 < a0 < a1 < x1 and y0 < b0 < b1 < y1


def test_each_area_lies_where_the_two_streets_it_faces_meet() -> None:
    """Ruling MI-5: an area is faced by a street of each of two neighbourhoods; the block is
    drawn in the column of the one on the top or bottom row and the row of the other."""
    root = _svg(new_game(players=3, seed=1))
    for x, (s1, s2) in enumerate(B.area_streets):
        a0, b0, a1, b1 = _frame(_keyed(root, f"area:{x}"))
        frames = [_frame(_keyed(root, f"space:{s}")) for s in (s1, s2)]
        across = [f for f in frames if f[0] <= a0 and a1 <= f[2]]  # the street above or below
        beside = [f for f in frames if f[1] <= b0 and b1 <= f[3]]  # the street left or right
        assert len(across) == len(beside) == 1 and across != beside, x


def test_a_board_whose_streets_do_not_place_the_areas_gets_a_grid_a_quadrant() -> None:
    """A replaced board (rulings MI-2 to MI-5) may pair streets of one side: its areas are
    then laid out in their districts' quadrants, apart, and the picture still reads."""
    svg = render_svg(cast(Metropoli, Replaced(new_game(players=3, seed=1))), None)
    root = ET.fromstring(svg)
    frames = [_frame(_keyed(root, f"area:{x}")) for x in range(36)]
    assert len(set(frames)) == 36
    for d, frame in enumerate(_classed(root, "g", "district")):
        x0, y0, x1, y1 = _frame(frame)
        inside = [x0 < frames[x][0] < frames[x][2] < x1 for x in B.district_areas[d]]
        assert all(inside) and all(
            y0 < frames[x][1] < frames[x][3] < y1 for x in B.district_areas[d]
        )


def test_the_corners_are_named_with_what_they_do() -> None:
    def words(root: ET.Element, sp: int) -> str:
        corner = _keyed(root, f"space:{sp}")
        return " ".join(e.text or "" for e in _classed(corner, "text", "corner-words"))

    root = _svg(new_game(players=3, seed=1))
    names = [_texts(_keyed(root, f"space:{sp}"))[:2] for sp in (0, 10, 20, 30)]
    assert names == [
        ["0", "La Borsa"],
        ["10", "Il Tribunale"],
        ["20", "L'Autostrada"],
        ["30", "Il Comune"],
    ]
    borsa = "collect $250,000 passing, $500,000 landing, not in a player's first round"
    assert words(root, 0) == borsa
    assert words(root, 10) == "a fine of $10,000 × the dice"
    assert words(root, 20).startswith("two dice read as an exit")
    assert words(root, 30).endswith("or place a free block")
    other = _svg(new_game(players=3, seed=1, first_round_borsa=True, municipality_pass=True))
    assert words(other, 0) == "collect $250,000 passing, $500,000 landing"
    assert words(other, 30).endswith("a free block, or pass")


def test_the_players_are_named_with_their_colours_seat_cash_and_whose_turn() -> None:
    g = _trust_position()
    g.apply(Bid(450_000))
    root = _svg(g, 2)
    rows = _classed(root, "g", "player")
    assert [e.get("data-key") for e in rows] == ["seat:0", "seat:1", "seat:2", "seat:3"]
    assert [_texts(r)[:4] for r in rows] == [
        ["1", "Player 1", "blue", "player 1"],
        ["2", "Player 2", "orange", "player 2"],
        ["3", "Player 3 (you)", "green", "player 3"],
        ["4", "Player 4", "purple", "player 4"],
    ]
    assert _texts(rows[0])[4:] == [
        "$5,000,000",
        "on Lincoln (24)",
        "0 streets, 0 bridges",
        "on turn",
    ]
    assert _texts(rows[2])[6] == "3 streets, 0 bridges"
    assert [r.find(f"{SVG}polygon") is not None for r in rows] == [False, False, True, False]
    assert [_marks(r) for r in rows] == [[("1", 0)], [("2", 1)], [("3", 2)], [("4", 3)]]
    assert len({chip for _, chip, _ in SEAT_COLOURS}) == len(SEAT_COLOURS) == 6
    status = [e.text for e in _classed(root, "text", "status")]
    assert status == ["Player 3 (you) to bid · Player 1's turn"]
    asked = " ".join(e.text or "" for e in _classed(root, "text", "asked"))
    assert asked.startswith("You are asked: auction of Lincoln: the high bid is $450,000")


def test_the_tokens_stand_on_their_spaces_and_leave_with_their_players() -> None:
    g = _random(4, 3, 2_000)
    st = g.view()["state"]
    root = _svg(g, None)
    for sp in range(40):
        here = [p for p, pos in enumerate(st["positions"]) if pos == sp and st["status"][p] == "in"]
        tokens = _marks(_keyed(root, f"space:{sp}"), "token")
        assert tokens == [(str(p + 1), p) for p in here], sp
    assert any(status != "in" for status in st["status"])


def test_the_status_tells_the_chance_awaited_and_the_result() -> None:
    g = new_game(players=3, seed=1)
    status = [e.text for e in _classed(_svg(g), "text", "status")]
    assert status == ["Player 1 rolls three dice for the first player"]
    for _ in range(3):
        g.resolve()
    assert [e.text for e in _classed(_svg(g), "text", "status")] == [
        "The street concessions are shuffled and dealt, two to each player"
    ]
    over = new_game(players=3, seed=5)
    play(over, [RandomBot(s) for s in range(3)])
    result = over.result()
    (winner,) = result.winners
    root = _svg(over, None)
    status = [e.text for e in _classed(root, "text", "status")]
    assert status == [
        f"Game over: {over.players[winner]} wins with {money(result.scores[winner])} in wealth"
    ]
    assert " ".join(e.text or "" for e in _classed(root, "text", "asked")).startswith("Wealth: ")


def test_the_last_move_and_the_targets_are_marked() -> None:
    g = started(players=3)
    clear_owners(g)
    g.s.owner[9] = 1
    land(g, 10, total=7)  # Il Tribunale: the fine, then the building step
    assert g.prompt is not None and g.prompt.kind == "build"
    targets = {k for a in g.legal_actions() for k in action_keys(a)}
    assert {"seat:1", "seat:2", "area:0"} <= targets and "space:10" not in targets
    g.apply(Build(3))
    targets = {k for a in g.legal_actions() for k in action_keys(a)}
    root = _svg(g, 0, last=Build(3), targets=targets)
    assert len(_classed(root, "rect", "target")) == len(targets) + 1  # and the key's swatch
    (last, _) = _classed(root, "rect", "last")  # the area, and the key's swatch
    x0, _, x1, _ = _frame(_keyed(root, "area:3"))
    left = float(last.get("x", 0))
    assert left < x0 and x1 < left + float(last.get("width", 0))
    assert _texts(_keyed(root, "area:3")) == ["3", "new", "1 floor"]
    assert render_svg(g, 0, last="build 3") == render_svg(g, 0, last=Build(3))
    assert render_svg(g, 0, last={"type": "Build", "area": 3}) == render_svg(g, 0, last="build 3")
    plain = _svg(g, 0)
    assert len(_classed(plain, "rect", "target")) == len(_classed(plain, "rect", "last")) == 1


class _ViewOnly:
    """A game that answers its views and its options only: no state to read."""

    def __init__(self, game: Metropoli) -> None:
        self._game = game
        self.options = game.options

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self._game.view(seat)


class Replaced(_ViewOnly):
    """A game on a board whose areas are faced by two streets of the bottom row."""

    def view(self, seat: int | None = None) -> dict[str, Any]:
        view = super().view(seat)
        for area in view["state"]["areas"]:
            area["streets"] = [1, 3]
        return view


def test_the_board_is_drawn_from_the_view_of_the_seat_alone() -> None:
    g = _random(4, 8, 600)
    for reader in (None, 0, 3):
        stub = cast(Metropoli, _ViewOnly(g))
        assert render_svg(stub, reader, last=Done()) == render_svg(g, reader, last=Done())
    assert render_svg(g, 0) != render_svg(g, 1)  # "(you)"


def test_the_svg_holds_the_text_board_names_the_game_and_escapes_names() -> None:
    g = new_game(players=["<Ann & co>", 'Bo "B"', "Cy"], seed=1)
    svg = render_svg(g, 0)
    root = ET.fromstring(svg)
    assert root.findtext(f"{SVG}desc") == render_text(g, 0)
    assert root.findtext(f"{SVG}title") == 'Metropoli: <Ann & co>, Bo "B" and Cy'
    assert "<Ann & co> (you)" in _texts(root) and 'Bo "B"' in _texts(root)
    assert svg._repr_svg_() == svg


def test_the_neighbourhood_values_are_listed_with_their_streets_once_dealt() -> None:
    before = [e.text for e in _classed(_svg(new_game(players=3, seed=1)), "text", "value")]
    assert before[0] == "brown: Washington, Adams and Jefferson" and len(before) == 8
    values = [e.text for e in _classed(_svg(started(players=3, values=VALUES)), "text", "value")]
    assert values[0] == "brown $50,000: Washington, Adams and Jefferson"
    assert values[7] == "dark blue $400,000: McKinley, Roosevelt and Wilson"


def test_the_key_explains_the_marks_and_names_the_rule_options_that_differ() -> None:
    keys = " ".join(e.text or "" for e in _classed(_svg(_trust_position()), "text", "key"))
    for words in (
        "1, 2, 3 and 4: the players",
        "trust ×2",
        "exit 11-66",
        "a Buildable Area: its number",
        "a skyscraper: the first building to reach 2 floors",
        "Broadway and Main Street: the avenues",
        "the places of the last move",
        "rule options: the defaults",
    ):
        assert words in keys, words
    cards = OPTION_SETS[-1]["cards"]
    other = _svg(new_game(players=3, seed=1, block_limit="total", cards=cards))
    keys = " ".join(e.text or "" for e in _classed(other, "text", "key"))
    assert "rule options: a deck of its own (3 cards), block_limit=total" in keys


def test_cli_render_writes_the_svg_board(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    args = ["metropoli", "render", "-p", "4", "-s", "4", "-k", "300", "--seat", "2"]
    res = CliRunner().invoke(main, [*args, "--svg", str(out)])
    assert res.exit_code == 0, res.output
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG}svg" and len(_classed(root, "g", "district")) == 4
    assert "Player 2 (you)" in _texts(root)
