// The game the page keeps: the one place it changes, is saved and is shown again.
//
//   update(change)      the only way the game changes (changes.js says how); the new game is
//                       saved on the device (localStorage) and every subscriber is called
//   subscribe(listener) listener(game, previous): now, and after every change
//   currentGame()       the current game, frozen: read it, change it only through update
//
// A game is small (six players, three rounds, 54 tiles), so the page renders it whole after
// each change; renderWhen keeps a view that did not change from being drawn again.

import { changed } from './changes.js';
import { checkedGame, localized, newGame } from './game.js';

const STORAGE_KEY = 'alhambra-scores/v1';

function deepFreeze(value) {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

function stored() {
  try {
    return checkedGame(JSON.parse(localStorage.getItem(STORAGE_KEY)));
  } catch {
    return null; // unreadable: start afresh
  }
}

/** Whether the last change was kept on the device: storage full or switched off, the game
 *  still runs in this tab, and the page says that it is not kept (app.js). */
let kept = true;
export const keptOnDevice = () => kept;

function save(game) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(game));
    kept = true;
  } catch {
    kept = false;
  }
}

// Opened in another language than it was saved in: the default names follow the language.
let current = deepFreeze(localized(stored() || newGame()));
const listeners = [];

export const currentGame = () => current;

export function update(change) {
  const previous = current;
  current = deepFreeze(changed(previous, change));
  save(current);
  listeners.forEach((listener) => listener(current, previous));
}

export function subscribe(listener) {
  listeners.push(listener);
  listener(current, null);
}

/** A render that runs only when what it shows of the game, `shown(game)`, is not what it
 *  drew last time (compared as JSON): a tap does not redraw, and so take the focus from,
 *  the parts of the page it did not change. */
export function renderWhen(shown, render) {
  let drawn;
  return (game, previous) => {
    const now = JSON.stringify(shown(game));
    if (now === drawn) return;
    drawn = now;
    render(game, previous);
  };
}
