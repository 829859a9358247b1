"""Setting up game positions for engine tests: a seeded game, then components moved into place;
the scenes several test files start from (a table game set up, V1's vizier market, V2's
rulebook purchase).

Every helper moves components (it never makes or loses one) and the result is checked for
consistency, so a test starts from a state the engine would accept from a client.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from msgspec.structs import replace

from calculator.core.alhambra import Alhambra
from calculator.core.tiles import CATALOG, Building, Cell, Currency, Tile
from calculator.engine import GameState, Options, apply, legal_actions, new_game, to_act
from calculator.engine.actions import Action, TakeMoney
from calculator.engine.components import CARD, DisplayCard, MoneyCard, ScoringCard
from calculator.engine.consistency import earliest_turn, inconsistencies
from calculator.engine.events import Event
from calculator.modules import ruleset
from calculator.modules.exchange.records import HELD, ExchangeCard, Held, exchange_card
from calculator.modules.exchange.rules import held as exchange_cards
from calculator.modules.vizier.records import TOKEN, Token

NAMES = ("Anna", "Ben", "Carla", "Dev", "Emre", "Fatima")


def game(
    players: int = 3, seed: int = 7, mode: str = "digital", start: int | None = 0
) -> GameState:
    options = Options(mode=mode, rules=ruleset(()))  # type: ignore[arg-type]
    return new_game(list(NAMES[:players]), seed, start, options)


def cards(*specs: str) -> tuple[MoneyCard, ...]:
    """``cards("florin 3", "denar 9")``."""
    found = []
    for spec in specs:
        currency, value = spec.split()
        found.append(CARD[Currency(currency), int(value)])
    return tuple(found)


def tile(building: str, price: int, walls: str | None = None) -> Tile:
    """The catalog tile of that building and price (and walls, where the price is not unique)."""
    matches = [
        t
        for t in CATALOG
        if t.building == Building(building) and t.price == price and walls in (None, t.walls)
    ]
    assert len(matches) == 1, f"{building} {price} {walls}: {len(matches)} tiles"
    return matches[0]


def _money_without(state: GameState, card: DisplayCard) -> GameState:
    """Take one copy of ``card`` out of the pile, the discard or the face-up money."""
    for name in ("pile", "discard", "face_up"):
        held = list(getattr(state, name))
        if card in held:
            held.remove(card)
            return replace(state, **{name: tuple(held)})
    raise AssertionError(f"no {card.describe()} left to move")


def with_hand(state: GameState, seat: int, hand: Sequence[MoneyCard]) -> GameState:
    """The seat's hand becomes ``hand``; its old cards go to the bottom of the pile."""
    player = state.players[seat]
    state = replace(state, pile=state.pile + player.hand)
    state = _seat(state, seat, replace(player, hand=()))
    for card in hand:
        state = _money_without(state, card)
    return checked(_seat(state, seat, replace(state.players[seat], hand=tuple(hand))))


def holding_exchange(state: GameState, seat: int, *held: ExchangeCard) -> GameState:
    """V2: the seat also holds the exchange cards ``held`` (taken out of the money)."""
    for card in held:
        state = _money_without(state, card)
    player = state.players[seat]
    held_now = (*exchange_cards(player.parts), *held)
    return checked(_seat(state, seat, HELD.put(player, Held(held_now))))


def with_face_up(state: GameState, face_up: Sequence[DisplayCard]) -> GameState:
    state = replace(state, pile=state.pile + state.face_up, face_up=())
    for card in face_up:
        state = _money_without(state, card)
    return checked(replace(state, face_up=tuple(face_up)))


def _taking_for_pile(
    state: GameState, items: Sequence[MoneyCard | ScoringCard]
) -> tuple[GameState, list[MoneyCard | ScoringCard]]:
    """``items`` taken out of the pile, or (money cards) from wherever else they are: the state
    without them, and what is left of the pile."""
    rest = list(state.pile)
    for item in items:
        if item in rest:
            rest.remove(item)
        else:
            assert isinstance(item, MoneyCard)
            state = _money_without(state, item)
    return state, rest


def with_pile_top(state: GameState, items: Sequence[MoneyCard | ScoringCard]) -> GameState:
    """The pile starts with ``items`` (digital mode draws them next)."""
    state, pile = _taking_for_pile(state, items)
    return checked(replace(state, pile=(*items, *pile)))


def with_pile(state: GameState, items: Sequence[MoneyCard | ScoringCard]) -> GameState:
    """The pile is exactly ``items``; the other cards of the old pile go to the discard."""
    state, rest = _taking_for_pile(state, items)
    scoring = [item for item in rest if isinstance(item, ScoringCard)]
    assert not scoring, "a scoring card cannot go to the discard"
    return checked(replace(state, pile=tuple(items), discard=state.discard + tuple(rest)))  # type: ignore[arg-type]


def _tile_out_of_bag(state: GameState, wanted: Tile) -> GameState:
    assert wanted in state.bag, f"{wanted} is not in the bag"
    bag = list(state.bag)
    bag.remove(wanted)
    return replace(state, bag=tuple(bag))


def with_market(state: GameState, market: Sequence[Tile | None]) -> GameState:
    """The market becomes ``market`` (tiles from the bag; the old ones go back into it)."""
    state = replace(state, bag=state.bag + tuple(t for t in state.market if t is not None))
    state = replace(state, market=(None,) * 4)
    for wanted in market:
        if wanted is not None:
            state = _tile_out_of_bag(state, wanted)
    return checked(replace(state, market=tuple(market)))


