// What a learner keeps in this browser is never lost without a word (issue 20 item 8, issue 19 learner
// item 10 and teacher item 10): answers the page has no box for, a full storage, two copies of the site on
// one host, erasing that asks first, answers kept by lesson rather than by path, and an export that reads
// on its own (docs/progress-export.md). Every step goes through the page as a learner takes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSite } from '../support/site.mjs';
import { ROOT } from '../support/core.mjs';
import { serveFolder } from '../support/server.mjs';
import { demosReady, dialogAnswered, openPage } from '../support/browser.mjs';
import { injectAxe } from '../support/axe.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

const site = useSite();
const PHONE = { width: 390, height: 844 };
const lessonJson = (slug) => JSON.parse(fs.readFileSync(path.join(ROOT, 'lessons', slug, 'lesson.json'), 'utf8'));

/**
 * A blank page of the site's origin (answered by the test, never by the server; no script of the site runs
 * in it) through which a test sets what this browser keeps before the lesson opens: the lesson is then
 * loaded once, rather than opened, changed and reloaded.
 */
let keeper = null;
async function keepOnly(items) {
  if (!keeper) {
    keeper = await site.browser.context.newPage();
    await keeper.route('**/kept-by-the-test', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>kept</title>' }));
    await keeper.goto(`${site.server.url}kept-by-the-test`);
  }
  await keeper.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, Object.entries(items));
}

/**
 * A lesson page with nothing kept by an earlier test (one browser profile serves the whole file), or with
 * only `items` (key: text), as an earlier visit or version of the site left them; in `colorScheme` (the
 * system's setting) from its first paint when given.
 */
async function openClean(relative, viewport, items = {}, colorScheme = undefined) {
  await keepOnly(items);
  return site.open(relative, viewport, { colorScheme });
}

/** What this browser keeps, as the page's own storage holds it. */
const stored = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));

/** Clicks an export button and reads the file it saves. */
async function exported(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
}

/** Fills the origin's localStorage to the last character, as a browser full of other data would be. */
const fillStorage = (page) => page.evaluate(() => {
  let i = 0;
  for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
    const piece = 'x'.repeat(size);
    try { for (;;) localStorage.setItem(`filler ${i++}`, piece); } catch { /* full for this size: try a smaller piece */ }
  }
  // A new key costs its name too: lengthen one value until not one more character fits.
  let last = localStorage.getItem('filler 0');
  try { for (;;) localStorage.setItem('filler 0', (last += 'x')); } catch { /* full */ }
});

