// Steppers: a labelled number with − and + buttons, large targets, no keyboard needed on a
// phone. The Score tab's counts, walls and module members are all steppers.

import { nameSpan, swatch } from './dom.js';
import { t } from './words.js';

let nextId = 0;

/** A stepper for `label`, holding `value` from 0 to `max`; `data` goes to the input's
 *  dataset (what the entry is), `building` puts that building's colour beside the label. */
export function stepper({ label, value, max, data, building }) {
  const id = `stepper-${nextId++}`;
  const row = document.createElement('div');
  row.className = 'stepper';
  const labelElement = document.createElement('label');
  labelElement.htmlFor = id;
  if (building) labelElement.append(swatch(building));
  labelElement.append(nameSpan(label));
  const input = document.createElement('input');
  Object.assign(input, { id, type: 'number', min: 0, max, value });
  input.inputMode = 'none'; // steppers, not keyboards
  Object.entries(data).forEach(([key, val]) => { input.dataset[key] = val; });
  const button = (step, text, aria) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'step';
    b.dataset.step = step;
    b.textContent = text;
    b.setAttribute('aria-label', aria);
    b.setAttribute('aria-controls', id);
    return b;
  };
  row.append(labelElement, button(-1, '−', t('stepper.fewer', { what: label })), input,
    button(1, '+', t('stepper.more', { what: label })));
  return row;
}

/** The input's value as a whole number within its bounds, written back when it was not. */
export function clamp(input) {
  const min = Number(input.min);
  const max = Number(input.max);
  const value = Math.round(Number(input.value));
  const clamped = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
  if (String(clamped) !== input.value) input.value = String(clamped);
  return clamped;
}

document.addEventListener('click', (event) => {
  const button = event.target.closest('button.step');
  if (!button) return;
  const input = document.getElementById(button.getAttribute('aria-controls'));
  const before = input.value;
  input.value = String(Number(input.value) + Number(button.dataset.step));
  clamp(input);
  if (input.value !== before) input.dispatchEvent(new Event('input', { bubbles: true }));
});
