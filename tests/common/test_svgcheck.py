"""The SVG picture checker (tests/svgcheck.py) finds what a reader of the PNG would see."""

from __future__ import annotations

import pytest

from tests import svgcheck


@pytest.fixture(autouse=True)
def _needs_cairosvg() -> None:
    svgcheck.require()


def _svg(body: str, width: int = 300, height: int = 100) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans" font-size="12">'
        f'<rect width="{width}" height="{height}" fill="#fff"/>{body}</svg>'
    )


def test_separate_texts_pass() -> None:
    svg = _svg('<text x="10" y="20">1st Street</text><text x="10" y="60">2nd Street</text>')
    assert svgcheck.problems(svg) == []


def test_the_boxes_follow_anchor_size_and_weight_inherited_from_a_group() -> None:
    svg = _svg(
        '<g font-size="20" font-weight="bold" text-anchor="end">'
        '<text x="200" y="40">won by Player 2</text></g>'
    )
    (box,) = svgcheck.text_boxes(svg)
    assert box.x1 == pytest.approx(200, abs=3) and box.x0 < 200 - 140  # ends at x, wide
    assert box.y0 == pytest.approx(40 - 20 * 0.73, abs=1.5)  # a capital's height above
    assert svgcheck.problems(svg) == []


def test_overlapping_and_touching_texts_are_found() -> None:
    overlapping = _svg('<text x="10" y="20">won by Player 1</text><text x="60" y="24">$10</text>')
    assert any("overlapping" in p for p in svgcheck.problems(overlapping))
    a = svgcheck.text_boxes(_svg('<text x="10" y="20">won by Player 1</text>'))[0]
    touching = _svg(
        f'<text x="10" y="20">won by Player 1</text><text x="{a.x1 + 1:.1f}" y="20">won</text>'
    )
    assert any("touching" in p for p in svgcheck.problems(touching))


def test_a_text_outside_the_picture_or_its_frame_is_found() -> None:
    outside = _svg('<text x="250" y="20">F Avenue bonus</text>')
    assert any("outside the 300x100 picture" in p for p in svgcheck.problems(outside))
    framed = _svg(
        '<g><rect class="frame" x="10" y="10" width="60" height="40"/>'
        '<text x="14" y="30" fill="#fff">Park (School)</text></g>'
    )
    assert any("outside its frame" in p for p in svgcheck.problems(framed))
    chip = _svg(
        '<g><circle class="frame" cx="40" cy="40" r="12"/>'
        '<text x="40" y="44" text-anchor="middle" fill="#fff">$15</text></g>'
    )
    assert any("outside its frame circle" in p for p in svgcheck.problems(chip))
    roomy = chip.replace('r="12"', 'r="18"')
    assert svgcheck.problems(roomy) == []


def test_a_text_hidden_under_a_later_shape_is_found() -> None:
    svg = _svg('<text x="10" y="20">hidden</text><rect x="0" y="0" width="100" height="40"/>')
    assert any("no ink" in p for p in svgcheck.problems(svg))


def test_boxes_computed_wrongly_are_caught_by_the_ink_of_the_png() -> None:
    svg = _svg('<text x="10" y="40" font-size="16">Courthouse</text>')
    (box,) = svgcheck.text_boxes(svg)
    assert svgcheck.ink_problems(svg, [box]) == []
    narrow = svgcheck.TextBox(box.text, box.x0, box.y0, box.x0 + 30, box.y1, box.where)
    assert any("ink outside" in p for p in svgcheck.ink_problems(svg, [narrow]))


@pytest.mark.parametrize(
    "body",
    [
        '<text x="10" y="20" transform="rotate(90)">x</text>',
        '<text x="10" y="20"><tspan>x</tspan></text>',
        '<text x="10" y="20" textLength="80">x</text>',
        '<style>text { font-size: 30px; }</style><text x="10" y="20">x</text>',
    ],
)
def test_geometry_the_checker_cannot_compute_is_refused(body: str) -> None:
    with pytest.raises(ValueError, match="cannot be checked"):
        svgcheck.problems(_svg(body))
