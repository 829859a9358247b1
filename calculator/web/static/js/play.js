// Play: you against 1-5 computer opponents. The game is a state document of the public API,
// kept in the page's game (play.state, saved on the device like the scores); every rule and
// every computer move comes from the server, which keeps nothing:
//   POST /v1/games                a new game (T1, D1, D2; with the modules V1-V4)
//   POST /v1/games/legal-actions  what you may do now (T2-T7, V1-V4)
//   POST /v1/games/advance        your move, and everything automatic after it
//   POST /v1/games/bot-turns      the computer's moves, until you decide again or the game ends
//   POST /v1/games/advice         the hint: the advisor's best move for you
// The game keeps its record (docs/records.md: the new-game request, with the seed chosen here,
// and every move in order: yours, and the computer's as bot-turns answers them), kept with it
// in History; once over it is replayed and reviewed (records.js, replay.js).
// A game at a table (`play.table`, entered from the table by position.js) has no computer
// seat: the moves on show are those of whoever decides, the table's reveals included (T7), and
// the hint is that player's. It keeps no record: a record starts from a new game (records.md),
// and a table entered mid-game has none; its state document is kept, as any Play game's.
// What this tab only shows (the legal moves of the state on show) it keeps here.

import { post } from './api.js';
import { confirmLoss } from './confirm.js';
import { $, $$ } from './dom.js';
import { LEVELS, MAX_OPPONENTS, MODULES, YOU } from './game.js';
import { actionText, isExact, stepText, steps } from './moves.js';
import { openPlayed } from './records.js';
import { currentGame, renderWhen, update } from './store.js';
import {
  exactMark, listOf, renderGrid, renderScores, renderTable, renderWhere, tileItem, winnersText,
} from './table.js';
import { at, buildingForms, pointsOf, t } from './words.js';

/** The time of each computer decision, by level; one request plays with the longest. */
const THINKING_MS = { random: 10, greedy: 100, mcts: 400 };
const HINT = { level: 'mcts', budget_ms: 800 };
/** The moves that are cells of your Alhambra, shown on its grid rather than in the list. */
const ON_THE_GRID = 'place';
/** The moves that put a bought (T6), awarded (T9) or vizier's (V1) tile somewhere: with more
 *  than one tile waiting, you choose which to place first. */
const PLACING = ['place', 'reserve', 'give_to_dummy'];

const status = $('#play-status');
let legal = null; // the legal-actions answer for the state asked about, once it came
let asked = null; // the state (as JSON) whose legal actions were asked for
let busy = false; // a move of yours on its way
let placing = null; // the tile you chose to place (as JSON), among those waiting

const play = () => currentGame().play;
/** The legal moves asked for `state`, once they came; else null. */
const legalOf = (state) => (legal && asked === JSON.stringify(state) ? legal : null);
/** Whose moves, Alhambra, reserve and hand are on show: yours, or at a table whoever decides
 *  (the player whose turn it is while the table reveals a draw, T7). */
const seatOf = (setup) => (setup.table
  ? legalOf(setup.state)?.player ?? setup.state.turn.player : YOU);
const sameAction = (a, b) => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);
const key = (x, y) => `${x},${y}`;
const names = (state) => state.players.map((player) => player.name);

// --- setting up a game -----------------------------------------------------------------------

function renderSetup(setup) {
  $('#opponent-count').value = String(setup.opponents.length);
  $('#opponent-levels').replaceChildren(...setup.opponents.map((level, index) => {
    const field = document.createElement('div');
    field.className = 'field';
    const label = document.createElement('label');
    label.htmlFor = `opponent-level-${index + 1}`;
    label.textContent = t('play.opponent', { n: index + 1 });
    const select = document.createElement('select');
    select.id = label.htmlFor;
    select.dataset.seat = index + 1;
    select.append(...LEVELS.map((choice) => new Option(t(`play.level.${choice}`), choice)));
    select.value = level;
    field.append(label, select);
    return field;
  }));
  MODULES.forEach((module) => { $(`#module-${module}`).checked = setup.modules.includes(module); });
}

$('#opponent-count').append(...Array.from({ length: MAX_OPPONENTS }, (_, i) => new Option(i + 1)));
$('#opponent-count').addEventListener('change', (event) => {
  const count = Number(event.target.value);
  const { opponents } = play();
  update({ type: 'play-opponents',
    opponents: Array.from({ length: count }, (_, i) => opponents[i] || 'greedy') });
});

$('#opponent-levels').addEventListener('change', (event) => {
  const opponents = [...play().opponents];
  opponents[Number(event.target.dataset.seat) - 1] = event.target.value;
  update({ type: 'play-opponents', opponents });
});

