// The page's address (web/runtime/address.js) under Node: every key family reads back what it writes, within
// its limits, and a burst of changes is one write of the address. A window with only what the module uses.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';

const writes = [];
globalThis.window = {
  location: new URL('http://127.0.0.1/robot/'),
  history: { replaceState: (state, title, url) => { writes.push(String(url)); window.location = new URL(url); } },
  addEventListener: () => {},
};
const address = await import('../../web/runtime/address.js');
const { MAX_VALUE_CHARS, MAX_UNKNOWN_NAMED } = await import('../../web/runtime/link-values.js');
const { MAX_PACKED_CHARS } = await import('../../web/runtime/programs/program-pack.js');

const open = (search) => { window.location = new URL(`http://127.0.0.1/robot/${search}`); writes.length = 0; };
const written = async () => { while (address.addressPending()) await new Promise((resolve) => setTimeout(resolve, 10)); };
const search = () => new URLSearchParams(window.location.search);
const DIVISOR = { name: 'divisor', label: 'Divisor', type: 'number' };
const KEYS = { name: 'keys', label: 'Keys', type: 'vector', max_len: 3 };

beforeEach(() => open(''));

test('address: every family reads back the value it wrote, under its own key', async () => {
  address.writeParams('scores', { divisor: 0.5 }, { divisor: 1 });
  address.write('lock', { instance: 'scores' }, ['divisor', 'keys']);
  address.write('hide', { instance: 'scores' }, ['keys']);
  address.write('program', { instance: 'scores' }, 'print("hello")\n');
  address.write('network', { slot: 'find/lookup' }, { seed: 3, lr: 0.01, epochs: 30, task: 'find' });
  await written();
  assert.deepEqual([...search().keys()].sort(),
    ['net.find/lookup', 'scores.divisor', 'scores.hide', 'scores.lock', 'scores.program']);
  assert.deepEqual(address.read('param', { instance: 'scores', name: 'divisor' }, { decl: DIVISOR }), { value: 0.5 });
  assert.deepEqual(address.read('lock', { instance: 'scores' }), { value: ['divisor', 'keys'] });
  assert.deepEqual(address.read('hide', { instance: 'scores' }), { value: ['keys'] });
  assert.deepEqual(await address.read('program', { instance: 'scores' }), { value: 'print("hello")\n' });
  assert.deepEqual(address.read('network', { slot: 'find/lookup' }, { what: 'x' }), { value: { seed: 3, lr: 0.01, epochs: 30 } });
});

test('address: a burst of changes across families is written once, with the last value of each', async () => {
  for (let k = 1; k <= 20; ++k) address.writeParams('run', { start_x: k, start_y: 5 }, { start_x: 0, start_y: 5 });
  address.write('program', { instance: 'run' }, 'x = 1\n');
  await written();
  assert.equal(writes.length, 1);
  assert.equal(search().get('run.start_x'), '20');
  assert.equal(search().has('run.start_y'), false, 'a value equal to the preset is left out');
});

test('address: going back to the lesson removes each family\'s key', async () => {
  open('?run.start_x=4&run.program=AAAA&run.lock=keys&net.find/lookup={"seed":1}&other=1');
  address.writeParams('run', { start_x: 0 }, { start_x: 0 });
  address.write('program', { instance: 'run' }, null);
  address.write('lock', { instance: 'run' }, []);
  address.write('network', { slot: 'find/lookup' }, null);
  await written();
  assert.equal(window.location.search, '?other=1');
});

test('address: a parameter past its limits is refused with the reason, and unknown names are named up to the limit', () => {
  const unknown = Array.from({ length: MAX_UNKNOWN_NAMED + 3 }, (_, i) => `&scores.typo${i}=1`).join('');
  open(`?scores.divisor=${'1'.repeat(MAX_VALUE_CHARS + 1)}&scores.keys=[1,2,3,4]&scores.lock=x&scores.program=A${unknown}`);
  const { values, problems } = address.readParams('scores', [DIVISOR, KEYS]);
  assert.deepEqual(values, {});
  assert.match(problems[0], /“Divisor” is too long to use \(4,097 characters; at most 4,096\)\. It was not used\./);
  assert.match(problems[1], /“Keys” has 4 numbers; this demo takes at most 3\./);
  assert.equal(problems.length, 2 + MAX_UNKNOWN_NAMED, 'lock and program are families of their own, not unknown settings');
  assert.match(problems[2], /sets “typo0”, which this demo does not have/);
});

