// Build mode: a player's Alhambra drawn on a grid, with the Big Box's pieces of the modules the
// table chose (pieces.js; the controls in build-pieces.js). Every placement is asked of
// POST /v1/placement (B2-B6; camps G4, bazaars K4), every piece on a building of
// POST /v1/alhambra/check (G1, H3, H4, K1), every removal of POST /v1/removal (T5), and refused
// on the spot with the rule and its reason in the page's language, with the ruling's picture
// (POST /v1/rulings, ruling.js) to show or share; the longest wall comes from
// POST /v1/walls (W1-W3), the picture from /v1/render, and "Use for" takes a round's inputs
// from POST /v1/scores (X1), so that no rule is counted here a second time.
// The drawings are part of the game and change only through update; what this tab merely
// shows (the longest wall of the drawing on show, the cells the last answer marked) it keeps
// here and redraws itself.

import { post } from './api.js';
import {
  arrowMarks, bazaarMarks, chosenKind, chosenPiece, heldText, offerKinds, pieceText, piecesCount,
  renderPieceToggles, tokenWords,
} from './build-pieces.js';
import { confirmLoss } from './confirm.js';
import { entriesText, useDrawing } from './from-drawing.js';
import { $, $$, nameSpan, swatch } from './dom.js';
import {
  BUILDINGS, CATALOG, SIDES, drawingOnShow,
} from './game.js';
import {
  MODULE_OF, STEP, asSeenFrom, cellsOf, drawingRequest, kindOf, leavingWith, position, samePiece,
} from './pieces.js';
import { offerRuling } from './ruling.js';
import { markScrolling } from './scrolls.js';
import { currentGame, renderWhen, update } from './store.js';
import { LANG, MESSAGES, at, buildingName, namesList, t, wallsText } from './words.js';

const grid = $('#grid');
const buildStatus = $('#build-status');
const picker = $('#picker');
const pickerResult = $('#picker-result');
let wall = { length: 0, segments: [] }; // the longest wall of the drawing on show
// cells marked by the last answer; `ifRemoved`: they show what a removal would break, and go
// when its dialog closes, for nothing was removed
let marks = { bad: new Set(), fits: new Set() };
let target = null; // the cell the picker is open for
let shown = Promise.resolve(); // the drawing on show, once drawn with its longest wall

const drawing = () => drawingOnShow(currentGame());
/** The modules the table chose (the Score tab), which bring their pieces to this tab. */
const modulesChosen = () => currentGame().modules;
const key = (x, y) => `${x},${y}`;
const isFountain = (x, y) => x === 0 && y === 0;
const tilesOf = (entries) => entries.filter((entry) => kindOf(entry) === 'tile');

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
  const cells = cellsOf(drawing());
  const positions = [[0, 0], ...drawing().map(position)];
  const xs = positions.map(([x]) => x);
  const ys = positions.map(([, y]) => y);
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
  const buttons = [];
  for (let y = top; y <= bottom; y += 1) {
    for (let x = left; x <= right; x += 1) {
      buttons.push(cellButton(x, y, cells.get(key(x, y)), longest.get(key(x, y)) || ''));
    }
  }
  grid.replaceChildren(...buttons);
  markScrolling();
}

const mark = (className, text = '') => {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
};

/** A placed tile's face: its building, price, added walls (H4), chest (K1), resident (H3) and
 *  gates (G1); returns its words. */
function drawTile(button, [x, y, building, walls, price], on) {
  button.classList.add(`building-${building}`);
  walls.split('').forEach((side) => button.classList.add(`wall-${side}`));
  on.added.split('').forEach((side) => button.classList.add(`wall-${side}`, `added-${side}`));
  button.append(mark('short', t(`building_short.${building}`)));
  if (price !== null && price !== undefined) button.append(mark('price', price));
  const tokens = document.createElement('span');
  tokens.className = 'tokens';
  tokens.setAttribute('aria-hidden', 'true');
  if (on.chest) tokens.append(mark('token chest'));
  if (on.resident) tokens.append(mark('token resident'));
  if (tokens.childElementCount) button.append(tokens);
  on.gates.split('').forEach((side) => button.append(mark(`gate gate-${side}`)));
  return [t('build.cell_tile', { building: buildingName(building), cell: at(x, y), walls: wallsText(walls) }),
    ...tokenWords(on)];
}

