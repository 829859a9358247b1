"""The game state document, cards, actions and events as JSON (``schemas/game-*.json``), via
marshmallow; tiles and Alhambras by the codec of :mod:`calculator.api.wire`.

jsonschema checks the shape of a request on the wire (:mod:`calculator.api.contract`);
marshmallow then loads it into the engine's frozen dataclasses and dumps them back. A loaded
state is checked for consistency (:mod:`calculator.engine.consistency`) and every problem is
reported with a JSON Pointer into the document. No Flask here: the CLI uses this module too.

The modules' words follow from their declarations (:class:`calculator.engine.core.Records`,
through the registry): an action or event is ``{"type": kind}`` and its fields by their encoded
names; a module's card is ``{wire: value}`` among the money; each field of a module's part of
a player, the turn or the game is a member of that object, written when the game is played
with the module (a part that omits its defaults leaves them out), and a field encoded as a
member of the base game's (a hand) adds its cards to that member.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Final, TypeVar, get_args

import msgspec
from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from calculator import modules as registry
from calculator.api import responses
from calculator.api.problems import (
    InvalidDocument,
    Problem,
    load,
    names_taken_twice,
    pointer,
    refusal,
)
from calculator.api.wire import AlhambraField, TileField, dump_tile
from calculator.core.scoring import RoundScore
from calculator.core.text import Text
from calculator.core.tiles import Currency, Tile
from calculator.engine import actions as act
from calculator.engine import events as ev
from calculator.engine.components import CARD, DisplayCard, ModuleCard, MoneyCard, ScoringCard
from calculator.engine.consistency import inconsistencies
from calculator.engine.core import SETUP
from calculator.engine.errors import Path
from calculator.engine.parts import Part, Parts
from calculator.engine.state import (
    MODES,
    Award,
    GameState,
    Options,
    Player,
    Turn,
    slot_currency,
)
from calculator.modules import EVERY_MODULE, ruleset
from calculator.modules import NAMES as MODULES

VERSION: Final[int] = 1
MODULES_VERSION: Final[int] = 2
"""The state document of a game with modules is version 2: the players, the turn and the state
carry the modules' parts. A base game stays version 1."""

_CARDS: Final[dict[tuple[str, int], MoneyCard]] = {
    (card.currency.value, card.value): card for card in CARD.values()
}


# --- the pieces ------------------------------------------------------------------------------
# Integers are checked by the JSON Schema first; like it, they accept 3.0 for 3.
# Tiles and Alhambras are read and written by the codec of ``wire.py``, shared with the
# v1 requests. Tiles and cards are the leaves of every document, so they are fields that look
# the catalog's own objects up, not nested schemas.


def _money_card(value: Any) -> MoneyCard:
    try:
        card = _CARDS.get((value["currency"], value["value"]))
    except (KeyError, TypeError):
        card = None
    if card is None:
        raise ValidationError([Text("api.C3.money_card")])
    return card


def dump_card(card: MoneyCard) -> dict[str, Any]:
    return {"currency": card.currency.value, "value": card.value}


def _module_card_kind(value: Any) -> type[ModuleCard] | None:
    """The module's card a wire card is (``{wire: ...}``), if it is one."""
    if isinstance(value, Mapping):
        for member, kind in registry.CARDS.items():
            if member in value:
                return kind
    return None


def _display_card(value: Any) -> DisplayCard:
    """A money card, or a module's card (``{wire: ...}``, V2)."""
    kind = _module_card_kind(value)
    if kind is None:
        return _money_card(value)
    try:
        return kind.from_wire(value[kind.wire])
    except ValueError:
        raise ValidationError(
            [Text("api.card.not_of_the_game", card=Text(f"api.card.{kind.wire}"))]
        ) from None


def dump_display_card(card: DisplayCard) -> dict[str, Any]:
    if isinstance(card, ModuleCard):
        return {card.wire: card.to_wire()}
    return dump_card(card)


