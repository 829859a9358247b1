// Every change the page makes to a game, as one pure function: the game before and a change
// in, the game after out (the one before is never touched). store.js applies them; the types
// below are the whole list of what a tap can do to the game.

import {
  BUILDINGS, MAX_MOVES, MAX_PAST, MAX_ROSTER, MAX_STEPS, NAME_LENGTH, currentRound, drawingOnShow,
  keptAs, localized, localizedState, newGame, newId, newPlay, newSeat, noMembers, pastGame, pastPlay, resumed,
  sameAsKept, typedNames, zeros,
} from './game.js';
import { leavingWith, samePiece } from './pieces.js';
import { t } from './words.js';

const EMPTY_MEMBERS = JSON.stringify(noMembers());
/** Whether a player's module members are as a new round has them. */
export const noneEntered = (members) => JSON.stringify(members) === EMPTY_MEMBERS;

/** A round whose entries nobody has touched: all zeros and no answer. */
const untouched = (round) => !round.result && round.walls.every((w) => w === 0)
  && round.counts.every((c) => c.every((n) => n === 0)) && round.dummy.every((n) => n === 0)
  && round.members.every(noneEntered) && round.attack === null && round.score_card.length === 0;

/** What carries over to the next round of a player's members: the pieces stay in the
 *  Alhambra and the characters with their owners; the exposed sides follow this scoring's
 *  attack (K3) and bazaars score at the final scoring only (K4), so those start at 0. */
const carriedOver = (members) => ({
  ...structuredClone(members), exposed: { facing: 0, beside: 0 }, bazaar_points: 0,
});

/** Set the member at `path` (the request's names: ['residents', 'garden']) to `value`. */
function setMember(members, path, value) {
  const parent = path.slice(0, -1).reduce((object, key) => object[key], members);
  parent[path.at(-1)] = value;
}

/** G3: `character` goes to `owner` (a seat, or null for nobody), with the Wise Man's type
 *  chosen this scoring; each character has one owner, so it leaves everyone else. */
function own(round, character, owner, building) {
  round.members.forEach((members) => { delete members.characters[character]; });
  if (owner === null) return;
  round.members[owner].characters[character] = character === 'wise_man' ? building : true;
}

/** The table seats `players`: names and entries kept for the seats that stay. */
function seat(game, players) {
  const fit = (list, make) => Array.from({ length: players }, (_, i) => list[i] ?? make(i));
  game.names = fit(game.names, (i) => t('players.default_name', { n: i + 1 }));
  game.rounds.forEach((round) => {
    round.counts = fit(round.counts, () => zeros(BUILDINGS.length));
    round.walls = fit(round.walls, () => 0);
    round.members = fit(round.members, noMembers);
    round.result = null; // another table: every score must be asked again
    round.asked = null;
  });
  game.drawings = fit(game.drawings, () => []);
  game.builder = Math.min(game.builder, players - 1);
}

/** `past` with `entry` first, in place of an earlier record of the same game; at most MAX_PAST. */
const remembered = (past, entry) => [entry, ...past.filter((e) => e.id !== entry.id)]
  .slice(0, MAX_PAST);

/** The past games with `entries` among them (each in place of a record of the same game),
 *  the newest first; at most MAX_PAST. */
const merged = (past, entries) => [...entries, ...past.filter((e) => !entries.some((n) => n.id === e.id))]
  .sort((a, b) => (a.at < b.at ? 1 : -1)).slice(0, MAX_PAST);

/** The past games with `game` kept among them as it is now (set aside: a link opened over it,
 *  a past game continued in its place). A game kept there already, and changed since, is kept
 *  as another game: a record is never overwritten without the question scoring asks. */
function keptAside(game, at) {
  if (sameAsKept(game)) return game.past;
  const record = pastGame(game, at);
  return remembered(game.past, keptAs(game) ? { ...record, id: newId() } : record);
}

/** The roster with `names` first (the latest typed), each once; at most MAX_ROSTER. */
const rostered = (roster, names) => {
  const fresh = names.map((name) => name.trim()).filter(Boolean);
  const known = (name) => fresh.some((f) => f.toLocaleLowerCase() === name.toLocaleLowerCase());
  return [...new Set(fresh), ...roster.filter((name) => !known(name))].slice(0, MAX_ROSTER);
};

/** A game against the computer set aside in History played on: it leaves History for the
 *  Play tab with the state and steps the replay of its record gave (names in the page's
 *  language); with `aside` (a time) the game in progress there is kept in History first. */
function playResumed(next, { id, state, steps, aside }) {
  const entry = next.past.find((e) => e.id === id);
  if (aside) next.past = remembered(next.past, pastPlay(next.play, aside));
  next.past = next.past.filter((e) => e.id !== id);
  next.play = {
    ...newPlay(entry.opponents, entry.modules),
    id,
    state: localizedState(state),
    steps: steps.slice(-MAX_STEPS),
    record: entry.record,
  };
  next.replay = null;
  next.tab = 'play';
}

