"""The requests of the v1 operations, read after their JSON Schema said yes: one marshmallow
schema per request type, whose ``post_load`` gives the operation's record. A request's problems
are found in stages (its members, then what joins them: names, the dummy, the catalog's
totals, the Big Box modules), every problem of a stage reported together, each with a JSON
Pointer (:func:`calculator.api.problems.load`). An Alhambra is read in one pass by
:func:`calculator.api.wire.read_alhambra`, never by a schema per tile.

Each body holds one Alhambra with the Big Box pieces of the modules it names (G1, G4, H3, H4,
K1, K4): the ``alhambra`` member is read by :func:`calculator.api.wire.furnished_of` (tiles of
the catalog C1, cells B6, at most 3 huts V4), then the body as a whole by
:func:`calculator.api.expansions.one_alhambra` (each piece needs its module; the modules'
refusals). The tile to place may be a building tile, a worker hut (V4), a camp (G4) or a
bazaar (K4), read by :func:`calculator.api.wire.placeable_of`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar, cast

from marshmallow import Schema, fields, post_load, validates_schema

from calculator.api import expansions
from calculator.api.contract import request_contract
from calculator.api.expansions import AlhambraWithPieces, Expansions, piece_without_module
from calculator.api.game_document import load_action, load_components, load_state
from calculator.api.problems import (
    InvalidDocument,
    InvalidRequest,
    Problem,
    load,
    names_taken_twice,
    pointer,
    refusal,
    under,
)
from calculator.api.wire import (
    CATALOG_COUNTS,
    CodecField,
    furnished_of,
    hole_rule_of,
    placeable_member,
    placeable_of,
    read_alhambra,
    tile_of,
)
from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule
from calculator.core.pieces import Furnished, Piece
from calculator.core.plausibility import WallCarriers
from calculator.core.scoring import Counts, building_counts
from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS, Building, Cell, Tile
from calculator.engine.actions import Action
from calculator.engine.players import Level
from calculator.engine.state import GameState, Options
from calculator.modules import (
    CARDS_MEMBERS,
    REGISTRY,
    beyond_limits,
    ruleset,
    wall_carriers,
)
from calculator.pictures import Proposal

Placing = Tile | Piece
"""What a placement places: a tile or a worker hut, or a module's piece (G4, K4)."""


@dataclass(frozen=True, slots=True)
class PlacementQuery:
    """``POST /v1/placement``: may ``placing`` go to ``cell``?"""

    position: AlhambraWithPieces
    placing: Placing
    cell: Cell


@dataclass(frozen=True, slots=True)
class OptionsQuery:
    """``POST /v1/placement/options``: where may ``placing`` go?"""

    position: AlhambraWithPieces
    placing: Placing


@dataclass(frozen=True, slots=True)
class RemovalQuery:
    """``POST /v1/removal``: may what stands at ``cell`` leave the Alhambra (T5)?"""

    position: AlhambraWithPieces
    cell: Cell


@dataclass(frozen=True, slots=True)
class RenderQuery:
    """``POST /v1/render``: the Alhambra, a proposed placement if any, and the picture's words."""

    position: AlhambraWithPieces
    proposal: Proposal | None
    title: str | None
    language: str | None


class _OneAlhambra(Schema):
    """The members of every body of one Alhambra: the Alhambra, its gates (G1), the modules
    its pieces belong to and the reading of B5 (all but the Alhambra read in
    :func:`calculator.api.expansions.one_alhambra`)."""

    alhambra = CodecField(furnished_of, required=True)
    gates = fields.Raw()
    modules = fields.Raw()
    rules = fields.Raw()


def _at(document: Any, where: tuple[str, ...]) -> Any:
    for part in where:
        document = document[part]
    return document


