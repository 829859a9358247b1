"""The Alhambra picture (calculator.pictures): structure checked by parsing the SVG back."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise
from types import MappingProxyType

import pytest

from calculator import modules
from calculator.core.alhambra import Alhambra
from calculator.core.building import alhambra_violations, placement_violations
from calculator.core.pieces import Furnished
from calculator.core.tiles import BUILDINGS, Building, Tile
from calculator.core.walls import Wall, longest_wall
from calculator.pictures import (
    CELL,
    COLOURS,
    WALL_WIDTH,
    PictureLabels,
    Proposal,
    render_alhambra,
)

SVG = "{http://www.w3.org/2000/svg}"
camps_rules = modules.SCORING_BY_NAME["camps"].hooks.violations

# A legal L of four tiles around the fountain, walled on the outside.
L_SHAPE = Alhambra.of(
    [
        ((1, 0), Tile(Building.GARDEN, "NE", 8)),
        ((0, 1), Tile(Building.CHAMBERS, "SW")),
        ((1, 1), Tile(Building.TOWER, "ES")),
        ((-1, 0), Tile(Building.PAVILION, "NSW")),
    ]
)


def parse(svg: str) -> ET.Element:
    """Well-formed XML or the test fails; the root must be an SVG element."""
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    return root


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == kind]


def lines(root: ET.Element, kind: str) -> list[ET.Element]:
    return [line for line in root.iter(f"{SVG}line") if line.get("class") == kind]


def segment_of(line: ET.Element) -> tuple[tuple[int, int], str]:
    return (int(line.get("data-x", "")), int(line.get("data-y", ""))), line.get("data-side", "")


def test_picture_is_well_formed_svg_with_a_title():
    root = parse(render_alhambra(L_SHAPE).svg)
    title = root.find(f"{SVG}title")
    assert title is not None and "Longest wall: " in (title.text or "")
    assert root.get("role") == "img"
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    assert root.get("viewBox") == f"0 0 {width:g} {height:g}"


def test_c1_every_tile_drawn_once_in_its_building_colour():
    root = parse(render_alhambra(L_SHAPE).svg)
    tiles = groups(root, "tile")
    assert len(tiles) == len(L_SHAPE) - 1  # the fountain is drawn apart
    drawn = {(int(g.get("data-x", "")), int(g.get("data-y", ""))): g for g in tiles}
    for cell, tile in L_SHAPE.buildings():
        group = drawn[cell]
        assert group.get("data-building") == tile.building
        assert group.get("data-walls") == tile.walls
        rect = group.find(f"{SVG}rect")
        assert rect is not None and rect.get("fill") == COLOURS[tile.building]
        texts = [text.text for text in group.iter(f"{SVG}text")]
        assert tile.building.value in texts  # its name, not only its colour


def test_the_game_colours():
    assert {building.value: COLOURS[building] for building in BUILDINGS} == {
        "pavilion": "#1565c0",  # blue
        "seraglio": "#c62828",  # red
        "arcades": "#795548",  # brown
        "chambers": "#fafafa",  # white
        "garden": "#2e7d32",  # green
        "tower": "#6a1b9a",  # purple
    }


def test_c2_the_fountain_is_marked_at_its_cell():
    root = parse(render_alhambra(L_SHAPE).svg)
    (fountain,) = groups(root, "fountain")
    assert (fountain.get("data-x"), fountain.get("data-y")) == ("0", "0")
    assert fountain.find(f"{SVG}circle") is not None


def test_w1_every_walled_side_is_a_thick_line_on_its_tile():
    picture = render_alhambra(L_SHAPE)
    root = parse(picture.svg)
    walls = lines(root, "wall")
    expected = {(cell, side) for cell, tile in L_SHAPE.buildings() for side in tile.walls}
    assert {segment_of(line) for line in walls} == expected
    assert len(walls) == len(expected)
    (layer,) = groups(root, "walls")
    assert layer.get("stroke-width") == str(WALL_WIDTH)


def test_w3_the_longest_wall_is_highlighted_segment_by_segment_in_order():
    picture = render_alhambra(L_SHAPE)
    wall = longest_wall(L_SHAPE)
    root = parse(picture.svg)
    highlighted = sorted(lines(root, "longest-wall"), key=lambda x: int(x.get("data-order", "")))
    assert picture.wall == wall
    assert [segment_of(line) for line in highlighted] == list(wall.segments)
    assert len(highlighted) == wall.length == 9


def test_w3_highlight_lies_on_the_side_of_the_tile_it_belongs_to():
    root = parse(render_alhambra(L_SHAPE).svg)
    corners = {}
    for group in groups(root, "tile"):
        rect = group.find(f"{SVG}rect")
        assert rect is not None
        cell = (int(group.get("data-x", "")), int(group.get("data-y", "")))
        corners[cell] = (float(rect.get("x", "")), float(rect.get("y", "")))
    for line in lines(root, "longest-wall"):
        cell, side = segment_of(line)
        left, top = corners[cell]
        x1, y1, x2, y2 = (float(line.get(name, "")) for name in ("x1", "y1", "x2", "y2"))
        inset = WALL_WIDTH / 2
        if side in "NS":
            expected_y = top + inset if side == "N" else top + CELL - inset
            assert y1 == y2 == expected_y and {x1, x2} == {left, left + CELL}
        else:
            expected_x = left + inset if side == "W" else left + CELL - inset
            assert x1 == x2 == expected_x and {y1, y2} == {top, top + CELL}


def test_an_empty_alhambra_is_the_fountain_alone_with_no_wall():
    picture = render_alhambra(Alhambra())
    root = parse(picture.svg)
    assert len(groups(root, "fountain")) == 1
    assert groups(root, "tile") == []
    assert lines(root, "wall") == lines(root, "longest-wall") == []
    assert picture.wall.length == 0


def test_b2_a_refused_proposal_is_drawn_with_its_mismatched_sides_marked():
    # north of the garden (its north side walled), with no south wall: B2, and walled off (B3)
    proposal = Proposal((1, -1), Tile(Building.TOWER, ""))
    picture = render_alhambra(L_SHAPE, proposal=proposal)
    root = parse(picture.svg)
    assert picture.violations == tuple(placement_violations(L_SHAPE, proposal.tile, proposal.cell))
    (proposed,) = groups(root, "proposed")
    assert (proposed.get("data-x"), proposed.get("data-y")) == ("1", "-1")
    assert proposed.get("data-building") == "tower"
    rules = [g.get("data-rule") for g in groups(root, "violation")]
    assert rules == ["B2", "B3"]
    marked = {segment_of(line) for line in lines(root, "violation-side")}
    assert marked == {((1, -1), "S"), ((1, 0), "N")}
    legend = " ".join(text.text or "" for text in root.iter(f"{SVG}text"))
    assert "Proposed tile at (1,-1): refused" in legend
    assert "B2: (1,-1), (1,0)" in legend and "B3: (1,-1)" in legend


def test_a_legal_proposal_is_drawn_without_violations():
    proposal = Proposal((0, -1), Tile(Building.ARCADES, "NW"))
    picture = render_alhambra(L_SHAPE, proposal=proposal)
    root = parse(picture.svg)
    assert picture.violations == ()
    assert len(groups(root, "proposed")) == 1
    assert groups(root, "violation") == []
    assert [segment_of(line) for line in lines(root, "proposed-wall")] == [
        ((0, -1), "N"),
        ((0, -1), "W"),
    ]


def test_b5_an_enclosed_empty_cell_of_an_illegal_alhambra_is_marked():
    ring = Alhambra.of(
        [
            ((1, 0), Tile(Building.GARDEN)),
            ((2, 0), Tile(Building.GARDEN)),
            ((2, 1), Tile(Building.GARDEN)),
            ((2, 2), Tile(Building.GARDEN)),
            ((1, 2), Tile(Building.GARDEN)),
            ((0, 2), Tile(Building.GARDEN)),
            ((0, 1), Tile(Building.GARDEN)),
        ]
    )
    picture = render_alhambra(ring)
    assert [v.rule for v in alhambra_violations(ring)] == ["B5"]
    root = parse(picture.svg)
    (violation,) = groups(root, "violation")
    assert violation.get("data-rule") == "B5"
    (fountain,) = groups(root, "fountain")
    frame = fountain.find(f"{SVG}rect")
    assert frame is not None
    hole_x, hole_y = float(frame.get("x", "")) + CELL, float(frame.get("y", "")) + CELL
    rects = violation.findall(f"{SVG}rect")
    # the hole (1,1) is framed (a white halo, then red dashes) and tinted
    assert {(float(r.get("x", "")), float(r.get("y", ""))) for r in rects} == {
        (hole_x + 5, hole_y + 5)
    }
    assert any(r.get("fill-opacity") for r in rects)


def test_b5_cell_rule_reads_holes_literally():
    two_cell_hole = Alhambra.of(
        [
            ((1, 0), Tile(Building.GARDEN)),
            ((2, 0), Tile(Building.GARDEN)),
            ((3, 0), Tile(Building.GARDEN)),
            ((3, 1), Tile(Building.GARDEN)),
            ((3, 2), Tile(Building.GARDEN)),
            ((2, 2), Tile(Building.GARDEN)),
            ((1, 2), Tile(Building.GARDEN)),
            ((0, 2), Tile(Building.GARDEN)),
            ((0, 1), Tile(Building.GARDEN)),
        ]
    )
    assert [v.rule for v in render_alhambra(two_cell_hole).violations] == ["B5"]
    assert render_alhambra(two_cell_hole, hole_rule="cell").violations == ()


def test_a_legal_alhambra_says_so():
    root = parse(render_alhambra(L_SHAPE).svg)
    assert groups(root, "violation") == []
    legend = [text.text for text in root.iter(f"{SVG}text")]
    assert "The Alhambra is legal" in legend


@pytest.mark.parametrize("title", ['<script>alert("x")</script> & Co', 'Anna\'s "best" ]]>'])
def test_titles_are_escaped_by_the_xml_library(title):
    root = parse(render_alhambra(L_SHAPE, title=title).svg)
    heading = root.find(f"{SVG}title")
    assert heading is not None and (heading.text or "").startswith(title)
    assert root.find(f".//{SVG}script") is None


def test_labels_are_translated():
    japanese = PictureLabels(
        buildings={building: f"建物{index}" for index, building in enumerate(BUILDINGS)},
        fountain="噴水",
        longest_wall="最長の外壁:{length}",
    )
    root = parse(render_alhambra(L_SHAPE, labels=japanese).svg)
    texts = {text.text for text in root.iter(f"{SVG}text")}
    assert {"建物4", "建物3", "建物5", "建物0", "噴水", "最長の外壁:9"} <= texts


def test_no_style_attributes_a_strict_csp_would_block():
    svg = render_alhambra(L_SHAPE, proposal=Proposal((1, -1), Tile(Building.TOWER))).svg
    root = parse(svg)
    assert all("style" not in element.attrib for element in root.iter())
    assert root.find(f".//{SVG}style") is None


def test_the_picture_grows_with_the_alhambra_to_scale():
    wide = Alhambra.of([((x, 0), Tile(Building.GARDEN)) for x in range(1, 9)])
    small, large = parse(render_alhambra(L_SHAPE).svg), parse(render_alhambra(wide).svg)
    assert float(large.get("width", "")) > float(small.get("width", ""))
    xs = sorted(
        float(rect.get("x", "")) for g in groups(large, "tile") for rect in g.findall(f"{SVG}rect")
    )
    assert [b - a for a, b in pairwise(xs)] == [CELL] * 7


def test_w3_a_length_cut_short_is_shown_as_a_lower_bound(monkeypatch):
    # When the core's bounded search stops early (W3 on illegal tables), its length is a lower
    # bound; the picture must not present it as the answer.
    from calculator import pictures

    def cut_short(alhambra):
        wall = longest_wall(alhambra)
        return Wall(wall.length, wall.segments, exact=False)

    monkeypatch.setattr(pictures, "longest_wall", cut_short)
    root = parse(render_alhambra(L_SHAPE).svg)
    texts = [text.text or "" for text in root.iter(f"{SVG}text")]
    assert "Longest wall: ≥ 9" in texts
    assert (root.find(f"{SVG}title").text or "").endswith("Longest wall: ≥ 9")  # type: ignore[union-attr]


def test_a_worker_hut_is_drawn_with_a_hut_mark_and_its_word_v4():
    """V4: a hut is a tile of its colour, marked as a hut so the players do not take it for a
    building of that colour; buildings carry no such mark."""
    hut = Tile(Building.TOWER, "NS", hut=True)  # its north wall meets the tower's south wall
    alhambra = Alhambra.of(
        [
            ((1, 0), Tile(Building.GARDEN, "NE", 8)),
            ((1, 1), Tile(Building.TOWER, "ES")),
            ((1, 2), hut),
        ]
    )
    root = parse(render_alhambra(alhambra, labels=PictureLabels(hut="Hütte")).svg)
    groups = {
        (int(g.get("data-x")), int(g.get("data-y"))): g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "tile"
    }
    hut_group = groups[1, 2]
    assert hut_group.get("data-hut") == "true"
    assert hut_group.get("data-building") == "tower"
    rect = next(hut_group.iter(f"{SVG}rect"))
    assert rect.get("fill") == COLOURS[Building.TOWER]
    assert [p.get("class") for p in hut_group.iter(f"{SVG}polygon")] == ["hut-mark"]
    assert "Hütte" in [t.text for t in hut_group.iter(f"{SVG}text")]
    for cell, group in groups.items():
        if cell != (1, 2):
            assert group.get("data-hut") is None
            assert not list(group.iter(f"{SVG}polygon"))


# --- the Big Box pieces (G1, G4, H3, H4, K1, K4) ----------------------------------------------

CAMP = modules.PIECES["camp"]({"bastions": "W", "arrows": "NE"})
BAZAAR = modules.PIECES["bazaar"](["pavilion", "tower", "garden"])

# The L with a camp east of the tower, its bastion against the tower's east wall (G4); a bazaar
# south of the fountain's west neighbour; a gate on a double wall; a wall added, a chest and a
# resident on the garden.
FURNISHED = Furnished(
    Alhambra.of(
        [
            ((1, 0), Tile(Building.GARDEN, "N", 8)),
            ((2, 0), Tile(Building.ARCADES, "W")),
            ((0, 1), Tile(Building.CHAMBERS, "SW")),
            ((1, 1), Tile(Building.TOWER, "ES")),
        ]
    ),
    added_walls=MappingProxyType({(1, 0): "E"}),
    tokens=MappingProxyType({(1, 0): frozenset({"chest", "resident"})}),
    pieces=MappingProxyType({(2, 1): CAMP, (-1, 0): BAZAAR}),
    gates=(((1, 0), "E"),),
)


def test_g4_k4_pieces_on_cells_of_their_own_are_drawn_with_what_they_show():
    picture = render_alhambra(FURNISHED, pieces_rules=(camps_rules,))
    assert picture.violations == ()  # a legal Alhambra: the gate opens the arcades (G1, B3)
    root = parse(picture.svg)
    camp, bazaar = (groups(root, f"piece {name}")[0] for name in ("camp", "bazaar"))
    assert (camp.get("data-x"), camp.get("data-y"), camp.get("data-bastions")) == ("2", "1", "W")
    assert [a.get("data-side") for a in camp.iter(f"{SVG}line") if a.get("class") == "arrow"] == [
        "N",
        "E",
    ]
    assert [b.get("data-side") for b in lines(root, "bastion")] == ["W"]
    stripes = [r.get("fill") for r in bazaar.iter(f"{SVG}rect")][:3]
    assert stripes == [
        COLOURS[Building.PAVILION],
        COLOURS[Building.TOWER],
        COLOURS[Building.GARDEN],
    ]
    assert "bazaar" in [t.text for t in bazaar.iter(f"{SVG}text")]


def test_h3_h4_k1_g1_what_lies_on_tiles_and_between_them_is_drawn():
    root = parse(render_alhambra(FURNISHED, labels=PictureLabels(pieces={"chest": "Truhe"})).svg)
    assert [segment_of(line) for line in lines(root, "added-wall")] == [((1, 0), "E")]
    tags = [g for g in root.iter(f"{SVG}g") if g.get("class") == "token"]
    assert [(g.get("data-token"), next(g.iter(f"{SVG}text")).text) for g in tags] == [
        ("chest", "Truhe"),
        ("resident", "resident"),
    ]
    (gate,) = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "gate"]
    assert (gate.get("data-x"), gate.get("data-y"), gate.get("data-side")) == ("1", "0", "E")


def test_w1_g4_the_longest_wall_is_measured_with_the_pieces():
    """The tower's east wall faces the camp's bastion: it stays outer (G4) and joins the
    tower's south wall; the garden's added east wall faces the arcades' west wall (an inner
    double wall, gated, G1)."""
    picture = render_alhambra(FURNISHED)
    assert picture.wall == longest_wall(FURNISHED.for_walls())
    assert ((1, 1), "E") in picture.wall.segments


def test_g4_a_proposed_camp_is_drawn_see_through_with_its_violations():
    proposal = Proposal((1, -1), CAMP)  # north of the garden, its bastion facing an empty cell
    picture = render_alhambra(FURNISHED, proposal=proposal, pieces_rules=(camps_rules,))
    assert picture.violations == ()
    (proposed,) = [
        g for g in parse(picture.svg).iter(f"{SVG}g") if "proposed" in g.get("class", "")
    ]
    assert proposed.get("data-piece") == "camp"
    refused = render_alhambra(
        FURNISHED, proposal=Proposal((3, 0), CAMP), pieces_rules=(camps_rules,)
    )
    # east of the arcades, the bastion faces the arcades' bare east side
    assert [v.rule for v in refused.violations] == ["G4"]
