"""A record as text a person reads and writes at a table, in the spirit of chess's PGN: a header
of tags, then one numbered line per turn, each move naming who plays it (T2), what and how.

    [Event "Club night"]
    [Player1 "Anna"]
    [Player2 "Ben"]
    [Seed "7"]

    1. Anna: buy 2 dirham 8; buy 1 florin 4 + florin 7; place seraglio 8 S at 1,0; ...
    2. Ben: take_money denar 3 + ducat 2

A move is its action's wire name followed by its fields in the order its record declares them,
each written by its type: a slot or a round as a number, a tile as its building, price and
walls (``-`` for none; a worker hut as ``hut``, its colour and walls, V4), a cell as ``at x,y``,
cards as ``florin 4 + florin 7`` (a module's card as its wire name and what it shows, V2). So
every action the engine knows, the modules' too, has its notation without a word of its own
here; the grammar is in ``docs/records.md``.

As PGN's export and import formats: :func:`write` writes one canonical text, and :func:`read`
reads leniently: any case and spacing, comments in braces, ``!``/``?`` decorations, turn
numbers anywhere or nowhere, a player named once for the moves after it in a turn, names of
buildings and currencies shortened (``gar``, ``flo``) or currencies by colour (``yellow 4``),
walls in any order or left out when the tile's building and price say them (C1), card lists
joined by ``+`` or commas. What it cannot read it refuses with the line and column.

The turn numbers the writer writes are the game's own (``turn.number``): the writer replays the
record (:mod:`calculator.records.replay`). The reader reads them as separators only.
"""

from __future__ import annotations

import re
import typing
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import Any, Final, get_args

import msgspec
from msgspec import Struct

from calculator import modules as registry
from calculator.core.text import Text, Value, listed
from calculator.core.tiles import (
    BUILDINGS,
    CATALOG,
    CATALOG_SET,
    CURRENCIES,
    Building,
    Currency,
    Tile,
    canonical_walls,
)
from calculator.engine import actions as act
from calculator.engine.components import CARD, ModuleCard, MoneyCard
from calculator.engine.state import MODES, Options
from calculator.records.record import Record, Setup, modules_in_order, ordered_tags
from calculator.records.replay import turn_numbers

MAX_PLAYERS: Final[int] = 6
"""C2: a table has 2 to 6 players: the tags ``Player1`` to ``Player6``."""


class NotationError(Exception):
    """Text the reader cannot read: where (line and column, from 1) and why."""

    def __init__(self, line: int, column: int, message: Text) -> None:
        super().__init__(f"line {line}, column {column}: {message!r}")
        self.line = line
        self.column = column
        self.message = message


class Reading(Struct, frozen=True):
    """A record read from text, and the line each of its moves is written on."""

    record: Record
    lines: tuple[int, ...]


# --- the game's tags ---------------------------------------------------------------------------

PLAYER_TAG: Final[str] = "Player"
START_TAG: Final[str] = "StartPlayer"
SEED_TAG: Final[str] = "Seed"
MODE_TAG: Final[str] = "Mode"
HOLES_TAG: Final[str] = "Holes"
MODULES_TAG: Final[str] = "Modules"


def component_tag(member: str) -> str:
    """The tag of a member of ``options.components`` (V3, V4): its words capitalised."""
    return "".join(word.capitalize() for word in member.split("_"))


COMPONENT_TAGS: Final[dict[str, str]] = {
    component_tag(member): member for member in registry.COMPONENTS
}
GAME_TAGS: Final[tuple[str, ...]] = (
    *(f"{PLAYER_TAG}{seat}" for seat in range(1, MAX_PLAYERS + 1)),
    START_TAG,
    SEED_TAG,
    MODE_TAG,
    HOLES_TAG,
    MODULES_TAG,
    *COMPONENT_TAGS,
)
"""The tags that say the game a record starts from: taken by no tag a person gives."""
_GAME_TAG_BY_FOLDED: Final[dict[str, str]] = {tag.casefold(): tag for tag in GAME_TAGS}


def is_game_tag(name: str) -> bool:
    return name.casefold() in _GAME_TAG_BY_FOLDED


# --- the moves' forms ------------------------------------------------------------------------

INT, TILE, CELL, BUILDING, CARDS, CARD_ = "int", "tile", "cell", "building", "cards", "card"


class _Field(Struct, frozen=True):
    name: str
    kind: str


