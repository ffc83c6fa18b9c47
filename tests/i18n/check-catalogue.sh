#!/usr/bin/env bash
# The message catalogues are whole (issue 31):
#   - msgfmt --check accepts po/zh_CN.po and --statistics counts no untranslated and no fuzzy
#     message;
#   - no message names an API call (A1..A10, B1) or an error code of a service (five digits): a
#     person reads what happened and what to do, not the API's words (a code the service sent
#     may still be shown as a placeholder's value);
#   - every message the sources hold today (extracted again by po/extract.sh) has an entry in
#     po/zh_CN.po, and po/membersync.pot is that extraction: a message added without a
#     translation, or without refreshing the .pot, fails here.
# Usage: check-catalogue.sh SOURCE_DIR
set -euo pipefail
src=$(cd "${1:?usage: check-catalogue.sh SOURCE_DIR}" && pwd)
fail() { echo "check-catalogue: FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for po in "$src"/po/*.po; do
  name=$(basename "$po")
  msgfmt --check --statistics -o /dev/null "$po" 2>"$work/stats" || {
    cat "$work/stats" >&2
    fail "msgfmt --check refuses $name"
  }
  echo "check-catalogue: $name: $(cat "$work/stats")"
  ! grep -Eq 'untranslated|fuzzy' "$work/stats" ||
    fail "$name has untranslated or fuzzy messages: translate them (and remove the fuzzy flag)"
done

# The texts of every message (msgid, msgid_plural, msgstr), one a line, codes looked for there.
msgcat --no-wrap --no-location "$src/po/zh_CN.po" | grep -E '^(msgid|msgid_plural|msgstr(\[[0-9]+\])?) ' |
  grep -nE '(^|[^A-Za-z0-9_])(A([1-9]|10)|B1)([^A-Za-z0-9_]|$)|(^|[^0-9A-Za-z])[0-9]{5}([^0-9]|$)' |
  grep -v 65535 >"$work/codes" && {  # five digits, but not GB18030 nor the highest port
  cat "$work/codes" >&2
  fail "a message names an API call or a service's error code: say what happened and what to do instead"
}

"$src/po/extract.sh" "$src" "$work/now.pot"
for po in "$src"/po/*.po; do
  msgcmp "$po" "$work/now.pot" 2>"$work/missing" || {
    cat "$work/missing" >&2
    fail "$(basename "$po") lacks messages the sources hold: po/extract.sh, then msgmerge --update --backup=none --no-wrap po/$(basename "$po") po/membersync.pot and translate them"
  }
done
# The same messages, in whatever order (a message moved within its file is no change).
messages() { msgcat --no-location --sort-output --no-wrap "$1"; }
diff -u <(messages "$src/po/membersync.pot") <(messages "$work/now.pot") >"$work/pot.diff" || {
  cat "$work/pot.diff" >&2
  fail "po/membersync.pot is not what the sources hold: run po/extract.sh"
}
echo "check-catalogue: every message of the sources is translated"
