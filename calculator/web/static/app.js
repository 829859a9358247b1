// The phone page: quick scoring over three rounds and drawing an Alhambra.
//
// Every rule is decided by the server through the public API (RULES.md ids in brackets):
//   POST /v1/scores            majorities, ties and walls of a round (M1-M5, W4, D3)
//   POST /v1/placement         is this placement legal, and why not (B2-B6)
//   POST /v1/placement/options every cell where a tile fits
//   POST /v1/removal           may this tile leave the Alhambra (T5)
//   POST /v1/walls             the longest wall and its segments (W1-W3)
//   POST /v1/render            the picture (SVG)
// The page only keeps the game (in localStorage, and in a link when shared) and words the
// answers in the visitor's language: rule messages are rebuilt from rule id + cells + sides.

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

const MESSAGES = JSON.parse($('#messages').textContent);
const CATALOG = JSON.parse($('#tile-catalog').textContent);
const LANG = document.documentElement.lang;
const PLURAL = new Intl.PluralRules(LANG);

const BUILDINGS = ['pavilion', 'seraglio', 'arcades', 'chambers', 'garden', 'tower'];
const SIDES = ['N', 'E', 'S', 'W'];
const ROUNDS = [1, 2, 3];
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 6;
const MAX_WALL = 216; // 54 tiles × 4 sides: the API's bound
const NAME_LENGTH = 24;
// The most buildings of a type anyone can hold: every tile of that type (C1).
const MAX_COUNT = Object.fromEntries(
  BUILDINGS.map((b) => [b, CATALOG.filter((tile) => tile.building === b).length]));
const STORAGE_KEY = 'alhambra-scores/v1';
const LINK_PREFIX = '#game=';

// --- words ---------------------------------------------------------------------------------

/** The text of `key` with `{name}` placeholders filled; plural forms are chosen by `n`. */
function t(key, params = {}) {
  let text = MESSAGES[key];
  if (text === undefined) return key;
  if (typeof text === 'object') {
    const n = params.n;
    text = (n === 0 && text.zero) || text[PLURAL.select(n)] || text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

const buildingName = (b) => t(`building.${b}`);

/** A name that is capitalised on screen (catalogs keep names lowercase for sentences). */
function nameSpan(text) {
  const span = document.createElement('span');
  span.className = 'name';
  span.textContent = text;
  return span;
}

function swatch(building) {
  const chip = document.createElement('span');
  chip.className = `swatch building-${building}`;
  chip.setAttribute('aria-hidden', 'true');
  return chip;
}
const at = (x, y) => `(${x},${y})`;
const wallsText = (walls) =>
  walls ? walls.split('').map((side) => t(`side.${side}`)).join(', ') : t('walls.none');

// --- the game, kept on the device ----------------------------------------------------------

const zeros = (n) => Array(n).fill(0);

function emptyRound(players) {
  return {
    counts: Array.from({ length: players }, () => zeros(BUILDINGS.length)),
    walls: zeros(players),
    dummy: zeros(BUILDINGS.length),
    result: null, // the /v1/scores answer, dropped whenever an entry of the round changes
  };
}

function newGame(players = 3) {
  return {
    v: 1,
    names: Array.from({ length: players }, (_, i) => t('players.default_name', { n: i + 1 })),
    round: 1,
    rounds: ROUNDS.map(() => emptyRound(players)),
    drawings: Array.from({ length: players }, () => []), // [x, y, building, walls, price|null]
    builder: 0,
    tab: 'score',
  };
}

function isGame(value) {
  const n = value?.names?.length;
  return value?.v === 1 && n >= MIN_PLAYERS && n <= MAX_PLAYERS
    && value.rounds?.length === 3 && value.drawings?.length === n
    && value.rounds.every((r) => r.counts?.length === n && r.walls?.length === n
      && r.dummy?.length === BUILDINGS.length);
}

function loadStored() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY));
    if (isGame(stored)) return stored;
  } catch { /* unreadable: start afresh */ }
  return newGame();
}

function save() {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(game));
  } catch { /* storage full or disabled: the game still runs in this tab */ }
}

