// A scratch folder under the system's temporary folder that is removed when the process exits, so
// builds and test runs leave nothing behind in /tmp.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made = [];
process.on('exit', () => {
  for (const dir of made) {
    try { fs.rmSync(dir, { recursive: true, force: true }); } catch { /* a browser still writing its profile */ }
  }
});

/** A new, empty folder named `<prefix>XXXXXX`, gone when this process exits. */
export function scratchDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
