// The Build tab's controls and words for the Big Box's pieces (pieces.js holds them as data):
// the choice of what goes on an empty cell (a tile, a camp G4, a bazaar K4), the camp's
// bastions and arrows, the bazaar's three types, and the toggles of the pieces on a placed
// building (a chest K1, a resident H3, added walls H4, gates G1). Only the pieces of the
// modules the table chose are offered. Nothing here asks the server or changes the game:
// build.js does, with what these controls say.

import { $, $$, nameSpan, swatch } from './dom.js';
import { BUILDINGS, SIDES } from './game.js';
import { MODULE_OF, kindOf } from './pieces.js';
import { at, buildingName, namesList, t } from './words.js';

const picker = $('#picker');

/** Whether the game's `modules` bring the piece `kind`. */
export const offered = (modules, kind) => modules.includes(MODULE_OF[kind]);

/** Sides in words: "north and east". */
export const sidesText = (sides) => namesList(sides.split('').map((side) => t(`side.${side}`)));

/** A piece in words, as a list of what goes names it: "chest", "gate (east)". */
export function pieceText(entry) {
  const kind = kindOf(entry);
  const side = entry.added_wall || entry.gate;
  return side ? t(`piece.${kind}_side`, { side: t(`side.${side}`) }) : t(`piece.${kind}`);
}

/** "chest 1, gate 2": how many of each piece `entries` holds (tiles aside). */
export function piecesCount(entries) {
  const counts = new Map();
  entries.filter((entry) => !Array.isArray(entry)).forEach((entry) => {
    const kind = kindOf(entry);
    counts.set(kind, (counts.get(kind) || 0) + 1);
  });
  return Object.keys(MODULE_OF).filter((kind) => counts.has(kind))
    .map((kind) => `${t(`piece.${kind}`)} ${counts.get(kind)}`).join(', ');
}

/** What a cell's words add for the pieces on its building (build.js labels the cell). */
export function tokenWords(on) {
  const words = [];
  if (on.chest) words.push(t('piece.chest'));
  if (on.resident) words.push(t('piece.resident'));
  if (on.added) words.push(t('build.cell_added', { sides: sidesText(on.added) }));
  if (on.gates) words.push(t('build.cell_gates', { sides: sidesText(on.gates) }));
  return words;
}

/** A camp or bazaar in words, e.g. for the dialog's title and the cell's label. */
export function heldText(entry, x, y) {
  if (entry.camp) {
    return t('build.cell_camp', {
      cell: at(x, y), bastions: sidesText(entry.camp.bastions), arrows: sidesText(entry.camp.arrows),
    });
  }
  return t('build.cell_bazaar', { cell: at(x, y), types: namesList(entry.bazaar.map(buildingName)) });
}

// --- an empty cell: a tile, a camp or a bazaar -----------------------------------------------

/** Offer the kinds the game's `modules` allow on an empty cell, a tile chosen first. */
export function offerKinds(modules) {
  const kinds = ['camp', 'bazaar'].filter((kind) => offered(modules, kind));
  $('#picker-kind').hidden = kinds.length === 0;
  ['camp', 'bazaar'].forEach((kind) => {
    const shown = kinds.includes(kind);
    $(`#kind-${kind}`).hidden = !shown;
    $(`label[for="kind-${kind}"]`).hidden = !shown;
  });
  $('#kind-tile').checked = true;
  $$('#camp-choice input', picker).forEach((box) => { box.checked = false; });
  showKind('tile');
}

export const chosenKind = () => $('input[name="kind"]:checked', picker).value;

function bazaarChoice() {
  const fieldset = $('#bazaar-choice');
  const legend = document.createElement('legend');
  legend.textContent = t('bazaar.legend');
  const boxes = BUILDINGS.flatMap((building) => {
    const box = document.createElement('input');
    Object.assign(box, { type: 'checkbox', id: `bazaar-${building}`, name: 'bazaar', value: building });
    const label = document.createElement('label');
    label.htmlFor = box.id;
    label.className = `building-${building}`;
    label.append(nameSpan(buildingName(building)));
    return [box, label];
  });
  fieldset.replaceChildren(legend, ...boxes);
}

