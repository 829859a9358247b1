"""The Vizier's Favour, bonus cards (V3): dealt at setup, laid and taken back.

10 cards, each depicting one building tile, dealt by player count (3 each with 2-3 players, 2
with 4-5, 1 with 6); the rest is set aside unseen. The deal is the first step of the setup, a
draw like any (:mod:`draws`): in table mode the table reveals each card dealt, and the cards
set aside are known only as a set, what nobody was dealt. A player may lay a card face up
whenever the depicted tile is in the Alhambra, and it then counts as one more building of its
type (:func:`.scoring.added_by_cards`); when the tile leaves the Alhambra, the card goes
back to the hand. Laying a card never costs anything and only adds to the count, so the engine
lays every card as soon as it may (after each action and everything automatic after it) and
takes it back as soon as it must: the state never holds a card laid without its tile.

The tiles printed on the cards are not in our sources. A game may name them
(``options.components.bonus_cards``); otherwise :data:`PROVISIONAL_BONUS_CARDS` stands in, a
set of our own choosing published as provisional (``GET /v1/catalog``, README).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from msgspec.structs import replace

from calculator.core.tiles import CATALOG, Tile
from calculator.engine.errors import Path
from calculator.engine.events import Event
from calculator.engine.state import SETUP, Draft, Game, GameState, Player
from calculator.engine.turn.draws import Draw, Receive, shuffler, tile_order
from calculator.modules.bonus.records import (
    ASIDE,
    CARDS,
    NAME,
    Aside,
    BonusCardDealt,
    BonusCardLaid,
    BonusCardTakenBack,
    Cards,
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


def aside(game: Game) -> tuple[Tile, ...]:
    """V3: the bonus cards not dealt."""
    return ASIDE.of(game).bonus_aside


def shuffle(state: GameState) -> GameState:
    """V3, setup: the cards to deal, shuffled in digital mode, in the game's order at a table."""
    cards = list(cards_in_play(state))
    if not state.digital:
        return ASIDE.put(state, Aside(tuple(cards)))
    shuffler(state.seed, state.shuffles).shuffle(cards)
    return replace(ASIDE.put(state, Aside(tuple(cards))), shuffles=state.shuffles + 1)


def dealt(player: Player) -> int:
    cards = CARDS.of(player)
    return len(cards.bonus_cards) + len(cards.bonus_hand)


def next_deal(game: Game) -> Draw | None:
    """V3: the next card of the deal, to the first player short of their share (seat order)."""
    share = DEALT[len(game.players)]
    for seat, player in enumerate(game.players):
        if dealt(player) < share:
            return _DEALING[seat]
    return None


def dealing(seat: int) -> Receive:
    def deal(draft: Draft, card: Tile) -> list[Event]:
        player = draft.players[seat]
        draft.players[seat] = CARDS.change(player, bonus_hand=(*CARDS.of(player).bonus_hand, card))
        return [BonusCardDealt(seat, card)]

    return deal


_DEALING: Final[tuple[Draw, ...]] = tuple(Draw(NAME, dealing(seat)) for seat in range(max(DEALT)))


def _in_alhambra(player: Player, card: Tile) -> bool:
    tiles = player.alhambra.tiles.values()
    if card.price is not None and not card.hut:  # it depicts one printed tile: that one
        return card in tiles
    return any(depicts(card, tile) for tile in tiles)


def lay_and_take_back(draft: Draft) -> list[Event]:
    """V3: every card whose tile is in the Alhambra face up, every other one in the hand."""
    events: list[Event] = []
    for seat, player in enumerate(draft.players):
        cards = CARDS.of(player)
        laid = tuple(card for card in cards.bonus_hand if _in_alhambra(player, card))
        back = tuple(card for card in cards.bonus_cards if not _in_alhambra(player, card))
        if not laid and not back:
            continue
        events += [BonusCardTakenBack(seat, card) for card in back]
        events += [BonusCardLaid(seat, card) for card in laid]
        draft.players[seat] = CARDS.put(
            player,
            Cards(
                bonus_cards=tuple(c for c in cards.bonus_cards if c not in back) + laid,
                bonus_hand=tuple(c for c in cards.bonus_hand if c not in laid) + back,
            ),
        )
    return events