def _position(
    data: dict[str, Any], original: dict[str, Any], placing_at: tuple[str, ...] = ()
) -> AlhambraWithPieces:
    """The body's Alhambra with its pieces checked as a player's; with the tile or piece to
    place at ``placing_at``, also refuses a piece whose module is not named and a 4th worker
    hut (V4). Every problem of the stage together."""
    problems: list[Problem] = []
    position = None
    try:
        position = expansions.one_alhambra(original, data["alhambra"])
    except InvalidDocument as error:
        problems += error.problems
    if placing_at:
        member = placeable_member(_at(original, placing_at))
        named = frozenset(original.get("modules", ()))
        unnamed = None if member is None else piece_without_module(member, named, *placing_at)
        if unnamed is not None:
            problems.append(unnamed)
        placing = _at(data, placing_at)
        if position is not None and isinstance(placing, Tile):
            tiles = [*position.furnished.alhambra.tiles.values(), placing]
            problems += [
                Problem(pointer(*placing_at, member), message)
                for index, member, message in beyond_limits(tiles)
                if index == len(tiles) - 1  # the placement brings one too many (V4)
            ]
    if problems or position is None:
        raise refusal(problems)
    return position


class PlacementRequest(_OneAlhambra):
    tile = CodecField(placeable_of, required=True)
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> PlacementQuery:
        position = _position(data, original, ("tile",))
        return PlacementQuery(position, data["tile"], (data["x"], data["y"]))


class OptionsRequest(_OneAlhambra):
    tile = CodecField(placeable_of, required=True)

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> OptionsQuery:
        return OptionsQuery(_position(data, original, ("tile",)), data["tile"])


class RemovalRequest(_OneAlhambra):
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> RemovalQuery:
        return RemovalQuery(_position(data, original), (data["x"], data["y"]))


class CheckRequest(_OneAlhambra):
    """``POST /v1/alhambra/check`` and ``POST /v1/walls``: the Alhambra alone."""

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> AlhambraWithPieces:
        return _position(data, original)


class _Highlight(Schema):
    tile = CodecField(placeable_of, required=True)
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)


class RenderRequest(_OneAlhambra):
    highlight = fields.Nested(_Highlight)
    title = fields.String()
    lang = fields.String()

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> RenderQuery:
        highlight = data.get("highlight")
        if highlight is None:
            return RenderQuery(_position(data, original), None, data.get("title"), data.get("lang"))
        position = _position(data, original, ("highlight", "tile"))
        proposal = Proposal((highlight["x"], highlight["y"]), highlight["tile"])
        return RenderQuery(position, proposal, data.get("title"), data.get("lang"))


PLACEMENT: Final = PlacementRequest()
OPTIONS: Final = OptionsRequest()
REMOVAL: Final = RemovalRequest()
CHECK: Final = CheckRequest()
RENDER: Final = RenderRequest()


# --- POST /v1/scores (M1-M5, W4, D1-D3, V3, V4; the Big Box: G, H, K, S) -------------------


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at a scoring round: an Alhambra (counts and wall to compute) with the cards
    beside it that count (V3: the face-up bonus cards), or counts and a wall length as given."""

    name: str
    alhambra: Alhambra | None
    counts: Counts | None
    wall: int
    cards: tuple[Tile, ...] = ()
    furnished: Furnished | None = None
    """The Alhambra with the modules' pieces and the player's gates, when it has any."""

    @property
    def position(self) -> Alhambra | Furnished | None:
        """The Alhambra as the rules see it: with its pieces, or its tiles alone."""
        return self.furnished or self.alhambra


@dataclass(frozen=True, slots=True)
class ScoresQuery:
    scoring_round: int
    seats: tuple[Seat, ...]
    dummy: Counts | None
    hole_rule: HoleRule
    big_box: Expansions
    carriers: WallCarriers | None = None
    """The tiles of the modules named that carry walls but are no building (V4): read by the
    plausibility warnings only."""


@dataclass(frozen=True, slots=True)
class _Dummy:
    counts: Counts | None
    tiles: tuple[Tile, ...]


def _counts(wire: Mapping[str, int]) -> dict[Building, int]:
    return {building: int(wire.get(building.value, 0)) for building in BUILDINGS}


def _seats(players: Sequence[Mapping[str, Any]]) -> tuple[Seat, ...]:
    """Every player: an Alhambra with its pieces and gates (G1) read in one pass, or counts and
    a wall; the cards beside the Alhambra (V3). Every tile's problem (C1, B6, V4)."""
    problems: list[Problem] = []
    seats = []
    for index, player in enumerate(players):
        alhambra = furnished = None
        if "alhambra" in player:
            try:
                position = read_alhambra(player["alhambra"], player.get("gates", ()))
            except InvalidDocument as error:
                problems += under((index, "alhambra"), error.problems)
            else:
                if isinstance(position, Furnished):
                    alhambra, furnished = position.alhambra, position
                else:
                    alhambra = position
        cards = []
        for member in CARDS_MEMBERS:
            for card_index, item in enumerate(player.get(member, ())):
                try:
                    cards.append(tile_of(item))
                except InvalidDocument as error:
                    problems += under((index, member, card_index), error.problems)
        counts = _counts(player["counts"]) if "counts" in player else None
        wall = int(player.get("wall", 0))
        seats.append(Seat(player["name"], alhambra, counts, wall, tuple(cards), furnished))
    if problems:
        raise InvalidDocument(problems)
    return tuple(seats)