class DisplayCardField(fields.Field):  # type: ignore[type-arg]
    """A card that can lie face up, in a hand or in the discard: money, or a module's card."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **_: Any) -> DisplayCard:
        return _display_card(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **_: Any) -> Any:
        return dump_display_card(value)


def _split(cards: list[DisplayCard]) -> tuple[tuple[MoneyCard, ...], tuple[ModuleCard, ...]]:
    """The money cards and the modules' cards of a hand, a take or a payment, each sorted (the
    engine's canonical form)."""
    money = sorted(card for card in cards if isinstance(card, MoneyCard))
    others = sorted(card for card in cards if isinstance(card, ModuleCard))
    return tuple(money), tuple(others)


class PileCardField(fields.Field):  # type: ignore[type-arg]
    """A card of the money pile: a money card, a module's card, or ``{"scoring_card": 1}``
    (T1)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **_: Any) -> Any:
        if isinstance(value, Mapping) and "scoring_card" in value:
            if value.get("scoring_card") not in (1, 2):
                raise ValidationError([Text("api.T1.scoring_card", card='{"scoring_card": 1}')])
            return ScoringCard(value["scoring_card"])
        return _display_card(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **_: Any) -> Any:
        if isinstance(value, ScoringCard):
            return {"scoring_card": value.round}
        return dump_display_card(value)


# --- the modules' records on the wire ----------------------------------------------------------


class _Member(msgspec.Struct, frozen=True):
    """A field of a module's record: its name, its member on the wire, its type and default."""

    name: str
    wire: str
    type: Any
    default: Any


def _members(record: type[msgspec.Struct]) -> tuple[_Member, ...]:
    return tuple(
        _Member(field.name, field.encode_name, field.type, field.default)
        for field in msgspec.structs.fields(record)
    )


def _field_for(kind: Any) -> fields.Field:  # type: ignore[type-arg]
    """The marshmallow field that reads a value of type ``kind`` (a module's field)."""
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    if origin is tuple:
        return fields.List(_field_for(arguments[0]))
    if origin in (types.UnionType, typing.Union) and type(None) in arguments:
        (inner,) = (argument for argument in arguments if argument is not type(None))
        field = _field_for(inner)
        field.allow_none = True
        return field
    if kind is Tile:
        return TileField()
    if kind is bool:
        return fields.Boolean()
    if kind is int:
        return fields.Integer()
    if isinstance(kind, type) and issubclass(kind, Enum):
        return fields.String()
    raise TypeError(f"a module's field of type {kind!r} has no codec")


def _from_wire(kind: Any, value: Any) -> Any:
    """A loaded value as the record holds it: lists as tuples, enums by their values."""
    if isinstance(value, list):
        (inner, *_) = typing.get_args(kind)
        return tuple(_from_wire(inner, item) for item in value)
    if isinstance(kind, type) and issubclass(kind, Enum) and value is not None:
        return kind(value)
    return value