MODULES.forEach((module) => $(`#module-${module}`).addEventListener('change', () => {
  update({ type: 'play-modules', modules: MODULES.filter((m) => $(`#module-${m}`).checked) });
}));

/** A seed for a new game's draws (T1): kept in its record, every draw follows from it. */
function newSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high % 2 ** 21) * 2 ** 32 + low; // below 2^53, as the API takes it
}

$('#play-start').addEventListener('click', async () => {
  const { opponents, modules } = play();
  const players = [t('play.you'), ...opponents.map((_, i) => t('play.bot_name', { n: i + 1 }))];
  const game = { players, seed: newSeed(), start_player: YOU, options: { modules } };
  status.textContent = '';
  $('#play-setup-status').textContent = '';
  try {
    const answer = await post('/v1/games', game);
    update({ type: 'play-started', state: answer.state, record: { game, moves: [] } });
  } catch (error) {
    $('#play-setup-status').textContent = error.describe(); // beside Start: the table is hidden
  }
});

// A game in progress is lost to New game: ask first, naming it (a finished one is already
// among the past games).
$('#play-new').addEventListener('click', async () => {
  const { state } = play();
  if (!state.over && !(await confirmLoss({
    question: t(play().table ? 'position.new_confirm' : 'play.new_confirm'),
    lost: [t('lost.play',
      { scores: state.players.map((p) => pointsOf(p.name, p.score)).join(', ') })],
    action: t('play.new_action'),
  }))) {
    status.textContent = t('play.new_kept');
    return;
  }
  asked = null;
  legal = null;
  update({ type: 'play-quit' });
  $('#play-setup-status').textContent = t(state.over ? 'play.new_ready' : 'play.new_done');
  $('#play-start').focus();
});

// --- the game going on -----------------------------------------------------------------------

/** What your turn holds: the vizier's offer (V1), the extra action an exact payment earned
 *  (T4), or a move to choose. */
function yourTurn(phase, turn) {
  if (phase === 'vizier') return 'play.vizier_offer';
  return turn.extra_action ? 'play.extra_action' : 'play.your_turn';
}

/** The computer seats, as bot-turns takes them, and the time each decision may take. */
function computer(setup) {
  const bots = Object.fromEntries(setup.opponents.map((level, i) => [String(i + 1), level]));
  const budget = Math.max(...setup.opponents.map((level) => THINKING_MS[level]));
  return { bots, budget_ms: budget };
}

/** The game's end (T9): kept among the past games. */
function gameOver() {
  if (play().state.over) update({ type: 'play-finished', at: new Date().toISOString() });
}

/** Whoever decides now: ask what you may do, or let the computer play its seats. Runs after
 *  every change that shows another state; the answer comes back through update. */
async function settle() {
  const { state } = play();
  const shown = JSON.stringify(state);
  if (!state || state.over || asked === shown) return;
  asked = shown;
  legal = null;
  try {
    const listing = await post('/v1/games/legal-actions', { state });
    if (asked !== shown) return; // another state came meanwhile
    if (play().table) { // every seat is the table's, and so are the reveals (T7)
      legal = listing;
      status.textContent = listing.player === null ? t('position.reveal')
        : t('position.turn_of', { name: state.players[listing.player].name });
      renderShownAgain(play());
      return;
    }
    if (listing.player === YOU) {
      legal = listing;
      status.textContent = t(yourTurn(listing.phase, state.turn));
      renderMoves(play()); // placing a tile: says which
      return;
    }
    status.textContent = t('play.bots_playing');
    const answer = await post('/v1/games/bot-turns', { state, ...computer(play()) });
    if (asked !== shown) return;
    update({
      type: 'play-advanced', state: answer.state, events: steps(answer.events), moves: answer.actions,
    });
    gameOver();
    // past a bound of the state document no move is possible: say so rather than wait
    if (answer.stopped === 'bounds') status.textContent = t('play.beyond_bounds');
  } catch (error) {
    status.textContent = error.describe();
    $('#play-retry').hidden = false;
  }
}

$('#play-retry').addEventListener('click', () => {
  $('#play-retry').hidden = true;
  asked = null;
  settle();
});

async function move(action) {
  if (busy) return;
  busy = true;
  renderMoves(play());
  try {
    const answer = await post('/v1/games/advance', { state: play().state, actions: [action] });
    update({ type: 'play-advanced', state: answer.state, events: steps(answer.events), moves: [action] });
    gameOver();
  } catch (error) {
    status.textContent = error.describe();
  } finally {
    busy = false;
    if (play().state) renderMoves(play());
  }
}

