"""A described table evaluated at once (``POST /v1/table``), as a referee or a phone sees it.

No bag and no money pile: only what lies on the table. Per player: is the Alhambra legal
(B2-B5) and what is wrong, the buildings (M1: the reserve never counts), the longest wall
(W1-W3), and which market tiles the player can buy, with the canonical payments, and which of
those exactly (T4). On request, a scoring round (M1-M5, W4, D3) and the end-of-game award of
the market tiles (T9); warnings for what a real game could not show (the core's plausibility
checks). Each rule is the core's or the engine's own; this module only gathers.

A described table must be one that can exist (C1, C3, D1, V4): at most the 54 tiles, each
printed tile at most once and no more tiles of a building than the game has; no more money
cards of a kind than exist; at most four cards face up; no more worker huts of a colour than
exist and at most 3 per player, reserve included; each of the 6 exchange cards at most once
(V2). Huts and face-up bonus cards count in the buildings (V3, V4).

Exchange cards (V2) in a hand make more tiles buyable: one card pays a tile in both of its
currencies when one of them is the slot's (a module's ``payments``, :mod:`hooks`).
A table has no bag, so whether the last building tile has entered the market is said by the
table (``bag_empty``); from then on the cards pay nothing. They are no money in T9's majority.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from msgspec import Struct

from calculator import modules as registry
from calculator.core.building import HoleRule, Violation, alhambra_violations
from calculator.core.plausibility import Implausibility, table_implausibilities
from calculator.core.scoring import Holding, RoundScore, Tally, building_counts, score_round
from calculator.core.tiles import CATALOG, Building, Tile
from calculator.core.walls import Wall, longest_wall
from calculator.engine.components import (
    DisplayCard,
    ExchangeCard,
    MoneyCard,
    copies_per_card,
    total,
)
from calculator.engine.consistency import (
    Inconsistency,
    extra_copies,
    money_in_sight,
    tiles_on_table,
)
from calculator.engine.end import receiver
from calculator.engine.errors import Path
from calculator.engine.purchase import payments_for
from calculator.engine.state import FACE_UP_MONEY, Player, slot_currency

CATALOG_COUNTS = building_counts(CATALOG)


class Table(Struct, frozen=True):
    """What lies on a table: the players, the market (slot 1 first), the face-up money (V2:
    exchange cards too), the dummy's tiles (2-player game) and the reading of B5; and whether
    the bag is empty, the last building tile in the market (V2: exchange cards unusable)."""

    players: tuple[Player, ...]
    market: tuple[Tile | None, ...]
    face_up: tuple[DisplayCard, ...] = ()
    dummy: tuple[Tile, ...] | None = None
    hole_rule: HoleRule = "region"
    bag_empty: bool = False


class Exchange(Struct, frozen=True):
    """V2: the canonical payments that need the exchange card ``card``, and whether one of
    them is exact (T4)."""

    card: ExchangeCard
    payments: tuple[tuple[MoneyCard, ...], ...]
    exact: bool


class Purchase(Struct, frozen=True):
    """T4: a market tile the player can pay for, every canonical payment in the slot's
    currency, and whether one payment is exact (and so earns another action), with or without
    an exchange card; V2: the payments each exchange card of the hand makes possible. With no
    payment in the slot's currency alone, the tile needs an exchange card."""

    slot: int
    tile: Tile
    payments: tuple[tuple[MoneyCard, ...], ...]
    exact: bool
    exchange: tuple[Exchange, ...] = ()

    @property
    def needs_exchange(self) -> bool:
        return not self.payments


class Seat(Struct, frozen=True):
    violations: tuple[Violation, ...]
    counts: Tally
    wall: Wall
    purchases: tuple[Purchase, ...]


class Award(Struct, frozen=True):
    """T9: the tile left in ``slot`` goes to ``player``; ``None`` when it stays."""

    slot: int
    tile: Tile
    player: int | None


def seats(table: Table) -> tuple[Seat, ...]:
    return tuple(_seat(table, player) for player in table.players)


def _seat(table: Table, player: Player) -> Seat:
    alhambra = player.alhambra
    return Seat(
        tuple(alhambra_violations(alhambra, table.hole_rule)),
        registry.tally(alhambra.tiles, player.bonus_cards),
        longest_wall(alhambra),
        purchases(table.market, player, exchange_usable=not table.bag_empty),
    )


def purchases(
    market: Sequence[Tile | None], player: Player, exchange_usable: bool = True
) -> tuple[Purchase, ...]:
    """T4: what ``player`` can buy from ``market``; V2: also with one exchange card of the
    hand, unless they are no longer usable."""
    found = []
    for slot, tile in enumerate(market, start=1):
        if tile is None or tile.price is None:
            continue
        price = tile.price
        payments = tuple(payments_for(player.hand, slot_currency(slot), price))
        by_card = [
            way
            for module in registry.REGISTRY
            if module.payments is not None and exchange_usable
            for way in module.payments(player, slot, price)
        ]
        exchange = tuple(
            Exchange(card, with_card, _exact(with_card, price))
            for card, with_card in by_card
            if with_card
        )
        if payments or exchange:
            exact = _exact(payments, price) or any(way.exact for way in exchange)
            found.append(Purchase(slot, tile, payments, exact, exchange))
    return tuple(found)


