// Serves a folder over HTTP on 127.0.0.1 with Python's http.server (as the
// README's serve command does), on a free port, for tests and benchmarks.
import { spawn } from 'node:child_process';

/** @returns {Promise<{url: string, close: () => void}>} url ends with "/" */
export function serveFolder(folder) {
  return new Promise((resolve, reject) => {
    const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', folder], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // http.server logs every request on stderr: read and dropped, as a full pipe would stop the server
    // mid-request (a file opening a few hundred pages hung there once its lines passed the pipe's 64 KB).
    server.stderr.resume();
    let seen = '';
    const timer = setTimeout(() => { server.kill(); reject(new Error(`http.server did not start: ${seen}`)); }, 15000);
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const port = seen.match(/port (\d+)/)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.kill() });
      }
    });
    server.on('error', reject);
  });
}
