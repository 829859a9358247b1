"""The game state: every component of a game exactly once, and where the turn stands.

A :class:`GameState` is frozen; the engine returns a new one after each action. It holds the
whole game, so a client can keep it, send it back, and the engine (or another server) carries
on from it: nothing lives between requests.

Digital mode keeps the bag and the money pile in draw order (index 0 is drawn next) and the
seed of every later shuffle (``seed`` and ``shuffles``), so every draw follows from the state
itself. Table mode follows a physical game: the bag and the pile are only known as sets (what
is not anywhere else), kept in catalog order, and the table reveals what was drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from enum import StrEnum
from typing import Final, Literal

from msgspec import Struct, structs

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule
from calculator.core.tiles import MARKET_SLOTS, Currency, Tile
from calculator.engine.components import DisplayCard, ExchangeCard, MoneyCard, ScoringCard

Mode = Literal["digital", "table"]
MODES: Final[tuple[Mode, ...]] = ("digital", "table")


class Phase(StrEnum):
    """Where the game stands, each phase with the rule that defines it; the value is its wire
    name (``turn.phase`` of the state document)."""

    rule: str

    # ``Phase("refill")`` looks a phase up by its wire name; the default only lets the type
    # checker see that call, as every member below gives its rule
    def __new__(cls, wire_name: str, rule: str = "") -> Phase:
        phase = str.__new__(cls, wire_name)
        phase._value_ = wire_name
        phase.rule = rule
        return phase

    SETUP = ("setup", "T1")
    """Automatic (T1, D2); a state rests here only in table mode, waiting for a reveal."""
    ACTION = ("action", "T2")
    """The current player chooses an action (T2), or another after an exact payment (T4)."""
    PLACEMENT = ("placement", "T6")
    """The current player places the tiles bought this turn and the hut taken (T6, V4)."""
    REFILL = ("refill", "T7")
    """Automatic (T7-T9); a state rests here only in table mode, waiting for a reveal."""
    FINAL_PLACEMENT = ("final_placement", "T9")
    """Players place the market tiles awarded at the end of the game (T9)."""
    OVER = ("over", "T9")
    """The final round is scored and the winners are known (T9, M6)."""
    VIZIER = ("vizier", "V1")
    """Between two turns, a player with an active vizier is offered an exact purchase (V1)."""
    VIZIER_PLACEMENT = ("vizier_placement", "V1")
    """The player who used the vizier places the tile so bought (V1, T6)."""


# The base game's phases as constants too, for the rules that run at every action: on Python
# 3.11 a member looked up on its enum class goes through the metaclass's __getattr__ hook, four
# times slower than a global.
SETUP, ACTION, PLACEMENT, REFILL, FINAL_PLACEMENT, OVER = (
    Phase.SETUP, Phase.ACTION, Phase.PLACEMENT, Phase.REFILL, Phase.FINAL_PLACEMENT, Phase.OVER,
)  # fmt: skip

PLACING: Final[frozenset[Phase]] = frozenset(
    {Phase.PLACEMENT, Phase.VIZIER_PLACEMENT, Phase.FINAL_PLACEMENT}
)
"""The phases in which waiting tiles are placed: bought ones (T6, V1) and awards (T9)."""
BOUGHT: Final[frozenset[Phase]] = frozenset({Phase.PLACEMENT, Phase.VIZIER_PLACEMENT})
"""The phases that place bought tiles (T6, V1), which may go to the dummy (D4)."""

FACE_UP_MONEY: Final[int] = 4
"""T1, T7: four money cards lie face up (V2: four cards in all, money or exchange cards)."""

MAX_BUYS: Final[int] = len(MARKET_SLOTS)
"""T4: the market is not refilled during a turn, so a turn holds at most four buys."""


class Options(Struct, frozen=True):
    mode: Mode = "digital"
    hole_rule: HoleRule = "region"
    modules: frozenset[str] = frozenset()
    """The modules played, by wire name (:data:`calculator.modules.NAMES`)."""
    bonus_cards: tuple[Tile, ...] = ()
    """V3: the 10 bonus cards in play (the tiles they depict), with the "bonus" module."""
    huts: tuple[Tile, ...] = ()
    """V4: the 24 worker huts in play, with the "huts" module."""


DEFAULT_OPTIONS: Final[Options] = Options()


class Player(Struct, frozen=True):
    name: str
    alhambra: Alhambra = field(default_factory=Alhambra)
    reserve: tuple[Tile, ...] = ()
    hand: tuple[MoneyCard, ...] = ()
    score: int = 0
    bonus_cards: tuple[Tile, ...] = ()
    """V3: the player's face-up bonus cards (each depicts one building tile)."""
    bonus_hand: tuple[Tile, ...] = ()
    """V3: the player's bonus cards not (or no longer) laid, face down."""
    vizier: bool | None = None
    """V1: the vizier token, ``True`` face up (active); ``None`` without the module."""
    exchange_cards: tuple[ExchangeCard, ...] = ()
    """V2: the exchange cards in the player's hand (``hand`` holds the money)."""


