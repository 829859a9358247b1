"""What a module may add to the base game: the hooks, declared once (the model is boardgame.io's
plugins and phases declared as configuration, kept to plain records of functions).

A module is what a table switches on (``options.modules``), named by its wire name. It lives in
its own package under :mod:`calculator.modules`, whose registry lists every module; the base
game names none of them. The base calls a module only through the fields below, each optional:
a module fills the ones its rules need. The base asks the registry for the modules of a game
(:func:`calculator.modules.active`) and, where a refusal must name the module that would
allow an action, for every registered one.

A module's words (its actions, reveals, events, cards among the money, phases and its parts of
a player, the turn and the game) are declared once in its package, on the base's classes for
them (:class:`~calculator.engine.actions.ModuleAction`, :class:`~calculator.engine.events.
ModuleEvent`, :class:`~calculator.engine.components.ModuleCard`,
:class:`~calculator.engine.state.ModulePhase`, :class:`~calculator.engine.parts.Part`), and
listed in its :class:`Records`: the codecs follow from them.

Where several modules fill one hook, the registry's order decides who goes first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from calculator.core.tiles import Tile
from calculator.engine.actions import Action, ModuleAction, ModuleReveal
from calculator.engine.components import DisplayCard, ModuleCard, MoneyCard
from calculator.engine.errors import Path
from calculator.engine.events import Event, ModuleEvent
from calculator.engine.parts import Part
from calculator.engine.state import Draft, Game, GameState, Phase, Player
from calculator.engine.turn.draws import Draw, Item, Step

Apply = Callable[[Draft, Any], list[Event]]
"""Carries out an action on the working copy (or refuses it: :class:`ActionRefused`)."""
Lister = Callable[[Game], Sequence[Action]]
"""Lists some of the legal actions now."""


@dataclass(frozen=True, slots=True)
class Claim:
    """The module carries out actions of ``kind`` (those ``when`` accepts, if given): the base
    hands them to ``apply`` instead of its own rule."""

    kind: type
    apply: Apply
    when: Callable[[Any], bool] | None = None


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """A phase the module brings (its member of :class:`Phase`): who decides in it, what they
    may do and how it is done. A placing phase (in ``PLACING``) lists and applies the base's
    placements, then calls ``placed`` once the last waiting tile is placed."""

    to_act: Callable[[Game], int | None]
    legal: Lister | None = None
    decide: Apply | None = None
    placed: Step | None = None
    random_choice: Callable[[Game, random.Random], Action] | None = None
    """How the random player decides in this phase (else uniformly among the legal actions)."""
    playout_choice: Callable[[Game, random.Random], Action] | None = None
    """How a search's playouts decide in this phase (else as the random player)."""
    who_acts: str = ""
    """Added to the refusal of a seat that is not the one to act, to say who is."""


@dataclass(frozen=True, slots=True)
class DrawSource:
    """A source the module draws from (besides the bag and the money pile), and how a table
    reveals what was drawn from it."""

    held: Callable[[Game], Sequence[Item]]
    """What it holds, the item drawn next first (digital mode)."""
    reveal_kind: type[ModuleReveal]
    """The reveal naming a drawn item (its one field)."""
    drawn: str
    """The item drawn, as a refusal names it (with its rule id)."""
    holder: str
    """Where it is drawn from, as a refusal names it."""
    take: Callable[[Draft, Any], None] | None = None
    """Takes the drawn item out of the source; ``None`` when the draw leaves it there for the
    draw's step to move."""


@dataclass(frozen=True, slots=True)
class PileCards:
    """Cards the module shuffles into the money piles at setup (T1): ``per_pile`` of ``cards``
    (shuffled) into each of ``piles`` (counted from 1), each at a random place."""

    cards: tuple[DisplayCard, ...]
    piles: tuple[int, ...]
    per_pile: int


RandomKind = tuple[str, int, tuple[Lister, ...]]
"""A kind of turn action for the random player: its name, its weight, the listings of its
ways. A kind the base already has (``"take money"``, ``"buy"``) gains the module's ways."""

Payments = Callable[
    [Player, int, int], Iterable[tuple[ModuleCard, tuple[tuple[MoneyCard, ...], ...]]]
]
"""Further ways ``player`` may pay for the tile of market slot ``slot`` at ``price``, each with
the module's card that allows it."""


@dataclass(frozen=True, slots=True)
class Records:
    """The module's words, each declared once in its package (its ``records``): its actions,
    events and cards (each with its wire name), and its parts of a player, of the turn and of
    the game. The codecs of the state document, the actions and the events follow from them
    (:mod:`calculator.api.game_document`); its reveals are those of its ``draw_sources``."""

    actions: tuple[type[ModuleAction], ...] = ()
    events: tuple[type[ModuleEvent], ...] = ()
    cards: tuple[type[ModuleCard], ...] = ()
    """Its cards among the money (:attr:`Module.pile_cards`), each with its wire member."""
    player: Part[Any] | None = None
    turn: Part[Any] | None = None
    game: Part[Any] | None = None


