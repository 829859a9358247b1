// Small helpers for building the page's elements.

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

/** A name that is capitalised on screen (catalogs keep names lowercase for sentences). */
export function nameSpan(text) {
  const span = document.createElement('span');
  span.className = 'name';
  span.textContent = text;
  return span;
}

/** The colour of a building, beside its name (decorative: hidden from screen readers). */
export function swatch(building) {
  const chip = document.createElement('span');
  chip.className = `swatch building-${building}`;
  chip.setAttribute('aria-hidden', 'true');
  return chip;
}

/** A status line: what a button did, said politely to a screen reader. */
export function statusLine() {
  const line = document.createElement('p');
  line.className = 'status';
  line.setAttribute('role', 'status');
  line.setAttribute('aria-live', 'polite');
  return line;
}