class Award(Struct, frozen=True):
    """T9: a market tile left at the end, given to the player holding most of its currency."""

    player: int
    slot: int
    tile: Tile


class Turn(Struct, frozen=True):
    """Where the turn stands.

    ``player`` is the current player (``None`` only during a table-mode setup, before the
    start player is known); ``number`` counts the turns begun. ``bought`` holds the tiles bought
    this turn (V4: and the hut taken), waiting for its end (T6); ``extra_action`` says an exact
    payment earned another action (T4). ``scoring_due`` lists scoring cards revealed during the
    refill, scored once it is over (T8); ``dummy_draws`` the tiles the dummy still has to draw
    (D2).
    ``vizier_asked`` lists, in order, the seats asked about their vizier since the turn's
    refill (V1); in phase ``vizier_placement`` the last of them bought and places the tile.
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
    vizier_asked: tuple[int, ...] = ()


class Game(Struct):
    """The fields of a game, declared once: what the rules read of a :class:`GameState` or of
    the :class:`Draft` an action changes. Only its two kinds are ever made; they differ in the
    three fields most actions change, tuples in a state and lists in a draft."""

    options: Options
    seed: int | None
    """Digital mode: the seed of every shuffle; ``None`` in table mode."""
    shuffles: int
    """Digital mode: the shuffles made so far; the next one is seeded from (seed, shuffles)."""
    players: Sequence[Player]
    dummy: tuple[Tile, ...] | None
    """D2: the dummy's tiles in a 2-player game, else ``None``."""
    market: Sequence[Tile | None]
    """C4: the tile in each market slot, slot 1 first."""
    face_up: Sequence[DisplayCard]
    """T1, T7: the face-up money (V2: exchange cards among it)."""
    pile: tuple[DisplayCard | ScoringCard, ...]
    discard: tuple[DisplayCard, ...]
    bag: tuple[Tile, ...]
    rounds_scored: tuple[int, ...]
    turn: Turn
    over: bool = False
    winners: tuple[int, ...] = ()
    bonus_aside: tuple[Tile, ...] = ()
    """V3: the bonus cards not dealt: before the deal (a setup step) the deck, in digital mode
    shuffled (the top card first), then the cards set aside unseen. Table mode knows them as a
    set, what no player was dealt, kept in the game's order like the bag."""
    hut_stacks: tuple[tuple[Tile, ...], ...] = ()
    """V4: the six stacks of huts, one per colour in the order of BUILDINGS, top first. In
    table mode only the top hut is known: the rest of a stack is kept in the game's order."""
    hidden_tops: tuple[int, ...] = ()
    """V4, table mode: the stacks (indexes in ``hut_stacks``) whose top hut the table has yet
    to reveal, first to be revealed first; the whole stack is then in the game's order."""

    @property
    def digital(self) -> bool:
        return self.options.mode == "digital"

    @property
    def current(self) -> Player:
        """The player whose turn it is."""
        assert self.turn.player is not None
        return self.players[self.turn.player]


# mypy's dataclass rule refuses a frozen subclass of a mutable base; msgspec supports it, and
# it is what lets the fields be declared once, in Game
class GameState(Game, frozen=True):  # type: ignore[misc]
    """A game between two actions: frozen, and what the engine takes and gives."""

    players: tuple[Player, ...]
    market: tuple[Tile | None, ...]
    face_up: tuple[DisplayCard, ...]


class Draft(Game):
    """A game being changed: the working copy :func:`~calculator.engine.game.apply` makes of a
    state, changes in place and freezes into the next state (the pattern of immer's
    ``produce``). Nothing outside one call of ``apply`` ever sees it, so a refused action
    leaves no trace; the rules change it in place instead of building a new frozen state at
    every step of a turn.

    The players, the market and the face-up money, changed by most actions, are lists; the
    other fields are shared with the state, tuples that a rule replaces when it changes them
    (a draw leaves the bag or the pile less its top)."""

    players: list[Player]
    market: list[Tile | None]
    face_up: list[DisplayCard]

    @classmethod
    def of(cls, state: GameState) -> Draft:
        return cls(
            **{
                **structs.asdict(state),
                "players": list(state.players),
                "market": list(state.market),
                "face_up": list(state.face_up),
            }
        )

    def frozen(self) -> GameState:
        return GameState(
            **{
                **structs.asdict(self),
                "players": tuple(self.players),
                "market": tuple(self.market),
                "face_up": tuple(self.face_up),
            }
        )


def slot_currency(slot: int) -> Currency:
    """C4: the currency of market slot ``slot`` (1-4)."""
    return MARKET_SLOTS[slot - 1]
