#!/usr/bin/env bash
# The Debian package: builds it with CPack from a built tree, reads its control data, unpacks it
# into a scratch root and checks that it is whole and works there:
#   - the name is membersync_<version>_<arch>.deb; Depends names the package of every shared
#     library the programs load (dpkg-shlibdeps), among them Poco, Boost.Program_options, Boost.Locale, libcsv;
#   - the maintainer scripts are there, executable, and valid sh;
#   - every file the units name exists (ExecStart=, the sysusers.d and tmpfiles.d files), and so
#     do the man pages (English and zh_CN), the documentation, the examples, the emulator's fixture and the zh_CN
#     message catalogue; nothing is
#     installed under /etc, and no demo secret anywhere;
#   - the unpacked programs run: `membersync validate` accepts the systemd template
#     (examples/membersync.ini) with its secrets in $CREDENTIALS_DIRECTORY, its hints name the
#     installed examples/membersync-demo.ini, and the unpacked
#     emulator, serving the unpacked demo fixture, answers `membersync check` with the demo config;
#   - scripts/check-units.sh passes on the unpacked root (verify, security, sysusers, tmpfiles);
#   - the changelog's newest entry is the package's version, and lintian reports no error and no
#     warning.
# Usage: check-deb.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "${1:?usage: check-deb.sh BUILD_DIR SOURCE_DIR}" && pwd)
src=$(cd "${2:?source dir}" && pwd)
fail() { echo "check-deb: FAIL: $*" >&2; exit 1; }
for tool in cpack dpkg-deb dpkg-shlibdeps dpkg file lintian; do
  command -v "$tool" >/dev/null || fail "$tool is missing: run scripts/install-deps.sh"
done
[ -f "$build/CPackConfig.cmake" ] || fail "$build has no CPackConfig.cmake (not configured?)"

work=$(mktemp -d)
emulator_pid=""
cleanup() {
  if [ -n "$emulator_pid" ]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# 1. Build the package into the scratch folder (CPack's staging goes there too).
if ! cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1; then
  cat "$work/cpack.log" >&2
  fail "cpack -G DEB failed"
fi
version=$(sed -nE 's/^set\(CPACK_PACKAGE_VERSION "([^"]+)"\)/\1/p' "$build/CPackConfig.cmake")
arch=$(dpkg --print-architecture)
deb="$work/out/membersync_${version}_${arch}.deb"
[ -f "$deb" ] || { ls "$work/out" >&2; fail "no membersync_${version}_${arch}.deb"; }
echo "check-deb: built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

# 2. Control data.
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = membersync ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)'"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
depends=$(field Depends)
echo "check-deb: Depends: $depends"
has_dep() { tr ',' '\n' <<<"$depends" | sed -E 's/^ +//; s/ .*//' | grep -qx "$1"; }
# libargon2-1: the console's password hashes (libmstch is linked statically: no package at run time).
for pkg in libboost-program-options1.74.0 libboost-locale1.74.0 libcsv3 libc6 libstdc++6 libargon2-1; do
  has_dep "$pkg" || fail "Depends lacks $pkg"
done
tr ',' '\n' <<<"$depends" | grep -q '^ *libpoco' || fail "Depends names no libpoco* package"

dpkg-deb -e "$deb" "$work/control"
for script in postinst prerm postrm; do
  [ -x "$work/control/$script" ] || fail "the package has no executable $script"
  sh -n "$work/control/$script" || fail "$script is not valid sh"
done

# 3. Unpack into a scratch root; the files the units and the documentation promise.
root="$work/root"
dpkg-deb -x "$deb" "$root"
need() { [ -e "$root$1" ] || fail "$1 is not in the package"; }
for f in /usr/bin/membersync /usr/bin/membercenter-emulator; do
  need "$f"
  [ -x "$root$f" ] || fail "$f is not executable"
