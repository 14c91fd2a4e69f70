"""SVG pictures of a position, built the same way for every game (STYLE.md section 1).

After python-chess's ``chess.svg``: the picture is built with ElementTree in fixed units of the
``viewBox``; elements carry classes and the colours of the classes live in one ``<style>``
(``DEFAULT_STYLE``, to which a game and a caller add their own CSS); every element a front end
may click is a group with one shared ``data-key`` (``block:A1``, ``street:st1``) and a
``<title>``; the text board goes in ``<desc>``; the result is an ``SvgWrapper``, a ``str`` that
Jupyter shows as a picture.

The colours are also written onto the elements as presentation attributes (``fill="#fafaf5"``)
when the picture is made (``inline_style``), so a renderer that reads no CSS (an image viewer,
rsvg without its style support) draws what a browser draws; the ``<style>`` stays for those
that do, with the same values.

Geometry is never in CSS: font size, weight and anchor are attributes of the text or of an
enclosing group, so a test can compute every text's box from the document and the font's
metrics (``tests/svgcheck.py``). A ``rect`` of class ``frame`` is the box its group's texts
must fit in. ``text_width`` measures a text in DejaVu Sans, the first font of ``FONT_FAMILY``
and one of the wider sans-serif faces, so a text that fits by this measure fits in the
narrower faces a browser may substitute; ``fit_text`` shrinks or shortens a text to a width,
``wrap_text`` breaks it into lines of a width, and ``fit_lines`` into a few lines that fit,
at the largest size they fit at.

>>> d = Drawing(100, 40, title="A board")
>>> g = d.group(key="block:A1", title="A1, empty", class_="block")
>>> _ = d.rect(g, 0, 0, 40, 40, class_="frame")
>>> _ = d.text(g, 20, 25, "A1", anchor="middle")
>>> svg = d.to_svg()
>>> 'data-key="block:A1"' in svg and svg._repr_svg_() is svg
True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

NS = "http://www.w3.org/2000/svg"
#: the fonts every picture asks for: DejaVu Sans first (its widths are ``text_width``'s)
FONT_FAMILY = "DejaVu Sans, Verdana, sans-serif"
#: the font size of a text that names none
FONT_SIZE = 12
#: the colours of the shared classes; a game adds its own rules after these
DEFAULT_STYLE = """\
.background { fill: #fafaf5; }
text { fill: #222; }
text.muted { fill: #6b6b6b; }
text.on-dark { fill: #fff; }
text.on-light { fill: #1a1a1a; }
[data-key] { cursor: pointer; }
rect.last { fill: none; stroke: #111; stroke-width: 3; }
rect.target { fill: none; stroke: #e0007a; stroke-width: 3; stroke-dasharray: 6 3; }
"""

# The advance widths of DejaVu Sans (Book and Bold) in 1/2048 em, for U+0020-U+007E and
# U+00A0-U+00FF, measured with FreeType; a character outside them counts a whole em.
_REGULAR = """
651 821 942 1716 1303 1946 1597 563 799 799 1024 1716 651 739 651 690 1303 1303 1303 1303 1303
1303 1303 1303 1303 1303 690 690 1716 1716 1716 1087 2048 1401 1405 1430 1577 1294 1178 1587
1540 604 604 1343 1141 1767 1532 1612 1235 1612 1423 1300 1251 1499 1401 2025 1403 1251 1403 799
690 799 1716 1024 1024 1255 1300 1126 1300 1260 721 1300 1298 569 569 1186 569 1995 1298 1253
1300 1300 842 1067 803 1298 1212 1675 1212 1212 1075 1303 690 1303 1716 651 821 1303 1303 1303
1303 690 1024 1024 2048 965 1253 1716 739 2048 1024 1024 1716 821 821 1024 1303 1303 651 1024
821 965 1253 1985 1985 1985 1087 1401 1401 1401 1401 1401 1401 1995 1430 1294 1294 1294 1294 604
604 604 604 1587 1532 1612 1612 1612 1612 1612 1716 1612 1499 1499 1499 1499 1251 1239 1290 1255
1255 1255 1255 1255 1255 2011 1126 1260 1260 1260 1260 569 569 569 569 1253 1298 1253 1253 1253
1253 1253 1716 1253 1298 1298 1298 1298 1212 1300 1212
"""
_BOLD = """
713 934 1067 1716 1425 2052 1786 627 936 936 1071 1716 778 850 778 748 1425 1425 1425 1425 1425
1425 1425 1425 1425 1425 819 819 1716 1716 1716 1188 2048 1585 1561 1503 1700 1399 1399 1681
1714 762 762 1587 1305 2038 1714 1741 1501 1741 1577 1475 1397 1663 1585 2259 1579 1483 1485 936
748 936 1716 1024 1024 1382 1466 1214 1466 1389 891 1466 1458 702 702 1362 702 2134 1458 1407
1466 1466 1010 1219 979 1458 1335 1892 1321 1335 1192 1458 748 1458 1716 713 934 1425 1425 1303
1425 748 1024 1024 2048 1155 1323 1716 850 2048 1024 1024 1716 897 897 1024 1507 1303 778 1024
897 1155 1323 2120 2120 2120 1188 1585 1585 1585 1585 1585 1585 2222 1503 1399 1399 1399 1399
762 762 762 762 1716 1714 1741 1741 1741 1741 1741 1716 1741 1663 1663 1663 1663 1483 1511 1473
1382 1382 1382 1382 1382 1382 2146 1214 1389 1389 1389 1389 702 702 702 702 1407 1458 1407 1407
1407 1407 1407 1716 1407 1458 1458 1458 1458 1335 1466 1335
"""
_CODES = (*range(0x20, 0x7F), *range(0xA0, 0x100))
#: the widths of a few signs beyond Latin-1 that pictures use (the same in both weights)
_EXTRA = {"…": 2048, "–": 1024, "—": 2048, "×": 1716}
_WIDTHS = tuple(
    {chr(c): int(w) for c, w in zip(_CODES, table.split(), strict=True)} | _EXTRA
    for table in (_REGULAR, _BOLD)
)
ELLIPSIS = "…"
#: how much wider than its design a text may be drawn: a renderer that hints the advances at
#: the pixel size (cairo does) widens a text by up to 5% at 9-12 px; fitting keeps this margin
HINTING = 1.06


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` at font size ``size`` in DejaVu Sans (no kerning, no
    hinting: what a browser draws; ``fit_text`` leaves a margin for hinted renderers)."""
    widths = _WIDTHS[bold]
    return size * sum(widths.get(ch, 2048) for ch in text) / 2048


def fit_text(
    text: str, width: float, size: float, *, bold: bool = False, min_size: float | None = None
) -> tuple[str, float]:
    """``text`` and a font size at which it fits ``width`` with the ``HINTING`` margin: the
    size lowered a pixel at a time down to ``min_size`` first (whole sizes hint evenly), then
    the text shortened with an ellipsis.

    >>> fit_text("Washington Street", 60, 12, min_size=10)
    ('Washing…', 10)
    >>> fit_text("A Avenue", 90, 12)
    ('A Avenue', 12)
    """
    room = width / HINTING
    floor = size if min_size is None else min_size
    while size > floor and text_width(text, size, bold) > room:
        size = max(floor, size - 1)
    if text_width(text, size, bold) <= room:
        return text, size
    cut = len(text)
    while cut > 0 and text_width(text[:cut].rstrip() + ELLIPSIS, size, bold) > room:
        cut -= 1
    return (text[:cut].rstrip() + ELLIPSIS if cut else ""), size


def wrap_text(text: str, width: float, size: float, *, bold: bool = False) -> list[str]:
    """``text`` broken at its spaces into lines that each fit ``width`` at font size ``size``
    with the ``HINTING`` margin (a word wider than that alone on its line, for ``fit_text``).

    >>> wrap_text("Player 2 offers lot 20 for your lot 10", 150, 12)
    ['Player 2 offers lot 20', 'for your lot 10']
    """
    room = width / HINTING
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def fit_lines(
    text: str,
    width: float,
    size: float,
    *,
    lines: int = 2,
    bold: bool = False,
    min_size: float | None = None,
) -> tuple[list[str], float]:
    """``text`` broken at its spaces into at most ``lines`` lines that each fit ``width``
    (with the ``HINTING`` margin), and their font size: the largest from ``size`` down to
    ``min_size`` a pixel at a time at which the words fit; failing that, at ``min_size``,
    the last line is shortened with an ellipsis (``fit_text``).

    >>> fit_lines("Fruit and Vegetable Market", 120, 11, bold=True)
    (['Fruit and', 'Vegetable Market'], 11)
    >>> fit_lines("Cafe", 120, 11)
    (['Cafe'], 11)
    >>> fit_lines("Fruit and Vegetable Market", 60, 11, min_size=10)
    (['Fruit and', 'Vegetabl…'], 10)
    """
    room = width / HINTING
    floor = size if min_size is None else min_size
    while True:
        rows = wrap_text(text, width, size, bold=bold)
        fits = all(text_width(row, size, bold) <= room for row in rows)
        if (fits and len(rows) <= lines) or size <= floor:
            break
        size = max(floor, size - 1)
    if len(rows) > lines or not fits:
        head = [fit_text(row, width, size, bold=bold)[0] for row in rows[: lines - 1]]
        tail = fit_text(" ".join(rows[lines - 1 :]), width, size, bold=bold)[0]
        rows = [*head, tail]
    return rows, size


#: the properties ``inline_style`` writes as attributes (all presentation attributes of SVG)
_PROPERTIES = frozenset(
    (
        "fill",
        "fill-opacity",
        "stroke",
        "stroke-width",
        "stroke-dasharray",
        "stroke-opacity",
        "opacity",
        "pointer-events",
        "cursor",
    )
)
_COMPOUND = re.compile(r"^([a-z]+|\*)?((?:\.[\w-]+|\[[\w-]+\])*)$")


def _compound(text: str) -> tuple[str | None, frozenset[str], frozenset[str]] | None:
    """A simple selector's tag, classes and attribute names (``rect.lot.free``,
    ``[data-key]``), or None for one ``inline_style`` does not read."""
    found = _COMPOUND.match(text)
    if found is None or not text:
        return None
    tag = found.group(1)
    rest = found.group(2)
    classes = frozenset(re.findall(r"\.([\w-]+)", rest))
    names = frozenset(re.findall(r"\[([\w-]+)\]", rest))
    return (None if tag in (None, "*") else tag), classes, names


def _matches(
    tag: str,
    classes: set[str],
    node: ET.Element,
    compound: tuple[str | None, frozenset[str], frozenset[str]],
) -> bool:
    want, wanted, names = compound
    return (
        (want is None or want == tag) and wanted <= classes and all(n in node.attrib for n in names)
    )


def _described(node: ET.Element) -> tuple[str, set[str]]:
    return node.tag.rsplit("}", 1)[-1], set(node.get("class", "").split())


def inline_style(root: ET.Element, css: str) -> None:
    """Write the colours ``css`` gives each element of ``root`` as its attributes, by the
    cascade's order (specificity, then the order of the rules), over any already there, as a
    style sheet overrides presentation attributes.

    Selectors read: a tag, classes and attribute names (``rect.lot.free``, ``[data-key]``),
    and one compound after another (``.kind-park + text``); a rule of another form is left
    to the renderers that read the ``<style>``.

    >>> svg = ET.fromstring('<svg><rect class="lot free"/><text/></svg>')
    >>> inline_style(svg, ".free { fill: #e; stroke: red } rect.lot { fill: #f } text { fill: #2 }")
    >>> [n.attrib for n in svg]
    [{'class': 'lot free', 'fill': '#f', 'stroke': 'red'}, {'fill': '#2'}]
    """
    rules = []
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for order, (selectors, body) in enumerate(re.findall(r"([^{}]+)\{([^}]*)\}", css)):
        declarations = [
            (name.strip(), value.strip())
            for name, _, value in (d.partition(":") for d in body.split(";"))
            if name.strip() in _PROPERTIES and value.strip()
        ]
        if not declarations:
            continue
        for selector in selectors.split(","):
            parts = [p.strip() for p in selector.strip().split("+")]
            compounds = [_compound(p) for p in parts]
            if len(parts) > 2 or any(c is None for c in compounds):
                continue
            known = [c for c in compounds if c is not None]
            weight = sum(len(c[1]) + len(c[2]) for c in known)
            tags = sum(c[0] is not None for c in known)
            rules.append(((weight, tags, order), known, declarations))
    rules.sort(key=lambda rule: rule[0])
    # a rule is tried only on elements of its tag, or holding its first class
    index: dict[str, list[int]] = {}
    for k, (_, known, _) in enumerate(rules):
        subject, needed, _ = known[-1]
        index.setdefault(min(needed) if needed else (subject or "*"), []).append(k)
    for parent in root.iter():
        before: tuple[str, set[str], ET.Element] | None = None
        for node in parent:
            tag, classes = _described(node)
            picked = sorted(
                {*index.get(tag, ()), *index.get("*", ())}.union(
                    *(index.get(c, ()) for c in classes)
                )
            )
            for k in picked:
                _, known, declarations = rules[k]
                if not _matches(tag, classes, node, known[-1]):
                    continue
                if len(known) == 2 and (before is None or not _matches(*before, known[0])):
                    continue
                for name, value in declarations:
                    node.set(name, value)
            before = (tag, classes, node)


def tint(colour: str, share: float) -> str:
    """``colour`` (``#rrggbb``) mixed with white, ``share`` of it kept: a light ground of it.

    >>> tint("#2055c0", 0.2)
    '#d2ddf2'
    """
    rgb = [int(colour[k : k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - v) * share):02x}" for v in rgb)


def ink_on(colour: str) -> str:
    """The colour of words written on ``colour`` (``#rrggbb``): white on a dark one, near
    black on a light one, whichever contrasts more (WCAG's relative luminance).

    >>> ink_on("#2055c0"), ink_on("#f2c12e"), ink_on("#ffffff")
    ('#ffffff', '#1a1a1a', '#1a1a1a')
    """

    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[k : k + 2], 16)) for k in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    # contrast with white (1.05) against contrast with #1a1a1a (luminance about 0.0103)
    return "#ffffff" if 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0603 else "#1a1a1a"


class SvgWrapper(str):
    """An SVG document: a ``str`` that Jupyter and IPython show as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return self


def _name(key: str) -> str:
    """An attribute's SVG name from a keyword: ``class_`` -> ``class``, ``data_key`` ->
    ``data-key``, ``font_size`` -> ``font-size``."""
    return key.rstrip("_").replace("_", "-")


def _value(value: Any) -> str:
    if isinstance(value, float):
        return f"{round(value, 2):g}"
    return str(value)


def element(parent: ET.Element, tag: str, body: str | None = None, **attrs: Any) -> ET.Element:
    """A child ``tag`` of ``parent`` with the attributes ``attrs`` (None values left out)."""
    node = ET.SubElement(
        parent, tag, {_name(k): _value(v) for k, v in attrs.items() if v is not None}
    )
    if body is not None:
        node.text = body
    return node


class Drawing:
    """An SVG picture being built: the root, its title, description and style sheet.

    ``title`` is the picture's name (its ``<title>``); ``desc`` its text board (``<desc>``);
    ``style`` the game's CSS, after ``DEFAULT_STYLE``; ``css`` a caller's, after both.
    """

    def __init__(
        self,
        width: float,
        height: float,
        *,
        title: str,
        desc: str = "",
        style: str = "",
        css: str = "",
        font_size: float = FONT_SIZE,
    ) -> None:
        self.width = width
        self.height = height
        self.root = ET.Element(
            "svg",
            {
                "xmlns": NS,
                "width": _value(width),
                "height": _value(height),
                "viewBox": f"0 0 {_value(width)} {_value(height)}",
                "font-family": FONT_FAMILY,
                "font-size": _value(font_size),
            },
        )
        element(self.root, "title", title)
        if desc:
            element(self.root, "desc", desc)
        self.style = DEFAULT_STYLE + style + css
        element(self.root, "style", self.style)
        self.rect(self.root, 0, 0, width, height, class_="background")

    def add(
        self, parent: ET.Element | None, tag: str, body: str | None = None, **attrs: Any
    ) -> ET.Element:
        """A child element of ``parent`` (None: the root)."""
        return element(self.root if parent is None else parent, tag, body, **attrs)

    def group(
        self,
        parent: ET.Element | None = None,
        *,
        key: str | None = None,
        title: str | None = None,
        **attrs: Any,
    ) -> ET.Element:
        """A ``<g>``; with ``key`` a clickable one: ``data-key`` (``block:A1``), ``<title>``."""
        node = self.add(parent, "g", data_key=key, **attrs)
        if title is not None:
            element(node, "title", title)
        return node

    def rect(
        self, parent: ET.Element | None, x: float, y: float, w: float, h: float, **attrs: Any
    ) -> ET.Element:
        """A rectangle at (``x``, ``y``) of ``w`` by ``h``."""
        return self.add(
            parent, "rect", x=float(x), y=float(y), width=float(w), height=float(h), **attrs
        )

    def text(
        self,
        parent: ET.Element | None,
        x: float,
        y: float,
        body: str,
        *,
        size: float | None = None,
        bold: bool = False,
        anchor: str | None = None,
        width: float | None = None,
        min_size: float | None = None,
        **attrs: Any,
    ) -> ET.Element:
        """A ``<text>`` whose baseline starts (or, by ``anchor``, centres or ends) at (x, y).

        With ``width`` the text is fitted to it (``fit_text``, down to ``min_size``); a
        shortened text is put in a group whose ``<title>`` holds it whole.
        """
        if width is not None:
            fitted, fitted_size = fit_text(
                body, width, size or FONT_SIZE, bold=bold, min_size=min_size
            )
            if fitted != body:
                parent = self.group(parent, title=body)
            if size is not None or fitted_size != FONT_SIZE:
                size = fitted_size
            body = fitted
        return self.add(
            parent,
            "text",
            body,
            x=float(x),
            y=float(y),
            font_size=None if size is None else float(size),
            font_weight="bold" if bold else None,
            text_anchor=anchor,
            **attrs,
        )

    def to_svg(self) -> SvgWrapper:
        """The picture as an SVG document, its colours also as attributes (``inline_style``)."""
        inline_style(self.root, self.style)
        return SvgWrapper(ET.tostring(self.root, encoding="unicode") + "\n")


__all__ = [
    "DEFAULT_STYLE",
    "FONT_FAMILY",
    "HINTING",
    "NS",
    "Drawing",
    "SvgWrapper",
    "element",
    "fit_lines",
    "fit_text",
    "ink_on",
    "inline_style",
    "text_width",
    "tint",
    "wrap_text",
]
