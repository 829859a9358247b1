"""Pictures of an Alhambra for referees: an SVG drawn to scale from the rules core.

Shows each tile's building (the game's colours, and its name), its walls (W1) as thick lines,
the fountain (C2), the longest wall (W3) highlighted, and either a proposed placement with the
rules it breaks (B2-B6) or, without one, whatever makes the Alhambra itself illegal (B2-B5).

Pure: no web framework; the SVG is built with :mod:`xml.etree.ElementTree`, so every text
(a player's name included) is escaped by the library, not by hand. Only presentation
attributes are used, never ``style``: the page inlines the picture under a Content-Security-
Policy that forbids inline styles.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final
from unicodedata import east_asian_width

from calculator.core.alhambra import Alhambra
from calculator.core.building import (
    HoleRule,
    Violation,
    alhambra_violations,
    placement_violations,
)
from calculator.core.tiles import BUILDINGS, SIDES, Building, Cell, Side, Tile
from calculator.core.walls import Wall, longest_wall

SVG_NS: Final = "http://www.w3.org/2000/svg"

CELL: Final = 80
"""The side of one tile, in SVG units."""
MARGIN: Final = 24
WALL_WIDTH: Final = 8
LEGEND_LINE: Final = 24
MIN_WIDTH: Final = 360
"""Wide enough for the legend of a one-tile Alhambra."""
MAX_LEGEND_VIOLATIONS: Final = 8

COLOURS: Final[Mapping[Building, str]] = {
    Building.PAVILION: "#1565c0",  # blue
    Building.SERAGLIO: "#c62828",  # red
    Building.ARCADES: "#795548",  # brown
    Building.CHAMBERS: "#fafafa",  # white
    Building.GARDEN: "#2e7d32",  # green
    Building.TOWER: "#6a1b9a",  # purple
}
"""The building colours of the game."""

TEXT_ON: Final[Mapping[Building, str]] = {
    building: "#111111" if building is Building.CHAMBERS else "#ffffff" for building in BUILDINGS
}
"""Label colour on each building, for contrast (WCAG AA or better on every fill)."""

WALL_COLOUR: Final = "#212121"
LONGEST_COLOUR: Final = "#ff9800"
VIOLATION_COLOUR: Final = "#d50000"
FOUNTAIN_FILL: Final = "#e1f5fe"
FOUNTAIN_STROKE: Final = "#0277bd"

# Where each side's wall runs inside its tile: inset by half a wall, so back-to-back walls
# (W1: inner walls) show as the double wall they are on the table.
_INSET: Final = WALL_WIDTH / 2
_SIDE_LINE: Final[Mapping[Side, tuple[float, float, float, float]]] = {
    "N": (0, _INSET, CELL, _INSET),
    "E": (CELL - _INSET, 0, CELL - _INSET, CELL),
    "S": (0, CELL - _INSET, CELL, CELL - _INSET),
    "W": (_INSET, 0, _INSET, CELL),
}
_EDGE: Final[Mapping[Side, tuple[float, float, float, float]]] = {
    "N": (0, 0, CELL, 0),
    "E": (CELL, 0, CELL, CELL),
    "S": (0, CELL, CELL, CELL),
    "W": (0, 0, 0, CELL),
}


@dataclass(frozen=True)
class PictureLabels:
    """The words in a picture. The defaults are the game's vocabulary in English; the web
    layer passes a translation."""

    buildings: Mapping[Building, str] = field(
        default_factory=lambda: {building: building.value for building in BUILDINGS}
    )
    fountain: str = "fountain"
    title: str = "Alhambra"
    longest_wall: str = "Longest wall: {length}"
    proposal_legal: str = "Proposed tile at ({x},{y}): legal"
    proposal_refused: str = "Proposed tile at ({x},{y}): refused"
    legal: str = "The Alhambra is legal"
    hut: str = "hut"
    """The word under a worker hut's colour (V4)."""
    rules: Mapping[str, str] = field(default_factory=dict)
    """Rule id -> short title (e.g. ``"B2": "Matching sides"``); ids without one show bare."""


