// The learner's export (web/runtime/progress.js, docs/progress-export.md) is what the class page reads
// (class-files.js): everything this copy keeps, this page's boxes as they are now, under a file name that
// tells learners apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';
import { MemoryStorage } from '../support/memory-storage.mjs';

globalThis.localStorage = new MemoryStorage();
const store = localStorage.map;
const { ROOT, recordKey } = await import('../../web/runtime/kept.js');
const { document, window } = parseHTML(`<html><body><main><h1>Inside the block</h1>
  <div class="check"><p>What does a residual add?</p><textarea>the input</textarea></div>
  <input type="checkbox" data-tried="stack" data-title="Stacking" checked>
  <input class="learner-name" value="  Zoë  "></main></body></html>`);
globalThis.document = document;
document.querySelector("input[data-tried]").checked = true;  // linkedom has no "checked" property for the attribute
globalThis.window = window;
globalThis.location = { pathname: `${ROOT}block/` };
store.set(recordKey('robot'), JSON.stringify({ title: 'Robot', answers: [{ number: 1, question: 'Why?', answer: 'because' }], tried: [] }));
const { exportFileName, progressReport } = await import('../../web/runtime/progress.js');
const { readProgress } = await import('../../web/runtime/class-files.js');

test('progress: the export holds every lesson kept and this page as it is now, and the class page reads it back', () => {
  const report = progressReport();
  assert.equal(report.learner, 'Zoë');
  assert.deepEqual(Object.keys(report.lessons), ['block', 'robot']);
  const read = readProgress(JSON.stringify(report), 'zoe.json');
  assert.equal(read.ok, true);
  assert.equal(read.learner, 'Zoë');
  assert.deepEqual(read.lessons.get('block'), {
    title: 'Inside the block',
    answers: [{ number: 1, question: 'What does a residual add?', answer: 'the input', earlier: false }],
    tried: [{ instance: 'stack', title: 'Stacking' }],
  });
  assert.deepEqual(read.lessons.get('robot').answers, [{ number: 1, question: 'Why?', answer: 'because', earlier: false }]);
});

test('progress: the file is named after the learner in plain letters, or "my-progress" without a name', () => {
  assert.equal(exportFileName('Zoë Ünal'), 'progress-Zoe-Unal.json');
  assert.equal(exportFileName('../../etc/passwd'), 'progress-etc-passwd.json');
  assert.equal(exportFileName('  '), 'my-progress.json');
  assert.equal(exportFileName(undefined), 'my-progress.json');
});
