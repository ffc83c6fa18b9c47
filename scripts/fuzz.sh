#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang-14, ASan + UBSan) into ./build-fuzz (or
# $BUILD_DIR) and runs each for SECONDS over a copy of its committed seed corpus.
#
#   scripts/fuzz.sh SECONDS [TARGET...]     e.g. scripts/fuzz.sh 30; scripts/fuzz.sh 300 plan token
#
# JOBS targets (default 2) fuzz at once, each on one core. Prints one line per target, in the
# order given: executions, coverage (libFuzzer's cov: and ft: at the end) and crashes. A crashing
# input is kept in $BUILD_DIR/crashes/<target>/ (crash-*, timeout-*, oom-*, leak-*); rerun it
# with `$BUILD_DIR/tests/fuzz/fuzz_<target> FILE`. The inputs a run finds are left in
# $BUILD_DIR/fuzz-work/<target>/, never in the committed corpus. Exits 1 when any target crashed
# (or failed to run), 64 on a bad command line.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-fuzz}
jobs=${JOBS:-2}
corpus_root=$root/tests/fuzz/corpus

usage() { echo "usage: scripts/fuzz.sh SECONDS [TARGET...]   (targets: $(ls "$corpus_root" | tr '\n' ' '))" >&2; exit 64; }
[ $# -ge 1 ] || usage
seconds=$1
shift
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || usage
if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(ls "$corpus_root")
fi
for t in "${targets[@]}"; do [ -d "$corpus_root/$t" ] || { echo "fuzz: no target '$t'" >&2; usage; }; done

# The project's own dependencies, then clang-14 (libFuzzer comes with it), from Debian packages.
"$root/scripts/install-deps.sh"
if ! command -v clang++-14 >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "fuzz: run as root to install clang-14" >&2; exit 1; }
    sudo=sudo
  fi
  echo "fuzz: installing clang-14"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends clang-14
fi

cmake -S "$root" -B "$build" -DMEMBERSYNC_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMEMBERSYNC_WERROR=ON ${CMAKE_ARGS:-} >/dev/null
echo "fuzz: building ${targets[*]} in $build"
if ! cmake --build "$build" -j"$jobs" --target "${targets[@]/#/fuzz_}" >"$build/build.log" 2>&1; then
  tail -n 40 "$build/build.log" >&2
  echo "fuzz: the build failed; the whole log is $build/build.log" >&2
  exit 1
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# One target: fuzz it, then write its report line(s) to $work/summary and, if it crashed or
# failed to run, touch $work/failed. Runs in the background, JOBS targets at a time.
fuzz_one() {
  local t=$1 work=$build/fuzz-work/$1 crashes=$build/crashes/$1 before found status=0 runs cov
  rm -rf "$work"
  mkdir -p "$work/corpus" "$crashes"
  cp "$corpus_root/$t"/* "$work/corpus/"
  before=$(ls "$crashes" | wc -l)
  "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$crashes/" "$work/corpus" >"$work/log" 2>&1 || status=$?
  found=$(( $(ls "$crashes" | wc -l) - before ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$work/log" | tail -1 || true)
  if [ "$status" -ne 0 ] && [ "$found" -eq 0 ]; then found="? (exit $status)"; fi
  {
    printf '%-15s %10s executions  %-22s crashes %s\n' "$t" "${runs:-?}" "${cov:-cov: ?}" "$found"
    if [ "$found" != 0 ]; then
      grep -m1 -E 'ERROR|runtime error|invariant broken|deadly signal' "$work/log" | sed 's/^/    /' || true
      echo "    log: $work/log; inputs kept in $crashes/"
    fi
  } >"$work/summary"
  if [ "$found" != 0 ]; then touch "$work/failed"; fi
}

echo "fuzz: running each target for ${seconds}s, $jobs at a time"
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "$t" &
done
wait
failed=0
for t in "${targets[@]}"; do
  cat "$build/fuzz-work/$t/summary" 2>/dev/null || { echo "$t: no report"; failed=1; }
  if [ -e "$build/fuzz-work/$t/failed" ]; then failed=1; fi
done
exit $failed