def _kind_of(annotation: Any) -> str | None:
    """How a field of an action's record is written, by its type (``None``: not written on its
    own: the player is the move's actor, a module's cards go with the money cards)."""
    if annotation is int:
        return INT
    if annotation is Tile:
        return TILE
    if annotation is Building:
        return BUILDING
    if typing.get_origin(annotation) is tuple:
        arguments = get_args(annotation)
        if arguments == (int, int):
            return CELL
        if arguments[:1] == (MoneyCard,):
            return CARDS
        if arguments and isinstance(arguments[0], type) and issubclass(arguments[0], ModuleCard):
            return None
    if set(get_args(annotation)) == {MoneyCard, ModuleCard}:
        return CARD_
    raise TypeError(f"an action's field of type {annotation!r} has no notation")


def _form(kind: type[Any]) -> tuple[_Field, ...]:
    fields = []
    for field in msgspec.structs.fields(kind):
        if field.name == "player":
            continue
        written = _kind_of(field.type)
        if written is not None:
            fields.append(_Field(field.name, written))
    return tuple(fields)


ACTION_KINDS: Final[tuple[type[Any], ...]] = (
    *(kind for kind in get_args(act.Action) if kind not in (act.ModuleAction, act.ModuleReveal)),
    *registry.ACTIONS.values(),
)
"""Every action record, the base game's and the modules', as the game document knows them."""

FORMS: Final[dict[type[Any], tuple[_Field, ...]]] = {kind: _form(kind) for kind in ACTION_KINDS}
KINDS: Final[dict[str, type[Any]]] = {kind.kind: kind for kind in ACTION_KINDS}
_PLAYED: Final[frozenset[type[Any]]] = frozenset(
    kind for kind in ACTION_KINDS if "player" in kind.__struct_fields__
)
"""The actions a player makes (the others are a table's reveals, which name nobody)."""


# --- writing -------------------------------------------------------------------------------------


def write(record: Record) -> str:
    """The canonical text of ``record``: its tags, a blank line, one line per turn."""
    header = [f'[{name} "{_escape(value)}"]' for name, value in tags_of(record)]
    lines: list[str] = []
    numbers = turn_numbers(record)
    names = record.setup.names
    current: int | None = None
    actor: int | None = None
    moves: list[str] = []
    for action, number in zip(record.moves, numbers, strict=True):
        if number != current:
            if moves:
                lines.append(f"{current}. " + "; ".join(moves))
            current, actor, moves = number, None, []
        player = getattr(action, "player", None)
        text = move_text(action)
        if player is not None and player != actor:
            text = f"{actor_text(player, names)}: {text}"
            actor = player
        moves.append(text)
    if moves:
        lines.append(f"{current}. " + "; ".join(moves))
    return "\n".join(header) + "\n\n" + "".join(line + "\n" for line in lines)


def tags_of(record: Record) -> list[tuple[str, str]]:
    """The tags a record's header holds, in their order: the tags a person gave it, then the
    game's (its players, start player, seed, mode, hole rule, modules, components)."""
    setup = record.setup
    options = setup.options
    tags = list(ordered_tags(record.tags))
    tags += [(f"{PLAYER_TAG}{seat}", name) for seat, name in enumerate(setup.names, start=1)]
    if setup.start_player is not None:
        tags.append((START_TAG, _start_text(setup)))
    if setup.seed is not None:
        tags.append((SEED_TAG, str(setup.seed)))
    if options.mode != "digital":
        tags.append((MODE_TAG, options.mode))
    if options.hole_rule != "region":
        tags.append((HOLES_TAG, options.hole_rule))
    if options.modules:
        tags.append((MODULES_TAG, " ".join(modules_in_order(options.modules))))
    tags += [
        (tag, ", ".join(tile_text(tile) for tile in options.component(member)))
        for tag, member in COMPONENT_TAGS.items()
        if options.component(member)
    ]
    return tags


def _start_text(setup: Setup) -> str:
    assert setup.start_player is not None
    seat = setup.start_player
    return setup.names[seat] if seat < len(setup.names) else f"#{seat + 1}"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


_BARE_NAME: Final = re.compile(r"[^\W\d_][\w'\-]*(?: [\w'\-]+)*")
"""A name written as it is: words of letters, digits, ``_``, ``'`` and ``-``, one space apart,
starting with a letter. Any other name is quoted."""


