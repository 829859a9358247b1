// The one way the page asks before it discards what a player entered: a dialog that names
// what will be lost, with the safe answer focused. Nothing changes until the player agrees,
// so a stray tap costs nothing and no timed undo can run out under a slow hand or a screen
// reader.

import { $ } from './dom.js';
import { t } from './words.js';

const dialog = $('#confirm');

/** Ask `question`, listing `lost` (what goes if the player agrees); `action` words the button
 *  that agrees. Resolves true when the player agrees, false otherwise (Keep, Escape). */
export function confirmLoss({ question, lost, action }) {
  $('#confirm-title').textContent = question;
  $('#confirm-lost').replaceChildren(...lost.map((text) => {
    const item = document.createElement('li');
    item.textContent = text;
    return item;
  }));
  $('#confirm-yes').textContent = action;
  const opener = document.activeElement;
  return new Promise((resolve) => {
    const answer = (agreed) => () => {
      dialog.removeEventListener('close', kept);
      $('#confirm-yes').removeEventListener('click', agree);
      $('#confirm-keep').removeEventListener('click', keep);
      dialog.close();
      opener?.focus?.();
      resolve(agreed);
    };
    const agree = answer(true);
    const keep = answer(false);
    const kept = answer(false);
    dialog.addEventListener('close', kept);
    $('#confirm-yes').addEventListener('click', agree);
    $('#confirm-keep').addEventListener('click', keep);
    dialog.showModal();
    $('#confirm-keep').focus();
  });
}
