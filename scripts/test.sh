#!/usr/bin/env bash
# The one command that installs, builds and runs every test. CI runs exactly this.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
CMAKE_ARGS="-DMEMBERSYNC_WERROR=ON ${CMAKE_ARGS:-}" "$root/scripts/build.sh"
cd "${BUILD_DIR:-$root/build}"
ctest --output-on-failure -j2 --timeout 300 "$@"
