// The game the page keeps: the one place it changes, is saved and is shown again.
//
//   update(change)      the only way the game changes (changes.js says how); the new game is
//                       saved on the device (localStorage) and every subscriber is called
//   subscribe(listener) listener(game, previous): now, and after every change
//   currentGame()       the current game, frozen: read it, change it only through update
//
// A game is small (six players, three rounds, 54 tiles), so the page renders it whole after
// each change; renderWhen keeps a view that did not change from being drawn again. The games
// kept in History are not small (up to MAX_PAST, each with its record): they are frozen, only
// ever replaced whole, and saved under a key of their own only when they change, so that a tap
// writes the game alone.

import { changed } from './changes.js';
import { checkedGame, localized, newGame } from './game.js';

const STORAGE_KEY = 'alhambra-scores/v1';
const PAST_KEY = 'alhambra-scores/v1/past'; // game.past, kept apart

function deepFreeze(value) {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** The game kept on the device, its past games read from their own key (a game saved by an
 *  earlier page holds them itself). */
function stored() {
  try {
    const game = JSON.parse(localStorage.getItem(STORAGE_KEY));
    if (game && typeof game === 'object' && !('past' in game)) {
      game.past = JSON.parse(localStorage.getItem(PAST_KEY)) ?? [];
    }
    return checkedGame(game);
  } catch {
    return null; // unreadable: start afresh
  }
}

/** Whether the last change was kept on the device: storage full or switched off, the game
 *  still runs in this tab, and the page says that it is not kept (app.js). */
let kept = true;
export const keptOnDevice = () => kept;

let savedPast = null; // the past games as last saved (frozen: the same list is unchanged)

/** `value` kept under `key`; false when the device refuses it (full, or switched off). */
function written(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The game first, then its past games if they changed: a History too large for the device
 *  does not cost the game in progress, and is tried again at the next change. */
function save(game) {
  const { past, ...rest } = game;
  kept = written(STORAGE_KEY, rest);
  if (past !== savedPast) {
    if (written(PAST_KEY, past)) savedPast = past;
    else kept = false;
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
  let seen; // what it showed last, itself: a frozen part of the game, unchanged, is not compared
  return (game, previous) => {
    const part = shown(game);
    if (part === seen) return;
    seen = part;
    const now = JSON.stringify(part);
    if (now === drawn) return;
    drawn = now;
    render(game, previous);
  };
}
