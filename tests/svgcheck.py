"""Checks an SVG board as a picture: its texts readable, none over another, all inside.

For any game's ``render_svg`` (issue 23). Each ``<text>``'s box is computed, not read from the
document: from its position, font size, weight and anchor (its own attributes or an enclosing
group's) and the ink of its characters in the font that renders it, measured with FreeType
(Pillow) on the file fontconfig picks for the family, the way cairo picks it. A box covers the
text as a browser draws it (the font's design widths) and as cairo draws it at one and at
``SCALE`` pixels a unit (advances hinted to the pixel size: up to 5% wider at small sizes).
The picture is then drawn as a PNG (cairosvg) with and without its texts, and the difference,
the texts' ink, must lie inside the computed boxes: a box computed wrongly is caught there,
not trusted.

The checks (``problems``): no two texts overlap or touch; every text is inside the picture;
every text of a group holding a ``rect`` or ``circle`` of class ``frame`` is inside that frame
(a tile's labels inside the tile, a token's value inside its chip); every text leaves ink (none
is hidden under a shape drawn after it); all the ink is inside the boxes. Geometry must be
attributes (``common/svg.py``): a ``transform``, a ``<tspan>``, a ``textLength`` or font
properties in CSS are refused as uncheckable.

``require()`` skips the calling test, with the reason, when cairosvg, Pillow or the font is
missing.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from typing import Any

import attrs
import pytest

SVG_NS = "{http://www.w3.org/2000/svg}"
#: the size the fonts are measured at: large enough that hinting does not move the ink
_MEASURE = 1000
#: how far (in picture units) ink may stray from a computed box: antialiasing and hinting
INK_TOLERANCE = 1.5
#: the least gap between two texts side by side (in picture units): closer than about a
#: space of a small font, two labels read as one
MIN_GAP_X = 3.0
#: the least gap between two texts one above the other
MIN_GAP_Y = 1.0
#: the PNG's pixels per picture unit
SCALE = 2
_INHERITED = ("font-size", "font-weight", "font-family", "text-anchor")
_GEOMETRY_CSS = re.compile(r"font(-size|-weight|-family)?\s*:|text-anchor|letter-spacing|transform")


@attrs.frozen
class TextBox:
    """The ink box of one ``<text>`` in picture units, with its text and where it is."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    where: str

    def crowds(self, other: TextBox, gap_x: float = MIN_GAP_X, gap_y: float = MIN_GAP_Y) -> bool:
        """Whether the two boxes overlap or come closer than ``gap_x`` side by side and
        ``gap_y`` one above the other."""
        return (
            min(self.x1, other.x1) - max(self.x0, other.x0) > -gap_x
            and min(self.y1, other.y1) - max(self.y0, other.y0) > -gap_y
        )

    def inside(self, x0: float, y0: float, x1: float, y1: float, tolerance: float = 0.5) -> bool:
        """Whether the box lies within the rectangle (x0, y0)-(x1, y1)."""
        return (
            self.x0 >= x0 - tolerance
            and self.y0 >= y0 - tolerance
            and self.x1 <= x1 + tolerance
            and self.y1 <= y1 + tolerance
        )

    def __str__(self) -> str:
        box = f"({self.x0:.1f},{self.y0:.1f})-({self.x1:.1f},{self.y1:.1f})"
        return f"{self.text!r} at {self.where} {box}"


def require() -> None:
    """Skip the calling test (with the reason) unless cairosvg, Pillow and the fonts are here."""
    pytest.importorskip("cairosvg", reason="the SVG picture checks need cairosvg (extra [test])")
    pytest.importorskip("PIL", reason="the SVG picture checks need Pillow (cairosvg's)")
    try:
        _font("DejaVu Sans", False)
    except OSError as error:
        pytest.skip(f"the SVG picture checks need the font cairo uses: {error}")


@cache
def _font_file(family: str, bold: bool) -> str:
    """The font file fontconfig picks for ``family`` (cairo's choice), else Pillow's search."""
    fc_match = shutil.which("fc-match")
    pattern = f"{family}:weight={'bold' if bold else 'regular'}"
    if fc_match:
        found = subprocess.run(
            [fc_match, "-f", "%{file}", pattern], capture_output=True, text=True, check=False
        ).stdout.strip()
        if found:
            return found
    return "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"