$('#play-hint').addEventListener('click', async () => {
  const { state } = play();
  const shown = asked;
  $('#play-hint-status').textContent = t('play.hint_asking');
  try {
    const advice = await post('/v1/games/advice', { state, player: seatOf(play()), ...HINT });
    if (shown !== asked) return;
    const [best] = advice.actions;
    // a tile to place: the hint's tile is the one shown, so that its cell can be tapped
    if (PLACING.includes(best.action.type)) placing = JSON.stringify(best.action.tile);
    update({ type: 'play-hint', action: best.action });
  } catch (error) {
    $('#play-hint-status').textContent = error.describe();
  }
});

// --- drawing the table -----------------------------------------------------------------------

function renderScoresOf(state) {
  renderScores($('#play-scores'), state);
  $('#play-scores-heading').textContent = t(state.over ? 'play.final' : 'play.scores');
  $('#play-winners').textContent = winnersText(state);
}

/** The market slots a purchase of yours pays exactly (T4), by the legal moves on show. */
function exactSlots(state) {
  const mine = legalOf(state)?.actions ?? [];
  return new Set(mine.filter((action) => isExact(action, state)).map((action) => action.slot));
}

/** The market, the money on the table, your hand and reserve, the slots your purchases on
 *  offer pay exactly marked (T4). */
function renderTableOf(state, seat) {
  renderTable(state, seat, {
    market: $('#play-market'), faceUp: $('#play-face-up'), hand: $('#play-hand'), reserve: $('#play-reserve'),
  }, exactSlots(state));
}

/** A cell where the tile you are placing may go: a button that places it there. */
function placeButton(action, x, y) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cell fits';
  button.textContent = '+';
  button.disabled = busy;
  if (sameAction(action, play().hint)) button.classList.add('hinted');
  button.setAttribute('aria-label', t('play.cell_place',
    { ...buildingForms(action.tile.building || action.tile.hut), cell: at(x, y) }));
  button.addEventListener('click', () => move(action));
  return button;
}

/** The tiles waiting to be placed among your moves (bought T6, awarded T9, the vizier's V1),
 *  each once, as JSON. */
const waitingTiles = (mine) => [...new Set(
  mine.filter((action) => PLACING.includes(action.type)).map((action) => JSON.stringify(action.tile)))];

/** With more than one tile waiting, the choice of which to place: each drawn, the one chosen
 *  pressed. */
function renderChoice(waiting) {
  const choice = $('#play-choice');
  choice.hidden = waiting.length < 2;
  $('#play-choice-tiles').replaceChildren(...(waiting.length < 2 ? [] : waiting.map((json) => {
    const tile = JSON.parse(json);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary tile-choice';
    button.setAttribute('aria-pressed', String(json === placing));
    button.append(...tileItem(tile));
    button.disabled = busy;
    button.addEventListener('click', () => {
      placing = json;
      renderMoves(play());
      $$('#play-choice-tiles button')[waiting.indexOf(json)]?.focus();
    });
    return button;
  })));
}

/** Your moves: the cells for the tile you are placing on your grid (the one you chose, when
 *  more than one waits), every other move a button; the hinted one marked. */
function renderMoves(setup) {
  const { state, hint } = setup;
  const current = legalOf(state) !== null && !state.over;
  const mine = current ? legal.actions : [];
  const seat = seatOf(setup);
  const waiting = waitingTiles(mine);
  if (!waiting.includes(placing)) placing = waiting[0] ?? null;
  const shown = mine.filter((a) => !PLACING.includes(a.type) || JSON.stringify(a.tile) === placing);
  const cells = new Map(shown.filter((a) => a.type === ON_THE_GRID).map((a) => [key(a.x, a.y), a]));
  renderGrid($('#play-grid'), state.players[seat], cells, placeButton);
  renderTableOf(state, seat);
  renderHeadings(setup, seat, current && legal.player === null);
  renderChoice(waiting);
  if (placing) {
    const tile = JSON.parse(placing);
    const words = setup.table ? 'position.placing' : 'play.placing'; // at a table: whose tile
    status.textContent = t(legal.phase === 'final_placement' ? `${words}_awarded` : words, {
      ...buildingForms(tile.building || tile.hut), price: tile.price ?? '', name: state.players[seat].name,
    });
  }
  $('#play-actions').replaceChildren(...shown.filter((a) => a.type !== ON_THE_GRID).map((action) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary move';
    const words = document.createElement('span');
    words.textContent = actionText(action, state);
    button.append(words);
    if (isExact(action, state)) button.append(exactMark(t('play.exact')));
    button.disabled = busy;
    if (sameAction(action, hint)) {
      button.classList.add('hinted');
      const mark = document.createElement('strong');
      mark.textContent = `★ ${t('play.hinted')}:`;
      button.prepend(mark);
    }
    button.addEventListener('click', () => move(action));
    item.append(button);
    return item;
  }));
  $('#play-hint').disabled = busy || !mine.length || (current && legal.player === null);
  $('#play-hint-status').textContent = hint && mine.some((a) => sameAction(a, hint))
    ? t('play.hint_shown', { action: actionText(hint, state) }) : '';
}

