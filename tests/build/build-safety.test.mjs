// A build that cannot take the site down: scripts/build-site.mjs builds beside the served folder and
// replaces it only when it succeeds; it names the line of web/modules.json whose module is not built;
// and scripts/build.sh still configures its build trees after the project folder is copied or moved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../support/core.mjs';
import { declaredModules, moduleFiles, WASM_DIR } from '../../scripts/core-modules.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

const scratch = (name) => scratchDir(`attn-${name}-`);

/** The site build of the lessons in `folder` into `site`, with `env` besides. */
function buildInto(folder, site, env = {}) {
  return spawnSync('node', ['scripts/build-site.mjs'], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, ATTN_LESSONS: folder, ATTN_SITE: site, ...env },
  });
}

/** A site folder that is being served: one page, and a stylesheet a failed build must not take away. */
function servedSite() {
  const site = path.join(scratch('served'), 'site');
  fs.mkdirSync(path.join(site, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(site, 'index.html'), '<p>the site being served</p>');
  fs.writeFileSync(path.join(site, 'assets/style.css'), 'body { color: black; }');
  return site;
}

test('build: a failed site build leaves the served site as it was, and nothing beside it', () => {
  const site = servedSite();
  const run = buildInto('tests/build/fixtures/unknown-demo', site);
  assert.equal(run.status, 1, run.stderr);
  assert.equal(fs.readFileSync(path.join(site, 'index.html'), 'utf8'), '<p>the site being served</p>');
  assert.equal(fs.readFileSync(path.join(site, 'assets/style.css'), 'utf8'), 'body { color: black; }');
  assert.deepEqual(fs.readdirSync(path.dirname(site)), ['site']);
});

test('build: a successful site build replaces the served site whole, with the programs its demos open', () => {
  const site = servedSite();
  const run = buildInto('tests/build/fixtures/program-not-in-data', site);
  assert.equal(run.status, 0, run.stderr);
  assert.match(fs.readFileSync(path.join(site, 'index.html'), 'utf8'), /A lesson with a program/);
  assert.ok(fs.existsSync(path.join(site, 'program/index.html')));
  // data-program="guess" is shipped beside the page though lesson.json's "data" does not list it.
  assert.ok(fs.existsSync(path.join(site, 'program/programs/guess.py')));
  assert.deepEqual(fs.readdirSync(path.dirname(site)), ['site']);
});

test('build: a module of web/modules.json that is not built stops the build at its line', () => {
  const [missing] = [...declaredModules().keys()].slice(-1);
  const wasm = scratch('wasm');
  for (const name of declaredModules().keys()) {
    if (name === missing) continue;
    for (const file of moduleFiles(name)) fs.symlinkSync(path.join(WASM_DIR, file), path.join(wasm, file));
  }
  const run = buildInto('tests/build/fixtures/unknown-demo', scratch('site'), { ATTN_WASM: wasm });
  assert.equal(run.status, 1, run.stderr);
  const list = fs.readFileSync(path.join(ROOT, 'web/modules.json'), 'utf8').split('\n');
  const line = list.findIndex((l) => l.includes(`"${missing}":`)) + 1;
  assert.ok(run.stderr.includes(`web/modules.json:${line}: the module "${missing}" is not built yet`), run.stderr);
  assert.match(run.stderr, /run scripts\/build\.sh/);
});

// The files a native configure reads, copied into `folder` as a project of its own.
function copyProject(folder) {
  for (const part of ['CMakeLists.txt', 'cmake', 'core', 'cli', 'tests/core', 'tests/fuzz', 'web/modules.json', 'web/bindings.cpp', 'scripts/build.sh']) {
    fs.cpSync(path.join(ROOT, part), path.join(folder, part), { recursive: true });
  }
}

/** build.sh's configure step for the native tree, run in `folder` (the script sourced for its functions). */
const configureNative = (folder) => spawnSync('bash', ['-c', 'source scripts/build.sh && configure build/native configure.log cmake'],
  { cwd: folder, encoding: 'utf8' });

const cacheHome = (folder) => fs.readFileSync(path.join(folder, 'build/native/CMakeCache.txt'), 'utf8')
  .match(/^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$/m)[1];

test('build.sh: the native tree configures and builds again after the project folder is copied, then moved, and a linked tree is left alone', () => {
  const first = path.join(scratch('project'), 'attn');
  copyProject(first);
  let run = configureNative(first);
  assert.equal(run.status, 0, run.stdout + run.stderr);

  const copy = path.join(scratch('copied'), 'attn');
  fs.cpSync(first, copy, { recursive: true });
  // What build.sh used to run, and what CMake says to it (the platform notes: "CMake remembers the source folder").
  const plain = spawnSync('cmake', ['-S', '.', '-B', 'build/native', '-G', 'Ninja'], { cwd: copy, encoding: 'utf8' });
  assert.notEqual(plain.status, 0);
  run = configureNative(copy);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /was configured for .*; configuring it again/);
  assert.equal(cacheHome(copy), fs.realpathSync(copy));

  const moved = path.join(scratch('moved'), 'attn');
  fs.renameSync(copy, moved);
  run = configureNative(moved);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.equal(cacheHome(moved), fs.realpathSync(moved));
  // The build it configured runs: every step planned (a dry run), and one file of the core compiled
  // for real (the whole core would take minutes).
  const dry = spawnSync('ninja', ['-C', 'build/native', '-n'], { cwd: moved, encoding: 'utf8' });
  assert.equal(dry.status, 0, dry.stdout + dry.stderr);
  const one = spawnSync('ninja', ['-C', 'build/native', 'CMakeFiles/attn_demo.dir/core/demo/prose.cpp.o'], { cwd: moved, encoding: 'utf8' });
  assert.equal(one.status, 0, one.stdout + one.stderr);

  // A project whose build/native is a link to that tree (a worktree sharing it) leaves it to its project.
  const sharing = path.join(scratch('sharing'), 'attn');
  copyProject(sharing);
  fs.mkdirSync(path.join(sharing, 'build'));
  fs.symlinkSync(path.join(moved, 'build/native'), path.join(sharing, 'build/native'));
  configureNative(sharing);
  assert.equal(cacheHome(moved), fs.realpathSync(moved));
  for (const folder of [first, moved, sharing]) fs.rmSync(path.dirname(folder), { recursive: true, force: true });
});
