"""The game core: a game in play, compact and mutable (:class:`Game`), and the ruleset it is
played by (:class:`Ruleset`: the base game and the hooks of the modules played, each declared
in one :class:`Module` record).

A :class:`Game` is what the rules of a turn (:mod:`calculator.engine.turn`) read and change in
place: tiles and money cards as small integers (:mod:`calculator.engine.codes`), each player's
Alhambra as masks kept up to date (:class:`~calculator.engine.layout.Layout`), each hand's
values packed per currency (:class:`~calculator.engine.hand.Hand`), the turn's fields on the
game itself. The frozen :class:`~calculator.engine.state.GameState` is the engine's public face;
a state becomes a game and a game a state at the boundary (:mod:`calculator.engine.state`),
once per request or decision. A search copies a game cheaply (:meth:`Game.copy`) and plays on
the copy; a game records its events only while asked to (``log``).

A move is a cheap description of an action: a tuple whose first item is its :class:`Kind`, the
second the seat that plays it. The kind carries it out (``play``, trusted: the listings made
it) and writes it as the public :class:`~calculator.engine.actions.Action` (``record``).

The ruleset is a value, built once at the edge from the registry of modules
(:func:`calculator.modules.ruleset`): the engine never looks a module up. It holds the modules
played (their hooks run, in the order given) and every module the registry knows, whose words
a state or an action may use and whose refusals a game without them still gives (an action of
a module the game is played without reaches that module, which refuses it). A module's hooks
are each optional (the model is boardgame.io's plugins and phases declared as configuration).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from calculator.core.building import HoleRule
from calculator.core.module_scoring import ScoringModule, tally
from calculator.core.text import Text
from calculator.core.tiles import Tile
from calculator.engine.actions import Action, ModuleAction
from calculator.engine.codes import FIRST_MODULE_CARD, MONEY_CARDS, SCORING_CARDS
from calculator.engine.components import DisplayCard, ModuleCard, ScoringCard
from calculator.engine.errors import Path
from calculator.engine.events import Event, ModuleEvent
from calculator.engine.hand import Hand
from calculator.engine.layout import Layout
from calculator.engine.parts import Part


@mypyc_attr(native_class=False)  # a str (mypyc compiles no subclass of str)
class Phase(str):
    """Where the game stands: its wire name (``turn.phase`` of the state document), the rule that
    defines it, and whether it places waiting tiles (``placing``) or tiles bought (``bought``,
    which may go to the dummy, D4), or has steps the engine runs itself (``automatic``: the
    base game's setup, refill and end). The base game's phases are declared below; a module
    declares its own in its package and lists them in its :attr:`Module.phases`."""

    rule: str
    placing: bool
    bought: bool
    automatic: bool

    def __new__(
        cls,
        name: str,
        rule: str,
        *,
        placing: bool = False,
        bought: bool = False,
        automatic: bool = False,
    ) -> Phase:
        phase = str.__new__(cls, name)
        phase.rule = rule
        phase.placing = placing or bought
        phase.bought = bought
        phase.automatic = automatic
        return phase

    def __reduce__(self) -> tuple[Any, ...]:
        return _phase, (str(self), self.rule, self.placing, self.bought, self.automatic)


def _phase(name: str, rule: str, placing: bool, bought: bool, automatic: bool) -> Phase:
    return Phase(name, rule, placing=placing, bought=bought, automatic=automatic)


SETUP: Final = Phase("setup", "T1", automatic=True)
"""Automatic (T1, D2); a state rests here only in table mode, waiting for a reveal."""
ACTION: Final = Phase("action", "T2")
"""The current player chooses an action (T2), or another after an exact payment (T4)."""
PLACEMENT: Final = Phase("placement", "T6", bought=True)
"""The current player places the tiles bought this turn, and what a module added (T6)."""
REFILL: Final = Phase("refill", "T7", automatic=True)
"""Automatic (T7-T9); a state rests here only in table mode, waiting for a reveal."""
FINAL_PLACEMENT: Final = Phase("final_placement", "T9", placing=True, automatic=True)
"""Players place the market tiles awarded at the end of the game (T9), then round 3 is
scored."""
OVER: Final = Phase("over", "T9")
"""The final round is scored and the winners are known (T9, M6)."""
BASE_PHASES: Final[tuple[Phase, ...]] = (SETUP, ACTION, PLACEMENT, REFILL, FINAL_PLACEMENT, OVER)


class Seat:
    """A player in the game core: name, Alhambra (:class:`Layout`), reserve (tile codes), money
    (:class:`Hand`), score, and the modules' parts (by module name, changed in place)."""

    __slots__ = ("alhambra", "hand", "name", "parts", "reserve", "score")

    def __init__(
        self,
        name: str,
        alhambra: Layout,
        reserve: list[int],
        hand: Hand,
        score: int = 0,
        parts: dict[str, Any] | None = None,
    ) -> None:
        self.name = name
        self.alhambra = alhambra
        self.reserve = reserve
        self.hand = hand
        self.score = score
        self.parts: dict[str, Any] = {} if parts is None else parts

    def copy(self) -> Seat:
        return Seat(
            self.name,
            self.alhambra.copy(),
            self.reserve.copy(),
            self.hand.copy(),
            self.score,
            self.parts.copy(),
        )


Award = tuple[int, int, int]
"""T9: a market tile left at the end given to a player: (seat, slot, tile code)."""


class Game:
    """A game in play, changed in place by the rules of a turn.

    Cards and tiles are codes (:mod:`calculator.engine.codes`; a module's cards among the money
    are numbered by the ruleset, :attr:`Ruleset.cards`). The bag and the money pile are lists in
    draw order (index 0 is drawn next; in table mode only known as sets, in the state's order),
    the market a tile code per slot (:data:`~calculator.engine.codes.NO_TILE` when empty). The
    turn's fields are the game's own: ``player``, ``phase``, ``number``, ``buys``,
    ``extra_action``, ``bought``, ``awarded``, ``scoring_due``, ``dummy_draws`` and the modules'
    parts of the turn (``turn_parts``). ``touched`` has a bit per seat whose Alhambra changed
    since the modules last looked (:attr:`Module.after_action`); ``log`` collects the events
    while a caller wants them (``None``: nobody does)."""

    __slots__ = (
        "awarded",
        "bag",
        "bought",
        "buys",
        "digital",
        "discard",
        "dummy",
        "dummy_draws",
        "extra_action",
        "face_up",
        "hole_rule",
        "log",
        "market",
        "number",
        "options",
        "over",
        "parts",
        "phase",
        "pile",
        "player",
        "rounds_scored",
        "rules",
        "scoring_due",
        "seats",
        "seed",
        "shuffles",
        "touched",
        "turn_parts",
        "winners",
    )

    rules: Ruleset
    options: Any
    """The game's :class:`~calculator.engine.state.Options`, as its state holds them."""
    digital: bool
    hole_rule: HoleRule
    seed: int | None
    shuffles: int
    seats: list[Seat]
    dummy: list[int] | None
    market: list[int]
    face_up: list[int]
    pile: list[int]
    discard: list[int]
    bag: list[int]
    rounds_scored: list[int]
    player: int | None
    phase: Phase
    number: int
    buys: int
    extra_action: bool
    bought: list[int]
    awarded: list[Award]
    scoring_due: list[int]
    dummy_draws: int
    turn_parts: dict[str, Any]
    over: bool
    winners: tuple[int, ...]
    parts: dict[str, Any]
    touched: int
    log: list[Event] | None

    def copy(self) -> Game:
        """An independent copy to play on (a search's), recording no events."""
        copied = Game.__new__(Game)
        copied.rules = self.rules
        copied.options = self.options
        copied.digital = self.digital
        copied.hole_rule = self.hole_rule
        copied.seed = self.seed
        copied.shuffles = self.shuffles
        copied.seats = [seat.copy() for seat in self.seats]
        copied.dummy = None if self.dummy is None else self.dummy.copy()
        copied.market = self.market.copy()
        copied.face_up = self.face_up.copy()
        copied.pile = self.pile.copy()
        copied.discard = self.discard.copy()
        copied.bag = self.bag.copy()
        copied.rounds_scored = self.rounds_scored.copy()
        copied.player = self.player
        copied.phase = self.phase
        copied.number = self.number
        copied.buys = self.buys
        copied.extra_action = self.extra_action
        copied.bought = self.bought.copy()
        copied.awarded = self.awarded.copy()
        copied.scoring_due = self.scoring_due.copy()
        copied.dummy_draws = self.dummy_draws
        copied.turn_parts = self.turn_parts.copy()
        copied.over = self.over
        copied.winners = self.winners
        copied.parts = self.parts.copy()
        copied.touched = self.touched
        copied.log = None
        return copied

    def record(self, event: Event) -> None:
        """Report ``event`` to whoever collects the events (if anybody does)."""
        if self.log is not None:
            self.log.append(event)

    def set_turn(self, player: int | None, phase: Phase, number: int) -> None:
        """The turn's fields as turn ``number`` of ``player`` in ``phase`` begins: nothing
        bought, waiting or due, no part of the modules."""
        self.player = player
        self.phase = phase
        self.number = number
        self.buys = 0
        self.extra_action = False
        self.bought = []
        self.awarded = []
        self.scoring_due = []
        self.dummy_draws = 0
        self.turn_parts = {}


# --- moves and draws ---------------------------------------------------------------------------

Move = tuple[Any, ...]
"""An action as the core lists and plays it: ``(kind, seat, *arguments)``."""


class Kind:
    """A kind of move: how it is carried out on a game (``play``: trusted, the move was listed,
    or checked by :func:`calculator.engine.game.advance`) and written as the public action
    (``record``)."""

    __slots__ = ("name", "play", "record")

    def __init__(
        self,
        name: str,
        play: Callable[[Game, Move], None],
        record: Callable[[Game, Move], Action],
    ) -> None:
        self.name = name
        self.play = play
        self.record = record

    def __repr__(self) -> str:
        return f"<move {self.name}>"


Step = Callable[[Game], None]
"""An automatic step that needs no draw (score a round, start the next turn...)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a module's own sources
class Source(ABC):
    """Where a draw comes from: the bag, the money pile (:mod:`calculator.engine.turn.draws`) or a
    module's own (V3, V4), and how a table reveals what was drawn from it. ``rule`` is the rule
    of its draws, ``drawn`` the item as a refusal names it, ``holder`` the source itself."""

    rule: ClassVar[str] = ""
    drawn: ClassVar[Text] = Text("api.draw.item")
    holder: ClassVar[Text] = Text("api.draw.source")
    reveals: ClassVar[tuple[type, ...]] = ()
    """The kinds of reveal that name an item of this source."""

    @abstractmethod
    def held(self, game: Game) -> Sequence[Any]:
        """What the source holds, the item drawn next first (digital mode)."""

    @abstractmethod
    def top(self, game: Game) -> Any:
        """Digital mode: take the item drawn next out of the source and give it."""

    @abstractmethod
    def take(self, game: Game, item: Any) -> None:
        """Table mode: take ``item``, the one the table revealed, out of the source."""

    def drawable(self, game: Game) -> list[Any]:
        """Table mode: what the next draw can bring, each kind once, in the state's order."""
        return list(dict.fromkeys(self.held(game)))

    @abstractmethod
    def item(self, game: Game, reveal: Action) -> Any:
        """The item a reveal of this source names."""

    @abstractmethod
    def reveal(self, game: Game, item: Any) -> Action:
        """The reveal that names ``item``."""


Receive = Callable[[Game, Any], None]
"""Puts a drawn item where it goes (a market slot, the face-up money, a hand...)."""


class Draw:
    """An automatic step that needs one item from ``source``; ``receive`` puts it in place. In
    digital mode the engine draws the top item; in table mode it waits for the table's reveal."""

    __slots__ = ("receive", "source")

    def __init__(self, source: Source, receive: Receive) -> None:
        self.source = source
        self.receive = receive


# --- the hooks a module fills ------------------------------------------------------------------

Lister = Callable[[Game], Sequence[Move]]
"""Lists some of the legal moves now."""
Check = Callable[[Game, Any], Move]
"""Checks an action against the rules (raising the refusal, :class:`ActionRefused`) and gives
the move that carries it out."""


@mypyc_attr(native_class=False)  # pickled as a dataclass is (arena workers)
@dataclass(frozen=True, slots=True)
class Claim:
    """The module checks and carries out actions of ``kind`` (those ``when`` accepts, if given)
    instead of the base. ``turn_action``: the kind is one of a turn's actions (T2); when it is
    not (a decision of the module's own phase, which its phase rules decide), ``check`` refuses
    it wherever the game stands, the placement of a turn's tiles included."""

    kind: type
    check: Check
    when: Callable[[Any], bool] | None = None
    turn_action: bool = True


@mypyc_attr(native_class=False)  # pickled as a dataclass is (arena workers)
@dataclass(frozen=True, slots=True)
class PhaseRules:
    """A phase the module brings (a :class:`Phase` of its own): who decides in it, what they
    may do and how. A placing phase lists and checks the base's placements, then calls
    ``placed`` once the last waiting tile is placed."""

    to_act: Callable[[Game], int | None]
    legal: Lister | None = None
    decide: Check | None = None
    """Checks a decision of the phase and gives its move."""
    placed: Step | None = None
    random_choice: Callable[[Game, random.Random], Move] | None = None
    """How the random player decides in this phase (else uniformly among the legal moves)."""
    playout_choice: Callable[[Game, random.Random], Move] | None = None
    """How a search's playouts decide in this phase (else as the random player)."""
    who_acts: Text | None = None
    """Added to the refusal of a seat that is not the one to act, to say who is."""


@mypyc_attr(native_class=False)  # pickled as a dataclass is (arena workers)
@dataclass(frozen=True, slots=True)
class PileCards:
    """Cards the module shuffles into the money piles at setup (T1): ``per_pile`` of ``cards``
    (shuffled) into each of ``piles`` (counted from 1), each at a random place."""

    cards: tuple[ModuleCard, ...]
    piles: tuple[int, ...]
    per_pile: int


RandomKind = tuple[str, int, tuple[Lister, ...]]
"""A kind of turn action for the random player: its name, its weight, the listings of its
ways. A kind the base already has (``"take money"``, ``"buy"``) gains the module's ways."""

Payments = Callable[
    [Seat, Sequence[int]], Iterable[tuple[int, ModuleCard, tuple[tuple[int, ...], ...]]]
]
"""Further ways a player may pay for the tiles of a market (tile codes, slot 1 first): each
the slot, the module's card that allows it, and the payments (money codes, canonical) it
allows."""

Problems = list[tuple[Path, Text]]
"""Why a state cannot be one of a game: each with where in the state document (a path)."""


@mypyc_attr(native_class=False)  # pickled as a dataclass is (arena workers)
@dataclass(frozen=True, slots=True)
class Records:
    """The module's words, each declared once in its package (its ``records``): its actions,
    events and cards (each with its wire name), and its parts of a player, of the turn and of
    the game. The codecs of the state document, the actions and the events follow from them
    (:mod:`calculator.api.game_document`); its reveals are those of its draw sources."""

    actions: tuple[type[ModuleAction], ...] = ()
    events: tuple[type[ModuleEvent], ...] = ()
    cards: tuple[type[ModuleCard], ...] = ()
    """Its cards among the money (:attr:`Module.pile_cards`), each with its wire member."""
    player: Part[Any] | None = None
    turn: Part[Any] | None = None
    game: Part[Any] | None = None


@mypyc_attr(native_class=False)  # pickled as a dataclass is (arena workers)
@dataclass(frozen=True, slots=True)
class Module:
    """One module: its wire name, its rule id, and the hooks it fills (each optional)."""

    name: str
    rule: str
    records: Records = field(default_factory=Records)
    set_up: Step | None = None
    """Setup before any draw: the module's components laid out (T1)."""
    setup_draw: Callable[[Game], Draw | None] | None = None
    """A draw of the setup that comes before the money is dealt."""
    pile_cards: PileCards | None = None
    first_step: Callable[[Game], Draw | None] | None = None
    """A draw of the module's that the table reveals before anything else, whatever the phase
    (table mode: a digital game knows what it draws at once, so it never waits for one)."""
    between_turns: Callable[[Game], Step | None] | None = None
    """A step between a turn's refill and the next turn."""
    after_action: Step | None = None
    """Run once after every action, before the automatic steps."""
    turn_actions: Lister | None = None
    """Moves the module adds to those of a turn (T2)."""
    claims: tuple[Claim, ...] = ()
    phases: Mapping[Phase, PhaseRules] = field(default_factory=dict)
    """Its phases (declared with their rule ids in its records) and their rules."""
    draw_sources: tuple[Source, ...] = ()
    payments: Payments | None = None
    pays_exactly: Callable[[Seat, Sequence[int]], bool] | None = None
    """Whether a player can pay a tile of a market (tile codes, slot 1 first) exactly, some of
    the ways ``payments`` allows among them (V1 asks it of every player between two turns)."""
    usable: Callable[[Game], bool] | None = None
    """Whether ``payments`` and ``pays_exactly`` may be used now."""
    random_kinds: tuple[RandomKind, ...] = ()
    counted: Callable[[Mapping[str, Any]], tuple[Tile, ...]] | None = None
    """Cards of a player's (given the player's parts) that count as one more building of the
    tile they depict, in a scoring round and wherever the majorities are weighed (V3); called
    for every registered module where a described table is scored."""
    information: Callable[[Game, int], None] | None = None
    """What a seat knows of the module's parts: every order the seat cannot see sorted and
    every holding it cannot see pooled, in place (:mod:`calculator.engine.players.
    information`)."""
    deal_unseen: Callable[[Game, int, random.Random], None] | None = None
    """What the module deals face down to the other players, dealt again at random, agreeing
    with what the seat knows (a search's determinisation: after the other players' money,
    before the draw piles)."""
    shuffle_unseen: Callable[[Game, int, random.Random], None] | None = None
    """The module's piles whose order the seat cannot see, shuffled again (after the bag and
    the money pile)."""
    at_table: Callable[[Game], None] | None = None
    """A table-mode game built from what lies on a table (the position editor): the module's
    parts completed in place with its pieces nobody sees there, pooled where the module keeps
    them, as :attr:`information` pools them (its cards in the money pile, its cards set aside,
    its stacks below their tops)."""
    stand_ins: Mapping[str, tuple[Tile, ...]] = field(default_factory=dict)
    """Components not in our sources, stood in for by our own choice and published as such in
    the catalog, by the name of their ``options.components`` member (V3, V4)."""
    stood_in_for: Text | None = None
    """What the stand-ins stand for, as the catalog's note names it."""
    given_components: Callable[[Mapping[str, Any]], list[tuple[str, Text]]] | None = None
    """Why the components a new game names (``options.components``, as sent) cannot be the
    module's: each member at fault with the message."""
    catalog: Mapping[str, object] = field(default_factory=dict)
    """What the module adds to the catalog (``GET /v1/catalog``), as JSON values."""
    listed_items: tuple[str, ...] = ()
    """The module's list members whose items the catalogs name, for a refusal's wording
    (:mod:`calculator.api.explanation`: ``api.item.<member>``, ``api.items.<member>``)."""
    table_inconsistencies: Callable[[Sequence[Seat], Sequence[DisplayCard]], Problems] | None = None
    """Why the players and face-up money of a described table (``POST /v1/table``) cannot be
    those of a game; called for every registered module, as a table may show any."""
    inconsistencies: Callable[[Game], Problems] | None = None
    """Why a game (a state, as the core holds it) cannot be one of a game with (or, as it holds
    the module's pieces, without) the module; called for every registered module."""
    scoring: ScoringModule | None = None
    """What it adds to a scoring round (:class:`~calculator.core.module_scoring.
    ScoringModule`)."""


# --- the ruleset -------------------------------------------------------------------------------


class Ruleset:
    """The rules of a game: the base game and the modules played (``played``, whose hooks run
    in the order given), among every module known (``known``: their words, phases, sources and
    claims). Built once at the edge from the registry; equal rulesets play the same modules.

    The cards the known modules add to the money (V2) are numbered here, after the money and
    the scoring cards (:attr:`cards`, :attr:`card_code`)."""

    __slots__ = (
        "after_action",
        "between_turns",
        "card_code",
        "cards",
        "claims",
        "counted",
        "deal_unseen",
        "first_step",
        "information",
        "known",
        "names",
        "payments",
        "pays_exactly",
        "phase_rules",
        "phases",
        "pile_cards",
        "played",
        "random_kinds",
        "scoring",
        "setup_draw",
        "shuffle_unseen",
        "source_of_reveal",
        "turn_actions",
    )

    def __init__(self, known: Sequence[Module] = (), names: Iterable[str] = ()) -> None:
        self.names: frozenset[str] = frozenset(names)
        unknown = self.names - {module.name for module in known}
        if unknown:
            raise ValueError(f"no module is named {', '.join(sorted(unknown))}")
        self.known: tuple[Module, ...] = tuple(known)
        played = tuple(module for module in known if module.name in self.names)
        self.played = played
        self.first_step = tuple(m.first_step for m in played if m.first_step)
        self.setup_draw = tuple(m.setup_draw for m in played if m.setup_draw)
        self.between_turns = tuple(m.between_turns for m in played if m.between_turns)
        self.after_action = tuple(m.after_action for m in played if m.after_action)
        self.turn_actions = tuple(m.turn_actions for m in played if m.turn_actions)
        self.pile_cards = tuple(m.pile_cards for m in played if m.pile_cards)
        self.payments = tuple((m.payments, m.usable) for m in played if m.payments)
        self.pays_exactly = tuple((m.pays_exactly, m.usable) for m in played if m.pays_exactly)
        self.counted = tuple(m.counted for m in played if m.counted)
        self.information = tuple(m.information for m in played if m.information)
        self.deal_unseen = tuple(m.deal_unseen for m in played if m.deal_unseen)
        self.shuffle_unseen = tuple(m.shuffle_unseen for m in played if m.shuffle_unseen)
        self.random_kinds = tuple(kind for m in played for kind in m.random_kinds)
        self.scoring = tuple(m.scoring for m in played if m.scoring is not None)
        self.phase_rules: dict[Phase, PhaseRules] = {
            phase: rules for m in known for phase, rules in m.phases.items()
        }
        self.phases: dict[str, Phase] = {
            str(phase): phase for phase in (*BASE_PHASES, *self.phase_rules)
        }
        self.claims: dict[type, tuple[Claim, ...]] = {}
        for module in known:
            for claim in module.claims:
                self.claims[claim.kind] = (*self.claims.get(claim.kind, ()), claim)
        self.source_of_reveal: dict[type, Source] = {
            kind: source for m in known for source in m.draw_sources for kind in source.reveals
        }
        module_cards = [card for m in known if m.pile_cards for card in m.pile_cards.cards]
        self.cards: tuple[DisplayCard | ScoringCard, ...] = (
            *MONEY_CARDS,
            *SCORING_CARDS,
            *module_cards,
        )
        self.card_code: dict[DisplayCard | ScoringCard, int] = {
            card: code for code, card in enumerate(self.cards)
        }
        assert len(self.cards) == FIRST_MODULE_CARD + len(module_cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ruleset) and other.names == self.names

    def __hash__(self) -> int:
        return hash(self.names)

    def __repr__(self) -> str:
        return f"Ruleset({sorted(self.names)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Ruleset, (self.known, self.names)

    def phase(self, name: str) -> Phase:
        """The phase of wire name ``name``, the base game's or a known module's
        (:class:`ValueError` when there is none)."""
        try:
            return self.phases[name]
        except KeyError:
            raise ValueError(f"there is no phase {name!r}") from None

    def claim(self, action: object) -> Claim | None:
        """The claim of the known module that checks ``action`` instead of the base, if one
        does."""
        for claim in self.claims.get(type(action), ()):
            if claim.when is None or claim.when(action):
                return claim
        return None

    def counts(self, alhambra: Layout, parts: Mapping[str, Any]) -> list[int]:
        """M1, V3, V4: a player's buildings of each type (in ``BUILDINGS``' order) as majority
        scoring sees them: the Alhambra's, with what the modules played add from its tiles and
        from the cards the player's ``parts`` hold."""
        if not self.scoring:
            return alhambra.counts
        cards = tuple(card for count in self.counted for card in count(parts))
        return alhambra.tallied(cards, lambda tiles: tally(tiles, cards, self.scoring).counts)


BASE_GAME: Final[Ruleset] = Ruleset()
"""The base game, knowing no module."""


def card_of(rules: Ruleset, code: int) -> DisplayCard:
    """The card a code of the money (face up, in a hand or discarded) stands for."""
    card = rules.cards[code]
    assert not isinstance(card, ScoringCard)
    return card


__all__ = [
    "ACTION",
    "BASE_GAME",
    "BASE_PHASES",
    "FINAL_PLACEMENT",
    "OVER",
    "PLACEMENT",
    "REFILL",
    "SETUP",
    "Award",
    "Check",
    "Claim",
    "Draw",
    "Game",
    "Kind",
    "Lister",
    "Module",
    "Move",
    "Payments",
    "Phase",
    "PhaseRules",
    "PileCards",
    "Problems",
    "RandomKind",
    "Receive",
    "Records",
    "Ruleset",
    "Seat",
    "Source",
    "Step",
    "card_of",
]
