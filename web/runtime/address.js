// The page's address is owned here, and only here. Every key a link may carry belongs to one family,
// declared once below: its key pattern, how its text is read within limits, how a value is written.
// A new URL key is one more entry in FAMILIES (docs/url.md lists them):
//   ?worked.X=[[1,0],[0,1]]&stack.lock=blocks&stack.hide=norm&run.program=…&net.find/lookup={"seed":3}
// Only what differs from the lesson is written, so a plain URL shows the lesson as written.
import {
  MAX_UNKNOWN_NAMED, MAX_VALUE_CHARS, nameHint, readLinkValue, shapeProblem, thousands,
} from './link-values.js';
import { MAX_PACKED_CHARS, packProgram, readPackedProgram } from './programs/program-pack.js';
import { say } from './strings/index.js';

const NETWORK_PREFIX = 'net.';
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A comma-separated list of a demo's parameter names (a teacher's locks or hides), read within limits. */
function readNameList(list) {
  return (text) => {
    if (text.length > MAX_VALUE_CHARS) {
      return { problem: say(list === 'lock' ? 'address.locks_too_long' : 'address.hides_too_long', { length: thousands(text.length) }) };
    }
    return { value: text.split(',').map((s) => s.trim()).filter(Boolean) };
  };
}

/** A training's settings from a link: a JSON object; the core checks the numbers in it (networks.js). */
function readSettings(text, { what }) {
  const read = readLinkValue(text, what);
  if (read.problem) return read;
  const { value } = read;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: say('address.settings_unreadable', { what }) };
  }
  return { value };
}

/**
 * The key families. Each: `pattern` (for people), `key(id)` -> the query key, `read(text, context)` ->
 * {value} or {problem} in the learner's words (may be a promise), `write(value)` -> the query text, or
 * null to remove the key (may be a promise). An instance family's id is {instance}; `name` is its key's
 * fixed second part. The parameter family takes every other `<instance>.<name>` key.
 */
export const FAMILIES = {
  // A demo's parameter: JSON, written only when it differs from the lesson's preset.
  param: {
    pattern: '<instance>.<parameter>',
    key: ({ instance, name }) => `${instance}.${name}`,
    read(text, { decl }) {
      const what = say('address.value_for', { label: decl.label });
      const read = readLinkValue(text, what);
      const problem = read.problem ?? shapeProblem(decl, read.value, what);
      return problem ? { problem: say('address.not_used', { problem }) } : read;
    },
    write: ({ value, preset }) => (same(value, preset) ? null : JSON.stringify(value)),
  },
  // The parameters a teacher fixed (locks.js), by name.
  lock: {
    pattern: '<instance>.lock', name: 'lock',
    key: ({ instance }) => `${instance}.lock`,
    read: readNameList('lock'),
    write: (names) => (names.length ? names.join(',') : null),
  },
  // The parameters a teacher took away (locks.js), by name.
  hide: {
    pattern: '<instance>.hide', name: 'hide',
    key: ({ instance }) => `${instance}.hide`,
    read: readNameList('hide'),
    write: (names) => (names.length ? names.join(',') : null),
  },
  // An edited program (programs/panel.js), deflated and in base64url; null is the lesson's program.
  program: {
    pattern: '<instance>.program', name: 'program',
    key: ({ instance }) => `${instance}.program`,
    read: (text) => readPackedProgram(text),
    write: (text) => (text === null ? null : packProgram(text)),
  },
  // Teacher mode (teach-panel.js): `?teach` puts a task-sheet builder under each demo. Never in a copied link.
  teach: {
    pattern: 'teach',
    key: () => 'teach',
    read: () => ({ value: true }),
    write: (on) => (on ? '' : null),
  },
  // A network trained in this browser, by the settings that train it again (networks.js); null: the lesson's.
  network: {
    pattern: 'net.<task>/<model>',
    key: ({ slot }) => `${NETWORK_PREFIX}${slot}`,
    read: readSettings,
    write: (settings) => (settings ? JSON.stringify({ seed: settings.seed, lr: settings.lr, epochs: settings.epochs }) : null),
  },
};

