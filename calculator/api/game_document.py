"""The game state document, cards, actions and events as JSON (``schemas/game-*.json``), via
marshmallow; tiles, huts and Alhambras by the codec of :mod:`calculator.api.wire`.

jsonschema checks the shape of a request on the wire (:mod:`calculator.api.contract`);
marshmallow then loads it into the engine's frozen dataclasses and dumps them back. A loaded
state is checked for consistency (:mod:`calculator.engine.consistency`) and every problem is
reported with a JSON Pointer into the document. No Flask here: the CLI uses this module too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

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
from calculator.core.tiles import Building, Cell, Currency, Tile
from calculator.engine import actions as act
from calculator.engine import events as ev
from calculator.engine.components import (
    CARD,
    DisplayCard,
    ExchangeCard,
    MoneyCard,
    ScoringCard,
    exchange_card,
)
from calculator.engine.consistency import inconsistencies
from calculator.engine.errors import Path
from calculator.engine.state import (
    MODES,
    Award,
    GameState,
    Options,
    Phase,
    Player,
    Turn,
    slot_currency,
)
from calculator.modules import NAMES as MODULES

VERSION: Final[int] = 1
VIZIER_VERSION: Final[int] = 2
"""The state document of a game with Vizier's Favour modules is version 2: players carry their
vizier token (V1), exchange cards among their money (V2) and bonus cards (V3), the state the
bonus cards set aside and the hut stacks (V4), the turn the players asked about the vizier
(V1). A base game stays version 1."""

_CARDS: Final[dict[tuple[str, int], MoneyCard]] = {
    (card.currency.value, card.value): card for card in CARD.values()
}


# --- the pieces ------------------------------------------------------------------------------
# Integers are checked by the JSON Schema first; like it, they accept 3.0 for 3.
# Tiles, huts and Alhambras are read and written by the codec of ``wire.py``, shared with the
# v1 requests. Tiles and cards are the leaves of every document, so they are fields that look
# the catalog's own objects up, not nested schemas.


def _money_card(value: Any) -> MoneyCard:
    try:
        card = _CARDS.get((value["currency"], value["value"]))
    except (KeyError, TypeError):
        card = None
    if card is None:
        raise ValidationError("a money card has a currency and a value 1-9 (C3)")
    return card


def dump_card(card: MoneyCard) -> dict[str, Any]:
    return {"currency": card.currency.value, "value": card.value}


def _display_card(value: Any) -> DisplayCard:
    """A money card, or (V2) an exchange card ``{"exchange": ["denar", "dirham"]}``."""
    if isinstance(value, Mapping) and "exchange" in value:
        try:
            first, second = (Currency(currency) for currency in value["exchange"])
            return exchange_card(first, second)
        except (TypeError, ValueError):
            raise ValidationError(
                'an exchange card shows two different currencies: {"exchange": ["denar", '
                '"dirham"]} (V2)'
            ) from None
    return _money_card(value)


def dump_display_card(card: DisplayCard) -> dict[str, Any]:
    if isinstance(card, ExchangeCard):
        return {"exchange": [currency.value for currency in card.currencies]}
    return dump_card(card)


class DisplayCardField(fields.Field):  # type: ignore[type-arg]
    """A card that can lie face up, in a hand or in the discard: money, or an exchange card
    (V2)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **_: Any) -> DisplayCard:
        return _display_card(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **_: Any) -> Any:
        return dump_display_card(value)


def _split(cards: list[DisplayCard]) -> tuple[tuple[MoneyCard, ...], tuple[ExchangeCard, ...]]:
    """The money cards and the exchange cards (V2) of a hand, a take or a payment, each sorted
    (the engine's canonical form)."""
    money = sorted(card for card in cards if isinstance(card, MoneyCard))
    exchange = sorted(card for card in cards if isinstance(card, ExchangeCard))
    return tuple(money), tuple(exchange)


