// The game in progress as data: its shape, a new game, the check of a game read back from the
// device or a link, and the link that shares it. Nothing here changes a game or keeps one:
// changes.js makes the next game, store.js keeps the current one.

import { $ } from './dom.js';
import { fill, t } from './words.js';

export const CATALOG = JSON.parse($('#tile-catalog').textContent); // the 54 tiles (C1)
export const BUILDINGS = ['pavilion', 'seraglio', 'arcades', 'chambers', 'garden', 'tower'];
export const SIDES = ['N', 'E', 'S', 'W'];
export const ROUNDS = [1, 2, 3];
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 6;
export const MAX_WALL = 216; // 54 tiles × 4 sides: the API's bound
export const NAME_LENGTH = 24;
/** The most buildings of a type a table can hold: every tile of that type (C1). */
export const MAX_COUNT = Object.fromEntries(
  BUILDINGS.map((b) => [b, CATALOG.filter((tile) => tile.building === b).length]));
const TABS = ['score', 'build', 'play', 'history', 'reference'];
export const LINK_PREFIX = '#game=';
export const MAX_PAST = 100; // the games kept on the device (History), the newest first
export const MAX_ROSTER = 40; // the names offered again, the latest first

export const zeros = (n) => Array(n).fill(0);

/** A name for a game that no other game on this device will have. */
export const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

// --- the modules a table scores with (V1-V4, G1-S4) ----------------------------------------
// The page's data block `score-expansions`: every module, grouped by its expansion.

const EXPANSIONS = JSON.parse($('#score-expansions').textContent);
export const SCORE_MODULES = EXPANSIONS.flatMap((expansion) => expansion.modules.map((m) => m.name));
/** Each module by the rule id it cites (K1: 'treasure'). */
export const MODULE_OF_RULE = Object.fromEntries(EXPANSIONS.flatMap(
  (expansion) => expansion.modules.map((m) => [m.rule, m.name])));

/** The most a player's module member may hold, as /v1/scores bounds it: 42 chests (K1), 7
 *  residents of a colour (H3), exposed sides (K3), camp (G4), bazaar (K4, 8 bazaars of at most
 *  24) and culture points (S4, 20 counters of at most 21). */
export const MAX_MEMBER = {
  chests: 42, residents: 7, facing: 250, beside: 500,
  camp_points: 500, bazaar_points: 192, culture_points: 420,
};
export const CHARACTERS = ['wise_man', 'city_watch']; // the two that change points (G3)

/** A player's members of the Big Box modules for one round, named and shaped as the
 *  /v1/scores request names them (X1, G3, S4): what the table counted, read off the counters
 *  or owns. Build fills the counted ones from a drawing ('entries' with `members`). */
export const noMembers = () => ({
  chests: 0,
  residents: Object.fromEntries(BUILDINGS.map((b) => [b, 0])),
  exposed: { facing: 0, beside: 0 },
  camp_points: 0,
  bazaar_points: 0,
  culture_points: 0,
  characters: {}, // { wise_man: 'tower' } on its owner, { city_watch: true } on its owner
});

function emptyRound(players) {
  return {
    counts: Array.from({ length: players }, () => zeros(BUILDINGS.length)),
    walls: zeros(players),
    dummy: zeros(BUILDINGS.length),
    members: Array.from({ length: players }, noMembers),
    attack: null, // this scoring's attack card (K3): 'N', 'E', 'S' or 'W'
    score_card: [], // this scoring's score card (S1) as tapped so far, least valuable first
    // the /v1/scores answer, and the entries it answers (scoring.js entriesKey): an entry
    // changed since keeps the answer on show, marked as changed, until it is scored again
    result: null,
    asked: null,
  };
}

// --- a game's record (docs/records.md) ---------------------------------------------------------
// {game, moves}: the body of POST /v1/games and every action in order, as /v1/games/advance
// takes them (with `tags`, what a person says of the game). The server reads and checks it
// whole; the page keeps it, replays it (records.js) and reviews it (replay.js).

export const MAX_MOVES = 900; // a record's most moves (schemas/record.json)
export const VERDICTS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder']; // a review's

/** A record read back: a game of 2 to 6 named players and at most MAX_MOVES moves, each an
 *  action by its type (the server checks the rest when it is replayed). */