def inconsistencies(state: GameState) -> list[tuple[Path, str]]:
    """V3: why the bonus cards of ``state`` cannot be those of a game: each card of the game
    once (dealt, laid or set aside), each player dealt their share, a card face up exactly
    while its tile is in the Alhambra; none at all without the module."""
    places: list[tuple[Path, Tile]] = [
        (("players", seat, member, index), card)
        for seat, player in enumerate(state.players)
        for member in ("bonus_cards", "bonus_hand")
        for index, card in enumerate(getattr(CARDS.of(player), member))
    ]
    places += [(("bonus_aside", index), card) for index, card in enumerate(aside(state))]
    if NAME not in state.options.modules:
        return [
            (where, 'there are bonus cards only with the "bonus" module (V3)')
            for where, _ in places[:1]
        ]
    found: list[tuple[Path, str]] = []
    game_cards = set(cards_in_play(state))
    seen: set[Tile] = set()
    for where, card in places:
        if card not in game_cards:
            found.append((where, "this game has no bonus card of that tile (V3)"))
        elif card in seen:
            found.append((where, "each bonus card exists once (V3)"))
        seen.add(card)
    if game_cards - seen:
        found.append((("bonus_aside",), f"{len(game_cards - seen)} bonus cards missing (V3)"))
    share = DEALT[len(state.players)]
    cards_dealt = sum(dealt(player) for player in state.players)
    if state.digital or state.turn.phase != SETUP:
        cards_dealt = share * len(state.players)  # only a table's setup rests during the deal
    for seat, player in enumerate(state.players):
        due = min(share, max(0, cards_dealt - seat * share))
        if dealt(player) != due:
            found.append(
                (
                    ("players", seat, "bonus_hand"),
                    f"each player holds {share} bonus cards with {len(state.players)} "
                    "players, dealt in seat order (V3)",
                )
            )
        for index, card in enumerate(CARDS.of(player).bonus_cards):
            if not _in_alhambra(player, card):
                found.append(
                    (
                        ("players", seat, "bonus_cards", index),
                        "a card lies face up only while its tile is in the Alhambra (V3)",
                    )
                )
        for index, card in enumerate(CARDS.of(player).bonus_hand):
            if _in_alhambra(player, card):
                found.append(
                    (
                        ("players", seat, "bonus_hand", index),
                        "the card's tile is in the Alhambra: the card lies face up (V3)",
                    )
                )
    if cards_dealt < share * len(state.players) and any(p.hand for p in state.players):
        found.append((("players", 0, "hand"), "the bonus cards are dealt before the money (V3)"))
    return found


# --- what a seat knows (the computer players) ------------------------------------------------


def _redealt(
    state: GameState, seat: int, pool: list[Tile], deal: random.Random | None
) -> GameState:
    """The other players' hidden hands dealt from ``pool`` (their cards in hand and the cards
    set aside) in seat order, each its size, the rest set aside: in the pool's order, or (with
    ``deal``) preferring cards whose tile is not in the player's Alhambra, which would have
    been laid face up."""
    players = list(state.players)
    for index, player in enumerate(players):
        if index == seat:
            continue
        cards = CARDS.of(player)
        size = len(cards.bonus_hand)
        if deal is not None:
            fitting = [card for card in pool if not _in_alhambra(player, card)]
            hand = (fitting + [card for card in pool if card not in fitting])[:size]
        else:
            hand = pool[:size]
        for card in hand:
            pool.remove(card)
        players[index] = CARDS.put(player, replace(cards, bonus_hand=tuple(hand)))
    return ASIDE.put(replace(state, players=tuple(players)), Aside(tuple(pool)))


def _pool(state: GameState, seat: int) -> list[Tile]:
    hands = [
        card
        for index, player in enumerate(state.players)
        if index != seat
        for card in CARDS.of(player).bonus_hand
    ]
    return hands + list(aside(state))


def at_table(state: GameState) -> GameState:
    """V3, a state built from what lies on a table: the bonus cards no player holds, face up or
    in hand, are set aside."""
    held = Counter(
        card
        for player in state.players
        for card in (*CARDS.of(player).bonus_cards, *CARDS.of(player).bonus_hand)
    )
    unheld = []
    for card in cards_in_play(state):
        if held[card]:
            held[card] -= 1
        else:
            unheld.append(card)
    return ASIDE.put(state, Aside(tuple(unheld)))


def information(state: GameState, seat: int) -> GameState:
    """V3: the other players' bonus cards in hand are pooled with the cards set aside."""
    return _redealt(state, seat, sorted(_pool(state, seat), key=tile_order), None)


def deal_unseen(state: GameState, seat: int, rng: random.Random) -> GameState:
    """V3: the other players' hidden hands dealt at random from the pool, preferring cards
    whose tile is not in their Alhambras."""
    pool = _pool(state, seat)
    rng.shuffle(pool)
    return _redealt(state, seat, pool, rng)
