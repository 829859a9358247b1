"""A described table evaluated at once (``POST /v1/table``), as a referee or a phone sees it.

No bag and no money pile: only what lies on the table. Per player: is the Alhambra legal
(B2-B5) and what is wrong, the buildings (M1: the reserve never counts), the longest wall
(W1-W3), and which market tiles the player can buy, with the canonical payments, and which of
those exactly (T4). On request, a scoring round (M1-M5, W4, D3) and the end-of-game award of
the market tiles (T9); warnings for what a real game could not show (the core's plausibility
checks). Each rule is the core's or the engine's own; this module only gathers.

A described table must be one that can exist (C1, C3, D1): at most the 54 tiles, each
printed tile at most once and no more tiles of a building than the game has; no more money
cards of a kind than exist; at most four cards face up; and what each module's rules allow
(its ``table_inconsistencies``: V2, V4). What the modules' pieces add counts in the buildings
(its ``counted``: V3, V4).

A module's cards in a hand may make more tiles buyable (a module's ``payments``,
:class:`~calculator.engine.core.Module`: V2). A table has no bag, so whether the last building
tile has entered the market is said by the table (``bag_empty``); from then on such cards pay
nothing. They are no money in T9's majority.

The modules a table may show come with the ruleset the caller gives (every module the engine
plays: a described table may hold the pieces and cards of any).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from msgspec import Struct

from calculator.core.building import HoleRule, Violation, alhambra_violations
from calculator.core.module_scoring import tally
from calculator.core.plausibility import Implausibility, table_implausibilities
from calculator.core.scoring import Holding, RoundScore, Tally, building_counts, score_round
from calculator.core.text import Text
from calculator.core.tiles import CATALOG, Building, Tile
from calculator.core.walls import Wall, longest_wall
from calculator.engine.codes import MONEY_CARDS, NO_TILE, SLOT_CURRENCY, TILE_CODE
from calculator.engine.components import (
    DisplayCard,
    ModuleCard,
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
from calculator.engine.core import Ruleset
from calculator.engine.events import Stay
from calculator.engine.hand import payments
from calculator.engine.state import FACE_UP_MONEY, Player, slot_currency, to_seat
from calculator.engine.turn.end import receiver

CATALOG_COUNTS = building_counts(CATALOG)


class Table(Struct, frozen=True):
    """What lies on a table: the players, the market (slot 1 first), the face-up money (a
    module's cards too: V2), the dummy's tiles (2-player game) and the reading of B5; and
    whether the bag is empty, the last building tile in the market (a module's cards then
    unusable: V2)."""

    players: tuple[Player, ...]
    market: tuple[Tile | None, ...]
    face_up: tuple[DisplayCard, ...] = ()
    dummy: tuple[Tile, ...] | None = None
    hole_rule: HoleRule = "region"
    bag_empty: bool = False


class CardPayments(Struct, frozen=True):
    """The canonical payments that need the module's card ``card`` (V2), and whether one of
    them is exact (T4)."""

    card: ModuleCard
    payments: tuple[tuple[MoneyCard, ...], ...]
    exact: bool


class Purchase(Struct, frozen=True):
    """T4: a market tile the player can pay for, every canonical payment in the slot's
    currency, and whether one payment is exact (and so earns another action), with or without
    a module's card; ``with_cards``: the payments each such card of the hand makes possible
    (V2). With no payment in the slot's currency alone, the tile needs such a card."""

    slot: int
    tile: Tile
    payments: tuple[tuple[MoneyCard, ...], ...]
    exact: bool
    with_cards: tuple[CardPayments, ...] = ()

    @property
    def needs_card(self) -> bool:
        return not self.payments


class Seat(Struct, frozen=True):
    violations: tuple[Violation, ...]
    counts: Tally
    wall: Wall
    purchases: tuple[Purchase, ...]


class Award(Struct, frozen=True):
    """T9: the tile left in ``slot`` goes to ``player``; ``None`` when it stays, ``reason``
    saying why (a tie for the most of its currency, or nobody holding any)."""

    slot: int
    tile: Tile
    player: int | None
    reason: Stay | None


def seats(table: Table, rules: Ruleset) -> tuple[Seat, ...]:
    """Each player as the table shows them, with the modules of ``rules``."""
    return tuple(_seat(table, player, rules) for player in table.players)


def _seat(table: Table, player: Player, rules: Ruleset) -> Seat:
    alhambra = player.alhambra
    cards = tuple(card for count in rules.counted for card in count(player.parts))
    return Seat(
        tuple(alhambra_violations(alhambra, table.hole_rule)),
        tally(alhambra.tiles, cards, rules.scoring),
        longest_wall(alhambra),
        purchases(table.market, player, rules, cards_usable=not table.bag_empty),
    )


def purchases(
    market: Sequence[Tile | None], player: Player, rules: Ruleset, cards_usable: bool = True
) -> tuple[Purchase, ...]:
    """T4: what ``player`` can buy from ``market``; also with one module's card of the hand
    (V2, the modules of ``rules``), unless such cards are no longer usable."""
    found = []
    seat = to_seat(player)
    hand = seat.hand
    codes = [NO_TILE if tile is None else TILE_CODE[tile] for tile in market]
    by_card = [way for ways, _ in rules.payments if cards_usable for way in ways(seat, codes)]
    for slot, tile in enumerate(market, start=1):
        if tile is None or tile.price is None:
            continue
        price = tile.price
        currency = SLOT_CURRENCY[slot]
        plain = _cards(payments(currency, hand.packed[currency], price))
        with_cards = tuple(
            CardPayments(card, _cards(with_card), _exact(_cards(with_card), price))
            for paid_slot, card, with_card in by_card
            if paid_slot == slot and with_card
        )
        if plain or with_cards:
            exact = _exact(plain, price) or any(way.exact for way in with_cards)
            found.append(Purchase(slot, tile, plain, exact, with_cards))
    return tuple(found)


def _cards(codes: tuple[tuple[int, ...], ...]) -> tuple[tuple[MoneyCard, ...], ...]:
    return tuple(tuple(MONEY_CARDS[card] for card in payment) for payment in codes)


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
        Award(slot, tile, *receiver(_held(table.players, slot)))
        for slot, tile in enumerate(table.market, start=1)
        if tile is not None
    )


