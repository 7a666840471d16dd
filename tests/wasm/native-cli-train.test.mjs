// `attn train` refuses settings it cannot use and never writes weights from a
// training that diverged (issue 13, defects 7 and 8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../support/core.mjs';

const CLI = path.join(ROOT, 'build/native/attn');
const train = (...flags) => spawnSync(CLI, ['train', '--task', 'find', '--model', 'lookup', '--quiet', ...flags],
  { encoding: 'utf8' });

test('attn train: a seed, rate or epoch count that is not a finite whole number in range is refused', () => {
  for (const [flag, value] of [['--seed', '1e19'], ['--seed', 'nan'], ['--seed', '-1'], ['--seed', '2.5'],
    ['--epochs', 'nan'], ['--epochs', 'inf'], ['--epochs', '1e10'], ['--lr', 'nan'], ['--lr', 'inf']]) {
    const run = train(flag, value);
    assert.equal(run.status, 1, `${flag} ${value}: ${run.stderr}`);
    assert.match(run.stderr, new RegExp(`^error \\(${flag.slice(2)}\\): `), `${flag} ${value}`);
    assert.equal(run.stdout, '', `${flag} ${value} trains nothing`);
  }
});

test('attn train: a rate that diverges exits non-zero, says so, and writes no weights file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attn-train-'));
  for (const rate of ['1', '1000', '1e38']) {
    const out = path.join(dir, `lr-${rate}.json`);
    const run = train('--lr', rate, '--epochs', '1', '--out', out);
    assert.equal(run.status, 1, `rate ${rate}: ${run.stderr}`);
    assert.match(run.stderr, /smaller learning rate/);
    assert.ok(!fs.existsSync(out), `rate ${rate} wrote ${out}`);
    const result = JSON.parse(run.stdout);
    assert.equal(result.failed, true);
    for (const key of ['final_epoch_loss', 'miss_cm_4', 'miss_cm_6']) {
      assert.ok(Number.isFinite(result[key]), `rate ${rate}: ${key} is ${result[key]} (the kept weights' figure)`);
    }
  }
  fs.rmSync(dir, { recursive: true });
});
