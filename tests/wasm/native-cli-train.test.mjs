// `attn train` refuses settings it cannot use and never writes weights from a
// training that diverged (issue 13, defects 7 and 8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../support/core.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

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
  const dir = scratchDir('attn-train-');
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

test('attn networks --json: lists every fixture and shipped weights file on disk, and train\'s usage names every network', () => {
  const run = spawnSync(CLI, ['networks', '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const table = JSON.parse(run.stdout);
  const names = table.map((e) => e.name);
  const fixtures = fs.readdirSync(path.join(ROOT, 'tests/fixtures/nn')).filter((f) => f.endsWith('.json'));
  assert.deepEqual(fixtures.map((f) => `tests/fixtures/nn/${f}`).sort(), table.map((e) => e.fixture).sort());
  const shipped = table.flatMap((e) => e.trained.filter((t) => t.weights).map((t) => t.weights))
    .filter((w) => w.startsWith('lessons/table/weights/'));
  const onDisk = fs.readdirSync(path.join(ROOT, 'lessons/table/weights')).filter((f) => /^[^.]+\.json$/.test(f));
  assert.deepEqual(onDisk.map((f) => `lessons/table/weights/${f}`).sort(), shipped.sort());
  const usage = spawnSync(CLI, ['train', '--bogus'], { encoding: 'utf8' });
  for (const e of table.filter((n) => n.input === 'table-scene')) {
    assert.ok(e.parameters > 0, `${e.name} builds`);
    assert.match(usage.stderr, new RegExp(`--model [a-z0-9|-]*\\b${e.name}\\b`), `train's usage names ${e.name}`);
  }
  assert.equal(new Set(names).size, names.length, 'names are unique');
});
