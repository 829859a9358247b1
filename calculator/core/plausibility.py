"""Plausibility of a table entered by hand: what a real game cannot produce, as warnings.

A count over the game's supply (C1) is an error and refused. What these checks find is
possible only in theory, or impossible given what the same request says; the round is still
scored and the finding is given beside it (an :class:`Implausibility`). Each check's docstring
proves it never fires on a position a game can reach (the dummy's: none but a deal and a play
possible only in theory): a warning means a typing slip, or a table described in part.

* ``wall-without-buildings`` (W1, M1): a typed wall beside no building, in a game played
  without tiles that carry walls but count as no building (:class:`WallCarriers`, V4);
* ``wall-longer-than-tiles-carry`` (W1-W3, V4): a typed wall longer than :func:`most_wall`
  of the tiles the counts allow, and of the wall carriers the game is played with;
* ``dummy-fewer-tiles-than-dealt`` (D2): the dummy holds fewer tiles than he is dealt by the
  scoring round;
* ``one-player-table`` (C2, D1): Alhambra is played by 2 to 6;
* ``tiles-missing-at-game-end`` (C1, T9): at the third scoring round every one of the 54
  tiles lies on the table;
* ``full-market-at-game-end`` (T9): at the third scoring round a market slot is empty.

The checks take numbers, not requests; ``where`` names the entry a warning concerns in the
request's own terms (``("players", 0, "wall")``), for the web layer to make a JSON Pointer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from msgspec import Struct

from calculator.core.scoring import Counts
from calculator.core.text import Text, Value, listed
from calculator.core.tiles import CATALOG, MARKET_SLOTS

Where = tuple[str | int, ...]

TILES_IN_GAME: Final[int] = len(CATALOG)
"""C1: the 54 building tiles."""

MOST_PLAYERS: Final[int] = 6
"""C2: six Lion Fountains, one per player."""

DUMMY_DEALT: Final[dict[int, int]] = {1: 6, 2: 12, 3: 12}
"""D2: the tiles the dummy has been dealt by each scoring round (see :func:`dummy_short`)."""


class Implausibility(Struct, frozen=True):
    """A warning: ``code`` is stable (kebab-case), ``where`` the entry it concerns, ``message``
    the reason, citing the rules it rests on."""

    code: str
    where: Where
    message: Text


class WallCarriers(Struct, frozen=True):
    """Tiles modules put in an Alhambra that carry walls (W1) yet add nothing to the counts
    (M1): at most ``most`` per player, ``held`` saying so in a warning (V4: 3 per player)."""

    most: int
    held: Value


class EnteredSeat(Struct, frozen=True):
    """What a scoring round says of one player: the counts typed by hand and the wall typed
    with them, or ``None`` for both when the Alhambra itself was given (the service counts
    and measures it; there is nothing typed to doubt)."""

    counts: Counts | None
    wall: int | None


def most_wall(tiles: int) -> int:
    """The longest wall (W3) an Alhambra of ``tiles`` tiles beside its fountain can have:
    ``min(3 * tiles, 2 * tiles + 4)``.

    Proof. The tiles and the fountain fill ``tiles + 1`` cells. Every tile can be walked to
    from the fountain (B3), so those cells are connected and at least ``tiles`` pairs of them
    share a side; each shared side hides two of the ``4 * (tiles + 1)`` cell sides, so at most
    ``2 * tiles + 4`` sides face an empty cell. An outer wall segment is such a side of a tile
    (W1); the fountain has no walls (C2), and of its ``4 - d`` sides facing an empty cell, ``d``
    being its neighbours (``d <= min(tiles, 4)``), none is a segment. So there are at most
    ``2 * tiles + d <= 2 * tiles + min(tiles, 4)`` outer segments, and a wall uses each at most
    once (W3). Reached: up to 4 tiles around the fountain, each walled on its 3 outer sides,
    make one wall of ``3 * tiles`` (a ring of 12 with 4); more tiles in a tree of arms from
    those 4, every outer side walled, make a ring of ``2 * tiles + 4``. It holds under either
    reading of B5 and for tiles that are no building, which follow every building rule (V4).
    """
    return min(3 * tiles, 2 * tiles + 4)


def wall_without_buildings(
    player: int, counts: Counts, wall: int, carriers: WallCarriers | None
) -> Implausibility | None:
    """W1, M1: walls stand on tiles, and every building tile adds one to its type's count, so
    a wall beside counts of no building at all stands on nothing. Only ``carriers`` carry
    walls without adding to the counts (V4: three such tiles next to no building of their colour
    count nothing): in a game played with them, :func:`wall_beyond_tiles` bounds the wall
    instead."""
    if carriers is not None or wall == 0 or any(counts.values()):
        return None
    return Implausibility(
        "wall-without-buildings",
        ("players", player, "wall"),
        Text("api.W1.wall_without_buildings", wall=wall),
    )


def wall_beyond_tiles(
    player: int, counts: Counts, wall: int, carriers: WallCarriers | None
) -> Implausibility | None:
    """W1-W3: a wall typed beside counts is at most :func:`most_wall` of the tiles those counts
    allow. Each building tile adds one to its type's count (M1; modules add more, never less,
    V3, V4), so the Alhambra holds at most ``sum(counts)`` building tiles; in a game played
    with ``carriers``, up to their ``most`` more, which may add nothing yet carry walls."""
    buildings = sum(counts.values())
    most = most_wall(buildings + (carriers.most if carriers is not None else 0))
    if wall <= most:
        return None
    held: Value = Text("api.W1.buildings", n=buildings)
    if carriers is not None:
        held = listed([held, carriers.held])
    return Implausibility(
        "wall-longer-than-tiles-carry",
        ("players", player, "wall"),
        Text("api.W1.wall_beyond_tiles", wall=wall, held=held, most=most),
    )


def dummy_short(scoring_round: int, tiles: int) -> Implausibility | None:
    """D2: the dummy is dealt 6 tiles at setup and 6 more right after scoring round 1; tiles
    never leave him, and gifts (D4) only add. So he holds at least 6 at scoring round 1 and
    12 from scoring round 2 on.

    The 6 after round 1 come from the bag, which still holds them unless more than 38 tiles
    were bought before scoring card 1 came up in the second of five money piles (54 tiles, 4 in
    the market, 6 with the dummy). Each purchase pays at least one money card, not seen again
    before then, out of the starting hands (20 to 28 in value each, T1), the 4 cards first
    face up and piles 1 and 2 (about 12 cards each of a 2-player game's 72, D1): so many
    purchases need starting hands of far more cards than a deal gives and nearly every tile
    paid with one card. Possible only in theory, so a warning; the same holds for a game that
    would end before scoring round 1.
    """
    least = DUMMY_DEALT[scoring_round]
    if tiles >= least:
        return None
    return Implausibility(
        "dummy-fewer-tiles-than-dealt",
        ("dummy",),
        Text("api.D2.dummy_short", n=tiles, round=scoring_round, least=least),
    )


def lone_player(players: int) -> Implausibility | None:
    """C2, D1: Alhambra is played by 2 to 6 (six Lion Fountains; two players sit with the
    dummy). More than 6 is refused by the contract; one is scored, with a warning."""
    if players != 1:
        return None
    return Implausibility(
        "one-player-table",
        ("players",),
        Text("api.C2.one_player", most=MOST_PLAYERS),
    )


def tiles_missing_at_game_end(tiles_on_table: int) -> Implausibility | None:
    """C1, T8, T9: the third scoring round comes at the end of the game, when a refill finds
    the bag short and the slots are filled as far as it allows: the bag is empty. Every one of
    the 54 tiles then lies on the table, in an Alhambra, a reserve, the dummy's pile or the
    market (tiles are never discarded)."""
    if tiles_on_table >= TILES_IN_GAME:
        return None
    return Implausibility(
        "tiles-missing-at-game-end",
        ("round",),
        Text("api.T9.tiles_missing", all=TILES_IN_GAME, n=tiles_on_table),
    )


def full_market_at_game_end(market_tiles: int) -> Implausibility | None:
    """T9: the game ends when a refill cannot fill every empty market slot, so at least one
    slot stays empty; the award of the tiles left only empties more."""
    if market_tiles < len(MARKET_SLOTS):
        return None
    return Implausibility(
        "full-market-at-game-end",
        ("market",),
        Text("api.T9.full_market", n=market_tiles),
    )


def round_implausibilities(
    scoring_round: int,
    seats: Sequence[EnteredSeat],
    dummy: Counts | None,
    carriers: WallCarriers | None = None,
) -> list[Implausibility]:
    """Every warning for a scoring round (``POST /v1/scores``): the table's size, each typed
    wall (``carriers``: those of the modules the game is played with, V4), the dummy's tiles
    (every tile of his is a building, D3)."""
    found = [lone_player(len(seats))]
    for player, seat in enumerate(seats):
        if seat.counts is not None and seat.wall is not None:
            found.append(
                wall_without_buildings(player, seat.counts, seat.wall, carriers)
                or wall_beyond_tiles(player, seat.counts, seat.wall, carriers)
            )
    if dummy is not None:
        found.append(dummy_short(scoring_round, sum(dummy.values())))
    return [warning for warning in found if warning is not None]


def table_implausibilities(
    players: int,
    scoring_round: int | None,
    tiles_on_table: int,
    market_tiles: int,
    dummy_tiles: int | None,
) -> list[Implausibility]:
    """Every warning for a described table (``POST /v1/table``), its scoring round if any.
    Walls are measured from the Alhambras there, never typed."""
    found = [lone_player(players)]
    if scoring_round is not None and dummy_tiles is not None:
        found.append(dummy_short(scoring_round, dummy_tiles))
    if scoring_round == 3:
        found += [tiles_missing_at_game_end(tiles_on_table), full_market_at_game_end(market_tiles)]
    return [warning for warning in found if warning is not None]
