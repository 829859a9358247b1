"""Is a state one the rules can reach? The check a client-sent state passes before use.

A client holds the game state between requests and may send back anything. Before the
engine goes on from it, the state must hold every component exactly once (C1, C3, D1: 54
tiles, 108 or 72 money cards, 2 scoring cards; V2-V4: what the modules add), only legal
Alhambras (B2-B5), a turn that can exist (the phase agrees with the market, the tiles
waiting, the scoring rounds...), scores the rounds scored can pay (M2-M5, W4, T8), a turn
number late enough for the purchases made (T4), the dummy's draws (D2) and an empty bag at
the end (T9).

Each problem names where it is, as a path into the state (``("players", 1, "hand", 3)``;
an Alhambra tile is named by its cell), for the caller to turn into a pointer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from msgspec import Struct

from calculator.core.building import alhambra_violations
from calculator.core.plausibility import most_wall
from calculator.core.scoring import POINTS, winners
from calculator.core.text import Text, Value
from calculator.core.tiles import CATALOG, Tile
from calculator.engine.components import (
    CARD,
    SCORING_CARDS,
    DisplayCard,
    MoneyCard,
    ScoringCard,
    copies_per_card,
    total,
)
from calculator.engine.core import (
    ACTION,
    FINAL_PLACEMENT,
    OVER,
    PLACEMENT,
    REFILL,
    SETUP,
    Draw,
    Game,
)
from calculator.engine.errors import Path
from calculator.engine.game import next_step
from calculator.engine.state import FACE_UP_MONEY, MAX_BUYS, GameState, Player, to_game
from calculator.engine.turn.dummy import AFTER_ROUND_1, SETUP_TILES
from calculator.engine.turn.end import FINAL_ROUND
from calculator.engine.turn.setup import STARTING_MONEY, piles_formed


class Inconsistency(Struct, frozen=True):
    where: Path
    message: Text


def inconsistencies(state: GameState) -> list[Inconsistency]:
    """Every reason ``state`` cannot be a state of a game; none for a consistent one. The
    modules check their parts on the game's core (every module the state's ruleset knows:
    none of its pieces without it)."""
    game = to_game(state)
    found = _tiles(state) + _money(state) + _scoring_cards(state, game) + _alhambras(state)
    found += _seats(state) + _turn(state, game)
    found += _scores(state) + _turn_number(state) + _dummy_tiles(state) + _bag_at_the_end(state)
    for module in state.options.rules.known:
        if module.inconsistencies is not None:
            found += [Inconsistency(*problem) for problem in module.inconsistencies(game)]
    return found


def _describe(tile: Tile) -> Text:
    walls: Value = tile.walls or Text("api.none")
    return Text("api.C1.tile", tile=tile.named(), price=tile.price or 0, walls=walls)


def tiles_on_table(
    players: Sequence[Player], market: Sequence[Tile | None], dummy: Sequence[Tile] | None
) -> list[tuple[Path, Tile]]:
    """Where each tile in sight lies: the market, the Alhambras and reserves, the dummy."""
    places: list[tuple[Path, Tile]] = [
        (("market", index), tile) for index, tile in enumerate(market) if tile is not None
    ]
    for seat, player in enumerate(players):
        places += [
            (("players", seat, "alhambra", cell), tile)
            for cell, tile in player.alhambra.buildings()
        ]
        places += [
            (("players", seat, "reserve", index), tile) for index, tile in enumerate(player.reserve)
        ]
    if dummy is not None:
        places += [(("dummy", index), tile) for index, tile in enumerate(dummy)]
    return places


def tile_places(state: GameState) -> list[tuple[Path, Tile]]:
    """Where each tile of the state lies: in sight, in the bag, waiting to be placed."""
    places = tiles_on_table(state.players, state.market, state.dummy)
    places += [(("bag", index), tile) for index, tile in enumerate(state.bag)]
    places += [(("turn", "bought", index), tile) for index, tile in enumerate(state.turn.bought)]
    places += [
        (("turn", "awarded", index), award.tile) for index, award in enumerate(state.turn.awarded)
    ]
    return places


def _tiles(state: GameState) -> list[Inconsistency]:
    """C1: each of the 54 tiles exactly once."""
    found = []
    seen: dict[Tile, Path] = {}
    for where, tile in tile_places(state):
        if tile.hut:
            continue  # V4: counted by its module
        if tile not in CATALOG_SET:
            found.append(Inconsistency(where, Text("api.C1.not_a_tile", tile=_describe(tile))))
        elif tile in seen:
            found.append(Inconsistency(where, Text("api.C1.twice", tile=_describe(tile))))
        else:
            seen[tile] = where
    missing = [tile for tile in CATALOG if tile not in seen]
    if missing:
        found.append(
            Inconsistency(
                ("bag",),
                _missing([_describe(tile) for tile in missing], "api.C1.tiles_missing"),
            )
        )
    return found


CATALOG_SET: Final[frozenset[Tile]] = frozenset(CATALOG)


def _missing(names: list[Value], key: str, **values: Value) -> Text:
    """``names`` are missing (the first five shown, and how many more): the message ``key``
    with ``values``."""
    shown: Value = names
    if len(names) > 5:
        shown = Text("api.and_more", shown=names[:5], n=len(names) - 5)
    return Text(key, **values, n=len(names), shown=shown)


def money_in_sight(
    players: Sequence[Player], face_up: Sequence[DisplayCard]
) -> list[tuple[Path, MoneyCard]]:
    """Where each money card in sight lies: the hands and the face-up money (a module's cards
    among it are counted by the module: V2)."""
    places: list[tuple[Path, MoneyCard]] = [
        (("players", seat, "hand", index), card)
        for seat, player in enumerate(players)
        for index, card in enumerate(player.hand)
    ]
    places += [
        (("face_up", index), card)
        for index, card in enumerate(face_up)
        if isinstance(card, MoneyCard)
    ]
    return places


def money_places(state: GameState) -> list[tuple[Path, MoneyCard]]:
    """Where each money card of the state lies: in the pile, in the discard, in sight. The
    card a client can edit is in sight, so it is counted last: a copy too many is named where
    it was edited (a hand), not in the pile that holds the true copies."""
    places: list[tuple[Path, MoneyCard]] = [
        (("pile", index), card)
        for index, card in enumerate(state.pile)
        if isinstance(card, MoneyCard)
    ]
    places += [
        (("discard", index), card)
        for index, card in enumerate(state.discard)
        if isinstance(card, MoneyCard)
    ]
    return places + money_in_sight(state.players, state.face_up)


def extra_copies(
    places: list[tuple[Path, MoneyCard]], copies: int
) -> tuple[list[Inconsistency], Counter[MoneyCard]]:
    """C3, D1: each card beyond the ``copies`` that exist, and the count of each card."""
    counted: Counter[MoneyCard] = Counter()
    found = []
    for where, card in places:
        counted[card] += 1
        if counted[card] == copies + 1:
            found.append(
                Inconsistency(
                    where,
                    Text(
                        "api.D1.card_too_many" if copies == 2 else "api.C3.card_too_many",
                        card=card.named(),
                        copies=copies,
                    ),
                )
            )
    return found, counted


def _money(state: GameState) -> list[Inconsistency]:
    """C3, D1: 3 copies of each card (2 in a 2-player game), each somewhere."""
    copies = copies_per_card(len(state.players))
    places = money_places(state)
    found, counted = extra_copies(places, copies)
    missing = [card for card in CARD.values() for _ in range(max(copies - counted[card], 0))]
    if missing:
        found = [_edited(problem, dict(places), missing) for problem in found]
        found.append(
            Inconsistency(
                ("pile",),
                _missing(
                    [card.named() for card in missing],
                    "api.D1.cards_missing" if copies == 2 else "api.C3.cards_missing",
                    all=copies * len(CARD),
                ),
            )
        )
    return found


def _edited(
    problem: Inconsistency, cards: dict[Path, MoneyCard], missing: list[MoneyCard]
) -> Inconsistency:
    """A copy too many where a card is missing: a card edited in place. When a missing card
    shares its currency, the value was changed (or the currency, sharing its value): the
    problem names that member."""
    card = cards.get(problem.where)
    if card is None:
        return problem
    for member, same in (("value", "currency"), ("currency", "value")):
        if any(getattr(other, same) == getattr(card, same) for other in missing):
            return Inconsistency((*problem.where, member), problem.message)
    return problem


def _scoring_cards(state: GameState, game: Game) -> list[Inconsistency]:
    """T1, T8: each scoring card in the pile, waiting for its round, or scored; round 1 first."""
    found = []
    for index, card in enumerate(state.pile):
        if isinstance(card, ScoringCard) and card.round not in (1, 2):
            found.append(Inconsistency(("pile", index), Text("api.T1.scoring_cards")))
    places = Counter(
        [card.round for card in state.pile if isinstance(card, ScoringCard)]
        + list(state.turn.scoring_due)
        + [r for r in state.rounds_scored if r != FINAL_ROUND]
    )
    for card in SCORING_CARDS:
        if places[card.round] > 1:
            found.append(
                Inconsistency(
                    ("rounds_scored",),
                    Text("api.T8.scoring_card_twice", card=card.round),
                )
            )
        elif places[card.round] == 0 and not _before_piles(game):
            found.append(
                Inconsistency(
                    ("pile",),
                    Text("api.T8.scoring_card_nowhere", card=card.round),
                )
            )
    scored = tuple(r for r in state.rounds_scored if r != FINAL_ROUND)
    revealed = scored + tuple(sorted(state.turn.scoring_due))
    if revealed not in ((), (1,), (1, 2)) or len(set(state.rounds_scored)) < len(
        state.rounds_scored
    ):
        found.append(
            Inconsistency(
                ("rounds_scored",),
                Text("api.T1.rounds_in_order"),
            )
        )
    if (FINAL_ROUND in state.rounds_scored) != state.over:
        found.append(Inconsistency(("rounds_scored",), Text("api.T9.round_3")))
    return found


def _before_piles(game: Game) -> bool:
    """T1: during setup the scoring cards join the pile only once the money is dealt out."""
    return game.phase is SETUP and not game.rounds_scored and not game.scoring_due


def _alhambras(state: GameState) -> list[Inconsistency]:
    """B2-B5: every Alhambra is legal."""
    found = []
    for seat, player in enumerate(state.players):
        for violation in alhambra_violations(player.alhambra, state.options.hole_rule):
            # point at a tile the player placed, not at the fountain or an empty cell
            cell = next(
                (c for c in violation.cells if c in player.alhambra and c != (0, 0)),
                violation.cells[0],
            )
            found.append(
                Inconsistency(
                    ("players", seat, "alhambra", cell),
                    Text("api.rule_broken", rule=violation.rule, what=violation.message),
                )
            )
    return found


def _seats(state: GameState) -> list[Inconsistency]:
    found = []
    if (state.dummy is not None) != (len(state.players) == 2):
        found.append(Inconsistency(("dummy",), Text("api.D2.dummy_seat")))
    if state.digital != (state.seed is not None):
        found.append(Inconsistency(("rng",), Text("api.T1.seed")))
    return found


def _turn(state: GameState, game: Game) -> list[Inconsistency]:
    """A turn state that can exist."""
    turn = state.turn
    phase = game.phase
    seats = len(state.players)
    found: list[Inconsistency] = []

    def wrong(where: Path, message: Text) -> None:
        found.append(Inconsistency(where, message))

    if turn.player is None:
        if phase != SETUP:
            wrong(("turn", "player"), Text("api.T1.start_player"))
    elif not 0 <= turn.player < seats:
        wrong(("turn", "player"), Text("api.C2.no_seat", seat=turn.player, n=seats))
        return found
    for index, award in enumerate(turn.awarded):
        if not 0 <= award.player < seats:
            wrong(("turn", "awarded", index), Text("api.C2.no_seat", seat=award.player, n=seats))
            return found
    if len(state.face_up) > FACE_UP_MONEY:
        wrong(("face_up",), Text("api.T1.face_up", most=FACE_UP_MONEY))
    if turn.dummy_draws > len(state.bag) or (turn.dummy_draws and state.dummy is None):
        wrong(
            ("turn", "dummy_draws"),
            Text("api.D2.dummy_draws"),
        )
    empty_slots = sum(tile is None for tile in state.market)
    if state.over != (phase == OVER):
        wrong(("over",), Text("api.T9.over"))
    if phase == OVER:
        totals = [player.score for player in state.players]
        if list(state.winners) != winners(totals):
            wrong(("winners",), Text("api.M6.winners"))
    elif state.winners:
        wrong(("winners",), Text("api.T9.winners"))
    if phase in (SETUP, REFILL):
        if state.digital:
            wrong(
                ("turn", "phase"),
                Text("api.T7.digital_draws"),
            )
        elif not isinstance(next_step(game), Draw):
            wrong(("turn", "phase"), Text("api.T7.nothing_to_draw"))
    if phase == SETUP:
        found += _setup(state, game)
    if phase != SETUP and turn.number < 1:
        wrong(("turn", "number"), Text("api.T2.first_turn"))
    if phase in (ACTION, PLACEMENT):
        if turn.buys > MAX_BUYS:
            wrong(("turn", "buys"), Text("api.T4.buys", most=MAX_BUYS))
        if empty_slots != turn.buys:
            wrong(
                ("market",),
                Text("api.T4.market_full"),
            )
        bought = [tile for tile in turn.bought if not tile.hut]  # a hut is taken, not bought
        if len(bought) > turn.buys or (phase == ACTION and len(bought) != turn.buys):
            wrong(("turn", "bought"), Text("api.T6.waiting_bought"))
        taken = len(turn.bought) - len(bought)
        if taken > 1 or (taken and phase == ACTION):
            wrong(
                ("turn", "bought"),
                Text("api.V4.one_hut_waits"),
            )
        if turn.extra_action and (phase != ACTION or turn.buys == 0):
            wrong(("turn", "extra_action"), Text("api.T4.extra_action"))
        if phase == PLACEMENT and not turn.bought:
            wrong(("turn", "bought"), Text("api.T6.placement_phase"))
    elif (turn.bought and not phase.bought) or turn.extra_action:  # a module's buy apart (V1)
        wrong(("turn", "bought"), Text("api.T6.wait_at_the_end"))
    if phase == FINAL_PLACEMENT:
        if state.bag or not turn.awarded:
            wrong(("turn", "awarded"), Text("api.T9.awarded_placed"))
    elif turn.awarded:
        wrong(("turn", "awarded"), Text("api.T9.awarded_at_the_end"))
    if turn.scoring_due and phase != REFILL:
        wrong(("turn", "scoring_due"), Text("api.T8.after_refill"))
    return found


def _setup(state: GameState, game: Game) -> list[Inconsistency]:
    """T1, D2: hands dealt in seat order, then the face-up money, the piles, market, dummy."""
    found: list[Inconsistency] = []
    dealing = next(
        (seat for seat, player in enumerate(state.players) if total(player.hand) < STARTING_MONEY),
        None,
    )
    for seat, player in enumerate(state.players):
        if len(player.alhambra) > 1 or player.reserve or player.score:
            found.append(Inconsistency(("players", seat), Text("api.T1.setup_nobody_builds")))
        if dealing is not None and seat > dealing and player.hand:
            found.append(
                Inconsistency(
                    ("players", seat, "hand"),
                    Text("api.T1.dealt_in_order", least=STARTING_MONEY),
                )
            )
    formed = piles_formed(game.pile)
    filled = [tile is not None for tile in state.market]
    stages: list[tuple[Path, Text, bool, bool]] = [  # where, what, begun, done
        (("players",), Text("api.T1.dealing"), True, dealing is None),
        (
            ("face_up",),
            Text("api.T1.laying_out"),
            bool(state.face_up),
            len(state.face_up) == FACE_UP_MONEY,
        ),
        (("pile",), Text("api.T1.forming_piles"), formed, formed),
        (("market",), Text("api.T1.filling_market"), any(filled), all(filled)),
        (
            ("dummy",),
            Text("api.T1.dummy_draw"),
            bool(state.dummy),
            state.dummy is None or len(state.dummy) == SETUP_TILES,
        ),
    ]
    for (_, before, _, done), (where, what, begun, _) in pairwise(stages):
        if begun and not done:
            found.append(Inconsistency(where, Text("api.T1.comes_after", what=what, before=before)))
    if filled != sorted(filled, reverse=True):
        found.append(Inconsistency(("market",), Text("api.T1.slot_order")))
    if state.discard or state.rounds_scored or state.turn.number or state.turn.buys:
        found.append(Inconsistency(("turn", "phase"), Text("api.T1.nothing_played")))
    return found


# --- what the rounds scored, the purchases and the dummy's draws bound ----------------------


def score_bound(state: GameState, seat: int) -> int:
    """The most points the player at ``seat`` can hold after the rounds ``state`` has scored.

    Proof. A player's score is the sum of their points at each scoring round scored (T8, T9;
    nothing else scores: V1-V4 change counts and walls only), and a round pays majority points
    plus the longest wall (M5, W4).

    * Majorities: in each building type a player earns at most the first place's points, a
      tie sharing the points of the places it occupies, which are at most the first's each
      (M2-M4); and only in a type of which they hold a building (M1). A bonus card counts only
      beside its tile in the Alhambra (V3), a hut only beside a building of its colour (V4),
      so neither brings a type of its own.
    * The wall: an Alhambra of ``n`` tiles has a longest wall of at most ``most_wall(n)``
      (:func:`~calculator.core.plausibility.most_wall`), which grows with ``n``.
    * A player never loses a tile: a tile bought goes to their Alhambra or reserve (or, at
      once, to the dummy, D4: then it never was theirs), and a redesign moves it between the
      two (T5). So at every round scored before, their Alhambra held at most the tiles they
      own now (their Alhambra and reserve, huts included), of the types they own now.

    So each round ``r`` scored paid at most the first places of the types they own, plus the
    wall of all the tiles they own; before any scoring round, nothing.
    """
    player = state.players[seat]
    owned = [tile for _, tile in player.alhambra.buildings()] + list(player.reserve)
    types = {tile.building for tile in owned if tile.building is not None and not tile.hut}
    wall = most_wall(len(owned))
    return sum(
        sum(POINTS[building][scoring_round][0] for building in types) + wall
        for scoring_round in state.rounds_scored
    )


def _scores(state: GameState) -> list[Inconsistency]:
    """M2-M5, W4, T8: no score beyond what the rounds scored can pay (:func:`score_bound`)."""
    found = []
    for seat, player in enumerate(state.players):
        bound = score_bound(state, seat)
        if player.score <= bound:
            continue
        if not state.rounds_scored:
            message = Text("api.T8.points_before_scoring", n=player.score, points=player.score)
        else:
            scored = sorted(state.rounds_scored)
            message = Text(
                "api.M2.points_beyond",
                n=len(scored),
                points=player.score,
                rounds=scored,
                most=bound,
            )
        found.append(Inconsistency(("players", seat, "score"), message))
    return found


def purchases_at_least(state: GameState) -> int:
    """The fewest purchases that leave ``state``'s tiles where they are.

    Every tile out of the bag went to the market or, drawn, to the dummy (D2; his tiles also
    count the gifts, D4, so his pile bounds his draws). A tile leaves the market bought, or
    awarded at the end (T9: at most the market's 4). So the purchases are at least the tiles
    out of the bag, less the dummy's, those in the market and those the end may have awarded.
    """
    out_of_bag = len(CATALOG) - len(state.bag)
    in_market = sum(tile is not None for tile in state.market)
    dummy = len(state.dummy or ())
    awarded = len(state.market) if state.turn.phase in (FINAL_PLACEMENT, OVER) else 0
    return max(0, out_of_bag - dummy - in_market - awarded)


def earliest_turn(state: GameState) -> int:
    """T2, T4, V1: the earliest turn the purchases made can have come to. A turn holds at most
    4 purchases (T4: the market's 4 slots, not refilled during it) and, after it, at most one
    more per player (V1: each player is offered the vizier at most once between two turns).

    No latest turn holds: a player may redesign (T5) on every turn, so a game may last any
    number of turns."""
    return -(-purchases_at_least(state) // (MAX_BUYS + len(state.players)))


def _turn_number(state: GameState) -> list[Inconsistency]:
    """T2, T4: a turn number late enough for the purchases made (:func:`earliest_turn`)."""
    least = earliest_turn(state)
    if state.turn.phase == SETUP or state.turn.number >= least:
        return []
    return [
        Inconsistency(
            ("turn", "number"),
            Text(
                "api.T4.turn_too_early",
                turn=state.turn.number,
                n=purchases_at_least(state),
                most=MAX_BUYS + len(state.players),
                least=least,
            ),
        )
    ]


def _dummy_tiles(state: GameState) -> list[Inconsistency]:
    """D2: the dummy holds his 6 tiles from the end of setup, and 6 more once round 1 is
    scored, unless those 6 emptied the bag (he then drew what it held, and it stays empty);
    tiles he is still to draw (table mode) count. His tiles only grow (D4 adds)."""
    if state.dummy is None or state.turn.phase == SETUP:
        return []
    least = SETUP_TILES
    if 1 in state.rounds_scored and state.bag:
        least += AFTER_ROUND_1
    if len(state.dummy) + state.turn.dummy_draws >= least:
        return []
    return [
        Inconsistency(
            ("dummy",),
            Text("api.D2.dummy_drawn", n=len(state.dummy), least=least),
        )
    ]


def _bag_at_the_end(state: GameState) -> list[Inconsistency]:
    """T9: the game ends when the bag cannot fill the market, which empties it."""
    if state.over and state.bag:
        return [Inconsistency(("bag",), Text("api.T9.bag_empty"))]
    return []
