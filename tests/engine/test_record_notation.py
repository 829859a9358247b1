"""The text notation of a record: written strictly, read leniently, and round-tripped (T1-T9,
D4, V1-V4: every action the engine knows has a notation).

Properties over seeded games of 2 to 6 players, digital and table, with and without modules,
under any names and tags: record -> text -> record is the identity, and text -> record -> text
gives the canonical text back. Then the reader's leniency, case by case, and its refusals,
each with its line and column.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from calculator.core.tiles import Building, Currency, Tile
from calculator.engine import Options
from calculator.engine.actions import (
    Buy,
    EndTurn,
    Pass,
    PlaceTile,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    TakeMoney,
)
from calculator.engine.components import CARD
from calculator.i18n import say
from calculator.modules import ACTIONS as MODULE_ACTIONS
from calculator.modules import CARDS as MODULE_CARDS
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset
from calculator.records.notation import (
    ACTION_KINDS,
    FORMS,
    GAME_TAGS,
    NotationError,
    move_text,
    read,
    write,
)
from calculator.records.record import Record, Setup
from calculator.records.replay import steps
from tests.helpers.record_games import CONFIGURATIONS, golden, played

names = st.lists(
    st.text(
        st.characters(blacklist_categories=("Cc", "Cs")),
        min_size=1,
        max_size=40,
    ),
    min_size=6,
    max_size=6,
    unique=True,
)
tag_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,31}", fullmatch=True).filter(
    lambda name: name.casefold() not in {tag.casefold() for tag in GAME_TAGS}
)
tags = st.dictionaries(
    tag_names,
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=200),
    max_size=5,
)


def renamed(record: Record, given: list[str], tagged: dict[str, str]) -> Record:
    setup = replace(record.setup, names=tuple(given[: len(record.setup.names)]))
    return Record(setup, record.moves, tuple(sorted(tagged.items())))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CONFIGURATIONS), st.integers(0, 2), names, tags)
def test_a_record_written_and_read_back_is_the_same_record(configuration, seed, given, tagged):
    players, mode, modules = configuration
    record = renamed(played(players, seed, mode, modules), given, tagged)
    text = write(record)
    back = read(text).record
    assert back.setup == record.setup
    assert back.moves == record.moves
    assert dict(back.tags) == dict(record.tags)
    assert write(back) == text  # the text read and written again is the canonical text


@pytest.mark.parametrize(("players", "mode", "modules"), CONFIGURATIONS)
def test_each_turn_is_one_line_numbered_as_the_game_numbers_it(players, mode, modules):
    """T2: a line per turn; in table mode the setup's reveals are line 0 (T1) and each turn's
    refill is on its line (T7), the vizier's purchases after it too (V1)."""
    record = played(players, 0, mode, modules)
    text = write(record)
    numbers = [int(line.split(".")[0]) for line in text.split("\n\n", 1)[1].splitlines()]
    assert numbers == sorted(set(numbers))
    reading = read(text)
    turns = {}
    for step in steps(record):
        turns.setdefault(reading.lines[step.move], set()).add(step.before.turn.number)
    body_start = len(text.split("\n\n", 1)[0].splitlines()) + 2
    for line, seen in turns.items():
        assert len(seen) == 1
        assert text.splitlines()[line - 1].startswith(f"{seen.pop()}. ")
    assert min(turns) == body_start


@pytest.mark.parametrize("name", ["game-2-players", "game-3-players-vizier-favour"])
def test_the_golden_games_round_trip(name):
    record, _ = golden(name)
    assert read(write(record)).record == record


def test_every_action_has_a_notation_of_its_fields():
    """Each action the engine knows, the modules' too (V1-V4), is written by its fields: no
    kind is left without a form."""
    kinds = {kind.kind for kind in ACTION_KINDS}
    assert set(MODULE_ACTIONS) <= kinds
    assert {"take_money", "buy", "place", "reveal_tile", "reveal_scoring_card"} <= kinds
    assert set(FORMS) == set(ACTION_KINDS)


def test_every_kind_of_action_comes_up_in_the_games_round_tripped():
    seen = {
        type(move).kind
        for configuration in CONFIGURATIONS
        for seed in range(3)
        for move in played(*configuration[:1], seed, *configuration[1:]).moves
    }
    assert seen == {kind.kind for kind in ACTION_KINDS} - {"pass"}


def test_a_pass_is_written_and_read():
    """T2: a player with no legal action lets the turn go by; no random game needs it."""
    record = Record(Setup(("Anna", "Ben"), 1), (Pass(0),))
    assert write(record).endswith("1. Anna: pass\n")
    assert read(write(record)).record == record


