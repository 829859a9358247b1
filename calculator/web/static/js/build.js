// Build mode: a player's Alhambra drawn on a grid. Every placement is asked of
// POST /v1/placement (B2-B6) and refused on the spot with the rule and its reason in the page's
// language; the longest wall comes from POST /v1/walls (W1-W3), the picture from /v1/render.
// The drawings are part of the game and change only through update; what this tab merely
// shows (the longest wall of the drawing on show, the cells the last answer marked) it keeps
// here and redraws itself.

import { post } from './api.js';
import { confirmLoss } from './confirm.js';
import { $, $$, nameSpan, swatch } from './dom.js';
import { BUILDINGS, CATALOG, SIDES, currentRound, drawingOnShow } from './game.js';
import { currentGame, renderWhen, update } from './store.js';
import { LANG, MESSAGES, at, buildingName, namesList, t, wallsText } from './words.js';

const grid = $('#grid');
const buildStatus = $('#build-status');
const picker = $('#picker');
const pickerResult = $('#picker-result');
let wall = { length: 0, segments: [] }; // the longest wall of the drawing on show
let marks = { bad: new Set(), fits: new Set() }; // cells marked by the last answer
let target = null; // the cell the picker is open for
let shown = Promise.resolve(); // the drawing on show, once drawn with its longest wall

const drawing = () => drawingOnShow(currentGame());
const key = (x, y) => `${x},${y}`;
const alhambraOf = (tiles) => tiles.map(([x, y, building, walls, price]) => (
  price === null ? { building, walls, x, y } : { building, walls, price, x, y }));

function tileMap(tiles) {
  const map = new Map([[key(0, 0), { fountain: true, walls: '' }]]);
  tiles.forEach(([x, y, building, walls, price]) => map.set(key(x, y), { building, walls, price }));
  return map;
}

