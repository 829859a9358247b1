// Play: you against 1-5 computer opponents. The game is a state document of the public API,
// kept in the page's game (play.state, saved on the device like the scores); every rule and
// every computer move comes from the server, which keeps nothing:
//   POST /v1/games                a new game (T1, D1, D2; with the modules V1-V4)
//   POST /v1/games/legal-actions  what you may do now (T2-T7, V1-V4)
//   POST /v1/games/advance        your move, and everything automatic after it
//   POST /v1/games/bot-turns      the computer's moves, until you decide again or the game ends
//   POST /v1/games/advice         the hint: the advisor's best move for you
// What this tab only shows (the legal moves of the state on show) it keeps here.

import { post } from './api.js';
import { confirmLoss } from './confirm.js';
import { $, nameSpan, swatch } from './dom.js';
import { LEVELS, MAX_OPPONENTS, MODULES, YOU } from './game.js';
import { actionText, cardsText, isExact, stepText, steps } from './moves.js';
import { markScrolling } from './scrolls.js';
import { currentGame, renderWhen, update } from './store.js';
import { at, buildingForms, buildingName, pointsOf, t, wallsText } from './words.js';

/** The time of each computer decision, by level; one request plays with the longest. */
const THINKING_MS = { random: 10, greedy: 100, mcts: 400 };
const HINT = { level: 'mcts', budget_ms: 800 };
/** The moves that are cells of your Alhambra, shown on its grid rather than in the list. */
const ON_THE_GRID = 'place';
const LATEST_STEPS = 3; // the moves the strip shows, newest first (the log holds them all)
const LAST_ROUND = 3; // the third scoring round ends the game (T9)

const status = $('#play-status');
let legal = null; // the legal-actions answer for the state asked about, once it came
let asked = null; // the state (as JSON) whose legal actions were asked for
let busy = false; // a move of yours on its way

const play = () => currentGame().play;
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

$('#play-start').addEventListener('click', async () => {
  const { opponents, modules } = play();
  const players = [t('play.you'), ...opponents.map((_, i) => t('play.bot_name', { n: i + 1 }))];
  status.textContent = '';
  $('#play-setup-status').textContent = '';
  try {
    const answer = await post('/v1/games', { players, start_player: YOU, options: { modules } });
    update({ type: 'play-started', state: answer.state });
  } catch (error) {
    $('#play-setup-status').textContent = error.describe(); // beside Start: the table is hidden
  }
});

