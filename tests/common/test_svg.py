"""The shared SVG helpers (common/svg.py): building, measuring and fitting texts."""

from __future__ import annotations

import doctest
import itertools
import xml.etree.ElementTree as ET

import pytest

import common.svg
from common.svg import HINTING, Drawing, SvgWrapper, fit_lines, fit_text, text_width, wrap_text
from tests import svgcheck

SVG = "{http://www.w3.org/2000/svg}"


def test_the_examples_in_the_module_run() -> None:
    result = doctest.testmod(common.svg)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("bold", [False, True])
def test_text_width_is_the_fonts_own_advance(bold: bool) -> None:
    svgcheck.require()
    font = svgcheck._font("DejaVu Sans", bold)
    for text in ("1st Street", "won by Player 2", "Park (School)", "$15 at 18:9", "Zoë Ångström"):
        measured = font.getlength(text) * 12 / svgcheck._MEASURE
        assert text_width(text, 12, bold) == pytest.approx(measured, rel=0.002)


def test_a_character_beyond_the_table_counts_a_whole_em() -> None:
    assert text_width("漢", 10) == 10
    assert text_width("ab漢", 10) > text_width("ab", 10) + 9.9


def test_fit_text_shrinks_first_then_shortens_and_always_fits() -> None:
    assert fit_text("A Avenue", 200, 12) == ("A Avenue", 12)
    text, size = fit_text("Washington Avenue", 100, 13, bold=True, min_size=10)
    assert size == 10 and text_width(text, size, bold=True) * HINTING <= 100
    long = "Anastasia Wolkonskaja-Montgomery of the Upper East Side"
    text, size = fit_text(long, 120, 12, min_size=11)
    assert size == 11 and text.endswith("…") and long.startswith(text[:-1])
    assert text_width(text, size) * HINTING <= 120
    assert fit_text("anything", 1, 12) == ("", 12)


def test_fit_lines_keeps_whole_words_on_few_lines_that_each_fit() -> None:
    # a name that fits on one line stays on one, at its size
    assert fit_lines("Train Station", 200, 12, bold=True) == (["Train Station"], 12)
    rows, size = fit_lines("Fruit and Vegetable Market", 110, 12, bold=True, min_size=9)
    assert " ".join(rows) == "Fruit and Vegetable Market" and len(rows) == 2
    assert size < 12 and all(text_width(r, size, bold=True) * HINTING <= 110 for r in rows)
    # three lines allowed: the size is kept
    rows, size = fit_lines("Fruit and Vegetable Market", 80, 12, lines=3)
    assert size == 12 and rows == ["Fruit and", "Vegetable", "Market"]
    # what cannot fit at the least size is shortened on its last line
    rows, size = fit_lines("Anastasia Wolkonskaja-Montgomery the Third", 90, 12, min_size=11)
    assert size == 11 and len(rows) == 2 and rows[1].endswith("…")
    assert all(text_width(r, size) * HINTING <= 90 for r in rows)


def test_wrap_text_breaks_at_spaces_into_lines_that_fit_and_keeps_every_word() -> None:
    text = "Player 3 proposes a hospital on lots 32, 33, 34 and 39, pooling your lots 32 and 33"
    for width, size, bold in ((150, 12, False), (300, 14, True), (90, 10, False)):
        lines = wrap_text(text, width, size, bold=bold)
        assert " ".join(lines) == text and len(lines) > 1
        assert all(text_width(line, size, bold) * HINTING <= width for line in lines)
        # each line is as long as it can be: the next word would not have fitted
        for line, after in itertools.pairwise(lines):
            assert text_width(f"{line} {after.split()[0]}", size, bold) * HINTING > width
    assert wrap_text("short", 200, 12) == ["short"]
    assert wrap_text("", 200, 12) == []
    assert wrap_text("Featherstonehaugh is long", 40, 12)[0] == "Featherstonehaugh"


def test_a_drawing_has_title_desc_style_and_keyed_groups() -> None:
    d = Drawing(200, 100, title="Board", desc="the text board", css=".x { fill: red; }")
    g = d.group(key="block:A1", title="A1, empty", class_="block", data_block="A1")
    d.rect(g, 10, 10, 50, 40, class_="frame")
    d.text(g, 35, 35, "A1", anchor="middle")
    svg = d.to_svg()
    assert isinstance(svg, SvgWrapper) and svg._repr_svg_() == svg
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 200 100" and root.get("font-family", "").startswith("DejaVu")
    assert (
        root.findtext(f"{SVG}title") == "Board" and root.findtext(f"{SVG}desc") == "the text board"
    )
    style = root.findtext(f"{SVG}style") or ""
    assert ".background" in style and style.rstrip().endswith(".x { fill: red; }")
    block = root.find(f".//{SVG}g[@data-key='block:A1']")
    assert block is not None and block.get("data-block") == "A1" and block.get("class") == "block"
    assert block.findtext(f"{SVG}title") == "A1, empty"
    text = block.find(f"{SVG}text")
    assert (
        text is not None
        and text.get("text-anchor") == "middle"
        and "font-weight" not in text.attrib
    )


def test_a_text_shortened_to_fit_keeps_its_whole_words_in_a_title() -> None:
    d = Drawing(200, 40, title="t")
    d.text(None, 5, 20, "a name much too long for its place", width=60, size=12)
    root = ET.fromstring(d.to_svg())
    holder = root.find(f"{SVG}g")
    assert holder is not None
    assert holder.findtext(f"{SVG}title") == "a name much too long for its place"
    shown = holder.findtext(f"{SVG}text") or ""
    assert shown.endswith("…") and text_width(shown, 12) * HINTING <= 60