// A shared link carries the entries, not the answers: the receiving page asks the server again.
function toLink(state) {
  const compact = {
    v: 1,
    names: state.names,
    round: state.round,
    rounds: state.rounds.map((r) => ({ c: r.counts, w: r.walls, d: r.dummy, s: r.result ? 1 : 0 })),
    drawings: state.drawings,
  };
  const bytes = new TextEncoder().encode(JSON.stringify(compact));
  let binary = '';
  bytes.forEach((byte) => { binary += String.fromCharCode(byte); });
  const encoded = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${location.origin}${location.pathname}?lang=${LANG}${LINK_PREFIX}${encoded}`;
}

function fromLink(hash) {
  try {
    const base64 = hash.slice(LINK_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const compact = JSON.parse(new TextDecoder().decode(bytes));
    const state = {
      v: 1,
      names: compact.names.map((name) => String(name).slice(0, NAME_LENGTH)),
      round: ROUNDS.includes(compact.round) ? compact.round : 1,
      rounds: compact.rounds.map((r) => ({
        counts: r.c, walls: r.w, dummy: r.d, result: null, rescore: Boolean(r.s),
      })),
      drawings: compact.drawings,
      builder: 0,
      tab: 'score',
    };
    return isGame(state) ? state : null;
  } catch {
    return null;
  }
}

let game = loadStored();

// --- talking to the API --------------------------------------------------------------------

class ApiError extends Error {
  constructor(kind, status = 0, problem = {}) {
    super(kind);
    this.kind = kind; // 'offline' or 'refused'
    this.status = status;
    this.problem = problem;
  }

  describe() {
    if (this.kind === 'offline') return t('score.offline');
    const details = (this.problem.errors || []).map((e) => `${e.pointer}: ${e.message}`);
    return t('score.refused', { detail: [this.problem.detail || this.status, ...details].join('; ') });
  }
}

class TableError extends Error {
  describe() { return this.message; }
}

async function post(path, body, { as = 'json' } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': LANG },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('offline');
  }
  if (!response.ok) {
    let problem = {};
    try { problem = await response.json(); } catch { /* not JSON: keep the status */ }
    throw new ApiError('refused', response.status, problem);
  }
  return as === 'text' ? response.text() : response.json();
}

// --- steppers ------------------------------------------------------------------------------

let nextId = 0;

/** A labelled number with − and + buttons: large targets, no keyboard needed on a phone. */
function stepper({ label, value, max, data, building }) {
  const id = `stepper-${nextId++}`;
  const row = document.createElement('div');
  row.className = 'stepper';
  const labelElement = document.createElement('label');
  labelElement.htmlFor = id;
  if (building) labelElement.append(swatch(building));
  labelElement.append(nameSpan(label));
  const input = document.createElement('input');
  Object.assign(input, { id, type: 'number', min: 0, max, value });
  input.inputMode = 'none'; // steppers, not keyboards
  Object.entries(data).forEach(([key, val]) => { input.dataset[key] = val; });
  const button = (step, text, aria) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'step';
    b.dataset.step = step;
    b.textContent = text;
    b.setAttribute('aria-label', aria);
    b.setAttribute('aria-controls', id);
    return b;
  };
  row.append(labelElement, button(-1, '−', t('stepper.fewer', { what: label })), input,
    button(1, '+', t('stepper.more', { what: label })));
  return row;
}

function clamp(input) {
  const min = Number(input.min);
  const max = Number(input.max);
  const value = Math.round(Number(input.value));
  const clamped = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
  if (String(clamped) !== input.value) input.value = String(clamped);
  return clamped;
}

document.addEventListener('click', (event) => {
  const button = event.target.closest('button.step');
  if (!button) return;
  const input = document.getElementById(button.getAttribute('aria-controls'));
  input.value = String(Number(input.value) + Number(button.dataset.step));
  clamp(input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});

// --- quick scoring -------------------------------------------------------------------------

const entries = $('#entries');
const playerCount = $('#player-count');
const scoreButton = $('#score-round');
const scoreStatus = $('#score-status');

const currentRound = () => game.rounds[game.round - 1];
const isTwoPlayer = () => game.names.length === 2;

function renderEntries() {
  const round = currentRound();
  entries.replaceChildren();
  game.names.forEach((name, player) => {
    const card = document.createElement('fieldset');
    card.className = 'card player';
    card.dataset.player = player;
    const legend = document.createElement('legend');
    legend.className = 'visually-hidden'; // the name field below is the visible heading
    legend.textContent = name;
    const field = document.createElement('div');
    field.className = 'field';
    const nameLabel = document.createElement('label');
    nameLabel.htmlFor = `name-${player}`;
    nameLabel.textContent = t('players.name', { n: player + 1 });
    const nameInput = document.createElement('input');
    Object.assign(nameInput, {
      id: `name-${player}`, type: 'text', value: name, maxLength: NAME_LENGTH, autocomplete: 'off',
    });
    nameInput.dataset.name = player;
    field.append(nameLabel, nameInput);
    card.append(legend, field);
    BUILDINGS.forEach((b, index) => card.append(stepper({
      label: buildingName(b), value: round.counts[player][index], max: MAX_COUNT[b],
      data: { player, building: index }, building: b,
    })));
    card.append(stepper({
      label: t('stepper.wall'), value: round.walls[player], max: MAX_WALL, data: { player, wall: 1 },
    }));
    entries.append(card);
  });
  if (isTwoPlayer()) {
    const card = document.createElement('fieldset');
    card.className = 'card player dummy';
    const legend = document.createElement('legend');
    legend.textContent = t('dummy.name');
    const note = document.createElement('p');
    note.className = 'hint';
    note.textContent = t('dummy.note');
    card.append(legend, note);
    BUILDINGS.forEach((b, index) => card.append(stepper({
      label: buildingName(b), value: round.dummy[index], max: MAX_COUNT[b],
      data: { dummy: 1, building: index }, building: b,
    })));
    entries.append(card);
  }
  playerCount.value = String(game.names.length);
  $(`#round-${game.round}`).checked = true;
  scoreButton.textContent = t('score.button', { n: game.round });
}

