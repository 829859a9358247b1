"""Setting up a game (T1, D1, D2; V2-V4 with the modules).

A module's setup draws come first (V3). The money is shuffled (72 cards for two players, D1) and
dealt: each player in seat order draws cards one at a time until their total is at least 20.
Four cards are laid face up. The rest is split into 5 piles as equal as possible, scoring card
1 shuffled into pile 2 and scoring card 2 into pile 4 (and a module's cards into the piles it
names, V2), pile 1 on top. Four tiles go from the bag into market slots 1 -> 4; in a
2-player game the dummy draws 6 tiles. The start player has the fewest cards, then the lowest
total, then the earliest seat, unless the caller names one.

Every draw goes through :mod:`draws`, so a table-mode setup is revealed card by card like a
turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from msgspec.structs import replace

from calculator import modules as registry
from calculator.core.alhambra import Alhambra
from calculator.core.tiles import CATALOG, MARKET_SLOTS, Tile
from calculator.engine.components import (
    SCORING_CARDS,
    DisplayCard,
    MoneyCard,
    ScoringCard,
    money_cards,
    piles_formed,
    total,
)
from calculator.engine.events import Event, MoneyDealt, PilesFormed
from calculator.engine.hooks import PileCards
from calculator.engine.state import (
    DEFAULT_OPTIONS,
    FACE_UP_MONEY,
    SETUP,
    Draft,
    Game,
    GameState,
    Options,
    Player,
    Turn,
)
from calculator.engine.turn import start_turn
from calculator.engine.turn.draws import Draw, Receive, Step, shuffler
from calculator.engine.turn.dummy import SETUP_TILES
from calculator.engine.turn.refill import DUMMY_DRAWING, FILLING, LAYING_OUT

PLAYERS: Final[range] = range(2, 7)
STARTING_MONEY: Final[int] = 20
PILES: Final[int] = 5
SCORING_PILE: Final[dict[int, int]] = {1: 2, 2: 4}
"""T1: scoring card 1 goes into pile 2, scoring card 2 into pile 4 (piles counted from 1)."""


def initial_state(
    names: list[str],
    seed: int = 0,
    start_player: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> GameState:
    """The components before any draw: shuffled in digital mode, unordered in table mode."""
    if len(names) not in PLAYERS:
        raise ValueError(f"Alhambra is played by 2 to 6 players, not {len(names)}")
    if start_player is not None and not 0 <= start_player < len(names):
        raise ValueError(f"there is no seat {start_player}")
    money: list[MoneyCard] = list(money_cards(len(names)))  # D1
    bag: list[Tile] = list(CATALOG)
    digital = options.mode == "digital"
    if digital:
        shuffler(seed, 0).shuffle(money)
        shuffler(seed, 1).shuffle(bag)
    state = GameState(
        options=options,
        seed=seed if digital else None,
        shuffles=2 if digital else 0,
        players=tuple(Player(name, Alhambra()) for name in names),
        dummy=() if len(names) == 2 else None,
        market=(None,) * len(MARKET_SLOTS),
        face_up=(),
        pile=tuple(money),
        discard=(),
        bag=tuple(bag),
        rounds_scored=(),
        turn=Turn(player=start_player, phase=SETUP),
    )
    for module in registry.active(options.modules).modules:
        if module.set_up is not None:
            state = module.set_up(state)
    return state


def next_step(game: Game) -> Draw | Step:
    for setup_draw in registry.active(game.options.modules).setup_draw:
        draw = setup_draw(game)  # a module's draw comes first (V3)
        if draw is not None:
            return draw
    for seat, player in enumerate(game.players):
        if total(player.hand) < STARTING_MONEY:
            return _DEALING[seat]
    if len(game.face_up) < FACE_UP_MONEY:
        return LAYING_OUT
    if not piles_formed(game.pile):
        return form_piles
    for slot, tile in enumerate(game.market):
        if tile is None:
            return FILLING[slot]
    if game.dummy is not None and len(game.dummy) < SETUP_TILES:
        return DUMMY_DRAWING
    return begin


def dealing(seat: int) -> Receive:
    def deal(draft: Draft, card: MoneyCard) -> list[Event]:
        player = draft.players[seat]
        draft.players[seat] = replace(player, hand=(*player.hand, card))
        return [MoneyDealt(seat, card)]

    return deal


_DEALING: Final[tuple[Draw, ...]] = tuple(
    Draw("pile", dealing(seat)) for seat in range(max(PLAYERS))
)
"""T1: the draw dealing a money card to each seat, by seat."""


def pile_sizes(cards: int) -> list[int]:
    """T1: five piles as equal as possible, the larger ones on top."""
    share, extra = divmod(cards, PILES)
    return [share + (1 if index < extra else 0) for index in range(PILES)]


def form_piles(draft: Draft) -> list[Event]:
    """T1: split the money left into five piles, a scoring card shuffled into piles 2 and 4."""
    sizes = pile_sizes(len(draft.pile))
    pile_cards = registry.active(draft.options.modules).pile_cards
    if draft.digital:
        rng = shuffler(draft.seed, draft.shuffles)
        piles: list[list[DisplayCard | ScoringCard]] = []
        for size in sizes:
            done = sum(len(p) for p in piles)
            piles.append(list(draft.pile[done : done + size]))
        for card in SCORING_CARDS:
            into = piles[SCORING_PILE[card.round] - 1]
            into.insert(rng.randint(0, len(into)), card)
        for added in pile_cards:
            _shuffle_into(piles, added, rng)  # V2
        draft.pile = tuple(card for cards in piles for card in cards)
        draft.shuffles += 1
    else:  # at a real table the order is unknown: the scoring cards are just in the pile
        draft.pile += SCORING_CARDS
        for added in pile_cards:
            draft.pile += added.cards
    for card in SCORING_CARDS:
        sizes[SCORING_PILE[card.round] - 1] += 1
    for added in pile_cards:
        for pile in added.piles:
            sizes[pile - 1] += added.per_pile
    return [PilesFormed(tuple(sizes))]


def _shuffle_into(
    piles: list[list[DisplayCard | ScoringCard]], added: PileCards, rng: random.Random
) -> None:
    """T1: a module's cards shuffled, then ``per_pile`` of them into each of its piles, each at
    a random place (V2)."""
    cards = list(added.cards)
    rng.shuffle(cards)
    for index, pile in enumerate(added.piles):
        into = piles[pile - 1]
        for card in cards[index * added.per_pile : (index + 1) * added.per_pile]:
            into.insert(rng.randint(0, len(into)), card)


def start_player(players: Sequence[Player]) -> int:
    """T1: fewest cards, then lowest total, then the earliest seat."""
    return min(
        range(len(players)),
        key=lambda seat: (len(players[seat].hand), total(players[seat].hand), seat),
    )


def begin(draft: Draft) -> list[Event]:
    first = draft.turn.player
    if first is None:
        first = start_player(draft.players)
    return start_turn(draft, first)
