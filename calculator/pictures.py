"""Pictures of an Alhambra for referees: an SVG drawn to scale from the rules core.

Shows each tile's building (the game's colours, and its name), its walls (W1) as thick lines,
the fountain (C2), the longest wall (W3) highlighted, and either a proposed placement with the
rules it breaks (B2-B6) or, without one, whatever makes the Alhambra itself illegal (B2-B5).
The Big Box's pieces are drawn too, each by what the base rules know of it
(:class:`calculator.core.pieces.Face`): walls added to a tile (H4) in the wood of their sticks,
gates (G1) as gold doors across their double wall, tokens on a building (a chest K1, a resident
H3) as tags, and pieces on cells of their own: a camp (G4) in sand with its bastions
crenellated and its arrows, a bazaar (K4) striped in the colours of its three types.

A ruling a referee shows at the table (:class:`Ruling`) adds the verdict and the texts of the
rules it rests on, in the players' language, under the Alhambra; a round's ruling is the table
of the round instead (:func:`render_round`): each player's buildings and points by type, the
ties with their arithmetic (M3, M4), the walls (W4, W6), the totals (M5). :func:`to_png`
rasterises any of them (resvg, with the Noto CJK fonts when the machine has them, so Japanese
and Russian words are drawn too).

Pure: no web framework; the SVG is built with :mod:`xml.etree.ElementTree`, so every text
(a player's name included) is escaped by the library, not by hand. Only presentation
attributes are used, never ``style``: the page inlines the picture under a Content-Security-
Policy that forbids inline styles.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final
from unicodedata import east_asian_width

import resvg_py

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, Violation
from calculator.core.pieces import (
    Furnished,
    Piece,
    PieceRules,
    furnished_violations,
    placement_violations,
)
from calculator.core.scoring import Majority
from calculator.core.tiles import BUILDINGS, OFFSET, SIDES, Building, Cell, Side, Tile
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
RULING_WIDTH: Final = 600
"""A ruling's picture is at least this wide, so that a rule's text reads in lines of a
sentence or so."""
TEXT_LINE: Final = 19
"""The height of one line of a rule's text."""
TEXT_SIZE: Final = 13
FONT_DIRS: Final[tuple[Path, ...]] = (Path("/usr/share/fonts/opentype/noto"),)
"""Where Debian's fonts-noto-cjk puts the Noto Sans CJK fonts (Latin, Cyrillic and Japanese in
one family), which the PNG pictures are drawn with; without them, the machine's own fonts."""
PNG_ZOOM: Final = 2.0
"""PNG pictures are drawn at twice the SVG's size: sharp on a phone's screen."""
PNG_PIXELS: Final = 16_000_000
"""The most pixels a PNG picture has, give or take its size rounded up (64 MB to draw). An
Alhambra as games build them is drawn at :data:`PNG_ZOOM`; a larger picture (tiles far apart, up
to the coordinates' bounds) is drawn smaller, so that no ruling costs the server seconds of work
and gigabytes of memory."""

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
ADDED_WALL_COLOUR: Final = "#8d6e63"
"""H4: the wooden sticks, lighter than a printed wall."""
GATE_FILL: Final = "#ffca28"
CAMP_FILL: Final = "#ffe0b2"
CAMP_INK: Final = "#4e342e"
TOKEN_FILL: Final = "#fff8e1"

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
    pieces: Mapping[str, str] = field(default_factory=dict)
    """A piece's or token's name (``"camp"``, ``"chest"``) -> its word; a name without one shows
    as itself."""
    rules: Mapping[str, str] = field(default_factory=dict)
    """Rule id -> short title (e.g. ``"B2": "Matching sides"``); ids without one show bare."""
    short_buildings: Mapping[Building, str] = field(
        default_factory=lambda: {building: building.value[:3].title() for building in BUILDINGS}
    )
    """A building type in a column head of a round's table."""
    player: str = "Player"
    wall: str = "Longest wall"
    points: str = "Points"
    total: str = "Round total"
    dummy: str = "Dirk"
    round: str = "Round {n}"


@dataclass(frozen=True, slots=True)
class Proposal:
    """A tile someone wants to place: drawn see-through, its violations marked."""

    cell: Cell
    tile: Tile | Piece


@dataclass(frozen=True, slots=True)
class Ruling:
    """What a referee rules, drawn under the picture: the heading, the verdict and the rules
    it rests on, each ``(id, title, text)``, in the players' language."""

    heading: str
    verdict: str
    rules: tuple[tuple[str, str, str], ...]


