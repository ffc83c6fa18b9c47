#!/usr/bin/env bash
# Installs what membersync needs to build and test, from Debian 12 packages only. Idempotent:
# packages already present are not fetched again. Run as root (or with sudo available).
#   install-deps.sh          everything: the build, and every test's servers and tools
#   install-deps.sh --demo   only what building membersync and the emulator needs (the demo)
set -euo pipefail

demo=false
case "${1:-}" in
  "") ;;
  --demo) demo=true ;;
  *) echo "usage: install-deps.sh [--demo]" >&2; exit 64 ;;
esac

# The build (CMake's configure step asks for Catch2 too, a few headers).
packages=(cmake make g++ pkg-config libpoco-dev libssl-dev libboost-program-options-dev catch2 libcsv-dev
          libboost-locale-dev gettext  # messages in Chinese: Boost.Locale reads msgfmt's catalogues
          libsystemd-dev libldap-dev ca-certificates
          libmstch-dev libargon2-dev)  # the console: Mustache templates (a static library), Argon2id
if ! $demo; then
  packages+=(sqlite3)  # the tests read state databases with the sqlite3 shell
  packages+=(slapd ldap-utils openssl)  # the LDAP tests' directory server, its tools, a test CA
  packages+=(python3-aiosmtpd)  # the delivery tests' SMTP server
  packages+=(unicode-data)  # the check that jobs/core/display_width_table.inc is Unicode's
  packages+=(locales)  # zh_CN.UTF-8, generated below: `sync` under LANG=zh_CN.UTF-8 is tested
  packages+=(systemd man-db dpkg-dev file groff-base)  # unit checks, the .deb (dpkg-shlibdeps), man page
  packages+=(lintian)  # the .deb's policy check
  packages+=(prometheus)  # promtool: the example alerting rules are checked and unit-tested
  # The console's browser test: headless Chromium driven by Selenium, with a CJK font for the
  # screenshots.
  packages+=(chromium chromium-driver python3-selenium fonts-noto-cjk)
  # npm fetches the csv-spectrum test data; the machine's Node.js may bring its own npm, which a
  # Debian npm on top would clash with.
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
fi

# The tests of a Chinese desktop's LANG=zh_CN.UTF-8 need that locale generated (a server may have
# only C.UTF-8: other tests run that way). Idempotent: locale-gen runs only when it is missing.
generate_zh_cn_locale() {
  if $demo || locale -a 2>/dev/null | grep -qix 'zh_CN.utf8'; then
    return 0
  fi
  echo "install-deps: generating the zh_CN.UTF-8 locale"
  $sudo sed -i 's/^# *\(zh_CN.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  grep -q '^zh_CN.UTF-8 UTF-8' /etc/locale.gen || echo 'zh_CN.UTF-8 UTF-8' | $sudo tee -a /etc/locale.gen >/dev/null
  $sudo locale-gen >/dev/null
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  generate_zh_cn_locale
  exit 0
fi

if [ -n "$sudo" ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root to install: ${missing[*]}" >&2; exit 1; }
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
generate_zh_cn_locale