def actor_text(seat: int, names: Sequence[str]) -> str:
    """Who plays a move: the player's name (quoted when it is not plain words), or ``#n`` for a
    seat the game does not have (counted from 1)."""
    if seat >= len(names):
        return f"#{seat + 1}"
    name = names[seat]
    if _BARE_NAME.fullmatch(name):
        return name
    return f'"{_escape(name)}"'


def move_text(action: act.Action) -> str:
    """A move without its actor: its wire name, then its fields."""
    parts = [action.kind]
    for field in FORMS[type(action)]:
        value = getattr(action, field.name)
        if field.kind == INT:
            parts.append(str(value))
        elif field.kind == TILE:
            parts.append(tile_text(value))
        elif field.kind == CELL:
            parts.append(f"at {value[0]},{value[1]}")
        elif field.kind == BUILDING:
            parts.append(value.value)
        elif field.kind == CARDS:
            cards = [*value, *getattr(action, "module_cards", ())]
            parts.append(" + ".join(card_text(card) for card in cards))
        else:
            parts.append(card_text(value))
    return " ".join(parts)


def tile_text(tile: Tile) -> str:
    """A tile as its building, price and walls (``-`` for none): ``garden 8 NE``; a worker hut
    as ``hut``, its colour and its walls (V4)."""
    assert tile.building is not None
    if tile.hut:
        return f"hut {tile.building.value} {tile.walls}"
    return f"{tile.building.value} {tile.price} {tile.walls or '-'}"


def card_text(card: MoneyCard | ModuleCard) -> str:
    """A money card as its currency and value (``florin 4``); a module's card as its wire name
    and what it shows (V2: ``exchange denar/dirham``)."""
    if isinstance(card, MoneyCard):
        return card.describe()
    shown = card.to_wire()
    items = shown if isinstance(shown, list) else [shown]
    return f"{card.wire} {'/'.join(str(item) for item in items)}"


# --- reading -------------------------------------------------------------------------------------