@dataclass(frozen=True, slots=True)
class Module:
    """One module: its wire name, its rule id, and the hooks it fills."""

    name: str
    rule: str
    records: Records = field(default_factory=Records)
    set_up: Callable[[GameState], GameState] | None = None
    """Setup before any draw: the module's components laid out (T1)."""
    setup_draw: Callable[[Game], Draw | None] | None = None
    """A draw of the setup that comes before the money is dealt."""
    pile_cards: PileCards | None = None
    first_step: Callable[[Game], Draw | None] | None = None
    """An automatic step that comes before anything else, whatever the phase."""
    between_turns: Callable[[Game], Step | None] | None = None
    """A step between a turn's refill and the next turn."""
    after_action: Step | None = None
    """Run once after every action, before the automatic steps."""
    turn_actions: Lister | None = None
    """Actions the module adds to those of a turn (T2)."""
    claims: tuple[Claim, ...] = ()
    phases: Mapping[Phase, PhaseRules] = field(default_factory=dict)
    """Its phases (declared with their rule ids in its records) and their rules."""
    draw_sources: Mapping[str, DrawSource] = field(default_factory=dict)
    payments: Payments | None = None
    usable: Callable[[Game], bool] | None = None
    """Whether ``payments`` may be used now."""
    random_kinds: tuple[RandomKind, ...] = ()
    counted: Callable[[Player], tuple[Tile, ...]] | None = None
    """Cards of the player's that count as one more building of the tile they depict, in a
    scoring round and wherever the majorities are weighed (V3); called for every registered
    module where a described table is scored."""
    information: Callable[[GameState, int], GameState] | None = None
    """What a seat knows of the module's parts: the state with every order the seat cannot
    see sorted and every holding it cannot see pooled (:mod:`calculator.engine.players.
    information`)."""
    deal_unseen: Callable[[GameState, int, random.Random], GameState] | None = None
    """What the module deals face down to the other players, dealt again at random, agreeing
    with what the seat knows (a search's determinisation: after the other players' money,
    before the draw piles)."""
    shuffle_unseen: Callable[[GameState, int, random.Random], GameState] | None = None
    """The module's piles whose order the seat cannot see, shuffled again (after the bag and
    the money pile)."""
    at_table: Callable[[GameState], GameState] | None = None
    """A table-mode state built from what lies on a table (the position editor): the module's
    parts completed with its pieces nobody sees there, pooled where the module keeps them, as
    :attr:`information` pools them (its cards in the money pile, its cards set aside, its
    stacks below their tops)."""
    stand_ins: Mapping[str, tuple[Tile, ...]] = field(default_factory=dict)
    """Components not in our sources, stood in for by our own choice and published as such in
    the catalog, by the name of their ``options.components`` member (V3, V4)."""
    stood_in_for: str = ""
    """What the stand-ins stand for, as the catalog's note names it."""
    given_components: Callable[[Mapping[str, Any]], list[tuple[str, str]]] | None = None
    """Why the components a new game names (``options.components``, as sent) cannot be the
    module's: each member at fault with the message."""
    catalog: Mapping[str, object] = field(default_factory=dict)
    """What the module adds to the catalog (``GET /v1/catalog``), as JSON values."""
    member_words: Mapping[str, str] = field(default_factory=dict)
    """How a player names the module's wire members whose names are not plain words, for a
    refusal's wording (:mod:`calculator.api.explanation`)."""
    item_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """The items of the module's list members, one (with its article) and several."""
    table_inconsistencies: (
        Callable[[Sequence[Player], Sequence[DisplayCard]], list[tuple[Path, str]]] | None
    ) = None
    """Why the players and face-up money of a described table (``POST /v1/table``) cannot be
    those of a game; called for every registered module, as a table may show any."""
    inconsistencies: Callable[[GameState], list[tuple[Path, str]]] | None = None
    """Why a state cannot be one of a game with (or, as it holds the module's pieces,
    without) the module; called for every registered module."""
    scoring: object | None = None
    """What it adds to a scoring round, a :class:`calculator.modules.scoring.ScoringModule`:
    read by the registry and the api, never by the engine (which cannot know its type)."""


__all__ = [
    "Apply",
    "Claim",
    "DrawSource",
    "Lister",
    "Module",
    "Payments",
    "PhaseRules",
    "PileCards",
    "RandomKind",
    "Records",
]