class PileCard(fields.Field):  # type: ignore[type-arg]
    """A card of the money pile: a money card, an exchange card (V2), or ``{"scoring_card": 1}``
    (T1)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **_: Any) -> Any:
        if isinstance(value, Mapping) and "scoring_card" in value:
            if value.get("scoring_card") not in (1, 2):
                raise ValidationError('a scoring card is {"scoring_card": 1} or 2')
            return ScoringCard(value["scoring_card"])
        return _display_card(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **_: Any) -> Any:
        if isinstance(value, ScoringCard):
            return {"scoring_card": value.round}
        return dump_display_card(value)


class PlayerSchema(Schema):
    name = fields.String(required=True)
    alhambra = AlhambraField(required=True)
    reserve = fields.List(TileField(), required=True)
    hand = fields.List(DisplayCardField(), required=True)
    """Money cards, and (V2) the player's exchange cards."""
    score = fields.Integer(required=True)
    bonus_cards = fields.List(TileField(), load_default=list)
    bonus_hand = fields.List(TileField(), load_default=list)
    vizier = fields.Boolean(load_default=None, allow_none=True)

    @post_load
    def player(self, data: dict[str, Any], **_: Any) -> Player:
        hand = data["hand"]
        return Player(
            data["name"],
            data["alhambra"],
            tuple(data["reserve"]),
            tuple(card for card in hand if isinstance(card, MoneyCard)),
            data["score"],
            bonus_cards=tuple(data["bonus_cards"]),
            bonus_hand=tuple(data["bonus_hand"]),
            vizier=data["vizier"],
            exchange_cards=tuple(card for card in hand if isinstance(card, ExchangeCard)),
        )


class ComponentsSchema(Schema):
    bonus_cards = fields.List(TileField(), load_default=list)
    huts = fields.List(TileField(), load_default=list)


_COMPONENTS_SCHEMA: Final = ComponentsSchema()


def load_components(document: Any) -> dict[str, list[Tile]]:
    """A game's ``options.components``: the tiles of the catalog the bonus cards depict (V3),
    the worker huts (V4); :class:`InvalidDocument` lists every tile that is not one."""
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
            modules=frozenset(data["modules"]),
            bonus_cards=tuple(data["components"].get("bonus_cards", ())),
            huts=tuple(data["components"].get("huts", ())),
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
    pile = fields.List(PileCard(), required=True)
    discard = fields.List(DisplayCardField(), required=True)


class AwardSchema(Schema):
    player = fields.Integer(required=True)
    slot = fields.Integer(required=True)
    tile = TileField(required=True)

    @post_load
    def award(self, data: dict[str, Any], **_: Any) -> Award:
        return Award(**data)


class TurnSchema(Schema):
    player = fields.Integer(required=True, allow_none=True)
    phase = fields.String(required=True, validate=validate.OneOf(list(Phase)))
    number = fields.Integer(required=True)
    buys = fields.Integer(required=True)
    extra_action = fields.Boolean(required=True)
    bought = fields.List(TileField(), required=True)
    awarded = fields.List(fields.Nested(AwardSchema), required=True)
    scoring_due = fields.List(fields.Integer(), required=True)
    dummy_draws = fields.Integer(required=True)
    vizier_asked = fields.List(fields.Integer(), load_default=list)

    @post_load
    def turn(self, data: dict[str, Any], **_: Any) -> Turn:
        return Turn(
            player=data["player"],
            phase=Phase(data["phase"]),
            number=data["number"],
            buys=data["buys"],
            extra_action=data["extra_action"],
            bought=tuple(data["bought"]),
            awarded=tuple(data["awarded"]),
            scoring_due=tuple(data["scoring_due"]),
            dummy_draws=data["dummy_draws"],
            vizier_asked=tuple(data["vizier_asked"]),
        )


class GameStateSchema(Schema):
    """The state document (``schemas/game-state.json``)."""

    version = fields.Integer(required=True, validate=validate.OneOf((VERSION, VIZIER_VERSION)))
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
    bonus_aside = fields.List(TileField(), load_default=list)
    hut_stacks = fields.List(fields.List(TileField()), load_default=list)
    hidden_tops = fields.List(fields.Integer(), load_default=list)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def version_and_market(self, _: dict[str, Any], document: dict[str, Any], **__: Any) -> None:
        """Checked on the document as sent, so they are reported beside any other problem."""
        problems = []
        if document["options"].get("modules") and document["version"] != VIZIER_VERSION:
            problems.append(
                Problem("/version", f"a game with modules is a version {VIZIER_VERSION} document")
            )
        for index, slot in enumerate(document["market"]):
            currency = slot_currency(index + 1)
            if slot["slot"] != index + 1 or slot["currency"] != currency.value:
                problems.append(
                    Problem(
                        pointer("market", index),
                        f"slot {index + 1} comes here, its currency {currency.value} (C4)",
                    )
                )
        if problems:
            raise refusal(problems)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def names_once(self, _: dict[str, Any], document: dict[str, Any], **__: Any) -> None:
        _names_once(document)

    @post_load
    def state(self, data: dict[str, Any], **_: Any) -> GameState:
        market = data["market"]
        rng = data["rng"]
        money = data["money"]
        return GameState(
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
            bonus_aside=tuple(data["bonus_aside"]),
            hut_stacks=tuple(tuple(stack) for stack in data["hut_stacks"]),
            hidden_tops=tuple(data["hidden_tops"]),
        )