@dataclass(frozen=True, slots=True)
class Picture:
    """What was drawn: the SVG and the facts it shows (for callers and tests)."""

    svg: str
    wall: Wall
    violations: tuple[Violation, ...]


def render_alhambra(
    alhambra: Alhambra | Furnished,
    *,
    proposal: Proposal | None = None,
    hole_rule: HoleRule = "region",
    pieces_rules: Sequence[PieceRules] = (),
    labels: PictureLabels | None = None,
    title: str | None = None,
    ruling: Ruling | None = None,
) -> Picture:
    """Draw ``alhambra`` (with its pieces, if furnished) with its longest wall, and the
    proposal or the Alhambra's violations (B2-B6 and ``pieces_rules``, the modules' rules of
    their pieces); with a ``ruling``, its verdict and rules under it."""
    labels = labels or PictureLabels()
    furnished = alhambra if isinstance(alhambra, Furnished) else Furnished(alhambra)
    wall = longest_wall(furnished.for_walls())
    if proposal is not None:
        violations = placement_violations(
            furnished, proposal.tile, proposal.cell, hole_rule, pieces_rules
        )
    else:
        violations = furnished_violations(furnished, hole_rule, pieces_rules)
    drawing = _Drawing(furnished, proposal, violations, wall, labels, ruling)
    svg = drawing.draw(title or labels.title)
    return Picture(svg, wall, tuple(violations))


