"""C1, C2, C4: the components as shipped data."""

from collections import Counter

from calculator.core.tiles import (
    CATALOG,
    FOUNTAIN,
    MARKET_SLOTS,
    Building,
    Currency,
    Tile,
    canonical_walls,
    is_catalog_tile,
)


def test_c1_there_are_54_building_tiles_with_the_printed_counts():
    counts = Counter(t.building for t in CATALOG)
    assert len(CATALOG) == 54
    assert counts == {
        Building.PAVILION: 7,
        Building.SERAGLIO: 7,
        Building.ARCADES: 9,
        Building.CHAMBERS: 9,
        Building.GARDEN: 11,
        Building.TOWER: 11,
    }


def test_c1_price_ranges_per_building():
    ranges = {
        Building.PAVILION: (2, 8),
        Building.SERAGLIO: (3, 9),
        Building.ARCADES: (4, 10),
        Building.CHAMBERS: (5, 11),
        Building.GARDEN: (6, 12),
        Building.TOWER: (7, 13),
    }
    for building, (low, high) in ranges.items():
        prices = [t.price for t in CATALOG if t.building is building]
        assert (min(prices), max(prices)) == (low, high)


def test_c1_every_tile_has_at_most_three_walls_and_is_unique():
    assert all(len(t.walls) <= 3 for t in CATALOG)
    assert len(set(CATALOG)) == 54


def test_c1_catalog_membership_needs_building_price_and_walls():
    assert is_catalog_tile(Tile(Building.GARDEN, "NE", 8))
    assert not is_catalog_tile(Tile(Building.GARDEN, "NE", 9))
    assert not is_catalog_tile(Tile(Building.GARDEN, "NE"))


def test_c2_the_fountain_has_no_walls_and_no_building():
    assert FOUNTAIN.walls == "" and FOUNTAIN.building is None and FOUNTAIN.is_fountain


def test_c4_market_slots_currencies():
    assert MARKET_SLOTS == (Currency.FLORIN, Currency.DIRHAM, Currency.DENAR, Currency.DUCAT)


def test_walls_are_written_in_n_e_s_w_order():
    assert canonical_walls("WN") == "NW"
    assert canonical_walls("SEN") == "NES"