test('progress: an answer the page has no box for, or one that is not text, is kept, shown and in the export', async () => {
  // As an earlier version of the site, or of the lesson, left them: keyed by the page's path.
  const { page, problems } = await openClean('block/', undefined, { 'attn-answers:/block/': JSON.stringify({
    0: 'A row of zeros.', 1: { text: 'a newer version kept this as an object' }, 7: 'An answer to a question the lesson no longer has.',
  }) });
  const boxes = page.locator('.check textarea');
  assert.equal(await boxes.nth(0).inputValue(), 'A row of zeros.');
  assert.equal(await boxes.nth(1).inputValue(), '{"text":"a newer version kept this as an object"}');
  const earlier = page.locator('.earlier-answers');
  assert.match(await earlier.locator('h3').innerText(), /questions no longer in this lesson/);
  assert.equal(await earlier.locator('blockquote').innerText(), 'An answer to a question the lesson no longer has.');

  await boxes.nth(2).fill('Only the attention.');
  await page.reload();
  await demosReady(page);
  assert.equal(await page.locator('.earlier-answers blockquote').innerText(), 'An answer to a question the lesson no longer has.', 'still kept after another answer was written');
  const record = JSON.parse((await stored(page))['attn-progress:/block']);
  assert.deepEqual(record.answers.map((a) => a.answer), ['A row of zeros.', '{"text":"a newer version kept this as an object"}', 'Only the attention.',
    'An answer to a question the lesson no longer has.']);
  assert.equal((await stored(page))['attn-answers:/block/'], undefined, 'the old record was moved into the lesson\'s');

  const report = await exported(page, page.getByRole('button', { name: 'Export my progress (JSON)' }));
  assert.deepEqual(report.lessons.block.answers.at(-1), { number: 8, question: '', answer: 'An answer to a question the lesson no longer has.', earlier: true });

  // Erased only when the learner says so, after asking.
  await page.locator('.earlier-answers').getByRole('button', { name: /^Erase this answer/ }).click();
  await page.getByRole('alertdialog', { name: 'Erase this answer?' }).getByRole('button', { name: 'Erase it' }).click();
  await dialogAnswered(page);  // the erasing follows the dialog's close event, a task after the click
  assert.equal(await page.locator('.earlier-answers').count(), 0);
  assert.equal(JSON.parse((await stored(page))['attn-progress:/block']).answers.length, 3, 'the other answers stay');
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress: an answer follows its question\'s text when the lesson reorders or replaces its questions', async () => {
  const { page, problems } = await openClean('block/');
  const second = await page.locator('.check').nth(1).locator('p').first().innerText();
  await page.evaluate((question) => localStorage.setItem('attn-progress:/block', JSON.stringify({
    title: 'Inside the transformer block',
    answers: [{ number: 1, question, answer: 'Written when this was question 1.' },
      { number: 2, question: 'A question this lesson no longer asks?', answer: 'Its answer.' }],
    tried: [],
  })), second);
  await page.reload();
  await demosReady(page);
  assert.equal(await page.locator('.check textarea').nth(0).inputValue(), '');
  assert.equal(await page.locator('.check textarea').nth(1).inputValue(), 'Written when this was question 1.');
  assert.equal(await page.locator('.earlier-answers .earlier-question').innerText(), 'Question 2: A question this lesson no longer asks?');
  assert.equal(await page.locator('.earlier-answers blockquote').innerText(), 'Its answer.');
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress: /block/ and /block/index.html show the same answers and marks: they are kept by lesson', async () => {
  const { page, problems } = await openClean('block/');
  await page.locator('.check textarea').first().fill('The same answer wherever the page is opened from.');
  await page.locator('input[data-tried="stack"]').check();
  await page.goto(`${site.server.url}block/index.html`);
  await demosReady(page);
  assert.equal(await page.locator('.check textarea').first().inputValue(), 'The same answer wherever the page is opened from.');
  assert.equal(await page.locator('input[data-tried="stack"]').isChecked(), true);
  assert.deepEqual(Object.keys(await stored(page)), ['attn-progress:/block']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress: the same lesson open in two tabs: an answer or a mark made in one is not written over by the other', async () => {
  const { page: first, problems } = await openClean('block/');
  const { page: second, problems: secondProblems } = await site.open('block/');
  await first.locator('.check textarea').first().fill('Typed in the first tab.');
  await first.locator('input[data-tried="stack"]').check();
  await second.waitForFunction(() => document.querySelector('.check textarea').value === 'Typed in the first tab.');
  assert.equal(await second.locator('input[data-tried="stack"]').isChecked(), true);
  await second.locator('.check textarea').nth(1).fill('Typed in the second tab.');
  await first.reload();
  await demosReady(first);
  assert.equal(await first.locator('.check textarea').nth(0).inputValue(), 'Typed in the first tab.');
  assert.equal(await first.locator('.check textarea').nth(1).inputValue(), 'Typed in the second tab.');
  assert.equal(await first.locator('input[data-tried="stack"]').isChecked(), true);
  assert.deepEqual([...problems, ...secondProblems], []);
  await second.close();
  await first.close();
});

test('progress: the export carries the learner\'s name, each lesson\'s title, each question\'s text and each demo\'s title, in the format docs/progress-export.md documents', async () => {
  const { page, problems } = await openClean('attention/');
  await page.locator('.check textarea').first().fill('A 6 × 6 table; each row adds up to 1.');
  await page.goto(`${site.server.url}robot/`);
  await demosReady(page);
  await page.locator('.check textarea').nth(4).fill('So that a score compares shapes, not raw centimetres.');
  await page.locator('input[data-tried]').first().check();
  const firstDemo = page.locator('.demo[data-demo]').first();
  const demoTitle = await firstDemo.locator('legend').first().innerText();
  await page.getByLabel(/Your name, for your teacher/).fill('Ada Lovelace');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export my progress (JSON)' }).click()]);
  assert.equal(download.suggestedFilename(), 'progress-Ada-Lovelace.json', 'the file is named after the learner');
  const report = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));

  assert.equal(report.format, 'attention-lessons-progress');
  assert.equal(report.version, 3);
  assert.equal(report.learner, 'Ada Lovelace');
  assert.equal(report.site, site.server.url);
  assert.deepEqual(Object.keys(report.lessons).sort(), ['attention', 'robot']);
  assert.equal(report.lessons.attention.title, lessonJson('attention').title);
  assert.equal(report.lessons.robot.title, lessonJson('robot').title);
  assert.deepEqual(report.lessons.attention.answers, [{
    number: 1,
    question: 'A sequence has 6 tokens. For one head, what shape does the attention weight matrix have, and what does each of its rows add up to?',
    answer: 'A 6 × 6 table; each row adds up to 1.',
  }]);
  assert.equal(report.lessons.robot.answers[0].number, 5);
  assert.equal(report.lessons.robot.answers[0].question,
    'Why are the readings turned into \\((x - 50)/25\\) before the dot products? Think about what the scores would reward with raw centimetres.',
    'typeset maths is exported as its TeX');
  assert.deepEqual(report.lessons.robot.tried, [{ instance: await firstDemo.getAttribute('data-instance'), title: demoTitle }]);

  // The printable page says the same, in words, styled as the site is, with the date in words.
  const [printablePage] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Printable page' }).click()]);
  // The window opens blank at the press and is written once its code has been fetched: read it after its heading.
  assert.equal(await printablePage.locator('h1').innerText(), 'Progress of Ada Lovelace');
  const words = await printablePage.locator('body').innerText();
  assert.match(words, new RegExp(lessonJson('attention').title));
  assert.match(words, /Question 1\s+A sequence has 6 tokens\./);
  assert.match(words, /A 6 × 6 table; each row adds up to 1\./);
  assert.match(words, new RegExp(`Demos tried\\s+${demoTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.doesNotMatch(words, /\d{4}-\d\d-\d\dT/, 'no ISO timestamp');
  assert.match(words, /Exported on \d{1,2} [A-Z][a-z]+ \d{4}/);
  await printablePage.waitForFunction(() => [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => link.sheet));
  assert.equal(await printablePage.locator('header.site').evaluate((h) => getComputedStyle(h).borderBottomStyle), 'solid', 'the site\'s stylesheet applies');
  await printablePage.close();

  // The documented example has the same fields as a real export, at every level.
  const doc = fs.readFileSync(path.join(ROOT, 'docs/progress-export.md'), 'utf8');
  const example = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(doc)[1]);
  const fields = (o) => Object.keys(o).sort();
  assert.deepEqual(fields(report), fields(example).filter((k) => k !== 'unread'));
  assert.deepEqual(fields(report.lessons.robot), fields(example.lessons.block));
  assert.deepEqual(fields(report.lessons.robot.answers[0]), fields(example.lessons.block.answers[0]));
  assert.deepEqual(fields(report.lessons.robot.tried[0]), fields(example.lessons.block.tried[0]));
  for (const field of [...fields(example), ...fields(example.lessons.block), ...fields(example.lessons.block.answers[1])]) {
    assert.ok(doc.includes(`| \`${field}\``) || doc.includes(`\`lessons.*.${field}\``) || doc.includes(`\`answers[].${field}\``), `docs explain ${field}`);
  }
  for (const field of fields(example.lessons.block.tried[0])) assert.ok(doc.includes(`\`tried[].${field}\``), `docs explain tried[].${field}`);
  await page.getByLabel(/Your name, for your teacher/).fill(''); // the next test's exports carry no name
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress: with the browser\'s storage full, an "I tried this" mark and the theme say so once, and the export offered there has what the page shows', async () => {
  const { page, problems } = await openClean('block/');
  await page.locator('.check textarea').first().fill('Kept before the storage filled up.');
  await fillStorage(page);
  await page.locator('input[data-tried="stack"]').check();
  const note = page.getByRole('alert').filter({ hasText: 'storage' });
  await note.waitFor();
  assert.match(await note.innerText(), /storage for these lessons is full/);
  assert.match(await note.innerText(), /not being kept/);
  await page.getByLabel('Theme').selectOption('dark');
  await page.locator('.check textarea').nth(1).fill('Typed once the storage was full.');
  assert.equal(await page.locator('.not-kept').count(), 1, 'said once');
  assert.match(await page.locator('.check .answer-note').nth(1).innerText(), /not being kept/);

  const report = await exported(page, note.getByRole('button', { name: 'Export my progress (JSON)' }));
  assert.deepEqual(report.lessons.block.tried.map((t) => t.instance), ['stack'], 'the mark the browser could not keep is in the export');
  assert.deepEqual(report.lessons.block.answers.map((a) => a.answer), ['Kept before the storage filled up.', 'Typed once the storage was full.']);
  assert.equal(report.theme, 'dark');
  await note.getByRole('button', { name: 'Close this note' }).click();
  await page.locator('input[data-tried="stack"]').uncheck();
  assert.equal(await page.locator('.not-kept').count(), 0, 'a closed note does not come back');
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(problems, []);
  await page.close();
});