class _Drawing:
    """One SVG document being built: the frame, then layers from the ground up."""

    def __init__(
        self,
        furnished: Furnished,
        proposal: Proposal | None,
        violations: Sequence[Violation],
        wall: Wall,
        labels: PictureLabels,
        ruling: Ruling | None = None,
    ) -> None:
        self.furnished = furnished
        self.ruling = ruling
        self.alhambra = furnished.alhambra
        self.proposal = proposal
        self.violations = violations
        self.wall = wall
        self.labels = labels
        cells = furnished.occupied()
        if proposal is not None:
            cells.add(proposal.cell)
        for violation in violations:
            cells.update(violation.cells)
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        self.left, self.top = min(xs), min(ys)
        columns, rows = max(xs) - self.left + 1, max(ys) - self.top + 1
        self.legend = self._legend_lines()
        self.width = max(
            RULING_WIDTH if ruling is not None else MIN_WIDTH, columns * CELL + 2 * MARGIN
        )
        self.grid_height = rows * CELL + 2 * MARGIN
        self.ruled = [] if ruling is None else _ruling_lines(ruling, self.width - 2 * MARGIN)
        self.height = (
            self.grid_height
            + LEGEND_LINE * len(self.legend)
            + TEXT_LINE * len(self.ruled)
            + (MARGIN if self.ruled else MARGIN // 2)
        )
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
        self._pieces(root)
        self._walls(root)
        self._gates(root)
        self._longest_wall(root)
        if self.proposal is not None:
            self._proposal(root, self.proposal)
        self._violations(root)
        self._legend(root)
        if self.ruled:
            _draw_ruling(root, self.ruled, self.grid_height + LEGEND_LINE * len(self.legend))
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
        for index, token in enumerate(sorted(self.furnished.tokens.get(cell, ()))):
            self._token(group, x, y + 15 * index, token)
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

    def _token(self, group: ET.Element, x: float, y: float, token: str) -> None:
        """A token on a building (a chest K1, a resident H3): a tag with its word, in a column
        at the tile's top-left, clear of its name, price and cell."""
        word = self.labels.pieces.get(token, token)
        size = 8
        width = 6 + size * 0.6 * len(word)
        tag = ET.SubElement(group, "g", {"class": "token", "data-token": token})
        _rect(tag, x + 4, y + 4, width, 13, fill=TOKEN_FILL, stroke=WALL_COLOUR, stroke_width=1)
        _text(tag, x + 4 + width / 2, y + 13.5, word, size, "#111111")

    def _pieces(self, root: ET.Element) -> None:
        layer = ET.SubElement(root, "g", {"class": "pieces"})
        for cell, piece in sorted(self.furnished.pieces.items(), key=lambda item: item[0][::-1]):
            self._piece(layer, cell, piece, "piece")

    def _piece(
        self, layer: ET.Element, cell: Cell, piece: Piece, kind: str, opacity: str | None = None
    ) -> ET.Element:
        """A piece on a cell of its own: striped in the colours it shows (a bazaar, K4) or in
        sand (a camp, G4), its name, its fortified sides crenellated and its arrows."""
        face = piece.face
        x, y = self.corner(cell)
        attributes = {
            "class": f"{kind} {face.name}",
            "data-x": str(cell[0]),
            "data-y": str(cell[1]),
            "data-piece": face.name,
        }
        if face.colours:
            attributes["data-buildings"] = " ".join(b.value for b in face.colours)
        if piece.outer_across:
            attributes["data-bastions"] = piece.outer_across
        if face.points:
            attributes["data-arrows"] = face.points
        group = ET.SubElement(layer, "g", attributes)
        if face.colours:
            stripe = CELL / len(face.colours)
            for index, colour in enumerate(face.colours):
                left = x + index * stripe
                _rect(group, left, y, stripe, CELL, fill=COLOURS[colour], fill_opacity=opacity)
                initial = self.labels.buildings[colour][:1].upper()
                _text(group, left + stripe / 2, y + CELL - 10, initial, 12, TEXT_ON[colour])
        else:
            _rect(group, x, y, CELL, CELL, fill=CAMP_FILL, fill_opacity=opacity)
        _rect(group, x, y, CELL, CELL, fill="none", stroke="#9e9e9e")
        word = self.labels.pieces.get(face.name, face.name)
        # a camp's arrows leave the word the middle of its cell, a bazaar's stripes all of it
        size = _fitting_size(word, CELL - (24 if face.colours else 36), 12)
        if face.colours:  # a white tag keeps the word legible on any stripe
            width = 8 + size * 0.75 * len(word)
            _rect(group, x + (CELL - width) / 2, y + CELL / 2 - 9, width, 20, fill="#ffffff")
        _text(group, x + CELL / 2, y + CELL / 2 + 5, word, size, CAMP_INK, weight="bold")
        for side in piece.outer_across:
            line = self._side_line(group, cell, side, "bastion", _SIDE_LINE)  # type: ignore[arg-type]
            line.set("stroke", CAMP_INK)
            line.set("stroke-width", str(WALL_WIDTH + 2))
            line.set("stroke-dasharray", "8 5")
        for side in face.points:
            self._arrow(group, x, y, side)  # type: ignore[arg-type]
        return group

    def _arrow(self, group: ET.Element, x: float, y: float, side: Side) -> None:
        """G4: an arrow from near the centre towards ``side``, its head by that side."""
        dx, dy = OFFSET[side]
        cx, cy = x + CELL / 2, y + CELL / 2
        start, end = (cx + dx * 20, cy + dy * 20), (cx + dx * 30, cy + dy * 30)
        ET.SubElement(
            group,
            "line",
            {
                "class": "arrow",
                "data-side": side,
                "x1": _num(start[0]),
                "y1": _num(start[1]),
                "x2": _num(end[0]),
                "y2": _num(end[1]),
                "stroke": CAMP_INK,
                "stroke-width": "3",
            },
        )
        tip = (cx + dx * 37, cy + dy * 37)
        left = (end[0] - dy * 6, end[1] + dx * 6)
        right = (end[0] + dy * 6, end[1] - dx * 6)
        ET.SubElement(
            group,
            "polygon",
            {
                "class": "arrow-head",
                "fill": CAMP_INK,
                "points": " ".join(f"{_num(px)},{_num(py)}" for px, py in (tip, left, right)),
            },
        )

    def _gates(self, root: ET.Element) -> None:
        """G1: each gate as a gold door across its double wall."""
        layer = ET.SubElement(root, "g", {"class": "gates"})
        for cell, side in self.furnished.gates:
            x, y = self.corner(cell)
            dx, dy = OFFSET[side]
            cx, cy = x + CELL / 2 + dx * CELL / 2, y + CELL / 2 + dy * CELL / 2
            along, across = 30, 2 * WALL_WIDTH + 6
            width, height = (along, across) if dy else (across, along)
            door = _rect(
                layer,
                cx - width / 2,
                cy - height / 2,
                width,
                height,
                fill=GATE_FILL,
                stroke=WALL_COLOUR,
                stroke_width=2,
            )
            door.set("rx", "4")
            door.set("class", "gate")
            door.set("data-x", str(cell[0]))
            door.set("data-y", str(cell[1]))
            door.set("data-side", side)

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
        for cell, added in sorted(
            self.furnished.added_walls.items(), key=lambda item: item[0][::-1]
        ):
            for side in SIDES:
                if side in added:
                    line = self._side_line(layer, cell, side, "added-wall", _SIDE_LINE)
                    line.set("stroke", ADDED_WALL_COLOUR)

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
        placing = proposal.tile
        if isinstance(placing, Tile):
            group = self._tile(layer, proposal.cell, placing, "proposed", opacity="0.7")
        else:
            group = self._piece(layer, proposal.cell, placing, "proposed", opacity="0.7")
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
            if isinstance(placing, Tile) and placing.has_wall(side):
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
                empty = cell not in self.furnished.occupied() and (
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


# --- rulings ------------------------------------------------------------------------------------

RULE_INK: Final = "#263238"
VERDICT_INK: Final = "#0d47a1"
TIE_FILL: Final = "#fff3e0"


def _ruling_lines(ruling: Ruling, width: float) -> list[tuple[str, str]]:
    """A ruling as (kind, text) lines, each rule's text wrapped to ``width``."""
    lines = [("heading", ruling.heading), ("verdict", ruling.verdict)]
    for rule, title, text in ruling.rules:
        lines.append(("rule", f"{rule} {title}"))
        lines += [("text", line) for line in _wrapped(text, width, TEXT_SIZE)]
    return lines


def _draw_ruling(root: ET.Element, lines: Sequence[tuple[str, str]], top: float) -> None:
    layer = ET.SubElement(root, "g", {"class": "ruling"})
    for index, (kind, text) in enumerate(lines):
        y = top + (index + 1) * TEXT_LINE
        if kind in ("heading", "verdict", "rule"):
            colour = VERDICT_INK if kind == "verdict" else RULE_INK
            line = _text(layer, MARGIN, y, text, TEXT_SIZE + 1, colour, anchor="start")
            line.set("font-weight", "bold")
        else:
            line = _text(layer, MARGIN + 12, y, text, TEXT_SIZE, RULE_INK, anchor="start")
        line.set("class", f"ruling-{kind}")


def _width(text: str, size: float) -> float:
    """About how wide ``text`` is at ``size``: a wide (CJK) character about 1 em, others about
    0.55 em."""
    return sum(size if east_asian_width(char) in "WF" else 0.55 * size for char in text)


def _wrapped(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width``: between words, or between any two
    characters of a text written without spaces (Japanese)."""
    lines: list[str] = []
    line = ""
    for piece in _pieces_of(text):
        if line and _width(line + piece, size) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


NO_BREAK_BEFORE: Final = (
    "\u3001\u3002\uff0c\uff0e\u30fb\uff1a\uff1b\uff1f\uff01\uff09\u300d\u300f\u3011\u3015:;,.!?)"
)
"""Punctuation a line never starts with (the Japanese rule of kinsoku, and its Western kin):
the ideographic comma and full stop, closing brackets, colons, marks."""


def _pieces_of(text: str) -> list[str]:
    """The pieces a line may break between: words with their space, each wide character (a
    closing punctuation mark kept with what it closes)."""
    pieces = [text[:1]] if text else []
    for char in text[1:]:
        wide = east_asian_width(char) in "WF"
        in_a_word = not wide and not pieces[-1].endswith(" ") and not _is_wide(pieces[-1])
        if char in NO_BREAK_BEFORE or in_a_word:
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


def _is_wide(piece: str) -> bool:
    """A piece that ends in a wide character: the next may start a new line."""
    return east_asian_width(piece[-1]) in "WF" or piece[-1] in NO_BREAK_BEFORE


ROW: Final = 30
"""The height of one row of a round's table."""


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One holder of a round's table (a player, or the dummy): the standing in each building
    type with the arithmetic behind its points (M1, M2, M4), the wall and the round's total."""

    name: str
    majorities: Mapping[Building, Majority]
    arithmetic: Mapping[Building, tuple[str, str]]
    """Per type, the rule and the sum behind the points (``("M4", "(13 + 6) / 2 = 9")``)."""
    wall: int | None
    points: int


def render_round(
    scoring_round: int,
    rows: Sequence[RoundRow],
    *,
    labels: PictureLabels | None = None,
    ruling: Ruling,
) -> str:
    """A round's table (M1-M5, W4; D3 and W6 with the dummy, whose wall shows none): each
    holder's buildings and points by type, the ties shaded, the wall, the round's total; under
    it the ruling, with each tie's arithmetic (M4). SVG."""
    labels = labels or PictureLabels()
    columns = [labels.player, *(labels.short_buildings[b] for b in BUILDINGS)]
    columns += [labels.wall, labels.total]
    first = max(120.0, *(_width(row.name, 14) + 16 for row in rows), _width(labels.player, 14) + 16)
    widths = [first, *([64.0] * len(BUILDINGS)), 110.0, 110.0]
    width = max(RULING_WIDTH, sum(widths) + 2 * MARGIN)
    ruled = _ruling_lines(ruling, width - 2 * MARGIN)
    ties = [line for tie in _ties(rows, labels) for line in _wrapped(tie, width - 2 * MARGIN, 13)]
    ruled[2:2] = [("tie", line) for line in ties]
    table_height = ROW * (len(rows) + 1)
    height = MARGIN + ROW + table_height + 8 + TEXT_LINE * len(ruled) + MARGIN
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "width": _num(width),
            "height": _num(height),
            "viewBox": f"0 0 {_num(width)} {_num(height)}",
            "role": "img",
            "aria-labelledby": "picture-title",
            "font-family": "system-ui, 'Noto Sans', 'Noto Sans CJK JP', sans-serif",
        },
    )
    heading = labels.round.format(n=scoring_round)
    ET.SubElement(root, "title", {"id": "picture-title"}).text = f"{ruling.heading}. {heading}"
    ET.SubElement(root, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
    _text(root, MARGIN, MARGIN + 16, heading, 18, RULE_INK, anchor="start", weight="bold")
    top = MARGIN + ROW
    table = ET.SubElement(root, "g", {"class": "round-table"})
    x: float = MARGIN
    for index, head in enumerate(columns):
        anchor = "start" if index == 0 else "middle"
        at = x + 8 if index == 0 else x + widths[index] / 2
        size = _fitting_size(head, widths[index] - 8, 13)
        _text(table, at, top + 20, head, size, RULE_INK, anchor=anchor, weight="bold")
        x += widths[index]
    for number, row in enumerate(rows, start=1):
        y = top + number * ROW
        _rect(table, MARGIN, y, sum(widths), ROW, fill="#f5f5f5" if number % 2 else "#ffffff")
        _text(table, MARGIN + 8, y + 20, row.name, 14, "#111111", anchor="start")
        x = MARGIN + widths[0]
        for building, column in zip(BUILDINGS, widths[1:], strict=False):
            majority = row.majorities[building]
            if majority.shared_with:
                cell = _rect(table, x + 2, y + 2, column - 4, ROW - 4, fill=TIE_FILL)
                cell.set("class", "tie")
                cell.set("data-building", building.value)
            _text(table, x + column / 2, y + 20, _standing(majority), 13, "#111111")
            x += column
        wall = "\N{EN DASH}" if row.wall is None else str(row.wall)
        _text(table, x + widths[-2] / 2, y + 20, wall, 13, "#111111")
        x += widths[-2]
        _text(table, x + widths[-1] / 2, y + 20, str(row.points), 14, "#111111", weight="bold")
    _draw_ruling(root, ruled, top + table_height + 8)
    return ET.tostring(root, encoding="unicode", xml_declaration=True)


def _standing(majority: Majority) -> str:
    """A holder's count of a type and the points it brings: ``4 → 9``."""
    if majority.count == 0:
        return "\N{EN DASH}"
    return f"{majority.count} → {majority.points}"


def _ties(rows: Sequence[RoundRow], labels: PictureLabels) -> list[str]:
    """Each tie of the round: its building, its holders and the arithmetic of their points."""
    found = []
    for building in BUILDINGS:
        places: dict[int | None, list[RoundRow]] = {}
        for row in rows:
            if row.majorities[building].shared_with:
                places.setdefault(row.majorities[building].place, []).append(row)
        for tied in places.values():
            rule, text = tied[0].arithmetic[building]
            names = ", ".join(row.name for row in tied)
            found.append(f"{labels.buildings[building]}: {names}: {text} ({rule})")
    return found


def to_png(svg: str) -> bytes:
    """The picture ``svg`` as a PNG (resvg), at :data:`PNG_ZOOM` times its size, or smaller
    where that would take more than :data:`PNG_PIXELS`."""
    size = ET.fromstring(svg).attrib
    pixels = float(size["width"]) * float(size["height"]) * PNG_ZOOM**2
    zoom = PNG_ZOOM * min(1.0, (PNG_PIXELS / pixels) ** 0.5)
    fonts = [str(path) for path in FONT_DIRS if path.is_dir()]
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            zoom=zoom,
            skip_system_fonts=bool(fonts),
            font_dirs=fonts or None,
            font_family="Noto Sans CJK JP",
            sans_serif_family="Noto Sans CJK JP",
        )
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
