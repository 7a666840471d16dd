// Serves a folder over HTTP on 127.0.0.1 with Python's http.server (as the
// README's serve command does), on a free port, for tests and benchmarks.
import { spawn } from 'node:child_process';

// The same server, sending with every file the two headers that make a page cross-origin isolated
// (what web/sw.js adds from a learner's second visit on, and what a host configured for it sends).
const ISOLATING = `
import functools, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header('Cross-Origin-Opener-Policy', 'same-origin')
        self.send_header('Cross-Origin-Embedder-Policy', 'require-corp')
        super().end_headers()
server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(Handler, directory=sys.argv[1]))
print(f'Serving HTTP on 127.0.0.1 port {server.server_address[1]}', flush=True)
server.serve_forever()
`;

/**
 * @param {{isolated?: boolean}} options  isolated: send COOP and COEP (see ISOLATING)
 * @returns {Promise<{url: string, close: () => void}>} url ends with "/"
 */
export function serveFolder(folder, { isolated = false } = {}) {
  return new Promise((resolve, reject) => {
    const args = isolated ? ['-u', '-c', ISOLATING, folder] : ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', folder];
    const server = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