# --- the canonical text ------------------------------------------------------------------------

TWO = '[Player1 "Anna"]\n[Player2 "Ben"]\n[Seed "1"]\n\n'


def test_the_canonical_text_of_a_short_game():
    record = Record(
        Setup(("Anna", "Ben"), 1),
        (
            Buy(0, 2, (CARD[Currency.DIRHAM, 8],)),
            Buy(0, 1, (CARD[Currency.FLORIN, 4], CARD[Currency.FLORIN, 7])),
            PlaceTile(0, Tile(Building.CHAMBERS, "", 10), (0, -1)),
            PlaceTile(0, Tile(Building.SERAGLIO, "S", 8), (1, 0)),
        ),
        (("Event", "Club night"), ("Date", "2025.03.14")),
    )
    assert write(record) == (
        '[Event "Club night"]\n[Date "2025.03.14"]\n'
        + TWO
        + "1. Anna: buy 2 dirham 8; buy 1 florin 4 + florin 7; place chambers 10 - at 0,-1; "
        "place seraglio 8 S at 1,0\n"
    )


def test_a_name_that_is_not_plain_words_is_quoted_and_read_back():
    setup = Setup(('Ann "the Ace"', "Ben: 2.", "#3"), 1)
    record = Record(setup, (TakeMoney(0, (CARD[Currency.FLORIN, 4],)),))
    text = write(record)
    assert '"Ann \\"the Ace\\"": take_money florin 4' in text
    assert read(text).record == record


def test_a_seat_the_game_does_not_have_is_written_by_its_number():
    record = Record(Setup(("Anna", "Ben"), 1), (EndTurn(4),))
    assert "1. #5: end_turn" in write(record)
    assert read(write(record)).record == record


def test_options_and_components_are_tags():
    components = (("huts", tuple(Tile(b, "N", hut=True) for b in Building)[:2]),)
    options = Options(mode="table", hole_rule="cell", rules=ruleset(MODULES), components=components)
    setup = Setup(("Anna", "Ben"), None, 1, options)
    text = write(Record(setup))
    assert '[StartPlayer "Ben"]' in text and '[Mode "table"]' in text
    assert '[Holes "cell"]' in text and '[Modules "vizier exchange bonus huts"]' in text
    assert '[Huts "hut pavilion N, hut seraglio N"]' in text
    assert read(text).record.setup == setup


# --- lenient reading ---------------------------------------------------------------------------

CANONICAL = TWO + (
    "1. Anna: buy 2 dirham 8; buy 1 florin 4 + florin 7; place chambers 10 - at 0,-1; "
    "place seraglio 8 S at 1,0\n2. Ben: take_money denar 3 + ducat 2\n"
)


@pytest.mark.parametrize(
    "lenient",
    [
        # case and spacing, moves split over lines, numbers left out or run together
        TWO + "1.   ANNA :  BUY 2 Dirham 8 ;buy 1 florin 4+florin 7;\n place Chambers 10 - "
        "at (0, -1); place seraglio 8 s at 1 , 0\n2. ben: Take Money denar 3 + ducat 2",
        TWO + "Anna: buy 2 dirham 8; buy 1 florin 4 + florin 7; place chambers 10 - at 0,-1; "
        "place seraglio 8 S at 1,0; Ben: take-money denar 3 + ducat 2",
        TWO + "1. Anna: buy 2 dirham 8; buy 1 florin 4 + florin 7; place chambers 10 - at 0,-1; "
        "place seraglio 8 S at 1,0 2. Ben: take_money denar 3 + ducat 2 *",
        # comments and decorations
        "{a friendly game}\n% a line the reader skips\n" + TWO + "1. Anna: buy 2 dirham 8!; "
        "buy 1 florin 4 + florin 7 {costly}; place chambers 10 - at 0,-1 ?!; place seraglio 8 S "
        "at 1,0\n2. Ben: take_money denar 3 + ducat 2??",
        # shortened names, colours, walls left out or in any order, commas, "slot", "to"
        TWO + "1. Anna: buy slot 2 dir 8; buy 1 yellow 4, yellow 7; place cha 10 none to 0,-1; "
        "place ser 8 at 1,0\n2. #2: take_money blue 3 + orange 2",
        TWO + "1. Anna: buy 2 dirham8; buy 1 flo4 + flo7; place chambers 10 at 0,-1; "
        "place seraglio 8 s at 1,0\n2. Ben: take_money de 3 + du 2",
        # the tags in any case and spacing
        '[player1   "Anna"]\n[PLAYER2 "Ben"]\n[seed "1"]\n' + CANONICAL.split("\n\n", 1)[1],
    ],
)
def test_the_reader_is_lenient(lenient):
    assert read(lenient).record == read(CANONICAL).record
    assert write(read(lenient).record) == CANONICAL


