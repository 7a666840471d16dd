#!/usr/bin/env bash
# Quick start, part 1: install what is missing, build, and serve the site on 127.0.0.1.
# PORT=8000 by default; the site itself is plain static files in site/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
PORT=${PORT:-8000}
echo
echo "Serving the lessons at http://127.0.0.1:${PORT}/  (Ctrl-C stops)"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory site