entries.addEventListener('input', (event) => {
  const input = event.target;
  const round = currentRound();
  if (input.dataset.name !== undefined) {
    const player = Number(input.dataset.name);
    game.names[player] = input.value.slice(0, NAME_LENGTH);
    input.closest('fieldset').querySelector('legend').textContent = input.value;
    renderTotals();
    renderBuilderChoice();
    save();
    return; // a name does not change any score
  }
  const value = clamp(input);
  if (input.dataset.dummy) {
    round.dummy[Number(input.dataset.building)] = value;
  } else if (input.dataset.wall) {
    round.walls[Number(input.dataset.player)] = value;
  } else {
    round.counts[Number(input.dataset.player)][Number(input.dataset.building)] = value;
  }
  entriesChanged(round);
});

function entriesChanged(round) {
  if (round.result) {
    round.result = null;
    scoreStatus.textContent = t('score.stale');
  }
  renderResults();
  renderTotals();
  save();
}

function resize(players) {
  const old = game.names.length;
  if (players === old) return;
  const names = Array.from({ length: players },
    (_, i) => game.names[i] ?? t('players.default_name', { n: i + 1 }));
  const fit = (list, make) => Array.from({ length: players }, (_, i) => list[i] ?? make());
  game.rounds.forEach((round) => {
    round.counts = fit(round.counts, () => zeros(BUILDINGS.length));
    round.walls = fit(round.walls, () => 0);
    round.result = null; // another table: every score must be asked again
  });
  game.names = names;
  game.drawings = fit(game.drawings, () => []);
  game.builder = Math.min(game.builder, players - 1);
  save();
  renderAll();
}

playerCount.addEventListener('input', () => resize(clamp(playerCount)));

$$('input[name="round"]').forEach((radio) => radio.addEventListener('change', () => {
  const chosen = Number(radio.value);
  const target = game.rounds[chosen - 1];
  const before = game.rounds[game.round - 1];
  const untouched = !target.result && target.walls.every((w) => w === 0)
    && target.counts.every((c) => c.every((n) => n === 0)) && target.dummy.every((n) => n === 0);
  if (untouched && chosen > game.round) {
    // Buildings stay between rounds: start from the previous round's table.
    target.counts = before.counts.map((c) => [...c]);
    target.walls = [...before.walls];
    target.dummy = [...before.dummy];
  }
  game.round = chosen;
  scoreStatus.textContent = '';
  save();
  renderAll();
}));

function scoresRequest(roundNumber) {
  const round = game.rounds[roundNumber - 1];
  const body = {
    round: roundNumber,
    players: game.names.map((name, player) => ({
      name: name.trim() || t('players.default_name', { n: player + 1 }),
      counts: Object.fromEntries(BUILDINGS.map((b, index) => [b, round.counts[player][index]])),
      wall: round.walls[player],
    })),
  };
  if (isTwoPlayer()) {
    body.dummy = { counts: Object.fromEntries(BUILDINGS.map((b, index) => [b, round.dummy[index]])) };
  }
  return body;
}

// Two refusals the server would send (unique names; no more buildings of a type than the game
// has, C1), said before asking, in the page's language.
function tableProblem(body) {
  const names = body.players.map((player) => player.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) return t('score.same_name', { name: twice });
  const holders = [...body.players, ...(body.dummy ? [body.dummy] : [])];
  for (const b of BUILDINGS) {
    const count = holders.reduce((sum, holder) => sum + holder.counts[b], 0);
    if (count > MAX_COUNT[b]) {
      return t('score.too_many', { building: buildingName(b), max: MAX_COUNT[b], count });
    }
  }
  return null;
}

