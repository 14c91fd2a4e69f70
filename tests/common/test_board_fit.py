"""Every game's SVG board readable where the browser puts it, its place on the game page: 760 x
700 at a 1280 x 800 window.

The page fits a board into its place; where that would draw a text under 9 pixels (a tall
board), it zooms the board by default to its place's width and the place scrolls
(``board.js`` ``fitBoard``; the browser test checks the page does). So a board either fits
the whole 760 x 700 with its smallest text at 9 px at least, or its smallest text is 9 px at
least at 760 wide. Metro City fits whole; ``FITS_WHOLE`` holds it to that.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tests import svgcheck
from tests.boards import GAMES, positions, sizes, svg_of

#: the board's place on the game page at 1280 x 800
BOX = (760.0, 700.0)
#: the smallest text a person reads there without effort, in CSS pixels
LEAST_PX = 9.0
#: the boards not yet drawn to be read there, with what is left to do
NOT_YET: dict[str, str] = {
    "metropoli": "the track, the city and the key at 1064 x 1700 would need 22-unit text",
}
#: the boards that fit their whole place, unzoomed
FITS_WHOLE = ("metrocity",)
CASES = [
    pytest.param(
        name,
        players,
        marks=[pytest.mark.xfail(reason=NOT_YET[name], strict=True)] if name in NOT_YET else [],
    )
    for name in GAMES
    for players in sizes(name)
]


def smallest_fitted_text(
    svg: str, box: tuple[float, float] = BOX, *, zoom: bool = False
) -> tuple[float, str]:
    """The smallest font size of a text of the picture, in pixels, with its viewBox fitted
    into ``box`` (as ``preserveAspectRatio="xMidYMid meet"`` does), and that text; with
    ``zoom``, as the page shows it: zoomed to the box's width where the fit is too small."""
    root = ET.fromstring(svg)
    width, height = svgcheck._size(root)
    scale = min(box[0] / width, box[1] / height)
    if zoom and _least_units(root) * scale < LEAST_PX:
        scale = box[0] / width
    least = (float("inf"), "")
    for node, style, _ in svgcheck._walk(root, {}, "svg"):
        if node.tag == f"{svgcheck.SVG_NS}text" and (node.text or "").strip():
            size = svgcheck._number(style.get("font-size"), 16) * scale
            least = min(least, (size, node.text or ""))
    return least


def _least_units(root: ET.Element) -> float:
    return min(
        (
            svgcheck._number(style.get("font-size"), 16)
            for node, style, _ in svgcheck._walk(root, {}, "svg")
            if node.tag == f"{svgcheck.SVG_NS}text" and (node.text or "").strip()
        ),
        default=float("inf"),
    )


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_text_is_smaller_than_9px_with_the_board_in_its_place(name: str, players: int) -> None:
    whole = name in FITS_WHOLE
    for k, game in enumerate(positions(name, players)):
        size, text = smallest_fitted_text(svg_of(name, game), zoom=not whole)
        assert size >= LEAST_PX, f"{name} with {players}, position {k}: {text!r} at {size:.1f} px"


def test_the_measure_reads_the_sizes_and_the_fit() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1520 700" font-size="20">'
        '<text x="1" y="20">big</text><g font-size="18"><text x="1" y="40">small</text></g></svg>'
    )
    assert smallest_fitted_text(svg) == (9.0, "small")
    tall = svg.replace("1520 700", "760 1400")  # fitted: 18 at a half is 9; zoomed: 18
    assert smallest_fitted_text(tall) == (9.0, "small")
    assert smallest_fitted_text(tall.replace('"18"', '"16"'), zoom=True) == (16.0, "small")
