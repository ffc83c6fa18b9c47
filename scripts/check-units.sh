#!/usr/bin/env bash
# Checks membersync's systemd files offline (no running systemd needed; CI runs it through ctest):
#   1. `systemd-analyze verify` of membersync.service, membersync-sync.service and
#      membersync-sync.timer, and of an instance of each template (membersync@.service,
#      membersync-sync@.service, membersync-sync@.timer) prints nothing: no unknown key, bad
#      value, missing dependency, missing ExecStart binary or missing man page;
#   2. `systemd-analyze security --offline=yes`: an exposure of at most $MAX_EXPOSURE (default
#      1.5) for both services and an instance of each service template;
#   3. every service and template carries the same hardening block;
#   4. as root: systemd-sysusers and systemd-tmpfiles apply the package's files to the scratch
#      root, creating the user membersync and the folders with the modes the units expect.
#
# Usage: check-units.sh [ROOT]
#   ROOT: an installed tree (a `dpkg -x` of the .deb, or a DESTDIR install with prefix /usr).
#   Without ROOT, a scratch root is made from the source tree: the units, sysusers and tmpfiles
#   files, the man page, and stand-ins for /usr/bin/membersync.
# ROOT is never changed: the checks run on a copy, which also gets the host's own systemd units
# (sysinit.target, network-online.target, ...) and /usr/bin/kill, as a real system has them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
max_exposure=${MAX_EXPOSURE:-1.5}
units=(membersync.service membersync-sync.service membersync-sync.timer membersync-console.service)
services=(membersync.service membersync-sync.service membersync-console.service)
# The templates, one enterprise of several per instance; checked through an instance.
templates=(membersync@.service membersync-sync@.service membersync-sync@.timer
  membersync-console@.service)
instances=(membersync@acme.service membersync-sync@acme.service membersync-sync@acme.timer
  membersync-console@acme.service)
instance_services=(membersync@acme.service membersync-sync@acme.service
  membersync-console@acme.service)

fail() { echo "check-units: FAIL: $*" >&2; exit 1; }
for tool in systemd-analyze systemd-sysusers systemd-tmpfiles; do
  command -v "$tool" >/dev/null ||
    fail "$tool is missing: run scripts/install-deps.sh (it installs the systemd package)"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