async function scoreRound(roundNumber) {
  const round = game.rounds[roundNumber - 1];
  const body = scoresRequest(roundNumber);
  const problem = tableProblem(body);
  if (problem) throw new TableError(problem);
  const asked = JSON.stringify(body);
  round.result = await post('/v1/scores', body);
  // Entries changed while the answer was on its way: it no longer fits them.
  if (JSON.stringify(scoresRequest(roundNumber)) !== asked) round.result = null;
  delete round.rescore;
  save();
}

scoreButton.addEventListener('click', async () => {
  const n = game.round;
  scoreButton.disabled = true;
  scoreStatus.textContent = t('score.busy', { n });
  try {
    await scoreRound(n);
    scoreStatus.textContent = t('score.done', { n });
  } catch (error) {
    scoreStatus.textContent = error.describe ? error.describe() : String(error);
  } finally {
    scoreButton.disabled = false;
  }
  renderResults();
  renderTotals();
});

/** "1st", and under it which tie shared the place (M3, M4). */
function placeCell(cell, majority) {
  if (majority.place === null || majority.count === 0) {
    cell.textContent = t('results.no_place');
    return;
  }
  cell.textContent = t(`place.${majority.place}`);
  if (majority.shared_with > 0) {
    const tie = document.createElement('small');
    tie.className = 'tie';
    tie.textContent = t('results.tie', { n: majority.shared_with + 1 });
    cell.append(tie);
  }
}

function breakdownTable(name, score, withWall) {
  // One line per scorer (what the score track needs); the breakdown opens on a tap.
  const details = document.createElement('details');
  details.className = 'card result';
  const summary = document.createElement('summary');
  const who = document.createElement('strong');
  who.textContent = name;
  const points = document.createElement('span');
  points.className = 'points';
  points.textContent = t('results.points', { n: score.points });
  const more = document.createElement('span');
  more.className = 'more';
  more.setAttribute('aria-hidden', 'true');
  more.textContent = t('results.breakdown');
  summary.append(who, points, more);
  details.append(summary);
  const table = document.createElement('table');
  table.className = 'breakdown';
  const head = table.createTHead().insertRow();
  ['results.col_building', 'results.col_count', 'results.col_place', 'results.col_points']
    .forEach((key) => {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = t(key);
      head.append(th);
    });
  const body = table.createTBody();
  const row = (label, cells, building) => {
    const tr = body.insertRow();
    if (building) tr.dataset.building = building;
    const th = document.createElement('th');
    th.scope = 'row';
    if (building) th.append(swatch(building));
    th.append(nameSpan(label));
    tr.append(th);
    return cells.map((text) => {
      const td = tr.insertCell();
      td.textContent = text;
      return td;
    });
  };
  BUILDINGS.forEach((b) => {
    const majority = score.majorities[b];
    const [, place] = row(buildingName(b), [majority.count, '', majority.points], b);
    placeCell(place, majority);
  });
  if (withWall) row(t('results.wall'), [score.wall, '', score.wall]);
  const foot = table.createTFoot().insertRow();
  const th = document.createElement('th');
  th.scope = 'row';
  th.colSpan = 3;
  th.textContent = t('results.total');
  foot.append(th);
  const total = foot.insertCell();
  total.className = 'points';
  total.textContent = score.points;
  details.append(table);
  return details;
}

function renderResults() {
  const round = currentRound();
  const section = $('#results');
  const body = $('#results-body');
  body.replaceChildren();
  if (!round.result) {
    section.hidden = true;
    return;
  }
  section.hidden = false;
  $('#results-heading').textContent = t('results.heading', { n: game.round });
  round.result.players.forEach((score, player) => {
    const card = breakdownTable(game.names[player], score, true);
    card.dataset.player = player;
    body.append(card);
  });
  if (round.result.dummy) {
    const card = breakdownTable(t('dummy.name'), round.result.dummy, false);
    card.dataset.dummy = '1';
    body.append(card);
  }
}

function totals() {
  return game.names.map((_, player) => game.rounds.reduce(
    (sum, round) => sum + (round.result ? round.result.players[player].points : 0), 0));
}

