// The core's layers are checked by the build (docs/architecture.md): each folder of core/ is a layer,
// each layer is compiled within an include root that holds only itself and the layers below, so an
// include of a layer above is refused by the compiler. Reads the native build's compile commands
// (build/native/compile_commands.json, written by scripts/build.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../support/core.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

const NATIVE = path.join(ROOT, 'build/native');
const CORE = path.join(ROOT, 'core');

/** CORE_LAYERS of CMakeLists.txt, lowest first. */
function declaredLayers() {
  const cmake = fs.readFileSync(path.join(ROOT, 'CMakeLists.txt'), 'utf8');
  const match = cmake.match(/^set\(CORE_LAYERS ([a-z_ ]+)\)$/m);
  assert.ok(match, 'CMakeLists.txt declares set(CORE_LAYERS ...)');
  return match[1].trim().split(/\s+/);
}

/** The order docs/architecture.md gives, "base → math → ...". */
function documentedLayers() {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const line = doc.split('\n').find((l) => /^[a-z_]+( → [a-z_]+)+$/.test(l.trim()));
  assert.ok(line, 'docs/architecture.md gives the layers as one line "base → math → ..."');
  return line.trim().split(' → ');
}

const coreFolders = () => fs.readdirSync(CORE, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** Every file under `dir` whose name ends with one of `endings`, as paths relative to core/. */
function filesUnder(dir, endings) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, endings));
    else if (endings.some((e) => entry.name.endsWith(e))) out.push(path.relative(CORE, full));
  }
  return out.sort();
}

/** The words of a shell command line (double and single quotes; no other shell syntax is in it). */
const words = (command) => [...command.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)]
  .map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2] ?? m[3]));

let compileCommands;
/** The compiler and flags that compile a .cpp of `layer`'s library (attn_<layer>), without its source and output. */
function layerCompiler(layer) {
  if (!compileCommands) {
    const file = path.join(NATIVE, 'compile_commands.json');
    assert.ok(fs.existsSync(file), `${file} is missing: build natively first (scripts/build.sh)`);
    compileCommands = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  const entry = compileCommands.find((c) => c.file.startsWith(path.join(CORE, layer) + path.sep) &&
    (c.output ?? c.command).includes(`attn_${layer}.dir`));
  assert.ok(entry, `build/native compiles no file of core/${layer}/ for attn_${layer}`);
  const argv = entry.arguments ?? words(entry.command);
  const args = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '-o' || argv[i] === '-c') i += 1;  // the object and the source
    else args.push(argv[i]);
  }
  if (path.basename(args[0]) === 'ccache') args.shift();
  return { compiler: args[0], flags: args.slice(1), cwd: entry.directory };
}

const scratch = scratchDir('attn-layers-');
/** Compiles (mode '-fsyntax-only') or preprocesses (mode '-E') one line of C++ with `layer`'s own flags. */
function compileIn(layer, line, mode) {
  const { compiler, flags, cwd } = layerCompiler(layer);
  const source = path.join(scratch, `${layer}-probe.cpp`);
  fs.writeFileSync(source, `${line}\n`);
  const out = mode === '-E' ? ['-o', os.devNull] : [];
  return spawnSync(compiler, [...flags, mode, ...out, source], { cwd, encoding: 'utf8' });
}

/** The layer's smallest header (the quickest to read), as the code includes it ("base/error.hpp"). */
const smallHeader = (layer) => filesUnder(path.join(CORE, layer), ['.hpp'])
  .map((file) => ({ file, size: fs.statSync(path.join(CORE, file)).size }))
  .sort((a, b) => a.size - b.size || a.file.localeCompare(b.file))[0].file;

test('layers: every folder of core/ is a layer, in the one order CMakeLists.txt and docs/architecture.md give', () => {
  const layers = declaredLayers();
  assert.deepEqual(documentedLayers(), layers);
  assert.equal(new Set(layers).size, layers.length, 'no layer twice');
  assert.deepEqual([...layers].sort(), coreFolders(), 'each folder of core/ is a layer and each layer a folder');
});

test("layers: each layer's include root holds links to its own folder and the layers' below, nothing else", () => {
  const layers = declaredLayers();
  layers.forEach((layer, i) => {
    const root = path.join(NATIVE, 'layers', layer);
    const entries = fs.readdirSync(root).sort();
    assert.deepEqual(entries, layers.slice(0, i + 1).sort(), `build/native/layers/${layer}`);
    for (const folder of entries) assert.equal(fs.realpathSync(path.join(root, folder)), fs.realpathSync(path.join(CORE, folder)));
  });
});

test('layers: an include of a layer above is refused in every layer below it ("file not found"), an include of its own compiles', () => {
  const layers = declaredLayers();
  const top = layers.at(-1);
  for (const [i, layer] of layers.slice(0, -1).entries()) {
    const own = compileIn(layer, `#include "${smallHeader(layer)}"`, '-E');
    assert.equal(own.status, 0, `core/${layer}/ includes its own ${smallHeader(layer)}:\n${own.stderr}`);
    for (const above of new Set([layers[i + 1], top])) {
      const header = smallHeader(above);
      const run = compileIn(layer, `#include "${header}"  // upward, on purpose`, '-fsyntax-only');
      assert.notEqual(run.status, 0, `core/${layer}/ could include ${header}, a layer above it`);
      assert.match(run.stderr, /file not found|No such file or directory/, run.stderr);
      assert.ok(run.stderr.includes(header), run.stderr);
    }
  }
});

test('layers: no file of the core includes by a relative path ("../"), which would step past its include root', () => {
  const relative = [];
  for (const file of filesUnder(CORE, ['.hpp', '.cpp'])) {
    fs.readFileSync(path.join(CORE, file), 'utf8').split('\n').forEach((line, i) => {
      if (/^\s*#\s*include\s*"[^"]*\.\.\//.test(line)) relative.push(`core/${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(relative, []);
});

test.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
