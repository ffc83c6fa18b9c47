#!/usr/bin/env bash
# Fetches the test data the unit tests need from the npm registry into the build tree:
#   csv-spectrum (CSV files with the records each must parse to), for the CSV reader's tests.
# Usage: fetch-test-deps.sh DEST_DIR     (CMake's csv_spectrum_data target runs it on every build)
# The version and the tarball's SHA-256 are pinned here; a tarball that does not match is
# refused. Idempotent and quick: a finished fetch leaves DEST_DIR/csv-spectrum.stamp and is not
# repeated.
# Needs npm (Debian package "npm", installed by scripts/install-deps.sh) and network access to
# the registry. Missing test data makes the tests fail, never skip.
set -euo pipefail

dest=${1:?usage: fetch-test-deps.sh DEST_DIR}
name=csv-spectrum
version=2.0.0
sha256=002a6a938bf51ceb26af7b760f5c1b54baca4820b0e9142f135619210c93d021

stamp="$dest/$name.stamp"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$name@$version" ] && [ -d "$dest/$name/csvs" ]; then
  exit 0
fi

if ! command -v npm >/dev/null; then
  echo "fetch-test-deps: npm is not installed; run scripts/install-deps.sh (it installs npm)" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A private cache keeps the fetch independent of (and from writing to) the user's ~/.npm.
if ! (cd "$work" && npm pack --silent --cache "$work/cache" "$name@$version" >/dev/null); then
  echo "fetch-test-deps: 'npm pack $name@$version' failed; check access to the npm registry" >&2
  exit 1
fi
tarball="$work/$name-$version.tgz"
if ! echo "$sha256  $tarball" | sha256sum --check --quiet - >/dev/null; then
  echo "fetch-test-deps: $name-$version.tgz does not have the pinned SHA-256; refusing it" >&2
  exit 1
fi

rm -rf "${dest:?}/$name"
mkdir -p "$dest/$name"
tar -xzf "$tarball" -C "$dest/$name" --strip-components=1
echo "$name@$version" >"$stamp"
echo "fetch-test-deps: $name@$version in $dest/$name"