def _held(players: Sequence[Player], slot: int) -> list[int]:
    """The money each player holds in the currency of market slot ``slot`` (face value)."""
    currency = slot_currency(slot)
    return [
        sum(card.value for card in player.hand if card.currency is currency) for player in players
    ]


def implausibilities(table: Table, scoring_round: int | None) -> list[Implausibility]:
    """What a real game could not show on this table, as warnings (the core's checks, C1, C2,
    D1, D2, T9): the building tiles in sight count towards the 54 (V4: a hut is none)."""
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


def inconsistencies(table: Table, rules: Ruleset) -> list[Inconsistency]:
    """Why this table cannot exist (C1, C3, D1; the modules' rules, V2, V4: every module
    ``rules`` knows); none for one that can."""
    found = _tiles(table) + _money(table)
    players = [to_seat(player) for player in table.players]
    for module in rules.known:  # a described table shows the pieces of any module
        if module.table_inconsistencies is not None:
            problems = module.table_inconsistencies(players, table.face_up)
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
        if not tile.hut  # V4: counted by its module
    ]
    for number, (where, tile) in enumerate(places, start=1):
        assert tile.building is not None
        per_building[tile.building] += 1
        if tile.price is not None and tile in seen:
            found.append(
                Inconsistency(
                    where,
                    Text("api.C1.on_the_table_twice", tile=tile.named(), price=tile.price),
                )
            )
        seen.add(tile)
        if per_building[tile.building] == CATALOG_COUNTS[tile.building] + 1:
            found.append(
                Inconsistency(
                    where,
                    Text(
                        "api.C1.one_too_many",
                        tile=tile.named(),
                        most=CATALOG_COUNTS[tile.building],
                    ),
                )
            )
        if number == len(CATALOG) + 1:
            found.append(Inconsistency(where, Text("api.C1.all_tiles", all=len(CATALOG))))
    return found


def _money(table: Table) -> list[Inconsistency]:
    """C3, D1: no more copies of a card than exist; at most four cards face up (T1)."""
    two_players = len(table.players) == 2 or table.dummy is not None
    copies = copies_per_card(2 if two_players else 3)
    found, _ = extra_copies(money_in_sight(table.players, table.face_up), copies)
    if len(table.face_up) > FACE_UP_MONEY:
        found.append(Inconsistency(("face_up",), Text("api.T1.face_up_table", most=FACE_UP_MONEY)))
    return found