/** The game after `change`, by its type: a whole game (`new-game`, `load`, `resume`), the
 *  past games and the roster kept either way; a finished game kept among the past games
 *  (`finished`, `play-finished`), forgotten (`forget`) or brought from a file (`import`);
 *  the names offered again (`roster`); the table (`players`, `name`, `round`, `modules`); the
 *  entries of the round on show (`count`, `wall`, `dummy-count`, `entries`, `member`,
 *  `character`, `attack`, `score-card`), whose answer stays, marked as changed while the
 *  entries differ from those it answers; an answer (`scored`); the drawing on show
 *  (`builder`, `place`, `remove`, `undo`, `clear`, and the Big Box's pieces: `piece`,
 *  `unpiece`); the tab on show (`tab`); the game against the computer (`play-*`, below) and
 *  the record on show move by move (`replay-*`). */
export function changed(game, change) {
  if (change.type === 'new-game') { // `same`: the same table again (names, seats, modules)
    const table = change.same ? { names: game.names, modules: game.modules } : null;
    return {
      ...newGame(game.names.length, game.past, table), play: game.play, position: game.position,
      replay: game.replay, roster: game.roster,
    };
  }
  // A link: the scores only, its default names in this page's language. `keep` (a time): the
  // game on show is kept among the past games first.
  if (change.type === 'load') {
    const past = change.keep ? keptAside(game, change.keep) : game.past;
    return {
      ...localized(change.game), play: game.play, position: game.position, replay: game.replay,
      past, roster: game.roster,
    };
  }
  // A game set aside unfinished, played on: it leaves the past games, and the game on show,
  // with `keep` (a time), is kept there in its place.
  if (change.type === 'resume') {
    const past = change.keep ? keptAside(game, change.keep) : game.past;
    const entry = past.find((e) => e.id === change.id);
    return {
      ...resumed(entry, past.filter((e) => e.id !== change.id), game.roster),
      play: game.play, position: game.position, replay: game.replay, tab: 'score',
    };
  }
  // The past games (up to MAX_PAST, each with its record) are frozen and never changed in
  // place: a change that keeps or forgets one makes a new list, so they are not copied.
  const { past, ...rest } = game;
  const next = { ...structuredClone(rest), past };
  const round = currentRound(next);
  const drawing = drawingOnShow(next);
  switch (change.type) {
    case 'players':
      if (change.players !== next.names.length) seat(next, change.players);
      break;
    case 'name':
      next.names[change.player] = change.name.slice(0, NAME_LENGTH);
      break;
    case 'round': {
      const chosen = next.rounds[change.round - 1];
      if (change.round > next.round && untouched(chosen)) {
        // Buildings stay between rounds: start from the previous round's table.
        chosen.counts = round.counts.map((c) => [...c]);
        chosen.walls = [...round.walls];
        chosen.dummy = [...round.dummy];
        chosen.members = round.members.map(carriedOver);
      }
      next.round = change.round;
      break;
    }
    case 'count':
      round.counts[change.player][change.building] = change.value;
      break;
    case 'wall':
      round.walls[change.player] = change.value;
      break;
    case 'dummy-count':
      round.dummy[change.building] = change.value;
      break;
    case 'entries': { // a player's whole table at once, e.g. counted from their drawing
      // `members` (optional): module members by the request's names, e.g. { chests: 2,
      // residents: {...}, exposed: {...}, camp_points, bazaar_points }; the others stay.
      const members = { ...round.members[change.player], ...structuredClone(change.members ?? {}) };
      if (round.walls[change.player] === change.wall
        && round.counts[change.player].every((count, b) => count === change.counts[b])
        && JSON.stringify(members) === JSON.stringify(round.members[change.player])) break;
      round.counts[change.player] = [...change.counts];
      round.walls[change.player] = change.wall;
      round.members[change.player] = members;
      break;
    }
    case 'member': // one member of a player's modules: { player, path: ['chests'], value }
      setMember(round.members[change.player], change.path, change.value);
      break;
    case 'character': // { character: 'wise_man' | 'city_watch', owner: seat | null, building }
      own(round, change.character, change.owner, change.building);
      break;
    case 'attack': // this scoring's attack card (K3)
      round.attack = change.attack;
      break;
    case 'score-card': // this scoring's score card as tapped so far (S1)
      round.score_card = [...change.card];
      break;
    case 'modules': // the modules the table plays with: every round must be scored again
      next.modules = [...change.modules];
      break;
    case 'scored': { // an answer, with the entries it answers (`asked`)
      const scored = next.rounds[change.round - 1];
      scored.result = change.result;
      scored.asked = change.asked;
      delete scored.rescore; // asked again after a shared link: done
      break;
    }
    case 'finished': // every round scored: kept (again, if rescored) among the past games
      next.past = remembered(next.past, pastGame(next, change.at));
      next.roster = rostered(next.roster, typedNames(next.names));
      break;
    case 'roster': // names typed at the table, offered again
      next.roster = rostered(next.roster, typedNames(change.names));
      break;
    case 'import': // past games from a history file, each in place of its earlier record
      next.past = merged(next.past, change.entries);
      break;
    case 'play-finished': // the game against the computer is over (T9)
      next.past = remembered(next.past, pastPlay(next.play, change.at));
      break;
    case 'forget':
      next.past = next.past.filter((entry) => entry.id !== change.id);
      break;
    case 'builder':
      next.builder = change.player;
      break;
    case 'place':
      drawing.push(change.tile);
      break;
    case 'remove': { // the tile, camp or bazaar at (x, y), with the pieces that stand on it
      const leaving = leavingWith(drawing, change.x, change.y);
      next.drawings[next.builder] = drawing.filter((entry) => !leaving.includes(entry));
      break;
    }
    case 'piece': // a piece of the Big Box (pieces.js)
      drawing.push(change.piece);
      break;
    case 'unpiece': // a chest, resident, added wall or gate taken off again
      next.drawings[next.builder] = drawing.filter((entry) => !samePiece(entry, change.piece));
      break;
    case 'undo':
      drawing.pop();
      break;
    case 'clear':
      next.drawings[next.builder] = [];
      break;
    case 'tab':
      next.tab = change.tab;
      break;
    case 'play-opponents': // the levels of the computer seats, before a game
      next.play.opponents = [...change.opponents];
      next.play.viewing = 1;
      break;
    case 'play-modules':
      next.play.modules = [...change.modules];
      break;
    case 'play-started': // a new game, from POST /v1/games, and its record: the request, no move
      next.play = {
        ...newPlay(next.play.opponents, next.play.modules), state: change.state, record: change.record,
      };
      break;
    case 'play-advanced': { // a move made, or the computer's: the state after, its events, the moves
      next.play.state = change.state;
      next.play.steps = [...next.play.steps, ...change.events].slice(-MAX_STEPS);
      next.play.hint = null; // a hint fits only the state it was asked for
      const { record } = next.play;
      // past a record's bound no record is kept (no game against the computer comes near it)
      if (record) {
        next.play.record = record.moves.length + change.moves.length > MAX_MOVES ? null
          : { ...record, moves: [...record.moves, ...change.moves] };
      }
      break;
    }
    case 'play-hint':
      next.play.hint = change.action;
      break;
    case 'play-view':
      next.play.viewing = change.seat;
      break;
    case 'play-quit':
      next.play = newPlay(next.play.opponents, next.play.table ? [] : next.play.modules);
      break;
    case 'play-resume': // a game set aside in History continued from its record: the state
      // and steps its replay gave; with `aside` (a time) the game in progress goes there first
      playResumed(next, change);
      break;
    case 'position-open': // the table's position to enter, on the Play tab
      next.position.open = true;
      next.tab = 'play';
      break;
    case 'position-close':
      next.position.open = false;
      break;
    case 'position-seat': { // a seat's `field` (score, hand, hand_size, reserve, vizier,
      // bonus_cards, bonus_hand)
      const { seats } = next.position;
      while (seats.length <= change.seat) seats.push(newSeat());
      seats[change.seat][change.field] = change.value;
      break;
    }
    case 'position-table': // the table's `field` (round, turn, market, face_up, dummy, modules,
      // hut_stacks)
      next.position[change.field] = change.value;
      break;
    case 'position-played': // the position's state (POST /v1/games/position), a game at a
      // table on the Play tab; with `aside` (a time) the game in progress goes to History first
      if (change.aside) next.past = remembered(next.past, pastPlay(next.play, change.aside));
      next.play = {
        ...newPlay(next.play.opponents, next.position.modules),
        state: change.state, table: true, viewing: 0,
      };
      next.position.open = false;
      next.replay = null;
      next.tab = 'play';
      break;
    case 'replay-open': // a record on the Play tab, move by move (newReplay); `entry`, a game
      // of a record kept in History; with `aside` (a time) the game in progress goes there
      // first, and with `quit` it ends (it had no record to keep it by)
      if (change.aside) next.past = remembered(next.past, pastPlay(next.play, change.aside));
      if (change.aside || change.quit) next.play = newPlay(next.play.opponents, next.play.modules);
      if (change.entry) next.past = remembered(next.past, change.entry);
      next.replay = change.replay;
      next.tab = 'play';
      break;
    case 'replay-to': // the position on show: moves played
      next.replay.position = change.position;
      break;
    case 'replay-seat': // whose Alhambra and hand are on show (null: the player of the move)
      next.replay.seat = change.seat;
      break;
    case 'replay-reviewed': // the review as far as it came (review.json's parts put together)
      next.replay.review = change.review;
      break;
    case 'replay-close':
      next.replay = null;
      break;
    default:
      throw new Error(`no such change: ${change.type}`);
  }
  return next;
}
