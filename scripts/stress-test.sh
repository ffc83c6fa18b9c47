#!/usr/bin/env bash
# Runs the whole suite while other processes keep every core busy, the way CI's shared machine
# can be: a test that asserts on elapsed time or on how threads happen to be scheduled fails here.
#
#   scripts/stress-test.sh [ROUNDS]     # default 3; builds first (scripts/build.sh)
#
# Load: one busy loop per core plus one (so the suite never has a core to itself). Each round
# runs `ctest -j2` like CI; the script ends with "N passed, N failed" counting rounds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh"

load_pids=()
stop_load() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_load EXIT
for _ in $(seq 0 "$(nproc)"); do
  ( while :; do :; done ) &
  load_pids+=($!)
done

passed=0
failed=0
for round in $(seq 1 "$rounds"); do
  echo "== round $round of $rounds, with $(( $(nproc) + 1 )) busy loops on $(nproc) cores"
  if (cd "$build" && ctest -j2 --timeout 600 --output-on-failure); then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
echo "rounds: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