@dataclass(frozen=True, slots=True)
class Proposal:
    """A tile someone wants to place: drawn see-through, its violations marked."""

    cell: Cell
    tile: Tile


@dataclass(frozen=True, slots=True)
class Picture:
    """What was drawn: the SVG and the facts it shows (for callers and tests)."""

    svg: str
    wall: Wall
    violations: tuple[Violation, ...]


def render_alhambra(
    alhambra: Alhambra,
    *,
    proposal: Proposal | None = None,
    hole_rule: HoleRule = "region",
    labels: PictureLabels | None = None,
    title: str | None = None,
) -> Picture:
    """Draw ``alhambra`` with its longest wall, and the proposal or the Alhambra's violations."""
    labels = labels or PictureLabels()
    wall = longest_wall(alhambra)
    if proposal is not None:
        violations = placement_violations(alhambra, proposal.tile, proposal.cell, hole_rule)
    else:
        violations = alhambra_violations(alhambra, hole_rule)
    drawing = _Drawing(alhambra, proposal, violations, wall, labels)
    svg = drawing.draw(title or labels.title)
    return Picture(svg, wall, tuple(violations))


class _Drawing:
    """One SVG document being built: the frame, then layers from the ground up."""

    def __init__(
        self,
        alhambra: Alhambra,
        proposal: Proposal | None,
        violations: Sequence[Violation],
        wall: Wall,
        labels: PictureLabels,
    ) -> None:
        self.alhambra = alhambra
        self.proposal = proposal
        self.violations = violations
        self.wall = wall
        self.labels = labels
        cells = set(alhambra.tiles)
        if proposal is not None:
            cells.add(proposal.cell)
        for violation in violations:
            cells.update(violation.cells)
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        self.left, self.top = min(xs), min(ys)
        columns, rows = max(xs) - self.left + 1, max(ys) - self.top + 1
        self.legend = self._legend_lines()
        self.width = max(MIN_WIDTH, columns * CELL + 2 * MARGIN)
        self.grid_height = rows * CELL + 2 * MARGIN
        self.height = self.grid_height + LEGEND_LINE * len(self.legend) + MARGIN // 2
        # centre the grid when the legend makes the picture wider than the Alhambra
        self.origin_x = (self.width - columns * CELL) / 2

    def corner(self, cell: Cell) -> tuple[float, float]:
        """The top-left corner of ``cell`` in SVG units."""
        return (self.origin_x + (cell[0] - self.left) * CELL, MARGIN + (cell[1] - self.top) * CELL)

    def draw(self, title: str) -> str:
        root = ET.Element(
            "svg",
            {
                "xmlns": SVG_NS,
                "version": "1.1",
                "width": _num(self.width),
                "height": _num(self.height),
                "viewBox": f"0 0 {_num(self.width)} {_num(self.height)}",
                "role": "img",
                "aria-labelledby": "picture-title",
                "font-family": "system-ui, 'Noto Sans', 'Noto Sans CJK JP', sans-serif",
            },
        )
        ET.SubElement(
            root, "title", {"id": "picture-title"}
        ).text = f"{title}. {self.labels.longest_wall.format(length=self._wall_length())}"
        ET.SubElement(
            root,
            "rect",
            {
                "width": "100%",
                "height": "100%",
                "fill": "#ffffff",
                "class": "background",
            },
        )
        self._tiles(root)
        self._walls(root)
        self._longest_wall(root)
        if self.proposal is not None:
            self._proposal(root, self.proposal)
        self._violations(root)
        self._legend(root)
        return ET.tostring(root, encoding="unicode", xml_declaration=True)

    # --- layers ------------------------------------------------------------------------------

    def _tiles(self, root: ET.Element) -> None:
        layer = ET.SubElement(root, "g", {"class": "tiles"})
        for cell, tile in sorted(self.alhambra.tiles.items(), key=lambda item: item[0][::-1]):
            if tile.is_fountain:
                self._fountain(layer, cell)
            else:
                self._tile(layer, cell, tile, "tile")

    def _fountain(self, layer: ET.Element, cell: Cell) -> None:
        x, y = self.corner(cell)
        group = ET.SubElement(
            layer,
            "g",
            {
                "class": "fountain",
                "data-x": str(cell[0]),
                "data-y": str(cell[1]),
            },
        )
        _rect(group, x, y, CELL, CELL, fill=FOUNTAIN_FILL, stroke="#546e7a")
        ET.SubElement(
            group,
            "circle",
            {
                "cx": _num(x + CELL / 2),
                "cy": _num(y + CELL / 2 - 8),
                "r": "16",
                "fill": "#81d4fa",
                "stroke": FOUNTAIN_STROKE,
                "stroke-width": "3",
            },
        )
        _text(group, x + CELL / 2, y + CELL - 12, self.labels.fountain, 12, "#01579b")

    def _tile(
        self, layer: ET.Element, cell: Cell, tile: Tile, kind: str, opacity: str | None = None
    ) -> ET.Element:
        assert tile.building is not None  # the fountain is drawn by _fountain
        x, y = self.corner(cell)
        attributes = {
            "class": kind,
            "data-x": str(cell[0]),
            "data-y": str(cell[1]),
            "data-building": tile.building.value,
            "data-walls": tile.walls,
        }
        if tile.price is not None:
            attributes["data-price"] = str(tile.price)
        if tile.hut:
            attributes["data-hut"] = "true"
        group = ET.SubElement(layer, "g", attributes)
        ink = TEXT_ON[tile.building]
        _rect(
            group,
            x,
            y,
            CELL,
            CELL,
            fill=COLOURS[tile.building],
            stroke="#9e9e9e",
            fill_opacity=opacity,
        )
        name = self.labels.buildings[tile.building]
        _text(
            group,
            x + CELL / 2,
            y + CELL / 2 + 5,
            name,
            _fitting_size(name, CELL - 12, 13),
            ink,
            weight="bold",
        )
        if tile.hut:
            self._hut_mark(group, x, y, ink)
        if tile.price is not None:
            _text(group, x + CELL - 12, y + 22, str(tile.price), 12, ink, anchor="end")
        _text(group, x + 12, y + CELL - 12, f"{cell[0]},{cell[1]}", 10, ink, anchor="start")
        return group

    def _hut_mark(self, group: ET.Element, x: float, y: float, ink: str) -> None:
        """V4: a worker hut is a small house above its colour's name, and the word under it,
        so a hut never passes for a building of its colour."""
        left, top = x + CELL / 2 - 12, y + 14
        ET.SubElement(
            group,
            "polygon",
            {
                "class": "hut-mark",
                "fill": "none",
                "stroke": ink,
                "stroke-width": "2.5",
                "stroke-linejoin": "round",
                "points": " ".join(
                    f"{_num(px)},{_num(py)}"
                    for px, py in (
                        (left, top + 10),
                        (left + 12, top),
                        (left + 24, top + 10),
                        (left + 20, top + 10),
                        (left + 20, top + 20),
                        (left + 4, top + 20),
                        (left + 4, top + 10),
                    )
                ),
            },
        )
        word = self.labels.hut
        _text(group, x + CELL / 2, y + CELL / 2 + 17, word, _fitting_size(word, CELL - 12, 10), ink)

    def _walls(self, root: ET.Element) -> None:
        layer = ET.SubElement(
            root,
            "g",
            {
                "class": "walls",
                "stroke": WALL_COLOUR,
                "stroke-width": str(WALL_WIDTH),
                "stroke-linecap": "square",
            },
        )
        for cell, tile in sorted(self.alhambra.tiles.items(), key=lambda item: item[0][::-1]):
            for side in SIDES:
                if tile.has_wall(side):
                    self._side_line(layer, cell, side, "wall", _SIDE_LINE)

    def _longest_wall(self, root: ET.Element) -> None:
        layer = ET.SubElement(
            root,
            "g",
            {
                "class": "longest-walls",
                "stroke": LONGEST_COLOUR,
                "stroke-width": str(WALL_WIDTH - 2),
                "stroke-linecap": "round",
            },
        )
        for order, (cell, side) in enumerate(self.wall.segments):
            line = self._side_line(layer, cell, side, "longest-wall", _SIDE_LINE)
            line.set("data-order", str(order))

    def _proposal(self, root: ET.Element, proposal: Proposal) -> None:
        layer = ET.SubElement(root, "g", {"class": "proposals"})
        # see-through, so that what lies under a refused tile still shows
        group = self._tile(layer, proposal.cell, proposal.tile, "proposed", opacity="0.7")
        x, y = self.corner(proposal.cell)
        _rect(
            group,
            x + 2,
            y + 2,
            CELL - 4,
            CELL - 4,
            fill="none",
            stroke="#000000",
            stroke_width=3,
            dash="6 4",
        )
        walls = ET.SubElement(
            group,
            "g",
            {
                "stroke": WALL_COLOUR,
                "stroke-width": str(WALL_WIDTH),
                "stroke-dasharray": "10 6",
            },
        )
        for side in SIDES:
            if proposal.tile.has_wall(side):
                self._side_line(walls, proposal.cell, side, "proposed-wall", _SIDE_LINE)

    def _violations(self, root: ET.Element) -> None:
        layer = ET.SubElement(root, "g", {"class": "violations"})
        marked: dict[Cell, list[str]] = {}
        for violation in self.violations:
            group = ET.SubElement(
                layer,
                "g",
                {
                    "class": "violation",
                    "data-rule": violation.rule,
                },
            )
            for cell, side in violation.sides:
                line = self._side_line(group, cell, side, "violation-side", _EDGE)
                line.set("stroke", VIOLATION_COLOUR)
                line.set("stroke-width", "6")
            for cell in violation.cells:
                x, y = self.corner(cell)
                empty = cell not in self.alhambra.tiles and (
                    self.proposal is None or cell != self.proposal.cell
                )
                # a white halo under the red dashes keeps the mark visible on a red seraglio
                _rect(
                    group,
                    x + 5,
                    y + 5,
                    CELL - 10,
                    CELL - 10,
                    fill="none",
                    stroke="#ffffff",
                    stroke_width=6,
                )
                _rect(
                    group,
                    x + 5,
                    y + 5,
                    CELL - 10,
                    CELL - 10,
                    fill=VIOLATION_COLOUR if empty else "none",
                    stroke=VIOLATION_COLOUR,
                    stroke_width=4,
                    dash="8 4",
                    fill_opacity="0.15" if empty else None,
                )
                rules = marked.setdefault(cell, [])
                if violation.rule not in rules:
                    rules.append(violation.rule)
        for cell, rules in marked.items():
            x, y = self.corner(cell)
            text = " ".join(rules)
            badge = ET.SubElement(layer, "g", {"class": "violation-badge"})
            _rect(badge, x + 4, y + 4, 8 + 8 * len(text), 18, fill=VIOLATION_COLOUR)
            _text(badge, x + 8, y + 17, text, 12, "#ffffff", anchor="start", weight="bold")

    def _wall_length(self) -> str:
        """The length, marked as a lower bound when the search for it was cut short (W3)."""
        return str(self.wall.length) if self.wall.exact else f"≥ {self.wall.length}"

    def _legend_lines(self) -> list[tuple[str, str]]:
        """(kind, text) lines under the grid; kind picks the swatch drawn before the text."""
        labels = self.labels
        lines = [("longest-wall", labels.longest_wall.format(length=self._wall_length()))]
        if self.proposal is not None:
            x, y = self.proposal.cell
            verdict = labels.proposal_refused if self.violations else labels.proposal_legal
            lines.append(("proposal", verdict.format(x=x, y=y)))
        elif not self.violations:
            lines.append(("legal", labels.legal))
        shown = self.violations[:MAX_LEGEND_VIOLATIONS]
        for violation in shown:
            title = labels.rules.get(violation.rule)
            where = ", ".join(f"({x},{y})" for x, y in violation.cells[:6])
            if len(violation.cells) > 6:
                where += ", …"
            heading = f"{violation.rule} {title}" if title else violation.rule
            lines.append(("violation", f"{heading}: {where}"))
        if len(self.violations) > len(shown):
            lines.append(("violation", f"+{len(self.violations) - len(shown)} …"))
        return lines

    def _legend(self, root: ET.Element) -> None:
        layer = ET.SubElement(root, "g", {"class": "legend"})
        for index, (kind, text) in enumerate(self.legend):
            y = self.grid_height + index * LEGEND_LINE
            if kind == "longest-wall":
                ET.SubElement(
                    layer,
                    "line",
                    {
                        "x1": _num(MARGIN),
                        "y1": _num(y - 5),
                        "x2": _num(MARGIN + 24),
                        "y2": _num(y - 5),
                        "stroke": LONGEST_COLOUR,
                        "stroke-width": "6",
                    },
                )
            elif kind == "violation":
                _rect(
                    layer,
                    MARGIN + 4,
                    y - 13,
                    16,
                    16,
                    fill="none",
                    stroke=VIOLATION_COLOUR,
                    stroke_width=3,
                )
            _text(layer, MARGIN + 32, y, text, 14, "#111111", anchor="start")

    def _side_line(
        self,
        parent: ET.Element,
        cell: Cell,
        side: Side,
        kind: str,
        geometry: Mapping[Side, tuple[float, float, float, float]],
    ) -> ET.Element:
        x, y = self.corner(cell)
        x1, y1, x2, y2 = geometry[side]
        return ET.SubElement(
            parent,
            "line",
            {
                "class": kind,
                "data-x": str(cell[0]),
                "data-y": str(cell[1]),
                "data-side": side,
                "x1": _num(x + x1),
                "y1": _num(y + y1),
                "x2": _num(x + x2),
                "y2": _num(y + y2),
            },
        )