def _dummy(dummy: Mapping[str, Any]) -> _Dummy:
    """The dummy's counts or tiles (D3), each tile of the catalog if priced (C1); never a wall
    (W6)."""
    problems: list[Problem] = []
    if "wall" in dummy:
        problems.append(Problem("/wall", Text("api.W6.dummy_wall")))
    tiles = []
    for index, item in enumerate(dummy.get("tiles", ())):
        try:
            tiles.append(tile_of(item))
        except InvalidDocument as error:
            problems += under(("tiles", index), error.problems)
    if problems:
        raise InvalidDocument(problems)
    return _Dummy(_counts(dummy["counts"]) if "counts" in dummy else None, tuple(tiles))


def load_scores(body: Mapping[str, Any]) -> ScoresQuery:
    """A schema-valid ``POST /v1/scores`` body as a :class:`ScoresQuery`, in the stages of a
    schema (each player, then what joins them: names, the dummy's table D1 and tiles, the
    catalog's totals C1, the Big Box's refusals), every problem of both together.

    Plain code, not a marshmallow schema: the busiest operation's loader, with the same codecs
    (:func:`calculator.api.wire.read_alhambra`, :func:`~calculator.api.wire.tile_of`) and
    problems as the schemas. A schema's framing of these same functions measured 23 to 33 us
    more per request of ``bench/scores_profile.py`` (a fifth of the load; docs/performance.md).
    """
    problems: list[Problem] = []
    players = body["players"]
    seats = None
    try:
        seats = _seats(players)
    except InvalidDocument as error:
        problems += under(("players",), error.problems)
    problems += names_taken_twice([player["name"] for player in players])
    dummy = None
    if "dummy" in body:
        if len(players) != 2:
            problems.append(Problem("/dummy", Text("api.D1.dummy_table", n=len(players))))
        try:
            dummy = _dummy(body["dummy"])
        except InvalidDocument as error:
            problems += under(("dummy",), error.problems)
    problems += _beyond_catalog(
        [(i, _counts(p["counts"])) for i, p in enumerate(players) if "counts" in p],
        None if dummy is None else dummy.counts,
        () if dummy is None else dummy.tiles,
    )
    scoring_round = int(body["round"])
    positions = None if seats is None else [seat.position for seat in seats]
    typed = [] if seats is None else [seat.counts for seat in seats]
    problems += expansions.scores_problems(body, scoring_round, positions, typed)
    if problems:
        raise InvalidDocument(problems)
    assert seats is not None and positions is not None  # read, or a problem was raised
    held = None
    if dummy is not None:
        held = dummy.counts if dummy.counts is not None else building_counts(dummy.tiles)
    return ScoresQuery(
        scoring_round,
        seats,
        held,
        hole_rule_of(body),
        expansions.expansions_of(body, scoring_round, positions, typed),
        wall_carriers(body.get("modules", ())),
    )


