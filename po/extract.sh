#!/usr/bin/env bash
# Extracts every message of the sources into a .pot (po/membersync.pot by default): the strings
# passed to tr(), trn() (singular and plural) and translateLater() (jobs/i18n/translator.h).
# After adding messages: po/extract.sh && msgmerge --update --backup=none --no-wrap po/zh_CN.po po/membersync.pot,
# then translate the new entries (tests/i18n/check-catalogue.sh fails until then).
# Usage: extract.sh [SOURCE_DIR [OUTPUT]]
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
out=${2:-$src/po/membersync.pot}
cd "$src"
# Sorted paths relative to the source folder: the same .pot on every machine. Locations name the
# file without a line, so that an edit elsewhere in the file does not make the .pot stale.
find daemon jobs config -name '*.cpp' -o -name '*.h' | LC_ALL=C sort >"$out.files"
xgettext --language=C++ --from-code=UTF-8 --keyword= --keyword=tr --keyword=trn:1,2 \
  --keyword=translateLater --keyword=msg --keyword=msgn:1,2 --add-comments=TRANSLATORS: --package-name=membersync \
  --no-wrap --omit-header --add-location=file --files-from="$out.files" -o "$out"
rm -f "$out.files"
[ -f "$out" ] || : >"$out"  # xgettext writes nothing when there is no message