_STATE_SCHEMA: Final = GameStateSchema()


def _names_once(document: dict[str, Any]) -> None:
    """Player names are unique, in a state as in a described table (``problems.names_taken_twice``);
    checked on the document as sent, so it is reported beside any other problem."""
    problems = list(names_taken_twice([player["name"] for player in document["players"]]))
    if problems:
        raise refusal(problems)


def load_state(document: Any) -> GameState:
    """The state a document describes, checked for consistency; :class:`InvalidDocument` lists
    every problem with a pointer into ``document``."""
    state: GameState = load(_STATE_SCHEMA, document)
    problems = [
        Problem(_pointer_of(problem.where, document), problem.message)
        for problem in inconsistencies(state)
    ]
    if problems:
        raise InvalidDocument(problems)
    return state


def dump_state(state: GameState) -> dict[str, Any]:
    """The state document of ``state``; ``load_state(dump_state(s)) == s``."""
    document: dict[str, Any] = _STATE_SCHEMA.dump(
        {
            "version": VIZIER_VERSION if state.options.modules else VERSION,
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
            "bonus_aside": state.bonus_aside,
            "hut_stacks": state.hut_stacks,
            "hidden_tops": state.hidden_tops,
        }
    )
    if not state.hidden_tops:  # V4: only a table waits for a top hut
        del document["hidden_tops"]
    for player, written in zip(state.players, document["players"], strict=True):
        written["hand"] += [dump_display_card(card) for card in player.exchange_cards]  # V2
    options = document["options"]
    options.pop("components", None)
    if state.options.modules:
        options["modules"] = sorted(state.options.modules)
        components = {
            name: [dump_tile(t) for t in given]
            for name, given in (
                ("bonus_cards", state.options.bonus_cards),
                ("huts", state.options.huts),
            )
            if given
        }
        if components:
            options["components"] = components
    else:  # a base game's document stays as it was (version 1)
        options.pop("modules", None)
    if "huts" not in state.options.modules:
        del document["hut_stacks"]
    if "bonus" not in state.options.modules:
        del document["bonus_aside"]
        for player in document["players"]:
            del player["bonus_cards"], player["bonus_hand"]
    if "vizier" not in state.options.modules:  # V1
        del document["turn"]["vizier_asked"]
        for player in document["players"]:
            del player["vizier"]
    return document


_SECTIONS: Final[dict[str, tuple[str, ...]]] = {
    "face_up": ("money", "face_up"),
    "pile": ("money", "pile"),
    "discard": ("money", "discard"),
    "dummy": ("dummy", "tiles"),
}


def _pointer_of(where: Path, document: Any) -> str:
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
    if head == "players" and len(rest) == 3 and rest[1] in ("hand", "exchange_cards"):
        seat, member, position = rest
        return pointer(
            "players",
            seat,
            "hand",
            _in_hand(document["players"][seat]["hand"], member == "exchange_cards", position),
        )
    return pointer(*parts, *rest)


def _in_hand(hand: list[Any], exchange: bool, index: object) -> object:
    """Where the ``index``-th money card (or V2 exchange card) of a player is in the document's
    hand, which holds both kinds in any order."""
    of_kind = [i for i, card in enumerate(hand) if ("exchange" in card) == exchange]
    return of_kind[index] if isinstance(index, int) and index < len(of_kind) else index


# --- actions -----------------------------------------------------------------------------------


class ActionSchema(Schema):
    """One action (``schemas/game-action.json``), loaded by its ``type``."""

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
    hut = fields.String()

    @post_load
    def action(self, data: dict[str, Any], **_: Any) -> act.Action:
        kind = data.pop("type")
        make = _ACTION_MAKERS.get(kind)
        if make is None:
            raise refusal([Problem("/type", f"there is no action {kind!r}")])
        try:
            return make(data)
        except KeyError as missing:
            needed = Problem(pointer(missing.args[0]), f"a {kind} action needs it")
            raise refusal([needed]) from None