function renderBuilderChoice(game) {
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
  buildStatus.textContent = '';
  $('#use-status').textContent = '';
  update({ type: 'builder', player: Number(event.target.value) });
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

/** How many buildings of each type a drawing holds. */
function buildingCounts(tiles) {
  const counts = Object.fromEntries(BUILDINGS.map((b) => [b, 0]));
  tiles.forEach(([, , building]) => { counts[building] += 1; });
  return counts;
}

function renderSummary() {
  const counts = buildingCounts(drawing());
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
}

/** A new drawing on show: the marks and the picture of the one before go. */
function forgetMarksAndPicture() {
  marks = { bad: new Set(), fits: new Set() };
  $('#picture').hidden = true;
  $('#download').hidden = true;
}

/** The grid and summary of `tiles`, with their longest wall asked of the server. */
async function renderDrawing(tiles) {
  let longest = { length: 0, segments: [] };
  if (tiles.length > 0) {
    try {
      longest = await post('/v1/walls', { alhambra: alhambraOf(tiles) });
    } catch (error) {
      buildStatus.textContent = error.describe();
      longest = wall;
    }
  }
  // Another drawing came on show while the wall was asked for: its own call draws it.
  if (JSON.stringify(tiles) !== JSON.stringify(drawing())) return;
  wall = longest;
  renderGrid();
  renderSummary();
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

function showViolations(violations, tiles, heading = t('build.refused')) {
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
  const said = document.createElement('p');
  said.textContent = heading;
  pickerResult.replaceChildren(said, list);
  pickerResult.scrollIntoView({ block: 'nearest' });
  marks.bad = new Set(violations.flatMap((v) => (v.cells || []).map((c) => key(c.x, c.y))));
  renderGrid();
}

// --- the picker dialog: building and walls, or a catalog tile ------------------------------

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

/** The tile at (x, y) in words: which building, its walls, its price when it is a catalog
 *  tile, and the cell as the grid shows it. */
const tileTitle = (tile, x, y) => t(
  tile.price === null || tile.price === undefined ? 'picker.title_tile' : 'picker.title_catalog_tile',
  { building: buildingName(tile.building), walls: wallsText(tile.walls), price: tile.price, cell: at(x, y) },
);

/** A placed tile: Remove is offered only when POST /v1/removal accepts it (T5); otherwise
 *  the dialog says which rules keep it in place. */
async function offerRemoval(x, y) {
  const tiles = drawing();
  pickerResult.textContent = t('build.checking');
  let answer;
  try {
    answer = await post('/v1/removal', { alhambra: alhambraOf(tiles), x, y });
  } catch (error) {
    pickerResult.textContent = error.describe();
    return;
  }
  if (target?.x !== x || target?.y !== y || tiles !== drawing() || !picker.open) return;
  if (answer.legal) {
    pickerResult.replaceChildren();
    $('#picker-remove').hidden = false;
    return;
  }
  const left = tileMap(tiles);
  left.delete(key(x, y));
  showViolations(answer.violations, left, t('build.stays'));
}

function openPicker(x, y) {
  const tile = tileMap(drawing()).get(key(x, y));
  if (tile?.fountain) {
    buildStatus.textContent = t('build.cell_fountain', { cell: at(x, y) });
    return;
  }
  target = { x, y };
  pickerResult.replaceChildren();
  const taken = Boolean(tile);
  $('#picker-title').textContent = taken
    ? tileTitle(tile, x, y) : t('picker.title', { cell: at(x, y) });
  $('#picker-choice').hidden = taken;
  $('#picker-place').hidden = taken;
  $('#picker-where').hidden = taken;
  $('#picker-remove').hidden = true;
  if (!taken) {
    fillCatalog();
    renderPreview();
  }
  picker.showModal();
  if (taken) offerRemoval(x, y);
}

$('#picker-cancel').addEventListener('click', () => picker.close());

// The grid is drawn afresh after every answer: keep the keyboard (and a screen reader) on the
// cell that was being worked on, rather than dropping focus to the top of the page.
function focusTarget() {
  if (target) grid.querySelector(`[data-x="${target.x}"][data-y="${target.y}"]`)?.focus();
}
picker.addEventListener('close', focusTarget);

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
    buildStatus.textContent = t('build.not_placed', {
      building: buildingName(tile.building), cell: at(x, y),
      rules: namesList([...new Set(answer.violations.map((v) => v.rule))]),
    });
    return;
  }
  picker.close();
  update({ type: 'place', tile: [x, y, tile.building, tile.walls, tile.price ?? null] });
  buildStatus.textContent = t('build.placed',
    { building: buildingName(tile.building), cell: at(x, y) });
  await shown;
  focusTarget();
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

// Offered only once POST /v1/removal accepted this very removal (offerRemoval).
$('#picker-remove').addEventListener('click', async () => {
  const { x, y } = target;
  picker.close();
  update({ type: 'remove', x, y });
  buildStatus.textContent = t('build.removed', { cell: at(x, y) });
  await shown;
  focusTarget();
});

$('#undo').addEventListener('click', () => {
  if (drawing().length === 0) return;
  update({ type: 'undo' });
  buildStatus.textContent = t('build.undone');
});

/** A table of counts in words: "garden 2, tower 1, longest wall 4". */
function entriesText(counts, wallLength) {
  const parts = BUILDINGS
    .flatMap((b, index) => (counts[index] ? [`${buildingName(b)} ${counts[index]}`] : []));
  if (wallLength) parts.push(`${t('stepper.wall')} ${wallLength}`);
  return parts.join(', ');
}

$('#clear').addEventListener('click', async () => {
  const game = currentGame();
  const tiles = drawingOnShow(game);
  if (tiles.length === 0) return;
  const counts = buildingCounts(tiles);
  const name = game.names[game.builder];
  const entries = entriesText(BUILDINGS.map((b) => counts[b]), 0);
  if (!(await confirmLoss({
    question: t('build.clear_confirm', { name }),
    lost: [t('lost.tiles', { n: tiles.length, name, entries })],
    action: t('build.clear'),
  }))) {
    buildStatus.textContent = t('build.kept', { name });
    return;
  }
  update({ type: 'clear' });
  buildStatus.textContent = t('build.cleared');
});

$('#use-drawing').addEventListener('click', async () => {
  const game = currentGame();
  const player = game.builder;
  const name = game.names[player];
  const fromDrawing = buildingCounts(drawingOnShow(game));
  const counts = BUILDINGS.map((b) => fromDrawing[b]);
  const round = currentRound(game);
  const status = $('#use-status');
  const same = round.walls[player] === wall.length
    && round.counts[player].every((count, index) => count === counts[index]);
  if (same) {
    status.textContent = t('build.use_same', { name, n: game.round });
    return;
  }
  // What the copy replaces: the player's entries of the round, and its points if scored.
  const lost = [];
  const entered = entriesText(round.counts[player], round.walls[player]);
  if (entered) lost.push(t('lost.player_entries', { name, n: game.round, entries: entered }));
  if (round.result) lost.push(t('lost.round_points', { n: game.round }));
  if (lost.length && !(await confirmLoss({
    question: t('build.use_confirm', { name, n: game.round }), lost, action: t('build.use_action'),
  }))) {
    status.textContent = t('build.use_kept', { name, n: game.round });
    return;
  }
  update({ type: 'entries', player, counts, wall: wall.length });
  status.textContent = t(round.result ? 'build.used_rescore' : 'build.used',
    { name, n: game.round });
});

let downloadUrl = null;

$('#show-picture').addEventListener('click', async () => {
  const game = currentGame();
  const name = game.names[game.builder];
  let svg;
  try {
    svg = await post('/v1/render', {
      alhambra: alhambraOf(drawing()), title: t('picture.title_of', { name }), lang: LANG,
    }, { as: 'text' });
  } catch (error) {
    $('#picture-status').textContent = error.describe();
    return;
  }
  $('#picture-status').textContent = '';
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

// --- the view, drawn from the game after every change ---------------------------------------

const renderBuilderChoiceWhenChanged = renderWhen(
  (game) => [game.names, game.builder, game.round], renderBuilderChoice);
const forgetWhenDrawingChanged = renderWhen(
  (game) => [game.builder, drawingOnShow(game)], forgetMarksAndPicture);
// The grid only while the tab is on show, since its longest wall is asked of the server.
const renderDrawingWhenChanged = renderWhen(
  (game) => game.tab === 'build' && [game.builder, drawingOnShow(game)],
  (game) => { if (game.tab === 'build') shown = renderDrawing(drawingOnShow(game)); });

/** The build tab drawn from `game`. */
export function renderBuild(game) {
  renderBuilderChoiceWhenChanged(game);
  forgetWhenDrawingChanged(game);
  renderDrawingWhenChanged(game);
}
