"""Every game's SVG board coloured for every renderer: the colours are presentation
attributes, so a renderer that reads no CSS (an image viewer, rsvg built without it) draws
them. With the ``<style>`` taken out, every shape and text still has its fill from its own
attribute or an ancestor's, and cairosvg draws the same picture.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest

from tests import svgcheck
from tests.boards import GAMES, positions, sizes, svg_of

SHAPES = ("rect", "circle", "ellipse", "polygon", "path", "text")
CASES = [(name, players) for name in GAMES for players in sizes(name)]


def _unstyled(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    for parent in root.iter():
        for child in list(parent):
            if child.tag == f"{svgcheck.SVG_NS}style":
                parent.remove(child)
    return root


def _unfilled(node: ET.Element, filled: bool = False) -> list[str]:
    """The shapes and texts under ``node`` that no attribute of theirs or of an ancestor fills."""
    filled = filled or "fill" in node.attrib
    out = []
    tag = node.tag.removeprefix(svgcheck.SVG_NS)
    if tag in SHAPES and not filled and (tag != "text" or (node.text or "").strip()):
        out.append(f"<{tag} class={node.get('class')!r}>")
    for child in node:
        out += _unfilled(child, filled)
    return out


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_shape_is_filled_by_an_attribute(name: str, players: int) -> None:
    for k, game in enumerate(positions(name, players)):
        missing = _unfilled(_unstyled(svg_of(name, game)))
        assert missing == [], (name, players, k, missing[:5])


@pytest.mark.parametrize("name", GAMES)
def test_a_renderer_without_css_draws_the_same_picture(name: str) -> None:
    svgcheck.require()
    import cairosvg
    from PIL import Image, ImageChops

    game = positions(name, sizes(name)[-1])[1]
    svg = svg_of(name, game)
    ET.register_namespace("", svgcheck.SVG_NS[1:-1])
    bare = ET.tostring(_unstyled(svg), encoding="unicode")

    def drawn(text: str) -> Image.Image:
        png = cairosvg.svg2png(bytestring=text.encode(), output_width=600)
        return Image.open(io.BytesIO(png)).convert("RGB")

    diff = (
        ImageChops.difference(drawn(svg), drawn(bare))
        .convert("L")
        .point(lambda v: 255 if v > 24 else 0)
    )
    assert diff.getbbox() is None, f"{name}: the picture differs without CSS in {diff.getbbox()}"
