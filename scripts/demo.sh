#!/usr/bin/env bash
# The demo: installs what building needs (not the tests' servers and data), builds membersync and
# the emulator (not the tests), starts the emulator with the demo fixture on 127.0.0.1:8700 and
# runs membersync against it with a copy of config/examples/: check, plan, sync, a second sync
# (which changes nothing), status, passwords. Stops the emulator after.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
port=${DEMO_PORT:-8700}

"$root/scripts/install-deps.sh" --demo
TARGETS="membersync membercenter-emulator" "$root/scripts/build.sh"

emulator="$build/tests/emulator/membercenter-emulator"
membersync="$build/daemon/membersync"
workdir=$(mktemp -d)
trap 'kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; rm -rf "$workdir"' EXIT

"$emulator" --listen "127.0.0.1:$port" --port-file "$workdir/port" \
  --fixture "$root/tests/emulator/fixtures/demo.json" >"$workdir/emulator.log" 2>&1 &
emulator_pid=$!
# The emulator writes the port file once it listens; give up after 10 s.
for _ in $(seq 100); do
  [ -s "$workdir/port" ] && break
  kill -0 "$emulator_pid" 2>/dev/null || { cat "$workdir/emulator.log" >&2; exit 1; }
  sleep 0.1
done
[ -s "$workdir/port" ] || { echo "demo: the emulator did not start" >&2; exit 1; }
echo "demo: emulator listening on 127.0.0.1:$port"
echo

# A fresh copy of config/examples under the build folder, so the demo's state database and
# password outbox stay out of the repository and can be looked at afterwards.
demo="$build/demo"
rm -rf "$demo"
mkdir -p "$demo"
cp -r "$root/config/examples/." "$demo/"
config="$demo/membersync.ini"
# The example names the emulator's default port; DEMO_PORT moves the copy along with it.
sed -i "s|http://127.0.0.1:8700|http://127.0.0.1:$port|" "$config"

step() {
  echo
  echo "\$ membersync $*"
  set +e
  "$membersync" --config "$config" "$@"
  echo "(exit $?)"
  set -e
}
step check
step plan
step sync
step sync
step status
step passwords
echo
echo "demo: state database and password outbox (0600) are in $demo"