class _Text:
    """The text being read, for the line and column of an offset."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [match.end() for match in re.finditer("\n", text)]

    def error(self, offset: int, message: Text) -> NotationError:
        line = bisect_right(self.starts, offset)
        return NotationError(line, offset - self.starts[line - 1] + 1, message)

    def line(self, offset: int) -> int:
        return bisect_right(self.starts, offset)


def read(text: str) -> Reading:
    """The record ``text`` writes, leniently read (see the module); :class:`NotationError` at
    the first thing it cannot read."""
    source = _Text(text)
    blank = _without_comments(source)
    tags, offset = _tags(source, blank)
    setup, given = _setup(source, tags)
    moves, lines = _moves(source, blank, offset, setup.names)
    return Reading(Record(setup, tuple(moves), ordered_tags(given)), tuple(lines))


def _without_comments(source: _Text) -> str:
    """The text with every comment (``{...}``, and a line starting with ``%``) blanked out,
    so that offsets still name lines and columns. Quoted text (a tag's value, a name) holds no
    comment."""
    text = source.text
    out = list(text)
    position = 0
    quoted = False
    while position < len(text):
        char = text[position]
        if quoted:
            if char == "\\":
                position += 1
            elif char == '"' or char == "\n":
                quoted = False
        elif char == '"':
            quoted = True
        elif char == "}":
            raise source.error(position, Text("api.notation.comment_end"))
        elif char == "{" or (char == "%" and (position == 0 or text[position - 1] == "\n")):
            end = text.find("}" if char == "{" else "\n", position)
            if end < 0 and char == "{":
                raise source.error(position, Text("api.notation.comment_open"))
            end = len(text) - 1 if end < 0 else end - (char == "%")
            for blanked in range(position, end + 1):
                if out[blanked] != "\n":
                    out[blanked] = " "
            position = end
        position += 1
    return "".join(out)


_TAG: Final = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')


def _tags(source: _Text, text: str) -> tuple[list[tuple[str, str, int]], int]:
    """The tags at the head of the text (name, value, offset), and where the moves begin."""
    found: list[tuple[str, str, int]] = []
    seen: dict[str, int] = {}
    position = 0
    while True:
        start = len(text) - len(text[position:].lstrip())
        if not text.startswith("[", start):
            return found, start
        match = _TAG.match(text, start)
        if match is None:
            raise source.error(start, Text("api.notation.tag_form"))
        name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
        folded = _GAME_TAG_BY_FOLDED.get(name.casefold(), name)
        if folded in seen:
            raise source.error(start, Text("api.notation.tag_twice", tag=folded))
        seen[folded] = start
        found.append((folded, value, start))
        position = match.end()


def _setup(source: _Text, tags: list[tuple[str, str, int]]) -> tuple[Setup, list[tuple[str, str]]]:
    """The game the tags name, and the tags a person gave besides."""
    game = {name: (value, offset) for name, value, offset in tags if name in GAME_TAGS}
    given = [(name, value) for name, value, _ in tags if name not in GAME_TAGS]
    names: list[str] = []
    for seat in range(1, MAX_PLAYERS + 1):
        tag = f"{PLAYER_TAG}{seat}"
        if tag not in game:
            later = [f"{PLAYER_TAG}{n}" for n in range(seat + 1, MAX_PLAYERS + 1)]
            missing = next((game[name][1] for name in later if name in game), None)
            if missing is not None:
                raise source.error(missing, Text("api.notation.player_missing", tag=tag))
            break
        names.append(game[tag][0])
    seed = start = None
    if SEED_TAG in game:
        value, offset = game[SEED_TAG]
        if not re.fullmatch(r"\s*\d+\s*", value):
            raise source.error(offset, Text("api.notation.seed", value=repr(value)))
        seed = int(value)
    if START_TAG in game:
        value, offset = game[START_TAG]
        start = _seat(source, offset, value.strip(), names, Text("api.member.start_player"))
    mode, holes, modules = "digital", "region", frozenset[str]()
    if MODE_TAG in game:
        mode = _choice(source, *game[MODE_TAG], MODES, Text("api.member.mode"))
    if HOLES_TAG in game:
        holes = _choice(source, *game[HOLES_TAG], ("region", "cell"), Text("api.notation.holes"))
    if MODULES_TAG in game:
        value, offset = game[MODULES_TAG]
        modules = frozenset(
            _choice(source, word, offset, registry.NAMES, Text("api.item.modules"))
            for word in re.split(r"[\s,]+", value.strip())
            if word
        )
    components = []
    for tag, member in COMPONENT_TAGS.items():
        if tag in game:
            value, offset = game[tag]
            tiles = tuple(
                _one_tile(source, part, offset) for part in value.split(",") if part.strip()
            )
            if tiles:
                components.append((member, tiles))
    options = Options(
        mode=mode,  # type: ignore[arg-type]  # one of MODES, by _choice
        hole_rule=holes,  # type: ignore[arg-type]  # region or cell, by _choice
        rules=registry.ruleset(modules),
        components=tuple(sorted(components)),
    )
    return Setup(tuple(names), seed, start, options), given


def _choice(source: _Text, value: str, offset: int, allowed: Sequence[str], what: Text) -> str:
    word = value.strip().casefold()
    for choice in allowed:
        if choice.casefold() == word:
            return choice
    told = Text("api.notation.choice", what=what, allowed=list(allowed), value=repr(value))
    raise source.error(offset, told)


def _seat(source: _Text, offset: int, who: str, names: Sequence[str], what: Text) -> int:
    """A seat named by a player's name (any case, when that names one player) or by ``#n``,
    counted from 1."""
    if re.fullmatch(r"#\d+", who):
        number = int(who[1:])
        if not 1 <= number <= MAX_PLAYERS:
            raise source.error(offset, Text("api.notation.seat", most=MAX_PLAYERS, who=who))
        return number - 1
    if who in names:
        return names.index(who)
    folded = [seat for seat, name in enumerate(names) if name.casefold() == who.casefold()]
    if len(folded) == 1:
        return folded[0]
    players: Value = list(names) or Text("api.notation.no_players")
    told = Text("api.notation.not_a_player", what=what, who=repr(who), players=players)
    raise source.error(offset, told)


def _one_tile(source: _Text, text: str, offset: int) -> Tile:
    tokens = _Tokens(source, text, offset)
    tile = tokens.tile()
    tokens.end()
    return tile


_TURN: Final = re.compile(r"(?:(?<=\s)|^)(\d+)[ \t]*\.+")
"""A turn's number: digits and a dot, at the start of a line or after a space."""


def _moves(
    source: _Text, text: str, offset: int, names: Sequence[str]
) -> tuple[list[act.Action], list[int]]:
    moves: list[act.Action] = []
    lines: list[int] = []
    actor: int | None = None
    last = len(text.rstrip()) - 1
    if last >= offset and text[last] == "*":  # PGN's mark of a game without a result
        text = text[:last] + " " + text[last + 1 :]
    for start, end, turn in _pieces(source, text, offset):
        if turn:
            actor = None  # a turn names its player again
            continue
        piece = text[start:end]
        if not piece.strip():
            continue
        action, actor = _move(source, piece, start, names, actor)
        moves.append(action)
        lines.append(source.line(start + len(piece) - len(piece.lstrip())))
    return moves, lines


def _pieces(source: _Text, text: str, offset: int) -> Iterator[tuple[int, int, bool]]:
    """The moves and turn numbers of the move text, in order: (start, end, is a turn number).
    A move ends at ``;``, at a turn number or at the end; a quoted name may hold either."""
    position = offset
    start = offset
    quoted = False
    while position < len(text):
        char = text[position]
        if quoted:
            if char == "\\":
                position += 2
                continue
            if char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char == ";":
            yield start, position, False
            start = position + 1
        elif char.isdigit():
            match = _TURN.match(text, position)
            if match is not None and (position == 0 or text[position - 1].isspace()):
                yield start, position, False
                yield position, match.end(), True
                start = position = match.end()
                continue
            while position < len(text) and text[position].isdigit():
                position += 1
            continue
        position += 1
    if quoted:
        raise source.error(start, Text("api.notation.name_open"))
    yield start, len(text), False


def _normal(words: str) -> str:
    return re.sub(r"[\s_\-]+", "_", words.strip().casefold())


def _move(
    source: _Text, piece: str, start: int, names: Sequence[str], actor: int | None
) -> tuple[act.Action, int | None]:
    """One move: ``[actor:] kind fields [decoration]``; the actor carries on from the move
    before it in the same turn when left out."""
    first = start + len(piece) - len(piece.lstrip())  # where the move is written
    body, base = piece, start  # the text after the actor, and its offset
    player: int | None = None
    match = re.match(r'\s*"((?:[^"\\]|\\.)*)"\s*:', piece) or re.match(r"\s*([^:\"]*?)\s*:", piece)
    if match is not None:
        who = match.group(1)
        if piece.lstrip().startswith('"'):
            who = re.sub(r"\\(.)", r"\1", who)
            if who not in names:
                told = Text("api.notation.no_player", who=repr(who), players=list(names))
                raise source.error(first, told)
            player = names.index(who)
        else:
            who = re.sub(r"\s+", " ", who)
            player = _seat(source, start + match.start(1), who, names, Text("api.member.player"))
        body, base = piece[match.end() :], start + match.end()
    kind_at = base + len(body) - len(body.lstrip())
    normal = _normal(body)
    kind_name = max(
        (
            kind
            for kind in KINDS
            if normal.startswith(kind)
            and (len(normal) == len(kind) or not normal[len(kind)].isalnum())
        ),
        key=len,
        default=None,
    )
    if kind_name is None:
        shown = body.strip().split()[0] if body.strip() else ""
        told = Text("api.notation.not_a_move", shown=repr(shown), kinds=list(KINDS))
        raise source.error(kind_at, told)
    kind = KINDS[kind_name]
    words = len(kind_name.split("_"))
    skipped = re.match(r"\s*" + r"[\s_\-]+".join([r"[^\s_\-]+"] * words), body)
    assert skipped is not None
    tokens = _Tokens(source, body[skipped.end() :], base + skipped.end())
    values: dict[str, Any] = {}
    for field in FORMS[kind]:
        values.update(tokens.field(field))
    tokens.decoration()
    tokens.end()
    if kind in _PLAYED:
        if player is None:
            player = actor
        if player is None:
            raise source.error(first, Text("api.notation.who_plays", move=kind_name))
        values["player"] = player
    elif player is not None:
        raise source.error(first, Text("api.notation.the_tables", move=kind_name))
    try:
        action = kind(**values)
    except (TypeError, ValueError):
        raise source.error(kind_at, Text("api.notation.no_such_move", move=kind_name)) from None
    return action, (player if kind in _PLAYED else actor)


_TOKEN: Final = re.compile(
    r"""(?P<space>\s+)
    |(?P<cell>\(\s*-?\d+\s*,\s*-?\d+\s*\)|-?\d+\s*,\s*-?\d+)
    |(?P<num>\d+)
    |(?P<word>[^\W\d_]+)
    |(?P<plus>[+,])
    |(?P<slash>/)
    |(?P<dash>-)
    |(?P<mark>[!?]+)""",
    re.VERBOSE,
)

_COLOURS: Final[dict[str, Currency]] = {
    "blue": Currency.DENAR,
    "green": Currency.DIRHAM,
    "orange": Currency.DUCAT,
    "yellow": Currency.FLORIN,
}
"""The money's colours (RULES.md's conventions), which players call it by."""


class _Tokens:
    """The tokens of one move's fields, read in the order of its record's fields."""

    def __init__(self, source: _Text, text: str, offset: int) -> None:
        self.source = source
        self.items: list[tuple[str, str, int]] = []
        position = 0
        while position < len(text):
            match = _TOKEN.match(text, position)
            if match is None:
                stray = Text("api.notation.no_place", what=repr(text[position]))
                raise source.error(offset + position, stray)
            if match.lastgroup != "space":
                self.items.append((match.lastgroup or "", match.group(), offset + position))
            position = match.end()
        self.index = 0
        self.end_offset = offset + len(text.rstrip())

    def peek(self) -> tuple[str, str, int] | None:
        return self.items[self.index] if self.index < len(self.items) else None

    def take(self, kind: str, wanted: Text) -> tuple[str, int]:
        item = self.peek()
        if item is None or item[0] != kind:
            where = self.end_offset if item is None else item[2]
            got: Value = Text("api.notation.nothing_more") if item is None else repr(item[1])
            raise self.source.error(where, Text("api.notation.comes_here", wanted=wanted, got=got))
        self.index += 1
        return item[1], item[2]

    def word_is(self, *words: str) -> bool:
        item = self.peek()
        return item is not None and item[0] == "word" and item[1].casefold() in words

    def end(self) -> None:
        item = self.peek()
        if item is not None:
            raise self.source.error(item[2], Text("api.notation.move_over", what=repr(item[1])))

    def decoration(self) -> None:
        """PGN's ``!``, ``?``, ``!?``...: a judgement of the move, not part of it."""
        if self.peek() is not None and self.peek()[0] == "mark":  # type: ignore[index]
            self.index += 1

    def field(self, field: _Field) -> dict[str, Any]:
        if field.kind == INT:
            if self.word_is(field.name):
                self.index += 1  # "slot 2", "round 1"
            text, _ = self.take("num", Text("api.notation.want.number", name=field.name))
            return {field.name: int(text)}
        if field.kind == TILE:
            return {field.name: self.tile()}
        if field.kind == CELL:
            if self.word_is("at", "to"):
                self.index += 1
            text, _ = self.take("cell", Text("api.notation.want.cell"))
            x, y = (int(part) for part in text.strip("() \t").split(","))
            return {field.name: (x, y)}
        if field.kind == BUILDING:
            return {field.name: self.building()}
        if field.kind == CARD_:
            return {field.name: self.card()}
        cards = [self.card()]
        while self.peek() is not None and self.peek()[0] == "plus":  # type: ignore[index]
            self.index += 1
            cards.append(self.card())
        money = tuple(sorted(card for card in cards if isinstance(card, MoneyCard)))
        others = tuple(sorted(card for card in cards if isinstance(card, ModuleCard)))
        return {field.name: money, "module_cards": others} if others else {field.name: money}

    def building(self) -> Building:
        text, offset = self.take("word", Text("api.notation.want.building"))
        return _building(self.source, text, offset)

    def tile(self) -> Tile:
        """``garden 8 NE``, ``garden 8 -``, ``gar 8 en``; ``garden 8`` when one garden costs 8
        (C1); ``hut tower NE`` (V4)."""
        if self.word_is("hut"):
            self.index += 1
            colour = self.building()
            text, offset = self.take("word", Text("api.notation.want.hut_walls"))
            return Tile(colour, _walls(self.source, text, offset), hut=True)
        building = self.building()
        building_name = Text(f"building.{building.value}")
        price_text, offset = self.take(
            "num", Text("api.notation.want.price", building=building_name)
        )
        price = int(price_text)
        walls: str | None = None
        item = self.peek()
        if item is not None and item[0] == "dash":
            self.index += 1
            walls = ""
        elif item is not None and item[0] == "word" and _is_walls(item[1]):
            self.index += 1
            walls = _walls(self.source, item[1], item[2])
        return _catalog_tile(self.source, offset, building, price, walls)

    def card(self) -> MoneyCard | ModuleCard:
        text, offset = self.take("word", Text("api.notation.want.card"))
        kind = registry.CARDS.get(text.casefold())
        if kind is not None:
            shown = [self._shown()]
            while self.peek() is not None and self.peek()[0] == "slash":  # type: ignore[index]
                self.index += 1
                shown.append(self._shown())
            try:
                return kind.from_wire(shown if len(shown) > 1 else shown[0])
            except ValueError:
                card = Text(f"api.card.{kind.wire}")
                raise self.source.error(
                    offset, Text("api.card.not_of_the_game", card=card)
                ) from None
        currency = _currency(self.source, text, offset)
        currency_name = Text(f"currency.{currency.value}")
        value_text, value_offset = self.take(
            "num", Text("api.notation.want.value", currency=currency_name)
        )
        value = int(value_text)
        if not 1 <= value <= 9:
            raise self.source.error(value_offset, Text("api.schema.card_value"))
        return CARD[currency, value]

    def _shown(self) -> Any:
        item = self.peek()
        if item is None or item[0] not in ("word", "num"):
            raise self.source.error(
                self.end_offset if item is None else item[2], Text("api.notation.card_shows")
            )
        self.index += 1
        if item[0] == "num":
            return int(item[1])
        currency = _match(item[1], {c.value: c for c in CURRENCIES})
        return currency.value if currency is not None else item[1]


def _match(word: str, choices: dict[str, Any], least: int = 2) -> Any:
    """The choice ``word`` names: exactly, or as the one choice it begins (``least`` letters
    or more), in any case."""
    folded = word.casefold()
    if folded in choices:
        return choices[folded]
    begun = [value for name, value in choices.items() if name.startswith(folded)]
    return begun[0] if len(folded) >= least and len(set(begun)) == 1 else None


def _building(source: _Text, word: str, offset: int) -> Building:
    building = _match(word, {b.value: b for b in BUILDINGS}, least=3)
    if building is None:
        raise source.error(
            offset,
            Text("api.notation.no_building", word=repr(word)),
        )
    return building  # type: ignore[no-any-return]


def _currency(source: _Text, word: str, offset: int) -> Currency:
    currency = _match(word, {**{c.value: c for c in CURRENCIES}, **_COLOURS})
    if currency is None:
        raise source.error(
            offset,
            Text("api.notation.no_money", word=repr(word)),
        )
    return currency  # type: ignore[no-any-return]


def _is_walls(word: str) -> bool:
    return word.casefold() == "none" or re.fullmatch(r"[nesw]{1,4}", word.casefold()) is not None


def _walls(source: _Text, word: str, offset: int) -> str:
    folded = word.upper()
    if folded == "NONE":
        return ""
    if not re.fullmatch(r"[NESW]{1,4}", folded) or len(set(folded)) < len(folded):
        raise source.error(offset, Text("api.notation.walls", word=repr(word)))
    return canonical_walls(folded)


def _catalog_tile(
    source: _Text, offset: int, building: Building, price: int, walls: str | None
) -> Tile:
    """C1: the tile of the game with this building, price and walls; without walls, the one
    tile of this building and price."""
    same = [tile for tile in CATALOG if tile.building is building and tile.price == price]
    if walls is not None and Tile(building, walls, price) in CATALOG_SET:
        return Tile(building, walls, price)
    if walls is None and len(same) == 1:
        return same[0]
    if not same:
        prices = sorted({tile.price or 0 for tile in CATALOG if tile.building is building})
        told = Text(
            "api.notation.no_price",
            building=Text(f"building.{building.value}"),
            price=price,
            low=prices[0],
            high=prices[-1],
        )
        raise source.error(offset, told)
    texts = [tile_text(tile) for tile in same]
    either = listed(texts, "or")
    named = Text(f"building.{building.value}")
    if walls is None:
        told = Text("api.notation.which_tile", building=named, price=price, tiles=either)
        raise source.error(offset, told)
    told = Text(
        "api.notation.no_tile",
        tile=tile_text(Tile(building, walls, price)),
        building=named,
        price=price,
        tiles=either,
    )
    raise source.error(offset, told)


__all__ = [
    "ACTION_KINDS",
    "GAME_TAGS",
    "NotationError",
    "Reading",
    "actor_text",
    "card_text",
    "is_game_tag",
    "move_text",
    "read",
    "tags_of",
    "tile_text",
    "write",
]