@cache
def _font(family: str, bold: bool, size: float = _MEASURE) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(_font_file(family, bold), size, layout_engine=ImageFont.Layout.BASIC)


def _number(value: str | None, default: float) -> float:
    if value is None:
        return default
    return float(value.removesuffix("px"))


def _walk(
    node: ET.Element, inherited: dict[str, str], path: str
) -> Iterator[tuple[ET.Element, dict[str, str], str]]:
    """Every element with the presentation attributes it inherits, and a path naming it."""
    own = dict(inherited)
    for name in _INHERITED:
        if name in node.attrib:
            own[name] = node.attrib[name]
    if "transform" in node.attrib:
        raise ValueError(f"{path}: a transform cannot be checked")
    if _GEOMETRY_CSS.search(node.attrib.get("style", "")):
        raise ValueError(f"{path}: font geometry in a style attribute cannot be checked")
    yield node, own, path
    for k, child in enumerate(node):
        tag = child.tag.removeprefix(SVG_NS)
        key = child.attrib.get("data-key") or child.attrib.get("class")
        yield from _walk(child, own, f"{path}/{tag}[{k}]" + (f"({key})" if key else ""))


def _box(node: ET.Element, style: dict[str, str], where: str) -> TextBox | None:
    if len(node):
        raise ValueError(f"{where}: a text with children (tspan) cannot be checked")
    if "textLength" in node.attrib or "dominant-baseline" in node.attrib:
        raise ValueError(f"{where}: textLength and dominant-baseline cannot be checked")
    body = node.text or ""
    if not body.strip():
        return None
    size = _number(style.get("font-size"), 16)
    weight = style.get("font-weight", "normal")
    bold = weight == "bold" or (weight.isdigit() and int(weight) >= 550)
    family = style.get("font-family", "sans-serif").split(",")[0].strip("\"' ")
    x = _number(node.attrib.get("x"), 0)
    y = _number(node.attrib.get("y"), 0)
    anchor = {"start": 0.0, "middle": 0.5, "end": 1.0}[style.get("text-anchor", "start")]
    boxes = []
    # the design widths (a browser), then cairo's hinted advances at 1 and SCALE px a unit
    for font, scale in (
        (_font(family, bold), _MEASURE / size),
        (_font(family, bold, size), 1),
        (_font(family, bold, size * SCALE), SCALE),
    ):
        shift = font.getlength(body) / scale * anchor
        left, top, right, bottom = (v / scale for v in font.getbbox(body, anchor="ls"))
        boxes.append((x - shift + left, y + top, x - shift + right, y + bottom))
    x0, y0, _, _ = map(min, zip(*boxes, strict=True))
    _, _, x1, y1 = map(max, zip(*boxes, strict=True))
    return TextBox(body, x0, y0, x1, y1, where)


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    for node in root.iter(f"{SVG_NS}style"):
        if _GEOMETRY_CSS.search(node.text or ""):
            raise ValueError("the style sheet sets font geometry, which cannot be checked")
    return root


def text_boxes(svg: str) -> list[TextBox]:
    """The ink box of every ``<text>`` of the picture, in document order."""
    boxes = []
    for node, style, where in _walk(_parse(svg), {}, "svg"):
        if node.tag == f"{SVG_NS}text":
            box = _box(node, style, where)
            if box is not None:
                boxes.append(box)
    return boxes


@attrs.frozen
class Frame:
    """A shape of class ``frame``: a ``rect`` or a ``circle`` its group's texts must fit in."""

    shape: str
    values: tuple[float, ...]

    def holds(self, box: TextBox, tolerance: float = 0.5) -> bool:
        """Whether the text's box lies within the shape (every corner, for a circle)."""
        if self.shape == "rect":
            x0, y0, x1, y1 = self.values
            return box.inside(x0, y0, x1, y1, tolerance)
        cx, cy, r = self.values
        corners = [(x, y) for x in (box.x0, box.x1) for y in (box.y0, box.y1)]
        return all((x - cx) ** 2 + (y - cy) ** 2 <= (r + tolerance) ** 2 for x, y in corners)

    def __str__(self) -> str:
        return f"{self.shape} {tuple(round(v, 1) for v in self.values)}"