def with_bag(state: GameState, bag: Sequence[Tile]) -> GameState:
    """The bag holds exactly ``bag`` in this order; other bag tiles go to the dummy, or else to
    the last player's reserve (out of play either way)."""
    rest = [t for t in state.bag if t not in bag]
    assert all(t in state.bag for t in bag)
    state = replace(state, bag=tuple(bag))
    if state.dummy is not None:
        state = replace(state, dummy=state.dummy + tuple(rest))
    else:
        last = len(state.players) - 1
        player = state.players[last]
        state = _seat(state, last, replace(player, reserve=player.reserve + tuple(rest)))
    # the tiles out of play were bought over as many turns as that takes at the least (T4)
    number = max(state.turn.number, earliest_turn(state))
    return checked(replace(state, turn=replace(state.turn, number=number)))


def with_dummy(state: GameState, tiles: Sequence[Tile]) -> GameState:
    """The dummy holds exactly ``tiles`` (from the bag; his old ones go back into it)."""
    assert state.dummy is not None
    state = replace(state, bag=state.bag + state.dummy, dummy=())
    for wanted in tiles:
        state = _tile_out_of_bag(state, wanted)
    return checked(replace(state, dummy=tuple(tiles)))


def with_alhambra(state: GameState, seat: int, placed: Iterable[tuple[Cell, Tile]]) -> GameState:
    placed = list(placed)
    for _, wanted in placed:
        state = _tile_out_of_bag(state, wanted)
    player = state.players[seat]
    return checked(_seat(state, seat, replace(player, alhambra=Alhambra.of(placed))))


def with_reserve(state: GameState, seat: int, tiles: Sequence[Tile]) -> GameState:
    for wanted in tiles:
        state = _tile_out_of_bag(state, wanted)
    player = state.players[seat]
    return checked(_seat(state, seat, replace(player, reserve=player.reserve + tuple(tiles))))


def _seat(state: GameState, seat: int, player: object) -> GameState:
    players = list(state.players)
    players[seat] = player  # type: ignore[call-overload]
    return replace(state, players=tuple(players))


def checked(state: GameState) -> GameState:
    problems = inconsistencies(state)
    assert not problems, problems
    return state


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply ``actions`` in order; the events of all of them."""
    events: list[Event] = []
    for action in actions:
        state, happened = apply(state, action)
        events += happened
    return state, events


def of_type(events: Iterable[Event], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]


# --- table mode ------------------------------------------------------------------------------


def new_table_game(players: int, options: Options, rng: random.Random | None = None) -> GameState:
    """A table game set up: every draw of the setup revealed (the first one listed, or one
    chosen by ``rng``), the first turn begun."""
    state = new_game(list(NAMES[:players]), 0, 0, options)
    while to_act(state) is None:
        reveals = legal_actions(state)
        state, _ = apply(state, rng.choice(reveals) if rng else reveals[0])
    return checked(state)


# --- the exchange cards (V2) -----------------------------------------------------------------

EXCHANGE = Options(rules=ruleset({"exchange"}))
DENAR_FLORIN = exchange_card(Currency.DENAR, Currency.FLORIN)
DIRHAM_DUCAT = exchange_card(Currency.DIRHAM, Currency.DUCAT)
DENAR_DIRHAM = exchange_card(Currency.DENAR, Currency.DIRHAM)


def exchange_game(players: int = 3, seed: int = 7) -> GameState:
    return checked(new_game(list(NAMES[:players]), seed, 0, EXCHANGE))


def rulebook_buy(hand: tuple[MoneyCard, ...] = cards("denar 9", "florin 2", "florin 1")):
    """The seeds' example: a building for 10 denars; the player holds a denar-florin card."""
    state = with_market(
        exchange_game(),
        [tile("pavilion", 2), tile("seraglio", 3), tile("tower", 10), tile("garden", 6, "ESW")],
    )
    state = with_hand(state, 0, hand)
    return holding_exchange(state, 0, DENAR_FLORIN)


# --- the vizier (V1) -------------------------------------------------------------------------

VIZIER = Options(rules=ruleset({"vizier"}))

GARDEN_6, SERAGLIO_7 = tile("garden", 6), tile("seraglio", 7)
CHAMBERS_8, ARCADES_9 = tile("chambers", 8), tile("arcades", 9)
"""The market of the vizier scenes: florin 6, dirham 7, denar 8, ducat 9 (slots 1-4)."""


def vizier_scene(hands, viziers=None, start=0, options=VIZIER):
    """A vizier game at the start of ``start``'s turn: the market above, the given hands, the
    viziers face up unless ``viziers`` says otherwise; ``denar 1`` lies face up (taking it
    gives nobody an exact payment in these scenes)."""
    state = new_game(list(NAMES[: len(hands)]), 7, start, options)
    state = with_market(state, [GARDEN_6, SERAGLIO_7, CHAMBERS_8, ARCADES_9])
    state = with_face_up(state, cards("denar 1", "florin 1", "dirham 1", "ducat 1"))
    for seat, hand in enumerate(hands):
        state = with_hand(state, seat, cards(*hand))
    if viziers is not None:
        players = tuple(TOKEN.put(p, Token(v)) for p, v in zip(state.players, viziers, strict=True))
        state = replace(state, players=players)
    return checked(state)


def take_denar(state):
    return TakeMoney(state.turn.player, cards("denar 1"))