function renderTotals() {
  const table = $('#totals-table');
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  [t('totals.player'), ...ROUNDS.map((n) => t('totals.round', { n })), t('totals.total')]
    .forEach((text) => {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      head.append(th);
    });
  const sums = totals();
  const body = table.createTBody();
  game.names.forEach((name, player) => {
    const tr = body.insertRow();
    tr.dataset.player = player;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = name;
    tr.append(th);
    game.rounds.forEach((round) => {
      const cell = tr.insertCell();
      if (round.result) {
        cell.textContent = round.result.players[player].points;
      } else {
        cell.textContent = '–';
        cell.setAttribute('aria-label', t('totals.not_scored'));
      }
    });
    const total = tr.insertCell();
    total.className = 'total';
    total.textContent = sums[player];
  });
  const winners = $('#winners');
  if (game.rounds.every((round) => round.result)) {
    // M6: the highest total wins, equal totals share; the dummy is no player (D3).
    const best = Math.max(...sums);
    const names = game.names.filter((_, player) => sums[player] === best);
    winners.textContent = t(names.length > 1 ? 'totals.winners' : 'totals.winner',
      { names: names.join(', ') });
    winners.classList.add('decided');
  } else {
    winners.textContent = t('totals.pending');
    winners.classList.remove('decided');
  }
}

// --- share and reset -----------------------------------------------------------------------

$('#share').addEventListener('click', async () => {
  const link = toLink(game);
  const box = $('#share-box');
  const field = $('#share-link');
  const status = $('#share-status');
  box.hidden = false;
  field.value = link;
  field.select();
  try {
    await navigator.clipboard.writeText(link);
    status.textContent = t('game.copied');
  } catch {
    status.textContent = t('game.copy_failed');
  }
});

$('#reset').addEventListener('click', () => {
  if (!window.confirm(t('game.reset_confirm'))) return;
  game = newGame(game.names.length);
  save();
  scoreStatus.textContent = '';
  $('#share-box').hidden = true;
  renderAll();
});

// --- tabs ----------------------------------------------------------------------------------

const tabs = $$('[role="tab"]');

function selectTab(name, focus = false) {
  tabs.forEach((tab) => {
    const selected = tab.id === `tab-${name}`;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    document.getElementById(tab.getAttribute('aria-controls')).hidden = !selected;
    if (selected && focus) tab.focus();
  });
  game.tab = name;
  save();
  if (name === 'build') refreshBuild();
}

tabs.forEach((tab, index) => {
  tab.addEventListener('click', () => selectTab(tab.id.slice(4)));
  tab.addEventListener('keydown', (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    selectTab(next.id.slice(4), true);
  });
});

// --- build mode ----------------------------------------------------------------------------

const grid = $('#grid');
const buildStatus = $('#build-status');
const picker = $('#picker');
const pickerResult = $('#picker-result');
let wall = { length: 0, segments: [] }; // the longest wall of the drawing on show
let marks = { bad: new Set(), fits: new Set() }; // cells marked by the last answer
let target = null; // the cell the picker is open for

const drawing = () => game.drawings[game.builder];
const key = (x, y) => `${x},${y}`;
const alhambraOf = (tiles) => tiles.map(([x, y, building, walls, price]) => (
  price === null ? { building, walls, x, y } : { building, walls, price, x, y }));

function tileMap(tiles) {
  const map = new Map([[key(0, 0), { fountain: true, walls: '' }]]);
  tiles.forEach(([x, y, building, walls, price]) => map.set(key(x, y), { building, walls, price }));
  return map;
}

function renderBuilderChoice() {
  const select = $('#build-player');
  select.replaceChildren(...game.names.map((name, player) => {
    const option = document.createElement('option');
    option.value = player;
    option.textContent = name;
    return option;
  }));
  select.value = String(game.builder);
  $('#use-drawing').textContent = t('build.use', { name: game.names[game.builder], n: game.round });
}

$('#build-player').addEventListener('change', (event) => {
  game.builder = Number(event.target.value);
  save();
  marks = { bad: new Set(), fits: new Set() };
  buildStatus.textContent = '';
  refreshBuild();
});

function renderGrid() {
  const tiles = tileMap(drawing());
  const xs = [0, ...drawing().map((tile) => tile[0])];
  const ys = [0, ...drawing().map((tile) => tile[1])];
  // One free ring around the drawing, and at least 5 × 5 cells.
  let [left, right, top, bottom] = [Math.min(...xs) - 1, Math.max(...xs) + 1,
    Math.min(...ys) - 1, Math.max(...ys) + 1];
  while (right - left < 4) { if ((right - left) % 2) left -= 1; else right += 1; }
  while (bottom - top < 4) { if ((bottom - top) % 2) top -= 1; else bottom += 1; }
  const longest = new Map();
  wall.segments.forEach(({ x, y, side }) => {
    longest.set(key(x, y), (longest.get(key(x, y)) || '') + side);
  });
  grid.style.setProperty('--columns', String(right - left + 1));
  const cells = [];
  for (let y = top; y <= bottom; y += 1) {
    for (let x = left; x <= right; x += 1) {
      cells.push(cellButton(x, y, tiles.get(key(x, y)), longest.get(key(x, y)) || ''));
    }
  }
  grid.replaceChildren(...cells);
}

