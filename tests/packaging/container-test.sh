#!/usr/bin/env bash
# The .deb on a real, booted Debian 12 with systemd (systemd-nspawn), following docs/systemd.md's
# "Run it under systemd" steps: apt installs the package and its dependencies; the configuration
# from the template, the secrets as credentials, the HR export in import/; membersync-run validate
# and check; membersync-sync.service runs a sync under the full hardening; the timer is enabled;
# membersync.service (Type=notify) starts, reports its status and answers /healthz and /metrics,
# reloads on `systemctl reload`, stops cleanly; a missing credential fails with 243/CREDENTIALS;
# `apt remove` stops everything. The emulator, from the package, stands in for the member center
# inside the container (private network).
#
# Not run by ctest: it needs root, the Debian archive (debootstrap, apt), and the packages
# debootstrap and systemd-container; a few minutes, plus the first debootstrap (cached).
# Usage: tests/packaging/container-test.sh DEB [CACHE_DIR]     (CACHE_DIR: /var/tmp/membersync-ct)
set -euo pipefail
deb=$(realpath "${1:?usage: container-test.sh DEB [CACHE_DIR]}")
cache=${2:-/var/tmp/membersync-ct}
fail() { echo "container-test: FAIL: $*" >&2; exit 1; }
say() { echo "container-test: $*"; }
[ "$(id -u)" -eq 0 ] || fail "run as root"
for tool in debootstrap systemd-nspawn nsenter; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install debootstrap systemd-container)"
done

base="$cache/bookworm"
if [ ! -x "$base/usr/bin/systemctl" ]; then
  say "debootstrap of Debian 12 into $base (once)"
  rm -rf "$base.tmp"
  mkdir -p "$cache"
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,curl,ca-certificates,procps \
    bookworm "$base.tmp" http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log" >&2; fail "debootstrap failed"; }
  mv "$base.tmp" "$base"
fi

root=$(mktemp -d /var/tmp/membersync-ct-root.XXXXXX)
nspawn_pid=""
cleanup() {
  if [ -n "$nspawn_pid" ] && kill -0 "$nspawn_pid" 2>/dev/null; then
    kill -TERM "$nspawn_pid" 2>/dev/null || true   # nspawn powers the container off
    for _ in $(seq 50); do kill -0 "$nspawn_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$nspawn_pid" 2>/dev/null || true
  fi
  rm -rf "$root" "$root.boot.log" "$root.apt.log"
}
trap cleanup EXIT
cp -a "$base/." "$root/"
cp "$deb" "$root/root/"
# Without a running systemd on the host: no machined registration, no scope of its own.
run() { systemd-nspawn -q --register=no --keep-unit -D "$root" "$@" 2> >(grep -v 'propagate' >&2); }

say "apt install $(basename "$deb")"
run sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /root/$(basename "$deb")" \
  >"$root.apt.log" 2>&1 || { tail -20 "$root.apt.log" >&2; fail "apt could not install the package"; }
rm -f "$root.apt.log"

say "docs/systemd.md steps 2-4: configuration, credentials, HR export"
run bash -euc '
  cd /usr/share/doc/membersync/examples
  install -m 0640 -o root -g membersync membersync.ini policy.json /etc/membersync/
  sed -i -e "s|https://CHANGE-ME.example.com|http://127.0.0.1:8700|" \
    -e "s|^enterprise_global_id = .*|enterprise_global_id = ENT-ACME-0001|" \
    -e "s|^enterprise_code = .*|enterprise_code = acme|" \
    -e "s|^client_id = .*|client_id = membersync-demo|" \
    -e "s|^admin_user = .*|admin_user = admin@acme|" \
    -e "s|^schedule = .*|schedule = every 30s|" /etc/membersync/membersync.ini
  ! grep -q CHANGE-ME /etc/membersync/membersync.ini
  sh -c "umask 077; printf \"demo-client-secret\n\" > /etc/membersync/credentials/client-secret"
  sh -c "umask 077; printf \"demo-admin-pass1\n\" > /etc/membersync/credentials/admin-password"
  install -m 0640 -o membersync -g membersync hr-export.csv /var/lib/membersync/import/
  cat > /root/membersync-run.sh <<"EOF"
membersync-run() {
  systemd-run --quiet --pipe --wait --collect -p User=membersync \
    -p ConfigurationDirectory=membersync -p StateDirectory=membersync \
    -p LoadCredential=client-secret:/etc/membersync/credentials/client-secret \
    -p LoadCredential=admin-password:/etc/membersync/credentials/admin-password \
    /usr/bin/membersync "$@"
}
EOF
' || fail "docs/systemd.md's configuration steps failed"

say "boot"
setsid systemd-nspawn --register=no --keep-unit --private-network -b -D "$root" \
  >"$root.boot.log" 2>&1 </dev/null &
nspawn_pid=$!
init=""
for _ in $(seq 100); do
  init=$(pgrep -P "$nspawn_pid" -x systemd || true)
  [ -n "$init" ] && break
  sleep 0.1
done
[ -n "$init" ] || { cat "$root.boot.log" >&2; fail "the container's systemd did not start"; }
inside() { nsenter -t "$init" -a env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin SYSTEMD_COLORS=0 "$@"; }
for _ in $(seq 100); do
  state=$(inside systemctl is-system-running 2>/dev/null || true)
  case "$state" in running|degraded) break ;; esac
  sleep 0.3
