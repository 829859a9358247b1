// The screen stays awake while a game is on (Screen Wake Lock API, where the browser has it):
// a phone lying on the table between turns does not go dark. The lock goes when the game is
// decided or set aside; the browser drops it when the page is hidden, and the page asks for it
// again when it is shown.

let lock = null; // the wake lock held, if any
let wanted = false;

async function acquire() {
  if (!navigator.wakeLock || lock || document.visibilityState !== 'visible') return;
  try {
    lock = await navigator.wakeLock.request('screen');
    lock.addEventListener('release', () => { lock = null; });
    if (!wanted) release(); // the game ended while the lock was on its way
  } catch {
    lock = null; // refused (a battery saver, a policy): the screen sleeps as it would
  }
}

function release() {
  const held = lock;
  lock = null;
  held?.release().catch(() => { /* already released by the browser */ });
}

/** Keep the screen awake while `on` (a game going on), let it sleep otherwise. */
export function keepAwake(on) {
  if (on === wanted) return;
  wanted = on;
  if (on) acquire();
  else release();
}

document.addEventListener('visibilitychange', () => {
  if (wanted && document.visibilityState === 'visible') acquire();
});