done
for f in /usr/lib/systemd/system/membersync.service /usr/lib/systemd/system/membersync-sync.service \
    /usr/lib/systemd/system/membersync-sync.timer /usr/lib/sysusers.d/membersync.conf \
    /usr/lib/systemd/system/membersync@.service /usr/lib/systemd/system/membersync-sync@.service \
    /usr/lib/systemd/system/membersync-sync@.timer \
    /usr/lib/systemd/system/membersync-console.service \
    /usr/lib/systemd/system/membersync-console@.service \
    /usr/lib/tmpfiles.d/membersync.conf /usr/share/man/man1/membersync.1.gz \
    /usr/share/man/man1/membercenter-emulator.1.gz \
    /usr/share/man/zh_CN/man1/membersync.1.gz \
    /usr/share/doc/membersync/README.md /usr/share/doc/membersync/README.zh-CN.md \
    /usr/share/doc/membersync/emulator.md \
    /usr/share/doc/membersync/status-json.md /usr/share/doc/membersync/explain-json.md \
    /usr/share/doc/membersync/report-json.md \
    /usr/share/doc/membersync/prometheus-alerts.yml \
    /usr/share/doc/membersync/examples/membersync.ini \
    /usr/share/doc/membersync/examples/membersync-demo.ini \
    /usr/share/doc/membersync/examples/membersync-demo.zh_CN.ini \
    /usr/share/doc/membersync/examples/ldap.ini /usr/share/doc/membersync/examples/dingtalk.ini \
    /usr/share/doc/membersync/examples/wecom.ini /usr/share/doc/membersync/examples/feishu.ini \
    /usr/share/doc/membersync/examples/policy.json /usr/share/doc/membersync/examples/hr-export.csv \
    /usr/share/membersync/emulator/demo.json \
    /usr/share/locale/zh_CN/LC_MESSAGES/membersync.mo \
    /usr/share/bash-completion/completions/membersync; do
  need "$f"
done
# The topics README.md links to, beside it as in the source tree (README.md's links work there).
for f in command-line configuration console daemon design development explain-json hr-export \
    inspecting passwords performance policy report-json reports revert source-dingtalk \
    source-feishu source-gb18030 source-ldap source-wecom source-xlsx status-json sync systemd \
    glossary; do
  need "/usr/share/doc/membersync/docs/$f.md"
done
for f in prometheus-alerts.yml console/home.png console/person.png console/pools.png \
    console/phone-home.png console/people.png console/run-held.png; do
  need "/usr/share/doc/membersync/docs/$f"
done
for unit in "$root"/usr/lib/systemd/system/*.service; do
  grep -E '^Exec[A-Za-z]*=' "$unit" | sed -E 's/^[^=]+=[-@!+:]*//; s/ .*//' | while read -r exe; do
    case "$exe" in
      /bin/kill) ;;  # from procps, not this package
      *) [ -x "$root$exe" ] || fail "$(basename "$unit") runs $exe, which the package does not hold" ;;
    esac
  done