test('theme: with the browser\'s storage full, choosing a theme on the list of lessons says it is not kept', async () => {
  const { page, problems } = await site.open('', undefined, { demos: false });
  await page.evaluate(() => localStorage.clear());
  await fillStorage(page);
  await page.getByLabel('Theme').selectOption('light');
  assert.match(await page.getByRole('alert').filter({ hasText: 'storage' }).innerText(), /storage for these lessons is full/);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light', 'the choice still holds on this page');
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress: erasing everything on one copy of the site leaves another copy\'s answers on the same host', async () => {
  // Two copies of the site on one host, under /a/ and /b/.
  const hosts = scratchDir('attn-two-copies-');
  for (const copy of ['a', 'b']) fs.symlinkSync(path.join(ROOT, 'site'), path.join(hosts, copy));
  const server = await serveFolder(hosts);
  try {
    const { page, problems } = await openPage(site.browser.context, `${server.url}a/block/`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await demosReady(page);
    await page.locator('.check textarea').first().fill('Copy a\'s answer.');
    // And one that an older version of copy a kept by its path.
    await page.evaluate(() => localStorage.setItem('attn-answers:/a/attention/', JSON.stringify({ 0: 'Copy a\'s older answer.' })));

    await page.goto(`${server.url}b/block/`);
    await demosReady(page);
    assert.equal(await page.locator('.check textarea').first().inputValue(), '', 'each copy keeps its own answers');
    await page.locator('.check textarea').first().fill('Copy b\'s answer.');
    await page.locator('input[data-tried="stack"]').check();
    const report = await exported(page, page.getByRole('button', { name: 'Export my progress (JSON)' }));
    assert.equal(report.site, `${server.url}b/`);
    assert.deepEqual(Object.keys(report.lessons), ['block'], 'copy b exports its own progress only');
    assert.equal(report.lessons.block.address, `${server.url}b/block/`);
    assert.deepEqual(report.lessons.block.answers.map((a) => a.answer), ['Copy b\'s answer.']);
    await page.getByRole('button', { name: 'Erase all my answers and marks…' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Erase all your answers and marks?' });
    assert.match(await ask.innerText(), /1 answer and 1 "I tried this" mark in 1 lesson/);
    await ask.getByRole('button', { name: 'Erase them all' }).click();
    await dialogAnswered(page);
    assert.equal(await page.locator('.check textarea').first().inputValue(), '');
    assert.deepEqual(Object.keys(await stored(page)), ['attn-answers:/a/attention/', 'attn-progress:/a/block']);

    await page.goto(`${server.url}a/block/`);
    await demosReady(page);
    assert.equal(await page.locator('.check textarea').first().inputValue(), 'Copy a\'s answer.');
    await page.goto(`${server.url}a/attention/`);
    await demosReady(page);
    assert.equal(await page.locator('.check textarea').first().inputValue(), 'Copy a\'s older answer.');
    await page.evaluate(() => localStorage.clear());
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    server.close();
    fs.rmSync(hosts, { recursive: true, force: true });
  }
});

test('progress: "Erase all my answers and marks" says what it will erase and asks first; Escape keeps everything (keyboard only)', async () => {
  const { page, problems } = await openClean('block/');
  await page.locator('.check textarea').first().fill('Worth keeping.');
  await page.locator('input[data-tried="stack"]').check();
  await page.getByLabel('Theme').selectOption('dark');
  const eraseAll = page.getByRole('button', { name: 'Erase all my answers and marks…' });
  await eraseAll.focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: 'Erase all your answers and marks?' });
  await ask.waitFor();
  assert.match(await ask.innerText(), /This erases 1 answer and 1 "I tried this" mark in 1 lesson from this browser/);
  assert.match(await ask.innerText(), /theme choice stays/);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Keep them', 'the safe choice has the focus');
  await page.keyboard.press('Escape');
  await dialogAnswered(page);
  assert.equal(await ask.count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Erase all my answers and marks…', 'focus is back on the button');
  assert.equal(await page.locator('.check textarea').first().inputValue(), 'Worth keeping.');
  assert.ok((await stored(page))['attn-progress:/block'].includes('Worth keeping.'), 'Escape erased nothing');

  await page.keyboard.press('Enter');
  await ask.waitFor();
  await page.keyboard.press('Tab'); // from "Keep them" to "Erase them all"
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Erase them all');
  await page.keyboard.press('Enter');
  await dialogAnswered(page);
  assert.equal(await ask.count(), 0);
  assert.equal(await page.locator('.check textarea').first().inputValue(), '');
  assert.equal(await page.locator('input[data-tried="stack"]').isChecked(), false);
  assert.match(await page.locator('.progress-status').innerText(), /were erased/);
  assert.deepEqual(await stored(page), { 'attn-theme': 'dark' }, 'answers and marks are gone; the theme stays');
  await page.getByLabel('Theme').selectOption('system');
  assert.deepEqual(problems, []);
  await page.close();
});

test('knowledge checks: "Erase this answer" under question 1 asks first and erases question 1\'s answer only', async () => {
  const { page, problems } = await openClean('block/', PHONE);
  const boxes = page.locator('.check textarea');
  await boxes.nth(0).fill('The first answer.');
  await boxes.nth(1).fill('The second answer.');
  await page.locator('.check').first().getByRole('button', { name: /^Erase this answer/ }).click();
  const ask = page.getByRole('alertdialog', { name: 'Erase your answer to Question 1?' });
  assert.match(await ask.innerText(), /"The first answer\." will be removed from this page and from this browser\. Your other answers stay\./);
  // At 390 px the question fits the screen.
  const box = await ask.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the dialog is ${box.width} px wide at ${box.x}`);
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await dialogAnswered(page);
  assert.equal(await boxes.nth(0).inputValue(), 'The first answer.');

  await page.locator('.check').first().getByRole('button', { name: /^Erase this answer/ }).click();
  await ask.getByRole('button', { name: 'Erase it' }).click();
  await dialogAnswered(page);  // the erasing follows the dialog's close event, a task after the click
  assert.equal(await boxes.nth(0).inputValue(), '');
  assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('.check textarea')), true, 'focus goes to the emptied box');
  await page.reload();
  await demosReady(page);
  assert.equal(await boxes.nth(0).inputValue(), '');
  assert.equal(await boxes.nth(1).inputValue(), 'The second answer.');
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress: a kept record that is not JSON, deeply nested, of the wrong shape or too large to read is neither trusted nor lost', async () => {
  const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`; // (where JSON.stringify cannot write it back, the whole record is kept as text)
  const { page, problems } = await openClean('block/', undefined, {
    'attn-progress:/block': 'half a record {"answers": [',
    'attn-answers:/block/index.html': `{"2": ${nested}}`,
    'attn-progress:/robot': '{"answers": "not a list"}',
    'attn-progress:/table': `"${'x'.repeat(4_000_001)}"`,
  });
  assert.deepEqual(await page.locator('.earlier-answers blockquote').allInnerTexts(), ['half a record {"answers": ['], 'kept as text, shown');
  assert.equal(await page.locator('.check textarea').nth(2).inputValue(), nested, 'a value that is not text, as its JSON');
  await page.locator('.check textarea').first().fill('A new answer.');
  const kept = await stored(page);
  const answers = JSON.parse(kept['attn-progress:/block']).answers.map((a) => a.answer);
  assert.ok(answers.includes('half a record {"answers": [') && answers.includes(nested), 'both kept, whole');
  assert.equal(kept['attn-answers:/block/index.html'], undefined, 'moved into the lesson\'s record');
  assert.equal(kept['attn-progress:/table'].length, 4_000_003, 'the record too large to read is left as it was');
  const report = await exported(page, page.getByRole('button', { name: 'Export my progress (JSON)' }));
  assert.deepEqual(report.unread, [{ key: 'attn-progress:/table', characters: 4_000_003 }]);
  assert.deepEqual(report.lessons.robot.answers, [{ number: null, question: '', answer: '{"answers": "not a list"}', earlier: true }]);

  // On the lesson whose record is too large to read, an answer is not written over it, and the page says so.
  await page.goto(`${site.server.url}table/`);
  await demosReady(page);
  await page.locator('.check textarea').first().fill('Typed over a record too large to read.');
  assert.match(await page.getByRole('alert').filter({ hasText: 'too large to read' }).innerText(), /not being kept/);
  assert.equal((await stored(page))['attn-progress:/table'].length, 4_000_003);

  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress: 50,000 kept answers for one lesson open the page at once: 50 are drawn, the export has every one', async () => {
  const { page, problems } = await openClean('attention/', undefined, { 'attn-progress:/attention':
    JSON.stringify({ answers: Array.from({ length: 50_000 }, (_, i) => ({ answer: `answer ${i}` })) }) });
  assert.equal(await page.locator('.earlier-answers li').count(), 50);
  assert.match(await page.locator('.earlier-answers').innerText(), /And 49950 more, in your exported progress\./);
  await page.locator('.check textarea').first().fill('One more.');
  const report = await exported(page, page.getByRole('button', { name: 'Export my progress (JSON)' }));
  assert.equal(report.lessons.attention.answers.length, 50_001);
  assert.equal(await page.locator('.not-kept').count(), 0, 'kept: the storage holds them');
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(problems, []);
  await page.close();
});

/** What axe finds wrong on the page now (target-size on, as tests/browser/accessibility.test.mjs asks). */
async function violations(page) {
  await injectAxe(page);
  const found = await page.evaluate(async () => (await window.axe.run(document, {
    resultTypes: ['violations'], rules: { 'target-size': { enabled: true } },
  })).violations);
  return found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(' ')}`));
}

for (const [width, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', PHONE]]) {
  for (const theme of ['light', 'dark']) {
    test(`accessibility, ${width} (${viewport.width} px), ${theme}: the earlier answers, the question before erasing and the full-storage note pass axe and fit the screen`, async () => {
      const { page, problems } = await openClean('block/', viewport,
        { 'attn-answers:/block/': JSON.stringify({ 0: 'A row of zeros.', 6: 'An answer to a question the lesson no longer has.' }) }, theme);
      const fits = (locator) => locator.evaluate((e) => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth && e.scrollWidth <= e.clientWidth; });
      assert.ok(await fits(page.locator('.earlier-answers')), 'the earlier answers fit');
      assert.deepEqual(await violations(page), [], 'with an earlier answer shown');

      await page.locator('.check').first().getByRole('button', { name: /^Erase this answer/ }).click();
      const ask = page.getByRole('alertdialog');
      assert.ok(await fits(ask), 'the question fits');
      assert.deepEqual(await violations(page), [], 'with the question open');
      await page.keyboard.press('Escape');

      await fillStorage(page);
      await page.locator('input[data-tried="stack"]').check();
      const note = page.locator('.not-kept');
      assert.ok(await fits(note), 'the note fits');
      assert.deepEqual(await violations(page), [], 'with the full-storage note');
      await page.evaluate(() => localStorage.clear());
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
}