def _cell(data: dict[str, Any]) -> Cell:
    return (data["x"], data["y"])


_ACTION_MAKERS: Final[dict[str, Callable[[dict[str, Any]], act.Action]]] = {
    "take_money": lambda d: act.TakeMoney(d["player"], *_split(d["cards"])),
    "buy": lambda d: act.Buy(d["player"], d["slot"], *_split(d["payment"])),
    "end_turn": lambda d: act.EndTurn(d["player"]),
    "pass": lambda d: act.Pass(d["player"]),
    "build_from_reserve": lambda d: act.BuildFromReserve(d["player"], d["tile"], _cell(d)),
    "move_to_reserve": lambda d: act.MoveToReserve(d["player"], _cell(d)),
    "swap": lambda d: act.Swap(d["player"], d["tile"], _cell(d)),
    "place": lambda d: act.PlaceTile(d["player"], d["tile"], _cell(d)),
    "reserve": lambda d: act.ReserveTile(d["player"], d["tile"]),
    "give_to_dummy": lambda d: act.GiveToDummy(d["player"], d["tile"]),
    "reveal_tile": lambda d: act.RevealTile(d["tile"]),
    "reveal_money": lambda d: act.RevealMoney(d["card"]),
    "reveal_scoring_card": lambda d: act.RevealScoringCard(d["round"]),
    "reveal_bonus_card": lambda d: act.RevealBonusCard(d["tile"]),
    "reveal_hut": lambda d: act.RevealHut(d["tile"]),
    "take_hut": lambda d: act.TakeHut(d["player"], Building(d["hut"])),
    "vizier_buy": lambda d: act.VizierBuy(d["player"], d["slot"], *_split(d["payment"])),
    "decline_vizier": lambda d: act.DeclineVizier(d["player"]),
    "activate_vizier": lambda d: act.ActivateVizier(d["player"]),
}

_ACTION_SCHEMA: Final = ActionSchema()


def load_action(document: Any) -> act.Action:
    """The action a document describes; :class:`InvalidDocument` lists every problem."""
    return load(_ACTION_SCHEMA, document)  # type: ignore[no-any-return]


def dump_action(action: act.Action) -> dict[str, Any]:
    """The JSON form of ``action``, as ``/v1/games/legal-actions`` lists it."""
    return _dump_form(action, _ACTION_FORMS[type(action)])


def _dump_form(item: Any, form: tuple[str, tuple[str, ...]]) -> dict[str, Any]:
    """An action or event as ``{"type": kind, member: ...}``, its exchange card (V2) written
    with the money cards it goes with."""
    kind, members = form
    document: dict[str, Any] = {"type": kind}
    for member in members:
        document.update(_dump_member(member, getattr(item, member)))
    _with_exchange(document, item)
    return document


_EXCHANGE_WITH: Final[dict[type, str]] = {
    act.TakeMoney: "cards",
    act.Buy: "payment",
    act.VizierBuy: "payment",
    ev.MoneyTaken: "cards",
    ev.TileBought: "payment",
    ev.VizierBought: "payment",
}
"""V2: the list an action's or event's exchange card is written in, with the money cards."""


def _with_exchange(document: dict[str, Any], action: Any) -> None:
    member = _EXCHANGE_WITH.get(type(action))
    if member is not None and action.exchange:
        document[member] += [dump_display_card(card) for card in action.exchange]


_ACTION_FORMS: Final[dict[type, tuple[str, tuple[str, ...]]]] = {
    act.TakeMoney: ("take_money", ("player", "cards")),
    act.Buy: ("buy", ("player", "slot", "payment")),
    act.EndTurn: ("end_turn", ("player",)),
    act.Pass: ("pass", ("player",)),
    act.BuildFromReserve: ("build_from_reserve", ("player", "tile", "cell")),
    act.MoveToReserve: ("move_to_reserve", ("player", "cell")),
    act.Swap: ("swap", ("player", "tile", "cell")),
    act.PlaceTile: ("place", ("player", "tile", "cell")),
    act.ReserveTile: ("reserve", ("player", "tile")),
    act.GiveToDummy: ("give_to_dummy", ("player", "tile")),
    act.RevealTile: ("reveal_tile", ("tile",)),
    act.RevealMoney: ("reveal_money", ("card",)),
    act.RevealScoringCard: ("reveal_scoring_card", ("round",)),
    act.RevealBonusCard: ("reveal_bonus_card", ("tile",)),
    act.RevealHut: ("reveal_hut", ("tile",)),
    act.TakeHut: ("take_hut", ("player", "building")),
    act.VizierBuy: ("vizier_buy", ("player", "slot", "payment")),
    act.DeclineVizier: ("decline_vizier", ("player",)),
    act.ActivateVizier: ("activate_vizier", ("player",)),
}