test('address: a lock list, a program and a training past their limits each say why they were not used', async () => {
  open(`?s.lock=${'a,'.repeat(MAX_VALUE_CHARS)}&s.program=${'A'.repeat(MAX_PACKED_CHARS + 1)}&net.find/lookup=[1,2]`);
  assert.match(address.read('lock', { instance: 's' }).problem, /list of controls to lock is too long to read/);
  assert.match((await address.read('program', { instance: 's' })).problem, /too long to open \(over 64 KB packed\)/);
  assert.match(address.readNetworks((slot) => `The link's value for ${slot}`).get('find/lookup').problem,
    /^The link's value for find\/lookup could not be read: it should look like/);
});

test('address: the instances a link names leave out networks, and an embed carries only its instance\'s keys', () => {
  open('?a.x=1&net.find/lookup={}&b.lock=x&a.program=QQ&plain=1');
  assert.deepEqual(address.linkedInstances(), ['a', 'b']);
  assert.equal(address.instanceQuery('a'), '?a.x=1&a.program=QQ');
  assert.equal(address.instanceQuery('c'), '');
});

test('address: no two families write the same key for the same instance', () => {
  const id = { instance: 'x', name: 'divisor', slot: 'find/lookup' };
  const keys = Object.values(address.FAMILIES).map((family) => family.key(id));
  assert.equal(new Set(keys).size, keys.length);
});

test('address: a task sheet\'s query holds the values that differ from the preset and the names to lock and hide, and reads back', () => {
  const query = address.taskQuery('scores', { values: { divisor: 0.5, keys: [1, 2] }, preset: { divisor: 1, keys: [1, 2] }, locked: ['divisor'], hidden: ['keys'] });
  assert.equal(query, '?scores.divisor=0.5&scores.lock=divisor&scores.hide=keys');
  assert.deepEqual(address.readParams('scores', [DIVISOR, KEYS], query), { values: { divisor: 0.5 }, problems: [] });
  assert.deepEqual(address.read('lock', { instance: 'scores' }, {}, query), { value: ['divisor'] });
  assert.equal(window.location.search, '', 'reading a made link leaves the page\'s own address alone');
  assert.equal(address.taskQuery('scores', { values: { divisor: 1 }, preset: { divisor: 1 }, locked: [], hidden: [] }), '');
});

test('address: teacher mode is the key "teach", which no instance claims', () => {
  open('?teach&scores.divisor=2');
  assert.equal(address.has('teach', {}), true);
  assert.deepEqual(address.linkedInstances(), ['scores']);
  assert.deepEqual(address.readParams('scores', [DIVISOR]).problems, []);
});

test('address: the learner\'s address is this one without ?teach, with its other keys and its fragment', () => {
  window.location = new URL('http://127.0.0.1/robot/?teach&scores.divisor=2#scores');
  assert.equal(address.addressWithout('teach'), 'http://127.0.0.1/robot/?scores.divisor=2#scores');
  assert.equal(address.addressWithout('lock', { instance: 'scores' }), window.location.href, 'a key the address lacks changes nothing');
});

test('address: a page address takes the query it is given in place of its own, and a fragment only when asked', () => {
  window.location = new URL('http://127.0.0.1/course/lm/?teach&a.x=1#old');
  assert.equal(address.pageAddress('?s.lock=x'), 'http://127.0.0.1/course/lm/?s.lock=x');
  assert.equal(address.pageAddress(''), 'http://127.0.0.1/course/lm/');
  assert.equal(address.pageAddress(undefined, 'training'), 'http://127.0.0.1/course/lm/?teach&a.x=1#training');
  assert.equal(address.fragment(), 'old');
  assert.equal(address.besidePage('embed-a.html?a.x=1'), 'http://127.0.0.1/course/lm/embed-a.html?a.x=1');
});