// The second parts of an instance's keys that are not its parameters.
const INSTANCE_NAMES = new Set(Object.values(FAMILIES).map((f) => f.name).filter(Boolean));

// The page's own address, or `search`: a link the page makes (the task-sheet builder) read as the page would read it.
const query = (search = window.location.search) => new URLSearchParams(search);

/**
 * A family's value for `id` read from the address (or from `search`, a query string): undefined when the link
 * has none, else {value} or {problem}.
 */
export function read(family, id, context = {}, search = undefined) {
  const text = query(search).get(FAMILIES[family].key(id));
  return text === null ? undefined : FAMILIES[family].read(text, context);
}

/** Whether the address holds a key of `family` for `id`. */
export const has = (family, id) => query().has(FAMILIES[family].key(id));

/** The networks a link names (net.<slot>), with each one's settings read: Map slot -> {value} or {problem}. */
export function readNetworks(what) {
  const slots = [...query().keys()].filter((key) => key.startsWith(NETWORK_PREFIX)).map((key) => key.slice(NETWORK_PREFIX.length));
  return new Map(slots.map((slot) => [slot, read('network', { slot }, { what: what(slot) })]));
}

/**
 * Values the URL gives for one demo instance's parameters. A value past the limits is left out, with the
 * reason; so is a name the demo does not declare (a typo, a label), each named up to MAX_UNKNOWN_NAMED.
 * @returns {{values: object, problems: string[]}}
 */
export function readParams(instance, declarations, search = undefined) {
  const values = {};
  const problems = [];
  for (const decl of declarations) {
    const got = read('param', { instance, name: decl.name }, { decl }, search);
    if (got?.problem) problems.push(got.problem);
    else if (got) values[decl.name] = got.value;
  }
  const prefix = `${instance}.`;
  const unknown = [...new Set([...query(search).keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)))]
    .filter((name) => !INSTANCE_NAMES.has(name) && !declarations.some((d) => d.name === name));
  for (const name of unknown.slice(0, MAX_UNKNOWN_NAMED)) {
    problems.push(say('address.unknown_setting', { name, hint: nameHint(name, declarations) }));
  }
  return { values, problems };
}

/** The demo instances the link names (the first part of its keys), networks aside. */
export const linkedInstances = () => [...new Set([...query().keys()]
  .filter((key) => key.includes('.') && !key.startsWith(NETWORK_PREFIX)).map((key) => key.slice(0, key.indexOf('.'))))];

/**
 * The query of a task-sheet link for one instance (teach-panel.js): the values that differ from the lesson's
 * preset, the names to lock and to hide, each written as its family writes it, and the teacher's edited
 * program as the address packs it (packedProgram); '' for none.
 */
export function taskQuery(instance, { values, preset, locked, hidden, program = null }) {
  const keys = new URLSearchParams();
  const add = (family, id, value) => {
    const text = FAMILIES[family].write(value);
    if (text !== null) keys.set(FAMILIES[family].key(id), text);
  };
  for (const [name, value] of Object.entries(values)) add('param', { instance, name }, { value, preset: preset[name] });
  add('lock', { instance }, [...locked]);
  add('hide', { instance }, [...hidden]);
  if (program !== null) keys.set(FAMILIES.program.key({ instance }), program);
  const text = keys.toString();
  return text ? `?${text}` : '';
}

/**
 * The edited program of `instance` as this address carries it (packed, programs/program-pack.js), for the
 * task-sheet link; null when the lesson's program runs, or when it is longer than a link may carry.
 */
export function packedProgram(instance) {
  const packed = query().get(FAMILIES.program.key({ instance }));
  return packed && packed.length <= MAX_PACKED_CHARS ? packed : null;
}

/** This address's keys for `instance` (its values, locks, hides and program), as a query string ('' for none). */
export function instanceQuery(instance) {
  const mine = [...query()].filter(([key]) => key.startsWith(`${instance}.`));
  return mine.length ? `?${new URLSearchParams(mine)}` : '';
}