function cellButton(x, y, tile, longestSides) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cell';
  button.dataset.x = x;
  button.dataset.y = y;
  const label = [];
  if (tile?.fountain) {
    button.classList.add('fountain'); // drawn by the style sheet; named by aria-label
    label.push(t('build.cell_fountain', { cell: at(x, y) }));
  } else if (tile) {
    button.classList.add(`building-${tile.building}`);
    tile.walls.split('').forEach((side) => button.classList.add(`wall-${side}`));
    const short = document.createElement('span');
    short.className = 'short';
    short.textContent = t(`building_short.${tile.building}`);
    button.append(short);
    if (tile.price !== null && tile.price !== undefined) {
      const price = document.createElement('span');
      price.className = 'price';
      price.textContent = tile.price;
      button.append(price);
    }
    label.push(t('build.cell_tile',
      { building: buildingName(tile.building), cell: at(x, y), walls: wallsText(tile.walls) }));
  } else if (marks.fits.has(key(x, y))) {
    button.classList.add('fits');
    button.textContent = '+';
    label.push(t('build.cell_fits', { cell: at(x, y) }));
  } else {
    label.push(t('build.cell_empty', { cell: at(x, y) }));
  }
  longestSides.split('').forEach((side) => button.classList.add(`longest-${side}`));
  if (longestSides) label.push(t('build.cell_longest'));
  if (marks.bad.has(key(x, y))) button.classList.add('bad');
  const coordinate = document.createElement('span');
  coordinate.className = 'coordinate';
  coordinate.setAttribute('aria-hidden', 'true');
  coordinate.textContent = `${x},${y}`;
  button.append(coordinate);
  button.setAttribute('aria-label', label.join('; '));
  return button;
}

function renderSummary() {
  const counts = Object.fromEntries(BUILDINGS.map((b) => [b, 0]));
  drawing().forEach(([, , building]) => { counts[building] += 1; });
  $('#summary-counts').replaceChildren(...BUILDINGS.map((b) => {
    const item = document.createElement('li');
    item.dataset.building = b;
    item.append(swatch(b), nameSpan(buildingName(b)));
    const count = document.createElement('strong');
    count.textContent = counts[b];
    item.append(count);
    return item;
  }));
  const wallText = $('#summary-wall');
  wallText.textContent = `${t('build.longest_wall', { n: wall.length })} (${t('build.longest_wall_note')})`;
  wallText.dataset.length = wall.length;
  return counts;
}

async function refreshBuild() {
  renderBuilderChoice();
  if (drawing().length === 0) {
    wall = { length: 0, segments: [] };
  } else {
    try {
      wall = await post('/v1/walls', { alhambra: alhambraOf(drawing()) });
    } catch (error) {
      buildStatus.textContent = error.describe();
    }
  }
  renderGrid();
  renderSummary();
}

function drawingChanged(message) {
  marks = { bad: new Set(), fits: new Set() };
  $('#picture').hidden = true;
  $('#download').hidden = true;
  save();
  buildStatus.textContent = message;
  return refreshBuild();
}

grid.addEventListener('click', (event) => {
  const cell = event.target.closest('button.cell');
  if (!cell) return;
  openPicker(Number(cell.dataset.x), Number(cell.dataset.y));
});

// The words of a violation in the page's language, from its rule id, cells and sides; a
// rule the page does not know keeps the server's (English) message.
function describeViolation(violation, tiles) {
  const nameAt = ({ x, y }) => {
    const tile = tiles.get(key(x, y));
    if (!tile) return '';
    return tile.fountain ? t('fountain') : buildingName(tile.building);
  };
  const [first] = violation.cells || [];
  switch (violation.rule) {
    case 'B2': {
      const sides = violation.sides || [];
      if (sides.length !== 2) break;
      const walled = sides.find((s) => (tiles.get(key(s.x, s.y))?.walls || '').includes(s.side));
      const bare = sides.find((s) => s !== walled);
      if (!walled || !bare) break;
      return t('message.B2', {
        side: t(`side.${walled.side}`), building: nameAt(walled), cell: at(walled.x, walled.y),
        other_side: t(`side.${bare.side}`), other_building: nameAt(bare), other_cell: at(bare.x, bare.y),
      });
    }
    case 'B3':
    case 'B4':
    case 'B6':
      if (!first) break;
      return t(`message.${violation.rule}`, { building: nameAt(first), cell: at(first.x, first.y) });
    case 'B5':
      return t('message.B5', {
        n: violation.cells.length, cells: violation.cells.map((c) => at(c.x, c.y)).join(', '),
      });
    case 'T5':
      return t('message.T5');
    default:
      break;
  }
  return violation.message;
}

