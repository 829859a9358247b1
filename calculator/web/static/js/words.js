// The page's words, from the catalog of its language (calculator/web/messages/*.json), which
// the server puts in the page as a JSON data block.

import { $ } from './dom.js';

export const MESSAGES = JSON.parse($('#messages').textContent);
export const LANG = document.documentElement.lang;
const PLURAL = new Intl.PluralRules(LANG);

/** `text` with its `{name}` placeholders filled from `params` (an unknown one stays). */
export const fill = (text, params = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));

/** The text of `key` with `{name}` placeholders filled; plural forms are chosen by `n`
 *  (CLDR categories, plus `zero` for 0 where a catalog words it apart). */
export function t(key, params = {}) {
  let text = MESSAGES[key];
  if (text === undefined) return key;
  if (typeof text === 'object') {
    const { n } = params;
    text = (n === 0 && text.zero) || text[PLURAL.select(n)] || text.other;
  }
  return fill(text, params);
}

/** `text` starting with a capital, as a sentence does (the catalogs keep names lowercase, to
 *  stand inside sentences). */
export const capitalized = (text) => text.charAt(0).toLocaleUpperCase(LANG) + text.slice(1);

export const buildingName = (building) => t(`building.${building}`);
/** A building in the forms the catalogs' sentences take: `building` where it names (a label,
 *  a subject) and `building_acc` where a sentence buys, builds or moves it (Russian "башню";
 *  German with its article, which carries the case: "den Turm"). */
export const buildingForms = (building) => ({
  building: buildingName(building), building_acc: t(`building_acc.${building}`),
});
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
