// What the program worker may say to the page (web/runtime/programs/worker-messages.js): the worker runs a
// learner's or a link's program, so each message is untrusted; only the declared shapes pass, only their
// declared fields go further, and a run's events add up to no more than its budget allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readWorkerMessage, runAllowance } from '../../web/runtime/programs/worker-messages.js';
import { LIMITS } from '../../web/runtime/programs/run-program.js';

const send = (message, allowance = runAllowance(100)) => readWorkerMessage(JSON.stringify(message), allowance);

test('worker messages: each event passes with its declared fields only', () => {
  const events = [
    { type: 'print', text: 'x = 1\n', extra: '<img>' },
    { type: 'plot', name: 'distance', value: 0.5 },
    { type: 'draw', name: 'walls', points: [[0, 0], [1, 1]], colour: 'red', shape: 'dots', size: 2 },
    { type: 'wait', time: 1, x: 0.5, y: 0.5, heading: 90 },
  ];
  const read = send({ type: 'events', events });
  assert.deepEqual(read.events[0], { type: 'print', text: 'x = 1\n' });
  assert.deepEqual(read.events.slice(1), events.slice(1));
});

test('worker messages: a message that is not JSON, of no known type, or with a field of the wrong kind is dropped whole', () => {
  assert.equal(readWorkerMessage('{', runAllowance(1)), null);
  assert.equal(readWorkerMessage({ type: 'frame' }, runAllowance(1)), null, 'only a string is read');
  assert.equal(send({ type: 'eval', code: '1' }), null);
  assert.equal(send({ type: 'events', events: [{ type: 'plot', name: 'a', value: 'NaN' }] }), null);
  assert.equal(send({ type: 'events', events: [{ type: 'draw', name: 'a', points: [[0, 0]], colour: 'r', shape: 'stars', size: 1 }] }), null);
  assert.equal(send({ type: 'events', events: [{ type: 'toString' }] }), null, 'an inherited name is no event');
  assert.equal(send({ type: 'ready', ms: null }), null);
});

test('worker messages: an error passes only with a known kind, a short message and a line that is a positive whole number or none', () => {
  const done = (error) => send({ type: 'done', ok: false, error });
  assert.deepEqual(done({ kind: 'python', message: 'NameError: x', line: 3, stack: 'secret' }),
    { type: 'done', ok: false, error: { kind: 'python', message: 'NameError: x', line: 3 } });
  assert.ok(done({ kind: 'budget', message: 'too long', line: null }));
  assert.equal(done({ kind: 'other', message: 'x', line: 1 }), null);
  assert.equal(done({ kind: 'python', message: 'x', line: 0 }), null);
  assert.equal(done({ kind: 'python', message: 'x'.repeat(2001), line: 1 }), null);
});

test('worker messages: a run\'s printing is spent from its budget, across messages, and past it the message is dropped', () => {
  const allowance = runAllowance(2);  // 2 steps: 2 x printedPerStep characters
  const half = 'x'.repeat(LIMITS.printedPerStep);
  assert.ok(send({ type: 'events', events: [{ type: 'print', text: half }] }, allowance));
  assert.ok(send({ type: 'events', events: [{ type: 'print', text: half }] }, allowance));
  assert.equal(send({ type: 'events', events: [{ type: 'print', text: 'x' }] }, allowance), null);
});

test('worker messages: a drawing with more points than the mat may show is dropped', () => {
  const points = Array.from({ length: LIMITS.matPoints + 1 }, () => [0, 0]);
  assert.equal(send({ type: 'events', events: [{ type: 'draw', name: 'a', points, colour: 'r', shape: 'dots', size: 1 }] }), null);
});
