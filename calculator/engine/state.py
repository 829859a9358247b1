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
from typing import Any, Final, Literal, NoReturn

from msgspec import Struct, structs

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule
from calculator.core.tiles import MARKET_SLOTS, Currency, Tile
from calculator.engine.components import DisplayCard, MoneyCard, ScoringCard

Mode = Literal["digital", "table"]
MODES: Final[tuple[Mode, ...]] = ("digital", "table")


class Parts(dict[str, Any]):
    """The parts modules keep of a player, the turn or the game, by module name: each a frozen
    record of the module's (:class:`calculator.engine.parts.Part`), absent while it is empty.
    Frozen and hashable like the records that hold it: a change makes new parts. A mapping, as
    the rules look a part up at nearly every step of a game with modules."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def _frozen(self, *_: object, **__: object) -> NoReturn:
        raise TypeError("parts are frozen: a change makes new parts")

    __setitem__ = __delitem__ = __ior__ = _frozen
    clear = pop = popitem = setdefault = update = _frozen


NO_PARTS: Final[Parts] = Parts()


PLACING: Final[set[str]] = set()
"""The phases in which waiting tiles are placed (T6, T9; a module's, V1), each declared so."""
BOUGHT: Final[set[str]] = set()
"""The phases that place tiles bought (T6; a module's, V1), which may go to the dummy (D4)."""


class Phase(StrEnum):
    """Where the game stands, each phase with the rule that defines it; the value is its wire
    name (``turn.phase`` of the state document). This class declares the base game's phases;
    a module declares its own (V1) in its package, as members of a subclass of
    :class:`ModulePhase`. A ``placing`` phase places waiting tiles (:data:`PLACING`), a
    ``bought`` one tiles bought (:data:`BOUGHT`)."""

    rule: str

    # ``Phase("refill")`` looks a phase up by its wire name; the default only lets the type
    # checker see that call, as every member gives its rule
    def __new__(
        cls, wire_name: str, rule: str = "", placing: bool = False, bought: bool = False
    ) -> Phase:
        phase = str.__new__(cls, wire_name)
        phase._value_ = wire_name
        phase.rule = rule
        if placing or bought:
            PLACING.add(wire_name)
        if bought:
            BOUGHT.add(wire_name)
        return phase

    @staticmethod
    def named(wire_name: str) -> Phase:
        """The phase of wire name ``wire_name``, the base game's or a module's
        (:class:`ValueError` when there is none)."""
        kinds: tuple[type[Phase], ...] = (BasePhase, *ModulePhase.__subclasses__())
        for kind in kinds:
            if wire_name in kind._value2member_map_:
                return kind(wire_name)
        raise ValueError(f"there is no phase {wire_name!r}")

    @staticmethod
    def every() -> tuple[Phase, ...]:
        """Every phase: the base game's, then the modules' in the order they are imported."""
        return (*BasePhase, *(phase for kind in ModulePhase.__subclasses__() for phase in kind))


class BasePhase(Phase):
    """The base game's phases."""

    SETUP = ("setup", "T1")
    """Automatic (T1, D2); a state rests here only in table mode, waiting for a reveal."""
    ACTION = ("action", "T2")
    """The current player chooses an action (T2), or another after an exact payment (T4)."""
    PLACEMENT = ("placement", "T6", True, True)
    """The current player places the tiles bought this turn, and what a module added (T6)."""
    REFILL = ("refill", "T7")
    """Automatic (T7-T9); a state rests here only in table mode, waiting for a reveal."""
    FINAL_PLACEMENT = ("final_placement", "T9", True)
    """Players place the market tiles awarded at the end of the game (T9)."""
    OVER = ("over", "T9")
    """The final round is scored and the winners are known (T9, M6)."""


class ModulePhase(Phase):
    """The phases of a module: each module declares its own subclass, in its package."""


# The base game's phases as constants too, for the rules that run at every action: on Python
# 3.11 a member looked up on its enum class goes through the metaclass's __getattr__ hook, four
# times slower than a global.
SETUP, ACTION, PLACEMENT, REFILL, FINAL_PLACEMENT, OVER = (
    BasePhase.SETUP, BasePhase.ACTION, BasePhase.PLACEMENT, BasePhase.REFILL,
    BasePhase.FINAL_PLACEMENT, BasePhase.OVER,
)  # fmt: skip

FACE_UP_MONEY: Final[int] = 4
"""T1, T7: four money cards lie face up (four cards in all, with a module's cards among them)."""

MAX_BUYS: Final[int] = len(MARKET_SLOTS)
"""T4: the market is not refilled during a turn, so a turn holds at most four buys."""


class Options(Struct, frozen=True):
    mode: Mode = "digital"
    hole_rule: HoleRule = "region"
    modules: frozenset[str] = frozenset()
    """The modules played, by wire name (:data:`calculator.modules.NAMES`)."""
    components: tuple[tuple[str, tuple[Tile, ...]], ...] = ()
    """The tiles a module's components show, as the game names them (``options.components``):
    each member (:attr:`calculator.engine.hooks.Module.stand_ins`) with its tiles, in the order
    of the members; the stand-ins for a member not named."""

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