/** Show the controls of `kind` ('tile', 'camp', 'bazaar'), the Place button worded for it. */
export function showKind(kind) {
  $('#picker-choice').hidden = kind !== 'tile';
  $('#camp-choice').hidden = kind !== 'camp';
  // The bazaar's boxes exist only while it is chosen: their labels name buildings, as the
  // tile's do, and a building is then named once in the dialog.
  const bazaar = $('#bazaar-choice');
  bazaar.hidden = kind !== 'bazaar';
  if (kind === 'bazaar') bazaarChoice();
  else bazaar.replaceChildren();
  $('#picker-place').textContent = t(kind === 'tile' ? 'picker.place' : `picker.place_${kind}`);
  if (kind === 'camp') renderCampPreview();
}

const checkedSides = (name) => SIDES.filter((side) => $(`#${name}-${side}`).checked).join('');

/** The camp or bazaar the dialog describes, as the API reads a tile to place (G4, K4). */
export function chosenPiece(kind) {
  if (kind === 'camp') return { camp: { bastions: checkedSides('bastions'), arrows: checkedSides('arrows') } };
  return { bazaar: $$('input[name="bazaar"]:checked', picker).map((box) => box.value) };
}

/** The camp drawn in the middle of each of its two editors: bastions thick, arrows shown. */
function renderCampPreview() {
  $$('.camp-preview', picker).forEach((preview) => {
    const { camp } = chosenPiece('camp');
    preview.className = 'camp-preview';
    camp.bastions.split('').forEach((side) => preview.classList.add(`bastion-${side}`));
    preview.replaceChildren(...arrowMarks(camp.arrows));
  });
}

/** The arrows of a camp, each an arrow at the side it points to (decorative). */
export function arrowMarks(arrows) {
  return arrows.split('').map((side) => {
    const mark = document.createElement('span');
    mark.className = `arrow arrow-${side}`;
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = { N: '↑', E: '→', S: '↓', W: '←' }[side];
    return mark;
  });
}

$$('#camp-choice input', picker).forEach((box) => box.addEventListener('change', renderCampPreview));
$$('input[name="kind"]', picker).forEach((radio) => radio.addEventListener('change', () => {
  showKind(radio.value);
}));

// --- a placed building: its pieces, one toggle each ------------------------------------------

/** The pieces that may go on the building at (x, y) (`tile`, what stands on it `on`), as
 *  toggles: a chest, a resident, an added wall on each side without a printed wall, a gate on
 *  each walled side. `toggle(piece, present)` is called with the piece a tap adds or takes. */
export function renderPieceToggles({ x, y, tile, on, modules, toggle }) {
  const [, , , walls] = tile;
  const toggles = [];
  const add = (piece, label, present) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'piece-toggle';
    button.dataset.piece = kindOf(piece);
    button.dataset.key = JSON.stringify(piece);
    button.setAttribute('aria-pressed', String(present));
    button.textContent = label;
    button.addEventListener('click', () => toggle(piece, present));
    toggles.push(button);
  };
  if (offered(modules, 'chest')) add({ x, y, chest: true }, t('pieces.chest'), on.chest);
  if (offered(modules, 'resident')) add({ x, y, resident: true }, t('pieces.resident'), on.resident);
  if (offered(modules, 'added_wall')) {
    SIDES.filter((side) => !walls.includes(side)).forEach((side) => add(
      { x, y, added_wall: side }, t('pieces.added_wall', { side: t(`side.${side}`) }),
      on.added.includes(side)));
  }
  if (offered(modules, 'gate')) {
    SIDES.filter((side) => walls.includes(side) || on.added.includes(side)).forEach((side) => add(
      { x, y, gate: side }, t('pieces.gate', { side: t(`side.${side}`) }), on.gates.includes(side)));
  }
  $('#piece-buttons').replaceChildren(...toggles);
  $('#tile-pieces').hidden = toggles.length === 0;
  return toggles.length > 0;
}

/** The swatches of a bazaar's three types, for its cell (decorative: the label names them). */
export function bazaarMarks(types) {
  const row = document.createElement('span');
  row.className = 'bazaar-types';
  row.setAttribute('aria-hidden', 'true');
  row.append(...types.map(swatch));
  return row;
}
