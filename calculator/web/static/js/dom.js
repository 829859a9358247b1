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