if [ $# -ge 1 ]; then
  [ -d "$1/usr/lib/systemd/system" ] || fail "$1 holds no usr/lib/systemd/system"
  cp -a "$1" "$root"
  echo "check-units: checking the installed tree $1"
else
  mkdir -p "$root/usr/bin" "$root/usr/lib/systemd/system" "$root/usr/lib/sysusers.d" \
    "$root/usr/lib/tmpfiles.d" "$root/usr/share/man/man1"
  for u in "${units[@]}" "${templates[@]}"; do cp "$src/systemd/$u" "$root/usr/lib/systemd/system/"; done
  cp "$src/systemd/membersync.sysusers" "$root/usr/lib/sysusers.d/membersync.conf"
  cp "$src/systemd/membersync.tmpfiles" "$root/usr/lib/tmpfiles.d/membersync.conf"
  gzip -9 -n -c "$src/docs/membersync.1" >"$root/usr/share/man/man1/membersync.1.gz"
  printf '#!/bin/sh\nexit 0\n' >"$root/usr/bin/membersync"
  chmod 755 "$root/usr/bin/membersync"
  echo "check-units: checking the source tree's units (with a stand-in /usr/bin/membersync)"
fi

# What a real system has beside the package: systemd's own units and /bin/kill (ExecReload=).
# Debian 12 merges /usr: /bin is a link to usr/bin.
[ -e "$root/bin" ] || ln -s usr/bin "$root/bin"
for f in /usr/lib/systemd/system/*; do
  name=$(basename "$f")
  [ -e "$root/usr/lib/systemd/system/$name" ] || cp -a "$f" "$root/usr/lib/systemd/system/"
done
[ -e "$root/usr/bin/kill" ] || cp /usr/bin/kill "$root/usr/bin/kill"

# 1. verify: any output is a finding (an unknown key is only a warning, with exit status 0).
unitdir="$root/usr/lib/systemd/system"
for u in "${units[@]}" "${templates[@]}"; do
  [ -f "$unitdir/$u" ] || fail "$u is not installed in $unitdir"
done
if ! out=$(cd "$work" && MANPATH="$root/usr/share/man" SYSTEMD_LOG_COLOR=0 \
    systemd-analyze verify --root="$root" "${units[@]}" "${instances[@]}" 2>&1) || [ -n "$out" ]; then
  echo "$out" >&2
  fail "systemd-analyze verify reported the above"
fi
echo "check-units: systemd-analyze verify: clean (${units[*]} ${instances[*]})"

# 2. security: --threshold takes ten times the exposure.
threshold=$(awk -v e="$max_exposure" 'BEGIN { printf "%d", e * 10 + 0.5 }')
for s in "${services[@]}" "${instance_services[@]}"; do
  set +e
  out=$(cd "$work" && systemd-analyze security --offline=yes --root="$root" \
    --threshold="$threshold" --no-pager "$s" 2>&1)
  rc=$?
  set -e
  line=$(grep -E "Overall exposure level for $s: [0-9.]+" <<<"$out" || true)
  [ -n "$line" ] || { echo "$out" >&2; fail "no exposure level for $s"; }
  level=$(sed -E 's/.*: ([0-9.]+).*/\1/' <<<"$line")
  if [ "$rc" -ne 0 ] || awk -v l="$level" -v m="$max_exposure" 'BEGIN { exit !(l > m) }'; then
    grep -E "^✗" <<<"$out" >&2 || true
    fail "$s: exposure $level is over $max_exposure"
  fi
  echo "check-units: systemd-analyze security $s: exposure $level (at most $max_exposure)"
done

# 3. The hardening block (from "# Hardening" to the next blank line) is the same in both.
hardening() { sed -n '/^# Hardening/,/^$/p' "$unitdir/$1"; }
[ -n "$(hardening membersync.service)" ] || fail "membersync.service has no '# Hardening' block"
for other in membersync-sync.service membersync@.service membersync-sync@.service \
  membersync-console.service membersync-console@.service; do
  if ! diff <(hardening membersync.service) <(hardening "$other") >&2; then
    fail "the hardening blocks of membersync.service and $other differ"
  fi
done
echo "check-units: every service and template carries the same hardening block"

# 4. sysusers.d and tmpfiles.d, applied to the scratch root.
if [ "$(id -u)" -ne 0 ]; then
  echo "check-units: not root: systemd-sysusers and systemd-tmpfiles not tried"
  exit 0
fi
mkdir -p "$root/etc" "$root/var/lib"
out=$(systemd-sysusers --root="$root" "$root/usr/lib/sysusers.d/membersync.conf" 2>&1) ||
  { echo "$out" >&2; fail "systemd-sysusers refused sysusers.d/membersync.conf"; }
entry=$(grep '^membersync:' "$root/etc/passwd" || true)
[ -n "$entry" ] || fail "systemd-sysusers created no user membersync"
IFS=: read -r _ _ uid gid _ home shell <<<"$entry"
[ "$home" = /var/lib/membersync ] || fail "membersync's home is $home, not /var/lib/membersync"
case "$shell" in */nologin) ;; *) fail "membersync's shell is $shell, not nologin" ;; esac
[ "$uid" -lt 1000 ] || fail "membersync is not a system user (uid $uid)"
out=$(systemd-tmpfiles --root="$root" --create "$root/usr/lib/tmpfiles.d/membersync.conf" 2>&1) ||
  { echo "$out" >&2; fail "systemd-tmpfiles refused tmpfiles.d/membersync.conf"; }
[ -z "$out" ] || { echo "$out" >&2; fail "systemd-tmpfiles warned about tmpfiles.d/membersync.conf"; }
expect() {  # path mode uid gid
  local got
  got=$(stat -c '%a %u %g' "$root$1" 2>/dev/null) || fail "systemd-tmpfiles did not create $1"
  [ "$got" = "$2 $3 $4" ] || fail "$1 is '$got' (mode uid gid), not '$2 $3 $4'"
}
expect /etc/membersync 755 0 0
expect /etc/membersync/credentials 700 0 0
expect /var/lib/membersync 750 "$uid" "$gid"
expect /var/lib/membersync/import 2770 "$uid" "$gid"
# The services' StateDirectoryMode= and ConfigurationDirectoryMode= agree with tmpfiles.d, so
# neither undoes the other.
for s in "${services[@]}"; do
  grep -qx 'StateDirectoryMode=0750' "$unitdir/$s" || fail "$s: StateDirectoryMode is not 0750"
  grep -qx 'ConfigurationDirectoryMode=0755' "$unitdir/$s" ||
    fail "$s: ConfigurationDirectoryMode is not 0755"
done
echo "check-units: systemd-sysusers and systemd-tmpfiles: user membersync (uid $uid), folders as expected"
echo "check-units: all checks passed"
