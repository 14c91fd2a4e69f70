"""Every clickable place of every board has a shape of its own for the browser to outline:
the page marks a live place, the chosen one and the last move on the first ``rect``,
``circle``, ``path`` or ``polygon`` that is a direct child of the place's group (style.css),
so a place whose shapes sit deeper (a street's token chip) would be clickable unmarked."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tests.boards import GAMES, positions, sizes, svg_of

NS = "{http://www.w3.org/2000/svg}"
OUTLINED = {f"{NS}{tag}" for tag in ("rect", "circle", "path", "polygon")}


def _unmarked(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return sorted(
        {
            str(node.get("data-key"))
            for node in root.iter()
            if node.get("data-key") and not any(child.tag in OUTLINED for child in node)
        }
    )


@pytest.mark.parametrize("name", GAMES)
def test_every_place_has_a_shape_the_page_can_outline(name: str) -> None:
    for players in sizes(name):
        for k, game in enumerate(positions(name, players)):
            assert _unmarked(svg_of(name, game)) == [], (name, players, k)


def test_a_place_whose_shape_is_nested_is_found() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><g data-key="street:st1"><title>1st</title>'
        '<g class="chip"><circle r="3"/></g></g><g data-key="block:A1"><rect/></g></svg>'
    )
    assert _unmarked(svg) == ["street:st1"]