def _dump_member(name: str, value: Any) -> dict[str, Any]:
    """One member of an action or event in its JSON form (a cell becomes ``x`` and ``y``)."""
    if name == "cell":
        return {"x": value[0], "y": value[1]}
    if name == "building":  # V4: the colour of the stack a hut is taken from
        return {"hut": value.value}
    if isinstance(value, Tile):
        return {name: dump_tile(value)}
    if isinstance(value, MoneyCard | ExchangeCard):
        return {name: dump_display_card(value)}
    if isinstance(value, tuple) and value and isinstance(value[0], MoneyCard):
        return {name: [dump_card(card) for card in value]}
    if isinstance(value, tuple):
        return {name: list(value)}
    return {name: value}


# --- events ------------------------------------------------------------------------------------

_EVENT_FORMS: Final[dict[type, tuple[str, tuple[str, ...]]]] = {
    ev.MoneyDealt: ("money_dealt", ("player", "card")),
    ev.MoneyDrawn: ("money_drawn", ("card",)),
    ev.PilesFormed: ("piles_formed", ("sizes",)),
    ev.MarketFilled: ("market_filled", ("slot", "tile")),
    ev.DummyDrew: ("dummy_drew", ("tile",)),
    ev.TurnStarted: ("turn_started", ("player", "number")),
    ev.MoneyTaken: ("money_taken", ("player", "cards")),
    ev.TileBought: ("tile_bought", ("player", "slot", "tile", "payment", "exact")),
    ev.ExtraActionDeclined: ("extra_action_declined", ("player",)),
    ev.Passed: ("passed", ("player",)),
    ev.TileBuiltFromReserve: ("tile_built_from_reserve", ("player", "tile", "cell")),
    ev.TileMovedToReserve: ("tile_moved_to_reserve", ("player", "tile", "cell")),
    ev.TilesSwapped: ("tiles_swapped", ("player", "tile", "cell", "removed")),
    ev.TilePlaced: ("tile_placed", ("player", "tile", "cell")),
    ev.TileReserved: ("tile_reserved", ("player", "tile")),
    ev.TileGivenToDummy: ("tile_given_to_dummy", ("player", "tile")),
    ev.TurnEnded: ("turn_ended", ("player",)),
    ev.DiscardReshuffled: ("discard_reshuffled", ("cards",)),
    ev.ScoringCardRevealed: ("scoring_card_revealed", ("round",)),
    ev.MarketTileAwarded: ("market_tile_awarded", ("slot", "tile", "player")),
    ev.GameEnded: ("game_ended", ("winners", "totals")),
    ev.BonusCardLaid: ("bonus_card_laid", ("player", "tile")),
    ev.BonusCardTakenBack: ("bonus_card_taken_back", ("player", "tile")),
    ev.HutTaken: ("hut_taken", ("player", "tile")),
    ev.BonusCardDealt: ("bonus_card_dealt", ("player", "tile")),
    ev.HutRevealed: ("hut_revealed", ("tile",)),
    ev.VizierOffered: ("vizier_offered", ("player",)),
    ev.VizierBought: ("vizier_bought", ("player", "slot", "tile", "payment")),
    ev.VizierDeclined: ("vizier_declined", ("player",)),
    ev.VizierActivated: ("vizier_activated", ("player",)),
}


def dump_event(event: ev.Event) -> dict[str, Any]:
    if isinstance(event, ev.RoundScored):
        return {
            "type": "round_scored",
            "round": event.round,
            "scores": dump_round_score(event.result, event.names),
            "totals": list(event.totals),
        }
    return _dump_form(event, _EVENT_FORMS[type(event)])


def dump_round_score(result: RoundScore, names: tuple[str, ...]) -> dict[str, Any]:
    """A round's scores as ``POST /v1/scores`` gives them (``schemas/round-score.json``)."""
    return responses.round_score(result, names, [{}] * len(names))