def _beyond_catalog(
    counted: Sequence[tuple[int, Counts]], dummy_counts: Counts | None, dummy_tiles: Sequence[Tile]
) -> Iterator[Problem]:
    """C1: over the players given by counts and the dummy, at most the catalog's tiles of each
    type; the problem points at the count (or dummy tile) that takes the total past it.

    Players given as an Alhambra are checked as positions, not summed: a described table of
    six full Alhambras is a request this API must answer (``docs/api.md``, "Errors").
    """
    if not counted and dummy_counts is None and not dummy_tiles:
        return  # nothing to sum
    for building in BUILDINGS:
        holdings: list[tuple[tuple[str | int, ...], int]] = [
            (("players", index, "counts", building.value), counts[building])
            for index, counts in counted
        ]
        if dummy_counts is not None:
            holdings.append((("dummy", "counts", building.value), dummy_counts[building]))
        holdings.extend(
            (("dummy", "tiles", index), 1)
            for index, tile in enumerate(dummy_tiles)
            if tile.building == building
        )
        limit, total = CATALOG_COUNTS[building], 0
        for where, count in holdings:
            total += count
            if total > limit:
                yield Problem(
                    pointer(*where),
                    Text(f"api.C1.too_many.{building.value}", n=total, limit=limit),
                )
                break


# --- the game requests (T1-T9, V1-V4) ---------------------------------------------------------


def load_actions(documents: Sequence[Any]) -> tuple[Action, ...]:
    """Every action of a request (or moves of a record), each by the game document's codec."""
    problems: list[Problem] = []
    actions = []
    for index, document in enumerate(documents):
        try:
            actions.append(load_action(document))
        except InvalidDocument as error:
            problems += under((index,), error.problems)
    if problems:
        raise InvalidDocument(problems)
    return tuple(actions)


class _WithState(Schema):
    """A request about a game: its state, checked for consistency (a state a game can reach)."""

    state = CodecField(load_state, required=True)


@dataclass(frozen=True, slots=True)
class AdvanceQuery:
    """``POST /v1/games/advance``: the state and the actions to apply, in order."""

    state: GameState
    actions: tuple[Action, ...]


class LegalActionsRequest(_WithState):
    """``POST /v1/games/legal-actions``."""

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> GameState:
        state: GameState = data["state"]
        return state


class AdvanceRequest(_WithState):
    """``POST /v1/games/advance``."""

    actions = CodecField(load_actions, required=True)

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> AdvanceQuery:
        return AdvanceQuery(data["state"], data["actions"])


@dataclass(frozen=True, slots=True)
class AdviceQuery:
    """``POST /v1/games/advice``: the seat asked about (``None``: the one to act), the player's
    level, its time and iterations, and the seed (``None``: the server picks one)."""

    state: GameState
    player: int | None
    level: Level
    budget_ms: int | None
    iterations: int | None
    seed: int | None


class AdviceRequest(_WithState):
    """``POST /v1/games/advice``."""

    player = fields.Integer()
    level = fields.String(load_default="mcts")
    budget_ms = fields.Integer()
    iterations = fields.Integer()
    seed = fields.Integer()

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> AdviceQuery:
        return AdviceQuery(
            data["state"],
            data.get("player"),
            cast(Level, data["level"]),  # the schema's levels
            data.get("budget_ms"),
            data.get("iterations"),
            data.get("seed"),
        )


@dataclass(frozen=True, slots=True)
class BotTurnsQuery:
    """``POST /v1/games/bot-turns``: the bots by seat, each decision's time, the seed."""

    state: GameState
    bots: dict[int, Level]
    budget_ms: int | None
    seed: int | None


