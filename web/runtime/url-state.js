// The page's parameters live in the URL query, one entry per changed parameter:
//   ?worked.X=[[1,0],[0,1],[1,1]]&scaling.scale=20
// Only values that differ from the defaults are written, so a plain URL shows
// the lesson as written and "reset" simply removes entries.

const keyOf = (instance, param) => `${instance}.${param}`;

/** Values the URL gives for one demo instance; each is parsed JSON, or the raw text if it is not JSON. */
export function readParams(instance, declarations) {
  const query = new URLSearchParams(window.location.search);
  const values = {};
  for (const decl of declarations) {
    const text = query.get(keyOf(instance, decl.name));
    if (text === null) continue;
    try {
      values[decl.name] = JSON.parse(text);
    } catch {
      values[decl.name] = text; // the core will say what is wrong with it
    }
  }
  return values;
}

// Browsers throttle history.replaceState (Chromium warns past about 100 calls in
// 10 s), and a write costs several milliseconds on a slow phone (it serialises the
// whole address), so a drag or a held-down slider writes the URL once it pauses for
// WRITE_DELAY_MS, not on every frame, and builds the query once per write.
// Then it waits for the page to be idle (the write took 6 ms at 4x CPU slowdown, and landing inside
// the next input's frame it made that input late), though no longer than IDLE_WAIT_MS.
const WRITE_DELAY_MS = 250;
const IDLE_WAIT_MS = 1000;
const whenIdle = window.requestIdleCallback ?? ((write) => setTimeout(write, 0)); // Safari has none
const pending = new Map();  // instance -> {values, defaults}
let timer = 0;
let waitingForIdle = false;

function flush() {
  timer = 0;
  waitingForIdle = false;
  const query = new URLSearchParams(window.location.search);
  for (const [instance, { values, defaults }] of pending) {
    for (const [name, value] of Object.entries(values)) {
      const encoded = JSON.stringify(value);
      if (encoded === JSON.stringify(defaults[name])) query.delete(keyOf(instance, name));
      else query.set(keyOf(instance, name), encoded);
    }
  }
  pending.clear();
  const url = new URL(window.location.href);
  url.search = query.toString();
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

// Leaving the page within the delay still records the last change.
window.addEventListener('pagehide', () => { if (timer || waitingForIdle) { clearTimeout(timer); flush(); } });

/** Whether a change still waits to be written: the browser tests wait on it rather than on a clock. */
export const addressPending = () => timer !== 0 || waitingForIdle;

/** Records one instance's parameters in the URL, dropping those equal to `defaults`, once the changes pause. */
export function writeParams(instance, values, defaults) {
  pending.set(instance, { values, defaults });
  if (waitingForIdle) return; // the write to come reads `pending`, this change included
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = 0;
    waitingForIdle = true;
    whenIdle(flush, { timeout: IDLE_WAIT_MS });
  }, WRITE_DELAY_MS);
}