# --- small helpers ---------------------------------------------------------------------------


def _fitting_size(text: str, width: float, largest: int) -> int:
    """A font size at which ``text`` fits ``width``: wide (CJK) characters take about 1 em,
    others about 0.75 em in bold."""
    ems = sum(1.0 if east_asian_width(char) in "WF" else 0.75 for char in text)
    return max(8, min(largest, int(width / max(ems, 1))))


def _num(value: float) -> str:
    """Coordinates without a trailing ``.0``: shorter files, easier to read."""
    return f"{value:g}"


def _rect(
    parent: ET.Element,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str,
    stroke: str | None = None,
    stroke_width: float = 1,
    dash: str | None = None,
    fill_opacity: str | None = None,
) -> ET.Element:
    attributes = {
        "x": _num(x),
        "y": _num(y),
        "width": _num(width),
        "height": _num(height),
        "fill": fill,
    }
    if stroke is not None:
        attributes["stroke"] = stroke
        attributes["stroke-width"] = _num(stroke_width)
    if dash is not None:
        attributes["stroke-dasharray"] = dash
    if fill_opacity is not None:
        attributes["fill-opacity"] = fill_opacity
    return ET.SubElement(parent, "rect", attributes)


def _text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    size: int,
    fill: str,
    *,
    anchor: str = "middle",
    weight: str | None = None,
) -> ET.Element:
    attributes = {
        "x": _num(x),
        "y": _num(y),
        "font-size": str(size),
        "fill": fill,
        "text-anchor": anchor,
    }
    if weight is not None:
        attributes["font-weight"] = weight
    element = ET.SubElement(parent, "text", attributes)
    element.text = text
    return element
