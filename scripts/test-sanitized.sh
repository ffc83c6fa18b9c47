#!/usr/bin/env bash
# Builds everything with sanitizers and runs the whole suite under them (issue 10):
#   scripts/test-sanitized.sh address,undefined   # ASan + LSan + UBSan, in ./build-asan
#   scripts/test-sanitized.sh thread              # TSan, in ./build-tsan
# Extra arguments go to ctest (`-R center`, `-L unit`). BUILD_DIR, JOBS and CMAKE_ARGS override
# as for scripts/build.sh. The flags and the runtime options (every finding aborts; the test's
# children, membersync and the emulator, inherit them) are set in cmake/Sanitizers.cmake; the
# suppressions, each naming a bug outside this project, in cmake/sanitizers/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:-}
case "$kind" in
  address,undefined) default_dir=build-asan ;;
  thread) default_dir=build-tsan ;;
  *) echo "usage: test-sanitized.sh address,undefined|thread [CTEST_ARGS...]" >&2; exit 64 ;;
esac
shift
build=${BUILD_DIR:-$root/$default_dir}

"$root/scripts/install-deps.sh"
# Benches are left out: they are not tests (nothing runs them in ctest) and cost build time.
BUILD_DIR=$build CMAKE_ARGS="-DMEMBERSYNC_SANITIZE=$kind -DMEMBERSYNC_WERROR=ON \
-DMEMBERSYNC_BUILD_BENCHES=OFF ${CMAKE_ARGS:-}" "$root/scripts/build.sh"
cd "$build"
# A sanitized test runs several times slower than a normal one: the suite's own per-test watchdogs
# (300 s, 600 s) still apply; --timeout covers any test without one.
ctest --output-on-failure -j"${JOBS:-2}" --timeout 600 "$@"
