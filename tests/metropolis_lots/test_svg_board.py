"""Issue 23: Metropolis's SVG board, drawn from the view: owners in distinct colours, district
borders and names, the park, the river and the centre named, buildings labelled, the offer and
who may claim it, every place an action names clickable by the token its text form uses."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, cast

from click.testing import CliRunner

import metropolis_lots.render
from common import RandomBot, play
from common.bots import advance
from common.cli import main
from common.svg import text_width
from metropolis_lots import INFO, Accept, Build, Metropolis, Take, new_game, render_svg, render_text
from metropolis_lots.render import CHIP_COLOURS, ROOF_LABELS, action_keys
from tests.metropolis_lots.helpers import dealt
from tests.metropolis_lots.test_trading import SWAP, store_position

SVG = "{http://www.w3.org/2000/svg}"


def _svg(g: Metropolis, seat: int | None = None, **kw: Any) -> ET.Element:
    return ET.fromstring(render_svg(g, seat, **kw))


def _classed(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    """The ``tag`` elements whose class list holds ``name``."""
    return [e for e in root.iter(f"{SVG}{tag}") if name in (e.get("class") or "").split()]


def _keyed(root: ET.Element, key: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}g") if e.get("data-key") == key]


def _texts(element: ET.Element) -> list[str]:
    return [e.text or "" for e in element.iter(f"{SVG}text")]


def _chips(element: ET.Element) -> list[tuple[str, str]]:
    """The chips in ``element``: each one's mark and colour class."""
    out = []
    for g in _classed(element, "g", "chip-mark"):
        circle = g.find(f"{SVG}circle")
        assert circle is not None
        colour = (circle.get("class") or "").split()[-1]
        out.append(("".join(_texts(g)), colour))
    return out


def _random(players: int, seed: int, steps: int, **options: Any) -> Metropolis:
    g = new_game(players=players, seed=seed, **options)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    advance(g, bots, steps)
    return g