def _exact(payments: tuple[tuple[MoneyCard, ...], ...], price: int) -> bool:
    return any(total(payment) == price for payment in payments)


def scores(table: Table, scoring_round: int, evaluated: Sequence[Seat]) -> RoundScore:
    """The scoring round ``scoring_round`` on this table (M1-M5, W4; D3 with a dummy), from its
    seats as :func:`seats` evaluated them (their buildings and longest walls)."""
    dummy = None if table.dummy is None else building_counts(table.dummy)
    holdings = [Holding(seat.counts.counts, seat.wall.length) for seat in evaluated]
    return score_round(scoring_round, holdings, dummy)


def awards(table: Table) -> tuple[Award, ...]:
    """T9: where each market tile would go if the game ended now."""
    return tuple(
        Award(slot, tile, receiver(table.players, slot))
        for slot, tile in enumerate(table.market, start=1)
        if tile is not None
    )


def implausibilities(table: Table, scoring_round: int | None) -> list[Implausibility]:
    """What a real game could not show on this table, as warnings (the core's checks, C1, C2,
    D1, D2, T9): the building tiles in sight, huts aside, count towards the 54."""
    building_tiles = sum(
        not tile.hut for _, tile in tiles_on_table(table.players, table.market, table.dummy)
    )
    return table_implausibilities(
        len(table.players),
        scoring_round,
        building_tiles,
        sum(tile is not None for tile in table.market),
        None if table.dummy is None else len(table.dummy),
    )


def inconsistencies(table: Table) -> list[Inconsistency]:
    """Why this table cannot exist (C1, C3, D1, V2, V4); none for one that can."""
    found = _tiles(table) + _huts(table) + _money(table)
    for module in registry.REGISTRY:  # a described table shows the pieces of any module
        if module.table_inconsistencies is not None:
            problems = module.table_inconsistencies(table.players, table.face_up)
            found += [Inconsistency(*problem) for problem in problems]
    return found


def _tiles(table: Table) -> list[Inconsistency]:
    """C1: each printed tile at most once, no building beyond its count, 54 tiles at most."""
    found = []
    seen: set[Tile] = set()
    per_building: Counter[Building] = Counter()
    places = [
        (where, tile)
        for where, tile in tiles_on_table(table.players, table.market, table.dummy)
        if not tile.hut  # V4: huts are counted by _huts
    ]
    for number, (where, tile) in enumerate(places, start=1):
        assert tile.building is not None
        per_building[tile.building] += 1
        if tile.price is not None and tile in seen:
            found.append(
                Inconsistency(
                    where,
                    (
                        f"the {tile.building.value} of price {tile.price} is on the table twice: "
                        "every tile exists once (C1)"
                    ),
                )
            )
        seen.add(tile)
        if per_building[tile.building] == CATALOG_COUNTS[tile.building] + 1:
            found.append(
                Inconsistency(
                    where,
                    (
                        f"one {tile.building.value} too many: the game has "
                        f"{CATALOG_COUNTS[tile.building]} (C1)"
                    ),
                )
            )
        if number == len(CATALOG) + 1:
            found.append(Inconsistency(where, f"the game has {len(CATALOG)} tiles (C1)"))
    return found


def _huts(table: Table) -> list[Inconsistency]:
    """V4: no more huts of a colour than the 24 hold, at most 3 per player (reserve included)."""
    found = []
    per_colour: Counter[Building] = Counter()
    for seat, player in enumerate(table.players):
        places: list[tuple[Path, Tile]] = [
            (("players", seat, "alhambra", cell), tile)
            for cell, tile in player.alhambra.buildings()
        ]
        places += [(("players", seat, "reserve", i), tile) for i, tile in enumerate(player.reserve)]
        places = [(where, tile) for where, tile in places if tile.hut]
        beyond = registry.huts_beyond_limit(tile for _, tile in places)
        for count, index in enumerate(beyond, start=4):
            found.append(Inconsistency(places[index][0], registry.too_many_huts_message(count)))
        for where, hut in places:
            assert hut.building is not None
            per_colour[hut.building] += 1
            if per_colour[hut.building] == registry.HUTS_BY_COLOUR[hut.building] + 1:
                found.append(
                    Inconsistency(
                        where,
                        (
                            f"one {hut.building.value} hut too many: there are "
                            f"{registry.HUTS_BY_COLOUR[hut.building]} (V4)"
                        ),
                    )
                )
    return found


def _money(table: Table) -> list[Inconsistency]:
    """C3, D1: no more copies of a card than exist; at most four cards face up (T1)."""
    two_players = len(table.players) == 2 or table.dummy is not None
    copies = copies_per_card(2 if two_players else 3)
    found, _ = extra_copies(money_in_sight(table.players, table.face_up), copies)
    if len(table.face_up) > FACE_UP_MONEY:
        found.append(Inconsistency(("face_up",), f"{FACE_UP_MONEY} cards lie face up (T1)"))
    return found