export const isRecord = (record) => record !== null && typeof record === 'object'
  && typeof record.game === 'object' && record.game !== null && Array.isArray(record.game.players)
  && record.game.players.length >= MIN_PLAYERS && record.game.players.length <= MAX_PLAYERS
  && record.game.players.every((name) => typeof name === 'string')
  && Array.isArray(record.moves) && record.moves.length <= MAX_MOVES
  && record.moves.every((move) => typeof move?.type === 'string')
  && (record.tags === undefined || (typeof record.tags === 'object' && record.tags !== null));

/** A name for a record that the same record always gets (a 53-bit hash of its canonical JSON,
 *  cyrb53): a record opened twice is kept once. */
export function recordId(record) {
  const text = JSON.stringify(record);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `record-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

/** Where a replay stopped (record-stop.json): the move that cannot be played and its rule. */
const isStop = (stop) => stop === null || (Number.isInteger(stop?.move) && typeof stop.rule === 'string'
  && typeof stop.message === 'string');

/** A review as the replay keeps it (review.json, its parts put together): each row's move and
 *  verdict, each player summed up, and where to go on (`next`). */
const isReview = (review, moves) => review === null || (['greedy', 'mcts'].includes(review?.level)
  && Array.isArray(review.rows) && review.rows.every((row) => isCount(row?.move, moves - 1)
    && VERDICTS.includes(row.verdict) && typeof row.played?.type === 'string'
    && typeof row.best?.type === 'string' && typeof row.expected_points_lost === 'number')
  && Array.isArray(review.players) && review.players.every((p) => Number.isInteger(p?.player))
  && Number.isInteger(review.parts) && (review.next === null || isCount(review.next, moves))
  && isStop(review.stopped));

/** The record open on the Play tab, move by move: which game of History it is (`id`; `kind`
 *  'play' for a game against the computer, else 'record'; `at`, when kept), the record, how
 *  many of its moves can be played (`played`, all unless `stopped` says where it stops), the
 *  position on show (`position`: moves played, 0 to `played`), whose Alhambra and hand are
 *  on show (`seat`: null follows the move), and its review. */
export function newReplay(entry, replayed) {
  return {
    id: entry.id,
    kind: entry.kind,
    at: entry.at,
    record: entry.record,
    played: replayed.played,
    stopped: replayed.stopped,
    position: 0,
    seat: null,
    review: null,
  };
}

const isReplay = (replay) => replay === null || (typeof replay?.id === 'string'
  && ['play', 'record'].includes(replay.kind) && typeof replay.at === 'string'
  && isRecord(replay.record) && isCount(replay.played, replay.record.moves.length)
  && isCount(replay.position, replay.played) && isStop(replay.stopped)
  && (replay.seat === null || isCount(replay.seat, replay.record.game.players.length - 1))
  && isReview(replay.review, replay.record.moves.length));

// --- a game against the computer (the Play tab) --------------------------------------------
// The server keeps nothing: the whole game state document (API.md) lives here, in `play.state`.

export const LEVELS = ['random', 'greedy', 'mcts'];
export const MODULES = ['vizier', 'exchange', 'bonus', 'huts'];
export const MAX_OPPONENTS = 5;
export const MAX_STEPS = 1000; // the steps kept for the log: a whole game's
export const YOU = 0; // your seat; the computer plays the others

export function newPlay(opponents = ['greedy'], modules = []) {
  return {
    id: newId(), // the game's name among the past games
    opponents, // the level of each computer seat, seats 1, 2, ...
    modules,
    state: null, // the game state document, null before a game starts
    steps: [], // the latest events of the game, the newest last
    hint: null, // the advisor's best action for the state on show
    viewing: 1, // whose Alhambra among the opponents is on show
    record: null, // the game's record (isRecord): the new-game request and every move so far
    // a game at a table (position.js): every seat is a player there, the table reveals its
    // draws; no computer seat, and no record (a record starts from a new game, not a position)
    table: false,
  };
}

const isAction = (action) => action === null || (typeof action?.type === 'string');
/** A Play tab read back: its choices, and a state document the server will check again. */
const isPlay = (play) => typeof play?.id === 'string' && Array.isArray(play?.opponents)
  && play.opponents.length >= 1 && play.opponents.length <= MAX_OPPONENTS
  && play.opponents.every((level) => LEVELS.includes(level))
  && Array.isArray(play.modules) && play.modules.every((m) => MODULES.includes(m))
  && typeof play.table === 'boolean'
  && (play.state === null || (Array.isArray(play.state?.players) && (play.table
    ? play.state.players.length >= MIN_PLAYERS && play.state.players.length <= MAX_PLAYERS
    : play.state.players.length === play.opponents.length + 1)))
  && Array.isArray(play.steps) && play.steps.length <= MAX_STEPS
  && play.steps.every((event) => typeof event?.type === 'string')
  && isAction(play.hint) && (play.table ? isCount(play.viewing, (play.state?.players.length ?? 1) - 1)
    : isCount(play.viewing - 1, play.opponents.length - 1))
  && (play.record === null || (!play.table && isRecord(play.record)));

// --- a position entered from the table (the Play tab's "From the table", position.js) -------
// What lies on a table, as POST /v1/games/position takes it, less what the page holds already:
// the players and their Alhambras are the Score tab's names and Build's drawings.

export const CURRENCIES = ['denar', 'dirham', 'ducat', 'florin'];
export const MARKET_SLOTS = 4; // T4: the market's four slots
export const MAX_HAND = 114; // the API's bound on a hand (108 money cards, 6 exchange cards)
export const MAX_SCORE = 100000; // the API's bound on a score

/** A seat of the position, beside the Score tab's seat: its score (null: the Score tab's
 *  total), its hand when known (else `hand_size`), its reserve, the vizier token (V1), and the
 *  bonus cards laid face up and in hand (V3). */
export const newSeat = () => ({
  score: null, hand: null, hand_size: 0, reserve: [], vizier: true, bonus_cards: [], bonus_hand: [],
});
const MAX_BONUS = 10; // V3: the bonus cards

export function newPosition() {
  return {
    open: false, // the screen on show, in place of Play's game
    seats: [], // by seat, as many as the Score tab seats (newSeat fills those not yet entered)
    round: null, // the scoring round to come; null: the one after those the Score tab scored
    turn: 0, // whose turn begins
    market: Array(MARKET_SLOTS).fill(null), // a tile per slot, slot 1 first
    face_up: [], // the money on the table
    dummy: [], // the dummy's tiles (D2), with two players
    modules: [], // the Vizier's Favour modules the table plays with (MODULES, V1-V4)
    hut_stacks: Array(BUILDINGS.length).fill(null), // V4: each stack's face-up top, or none
  };
}

const isGameTile = (tile) => BUILDINGS.includes(tile?.building) && typeof tile.walls === 'string'
  && /^N?E?S?W?$/.test(tile.walls) && Number.isInteger(tile.price);
/** A money card (C3), or an exchange card of two currencies (V2). */
const isCard = (card) => (CURRENCIES.includes(card?.currency) && Number.isInteger(card.value))
  || (Array.isArray(card?.exchange) && card.exchange.length === 2
    && card.exchange.every((currency) => CURRENCIES.includes(currency)));
const isHut = (hut) => hut === null
  || (BUILDINGS.includes(hut?.hut) && typeof hut.walls === 'string' && /^N?E?S?W?$/.test(hut.walls));
const isBonus = (cards) => Array.isArray(cards) && cards.length <= MAX_BONUS && cards.every(isGameTile);
const isSeat = (seat) => (seat.score === null || isCount(seat.score, MAX_SCORE))
  && (seat.hand === null || (Array.isArray(seat.hand) && seat.hand.length <= MAX_HAND
    && seat.hand.every(isCard)))
  && isCount(seat.hand_size, MAX_HAND) && Array.isArray(seat.reserve)
  && seat.reserve.length <= CATALOG.length && seat.reserve.every(isGameTile)
  && typeof seat.vizier === 'boolean' && isBonus(seat.bonus_cards) && isBonus(seat.bonus_hand);
const isPosition = (position) => typeof position?.open === 'boolean'
  && Array.isArray(position.seats) && position.seats.length <= MAX_PLAYERS
  && position.seats.every((seat) => seat !== null && typeof seat === 'object' && isSeat(seat))
  && (position.round === null || ROUNDS.includes(position.round))
  && isCount(position.turn, MAX_PLAYERS - 1)
  && Array.isArray(position.market) && position.market.length === MARKET_SLOTS
  && position.market.every((tile) => tile === null || isGameTile(tile))
  && Array.isArray(position.face_up) && position.face_up.length <= MARKET_SLOTS
  && position.face_up.every(isCard)
  && Array.isArray(position.dummy) && position.dummy.length <= CATALOG.length
  && position.dummy.every(isGameTile)
  && Array.isArray(position.modules) && position.modules.every((m) => MODULES.includes(m))
  && Array.isArray(position.hut_stacks) && position.hut_stacks.length === BUILDINGS.length
  && position.hut_stacks.every(isHut);

/** A new game of scores: `players` seats named by default, or the same table again
 *  (`table`: the names, in their seats, and the modules of the game before). */
export function newGame(players = 3, past = [], table = null) {
  return {
    v: 1,
    id: newId(), // the game's name among the past games
    names: table ? [...table.names]
      : Array.from({ length: players }, (_, i) => t('players.default_name', { n: i + 1 })),
    round: 1,
    // the modules this table plays with, chosen once per game (SCORE_MODULES)
    modules: table ? [...table.modules] : [],
    rounds: ROUNDS.map(() => emptyRound(table ? table.names.length : players)),
    // per player, in the order drawn: tiles [x, y, building, walls, price|null] and pieces
    drawings: Array.from({ length: players }, () => []),
    builder: 0, // whose drawing build mode shows
    tab: 'score',
    play: newPlay(),
    position: newPosition(), // what lies on a table, as entered to be played on (position.js)
    replay: null, // the record open on the Play tab (newReplay), or null
    past, // the games kept on this device (pastGame, pastPlay, pastRecord), the newest first
    roster: [], // the names typed at this device's tables, offered again, the latest first
  };
}

const isCount = (value, max) => Number.isInteger(value) && value >= 0 && value <= max;
const isCounts = (list) => Array.isArray(list) && list.length === BUILDINGS.length
  && list.every((count, index) => isCount(count, MAX_COUNT[BUILDINGS[index]]));
const isTile = (tile) => Array.isArray(tile) && tile.length === 5
  && Number.isInteger(tile[0]) && Number.isInteger(tile[1]) && BUILDINGS.includes(tile[2])
  && typeof tile[3] === 'string' && /^N?E?S?W?$/.test(tile[3])
  && (tile[4] === null || Number.isInteger(tile[4]));
const isSides = (sides) => typeof sides === 'string' && /^(N|E|S|W|NE|NS|NW|ES|EW|SW)$/.test(sides);
/** What a Big Box piece is, by its one member besides x and y (pieces.js puts it on the wire):
 *  a camp (G4), a bazaar (K4), a chest (K1), a resident (H3), an added wall (H4), a gate (G1). */
const PIECE = {
  camp: (camp) => isSides(camp?.bastions) && isSides(camp?.arrows)
    && Object.keys(camp).length === 2,
  bazaar: (types) => Array.isArray(types) && types.length === 3
    && new Set(types).size === 3 && types.every((b) => BUILDINGS.includes(b)),
  chest: (value) => value === true,
  resident: (value) => value === true,
  added_wall: (side) => SIDES.includes(side),
  gate: (side) => SIDES.includes(side),
};
const isPiece = (piece) => piece !== null && typeof piece === 'object' && !Array.isArray(piece)
  && Number.isInteger(piece.x) && Number.isInteger(piece.y) && Object.keys(piece).length === 3
  && Object.keys(PIECE).some((kind) => kind in piece && PIECE[kind](piece[kind]));
const isCharacters = (owned) => owned !== null && typeof owned === 'object'
  && Object.keys(owned).every((key) => CHARACTERS.includes(key))
  && (owned.wise_man === undefined || BUILDINGS.includes(owned.wise_man))
  && (owned.city_watch === undefined || owned.city_watch === true);
const isMembers = (m) => isCount(m?.chests, MAX_MEMBER.chests)
  && typeof m.residents === 'object' && m.residents !== null
  && Object.keys(m.residents).length === BUILDINGS.length
  && BUILDINGS.every((b) => isCount(m.residents[b], MAX_MEMBER.residents))
  && isCount(m.exposed?.facing, MAX_MEMBER.facing) && isCount(m.exposed.beside, MAX_MEMBER.beside)
  && ['camp_points', 'bazaar_points', 'culture_points'].every((k) => isCount(m[k], MAX_MEMBER[k]))
  && isCharacters(m.characters);
/** A score card as tapped: distinct building types, at most the six (S1). */
const isScoreCard = (card) => Array.isArray(card) && card.length <= BUILDINGS.length
  && card.every((b) => BUILDINGS.includes(b)) && new Set(card).size === card.length;
/** One owner per character (G3). */
const oneOwnerEach = (members) => CHARACTERS.every(
  (character) => members.filter((m) => m.characters[character] !== undefined).length <= 1);
const isResult = (result, players) => result === null
  || (result?.players?.length === players && result.players.every(
    (score) => Number.isInteger(score.points) && typeof score.majorities === 'object'));
const isName = (name) => typeof name === 'string' && name.length <= NAME_LENGTH;

/** The table of a game of scores: its names, modules, rounds and drawings (what a game on
 *  show holds, and what a game kept among the past games keeps of it). */
const isTable = (value) => {
  const n = value?.names?.length;
  return n >= MIN_PLAYERS && n <= MAX_PLAYERS && value.names.every(isName)
    && ROUNDS.includes(value.round)
    && Array.isArray(value.rounds) && value.rounds.length === ROUNDS.length
    && value.rounds.every((r) => Array.isArray(r.counts) && r.counts.length === n
      && r.counts.every(isCounts) && Array.isArray(r.walls) && r.walls.length === n
      && r.walls.every((wall) => isCount(wall, MAX_WALL)) && isCounts(r.dummy)
      && Array.isArray(r.members) && r.members.length === n && r.members.every(isMembers)
      && oneOwnerEach(r.members) && (r.attack === null || SIDES.includes(r.attack))
      && isScoreCard(r.score_card) && isResult(r.result, n)
      && (r.asked === null || typeof r.asked === 'string'))
    && Array.isArray(value.modules) && new Set(value.modules).size === value.modules.length
    && value.modules.every((m) => SCORE_MODULES.includes(m))
    && Array.isArray(value.drawings) && value.drawings.length === n
    && value.drawings.every((entries) => Array.isArray(entries)
      && entries.every((entry) => isTile(entry) || isPiece(entry)));
};

/** A round as kept before the answer carried its entries (`asked`): filled in. */
const withAsked = (round) => (round && typeof round === 'object'
  ? { members: Array.isArray(round.counts) ? round.counts.map(noMembers) : [],
    attack: null, score_card: [], asked: null, ...round }
  : round);

/** A game kept among the past games, as pastGame, pastPlay or pastRecord records it. What a
 *  record kept by an earlier page lacks (the whole table, the opponents' levels, the game's
 *  record) is simply not shown. */
const isPast = (entry) => typeof entry?.id === 'string' && ['score', 'play', 'record'].includes(entry.kind)
  && typeof entry.at === 'string' && Array.isArray(entry.names) && entry.names.length >= MIN_PLAYERS
  && entry.names.length <= MAX_PLAYERS && entry.names.every((name) => typeof name === 'string')
  && Array.isArray(entry.totals) && entry.totals.length === entry.names.length
  && entry.totals.every(Number.isInteger)
  && (entry.rounds === null || (Array.isArray(entry.rounds) && entry.rounds.length <= ROUNDS.length
    && entry.rounds.every((points) => points === null || (Array.isArray(points)
      && points.length === entry.names.length && points.every(Number.isInteger)))))
  && Array.isArray(entry.winners)
  && entry.winners.every((seat) => isCount(seat, entry.names.length - 1))
  && (entry.finished === undefined || typeof entry.finished === 'boolean')
  && (entry.modules === undefined || (Array.isArray(entry.modules)
    && entry.modules.every((m) => typeof m === 'string')))
  && (entry.opponents === undefined || (Array.isArray(entry.opponents)
    && entry.opponents.length === entry.names.length - 1
    && entry.opponents.every((level) => LEVELS.includes(level))))
  && (entry.table === undefined || (entry.kind === 'score' && isTable(entry.table)
    && entry.table.names.length === entry.names.length))
  && (entry.record === undefined ? entry.kind !== 'record' : (entry.kind !== 'score'
    && isRecord(entry.record) && entry.record.game.players.length === entry.names.length))
  && (entry.stopped === undefined || (entry.kind === 'record' && isStop(entry.stopped)))
  && (entry.at_table === undefined || (entry.kind === 'play' && entry.at_table === true));

/** A list of past games read back (from this device or a history file), each checked;
 *  the newest first, at most MAX_PAST. */
export const isHistory = (past) => Array.isArray(past) && past.length <= MAX_PAST
  && past.every(isPast) && new Set(past.map((entry) => entry.id)).size === past.length;

/** A game read back from this device or from a link, checked member by member: null when
 *  anything is off (then the page starts afresh rather than show nonsense). What a game kept
 *  by an earlier page lacks is filled in: a fresh Play tab, a name, no past games. */
export function checkedGame(stored) {
  const value = stored && typeof stored === 'object'
    ? { id: newId(), past: [], roster: [], ...stored } : stored;
  if (value && !('play' in value)) value.play = newPlay();
  if (value?.play && typeof value.play === 'object' && !('id' in value.play)) {
    value.play = { ...value.play, id: newId() };
  }
  if (value?.play && typeof value.play === 'object' && !('record' in value.play)) {
    value.play = { ...value.play, record: null }; // a game begun before games kept records
  }
  if (value?.play && typeof value.play === 'object' && !('table' in value.play)) {
    value.play = { ...value.play, table: false }; // a game begun before games from a table
  }
  if (value && !('position' in value)) value.position = newPosition();
  if (value?.position && typeof value.position === 'object' && !('hut_stacks' in value.position)) {
    // an entry begun before the screen took the modules' pieces (V2-V4)
    value.position.hut_stacks = newPosition().hut_stacks;
    if (Array.isArray(value.position.seats)) {
      value.position.seats = value.position.seats.map((seat) => ({ bonus_cards: [], bonus_hand: [], ...seat }));
    }
  }
  if (value && !('replay' in value)) value.replay = null;
  if (value && !('modules' in value)) value.modules = [];
  if (Array.isArray(value?.rounds)) value.rounds = value.rounds.map(withAsked);
  const ok = value?.v === 1 && isTable(value)
    && isCount(value.builder, value.names.length - 1) && TABS.includes(value.tab)
    && isPlay(value.play) && isPosition(value.position) && isReplay(value.replay)
    && typeof value.id === 'string'
    && isHistory(value.past)
    && Array.isArray(value.roster) && value.roster.length <= MAX_ROSTER
    && value.roster.every((name) => isName(name) && name.trim() !== '');
  return ok ? value : null;
}

// --- names: the default ones speak the page's language, a typed one stays as typed ----------

/** The names the page gives in every language (the page data block `default-names`). */
const DEFAULT_NAMES = JSON.parse($('#default-names').textContent);

/** `name` in the page's language when it is the name some language gives to that seat
 *  (`kind`: a scoring table's `player`, Play's `you` and `bot`), else `name` as it is. */
function reworded(name, kind, n) {
  const given = (language) => fill(DEFAULT_NAMES[language][kind], { n });
  return Object.keys(DEFAULT_NAMES).some((language) => given(language) === name)
    ? t({ player: 'players.default_name', you: 'play.you', bot: 'play.bot_name' }[kind], { n })
    : name;
}

/** The names of a scoring table someone typed (not blank, not a name the page gave), the
 *  ones the roster offers again. */
export const typedNames = (names) => names.filter(
  (name, seat) => name.trim() !== '' && !givenName(name, seat));

/** Whether `name` is the name some language gives a scoring table's seat (Player 2). */
export const givenName = (name, seat) => Object.keys(DEFAULT_NAMES).some(
  (language) => fill(DEFAULT_NAMES[language].player, { n: seat + 1 }) === name);

/** A scoring table's names, or (`play`) a game against the computer's, by seat. */
const tableNames = (names) => names.map((name, seat) => reworded(name, 'player', seat + 1));
const playNames = (names) => names.map((name, seat) => reworded(name, seat === YOU ? 'you' : 'bot', seat));

/** A game against the computer's state with its players' names in the page's language. */
export function localizedState(state) {
  const named = playNames(state.players.map((player) => player.name));
  return { ...state, players: state.players.map((player, seat) => ({ ...player, name: named[seat] })) };
}

/** The players' names of the record open on the Play tab: a game against the computer's in
 *  the page's language (You, Computer 1), a record's as it gives them. */
export const replayNames = (replay) => (replay.kind === 'play' ? playNames : (names) => names)(
  replay.record.game.players);

/** The game with every default name in the page's language: the scoring table's seats,
 *  Play's (you, the computers) and the past games'; a name someone typed is kept. */
export function localized(game) {
  const { state } = game.play;
  const play = state ? { ...game.play, state: localizedState(state) } : game.play;
  const past = game.past?.map((entry) => ({
    ...entry,
    names: (entry.kind === 'play' ? playNames : tableNames)(entry.names),
    ...(entry.table ? { table: { ...entry.table, names: tableNames(entry.table.names) } } : {}),
  }));
  return { ...game, names: tableNames(game.names), play, ...(past ? { past } : {}) };
}


// --- finished games, as the list of past games keeps them ------------------------------------

/** A player's name as the scores carry it: as typed, or the default for a blank field. */
export const playerName = (game, player) => game.names[player].trim()
  || t('players.default_name', { n: player + 1 });

/** Each player's running total after each round (K3): a round's points may be negative
 *  (invaders), the total adds them and stops at 0; `clamped` says it stopped there. A round
 *  not scored leaves the total as it was. */
export const runningTotals = (game) => game.names.map((_, player) => {
  let total = 0;
  return game.rounds.map((round) => {
    const sum = total + (round.result ? round.result.players[player].points : 0);
    total = Math.max(0, sum);
    return { total, clamped: sum < 0 };
  });
});

/** Each player's total over the scored rounds, never below 0 (K3). */
export const totalsOf = (game) => runningTotals(game).map((rounds) => rounds.at(-1).total);

/** M6: the highest total wins, equal totals share (the dummy is no player, D3). */
export function winnersOf(totals) {
  const best = Math.max(...totals);
  return totals.flatMap((total, seat) => (total === best ? [seat] : []));
}

/** The game of scores as the past games keep it: when it was kept, who played, each round's
 *  points (null for a round not scored), the totals and the winners (what the list and the
 *  share card show); whether all three rounds were scored (`finished`: else it was set aside
 *  unfinished, and may be continued); and the whole table (`table`: names, modules, each
 *  round's entries and answer, the drawings), which it reopens with. */
export function pastGame(game, at) {
  const totals = totalsOf(game);
  return {
    id: game.id,
    kind: 'score',
    at,
    names: game.names.map((_, player) => playerName(game, player)),
    rounds: game.rounds.map((round) => round.result?.players.map((score) => score.points) ?? null),
    totals,
    winners: winnersOf(totals),
    finished: isFinished(game),
    modules: [...game.modules],
    table: structuredClone({
      names: game.names, modules: game.modules, round: game.round, rounds: game.rounds,
      drawings: game.drawings,
    }),
  };
}

/** Each scoring round's points of a game against the computer, by seat, from its steps (the
 *  totals after each round, T8, T9). */
const playRounds = (steps) => steps.filter((step) => step.type === 'round_scored')
  .sort((a, b) => a.round - b.round)
  .map((step, index, scored) => step.totals.map(
    (total, seat) => total - (index ? scored[index - 1].totals[seat] : 0)));

/** A game against the computer, from its state document and steps (T8, T9, M6), with the
 *  opponents' levels, the modules it was played with and its record: finished, or set aside
 *  in progress (then continued from its record, records.js). A game from a table
 *  (`at_table`) has neither levels nor record, nor the rounds scored before it was entered. */
export function pastPlay(play, at) {
  const { players, winners, over } = play.state;
  return {
    id: play.id,
    kind: 'play',
    at,
    names: players.map((player) => player.name),
    // a game from a table began mid-game: its steps hold no round scored before it
    rounds: play.table ? null : playRounds(play.steps),
    totals: players.map((player) => player.score),
    winners: [...winners],
    finished: over,
    ...(play.table ? { at_table: true } : { opponents: [...play.opponents] }),
    modules: [...play.modules],
    ...(play.record ? { record: play.record } : {}),
  };
}

/** A game known by its record (pasted, or opened from a link), as History keeps it: its
 *  players, each scoring round's points and the totals as the replay of the record reached
 *  them (`replayed`: POST /v1/records/replay's answer, T8, T9), the winners once it is over
 *  (M6), and where it stops when a move cannot be played. */
export function pastRecord(id, record, replayed, at) {
  const { players, winners, over } = replayed.state;
  return {
    id,
    kind: 'record',
    at,
    names: players.map((player) => player.name),
    rounds: playRounds(replayed.events),
    totals: players.map((player) => player.score),
    winners: over ? [...winners] : [],
    finished: over,
    record,
    stopped: replayed.stopped && { move: replayed.stopped.move, rule: replayed.stopped.rule,
      message: replayed.stopped.message },
  };
}

/** The game of a record kept among the past games (`table`), ready to be played on: a game
 *  set aside unfinished, continued. */
export const resumed = (entry, past, roster) => ({
  ...newGame(entry.table.names.length, past),
  ...structuredClone(entry.table),
  id: entry.id,
  roster,
});

/** The record among the past games of the game on show, if it is kept there. */
export const keptAs = (game) => game.past.find((entry) => entry.id === game.id) ?? null;

/** Whether the game on show is kept among the past games exactly as it is now (so setting it
 *  aside keeps nothing more). */
export const sameAsKept = (game) => {
  const kept = keptAs(game);
  if (!kept) return false;
  const { at, ...record } = pastGame(game, kept.at);
  const { at: keptAt, ...before } = kept;
  return JSON.stringify(record) === JSON.stringify(before);
};

export const isFinished = (game) => game.rounds.every((round) => round.result);

export const currentRound = (game) => game.rounds[game.round - 1];
export const isTwoPlayer = (game) => game.names.length === 2;
export const drawingOnShow = (game) => game.drawings[game.builder];

// A shared link carries the entries, not the answers: the receiving page asks the server again.
// It lives in the fragment (after #), which browsers never send to the server.
export function toLink(game) {
  const compact = {
    v: 1,
    names: game.names,
    round: game.round,
    modules: game.modules,
    rounds: game.rounds.map((r) => ({
      c: r.counts, w: r.walls, d: r.dummy, m: r.members, a: r.attack, k: r.score_card,
      s: r.result ? 1 : 0,
    })),
    drawings: game.drawings,
  };
  const encoded = base64url(new TextEncoder().encode(JSON.stringify(compact)));
  return linkTo(`${LINK_PREFIX}${encoded}`);
}

/** This page's address with `fragment` (after #, which browsers never send to the server). */
export const linkTo = (fragment) => `${location.origin}${location.pathname}${location.search}${fragment}`;

/** Bytes as URL-safe base64 without padding (RFC 4648 §5), as a link's fragment carries them. */
export function base64url(bytes) {
  let binary = '';
  bytes.forEach((byte) => { binary += String.fromCharCode(byte); });
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of URL-safe base64 (throws when it is not). */
export const fromBase64url = (text) => Uint8Array.from(
  atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

/** The game of a link, or null when the link does not hold one. */
export function fromLink(hash) {
  try {
    const bytes = fromBase64url(hash.slice(LINK_PREFIX.length));
    const compact = JSON.parse(new TextDecoder().decode(bytes));
    return checkedGame({
      v: compact.v,
      names: compact.names,
      round: compact.round,
      modules: compact.modules ?? [],
      rounds: compact.rounds.map((r) => ({
        counts: r.c,
        walls: r.w,
        dummy: r.d,
        members: r.m ?? r.c.map(noMembers),
        attack: r.a ?? null,
        score_card: r.k ?? [],
        result: null,
        rescore: r.s === 1,
      })),
      drawings: compact.drawings,
      builder: 0,
      tab: 'score',
      play: newPlay(),
      id: newId(),
      past: [],
    });
  } catch {
    return null;
  }
}
