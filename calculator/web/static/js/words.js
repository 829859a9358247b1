// The page's words, from the catalog of its language (calculator/web/messages/*.json), which
// the server puts in the page as a JSON data block.

import { $ } from './dom.js';

export const MESSAGES = JSON.parse($('#messages').textContent);
export const LANG = document.documentElement.lang;
const PLURAL = new Intl.PluralRules(LANG);

/** The text of `key` with `{name}` placeholders filled; plural forms are chosen by `n`
 *  (CLDR categories, plus `zero` for 0 where a catalog words it apart). */
export function t(key, params = {}) {
  let text = MESSAGES[key];
  if (text === undefined) return key;
  if (typeof text === 'object') {
    const { n } = params;
    text = (n === 0 && text.zero) || text[PLURAL.select(n)] || text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export const buildingName = (building) => t(`building.${building}`);
export const at = (x, y) => `(${x},${y})`;
export const wallsText = (walls) =>
  (walls ? walls.split('').map((side) => t(`side.${side}`)).join(', ') : t('walls.none'));

/** A player's points beside their name: "Computer 1: 57". */
export const pointsOf = (name, points) => `${name}: ${points}`;
/** "Anna, Ben and Chris" in the page's language. */
export const namesList = (names) => new Intl.ListFormat(LANG, { type: 'conjunction' })
  .format(names);
/** A date and time as the page's language writes them. */
export const dateText = (iso) => new Intl.DateTimeFormat(LANG,
  { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
