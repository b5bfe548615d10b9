#!/usr/bin/env bash
# The README's two commands on Node 22, the oldest Node line Platter supports (package.json
# `engines`), while .ci/run itself runs on Node 24: a fresh clone of this checkout's HEAD,
# `npm ci` (the lockfile's `npm install`, which also builds) and `npm start` on a free loopback port
# with an empty DATA_DIR, answered on /api/health and /api/tracks, then stopped; then the unit tests
# of the server and the shared packages.
# Node 22 comes from the npm registry (.ci/node.sh). Any failure exits non-zero; .ci/run calls this.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=../.ci/node.sh
source "$repo/.ci/node.sh"
use_node 22
echo "node22-check: Node $(node -v), npm $(npm -v)"
started=$SECONDS

work="$(mktemp -d "${TMPDIR:-/tmp}/platter-node22.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill -TERM -- "-$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

git clone --quiet --no-hardlinks "$repo" "$work/platter"
cd "$work/platter"
npm ci --no-audit --no-fund --loglevel=error

port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
base="http://127.0.0.1:$port"
# Its own process group (setsid), so stopping it stops npm, scripts/start.mjs and the server.
DATA_DIR="$work/data" HOST=127.0.0.1 PORT="$port" setsid npm start >"$work/start.log" 2>&1 &
server_pid=$!

get() {
  node -e 'fetch(process.argv[1]).then(async (r) => { const body = await r.text(); if (!r.ok) { console.error(`${r.status} ${process.argv[1]}: ${body.slice(0, 300)}`); process.exit(1); } console.log(`${r.status} ${process.argv[1]} (${body.length} bytes)`); }, (e) => { console.error(`${process.argv[1]}: ${e.cause?.code ?? e.message}`); process.exit(2); })' "$1"
}
for i in $(seq 1 120); do
  if get "$base/api/health" 2>/dev/null; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null || [ "$i" = 120 ]; then
    echo "node22-check: \`npm start\` did not answer on $base/api/health; its output:" >&2
    cat "$work/start.log" >&2
    exit 1
  fi
  sleep 1
done
get "$base/api/tracks"
get "$base/"
kill -TERM -- "-$server_pid"
for _ in $(seq 1 30); do kill -0 "$server_pid" 2>/dev/null || break; sleep 1; done
if kill -0 "$server_pid" 2>/dev/null; then
  echo "node22-check: the server did not stop within 30 s of SIGTERM" >&2
  exit 1
fi
server_pid=""

# The unit tests of the code Node runs (the server and the shared packages); the web app's run
# in the browser, and Node 24 runs them in `npm test`.
npx vitest run --project unit packages/ apps/server/
echo "node22-check: passed on Node $(node -v) in $((SECONDS - started)) s"