/**
 * This page's address with `search` as its query ('?…', or '' for none; the address's own by default) and
 * `fragment` (without '#'; '' for none): a task sheet's link (teach-panel.js), the way back to a training
 * (lm-train-panel.js).
 */
export function pageAddress(search = window.location.search, fragment = '') {
  const url = new URL(window.location.href);
  url.search = search;
  url.hash = fragment;
  return url.href;
}

/** This address as it is now with `family`'s key for `id` taken out (the learner's page, without ?teach). */
export function addressWithout(family, id = {}) {
  const url = new URL(window.location.href);
  const key = FAMILIES[family].key(id);
  if (url.searchParams.has(key)) url.searchParams.delete(key); // else the address as it is, not re-encoded
  return url.href;
}

/** The address of `path` (a file beside this page, with its query) as an absolute address: an embed page. */
export const besidePage = (path) => new URL(path, window.location.href).href;

/** The address's fragment, without '#' ('' for none): a link may open the page at a section. */
export const fragment = () => window.location.hash.slice(1);

/** The event the window gets after the address changed (the task-sheet link carries an edited program from it). */
export const ADDRESS_WRITTEN = 'attn-address-written';

// The one writer. Browsers throttle history.replaceState, and a write that changes the query costs more the
// larger the page, so changes wait until the input pauses for WRITE_DELAY_MS, long enough that a learner's
// next move rarely lands on the write, then for the page to be idle (no longer than IDLE_WAIT_MS), and are
// written together: one replaceState per pause (docs/url.md has the figures).
const WRITE_DELAY_MS = 1000;
const IDLE_WAIT_MS = 1000;
const whenIdle = (write) => (window.requestIdleCallback ?? ((f) => setTimeout(f, 0)))(write, { timeout: IDLE_WAIT_MS }); // Safari has none
const pending = new Map();  // query key -> {family, value}: the last value written for it
let timer = 0;
let waitingForIdle = false;
let encoding = false;  // a family's writer (the program's packing) is still at work

function apply(changes, texts) {
  const next = query();
  changes.forEach(([key], i) => (texts[i] === null ? next.delete(key) : next.set(key, texts[i])));
  const url = new URL(window.location.href);
  url.search = next.toString();
  if (url.href !== window.location.href) {
    window.history.replaceState(null, '', url);
    window.dispatchEvent?.(new Event(ADDRESS_WRITTEN));
  }
}

/** Writes every pending change at once: at once when every writer answers at once (as when the page is left). */
function flush() {
  timer = 0;
  waitingForIdle = false;
  const changes = [...pending];
  pending.clear();
  const texts = changes.map(([, { family, value }]) => FAMILIES[family].write(value));
  if (!texts.some((t) => t instanceof Promise)) { apply(changes, texts); return; }
  encoding = true;
  Promise.all(texts).then((done) => apply(changes, done), () => {}).finally(() => {
    encoding = false;
    if (pending.size && !timer && !waitingForIdle) schedule();
  });
}

function schedule() {
  if (waitingForIdle || encoding) return; // the write to come (or the one after it) reads `pending`
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = 0;
    waitingForIdle = true;
    whenIdle(flush);
  }, WRITE_DELAY_MS);
}

// Leaving the page within the delay still records the last change.
window.addEventListener('pagehide', () => { if (timer || waitingForIdle) { clearTimeout(timer); flush(); } });

/** Whether a change still waits to be written: the browser tests wait on it rather than on a clock. */
export const addressPending = () => timer !== 0 || waitingForIdle || encoding || pending.size > 0;

/** Records `value` for `family`'s key `id`, written with the others once the changes pause. */
export function write(family, id, value) {
  pending.set(FAMILIES[family].key(id), { family, value });
  schedule();
}

/** Records one instance's parameters, each dropped from the address when equal to `preset`'s. */
export function writeParams(instance, values, preset) {
  for (const [name, value] of Object.entries(values)) {
    pending.set(FAMILIES.param.key({ instance, name }), { family: 'param', value: { value, preset: preset[name] } });
  }
  schedule();
}