def _to_wire(value: Any) -> Any:
    """A record's value on the wire: tiles and cards by their codecs, tuples as lists."""
    if isinstance(value, Tile):
        return dump_tile(value)
    if isinstance(value, MoneyCard | ModuleCard):
        return dump_display_card(value)
    if isinstance(value, tuple):
        return [_to_wire(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    return value


def _card_kind(kind: Any) -> type[ModuleCard] | None:
    """The module's card a field of type ``tuple[card, ...]`` holds, if it holds one."""
    arguments = typing.get_args(kind)
    card = arguments[0] if arguments else None
    return card if isinstance(card, type) and issubclass(card, ModuleCard) else None


class _PartCodec:
    """How one module's part of a player, the turn or the game is read and written."""

    def __init__(self, part: Part[Any], base: frozenset[str]) -> None:
        self.part = part
        self.members = _members(part.record)
        self.omits = part.record.__struct_config__.omit_defaults
        self.shared: dict[str, type[ModuleCard]] = {}
        """The base's members the part's cards are written in (a hand), with the card."""
        for member in self.members:
            if member.wire in base:
                kind = _card_kind(member.type)
                if kind is None:
                    raise TypeError(f"{member.name} shares {member.wire} but holds no cards")
                self.shared[member.wire] = kind

    def fields(self) -> dict[str, fields.Field]:  # type: ignore[type-arg]
        return {
            member.wire: _field_for(member.type)
            for member in self.members
            if member.wire not in self.shared
        }

    def load(self, data: Mapping[str, Any], holder: Player | Turn | GameState) -> Parts:
        """``holder``'s parts with this module's, as ``data`` (the loaded object) gives it."""
        values: dict[str, Any] = {}
        for member in self.members:
            kind = self.shared.get(member.wire)
            if kind is not None:
                values[member.name] = tuple(
                    card for card in data[member.wire] if isinstance(card, kind)
                )
            elif member.wire in data:
                values[member.name] = _from_wire(member.type, data[member.wire])
        if not values:
            return holder.parts
        return self.part.parts_with(holder, self.part.record(**values))

    def dump(self, holder: Player | Turn | GameState, document: dict[str, Any]) -> None:
        record = self.part.of(holder)
        for member in self.members:
            value = getattr(record, member.name)
            if self.omits and value == member.default:
                continue
            if member.wire in self.shared:
                document[member.wire] += _to_wire(value)
            else:
                document[member.wire] = _to_wire(value)


def _codecs(parts: tuple[Part[Any], ...], base: frozenset[str]) -> tuple[_PartCodec, ...]:
    return tuple(_PartCodec(part, base) for part in parts)


_PLAYER_MEMBERS: Final = frozenset({"name", "alhambra", "reserve", "hand", "score"})
_PLAYER_PARTS: Final = _codecs(registry.PLAYER_PARTS, _PLAYER_MEMBERS)
_TURN_PARTS: Final = _codecs(registry.TURN_PARTS, frozenset())
_GAME_PARTS: Final = _codecs(registry.GAME_PARTS, frozenset())


def _part_fields(codecs: tuple[_PartCodec, ...]) -> dict[str, fields.Field]:  # type: ignore[type-arg]
    return {name: field for codec in codecs for name, field in codec.fields().items()}


_Holder = TypeVar("_Holder", Player, Turn, GameState)


def _with_parts(
    holder: _Holder, data: Mapping[str, Any], codecs: tuple[_PartCodec, ...]
) -> _Holder:
    """``holder`` with the modules' parts ``data`` gives (none when it gives none)."""
    for codec in codecs:
        parts = codec.load(data, holder)
        if parts is not holder.parts:
            holder = msgspec.structs.replace(holder, parts=parts)
    return holder


def game_parts(data: Mapping[str, Any]) -> Parts:
    """The modules' parts of the game that the members of a loaded document give (a table's
    pieces: the position editor)."""
    holder = Turn(None, SETUP)  # a holder of no parts: only its parts are read
    return _with_parts(holder, data, _GAME_PARTS).parts


GAME_PART_FIELDS: Final = _part_fields(_GAME_PARTS)
"""The fields of the modules' parts of the game, by member (``hut_stacks``, ...)."""


def _dump_parts(
    holder: Player | Turn | GameState,
    document: dict[str, Any],
    codecs: tuple[_PartCodec, ...],
    played: frozenset[str],
) -> None:
    for codec in codecs:
        if codec.part.module in played:
            codec.dump(holder, document)


# --- the state ---------------------------------------------------------------------------------


class PlayerSchema(Schema):
    class Meta:
        include = _part_fields(_PLAYER_PARTS)

    name = fields.String(required=True)
    alhambra = AlhambraField(required=True)
    reserve = fields.List(TileField(), required=True)
    hand = fields.List(DisplayCardField(), required=True)
    """Money cards, and the modules' cards the player holds (V2)."""
    score = fields.Integer(required=True)

    @post_load
    def player(self, data: dict[str, Any], **_: Any) -> Player:
        player = Player(
            data["name"],
            data["alhambra"],
            tuple(data["reserve"]),
            tuple(card for card in data["hand"] if isinstance(card, MoneyCard)),
            data["score"],
        )
        return _with_parts(player, data, _PLAYER_PARTS)


def _components_fields() -> dict[str, fields.Field]:  # type: ignore[type-arg]
    return {member: fields.List(TileField(), load_default=list) for member in registry.COMPONENTS}


class ComponentsSchema(Schema):
    """``options.components``: the tiles a module's components show (V3, V4), by member."""

    class Meta:
        include = _components_fields()


_COMPONENTS_SCHEMA: Final = ComponentsSchema()


def load_components(document: Any) -> dict[str, list[Tile]]:
    """A game's ``options.components``, each the tiles of the catalog a module's components
    show (V3, V4); :class:`InvalidDocument` lists every tile that is not one."""
    return load(_COMPONENTS_SCHEMA, document)  # type: ignore[no-any-return]


class OptionsSchema(Schema):
    mode = fields.String(load_default="digital", validate=validate.OneOf(MODES))
    holes = fields.String(
        attribute="hole_rule", load_default="region", validate=validate.OneOf(("region", "cell"))
    )
    modules = fields.List(fields.String(validate=validate.OneOf(MODULES)), load_default=list)
    components = fields.Nested(ComponentsSchema, load_default=dict)

    @post_load
    def options(self, data: dict[str, Any], **_: Any) -> Options:
        return Options(
            mode=data["mode"],
            hole_rule=data["hole_rule"],
            rules=ruleset(data["modules"]),
            components=tuple(
                (member, tuple(tiles))
                for member, tiles in sorted(data["components"].items())
                if tiles
            ),
        )


class RngSchema(Schema):
    seed = fields.Integer(required=True)
    shuffles = fields.Integer(required=True)


class DummySchema(Schema):
    tiles = fields.List(TileField(), required=True)


class MarketSlotSchema(Schema):
    slot = fields.Integer(required=True)
    currency = fields.Enum(Currency, by_value=True, required=True)
    tile = TileField(required=True, allow_none=True)


class MoneySchema(Schema):
    face_up = fields.List(DisplayCardField(), required=True)
    pile = fields.List(PileCardField(), required=True)
    discard = fields.List(DisplayCardField(), required=True)


class AwardSchema(Schema):
    player = fields.Integer(required=True)
    slot = fields.Integer(required=True)
    tile = TileField(required=True)

    @post_load
    def award(self, data: dict[str, Any], **_: Any) -> Award:
        return Award(**data)


class TurnSchema(Schema):
    class Meta:
        include = _part_fields(_TURN_PARTS)

    player = fields.Integer(required=True, allow_none=True)
    phase = fields.String(required=True, validate=validate.OneOf(tuple(EVERY_MODULE.phases)))
    number = fields.Integer(required=True)
    buys = fields.Integer(required=True)
    extra_action = fields.Boolean(required=True)
    bought = fields.List(TileField(), required=True)
    awarded = fields.List(fields.Nested(AwardSchema), required=True)
    scoring_due = fields.List(fields.Integer(), required=True)
    dummy_draws = fields.Integer(required=True)

    @post_load
    def turn(self, data: dict[str, Any], **_: Any) -> Turn:
        turn = Turn(
            player=data["player"],
            phase=EVERY_MODULE.phase(data["phase"]),
            number=data["number"],
            buys=data["buys"],
            extra_action=data["extra_action"],
            bought=tuple(data["bought"]),
            awarded=tuple(data["awarded"]),
            scoring_due=tuple(data["scoring_due"]),
            dummy_draws=data["dummy_draws"],
        )
        return _with_parts(turn, data, _TURN_PARTS)


class UniqueNames(Schema):
    """A document of players whose names are unique, in a state as in a described table
    (``problems.names_taken_twice``)."""

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def names_once(self, _: dict[str, Any], document: dict[str, Any], **__: Any) -> None:
        """Checked on the document as sent, so it is reported beside any other problem."""
        problems = list(names_taken_twice([player["name"] for player in document["players"]]))
        if problems:
            raise refusal(problems)


class GameStateSchema(UniqueNames):
    """The state document (``schemas/game-state.json``)."""

    class Meta:
        include = _part_fields(_GAME_PARTS)

    version = fields.Integer(required=True, validate=validate.OneOf((VERSION, MODULES_VERSION)))
    options = fields.Nested(OptionsSchema, required=True)
    rng = fields.Nested(RngSchema, required=True, allow_none=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    dummy = fields.Nested(DummySchema, required=True, allow_none=True)
    market = fields.List(fields.Nested(MarketSlotSchema), required=True)
    money = fields.Nested(MoneySchema, required=True)
    bag = fields.List(TileField(), required=True)
    turn = fields.Nested(TurnSchema, required=True)
    rounds_scored = fields.List(fields.Integer(), required=True)
    over = fields.Boolean(required=True)
    winners = fields.List(fields.Integer(), required=True)
    seal = fields.String(load_only=True)
    """Checked by a server that seals states (``calculator.web.security``); the game ignores it."""

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def version_and_market(self, _: dict[str, Any], document: dict[str, Any], **__: Any) -> None:
        """Checked on the document as sent, so they are reported beside any other problem."""
        problems = []
        if document["options"].get("modules") and document["version"] != MODULES_VERSION:
            problems.append(
                Problem("/version", Text("api.version.modules", version=MODULES_VERSION))
            )
        for index, slot in enumerate(document["market"]):
            currency = slot_currency(index + 1)
            if slot["slot"] != index + 1 or slot["currency"] != currency.value:
                problems.append(
                    Problem(
                        pointer("market", index),
                        Text(
                            "api.C4.slot_here",
                            slot=index + 1,
                            currency=Text(f"currency.{currency.value}"),
                        ),
                    )
                )
        if problems:
            raise refusal(problems)

    @post_load
    def state(self, data: dict[str, Any], **_: Any) -> GameState:
        market = data["market"]
        rng = data["rng"]
        money = data["money"]
        state = GameState(
            options=data["options"],
            seed=None if rng is None else rng["seed"],
            shuffles=0 if rng is None else rng["shuffles"],
            players=tuple(data["players"]),
            dummy=None if data["dummy"] is None else tuple(data["dummy"]["tiles"]),
            market=tuple(slot["tile"] for slot in market),
            face_up=tuple(money["face_up"]),
            pile=tuple(money["pile"]),
            discard=tuple(money["discard"]),
            bag=tuple(data["bag"]),
            rounds_scored=tuple(data["rounds_scored"]),
            turn=data["turn"],
            over=data["over"],
            winners=tuple(data["winners"]),
        )
        return _with_parts(state, data, _GAME_PARTS)


_STATE_SCHEMA: Final = GameStateSchema()


def load_state(document: Any) -> GameState:
    """The state a document describes, checked for consistency; :class:`InvalidDocument` lists
    every problem with a pointer into ``document``."""
    state: GameState = load(_STATE_SCHEMA, document)
    problems = [
        Problem(pointer_of(problem.where, document), problem.message)
        for problem in inconsistencies(state)
    ]
    if problems:
        raise InvalidDocument(problems)
    return state


def dump_state(state: GameState) -> dict[str, Any]:
    """The state document of ``state``; ``load_state(dump_state(s)) == s``."""
    played = state.options.modules
    document: dict[str, Any] = _STATE_SCHEMA.dump(
        {
            "version": MODULES_VERSION if played else VERSION,
            "options": state.options,
            "rng": None if state.seed is None else {"seed": state.seed, "shuffles": state.shuffles},
            "players": state.players,
            "dummy": None if state.dummy is None else {"tiles": state.dummy},
            "market": [
                {"slot": slot, "currency": slot_currency(slot), "tile": tile}
                for slot, tile in enumerate(state.market, start=1)
            ],
            "money": {"face_up": state.face_up, "pile": state.pile, "discard": state.discard},
            "bag": state.bag,
            "turn": state.turn,
            "rounds_scored": state.rounds_scored,
            "over": state.over,
            "winners": state.winners,
        }
    )
    options = document["options"]
    options.pop("components", None)
    if played:
        options["modules"] = sorted(played)
        components = {
            member: [dump_tile(tile) for tile in state.options.component(member)]
            for member in registry.COMPONENTS
            if state.options.component(member)
        }
        if components:
            options["components"] = components
    else:  # a base game's document stays as it was (version 1)
        options.pop("modules", None)
    for player, written in zip(state.players, document["players"], strict=True):
        _dump_parts(player, written, _PLAYER_PARTS, played)
    _dump_parts(state.turn, document["turn"], _TURN_PARTS, played)
    _dump_parts(state, document, _GAME_PARTS, played)
    return document


_SECTIONS: Final[dict[str, tuple[str, ...]]] = {
    "face_up": ("money", "face_up"),
    "pile": ("money", "pile"),
    "discard": ("money", "discard"),
    "dummy": ("dummy", "tiles"),
}

_IN_HAND: Final[dict[str, type[ModuleCard]]] = {
    member.name: kind
    for codec in _PLAYER_PARTS
    for member in codec.members
    if member.wire == "hand" and (kind := _card_kind(member.type)) is not None
}
"""The fields of the modules' parts of a player whose cards are in the hand, with the card."""


def pointer_of(where: Path, document: Any) -> str:
    """The pointer to what a consistency problem names (see :mod:`consistency`)."""
    head, *rest = where
    parts: list[object] = list(_SECTIONS.get(str(head), (head,)))
    if head == "market" and rest:
        return pointer("market", rest[0], "tile")
    if head == "players" and len(rest) == 3 and rest[1] == "alhambra":
        seat, _, cell = rest
        placed = document["players"][seat]["alhambra"]
        index = next((i for i, tile in enumerate(placed) if (tile["x"], tile["y"]) == cell), None)
        return pointer("players", seat, "alhambra", *(() if index is None else (index,)))
    if head == "dummy" and not rest and document.get("dummy") is None:
        return pointer("dummy")
    if head == "players" and len(rest) >= 3 and (rest[1] == "hand" or rest[1] in _IN_HAND):
        seat, member, position, *inside = rest
        kind = _IN_HAND.get(str(member))
        hand = document["players"][seat]["hand"]
        return pointer("players", seat, "hand", _in_hand(hand, kind, position), *inside)
    return pointer(*parts, *rest)


def _in_hand(hand: list[Any], kind: type[ModuleCard] | None, index: object) -> object:
    """Where the ``index``-th money card (or card of a module's ``kind``) of a player is in the
    document's hand, which holds every kind in any order."""
    of_kind = [i for i, card in enumerate(hand) if _module_card_kind(card) is kind]
    return of_kind[index] if isinstance(index, int) and index < len(of_kind) else index


# --- actions -----------------------------------------------------------------------------------

_MODULE_CARDS: Final[str] = "module_cards"
"""The field of an action or event that holds the modules' cards it uses (V2): on the wire they
lie among the money cards of its card list."""


def _module_record_fields(
    kinds: tuple[type[msgspec.Struct], ...], base: frozenset[str]
) -> dict[str, fields.Field]:  # type: ignore[type-arg]
    return {
        member.wire: _field_for(member.type)
        for kind in kinds
        for member in _members(kind)
        if member.wire not in base and member.name != _MODULE_CARDS
    }


_ACTION_MEMBERS: Final = frozenset(
    {"type", "player", "cards", "payment", "slot", "tile", "card", "x", "y", "round"}
)


class ActionSchema(Schema):
    """One action (``schemas/game-action.json``), loaded by its ``type``."""

    class Meta:
        include = _module_record_fields(tuple(registry.ACTIONS.values()), _ACTION_MEMBERS)

    type = fields.String(required=True)
    player = fields.Integer()
    cards = fields.List(DisplayCardField())
    payment = fields.List(DisplayCardField())
    slot = fields.Integer()
    tile = TileField()
    card = DisplayCardField()
    x = fields.Integer()
    y = fields.Integer()
    round = fields.Integer()

    @post_load
    def action(self, data: dict[str, Any], **_: Any) -> act.Action:
        kind = data.pop("type")
        make = _ACTION_MAKERS.get(kind)
        if make is None:
            raise refusal([Problem("/type", Text("api.action.unknown", kind=repr(kind)))])
        try:
            return make(data)
        except KeyError as missing:
            needed = Problem(pointer(missing.args[0]), Text("api.action.needs", kind=kind))
            raise refusal([needed]) from None


def _money_member(members: tuple[_Member, ...]) -> str | None:
    """The member of an action or event that lists money cards, when it may use the modules'
    cards too (V2): they are written among them."""
    if not any(member.name == _MODULE_CARDS for member in members):
        return None
    return next(
        member.wire
        for member in members
        if typing.get_origin(member.type) is tuple
        and typing.get_args(member.type)[:1] == (MoneyCard,)
    )


def _maker(kind: type[Any]) -> Callable[[dict[str, Any]], act.Action]:
    """How an action (or reveal) is made from its loaded members, as its record declares them:
    a cell from ``x`` and ``y``; the modules' cards it uses (V2) from among its money cards."""
    members = _members(kind)
    cards_with = _money_member(members)

    def make(data: dict[str, Any]) -> act.Action:
        values: dict[str, Any] = {}
        for member in members:
            if member.name == _MODULE_CARDS:
                values[member.name] = _split(data[cards_with])[1] if cards_with else ()
            elif member.name == "cell":
                values[member.name] = (data["x"], data["y"])
            elif member.wire == cards_with:
                values[member.name] = _split(data[member.wire])[0]
            else:
                values[member.name] = _from_wire(member.type, data[member.wire])
        return kind(**values)  # type: ignore[no-any-return]

    return make


_ACTIONS: Final[tuple[type[Any], ...]] = (
    *(kind for kind in get_args(act.Action) if kind not in (act.ModuleAction, act.ModuleReveal)),
    *registry.ACTIONS.values(),
)
"""Every action record: the base game's and the modules'."""

_ACTION_MAKERS: Final[dict[str, Callable[[dict[str, Any]], act.Action]]] = {
    kind.kind: _maker(kind) for kind in _ACTIONS
}

_ACTION_SCHEMA: Final = ActionSchema()


def load_action(document: Any) -> act.Action:
    """The action a document describes; :class:`InvalidDocument` lists every problem."""
    return load(_ACTION_SCHEMA, document)  # type: ignore[no-any-return]


def dump_action(action: act.Action) -> dict[str, Any]:
    """The JSON form of ``action``, as ``/v1/games/legal-actions`` lists it."""
    return _dump_form(action, _ACTION_FORMS[type(action)])


Form = tuple[str, tuple[tuple[str, str], ...], str | None, frozenset[str]]
"""An action's or event's wire form: its type, its fields with their members, the member its
modules' cards are written in (with the money cards they go with), if it has one, and its
optional fields (those whose default is ``None``: left out when ``None``)."""


def _form(kind: type[Any]) -> Form:
    """An action or event as its record declares it."""
    members = _members(kind)
    return (
        kind.kind,
        tuple((member.name, member.wire) for member in members if member.name != _MODULE_CARDS),
        _money_member(members),
        frozenset(member.name for member in members if member.default is None),
    )


def _dump_form(item: Any, form: Form) -> dict[str, Any]:
    """An action or event as ``{"type": kind, member: ...}``, the modules' cards it uses (V2)
    written with the money cards they go with, an optional member only when it holds a
    value."""
    kind, members, cards_with, optional = form
    document: dict[str, Any] = {"type": kind}
    for name, member in members:
        value = getattr(item, name)
        if value is None and name in optional:
            continue
        document.update(_dump_member(member, value))
    if cards_with is not None and item.module_cards:
        document[cards_with] += [dump_display_card(card) for card in item.module_cards]
    return document


_ACTION_FORMS: Final[dict[type, Form]] = {kind: _form(kind) for kind in _ACTIONS}


def _dump_member(name: str, value: Any) -> dict[str, Any]:
    """One member of an action or event in its JSON form (a cell becomes ``x`` and ``y``)."""
    if name == "cell":
        return {"x": value[0], "y": value[1]}
    if isinstance(value, tuple) and value and isinstance(value[0], MoneyCard):
        return {name: [dump_card(card) for card in value]}
    return {name: _to_wire(value)}


# --- events ------------------------------------------------------------------------------------

_EVENTS: Final[tuple[type[Any], ...]] = (
    *(kind for kind in get_args(ev.Event) if kind not in (ev.ModuleEvent, ev.RoundScored)),
    *(kind for module in registry.REGISTRY for kind in module.records.events),
)
"""Every event record written by its form: the base game's but a scored round, and the
modules'."""

_EVENT_FORMS: Final[dict[type, Form]] = {kind: _form(kind) for kind in _EVENTS}


def dump_event(event: ev.Event) -> dict[str, Any]:
    if isinstance(event, ev.RoundScored):
        return {
            "type": event.kind,
            "round": event.round,
            "scores": dump_round_score(event.result, event.names),
            "totals": list(event.totals),
        }
    return _dump_form(event, _EVENT_FORMS[type(event)])


def dump_round_score(result: RoundScore, names: tuple[str, ...]) -> dict[str, Any]:
    """A round's scores as ``POST /v1/scores`` gives them (``schemas/round-score.json``)."""
    return responses.round_score(result, names, [{}] * len(names))
