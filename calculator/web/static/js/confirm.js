// The one way the page asks before it discards or changes what a player entered or kept: a
// dialog that names what will be lost (and, apart from that list, what else follows), with the
// safe answer focused. Nothing changes until the player agrees, so a stray tap costs nothing
// and no timed undo can run out under a slow hand or a screen reader.

import { $ } from './dom.js';
import { t } from './words.js';

const dialog = $('#confirm');

const items = (texts, tag) => texts.map((text) => {
  const item = document.createElement(tag);
  item.textContent = text;
  return item;
});

/** Ask `question`, listing `lost` (what goes if the player agrees) and then `notes` (what
 *  else follows, which is not lost); `action` words the button that agrees, `keep` the one
 *  that does not (by default "Keep it"), and `safe` says the agreeing loses nothing. Resolves
 *  true when the player agrees, false otherwise (Keep, Escape). */
export function confirmLoss({
  question, lost, action, notes = [], keep = t('confirm.keep'), safe = false,
}) {
  $('#confirm-title').textContent = question;
  $('#confirm-lost').replaceChildren(...items(lost, 'li'));
  $('#confirm-lost').hidden = lost.length === 0;
  $('#confirm-notes').replaceChildren(...items(notes, 'p'));
  const yes = $('#confirm-yes');
  yes.textContent = action;
  yes.className = safe ? 'primary' : 'danger';
  $('#confirm-keep').textContent = keep;
  const opener = document.activeElement;
  return new Promise((resolve) => {
    const answer = (agreed) => () => {
      dialog.removeEventListener('close', kept);
      yes.removeEventListener('click', agree);
      $('#confirm-keep').removeEventListener('click', keepIt);
      dialog.close();
      opener?.focus?.();
      resolve(agreed);
    };
    const agree = answer(true);
    const keepIt = answer(false);
    // closed by Escape; the close event of an earlier question, closed just before this one
    // was asked, finds the dialog open again and is not this question's answer
    const kept = () => {
      if (!dialog.open) keepIt();
    };
    dialog.addEventListener('close', kept);
    yes.addEventListener('click', agree);
    $('#confirm-keep').addEventListener('click', keepIt);
    dialog.showModal();
    $('#confirm-keep').focus();
  });
}
