"""Setting up a game (T1, D1, D2; V2-V4 with the modules).

A module's setup draws come first (V3). The money is shuffled (72 cards for two players, D1) and
dealt: each player in seat order draws cards one at a time until their total is at least 20.
Four cards are laid face up. The rest is split into 5 piles as equal as possible, scoring card
1 shuffled into pile 2 and scoring card 2 into pile 4 (and a module's cards into the piles it
names, V2), pile 1 on top. Four tiles go from the bag into market slots 1 -> 4; in a
2-player game the dummy draws 6 tiles. The start player has the fewest cards, then the lowest
total, then the earliest seat, unless the caller names one.

Every draw goes through a source (:mod:`draws`), so a table-mode setup is revealed card by card
like a turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from calculator.core.tiles import CATALOG, MARKET_SLOTS
from calculator.engine.codes import MONEY, MONEY_CARDS, NO_TILE, SCORING_CARD_CODES, TILE_CODE
from calculator.engine.components import copies_per_card
from calculator.engine.core import SETUP, Draw, Game, PileCards, Receive, Seat, Step
from calculator.engine.events import MoneyDealt, PilesFormed
from calculator.engine.hand import Hand
from calculator.engine.layout import Layout
from calculator.engine.state import DEFAULT_OPTIONS, FACE_UP_MONEY, Options
from calculator.engine.turn import start_turn
from calculator.engine.turn.draws import PILE, below, shuffle, shuffler
from calculator.engine.turn.dummy import SETUP_TILES
from calculator.engine.turn.refill import DUMMY_DRAWING, FILLING, LAYING_OUT

PLAYERS: Final[range] = range(2, 7)
_MONEY: Final[dict[int, tuple[int, ...]]] = {
    copies: tuple(card for card in range(MONEY) for _ in range(copies)) for copies in (2, 3)
}
"""C3, D1: the money of a game in catalog order, by the copies of each card."""
_BAG: Final[tuple[int, ...]] = tuple(TILE_CODE[tile] for tile in CATALOG)
"""C1: the tiles in catalog order."""
STARTING_MONEY: Final[int] = 20
PILES: Final[int] = 5
SCORING_PILE: Final[dict[int, int]] = {1: 2, 2: 4}
"""T1: scoring card 1 goes into pile 2, scoring card 2 into pile 4 (piles counted from 1)."""


def initial_game(
    names: list[str],
    seed: int = 0,
    start_player: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> Game:
    """The components before any draw: shuffled in digital mode, unordered in table mode."""
    if len(names) not in PLAYERS:
        raise ValueError(f"Alhambra is played by 2 to 6 players, not {len(names)}")
    if start_player is not None and not 0 <= start_player < len(names):
        raise ValueError(f"there is no seat {start_player}")
    money = list(_MONEY[copies_per_card(len(names))])  # D1
    bag = list(_BAG)
    digital = options.mode == "digital"
    if digital:
        shuffle(shuffler(seed, 0), money)
        shuffle(shuffler(seed, 1), bag)
    game = Game.__new__(Game)
    game.rules = options.rules
    game.options = options
    game.digital = digital
    game.hole_rule = options.hole_rule
    game.seed = seed if digital else None
    game.shuffles = 2 if digital else 0
    game.seats = [Seat(name, Layout(), [], Hand()) for name in names]
    game.dummy = [] if len(names) == 2 else None
    game.market = [NO_TILE] * len(MARKET_SLOTS)
    game.face_up = []
    game.pile = money
    game.discard = []
    game.bag = bag
    game.rounds_scored = []
    game.set_turn(start_player, SETUP, 0)
    game.over = False
    game.winners = ()
    game.parts = {}
    game.touched = 0
    game.log = None
    for module in game.rules.played:
        if module.set_up is not None:
            module.set_up(game)
    return game


def next_step(game: Game) -> Draw | Step:
    for setup_draw in game.rules.setup_draw:
        draw = setup_draw(game)  # a module's draw comes first (V3)
        if draw is not None:
            return draw
    for seat, player in enumerate(game.seats):
        if sum(player.hand.sums) < STARTING_MONEY:
            return _DEALING[seat]
    if len(game.face_up) < FACE_UP_MONEY:
        return LAYING_OUT
    if not piles_formed(game.pile):
        return form_piles
    for slot, tile in enumerate(game.market):
        if tile == NO_TILE:
            return FILLING[slot]
    if game.dummy is not None and len(game.dummy) < SETUP_TILES:
        return DUMMY_DRAWING
    return begin


def piles_formed(pile: Sequence[int]) -> bool:
    """During setup (T1): has the money been split into piles yet? The scoring cards go into
    the pile then, and nothing draws them before the first turn."""
    return SCORING_CARD_CODES[0] in pile or SCORING_CARD_CODES[1] in pile


def dealing(seat: int) -> Receive:
    def deal(game: Game, card: int) -> None:
        game.seats[seat].hand.add(card)
        if game.log is not None:
            game.log.append(MoneyDealt(seat, MONEY_CARDS[card]))

    return deal


_DEALING: Final[tuple[Draw, ...]] = tuple(Draw(PILE, dealing(seat)) for seat in range(max(PLAYERS)))
"""T1: the draw dealing a money card to each seat, by seat."""


def pile_sizes(cards: int) -> list[int]:
    """T1: five piles as equal as possible, the larger ones on top."""
    share, extra = divmod(cards, PILES)
    return [share + (1 if index < extra else 0) for index in range(PILES)]


def form_piles(game: Game) -> None:
    """T1: split the money left into five piles, a scoring card shuffled into piles 2 and 4."""
    sizes = pile_sizes(len(game.pile))
    pile_cards = game.rules.pile_cards
    code = game.rules.card_code
    if game.digital:
        rng = shuffler(game.seed, game.shuffles)
        piles: list[list[int]] = []
        done = 0
        for size in sizes:
            piles.append(game.pile[done : done + size])
            done += size
        for scoring_round, card in enumerate(SCORING_CARD_CODES, start=1):
            into = piles[SCORING_PILE[scoring_round] - 1]
            into.insert(below(rng, len(into) + 1), card)  # randint(0, len(into))
        for added in pile_cards:
            _shuffle_into(piles, added, [code[card] for card in added.cards], rng)  # V2
        game.pile = [card for cards in piles for card in cards]
        game.shuffles += 1
    else:  # at a real table the order is unknown: the scoring cards are just in the pile
        game.pile += SCORING_CARD_CODES
        for added in pile_cards:
            game.pile += [code[card] for card in added.cards]
    for scoring_round in SCORING_PILE:
        sizes[SCORING_PILE[scoring_round] - 1] += 1
    for added in pile_cards:
        for pile in added.piles:
            sizes[pile - 1] += added.per_pile
    if game.log is not None:
        game.log.append(PilesFormed(tuple(sizes)))


def _shuffle_into(
    piles: list[list[int]], added: PileCards, cards: list[int], rng: random.Random
) -> None:
    """T1: a module's cards shuffled, then ``per_pile`` of them into each of its piles, each at
    a random place (V2)."""
    shuffle(rng, cards)
    for index, pile in enumerate(added.piles):
        into = piles[pile - 1]
        for card in cards[index * added.per_pile : (index + 1) * added.per_pile]:
            into.insert(below(rng, len(into) + 1), card)  # randint(0, len(into))


def start_player(seats: Sequence[Seat]) -> int:
    """T1: fewest cards, then lowest total, then the earliest seat."""
    return min(
        range(len(seats)),
        key=lambda seat: (len(seats[seat].hand.cards), seats[seat].hand.total, seat),
    )


def begin(game: Game) -> None:
    first = game.player
    if first is None:
        first = start_player(game.seats)
    start_turn(game, first)