/** A camp (G4: bastions thick, arrows shown) or a bazaar (K4: its three colours); its words. */
function drawHeld(button, entry, x, y) {
  const kind = kindOf(entry);
  button.classList.add(kind);
  button.append(mark('short', t(`piece_short.${kind}`)));
  if (entry.camp) {
    entry.camp.bastions.split('').forEach((side) => button.classList.add(`bastion-${side}`));
    button.append(...arrowMarks(entry.camp.arrows));
  } else {
    button.append(bazaarMarks(entry.bazaar));
  }
  return [heldText(entry, x, y)];
}

function cellButton(x, y, on, longestSides) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cell';
  button.dataset.x = x;
  button.dataset.y = y;
  const label = [];
  const held = on?.held;
  if (isFountain(x, y)) {
    button.classList.add('fountain'); // drawn by the style sheet; named by aria-label
    label.push(t('build.cell_fountain', { cell: at(x, y) }));
  } else if (kindOf(held ?? {}) === 'tile') {
    label.push(...drawTile(button, held, on));
  } else if (held) {
    label.push(...drawHeld(button, held, x, y));
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

/** How many building tiles of each type a drawing holds (what the tab shows; the counts a
 *  round is scored with come from the server, see "Use for"). */
function buildingCounts(entries) {
  const counts = Object.fromEntries(BUILDINGS.map((b) => [b, 0]));
  tilesOf(entries).forEach(([, , building]) => { counts[building] += 1; });
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
  const pieces = piecesCount(drawing());
  $('#summary-pieces').textContent = pieces && t('build.pieces', { pieces });
  const last = drawing().at(-1);
  $('#undo').textContent = t(last && kindOf(last) !== 'tile' ? 'build.undo_piece' : 'build.undo');
}

/** A new drawing on show: the marks and the picture of the one before go. */
function forgetMarksAndPicture() {
  marks = { bad: new Set(), fits: new Set() };
  $('#picture').hidden = true;
  $('#download').hidden = true;
}

/** The grid and summary of `entries`, with their longest wall asked of the server. */
async function renderDrawing(entries) {
  let longest = { length: 0, segments: [] };
  if (entries.length > 0) {
    try {
      longest = await post('/v1/walls', drawingRequest(entries));
    } catch (error) {
      buildStatus.textContent = error.describe();
      longest = wall;
    }
  }
  // Another drawing came on show while the wall was asked for: its own call draws it.
  if (JSON.stringify(entries) !== JSON.stringify(drawing())) return;
  wall = longest;
  renderGrid();
  renderSummary();
}

grid.addEventListener('click', (event) => {
  const cell = event.target.closest('button.cell');
  if (!cell) return;
  openPicker(Number(cell.dataset.x), Number(cell.dataset.y));
});

/** What stands at a cell, named: the fountain, a building, a camp or a bazaar. */
function nameIn(cells, { x, y }) {
  if (isFountain(x, y)) return t('fountain');
  const held = cells.get(key(x, y))?.held;
  if (!held) return '';
  return kindOf(held) === 'tile' ? buildingName(held[2]) : t(`piece.${kindOf(held)}`);
}

/** The walls of the building at a cell: printed and added (H4). */
const wallsIn = (cells, { x, y }) => {
  const on = cells.get(key(x, y));
  return kindOf(on?.held ?? {}) === 'tile' ? on.held[3] + on.added : '';
};

/** A refusal (422) of a gate the request carried (`body.gates`), in the page's words when it
 *  is the one a tap can meet: no double wall (G1). */
function describeGate(problem, body) {
  const gate = body?.gates?.[Number(problem.pointer.split('/')[2])];
  if (!gate || !problem.message.includes('no double wall')) return null;
  const [dx, dy] = STEP[gate.side];
  return t('message.G1', {
    side: t(`side.${gate.side}`), cell: at(gate.x, gate.y), other_cell: at(gate.x + dx, gate.y + dy),
  });
}

// The words of a violation in the page's language, from its rule id, cells and sides.
function describeViolation(violation, cells, body) {
  const nameAt = (cell) => nameIn(cells, cell);
  const [first, second] = violation.cells || [];
  switch (violation.rule) {
    case 'B2': {
      const sides = violation.sides || [];
      if (sides.length !== 2) break;
      const walled = sides.find((s) => wallsIn(cells, s).includes(s.side));
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
    case 'G1':
      return (violation.pointer && describeGate(violation, body)) || violation.message;
    case 'G4': {
      const [bastion] = violation.sides || [];
      if (!bastion || !second || !violation.message.includes('bastion')) break;
      return t('message.G4', {
        side: t(`side.${bastion.side}`), cell: at(bastion.x, bastion.y),
        other_cell: at(second.x, second.y),
      });
    }
    default:
      break;
  }
  // A rule the page has no sentence of its own for is said in its words all the same: the
  // table's supply, or the piece it stands on (the rule's title names the module).
  const supply = violation.message.match(/the table has (\d+)/);
  if (supply) return t('message.supply', { most: supply[1] });
  return first ? t('message.at', { building: nameAt(first), cell: at(first.x, first.y) })
    : t('message.other');
}

function showViolations(violations, cells, heading = t('build.refused'), body = null) {
  const list = document.createElement('ul');
  violations.forEach((violation) => {
    const item = document.createElement('li');
    item.dataset.rule = violation.rule;
    const rule = document.createElement('strong');
    rule.className = 'rule-id';
    rule.textContent = violation.rule;
    const title = MESSAGES[`rule.${violation.rule}`];
    item.append(rule, ` ${title ? `${title}: ` : ''}${describeViolation(violation, cells, body)}`);
    list.append(item);
  });
  const said = document.createElement('p');
  said.textContent = heading;
  pickerResult.replaceChildren(said, list);
  pickerResult.scrollIntoView({ block: 'nearest' });
  marks.bad = new Set(violations.flatMap((v) => (v.cells || []).map((c) => key(c.x, c.y))));
  renderGrid();
}

/** A request refused (422): each problem as a violation of the rule its message cites, shown
 *  as violations are; its rules, or [] when the server could not be asked. */
function showRefusal(error, cells, body) {
  const problems = error.kind === 'refused' ? error.problem.errors || [] : [];
  if (problems.length === 0) {
    pickerResult.textContent = error.describe();
    return [];
  }
  const violations = problems.map((problem) => ({
    rule: problem.message.match(/\(([A-Z]\d)\)\s*$/)?.[1] ?? '', message: problem.message,
    pointer: problem.pointer,
  }));
  showViolations(violations, cells, t('build.refused'), body);
  return violations.map((violation) => violation.rule).filter(Boolean);
}

// --- the picker dialog: building and walls, a catalog tile, or a camp or bazaar -------------

function chosenTile() {
  const building = $('input[name="building"]:checked', picker).value;
  const walls = SIDES.filter((side) => $(`#wall-${side}`).checked).join('');
  const chosen = $('#catalog-tile').value; // "price:walls" of a catalog tile, or ""
  return chosen ? { building, walls, price: Number(chosen.split(':')[0]) } : { building, walls };
}

function fillCatalog() {
  const { building, walls } = chosenTile();
  const used = new Set(tilesOf(drawing()).filter((tile) => tile[4] !== null)
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

/** A new cell starts from a fresh tile: the first building, no walls, described by hand (what
 *  the last cell was given is no guess at what this one holds). */
function freshTile() {
  $('input[name="building"]', picker).checked = true;
  $$('input[name="walls"]', picker).forEach((box) => { box.checked = false; });
  $('#catalog-tile').value = '';
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
const tileTitle = ([, , building, walls, price], x, y) => t(
  price === null || price === undefined ? 'picker.title_tile' : 'picker.title_catalog_tile',
  { building: buildingName(building), walls: wallsText(walls), price, cell: at(x, y) },
);

/** What stands at (x, y) may go: Remove is offered only when POST /v1/removal accepts it
 *  (T5); otherwise the dialog says which rules keep it in place. */
async function offerRemoval(x, y) {
  const entries = drawing();
  pickerResult.textContent = t('build.checking');
  const body = drawingRequest(entries, { x, y });
  let answer;
  try {
    answer = await post('/v1/removal', body);
  } catch (error) {
    if (target?.x === x && target?.y === y && picker.open) showRefusal(error, cellsOf(entries), body);
    return;
  }
  if (target?.x !== x || target?.y !== y || entries !== drawing() || !picker.open) return;
  if (answer.legal) {
    pickerResult.replaceChildren();
    $('#picker-remove').hidden = false;
    return;
  }
  const leaving = leavingWith(entries, x, y);
  showViolations(answer.violations, cellsOf(entries.filter((entry) => !leaving.includes(entry))),
    t('build.stays'));
  marks.ifRemoved = true;
}

/** The dialog of a placed building: its title and, for the modules chosen, a toggle for each
 *  piece it may hold. */
function renderTileDialog(x, y) {
  const on = cellsOf(drawing()).get(key(x, y));
  $('#picker-title').textContent = tileTitle(on.held, x, y);
  renderPieceToggles({ x, y, tile: on.held, on, modules: modulesChosen(), toggle: togglePiece });
}

function openPicker(x, y) {
  if (isFountain(x, y)) {
    buildStatus.textContent = t('build.cell_fountain', { cell: at(x, y) });
    return;
  }
  const held = cellsOf(drawing()).get(key(x, y))?.held;
  target = { x, y };
  pickerResult.replaceChildren();
  $('#picker-status').textContent = '';
  const taken = Boolean(held);
  const kind = held ? kindOf(held) : null;
  $('#picker-kind').hidden = taken;
  $('#picker-choice').hidden = taken;
  $('#camp-choice').hidden = true;
  $('#bazaar-choice').hidden = true;
  $('#tile-pieces').hidden = true;
  $('#picker-place').hidden = taken;
  $('#picker-where').hidden = taken;
  $('#picker-remove').hidden = true;
  $('#picker-remove').textContent = t(kind && kind !== 'tile' ? `picker.remove_${kind}` : 'picker.remove');
  if (!taken) {
    $('#picker-title').textContent = t('picker.title', { cell: at(x, y) });
    offerKinds(modulesChosen());
    freshTile();
    fillCatalog();
    renderPreview();
  } else if (kind === 'tile') {
    renderTileDialog(x, y);
  } else {
    $('#picker-title').textContent = heldText(held, x, y);
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
picker.addEventListener('close', () => {
  if (marks.ifRemoved) {
    marks = { bad: new Set(), fits: new Set() };
    renderGrid();
  }
  focusTarget();
});

/** What the dialog would place: a tile, or a camp or bazaar (as the API reads a tile), with
 *  what to call it and the entry the drawing would keep. */
function chosenPlacement(x, y) {
  const kind = chosenKind();
  if (kind === 'tile') {
    const tile = chosenTile();
    return {
      tile, name: buildingName(tile.building), entry: [x, y, tile.building, tile.walls, tile.price ?? null],
    };
  }
  const tile = chosenPiece(kind);
  return { tile, name: t(`piece.${kind}`), entry: { x, y, ...tile }, module: MODULE_OF[kind] };
}

$('#picker-place').addEventListener('click', async () => {
  const { x, y } = target;
  const { tile, name, entry, module } = chosenPlacement(x, y);
  const entries = drawing();
  const proposed = cellsOf([...entries, entry]);
  const refused = (rules) => {
    buildStatus.textContent = t('build.not_placed', { building: name, cell: at(x, y), rules: namesList(rules) });
  };
  pickerResult.textContent = t('build.checking');
  const body = drawingRequest(entries, { tile, x, y }, module ? [module] : []);
  let answer;
  try {
    answer = await post('/v1/placement', body);
  } catch (error) {
    const rules = showRefusal(error, proposed, body);
    if (rules.length) refused([...new Set(rules)]);
    return;
  }
  if (!answer.legal) {
    showViolations(answer.violations, proposed);
    const rules = [...new Set(answer.violations.map((v) => v.rule))];
    refused(rules);
    offerRuling(pickerResult, { placement: body },
      t('ruling.alt_placement', { building: name, cell: at(x, y), rules: namesList(rules) }));
    return;
  }
  picker.close();
  if (module) {
    update({ type: 'piece', piece: entry });
    buildStatus.textContent = t('build.piece_on', { piece: name, cell: at(x, y) });
  } else {
    update({ type: 'place', tile: entry });
    buildStatus.textContent = t('build.placed', { building: name, cell: at(x, y) });
  }
  await shown;
  focusTarget();
});

$('#picker-where').addEventListener('click', async () => {
  const { tile, module } = chosenPlacement(target.x, target.y);
  const body = drawingRequest(drawing(), { tile }, module ? [module] : []);
  let answer;
  try {
    answer = await post('/v1/placement/options', body);
  } catch (error) {
    showRefusal(error, cellsOf(drawing()), body);
    return;
  }
  picker.close();
  marks = { bad: new Set(), fits: new Set(answer.cells.map((c) => key(c.x, c.y))) };
  buildStatus.textContent = t('build.fits', { n: answer.cells.length });
  renderGrid();
});

/** A tap on a piece's toggle: the drawing with the piece added (or taken off) is checked
 *  whole by POST /v1/alhambra/check (G1, H3, H4, K1 and the building rules they touch), and
 *  changes only when it is legal; a refusal names its rules under the toggles. */
async function togglePiece(piece, present) {
  const { x, y } = target;
  const before = drawing();
  const after = present ? before.filter((entry) => !samePiece(entry, piece)) : [...before, piece];
  const words = { piece: pieceText(piece), cell: at(x, y) };
  const refused = (rules) => {
    const said = t(present ? 'build.piece_stays' : 'build.piece_refused',
      { ...words, rules: namesList([...new Set(rules)]) });
    $('#picker-status').textContent = said;
    buildStatus.textContent = said;
  };
  pickerResult.textContent = t('build.checking');
  $('#picker-status').textContent = '';
  const body = drawingRequest(after);
  let answer;
  try {
    answer = await post('/v1/alhambra/check', body);
  } catch (error) {
    const rules = showRefusal(error, cellsOf(after), body);
    if (rules.length) refused(rules);
    return;
  }
  if (before !== drawing() || !picker.open) return;
  if (!answer.legal) {
    showViolations(answer.violations, cellsOf(after));
    const rules = answer.violations.map((v) => v.rule);
    refused(rules);
    offerRuling(pickerResult, { check: body },
      t('ruling.alt_piece', { ...words, rules: namesList([...new Set(rules)]) }));
    return;
  }
  update(present ? { type: 'unpiece', piece } : { type: 'piece', piece });
  pickerResult.replaceChildren();
  const said = t(present ? 'build.piece_off' : 'build.piece_on', words);
  $('#picker-status').textContent = said;
  buildStatus.textContent = said; // the last action, under the grid too once the dialog closes
  const pressed = JSON.stringify(piece);
  renderTileDialog(x, y);
  $$('#piece-buttons button').find((button) => button.dataset.key === pressed)?.focus();
  $('#picker-remove').hidden = true;
  offerRemoval(x, y); // the pieces it now holds may change what its removal takes (G1)
}

// Offered only once POST /v1/removal accepted this very removal (offerRemoval). The pieces
// on it go with it: the page asks first when there are any.
$('#picker-remove').addEventListener('click', async () => {
  const { x, y } = target;
  const { held } = cellsOf(drawing()).get(key(x, y));
  const leaving = leavingWith(drawing(), x, y).filter((entry) => entry !== held);
  if (leaving.length && !(await confirmLoss({
    question: t('build.remove_confirm', { cell: at(x, y) }),
    lost: [t('lost.pieces_on', {
      cell: at(x, y), pieces: namesList(leaving.map((entry) => pieceText(asSeenFrom(entry, x, y)))),
    })],
    action: t('build.remove_action'),
  }))) {
    return;
  }
  picker.close();
  update({ type: 'remove', x, y });
  buildStatus.textContent = t('build.removed', { cell: at(x, y) });
  await shown;
  focusTarget();
});

$('#undo').addEventListener('click', () => {
  const last = drawing().at(-1);
  if (!last) return;
  update({ type: 'undo' });
  const [x, y] = position(last);
  buildStatus.textContent = kindOf(last) === 'tile'
    ? t('build.undone') : t('build.undone_piece', { piece: pieceText(last), cell: at(x, y) });
});

$('#clear').addEventListener('click', async () => {
  const game = currentGame();
  const entries = drawingOnShow(game);
  if (entries.length === 0) return;
  const tiles = tilesOf(entries);
  const counts = buildingCounts(entries);
  const name = game.names[game.builder];
  const lost = [];
  if (tiles.length) {
    lost.push(t('lost.tiles', { n: tiles.length, name, entries: entriesText(BUILDINGS.map((b) => counts[b]), 0) }));
  }
  const pieces = entries.length - tiles.length;
  if (pieces) lost.push(t('lost.pieces', { n: pieces, pieces: piecesCount(entries) }));
  if (!(await confirmLoss({ question: t('build.clear_confirm', { name }), lost, action: t('build.clear') }))) {
    buildStatus.textContent = t('build.kept', { name });
    return;
  }
  update({ type: 'clear' });
  buildStatus.textContent = t('build.cleared');
});

// --- "Use for": a round's inputs from the drawing, counted by the server (X1) --------------

$('#use-drawing').addEventListener('click', () => useDrawing(currentGame().builder, $('#use-status')));

let downloadUrl = null;

$('#show-picture').addEventListener('click', async () => {
  const game = currentGame();
  const name = game.names[game.builder];
  let svg;
  try {
    svg = await post('/v1/render', drawingRequest(drawing(), {
      title: t('picture.title_of', { name }), lang: LANG,
    }), { as: 'text' });
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
