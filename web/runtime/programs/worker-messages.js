// What the program worker may say to the page, checked before anything of it is
// used: the worker runs the learner's (or a link's) program, so each message is
// untrusted data. A message is a JSON string of bounded size; each event has its
// declared fields with values of the declared kinds and sizes; a run's events
// add up to no more than its budget lets an honest worker send (run-program.js).
import { LIMITS } from './run-program.js';

const MAX_MESSAGE_CHARS = 4 * 1024 * 1024;  // as the frame's relay (program-frame.js) [chars]
const MAX_NAME_CHARS = 200;                  // a plot's or drawing's name, a colour [chars]
const MAX_ERROR_CHARS = 2000;                // a Python error's last line [chars]
const ERROR_KINDS = new Set(['python', 'budget', 'internal']);

const finite = (x) => typeof x === 'number' && Number.isFinite(x);
const text = (x, max) => typeof x === 'string' && x.length <= max;
const point = (p) => Array.isArray(p) && p.length === 2 && finite(p[0]) && finite(p[1]);

const EVENTS = {
  print: (e) => typeof e.text === 'string',
  plot: (e) => text(e.name, MAX_NAME_CHARS) && finite(e.value),
  draw: (e) => text(e.name, MAX_NAME_CHARS) && Array.isArray(e.points) && e.points.length <= LIMITS.matPoints &&
    e.points.every(point) && text(e.colour, MAX_NAME_CHARS) && (e.shape === 'dots' || e.shape === 'squares') && finite(e.size),
  wait: (e) => finite(e.time) && finite(e.x) && finite(e.y) && finite(e.heading),
};

const FIELDS = { print: ['text'], plot: ['name', 'value'], draw: ['name', 'points', 'colour', 'shape', 'size'], wait: ['time', 'x', 'y', 'heading'] };
/** Only the event's declared fields go further. */
const fieldsOf = (e) => Object.fromEntries([['type', e.type], ...FIELDS[e.type].map((k) => [k, e[k]])]);

function validError(error) {
  return error !== null && typeof error === 'object' && ERROR_KINDS.has(error.kind) && text(error.message, MAX_ERROR_CHARS) &&
    (error.line === null || (Number.isInteger(error.line) && error.line > 0));
}

/** What a run may still receive: its events and printed characters, from its budget. */
export function runAllowance(budget) {
  return { events: (1 + LIMITS.printedPerStep) * budget + 1, characters: LIMITS.printedPerStep * budget };
}

/**
 * The message as a checked object, or null when it is not one the worker can send. `allowance`
 * (from runAllowance) is spent by the events, so a flood sent around the runner's own counting ends too.
 */
export function readWorkerMessage(data, allowance) {
  if (typeof data !== 'string' || data.length > MAX_MESSAGE_CHARS) return null;
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (message === null || typeof message !== 'object') return null;
  switch (message.type) {
    case 'frame': return { type: 'frame' };
    case 'ready': return finite(message.ms) ? { type: 'ready', ms: message.ms } : null;
    case 'done':
      if (message.ok === true) return { type: 'done', ok: true };
      return message.ok === false && validError(message.error)
        ? { type: 'done', ok: false, error: { kind: message.error.kind, message: message.error.message, line: message.error.line } }
        : null;
    case 'events': return readEvents(message.events, allowance);
    default: return null;
  }
}

function readEvents(events, allowance) {
  if (!Array.isArray(events) || events.length > allowance.events) return null;
  for (const e of events) {
    if (e === null || typeof e !== 'object' || !Object.hasOwn(EVENTS, e.type) || !EVENTS[e.type](e)) return null;
    if (e.type === 'print') allowance.characters -= e.text.length;
  }
  allowance.events -= events.length;
  if (allowance.characters < 0) return null;
  return { type: 'events', events: events.map(fieldsOf) };
}