// A game in progress is lost to New game: ask first, naming it (a finished one is already
// among the past games).
$('#play-new').addEventListener('click', async () => {
  const { state } = play();
  if (!state.over && !(await confirmLoss({
    question: t('play.new_confirm'),
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
    if (listing.player === YOU) {
      legal = listing;
      status.textContent = t(yourTurn(listing.phase, state.turn));
      renderMoves(play()); // placing a tile: says which
      return;
    }
    status.textContent = t('play.bots_playing');
    const answer = await post('/v1/games/bot-turns', { state, ...computer(play()) });
    if (asked !== shown) return;
    update({ type: 'play-advanced', state: answer.state, events: steps(answer.events) });
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
    update({ type: 'play-advanced', state: answer.state, events: steps(answer.events) });
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
    const advice = await post('/v1/games/advice', { state, player: YOU, ...HINT });
    if (shown !== asked) return;
    update({ type: 'play-hint', action: advice.actions[0].action });
  } catch (error) {
    $('#play-hint-status').textContent = error.describe();
  }
});

// --- drawing the table -----------------------------------------------------------------------

function listOf(list, items, empty) {
  list.replaceChildren(...(items.length ? items : [empty]).map((content) => {
    const item = document.createElement('li');
    item.append(...[content].flat());
    return item;
  }));
}

const pieceItem = (piece) => [swatch(piece.building || piece.hut),
  nameSpan(`${buildingName(piece.building || piece.hut)}${piece.price ? ` (${piece.price})` : ''}`)];

function renderScores(state) {
  const rows = state.players.map((player, seat) => {
    const row = document.createElement('tr');
    const who = document.createElement('th');
    who.scope = 'row';
    who.textContent = player.name;
    const points = document.createElement('td');
    points.textContent = player.score;
    points.dataset.seat = seat;
    row.append(who, points);
    if (state.winners.includes(seat)) row.className = 'winner';
    return row;
  });
  const head = document.createElement('tr');
  [t('play.col_player'), t('play.col_points')].forEach((text) => {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = text;
    head.append(cell);
  });
  $('#play-scores').replaceChildren(head, ...rows);
  $('#play-scores-heading').textContent = t(state.over ? 'play.final' : 'play.scores');
  $('#play-winners').textContent = state.over
    ? t('play.winners', { names: state.winners.map((seat) => state.players[seat].name).join(', ') })
    : '';
}

function currencySwatch(currency) {
  const chip = document.createElement('span');
  chip.className = `swatch currency-${currency}`;
  chip.setAttribute('aria-hidden', 'true');
  return chip;
}

function renderTable(state) {
  listOf($('#play-market'), state.market.map(({ slot, currency, tile }) => [
    currencySwatch(currency), `${t('play.slot', { n: slot, currency: t(`currency.${currency}`) })}: `,
    ...(tile ? [...pieceItem(tile), ` (${wallsText(tile.walls)})`] : [t('play.slot_empty')]),
  ]), t('play.none'));
  listOf($('#play-face-up'), state.money.face_up.map((card) => cardsText([card])), t('play.none'));
  const you = state.players[YOU];
  listOf($('#play-hand'), you.hand.map((card) => cardsText([card])), t('play.none'));
  listOf($('#play-reserve'), you.reserve.map(pieceItem), t('play.none'));
}

/** An Alhambra on a grid: its tiles, the fountain, and (yours) the cells you may build on. */
function renderGrid(grid, player, placeable = new Map()) {
  const tiles = new Map([[key(0, 0), null]]);
  player.alhambra.forEach((tile) => tiles.set(key(tile.x, tile.y), tile));
  const cells = [...player.alhambra, ...[...placeable.values()].map((a) => ({ x: a.x, y: a.y }))];
  const xs = [0, ...cells.map((c) => c.x)];
  const ys = [0, ...cells.map((c) => c.y)];
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  grid.style.setProperty('--columns', String(right - left + 1));
  grid.setAttribute('aria-label', t('play.grid', { name: player.name }));
  const drawn = [];
  for (let y = top; y <= bottom; y += 1) {
    for (let x = left; x <= right; x += 1) {
      drawn.push(cell(x, y, tiles, placeable.get(key(x, y))));
    }
  }
  grid.replaceChildren(...drawn);
  markScrolling();
}

/** The coordinate a cell shows, as hints, moves and steps name it ("(1,-1)"). */
function coordinate(x, y) {
  const label = document.createElement('span');
  label.className = 'coordinate';
  label.setAttribute('aria-hidden', 'true');
  label.textContent = at(x, y);
  return label;
}

function cell(x, y, tiles, action) {
  const square = drawnCell(x, y, tiles, action);
  square.dataset.x = x;
  square.dataset.y = y;
  square.append(coordinate(x, y));
  return square;
}

function drawnCell(x, y, tiles, action) {
  if (action) {
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
  const square = document.createElement('span');
  square.className = 'cell';
  if (!tiles.has(key(x, y))) {
    square.setAttribute('aria-hidden', 'true');
    return square;
  }
  const tile = tiles.get(key(x, y));
  square.setAttribute('role', 'img');
  if (tile === null) {
    square.classList.add('fountain');
    square.setAttribute('aria-label', t('play.cell_fountain', { cell: at(x, y) }));
    return square;
  }
  const building = tile.building || tile.hut;
  square.classList.add(`building-${building}`, ...tile.walls.split('').map((side) => `wall-${side}`));
  const short = document.createElement('span');
  short.className = 'short';
  short.textContent = t(`building_short.${building}`);
  square.append(short);
  square.setAttribute('aria-label', tile.hut
    ? t('play.cell_hut', { building: buildingName(building), cell: at(x, y), walls: wallsText(tile.walls) })
    : t('play.cell_tile', { building: buildingName(building), price: tile.price, cell: at(x, y),
      walls: wallsText(tile.walls) }));
  return square;
}

/** Your moves: the cells for the tile you are placing on your grid, every other move a button;
 *  the hinted one marked. */
function renderMoves(setup) {
  const { state, hint } = setup;
  const current = legal && asked === JSON.stringify(state) && !state.over;
  const mine = current ? legal.actions : [];
  const placing = mine.find((action) => action.type === ON_THE_GRID)?.tile;
  const cells = new Map(mine
    .filter((a) => a.type === ON_THE_GRID && JSON.stringify(a.tile) === JSON.stringify(placing))
    .map((a) => [key(a.x, a.y), a]));
  renderGrid($('#play-grid'), state.players[YOU], cells);
  if (placing) {
    status.textContent = t('play.placing',
      { ...buildingForms(placing.building || placing.hut), price: placing.price ?? '' });
  }
  $('#play-actions').replaceChildren(...mine.filter((a) => a.type !== ON_THE_GRID).map((action) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary move';
    const words = document.createElement('span');
    words.textContent = actionText(action, state);
    button.append(words);
    if (isExact(action, state)) {
      const exact = document.createElement('span');
      exact.className = 'exact';
      exact.textContent = t('play.exact');
      button.append(exact);
    }
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
  $('#play-hint').disabled = busy || !mine.length;
  $('#play-hint-status').textContent = hint && mine.some((a) => sameAction(a, hint))
    ? t('play.hint_shown', { action: actionText(hint, state) }) : '';
}

function renderOpponents(setup) {
  const { state, viewing } = setup;
  $('#play-opponent-choice').replaceChildren(...state.players.slice(1).map((player, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.textContent = player.name;
    button.setAttribute('aria-pressed', String(index + 1 === viewing));
    button.addEventListener('click', () => update({ type: 'play-view', seat: index + 1 }));
    return button;
  }));
  $('#play-opponent-heading').textContent = t('play.alhambra_of', { name: state.players[viewing].name });
  renderGrid($('#play-opponent-grid'), state.players[viewing]);
}

/** The strip on top: the round, the bag, whose turn; the latest moves, everyone's; the whole
 *  log one tap away. */
function renderStrip(setup) {
  const { state } = setup;
  const all = names(state);
  const turn = state.turn.player === YOU ? t('play.turn_yours')
    : t('play.turn_of', { name: all[state.turn.player] });
  $('#play-where').replaceChildren(...[
    t('play.round', { n: Math.min(state.rounds_scored.length + 1, LAST_ROUND) }),
    t('play.bag', { n: state.bag.length }),
    state.over ? t('play.over') : turn,
  ].map((text) => {
    const part = document.createElement('span');
    part.textContent = text;
    return part;
  }));
  const newest = [...setup.steps].reverse();
  listOf($('#play-latest'), newest.filter((event) => event.type !== 'turn_started')
    .slice(0, LATEST_STEPS).map((event) => stepText(event, all)), t('play.no_steps'));
  $('#play-log-summary').textContent = t('play.log', { n: setup.steps.length });
  listOf($('#play-steps'), newest.map((event) => stepText(event, all)), t('play.no_steps'));
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
  renderScores(state);
  renderTable(state);
  renderMoves(setup);
  renderOpponents(setup);
  renderStrip(setup);
});

export function renderPlay(game) {
  renderShown(game);
  if (game.tab === 'play' && game.play.state) settle();
}