class BotTurnsRequest(_WithState):
    """``POST /v1/games/bot-turns``: each bot sits at a seat of the game (422 otherwise)."""

    bots = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    budget_ms = fields.Integer()
    seed = fields.Integer()

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> BotTurnsQuery:
        state: GameState = data["state"]
        seats = len(state.players)
        problems = [
            Problem(pointer("bots", key), Text("api.C2.no_seat", seat=key, n=seats))
            for key in data["bots"]
            if int(key) >= seats
        ]
        if problems:
            raise refusal(problems)
        bots = {int(key): cast(Level, level) for key, level in data["bots"].items()}
        return BotTurnsQuery(state, bots, data.get("budget_ms"), data.get("seed"))


@dataclass(frozen=True, slots=True)
class NewGameQuery:
    """``POST /v1/games``: the players' names in seat order, the seed (``None``: the server
    picks one), the start player (``None``: T1 decides) and the options."""

    names: tuple[str, ...]
    seed: int | None
    start_player: int | None
    options: Options


class _NewGameOptions(Schema):
    """The options of a new game; what is left out is the base game's (digital, B5 by region,
    no module, the stand-in components of the catalog)."""

    mode = fields.String()
    holes = fields.String()
    modules = fields.List(fields.String())
    components = CodecField(load_components)


class NewGameRequest(Schema):
    """``POST /v1/games``: the start player sits at the table, names are unique, the
    components are the catalog's tiles (V3) and the game's huts (V4)."""

    players = fields.List(fields.String(), required=True)
    seed = fields.Integer()
    start_player = fields.Integer()
    options = fields.Nested(_NewGameOptions)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def joined(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        names = original["players"]
        problems: list[Problem] = []
        start = original.get("start_player")
        if start is not None and int(start) >= len(names):
            problems.append(
                Problem("/start_player", Text("api.C2.no_seat", seat=int(start), n=len(names)))
            )
        problems += names_taken_twice(names, member=None)
        components = original.get("options", {}).get("components", {})
        for module in REGISTRY:  # what a module's own components must be (V4)
            if module.given_components is not None:
                problems += [
                    Problem(pointer("options", "components", member), message)
                    for member, message in module.given_components(components)
                ]
        if problems:
            raise refusal(problems)

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> NewGameQuery:
        options = data.get("options", {})
        components = options.get("components", {})
        return NewGameQuery(
            tuple(data["players"]),
            data.get("seed"),
            data.get("start_player"),
            Options(
                mode=options.get("mode", "digital"),
                hole_rule=options.get("holes", "region"),
                rules=ruleset(options.get("modules", ())),
                components=tuple(
                    (member, tuple(tiles)) for member, tiles in sorted(components.items()) if tiles
                ),
            ),
        )


LEGAL_ACTIONS: Final = LegalActionsRequest()
ADVANCE: Final = AdvanceRequest()
ADVICE: Final = AdviceRequest()
BOT_TURNS: Final = BotTurnsRequest()
NEW_GAME: Final = NewGameRequest()


# --- the one way in --------------------------------------------------------------------------


Query = TypeVar("Query")


def read(body: Any, contract: str, loader: Schema | Callable[[Any], Query]) -> Query:
    """Every request body's one path: its contract (``schemas/``: the compiled yes/no, and on a
    no the explanation of every problem, :mod:`calculator.api.contract`), then its loader (a
    schema of this module, or :func:`load_scores`), each problem pointed at; a refusal is a 422
    (:class:`~calculator.api.problems.InvalidRequest`). A request whose problems all lie in its
    game state says so: the state is not one a game can reach."""
    request_contract(contract).check(body)
    try:
        if isinstance(loader, Schema):
            return load(loader, body)  # type: ignore[no-any-return]
        return loader(body)
    except InvalidDocument as error:
        problems = error.problems
        detail = None
        if isinstance(loader, _WithState) and all(
            p.pointer == "/state" or p.pointer.startswith("/state/") for p in problems
        ):
            detail = Text("api.detail.unreachable_state", n=len(problems))
        raise InvalidRequest(problems, detail) from None