def test_walls_left_out_are_those_of_the_one_tile_of_that_building_and_price():
    """C1: a tower costing 13 is the tower 13 E; a garden costing 8 is one of three."""
    text = TWO + "1. Anna: reserve tower 13"
    assert read(text).record.moves[0].tile == Tile(Building.TOWER, "E", 13)
    with pytest.raises(NotationError) as refused:
        read(TWO + "1. Anna: reserve garden 8")
    assert re.search(
        r"which garden 8\? Say its walls: garden 8 SW, garden 8 NE or garden 8 NW",
        say(refused.value.message, "en"),
    )


def test_reveals_name_nobody_and_keep_the_player_of_the_moves_around_them():
    text = (
        '[Player1 "Anna"]\n[Player2 "Ben"]\n[Mode "table"]\n\n'
        "1. Anna: take_money florin 4; reveal_money denar 3; reveal_scoring_card 1; "
        "reveal_tile garden 8 NE; place garden 8 NE at 1,0"
    )
    moves = read(text).record.moves
    assert moves[1] == RevealMoney(CARD[Currency.DENAR, 3])
    assert moves[2] == RevealScoringCard(1)
    assert moves[3] == RevealTile(Tile(Building.GARDEN, "NE", 8))
    assert moves[4].player == 0


def test_a_modules_card_is_written_by_what_it_shows():
    """V2: an exchange card among the money of a take or a payment."""
    (wire, kind), *_ = MODULE_CARDS.items()
    card = kind.from_wire(["denar", "dirham"])
    move = TakeMoney(1, (), (card,))
    assert move_text(move) == f"take_money {wire} denar/dirham"
    text = TWO + f"1. Ben: take_money {wire} dirham/de"
    assert read(text).record.moves == (move,)


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "says"),
    [
        (TWO + "1. Anna: buy 2 dirham 8; place garden 99 NE at 1,0", 5, 39, "no garden costs 99"),
        (TWO + "1. Anna: place garden 8 E at 1,0", 5, 23, "no garden 8 E in the game"),
        (TWO + "1. Anna: buy 2 dirham 10", 5, 23, "a money card's value is 1 to 9 (C3)"),
        (TWO + "1. Anna: buy 2 rupee 5", 5, 16, "'rupee' is no money"),
        (TWO + "1. Dana: take_money florin 3", 5, 4, "'Dana' is not a player"),
        (TWO + "1. take_money florin 3", 5, 4, "who plays this take_money?"),
        (TWO + "1. Anna: reveal_tile garden 8 NE", 5, 4, "names no player"),
        (TWO + "1. Anna: dance", 5, 10, "'dance' is not a move"),
        (TWO + "1. Anna: place garden 8 NE at 1", 5, 31, "the cell, as x,y"),
        (TWO + "1. Anna: place garden 8 NE at 1,0 now", 5, 35, "'now' has no place here"),
        (TWO + "1. Anna: take_money florin 3 {never closed", 5, 30, "never ends"),
        ('[Player1 "Anna"\n', 1, 1, 'a tag is written [Name "value"]'),
        ('[Player1 "Anna"]\n[Player3 "Carla"]\n', 2, 1, "Player2 is missing"),
        ('[Seed "7"]\n[seed "8"]\n', 2, 1, "the tag Seed is given twice"),
        ('[Seed "seven"]\n', 1, 1, "the seed is a whole number"),
        ('[Mode "online"]\n', 1, 1, "the mode is one of digital, table"),
        ('[Modules "vizier thieves"]\n', 1, 1, "a module is one of vizier"),
        ('[Player1 "Anna"]\n[StartPlayer "Zoe"]\n', 2, 1, "the start player 'Zoe'"),
    ],
)
def test_what_cannot_be_read_is_refused_at_its_line_and_column(text, line, column, says):
    with pytest.raises(NotationError) as refused:
        read(text)
    assert (refused.value.line, refused.value.column) == (line, column)
    assert says in say(refused.value.message, "en")


def test_a_refusal_names_the_walls_the_tile_has():
    with pytest.raises(NotationError) as refused:
        read(TWO + "1. Anna: reserve garden 8 W")
    assert re.search(
        re.escape("a garden costing 8 is garden 8 SW, garden 8 NE or garden 8 NW"),
        say(refused.value.message, "en"),
    )