def _built(*, pooled: bool = False) -> Metropolis:
    """Seat 0's factory on 40, 41, 45 and 46 (lot 46 pooled from seat 1 if ``pooled``)."""
    hands = [[40, 41, 45], [46]] if pooled else [[40, 41, 45, 46]]
    g = dealt(3, hands=hands, offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    if pooled:
        g.apply(Accept())
    return g


def test_the_examples_in_the_module_run() -> None:
    result = doctest.testmod(metropolis_lots.render)
    assert result.attempted > 0 and result.failed == 0


def test_every_lot_player_and_model_is_a_clickable_place_with_a_title() -> None:
    g = _random(4, 1, 120)
    root = _svg(g, 2)
    keyed = [e for e in root.iter(f"{SVG}g") if e.get("data-key")]
    assert all(e.findtext(f"{SVG}title") for e in keyed)
    st = g.view(2)["state"]
    lots = [f"lot:{lot}" for lot in st["board"]["lots"]]
    offered = [f"lot:{lot}" for lot in st["offer"]]  # each offered lot's card too
    seats = [f"seat:{p}" for p in range(4)]
    models = [f"model:{m}" for m in st["supply"]]
    assert sorted(e.get("data-key", "") for e in keyed) == sorted(
        [*lots, *offered, *seats, *models]
    )
    assert len(lots) == 80 and len(offered) == 4


def test_the_keys_are_the_tokens_of_the_actions_text_forms() -> None:
    """A front end matches ``lot:31`` to ``take 31``: every place an action names is on the
    board under a key whose value is a token of the action's text form."""
    seen = set()
    for options in ({}, {"rotation": "free", "trade_proposals": 5}):
        g = new_game(players=3, seed=11, **options)
        bots = [RandomBot(s) for s in range(3)]
        step = 0
        while not g.is_over and step < 700:
            step += 1
            if g.chance is not None:
                g.resolve()
                continue
            seat = g.to_act
            assert seat is not None
            if step % 9 == 0:
                drawn = {e.get("data-key") for e in _svg(g, seat).iter(f"{SVG}g")}
                for action in g.legal_actions():
                    tokens = str(action).replace(",", " ").split()
                    for key in action_keys(action):
                        kind, value = key.split(":")
                        if kind == "seat":  # the seat as in JSON; the text: its player's number
                            value = str(int(value) + 1)
                        seen.add((type(action).__name__, kind))
                        assert key in drawn and value in tokens[1:], (key, str(action))
            g.apply(bots[seat].choose(g, seat))
    assert seen >= {
        ("Take", "lot"),
        ("Give", "lot"),
        ("Give", "seat"),
        ("Build", "lot"),
        ("Build", "model"),
        ("Propose", "lot"),
        ("Propose", "seat"),
    }


def test_action_keys_name_each_place_of_each_kind_of_move() -> None:
    g = store_position()
    assert action_keys(SWAP) == ("seat:1", "lot:31", "lot:47")
    assert action_keys(g.parse_action("build factory 40,41,45,46")) == (
        "model:factory",
        "lot:40",
        "lot:41",
        "lot:45",
        "lot:46",
    )
    assert action_keys(g.parse_action("propose 3 - 20")) == ("seat:2", "lot:20")
    for word in ("done", "pass", "accept", "decline"):
        assert action_keys(g.parse_action(word)) == ()


def test_lots_show_their_owners_chip_in_the_owners_colour_free_and_offered_lots() -> None:
    g = dealt(3, hands=[[40, 41, 45, 46]], offer=[30, 31, 32, 33])
    root = _svg(g, None)
    colours = g.view()["state"]["colours"]
    assert colours == ["white", "green", "blue"]
    for lot, owner in g.view()["state"]["owners"].items():
        (place,) = _keyed(root, f"lot:{lot}")
        assert _chips(place) == [("ABC"[owner], colours[owner])]
        frame = place.find(f"{SVG}rect")
        assert frame is not None and colours[owner] in (frame.get("class") or "").split()
        assert place.get("data-owner") == str(owner)
    (free,) = _keyed(root, "lot:10")
    assert _texts(free) == ["10"] and not _chips(free)
    assert "free" in (free.findtext(f"{SVG}title") or "")
    board_lot = [e for e in _keyed(root, "lot:30") if "lot-place" in (e.get("class") or "")]
    assert _texts(board_lot[0]) == ["30", "on offer"]
    assert "offered" in (board_lot[0].find(f"{SVG}rect").get("class") or "")  # type: ignore[union-attr]
    # the five chip colours are five different colours, chips and tints alike
    assert len({chip for chip, _ in CHIP_COLOURS.values()}) == 5
    assert len({tint for _, tint in CHIP_COLOURS.values()}) == 5


def test_districts_are_framed_and_named_with_the_park_the_river_and_the_centre() -> None:
    g = dealt(3, hands=[[40, 41, 45, 46, 47]], offer=[30, 31, 32, 33])
    root = _svg(g, 0)
    headings = [_texts(e) for e in _classed(root, "g", "district-name")]
    assert [h[0] for h in headings] == [
        "District 1",
        "District 2",
        "District 3",
        "District 4 · centre",
        "District 5 · centre",
        "District 6",
        "District 7",
        "District 8",
    ]
    counts = {h[0].split(" · ")[0]: h[1] for h in headings}
    assert counts["District 4"] == "5/10: neighbours claim"  # MS-6: from the 6th lot on
    assert counts["District 3"] == "0/10 occupied"  # 30-33 are offered, not occupied
    for d, n in g.view()["state"]["occupied"].items():
        assert counts[f"District {d}"].startswith(f"{n}/10")
    assert len(_classed(root, "rect", "district")) == 8
    assert len(_classed(root, "rect", "centre")) == 2 + 1  # districts 4 and 5, and the key
    assert _texts(_classed(root, "g", "park")[0])[0] == "Park"
    assert _texts(_classed(root, "g", "river")[0]) == ["River", "River"]
    # the park-view lots are marked (with the key's swatch)
    assert len(_classed(root, "polygon", "park-view")) == len(g.r.board.park_view) + 1


def test_buildings_are_labelled_with_name_value_and_their_owners_chips() -> None:
    g = _built()
    root = _svg(g, None)
    (label,) = _classed(root, "g", "roof-label")
    assert _texts(label) == ["factory", "11 points"]
    assert "Player 1's factory on lots 40, 41, 45 and 46, 11 points now" in (
        label.findtext(f"{SVG}title") or ""
    )
    (first,) = _keyed(root, "lot:40")
    assert _texts(first)[0] == "40" and _chips(first) == [("A", "white")]
    assert first.get("data-model") == "factory"
    assert len(_classed(first, "rect", "roof")) == 1
    pooled = _svg(_built(pooled=True), None)
    chips = [_chips(e) for lot in (40, 41, 45, 46) for e in _keyed(pooled, f"lot:{lot}")]
    assert chips == [[("A", "white")], [("B", "green")], [], []]  # the builder, then partner
    (label,) = _classed(pooled, "g", "roof-label")
    assert "with 1 lot of Player 2 pooled" in (label.findtext(f"{SVG}title") or "")


def test_every_placement_of_every_model_is_labelled_with_a_whole_word_that_fits() -> None:
    """No "Furniture Factor": each building's name fits its lots, or its short name does."""
    from metropolis_lots.render import _fitting, _Geometry, _label_run

    for rotation in ("half", "free"):
        data = Metropolis.static_data(rotation=rotation)
        geo = _Geometry(data["board"], 0)
        for model in data["buildings"]:
            kind, name = model["kind"], model["name"]
            allowed = {name, ROOF_LABELS.get(kind, name)}
            for lots in model["placements"]:
                r, c0, c1 = _label_run(geo, lots)
                room = (c1 - c0 + 1) * 58 - 2 * 4 - 6
                label, size = _fitting([name, ROOF_LABELS.get(kind, name)], room, 11, 9, bold=True)
                assert label in allowed and text_width(label, size, True) * 1.06 <= room
                # the label's row of lots is the building's own, and its widest
                cells = {geo.position[lot] for lot in lots}
                assert {(r, c) for c in range(c0, c1 + 1)} <= cells
                widest = max(sum((row, c) in cells for c in range(15)) for row, _ in cells)
                assert c1 - c0 + 1 == widest or kind in ("hospital", "apartment")


def test_the_offer_says_who_may_claim_each_lot() -> None:
    g = _random(3, 5, 200)
    st = g.view(1)["state"]
    root = _svg(g, 1)
    cards = _classed(root, "g", "offer-card")
    assert [c.get("data-lot") for c in cards] == [str(lot) for lot in st["offer"]]
    for card in cards:
        claim = st["claims"][card.get("data-lot", "")]
        assert [mark for mark, _ in _chips(card)] == ["ABC"[p] for p in claim]
        assert _texts(card)[0] == f"Lot {card.get('data-lot')}"
        if not claim:
            assert "nobody may claim it now" in _texts(card)


def test_the_players_are_named_with_their_colours_whose_turn_and_what_is_asked() -> None:
    g = store_position()
    g.apply(SWAP)
    root = _svg(g, 1)
    rows = _classed(root, "g", "player")
    assert [e.get("data-key") for e in rows] == ["seat:0", "seat:1", "seat:2"]
    assert [_texts(r)[:3] for r in rows] == [
        ["A", "Player 1", "white"],
        ["B", "Player 2 (you)", "green"],
        ["C", "Player 3", "blue"],
    ]
    assert "on turn" in _texts(rows[0])
    assert rows[1].find(f"{SVG}polygon") is not None  # the seat to act: its answer
    assert rows[0].find(f"{SVG}polygon") is None
    status = [e.text for e in _classed(root, "text", "status")]
    asked = " ".join(e.text or "" for e in _classed(root, "text", "asked"))
    assert status == [
        "Player 2 (you) to answer an exchange (1 of 3 proposals made) · Player 1's turn"
    ]
    assert asked == "You are asked: Player 1 offers lot 31 for your lot 47."
    pending = _classed(root, "rect", "pending")
    assert len(pending) == 2 + 1  # lots 31 and 47, and the key's swatch


def test_a_pooling_proposal_shows_who_is_still_to_answer() -> None:
    g = dealt(3, hands=[[40, 41], [45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    asked = [e.text or "" for e in _classed(_svg(g, None), "text", "asked")]
    text = " ".join(asked)
    assert "Player 2 is asked: Player 1 proposes a factory on lots 40, 41, 45 and 46" in text
    assert "Pooling on the table: Player 1's factory on lots 40, 41, 45 and 46, waiting for" in text
    assert text.endswith("Player 2 and Player 3.")


def test_a_finished_game_names_the_winner_and_the_scores() -> None:
    g = new_game(players=3, seed=5)
    play(g, [RandomBot(s) for s in range(3)])
    (winner,) = g.result().winners
    root = _svg(g, None)
    status = [e.text for e in _classed(root, "text", "status")]
    best = g.result().scores[winner]
    assert status == [f"Game over: {g.players[winner]} wins with {best} points"]
    assert not any("on turn" in _texts(r) for r in _classed(root, "g", "player"))
    assert INFO.render_svg is render_svg


def test_the_last_move_and_the_targets_are_marked() -> None:
    g = dealt(3, hands=[[40, 41, 45, 46]], offer=[30, 31, 32, 33])
    targets = {k for a in g.legal_actions() for k in action_keys(a)}
    assert targets == {"lot:30", "lot:31", "lot:32", "lot:33", "seat:1", "seat:2"}
    root = _svg(g, 0, last="build factory 40,41,45,46", targets=targets)
    # the key's swatches are one of each; the lots and the offer cards are both marked
    assert len(_classed(root, "rect", "target")) == 4 + 4 + 2 + 1
    assert len(_classed(root, "rect", "last")) == 4 + 1 + 1  # 4 lots, the model, the key
    plain = _svg(g, 0)
    assert len(_classed(plain, "rect", "target")) == len(_classed(plain, "rect", "last")) == 1
    assert render_svg(g, 0, last=Build("factory", (40, 41, 45, 46))) == render_svg(
        g, 0, last="build factory 40,41,45,46"
    )


def test_the_key_explains_every_short_name_and_mark() -> None:
    root = _svg(_random(5, 2, 100_000), None)
    keys = " ".join(e.text or "" for e in _classed(root, "text", "key"))
    for label, name in (
        ("apartment", "apartment building"),
        ("office", "office building"),
        ("dept. store", "department store"),
    ):
        assert f"{label}: {name}" in keys
    for words in (
        "pts: points",
        "A, B, C, D and E: the players' chips",
        "park view",
        "river",
        "the centre: district 4 and district 5",
        "n/10 occupied",
        "last move",
    ):
        assert words in keys, words
    rulebook = {m.name for m in new_game().r.models}
    for roof in _classed(root, "g", "roof-label"):
        name, value = _texts(roof)
        assert name in rulebook or name in ROOF_LABELS.values()
        assert value.endswith((" points", " point", " pts"))


def test_the_supply_shows_each_models_floor_plan_and_copies_left() -> None:
    g = _built()
    root = _svg(g, None)
    cards = _classed(root, "g", "model")
    assert [c.get("data-key") for c in cards] == [f"model:{m.id}" for m in g.r.models]
    for card, m in zip(cards, g.r.models, strict=True):
        assert len(_classed(card, "rect", "cell")) == len(m.cells)
        left = g.view()["state"]["supply"][m.id]
        texts = _texts(card)
        assert texts[:2] == [m.name, m.id]
        assert texts[2].startswith(f"{left} of {m.count} left" if left else "none left")
    (factory,) = [c for c in cards if c.get("data-model") == "factory"]
    assert _texts(factory)[2] == "2 of 3 left · 4 lots"


class _ViewOnly:
    """A game that answers the view and the static tables only: no state to read."""

    def __init__(self, game: Metropolis) -> None:
        self._game = game
        self.options = game.options
        self.r = game.r  # the rules' tables (building names and floor plans)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self._game.view(seat)


def test_the_board_is_drawn_from_the_view_of_the_seat_alone() -> None:
    g = _random(4, 8, 300)
    for reader in (None, 0, 3):
        stub = cast(Metropolis, _ViewOnly(g))
        assert render_svg(stub, reader) == render_svg(g, reader)
    assert render_svg(g, 0) != render_svg(g, 1)  # "(you)"


def test_the_svg_holds_the_text_board_and_names_the_game_and_escapes_names() -> None:
    g = new_game(players=["<Ann & co>", 'Bo "B"'], seed=1)
    g.resolve()
    g.resolve()
    svg = render_svg(g, 0)
    root = ET.fromstring(svg)
    assert root.findtext(f"{SVG}desc") == render_text(g, 0)
    assert root.findtext(f"{SVG}title") == 'Metropolis: <Ann & co> and Bo "B"'
    assert "<Ann & co> (you)" in _texts(root) and 'Bo "B"' in _texts(root)
    assert svg._repr_svg_() == svg


def test_a_game_not_yet_dealt_is_drawn() -> None:
    g = new_game(players=2, seed=3)
    root = _svg(g, None)
    assert [e.text for e in _classed(root, "text", "status")] == ["The lots are dealt"]
    assert len(_keyed(root, "lot:10")) == 1
    assert "Nothing is on offer: no lot card is turned up yet." in _texts(root)
    over = _random(2, 3, 100_000)
    assert "Nothing is on offer: the stack is empty." in _texts(_svg(over, None))


def test_cli_render_writes_the_svg_board(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    res = CliRunner().invoke(
        main,
        [
            "metropolis_lots",
            "render",
            "-p",
            "3",
            "-s",
            "4",
            "-k",
            "300",
            "--seat",
            "2",
            "--svg",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG}svg" and _classed(root, "g", "roof-label")
    assert "Player 2 (you)" in _texts(root)