/** The headings of the seat on show: yours, or at a table the name of whoever decides (the
 *  table's reveals, `reveals`, are nobody's moves). */
function renderHeadings(setup, seat, reveals) {
  const { name } = setup.state.players[seat];
  $('#play-moves-heading').textContent = !setup.table ? t('play.actions')
    : t(reveals ? 'position.reveals' : 'position.moves_of', { name });
  $('#play-mine-heading').textContent = setup.table ? t('play.alhambra_of', { name }) : t('play.your_alhambra');
  $('#play-reserve-heading').textContent = t(setup.table ? 'position.reserve' : 'play.reserve');
  $('#play-hand-heading').textContent = t(setup.table ? 'position.hand' : 'play.hand');
  $('#play-opponents-heading').textContent = t(setup.table ? 'position.alhambras' : 'play.their_alhambras');
}

function renderOpponents(setup) {
  const { state, viewing } = setup;
  const first = setup.table ? 0 : 1; // at a table every seat is a player there
  $('#play-opponent-choice').replaceChildren(...state.players.slice(first).map((player, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.textContent = player.name;
    button.setAttribute('aria-pressed', String(index + first === viewing));
    button.addEventListener('click', () => update({ type: 'play-view', seat: index + first }));
    return button;
  }));
  $('#play-opponent-heading').textContent = t('play.alhambra_of', { name: state.players[viewing].name });
  renderGrid($('#play-opponent-grid'), state.players[viewing]);
}

/** The steps since your last turn began, newest first: what everyone did since you last
 *  played, your own moves of that turn included (all of them before your first turn). */
function sinceYourLastTurn(steps, state, you = YOU) {
  const yours = steps.flatMap((step, index) => (
    step.type === 'turn_started' && step.player === you ? [index] : []));
  const playing = state.turn.player === you && ['action', 'placement'].includes(state.turn.phase);
  const from = (playing ? yours.at(-2) : yours.at(-1)) ?? 0;
  return steps.slice(from).filter((step) => step.type !== 'turn_started').reverse();
}

/** The strip on top: the round, the bag, who decides; everything since your last turn; the
 *  whole log one tap away. */
function renderStrip(setup) {
  const { state } = setup;
  const all = names(state);
  const you = setup.table ? null : YOU; // at a table nobody is "you"
  renderWhere($('#play-where'), state, all, you);
  const newest = [...setup.steps].reverse();
  // at a table: everything since the player whose turn it is last began one
  listOf($('#play-latest'), sinceYourLastTurn(setup.steps, state, you ?? state.turn.player)
    .map((event) => stepText(event, all, you)), t('play.no_steps'));
  $('#play-log-summary').textContent = t('play.log', { n: setup.steps.length });
  listOf($('#play-steps'), newest.map((event) => stepText(event, all, you)), t('play.no_steps'));
}

/** The game on show, drawn again (the legal moves of a table's state came: whose they are
 *  decides what the table shows). */
function renderShownAgain(setup) {
  renderMoves(setup);
  renderOpponents(setup);
  renderStrip(setup);
}

const renderShown = renderWhen((game) => game.play, (game) => {
  const setup = game.play;
  const { state } = setup;
  $('#play-setup').hidden = state !== null;
  $('#play-table').hidden = state === null;
  if (state === null) {
    renderSetup(setup);
    status.textContent = '';
    return;
  }
  if (state.over) status.textContent = t('play.over');
  $('#play-moves').hidden = state.over;
  $('#play-replay').hidden = !state.over || setup.record === null;
  renderScoresOf(state);
  renderMoves(setup); // with the table: the hand and market mark what your moves pay exactly
  renderOpponents(setup);
  renderStrip(setup);
});

// The game over: its record opened move by move (it is in History already).
$('#play-replay').addEventListener('click', () => openPlayed(play(), status));

export function renderPlay(game) {
  renderShown(game);
  if (game.tab === 'play' && game.play.state && game.replay === null) settle();
}
