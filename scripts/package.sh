#!/usr/bin/env bash
# Builds the Debian package membersync_<version>_<arch>.deb: installs what is missing, makes a
# Release build of membersync, the emulator and the man page (no tests) in ./build-pkg (or
# $BUILD_DIR), runs CPack, and prints the package's path. Install it with
#   sudo apt install ./build-pkg/membersync_<version>_<arch>.deb
# What goes into the package: cmake/Packaging.cmake. Its checks: ctest -L packaging.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-pkg}
jobs=${JOBS:-2}
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} -DBUILD_TESTING=OFF \
  ${CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"$jobs"
(cd "$build" && cpack -G DEB >/dev/null)
version=$(sed -nE 's/^set\(CPACK_PACKAGE_VERSION "([^"]+)"\)/\1/p' "$build/CPackConfig.cmake")
deb="$build/membersync_${version}_$(dpkg --print-architecture).deb"
[ -f "$deb" ] || { echo "package: cpack made no $deb" >&2; exit 1; }
dpkg-deb -f "$deb" Package Version Architecture Depends
echo "package: $deb"
