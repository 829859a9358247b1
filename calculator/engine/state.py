"""The game state: every component of a game exactly once, and where the turn stands; and its
conversion to and from the game core.

A :class:`GameState` is frozen: the engine's public face takes one and gives a new one after
each action. It holds the whole game, so a client can keep it, send it back, and the engine (or
another server) carries on from it: nothing lives between requests. The rules run on the game
core (:class:`~calculator.engine.core.Game`, mutable and compact): :func:`to_game` makes the
core of a state and :func:`to_state` the state of a core, once per request or decision.

Digital mode keeps the bag and the money pile in draw order (index 0 is drawn next) and the
seed of every later shuffle (``seed`` and ``shuffles``), so every draw follows from the state
itself. Table mode follows a physical game: the bag and the pile are only known as sets (what
is not anywhere else), kept in catalog order, and the table reveals what was drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from typing import Final, Literal

from msgspec import Struct

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule
from calculator.core.tiles import MARKET_SLOTS, Currency, Tile
from calculator.engine.codes import CARD_CODE, MONEY_CARDS, NO_TILE, TILE_CODE, TILES
from calculator.engine.components import DisplayCard, MoneyCard, ScoringCard
from calculator.engine.core import BASE_GAME, Game, Phase, Ruleset, Seat, card_of
from calculator.engine.hand import Hand
from calculator.engine.layout import Layout
from calculator.engine.parts import NO_PARTS, Parts, frozen_parts

Mode = Literal["digital", "table"]
MODES: Final[tuple[Mode, ...]] = ("digital", "table")


FACE_UP_MONEY: Final[int] = 4
"""T1, T7: four money cards lie face up (four cards in all, with a module's cards among them)."""

MAX_BUYS: Final[int] = len(MARKET_SLOTS)
"""T4: the market is not refilled during a turn, so a turn holds at most four buys."""


class Options(Struct, frozen=True):
    """What a table chose: the mode, the reading of B5, the modules played (their ruleset,
    built from the registry: :func:`calculator.modules.ruleset`) and the tiles a module's
    components show."""

    mode: Mode = "digital"
    hole_rule: HoleRule = "region"
    rules: Ruleset = BASE_GAME
    components: tuple[tuple[str, tuple[Tile, ...]], ...] = ()
    """The tiles a module's components show, as the game names them (``options.components``):
    each member (:attr:`calculator.engine.core.Module.stand_ins`) with its tiles, in the order
    of the members; the stand-ins for a member not named."""

    @property
    def modules(self) -> frozenset[str]:
        """The modules played, by wire name."""
        return self.rules.names

    def component(self, member: str) -> tuple[Tile, ...]:
        """The tiles the game names for ``member`` of ``options.components`` (none if none)."""
        return next((tiles for name, tiles in self.components if name == member), ())


DEFAULT_OPTIONS: Final[Options] = Options()


class Player(Struct, frozen=True):
    name: str
    alhambra: Alhambra = field(default_factory=Alhambra)
    reserve: tuple[Tile, ...] = ()
    hand: tuple[MoneyCard, ...] = ()
    score: int = 0
    parts: Parts = NO_PARTS
    """What the modules give the player (:class:`calculator.engine.parts.Part`)."""


class Award(Struct, frozen=True):
    """T9: a market tile left at the end, given to the player holding most of its currency."""

    player: int
    slot: int
    tile: Tile


class Turn(Struct, frozen=True):
    """Where the turn stands.

    ``player`` is the current player (``None`` only during a table-mode setup, before the
    start player is known); ``number`` counts the turns begun. ``bought`` holds the tiles bought
    this turn (and what a module's action added), waiting for its end (T6); ``extra_action``
    says an exact payment earned another action (T4). ``scoring_due`` lists scoring cards
    revealed during the refill, scored once it is over (T8); ``dummy_draws`` the tiles the dummy
    still has to draw (D2). ``parts``: what the modules keep of the turn, gone with it.
    """

    player: int | None
    phase: Phase
    number: int = 0
    buys: int = 0
    extra_action: bool = False
    bought: tuple[Tile, ...] = ()
    awarded: tuple[Award, ...] = ()
    scoring_due: tuple[int, ...] = ()
    dummy_draws: int = 0
    parts: Parts = NO_PARTS


class GameState(Struct, frozen=True):
    """A game between two actions: frozen, and what the engine takes and gives."""

    options: Options
    seed: int | None
    """Digital mode: the seed of every shuffle; ``None`` in table mode."""
    shuffles: int
    """Digital mode: the shuffles made so far; the next one is seeded from (seed, shuffles)."""
    players: tuple[Player, ...]
    dummy: tuple[Tile, ...] | None
    """D2: the dummy's tiles in a 2-player game, else ``None``."""
    market: tuple[Tile | None, ...]
    """C4: the tile in each market slot, slot 1 first."""
    face_up: tuple[DisplayCard, ...]
    """T1, T7: the face-up money (a module's cards among it, V2)."""
    pile: tuple[DisplayCard | ScoringCard, ...]
    discard: tuple[DisplayCard, ...]
    bag: tuple[Tile, ...]
    rounds_scored: tuple[int, ...]
    turn: Turn
    over: bool = False
    winners: tuple[int, ...] = ()
    parts: Parts = NO_PARTS
    """What the modules keep of the game (:class:`calculator.engine.parts.Part`)."""

    @property
    def digital(self) -> bool:
        return self.options.mode == "digital"

    @property
    def current(self) -> Player:
        """The player whose turn it is."""
        assert self.turn.player is not None
        return self.players[self.turn.player]


def slot_currency(slot: int) -> Currency:
    """C4: the currency of market slot ``slot`` (1-4)."""
    return MARKET_SLOTS[slot - 1]


# --- to and from the game core -----------------------------------------------------------------


def _tiles(tiles: Iterable[Tile]) -> list[int]:
    return [TILE_CODE[tile] for tile in tiles]


def to_seat(player: Player) -> Seat:
    """The core's form of a player."""
    return Seat(
        player.name,
        Layout.of(player.alhambra),
        _tiles(player.reserve),
        Hand(CARD_CODE[card] for card in player.hand),
        player.score,
        dict(player.parts),
    )


def to_game(state: GameState) -> Game:
    """The game core of ``state``: the same game, to play on (it records no events)."""
    options = state.options
    rules = options.rules
    code = rules.card_code
    turn = state.turn
    game = Game.__new__(Game)
    game.rules = rules
    game.options = options
    game.digital = options.mode == "digital"
    game.hole_rule = options.hole_rule
    game.seed = state.seed
    game.shuffles = state.shuffles
    game.seats = [to_seat(player) for player in state.players]
    game.dummy = None if state.dummy is None else _tiles(state.dummy)
    game.market = [NO_TILE if tile is None else TILE_CODE[tile] for tile in state.market]
    game.face_up = [code[card] for card in state.face_up]
    game.pile = [code[card] for card in state.pile]
    game.discard = [code[card] for card in state.discard]
    game.bag = _tiles(state.bag)
    game.rounds_scored = list(state.rounds_scored)
    game.player = turn.player
    game.phase = rules.phase(turn.phase)
    game.number = turn.number
    game.buys = turn.buys
    game.extra_action = turn.extra_action
    game.bought = _tiles(turn.bought)
    game.awarded = [(award.player, award.slot, TILE_CODE[award.tile]) for award in turn.awarded]
    game.scoring_due = list(turn.scoring_due)
    game.dummy_draws = turn.dummy_draws
    game.turn_parts = dict(turn.parts)
    game.over = state.over
    game.winners = state.winners
    game.parts = dict(state.parts)
    game.touched = 0
    game.log = None
    return game


def _frozen_tiles(codes: Iterable[int]) -> tuple[Tile, ...]:
    return tuple(TILES[code] for code in codes)


def to_player(seat: Seat) -> Player:
    """The frozen form of a player of the core."""
    return Player(
        seat.name,
        seat.alhambra.frozen(),
        _frozen_tiles(seat.reserve),
        tuple(MONEY_CARDS[card] for card in seat.hand.cards),
        seat.score,
        frozen_parts(seat.parts),
    )


def to_state(game: Game) -> GameState:
    """The frozen state of a game of the core."""
    rules = game.rules
    cards = rules.cards
    return GameState(
        options=game.options,
        seed=game.seed,
        shuffles=game.shuffles,
        players=tuple(to_player(seat) for seat in game.seats),
        dummy=None if game.dummy is None else _frozen_tiles(game.dummy),
        market=tuple(None if tile == NO_TILE else TILES[tile] for tile in game.market),
        face_up=tuple(card_of(rules, card) for card in game.face_up),
        pile=tuple(cards[card] for card in game.pile),
        discard=tuple(card_of(rules, card) for card in game.discard),
        bag=_frozen_tiles(game.bag),
        rounds_scored=tuple(game.rounds_scored),
        turn=Turn(
            player=game.player,
            phase=game.phase,
            number=game.number,
            buys=game.buys,
            extra_action=game.extra_action,
            bought=_frozen_tiles(game.bought),
            awarded=tuple(Award(p, slot, TILES[tile]) for p, slot, tile in game.awarded),
            scoring_due=tuple(game.scoring_due),
            dummy_draws=game.dummy_draws,
            parts=frozen_parts(game.turn_parts),
        ),
        over=game.over,
        winners=game.winners,
        parts=frozen_parts(game.parts),
    )
