// The Big Box's pieces in a drawing (RULES.md G1, G4, H3, H4, K1, K4) and the drawing as the
// API reads it. A drawing lists what was drawn, in order: tiles [x, y, building, walls, price]
// and pieces, each an object with x, y and one member naming it:
//   {camp: {bastions, arrows}}  a camp on a cell of its own (G4)
//   {bazaar: [t1, t2, t3]}      a bazaar on a cell of its own (K4)
//   {chest: true}               a chest on the building there (K1)
//   {resident: true}            a resident on the building there (H3)
//   {added_wall: side}          a wall stick on a side of the building there (H4)
//   {gate: side}                a gate on the double wall on that side (G1)
// Undo takes back the last of them, whichever it is. Whether a piece may stand where it is
// drawn is the server's to say (POST /v1/placement, /v1/alhambra/check, /v1/removal).

import { SIDES } from './game.js';

/** The module each piece belongs to (its wire name), in the order the tile dialog offers them. */
export const MODULE_OF = {
  camp: 'camps', bazaar: 'bazaars', chest: 'treasure', resident: 'street_traders',
  added_wall: 'city_walls', gate: 'gates',
};
/** Pieces that take a cell of their own, like a tile; the others stand on a building. */
const ON_A_CELL = ['camp', 'bazaar'];

export const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const ACROSS = { N: 'S', E: 'W', S: 'N', W: 'E' };

/** 'tile' for a tile, else the piece's name (a key of MODULE_OF). */
export const kindOf = (entry) => (Array.isArray(entry)
  ? 'tile' : Object.keys(MODULE_OF).find((kind) => kind in entry));

const cellKey = (x, y) => `${x},${y}`;
/** Where an entry stands: [x, y]. */
export const position = (entry) => (Array.isArray(entry) ? entry.slice(0, 2) : [entry.x, entry.y]);
const inOrder = (sides) => SIDES.filter((side) => sides.includes(side)).join('');

/** What stands on each cell of a drawing: `held` (the tile, camp or bazaar) and the pieces
 *  on a building there (`chest`, `resident`, `added`: its added walls, `gates`: the sides of
 *  the gates on its double walls, whichever of the two cells the gate was drawn on). */
export function cellsOf(entries) {
  const cells = new Map();
  const at = (x, y) => {
    const key = cellKey(x, y);
    if (!cells.has(key)) {
      cells.set(key, { held: null, chest: false, resident: false, added: '', gates: '' });
    }
    return cells.get(key);
  };
  entries.forEach((entry) => {
    const [x, y] = position(entry);
    const kind = kindOf(entry);
    if (kind === 'tile' || ON_A_CELL.includes(kind)) {
      at(x, y).held = entry;
    } else if (kind === 'chest' || kind === 'resident') {
      at(x, y)[kind] = true;
    } else if (kind === 'added_wall') {
      at(x, y).added = inOrder(at(x, y).added + entry.added_wall);
    } else {
      const [dx, dy] = STEP[entry.gate];
      at(x, y).gates = inOrder(at(x, y).gates + entry.gate);
      at(x + dx, y + dy).gates = inOrder(at(x + dx, y + dy).gates + ACROSS[entry.gate]);
    }
  });
  return cells;
}

/** The drawing as the API reads it: `alhambra` (tiles with their chest, resident and added
 *  walls; camps and bazaars as items) and `gates`, each as contract/schemas words it. */
function onTheWire(entries) {
  const tokens = cellsOf(entries);
  const alhambra = [];
  const gates = [];
  entries.forEach((entry) => {
    const kind = kindOf(entry);
    if (kind === 'tile') {
      const [x, y, building, walls, price] = entry;
      const item = price === null ? { building, walls, x, y } : { building, walls, price, x, y };
      const on = tokens.get(cellKey(x, y));
      if (on.chest) item.chest = true;
      if (on.resident) item.resident = true;
      if (on.added) item.added_walls = on.added;
      alhambra.push(item);
    } else if (ON_A_CELL.includes(kind)) {
      alhambra.push(entry);
    } else if (kind === 'gate') {
      gates.push({ x: entry.x, y: entry.y, side: entry.gate });
    }
  });
  return { alhambra, gates };
}

/** The modules the pieces of `entries` belong to, and `also` (e.g. those of a piece about to
 *  be placed), each once: what a request carrying them must name (G1-K4: a piece without its
 *  module is refused). */
function modulesOf(entries, also = []) {
  const kinds = new Set(entries.map(kindOf));
  return [...new Set([
    ...Object.keys(MODULE_OF).filter((kind) => kinds.has(kind)).map((kind) => MODULE_OF[kind]),
    ...also,
  ])];
}

/** A request about the drawing `entries`: its Alhambra, its gates and the modules of its
 *  pieces when it has any, with `fields` (the tile to place, the cell to clear, ...). */
export function drawingRequest(entries, fields = {}, modules = []) {
  const { alhambra, gates } = onTheWire(entries);
  const body = { alhambra, ...fields };
  if (gates.length) body.gates = gates;
  const named = modulesOf(entries, modules);
  if (named.length) body.modules = named;
  return body;
}

/** The entries that leave the drawing with what stands at (x, y): that tile, camp or
 *  bazaar, the chest, resident and added walls on it, and the gates on its sides (a gate
 *  needs both tiles of its double wall, G1). */
export function leavingWith(entries, x, y) {
  return entries.filter((entry) => {
    const [ex, ey] = position(entry);
    if (ex === x && ey === y) return true;
    if (kindOf(entry) !== 'gate') return false;
    const [dx, dy] = STEP[entry.gate];
    return ex + dx === x && ey + dy === y;
  });
}

/** A gate as drawn from the tile across its double wall (the same gate, G1). */
const mirrored = ({ x, y, gate }) => ({ x: x + STEP[gate][0], y: y + STEP[gate][1], gate: ACROSS[gate] });

const samePlace = (a, b) => a.x === b.x && a.y === b.y && kindOf(a) === kindOf(b)
  && JSON.stringify(a[kindOf(a)]) === JSON.stringify(b[kindOf(b)]);

/** A piece as seen from the tile at (x, y): a gate drawn from the tile across its wall is
 *  turned to this one's side (the same gate, G1). */
export const asSeenFrom = (entry, x, y) => (kindOf(entry) === 'gate' && (entry.x !== x || entry.y !== y)
  ? mirrored(entry) : entry);

/** The same piece (a kind, a cell, its member; a gate from either side of its wall), e.g. to
 *  take one back out of a drawing. */
export const samePiece = (a, b) => !Array.isArray(a) && !Array.isArray(b)
  && (samePlace(a, b) || (kindOf(a) === 'gate' && kindOf(b) === 'gate' && samePlace(a, mirrored(b))));