done
[ ! -e "$root/etc" ] || fail "the package installs under /etc: $(cd "$root" && find etc | head -5)"
! find "$root" -path '*secrets*' | grep -q . || fail "the package holds demo secrets"
for f in "$root"/usr/bin/*; do
  file -b "$f" | grep -q 'stripped' && ! file -b "$f" | grep -q 'not stripped' ||
    fail "$(basename "$f") is not stripped"
done

# Every shared library a program links (ELF NEEDED) belongs to a package that Depends names.
command -v objdump >/dev/null || fail "objdump is missing (Debian package binutils)"
for f in "$root"/usr/bin/*; do
  objdump -p "$f" | awk '$1 == "NEEDED" { print $2 }' | while read -r soname; do
    lib=$(ldd "$f" | awk -v n="$soname" '$1 == n && $3 ~ /^\// { print $3 }')
    [ -n "$lib" ] || fail "$(basename "$f") needs $soname, which is not installed here"
    owner=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$(realpath "$lib")" 2>/dev/null ||
            dpkg -S "/usr$lib" 2>/dev/null || dpkg -S "${lib#/usr}" 2>/dev/null || true)
    [ -n "$owner" ] || fail "no Debian package holds $lib (loaded by $(basename "$f"))"
    pkg=${owner%%:*}
    has_dep "$pkg" || fail "$(basename "$f") loads $lib from $pkg, which Depends does not name"
  done
done
echo "check-deb: every file in place; every loaded library's package is in Depends"

# 4. The unpacked programs run.
"$root/usr/bin/membersync" --version | grep -qx "membersync $version" ||
  fail "membersync --version does not say $version"

# The systemd template, as an administrator installs it: /etc and /var/lib paths moved into the
# scratch folder, the secrets as the credentials systemd hands over.
site="$work/site"
mkdir -p "$site/etc" "$site/import" "$site/state" "$site/credentials"
examples="$root/usr/share/doc/membersync/examples"
cp "$examples/policy.json" "$site/etc/policy.json"
cp "$examples/hr-export.csv" "$site/import/hr-export.csv"
sed -e "s|/etc/membersync/|$site/etc/|; s|/var/lib/membersync/import/|$site/import/|" \
    -e "s|/var/lib/membersync/|$site/state/|" "$examples/membersync.ini" >"$site/etc/membersync.ini"
printf 'a-client-secret\n' >"$site/credentials/client-secret"
printf 'an-admin-password\n' >"$site/credentials/admin-password"
if ! CREDENTIALS_DIRECTORY="$site/credentials" CONFIGURATION_DIRECTORY="$site/etc" \
    "$root/usr/bin/membersync" validate >"$work/validate.log" 2>&1; then
  cat "$work/validate.log" >&2
  fail "membersync validate refuses the systemd template examples/membersync.ini"
fi
echo "check-deb: membersync validate accepts examples/membersync.ini (secrets from \$CREDENTIALS_DIRECTORY)"
# Its hints name the examples where the package put them (beside the program: here, in the
# scratch root), not a clone's config/examples/.
printf '[sync]\nno_such_key = 1\n' >>"$site/etc/membersync.ini"
CREDENTIALS_DIRECTORY="$site/credentials" CONFIGURATION_DIRECTORY="$site/etc" \
  "$root/usr/bin/membersync" validate >"$work/hint.log" 2>&1 || true
grep -qF "see $examples/membersync-demo.ini for every key" "$work/hint.log" || {
  cat "$work/hint.log" >&2
  fail "the unknown-key hint does not name the installed examples/membersync-demo.ini"
}

# The demo: the unpacked emulator with the unpacked fixture, the demo config with the demo
# secrets of the source tree (they are not in the package).
"$root/usr/bin/membercenter-emulator" --listen 127.0.0.1:0 --port-file "$work/port" \
  --fixture "$root/usr/share/membersync/emulator/demo.json" >"$work/emulator.log" 2>&1 &
emulator_pid=$!
for _ in $(seq 100); do
  [ -s "$work/port" ] && break
  kill -0 "$emulator_pid" 2>/dev/null || { cat "$work/emulator.log" >&2; fail "the emulator stopped"; }
  sleep 0.1
done
[ -s "$work/port" ] || fail "the emulator did not start within 10 s"
port=$(cat "$work/port")
demo="$work/demo"
mkdir -p "$demo"
cp "$examples/membersync-demo.ini" "$examples/policy.json" "$examples/hr-export.csv" "$demo/"
cp -r "$src/config/examples/secrets" "$demo/secrets"
sed -i "s|127.0.0.1:8700|127.0.0.1:$port|g" "$demo/membersync-demo.ini"
if ! "$root/usr/bin/membersync" --config "$demo/membersync-demo.ini" check >"$work/check.log" 2>&1; then
  cat "$work/check.log" >&2
  fail "membersync check against the packaged emulator failed"
fi
echo "check-deb: the packaged emulator, with the packaged fixture, answers membersync check"

# 5. The units, as shipped.
"$src/scripts/check-units.sh" "$root"

# 6. lintian: no error and no warning (as root it says so on stderr; that is not a finding).
changelog_version=$(zcat "$root/usr/share/doc/membersync/changelog.gz" | sed -nE '1s/^membersync \(([^)]+)\).*/\1/p')
[ "$changelog_version" = "$version" ] ||
  fail "the changelog's newest entry is version '$changelog_version', the package $version: add an entry to packaging/debian/changelog"
set +e
out=$(lintian --fail-on error,warning --tag-display-limit 0 "$deb" 2>&1)
rc=$?
set -e
out=$(grep -v 'running with root privileges' <<<"$out" || true)
if [ "$rc" -ne 0 ] || [ -n "$out" ]; then
  echo "$out" >&2
  fail "lintian reported the above"
fi
echo "check-deb: lintian: clean"
echo "check-deb: all checks passed"
