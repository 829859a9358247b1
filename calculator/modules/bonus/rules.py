"""The Vizier's Favour, bonus cards (V3): dealt at setup, laid and taken back.

10 cards, each depicting one building tile, dealt by player count (3 each with 2-3 players, 2
with 4-5, 1 with 6); the rest is set aside unseen. The deal is the first step of the setup, a
draw like any (from the cards set aside, :data:`DECK`): in table mode the table reveals each
card dealt, and the cards set aside are known only as a set, what nobody was dealt. A player
may lay a card face up whenever the depicted tile is in the Alhambra, and it then counts as one
more building of its type (:func:`.scoring.added_by_cards`); when the tile leaves the
Alhambra, the card goes back to the hand. Laying a card never costs anything and only adds to
the count, so the engine lays every card as soon as it may (after each action and everything
automatic after it) and takes it back as soon as it must: the state never holds a card laid
without its tile.

The tiles printed on the cards are not in our sources. A game may name them
(``options.components.bonus_cards``); otherwise :data:`PROVISIONAL_BONUS_CARDS` stands in, a
set of our own choosing published as provisional (``GET /v1/catalog``, README).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from msgspec.structs import replace

from calculator.core.text import Text
from calculator.core.tiles import CATALOG, Tile
from calculator.engine.actions import Action
from calculator.engine.codes import TILE_CODE, TILES
from calculator.engine.core import SETUP, Draw, Game, Problems, Receive, Seat, Source
from calculator.engine.turn.draws import shuffle as shuffle_items
from calculator.engine.turn.draws import shuffler, tile_order
from calculator.modules.bonus.records import (
    ASIDE,
    CARDS,
    NAME,
    Aside,
    BonusCardDealt,
    BonusCardLaid,
    BonusCardTakenBack,
    Cards,
    RevealBonusCard,
)
from calculator.modules.bonus.scoring import depicts

BONUS_CARDS: Final[int] = 10

DEALT: Final[dict[int, int]] = {2: 3, 3: 3, 4: 2, 5: 2, 6: 1}
"""V3: the bonus cards dealt to each player, by the number of players."""

PROVISIONAL_BONUS_CARDS: Final[tuple[Tile, ...]] = CATALOG[::5][:BONUS_CARDS]
"""Not the printed cards (unknown to us): every fifth tile of the catalog, which spreads the
ten over all six building types. Used when a game does not name its cards."""


COMPONENT: Final[str] = "bonus_cards"
"""V3: the member of ``options.components`` that names the tiles the cards depict."""


def cards_in_play(game: Game) -> tuple[Tile, ...]:
    return game.options.component(COMPONENT) or PROVISIONAL_BONUS_CARDS


def aside(parts: Mapping[str, Any]) -> tuple[Tile, ...]:
    """V3: the bonus cards not dealt (given the game's parts)."""
    return ASIDE.get(parts).bonus_aside


def face_up(parts: Mapping[str, Any]) -> tuple[Tile, ...]:
    """V3: a player's face-up cards (given the player's parts): each counts as one more
    building of its tile's type."""
    return CARDS.get(parts).bonus_cards


class Deck(Source):
    """V3: the bonus cards not dealt, from which the deal draws."""

    rule = "V3"
    drawn = Text("api.V3.drawn")
    holder = Text("api.V3.holder")
    reveals: ClassVar[tuple[type, ...]] = (RevealBonusCard,)

    def held(self, game: Game) -> Sequence[Tile]:
        return aside(game.parts)

    def top(self, game: Game) -> Tile:
        card = aside(game.parts)[0]
        self.take(game, card)
        return card

    def take(self, game: Game, item: Any) -> None:
        cards = list(aside(game.parts))
        cards.remove(item)
        ASIDE.set(game.parts, Aside(tuple(cards)))

    def item(self, game: Game, reveal: Action) -> Any:
        assert isinstance(reveal, RevealBonusCard)
        return reveal.tile

    def reveal(self, game: Game, item: Any) -> Action:
        return RevealBonusCard(item)


DECK: Final[Deck] = Deck()


def shuffle(game: Game) -> None:
    """V3, setup: the cards to deal, shuffled in digital mode, in the game's order at a table."""
    cards = list(cards_in_play(game))
    if game.digital:
        shuffle_items(shuffler(game.seed, game.shuffles), cards)
        game.shuffles += 1
    ASIDE.set(game.parts, Aside(tuple(cards)))


def dealt(player: Seat) -> int:
    cards = CARDS.get(player.parts)
    return len(cards.bonus_cards) + len(cards.bonus_hand)


def next_deal(game: Game) -> Draw | None:
    """V3: the next card of the deal, to the first player short of their share (seat order)."""
    share = DEALT[len(game.seats)]
    for seat, player in enumerate(game.seats):
        if dealt(player) < share:
            return _DEALING[seat]
    return None


def dealing(seat: int) -> Receive:
    def deal(game: Game, card: Tile) -> None:
        parts = game.seats[seat].parts
        cards = CARDS.get(parts)
        CARDS.set(parts, replace(cards, bonus_hand=(*cards.bonus_hand, card)))
        if game.log is not None:
            game.log.append(BonusCardDealt(seat, card))

    return deal


_DEALING: Final[tuple[Draw, ...]] = tuple(Draw(DECK, dealing(seat)) for seat in range(max(DEALT)))


def _in_alhambra(player: Seat, card: Tile) -> bool:
    tiles = player.alhambra.tiles.values()
    if card.price is not None and not card.hut:  # it depicts one printed tile: that one
        return TILE_CODE.get(card) in tiles
    return any(depicts(card, TILES[tile]) for tile in tiles)


def lay_and_take_back(game: Game) -> None:
    """V3: every card whose tile is in the Alhambra face up, every other one in the hand (only
    an Alhambra changed by the action can change a card's side)."""
    touched = game.touched
    if not touched:
        return
    for seat, player in enumerate(game.seats):
        if not touched >> seat & 1:
            continue
        cards = CARDS.get(player.parts)
        laid = tuple(card for card in cards.bonus_hand if _in_alhambra(player, card))
        back = tuple(card for card in cards.bonus_cards if not _in_alhambra(player, card))
        if not laid and not back:
            continue
        if game.log is not None:
            game.log += [BonusCardTakenBack(seat, card) for card in back]
            game.log += [BonusCardLaid(seat, card) for card in laid]
        CARDS.set(
            player.parts,
            Cards(
                bonus_cards=tuple(c for c in cards.bonus_cards if c not in back) + laid,
                bonus_hand=tuple(c for c in cards.bonus_hand if c not in laid) + back,
            ),
        )


def inconsistencies(game: Game) -> Problems:
    """V3: why the bonus cards of a game cannot be those of a game: each card of the game
    once (dealt, laid or set aside), each player dealt their share, a card face up exactly
    while its tile is in the Alhambra; none at all without the module."""
    placed: list[tuple[tuple[str | int, ...], Tile]] = [
        (("players", seat, member, index), card)
        for seat, player in enumerate(game.seats)
        for member in ("bonus_cards", "bonus_hand")
        for index, card in enumerate(getattr(CARDS.get(player.parts), member))
    ]
    placed += [(("bonus_aside", index), card) for index, card in enumerate(aside(game.parts))]
    if NAME not in game.rules.names:
        return [
            (
                where,
                Text(
                    "api.module.only_with", pieces=Text("api.V3.pieces"), module="bonus", rule="V3"
                ),
            )
            for where, _ in placed[:1]
        ]
    found: Problems = []
    game_cards = set(cards_in_play(game))
    seen: set[Tile] = set()
    for where, card in placed:
        if card not in game_cards:
            found.append((where, Text("api.V3.no_such_card")))
        elif card in seen:
            found.append((where, Text("api.V3.once")))
        seen.add(card)
    if game_cards - seen:
        found.append((("bonus_aside",), Text("api.V3.missing", n=len(game_cards - seen))))
    share = DEALT[len(game.seats)]
    cards_dealt = sum(dealt(player) for player in game.seats)
    if game.digital or game.phase != SETUP:
        cards_dealt = share * len(game.seats)  # only a table's setup rests during the deal
    for seat, player in enumerate(game.seats):
        due = min(share, max(0, cards_dealt - seat * share))
        if dealt(player) != due:
            found.append(
                (
                    ("players", seat, "bonus_hand"),
                    Text("api.V3.dealt", share=share, n=len(game.seats)),
                )
            )
        for index, card in enumerate(CARDS.get(player.parts).bonus_cards):
            if not _in_alhambra(player, card):
                found.append(
                    (
                        ("players", seat, "bonus_cards", index),
                        Text("api.V3.face_up_while_built"),
                    )
                )
        for index, card in enumerate(CARDS.get(player.parts).bonus_hand):
            if _in_alhambra(player, card):
                found.append(
                    (
                        ("players", seat, "bonus_hand", index),
                        Text("api.V3.built_face_up"),
                    )
                )
    if cards_dealt < share * len(game.seats) and any(p.hand.cards for p in game.seats):
        found.append((("players", 0, "hand"), Text("api.V3.before_money")))
    return found


# --- what a seat knows (the computer players) ------------------------------------------------


def _redealt(game: Game, seat: int, pool: list[Tile], deal: random.Random | None) -> None:
    """The other players' hidden hands dealt from ``pool`` (their cards in hand and the cards
    set aside) in seat order, each its size, the rest set aside: in the pool's order, or (with
    ``deal``) preferring cards whose tile is not in the player's Alhambra, which would have
    been laid face up."""
    for index, player in enumerate(game.seats):
        if index == seat:
            continue
        cards = CARDS.get(player.parts)
        size = len(cards.bonus_hand)
        if deal is not None:
            fitting = [card for card in pool if not _in_alhambra(player, card)]
            hand = (fitting + [card for card in pool if card not in fitting])[:size]
        else:
            hand = pool[:size]
        for card in hand:
            pool.remove(card)
        CARDS.set(player.parts, replace(cards, bonus_hand=tuple(hand)))
    ASIDE.set(game.parts, Aside(tuple(pool)))


def _pool(game: Game, seat: int) -> list[Tile]:
    hands = [
        card
        for index, player in enumerate(game.seats)
        if index != seat
        for card in CARDS.get(player.parts).bonus_hand
    ]
    return hands + list(aside(game.parts))


def at_table(game: Game) -> None:
    """V3, a game built from what lies on a table: a player who shows fewer cards than their
    share (laid, and in hand where the hand is known) holds the rest face down, dealt in seat
    order from the cards no player shows, none whose tile the player has built (it would lie
    face up); the cards left are set aside."""
    held = Counter(
        card
        for player in game.seats
        for card in (*CARDS.get(player.parts).bonus_cards, *CARDS.get(player.parts).bonus_hand)
    )
    unheld = []
    for card in cards_in_play(game):
        if held[card]:
            held[card] -= 1
        else:
            unheld.append(card)
    share = DEALT[len(game.seats)]
    for player in game.seats:
        hidden = [card for card in unheld if not _in_alhambra(player, card)][
            : max(0, share - dealt(player))
        ]
        if hidden:
            cards = CARDS.get(player.parts)
            CARDS.set(player.parts, replace(cards, bonus_hand=(*cards.bonus_hand, *hidden)))
            unheld = [card for card in unheld if card not in hidden]
    ASIDE.set(game.parts, Aside(tuple(unheld)))


def information(game: Game, seat: int) -> None:
    """V3: the other players' bonus cards in hand are pooled with the cards set aside."""
    _redealt(game, seat, sorted(_pool(game, seat), key=tile_order), None)


def deal_unseen(game: Game, seat: int, rng: random.Random) -> None:
    """V3: the other players' hidden hands dealt at random from the pool, preferring cards
    whose tile is not in their Alhambras."""
    pool = _pool(game, seat)
    rng.shuffle(pool)
    _redealt(game, seat, pool, rng)