done
say "system $state"

inside systemd-run --quiet --unit=emulator /usr/bin/membercenter-emulator \
  --fixture /usr/share/membersync/emulator/demo.json --listen 127.0.0.1:8700
for _ in $(seq 50); do inside curl -s -o /dev/null http://127.0.0.1:8700/_emulator/stats && break; sleep 0.2; done

membersync_run() { inside bash -c ". /root/membersync-run.sh; membersync-run $*"; }
membersync_run validate >/dev/null || fail "membersync-run validate"
membersync_run check >/dev/null || fail "membersync-run check"
say "membersync-run validate, check: ok"

inside systemctl start membersync-sync.service ||
  { inside journalctl -u membersync-sync.service --no-pager | tail -20 >&2; fail "membersync-sync.service failed"; }
inside journalctl -u membersync-sync.service --no-pager | grep -q 'Applied (run' ||
  fail "membersync-sync.service logged no 'Applied' line"
say "membersync-sync.service: a sync under the units' hardening: ok"
inside stat -c '%U %a %n' /var/lib/membersync/membersync.db /var/lib/membersync/new-passwords.csv |
  while read -r owner mode name; do
    [ "$owner $mode" = "membersync 600" ] || fail "$name is $owner $mode, not membersync 600"
  done

inside systemctl enable --now membersync-sync.timer 2>/dev/null || fail "systemctl enable --now membersync-sync.timer"
[ "$(inside systemctl is-enabled membersync-sync.timer)" = enabled ] || fail "membersync-sync.timer is not enabled"
[ "$(inside systemctl is-active membersync-sync.timer)" = active ] || fail "membersync-sync.timer is not active"
next=$(inside systemctl show -P NextElapseUSecRealtime membersync-sync.timer)
say "membersync-sync.timer: enabled, next run $next"

inside systemctl enable --now membersync.service 2>/dev/null ||
  { inside journalctl -u membersync.service --no-pager | tail -20 >&2; fail "membersync.service did not start"; }
code=""
for _ in $(seq 50); do
  code=$(inside curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:9469/healthz || true)
  [ "$code" = 200 ] && break
  sleep 0.2
done
[ "$code" = 200 ] || fail "/healthz answered '$code'"
inside curl -s http://127.0.0.1:9469/metrics | grep -q '^membersync_runs_total' || fail "/metrics has no membersync_runs_total"
status=$(inside systemctl show -P StatusText membersync.service)
[ -n "$status" ] || fail "membersync.service sent no STATUS="
inside journalctl -u membersync.service --no-pager -o cat | sed 's/^/  journal: /' | tail -6
inside systemctl reload membersync.service || fail "systemctl reload membersync.service"
sleep 1
[ "$(inside systemctl is-active membersync.service)" = active ] || fail "membersync.service died on reload"
inside systemctl stop membersync.service
[ "$(inside systemctl show -P ExecMainStatus membersync.service)" = 0 ] || fail "membersync.service did not exit 0 on stop"
say "membersync.service: ready, Status: '$status', /healthz 200, /metrics, reload, stop: ok"

# [daemon] log_file under the service's LogsDirectory=, the one place outside the state that
# ProtectSystem=strict leaves writable.
inside sh -c 'printf "log_file = /var/log/membersync/membersync.log\n" >> /etc/membersync/membersync.ini'
inside systemctl start membersync.service || fail "membersync.service did not start with a log_file"
for _ in $(seq 50); do inside test -s /var/log/membersync/membersync.log && break; sleep 0.2; done
inside test -s /var/log/membersync/membersync.log || fail "nothing was logged to /var/log/membersync/membersync.log"
inside systemctl stop membersync.service
inside sed -i '/^log_file = /d' /etc/membersync/membersync.ini
say "membersync.service: [daemon] log_file in /var/log/membersync: ok"

inside mv /etc/membersync/credentials/admin-password /root/admin-password
inside systemctl start membersync-sync.service 2>/dev/null && fail "started without its admin-password credential"
[ "$(inside systemctl show -P ExecMainStatus membersync-sync.service)" = 243 ] ||
  fail "a missing credential did not fail with 243/CREDENTIALS"
inside mv /root/admin-password /etc/membersync/credentials/admin-password
inside systemctl reset-failed
say "a missing credential: 243/CREDENTIALS"

inside systemctl start membersync.service
pid_before=$(inside systemctl show -P MainPID membersync.service)
inside sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --reinstall /root/$(basename "$deb") >/dev/null 2>&1" ||
  fail "apt-get install --reinstall"
pid_after=$(inside systemctl show -P MainPID membersync.service)
[ "$(inside systemctl is-active membersync.service)" = active ] && [ "$pid_after" != "$pid_before" ] ||
  fail "an upgrade did not restart the running daemon (MainPID $pid_before -> $pid_after)"
say "upgrade (reinstall): the running daemon restarted"

inside sh -c 'DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq membersync >/dev/null 2>&1' ||
  fail "apt-get remove"
for u in membersync.service membersync-sync.timer; do
  [ "$(inside systemctl is-active "$u" || true)" = inactive ] || fail "$u still runs after apt remove"
done
inside test -f /var/lib/membersync/membersync.db || fail "apt remove deleted the state database"
say "apt remove: units stopped, state kept"
say "all checks passed"
