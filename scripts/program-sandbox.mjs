// The site's Content-Security-Policy and the sandbox the learner's programs run in
// (web/runtime/programs/worker-client.js, program-frame.js, program-worker.js):
//   - the frame's document (assets/program-frame.json, set as the frame's srcdoc by the page, so it
//     works offline: a sandboxed frame's own requests bypass the service worker), allowed by its hash;
//   - the worker, bundled with MicroPython and the programs' core into one classic script, since a
//     worker started in an opaque origin from a blob can be no module; MicroPython's memory capped;
//   - the policy every page carries as a <meta> (docs/programs.md, "Content-Security-Policy").
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import * as esbuild from 'esbuild';

// The most memory a program's MicroPython may grow to (its WebAssembly memory, heap and all); past it a
// program gets MemoryError, and the page gives the memory back by starting a new worker [bytes].
export const PYTHON_MEMORY_BYTES = 128 * 1024 * 1024;

/** The frame's script, minified, its document and the hash the pages' policy allows it by. */
export function programFrame(root) {
  const source = fs.readFileSync(path.join(root, 'web/runtime/programs/program-frame.js'), 'utf8');
  const script = esbuild.transformSync(source, { minify: true, target: 'es2020' }).code.trim();
  const hash = `sha256-${crypto.createHash('sha256').update(script).digest('base64')}`;
  // Added to the page's policy, which the frame inherits: no request of any kind, no script but this one.
  const policy = `default-src 'none'; script-src '${hash}' 'wasm-unsafe-eval'; worker-src blob:`;
  const html = `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><script>${script}</script>`;
  return { html, hash };
}

/** The policy of every page: scripts of the site only (and the frame's, by hash), requests to the site only. */
export function sitePolicy(frameHash) {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' '${frameHash}'`,
    "worker-src 'self' blob:",              // the programs' worker is started from a blob, in the frame
    "style-src 'self' 'unsafe-inline'",     // KaTeX sets style="" on what it typesets
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
}

/** esbuild plugin: MicroPython's npm build as a part of a classic script, with its memory capped. */
function micropythonForTheSandbox() {
  const replaceOnce = (text, from, to, what) => {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`micropython.mjs: ${what} is not where this build expects it (a new version?)`);
    return text.slice(0, at) + to + text.slice(at + from.length);
  };
  return {
    name: 'micropython-for-the-sandbox',
    setup(build) {
      build.onLoad({ filter: /micropython\.mjs$/ }, ({ path: file }) => {
        let code = fs.readFileSync(file, 'utf8');
        // Its command-line runner for Node awaits at the top level, which a classic script cannot.
        const cli = code.indexOf('if(globalThis.loadMicroPython=loadMicroPython,');
        const after = code.indexOf('class PyProxy{', cli);
        if (cli < 0 || after < 0) throw new Error('micropython.mjs: its Node runner is not where this build expects it (a new version?)');
        code = `${code.slice(0, cli)}globalThis.loadMicroPython=loadMicroPython;${code.slice(after)}`;
        const limits = code.split('2147483648').length - 1;
        if (limits !== 3) throw new Error(`micropython.mjs: expected its 2 GB memory limit 3 times, found ${limits}`);
        code = code.replaceAll('2147483648', String(PYTHON_MEMORY_BYTES));
        return { contents: replaceOnce(code, 'export default _createMicroPythonModule;', '', 'its default export'), loader: 'js' };
      });
    },
  };
}

/** assets/program-worker.js: the worker with MicroPython and the core module `coreLoader` (a path) in it. */
export async function bundleProgramWorker(root, assets, coreLoader) {
  await esbuild.build({
    entryPoints: [path.join(root, 'web/runtime/programs/program-worker.js')],
    bundle: true, format: 'iife', minify: true, target: 'es2020', logLevel: 'error',
    outfile: path.join(assets, 'program-worker.js'),
    alias: { 'attn-programs-core': coreLoader },
    external: ['module'],  // MicroPython's loader imports it only under Node
    // Both loaders find their files next to themselves, and a blob: address is no base for that; each is
    // handed its bytes instead (program-worker.js), so this address is never fetched.
    define: { 'import.meta.url': '"https://program-sandbox.invalid/"' },
    plugins: [micropythonForTheSandbox()],
  });
}