function showViolations(violations, tiles) {
  const list = document.createElement('ul');
  violations.forEach((violation) => {
    const item = document.createElement('li');
    item.dataset.rule = violation.rule;
    const rule = document.createElement('strong');
    rule.className = 'rule-id';
    rule.textContent = violation.rule;
    const title = MESSAGES[`rule.${violation.rule}`];
    item.append(rule, ` ${title ? `${title}: ` : ''}${describeViolation(violation, tiles)}`);
    list.append(item);
  });
  const heading = document.createElement('p');
  heading.textContent = t('build.refused');
  pickerResult.replaceChildren(heading, list);
  pickerResult.scrollIntoView({ block: 'nearest' });
  marks.bad = new Set(violations.flatMap((v) => (v.cells || []).map((c) => key(c.x, c.y))));
  renderGrid();
}

// -- the picker dialog

function chosenTile() {
  const building = $('input[name="building"]:checked', picker).value;
  const walls = SIDES.filter((side) => $(`#wall-${side}`).checked).join('');
  const chosen = $('#catalog-tile').value; // "price:walls" of a catalog tile, or ""
  return chosen ? { building, walls, price: Number(chosen.split(':')[0]) } : { building, walls };
}

function fillCatalog() {
  const { building, walls } = chosenTile();
  const used = new Set(drawing().filter((tile) => tile[4] !== null)
    .map(([, , b, w, p]) => `${b}/${w}/${p}`));
  const select = $('#catalog-tile');
  const previous = select.value;
  const byHand = document.createElement('option');
  byHand.value = '';
  byHand.textContent = t('picker.by_hand');
  const options = CATALOG
    .filter((tile) => tile.building === building
      && !used.has(`${tile.building}/${tile.walls}/${tile.price}`))
    .map((tile) => {
      const option = document.createElement('option');
      option.value = `${tile.price}:${tile.walls}`; // a price alone is not unique (C1)
      option.dataset.walls = tile.walls;
      option.textContent = t('picker.catalog_item',
        { building: buildingName(tile.building), price: tile.price, walls: wallsText(tile.walls) });
      return option;
    });
  select.replaceChildren(byHand, ...options);
  // keep a chosen catalog tile only while the walls still say it is that tile
  select.value = options.some((o) => o.value === previous && o.dataset.walls === walls)
    ? previous : '';
}

function renderPreview() {
  const { building, walls } = chosenTile();
  const preview = $('#wall-preview');
  preview.className = `tile-preview building-${building}`;
  walls.split('').forEach((side) => preview.classList.add(`wall-${side}`));
  preview.textContent = t(`building_short.${building}`);
}

$$('input[name="building"]', picker).forEach((radio) => radio.addEventListener('change', () => {
  $('#catalog-tile').value = '';
  fillCatalog();
  renderPreview();
}));
$$('input[name="walls"]', picker).forEach((box) => box.addEventListener('change', () => {
  fillCatalog();
  renderPreview();
}));
$('#catalog-tile').addEventListener('change', (event) => {
  const option = event.target.selectedOptions[0];
  if (option?.dataset.walls !== undefined) {
    SIDES.forEach((side) => { $(`#wall-${side}`).checked = option.dataset.walls.includes(side); });
  }
  renderPreview();
});

function openPicker(x, y) {
  const tile = tileMap(drawing()).get(key(x, y));
  if (tile?.fountain) {
    buildStatus.textContent = t('build.cell_fountain', { cell: at(x, y) });
    return;
  }
  target = { x, y };
  pickerResult.replaceChildren();
  const taken = Boolean(tile);
  $('#picker-title').textContent = t(taken ? 'picker.title_taken' : 'picker.title', { cell: at(x, y) });
  $('#picker-choice').hidden = taken;
  $('#picker-place').hidden = taken;
  $('#picker-where').hidden = taken;
  $('#picker-remove').hidden = !taken;
  if (taken) {
    const about = document.createElement('p');
    about.textContent = t('build.cell_tile',
      { building: buildingName(tile.building), cell: at(x, y), walls: wallsText(tile.walls) });
    pickerResult.replaceChildren(about);
  } else {
    fillCatalog();
    renderPreview();
  }
  picker.showModal();
}

