#!/usr/bin/env bash
# Cost growth (issue 19): the search bench (run.mts) at several arrival rates against ONE production server on a
# generated database, so bench/README.md can show p50/p95 and the capacity at 10,000, 100,000 and 1,000,000 listings.
#   bench/search/growth.sh DATA_DIR [DATABASE_URL] [RATES]      e.g. bench/search/growth.sh /tmp/bench-100k "" 10,30,50,100
# Needs the production build (npm run build). Prints each run's summary lines.
# The page cache is off (PAGE_CACHE=false): every run sends the same mix, and a query asked again would be served
# from it; these figures are what rendering costs, as for distinct queries (bench/http/hot-pages.mts measures copies).
set -euo pipefail
DIR="${1:?data dir}"; URL="${2:-}"; RATES="${3:-10,30,50,100}"
cd "$(dirname "$0")/../.."
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
LOG="$(mktemp)"
env -u NODE_ENV -u APP_NODE_ENV -u PUBLIC_URL PAGE_CACHE=false PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$DIR" DEMO_SEED=false LOG_LEVEL=warn \
  ${URL:+DATABASE_URL="$URL"} node scripts/start.mjs >"$LOG" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -f "$LOG"' EXIT
for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 1; done
for RATE in ${RATES//,/ }; do
  node --import tsx bench/search/run.mts --url "http://127.0.0.1:$PORT" --rate "$RATE" --label "$(basename "$DIR") at $RATE/s" | grep -E "requests at|latency|server CPU"
done