def _frame(node: ET.Element) -> Frame | None:
    """The first child of ``node`` that is a ``frame`` rectangle or circle."""
    for child in node:
        if "frame" not in child.attrib.get("class", "").split():
            continue
        if child.tag == f"{SVG_NS}rect":
            x, y = _number(child.get("x"), 0), _number(child.get("y"), 0)
            w, h = _number(child.get("width"), 0), _number(child.get("height"), 0)
            return Frame("rect", (x, y, x + w, y + h))
        if child.tag == f"{SVG_NS}circle":
            values = (_number(child.get(k), 0) for k in ("cx", "cy", "r"))
            return Frame("circle", tuple(values))
    return None


def _frames(root: ET.Element) -> list[tuple[Frame, list[TextBox]]]:
    """Each ``frame`` shape with the boxes of its group's texts."""
    out = []
    for node, style, where in _walk(root, {}, "svg"):
        frame = _frame(node)
        if frame is None:
            continue
        texts = [
            box
            for sub, sub_style, sub_where in _walk(node, style, where)
            if sub.tag == f"{SVG_NS}text" and (box := _box(sub, sub_style, sub_where))
        ]
        out.append((frame, texts))
    return out


def _size(root: ET.Element) -> tuple[float, float]:
    box = root.get("viewBox")
    if box:
        _, _, w, h = (float(v) for v in box.split())
        return w, h
    return _number(root.get("width"), 0), _number(root.get("height"), 0)


def _png(svg: str, width: float) -> Any:
    import cairosvg
    from PIL import Image

    data = cairosvg.svg2png(bytestring=svg.encode(), output_width=round(width * SCALE))
    return Image.open(io.BytesIO(data)).convert("RGB")


def _without_texts(root: ET.Element) -> str:
    for parent in root.iter():
        for child in list(parent):
            if child.tag == f"{SVG_NS}text":
                parent.remove(child)
    ET.register_namespace("", SVG_NS[1:-1])
    return ET.tostring(root, encoding="unicode")


def ink_problems(svg: str, boxes: list[TextBox]) -> list[str]:
    """What the PNG shows against the computed boxes: ink outside them, a box without ink."""
    from PIL import Image, ImageChops, ImageDraw

    root = _parse(svg)
    width, _ = _size(root)
    drawn = _png(svg, width)
    bare = _png(_without_texts(root), width)
    ink = ImageChops.difference(drawn, bare).convert("L").point(lambda v: 255 if v > 48 else 0)
    allowed = Image.new("L", ink.size, 0)
    draw = ImageDraw.Draw(allowed)
    pad = INK_TOLERANCE
    for b in boxes:
        draw.rectangle(
            [
                (b.x0 - pad) * SCALE,
                (b.y0 - pad) * SCALE,
                (b.x1 + pad) * SCALE,
                (b.y1 + pad) * SCALE,
            ],
            fill=255,
        )
    out = []
    stray = ImageChops.subtract(ink, allowed).getbbox()
    if stray is not None:
        x0, y0, x1, y1 = (v / SCALE for v in stray)
        out.append(f"text ink outside every computed box, within ({x0},{y0})-({x1},{y1})")
    for b in boxes:
        crop = (
            max(0, int(b.x0 * SCALE)),
            max(0, int(b.y0 * SCALE)),
            min(ink.width, int(b.x1 * SCALE) + 1),
            min(ink.height, int(b.y1 * SCALE) + 1),
        )
        if crop[0] >= crop[2] or crop[1] >= crop[3] or ink.crop(crop).getbbox() is None:
            out.append(f"no ink of {b}: hidden, or drawn where it cannot be seen")
    return out


def problems(svg: str, *, ink: bool = True) -> list[str]:
    """Everything wrong with the picture's texts, one sentence each ([] when nothing is).

    Overlapping texts, texts outside the picture or their frame, and (with ``ink``, the PNG
    comparison) ink outside the computed boxes or a text without ink.
    """
    root = _parse(svg)
    width, height = _size(root)
    boxes = text_boxes(svg)
    out = []
    for k, a in enumerate(boxes):
        if not a.inside(0, 0, width, height):
            out.append(f"outside the {width:g}x{height:g} picture: {a}")
        for b in boxes[k + 1 :]:
            if a.crowds(b):
                out.append(f"overlapping or touching texts: {a} and {b}")
    for frame, texts in _frames(root):
        for box in texts:
            if not frame.holds(box):
                out.append(f"outside its frame {frame}: {box}")
    if ink:
        out += ink_problems(svg, boxes)
    return out
