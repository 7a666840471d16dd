// scripts/new-lesson.sh makes a lesson that the site build accepts and publishes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../support/core.mjs';
import { buildLessons } from '../support/site-build.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

test('new lesson: the made lesson builds, with its number filled from the core and the module of its demo', () => {
  const lessons = scratchDir('attn-lessons-');
  execFileSync(path.join(ROOT, 'scripts/new-lesson.sh'), ['my-course', 'My course'], { env: { ...process.env, ATTN_LESSONS: lessons } });
  const meta = JSON.parse(fs.readFileSync(path.join(lessons, 'my-course/lesson.json'), 'utf8'));
  assert.equal(meta.order, 1);
  const { status, stderr, site } = buildLessons(lessons);
  assert.equal(status, 0, stderr);
  const page = fs.readFileSync(path.join(site, 'my-course/index.html'), 'utf8');
  assert.match(page, /data-num="first.row0_output">\[1\.802 0\.599\]</);
  assert.match(page, /<title>[^<]*My course/);
  // Its one demo is the block lesson's, so it loads the block lesson's module (web/modules.json).
  assert.match(page, /<main id="lesson" data-core="block"/);
});

test('new lesson: a name that is not an address is refused', () => {
  assert.throws(() => execFileSync(path.join(ROOT, 'scripts/new-lesson.sh'), ['My Course'], { stdio: 'pipe' }), /lower-case/);
});
