"""A game's position from what lies on a table: the table-mode state a referee enters without
typing a bag or a pile (T1-T9, C1, C3, D1-D3; the modules' pieces, V1-V4).

The referee gives what is in sight: the Alhambras and reserves, the market, the face-up money,
the scores, the scoring round to come, whose turn it is, the hands where they are known (the
size of each other one), the discard pile if it was kept apart, the dummy's tiles and the
modules' pieces. Everything else is unseen, and is pooled as a seat's information set pools it
(:mod:`calculator.engine.players.information`): the bag holds every tile not in sight, in the
catalog's order; the hands not known are dealt, in seat order, the unseen money in its sorted
order (so a state with hidden hands is one of the many the table could be; an advisor pools
the other players' money again, so its advice does not depend on which); the money pile holds
the rest of the unseen money and the scoring cards not yet scored (T8); each module pools its
own unseen pieces (its ``at_table`` hook: V2-V4). A discard pile not given is pooled with the
pile: at a table every draw is revealed, and the pile and the discard differ only in when they
are drawn.

The state is then held to the check every client-sent state passes
(:mod:`calculator.engine.consistency`): every component once, legal Alhambras, a turn that can
exist. Each refusal names where it is and the rule it breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from msgspec import Struct
from msgspec.structs import replace

from calculator.core.text import Text
from calculator.core.tiles import CATALOG, Tile
from calculator.engine.components import (
    SCORING_CARDS,
    DisplayCard,
    MoneyCard,
    ScoringCard,
    money_cards,
)
from calculator.engine.consistency import Inconsistency, inconsistencies
from calculator.engine.core import ACTION
from calculator.engine.errors import Path
from calculator.engine.parts import Parts
from calculator.engine.state import GameState, Options, Player, Turn, to_game, to_state

FINAL_ROUND: Final[int] = 3


class Seat(Struct, frozen=True):
    """A player as the table shows them: the player with the money the referee knows of, and
    how many cards the hand holds when it is not known (``None``: the hand is known)."""

    player: Player
    hidden_cards: int | None = None


class Table(Struct, frozen=True):
    """What lies on the table (see the module); ``parts``: the modules' pieces of the game as
    the table shows them (a stack's top, V4)."""

    seats: tuple[Seat, ...]
    market: tuple[Tile | None, ...]
    face_up: tuple[DisplayCard, ...]
    turn: int
    scoring_round: int = 1
    number: int = 1
    discard: tuple[DisplayCard, ...] | None = None
    dummy: tuple[Tile, ...] | None = None
    options: Options = Options(mode="table")
    parts: Parts = Parts()


class PositionRefused(Exception):
    """A table that cannot be a game's: every reason, each where it is (a path into what the
    referee gave) and with the rule it breaks."""

    def __init__(self, problems: Sequence[Inconsistency]) -> None:
        super().__init__("; ".join(repr(problem.message) for problem in problems))
        self.problems = tuple(problems)


def position(table: Table) -> GameState:
    """The table-mode state of ``table`` at the start of its player's turn, everything unseen
    pooled; :class:`PositionRefused` when it cannot be a game's."""
    options = replace(table.options, mode="table")
    players = [seat.player for seat in table.seats]
    seen_money: Counter[MoneyCard] = Counter(
        card
        for cards in (
            *(player.hand for player in players),
            table.face_up,
            table.discard or (),
        )
        for card in cards
        if isinstance(card, MoneyCard)
    )
    unseen = sorted((Counter(money_cards(len(players))) - seen_money).elements())
    problems = []
    for index, seat in enumerate(table.seats):
        if seat.hidden_cards is None:
            continue
        if seat.hidden_cards > len(unseen):
            problems.append(
                Inconsistency(
                    ("players", index, "hand_size"),
                    Text("api.C3.hidden_cards", n=seat.hidden_cards, unseen=len(unseen)),
                )
            )
            continue
        dealt, unseen = unseen[: seat.hidden_cards], unseen[seat.hidden_cards :]
        players[index] = replace(seat.player, hand=tuple(sorted((*seat.player.hand, *dealt))))
    if problems:
        raise PositionRefused(problems)
    scored = tuple(range(1, table.scoring_round))
    pile: tuple[DisplayCard | ScoringCard, ...] = (
        *unseen,
        *(card for card in SCORING_CARDS if card.round >= table.scoring_round),
    )
    state = GameState(
        options=options,
        seed=None,
        shuffles=0,
        players=tuple(players),
        dummy=table.dummy,
        market=table.market,
        face_up=table.face_up,
        pile=pile,
        discard=table.discard or (),
        bag=_unseen_tiles(players, table.market, table.dummy),
        rounds_scored=scored,
        turn=Turn(table.turn, ACTION, table.number),
        parts=table.parts,
    )
    game = to_game(state)
    for module in options.rules.played:
        if module.at_table is not None:
            module.at_table(game)
    state = to_state(game)
    found = inconsistencies(state)
    if found:
        raise PositionRefused([_said_of_the_table(problem) for problem in found])
    return state


def _unseen_tiles(
    players: Sequence[Player], market: Sequence[Tile | None], dummy: Sequence[Tile] | None
) -> tuple[Tile, ...]:
    """C1: the tiles of the catalog in no Alhambra, reserve, market slot or dummy's pile."""
    seen = Counter(tile for tile in market if tile is not None)
    for player in players:
        seen.update(player.alhambra.tiles.values())
        seen.update(player.reserve)
    seen.update(dummy or ())
    return tuple(tile for tile in CATALOG if not seen[tile])


_COMPUTED: Final[dict[str, str]] = {
    "bag": "tiles",
    "pile": "money",
}


def _said_of_the_table(problem: Inconsistency) -> Inconsistency:
    """A problem of the state built, said of what the referee gave: the bag and the pile are
    what nobody sees, so what is wrong with them is wrong with what is in sight."""
    head = problem.where[0] if problem.where else ""
    if head in _COMPUTED:
        where: Path = ()
        return Inconsistency(where, Text("api.out_of_sight", what=problem.message))
    return problem