$('#picker-cancel').addEventListener('click', () => picker.close());

$('#picker-place').addEventListener('click', async () => {
  const tile = chosenTile();
  const { x, y } = target;
  pickerResult.textContent = t('build.checking');
  let answer;
  try {
    answer = await post('/v1/placement', { alhambra: alhambraOf(drawing()), tile, x, y });
  } catch (error) {
    pickerResult.textContent = error.describe();
    return;
  }
  if (!answer.legal) {
    const tiles = tileMap(drawing());
    tiles.set(key(x, y), tile);
    showViolations(answer.violations, tiles);
    return;
  }
  picker.close();
  drawing().push([x, y, tile.building, tile.walls, tile.price ?? null]);
  await drawingChanged(t('build.placed', { building: buildingName(tile.building), cell: at(x, y) }));
});

$('#picker-where').addEventListener('click', async () => {
  const tile = chosenTile();
  let answer;
  try {
    answer = await post('/v1/placement/options', { alhambra: alhambraOf(drawing()), tile });
  } catch (error) {
    pickerResult.textContent = error.describe();
    return;
  }
  picker.close();
  marks = { bad: new Set(), fits: new Set(answer.cells.map((c) => key(c.x, c.y))) };
  buildStatus.textContent = t('build.fits', { n: answer.cells.length });
  renderGrid();
});

$('#picker-remove').addEventListener('click', async () => {
  const { x, y } = target;
  let answer;
  try {
    answer = await post('/v1/removal', { alhambra: alhambraOf(drawing()), x, y });
  } catch (error) {
    pickerResult.textContent = error.describe();
    return;
  }
  if (!answer.legal) {
    const tiles = tileMap(drawing());
    tiles.delete(key(x, y));
    showViolations(answer.violations, tiles);
    return;
  }
  picker.close();
  game.drawings[game.builder] = drawing().filter(([tx, ty]) => tx !== x || ty !== y);
  await drawingChanged(t('build.removed', { cell: at(x, y) }));
});

$('#undo').addEventListener('click', () => {
  if (drawing().length === 0) return;
  drawing().pop();
  drawingChanged(t('build.undone'));
});

$('#clear').addEventListener('click', () => {
  if (drawing().length === 0 || !window.confirm(t('build.clear_confirm'))) return;
  game.drawings[game.builder] = [];
  drawingChanged(t('build.cleared'));
});

$('#use-drawing').addEventListener('click', () => {
  const counts = renderSummary();
  const round = currentRound();
  round.counts[game.builder] = BUILDINGS.map((b) => counts[b]);
  round.walls[game.builder] = wall.length;
  const name = game.names[game.builder];
  buildStatus.textContent = t('build.used', { name, n: game.round });
  renderEntries();
  entriesChanged(round);
});

let downloadUrl = null;

$('#show-picture').addEventListener('click', async () => {
  const name = game.names[game.builder];
  let svg;
  try {
    svg = await post('/v1/render', {
      alhambra: alhambraOf(drawing()), title: t('picture.title_of', { name }), lang: LANG,
    }, { as: 'text' });
  } catch (error) {
    buildStatus.textContent = error.describe();
    return;
  }
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  const figure = $('#picture');
  figure.replaceChildren(document.importNode(parsed, true));
  figure.hidden = false;
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const link = $('#download');
  link.href = downloadUrl;
  link.download = `alhambra-${name.replace(/[^\p{L}\p{N}_-]+/gu, '_') || game.builder + 1}.svg`;
  link.hidden = false;
});

// --- start ---------------------------------------------------------------------------------

function renderAll() {
  renderEntries();
  renderResults();
  renderTotals();
  renderBuilderChoice();
  selectTab(game.tab || 'score');
}

async function start() {
  if (location.hash.startsWith(LINK_PREFIX)) {
    const shared = fromLink(location.hash);
    history.replaceState(null, '', location.pathname + location.search);
    if (shared) {
      game = shared;
      save();
      scoreStatus.textContent = t('game.loaded_link');
    }
  }
  renderAll();
  const rescore = game.rounds.map((round, index) => (round.rescore ? index + 1 : 0)).filter(Boolean);
  for (const n of rescore) {
    try {
      await scoreRound(n);
    } catch (error) {
      scoreStatus.textContent = error.describe();
      break;
    }
  }
  if (rescore.length) {
    renderResults();
    renderTotals();
  }
}

start();
