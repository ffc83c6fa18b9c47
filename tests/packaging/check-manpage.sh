#!/usr/bin/env bash
# A man page covers its program: every option that `PROGRAM --help` lists, every verb (when the
# help has a "Verbs:" list), every exit code of an exit-code header (when one is given), and it
# renders without a groff warning. A translation (a page under docs/zh_CN/) is checked the same
# way, against the English --help, under its own section headings.
# Usage: check-manpage.sh PROGRAM MAN_PAGE [EXIT_CODES_HEADER]
set -euo pipefail
binary=${1:?usage: check-manpage.sh PROGRAM MAN_PAGE [EXIT_CODES_HEADER]}
page=${2:?man page}
codes_header=${3:-}
name=$(basename "$page")
fail() { echo "check-manpage: $name: FAIL: $*" >&2; exit 1; }
command -v groff >/dev/null || fail "groff is missing (Debian package groff-base)"

# The headings this script reads, and how groff reads the page: a translation is UTF-8 text,
# which groff reads through preconv (-k), as man does.
case "$page" in
  */zh_CN/*) name=zh_CN/$name verbs_heading=命令 options_heading=选项 status_heading=退出状态 device=utf8 preconv=-k ;;
  *) verbs_heading=VERBS options_heading=OPTIONS status_heading="EXIT STATUS" device=ascii preconv= ;;
esac

warnings=$(groff $preconv -man -Tutf8 -ww -z "$page" 2>&1)
[ -z "$warnings" ] || { echo "$warnings" >&2; fail "groff warns"; }

# The page as plain text, one paragraph per line (long lines: no wrapping to worry about).
text=$(groff $preconv -man -T$device -rLL=1000n -P-c -P-b -P-u "$page" 2>/dev/null)
section() {  # the text between the heading $1 and the next heading (a line at column 0)
  awk -v h="$1" '/^[^ ]/ { on = ($0 == h); next } on' <<<"$text"
}
# The English help: the section names ("Verbs:") are what this script reads.
help=$(LANGUAGE= LC_ALL=C.UTF-8 "$binary" --help)
summary=""

verbs=$(awk '/^Verbs:/ { on = 1; next } on && /^$/ { exit } on { print $1 }' <<<"$help")
if [ -n "$verbs" ]; then
  verb_section=$(section "$verbs_heading")
  for verb in $verbs; do
    grep -qE "^ {7}$verb( |$)" <<<"$verb_section" || fail "$verbs_heading does not describe '$verb'"
  done
  summary="$(wc -w <<<"$verbs") verbs, "
fi

options=$(grep -oE -- '--[a-z][a-z-]+' <<<"$help" | sort -u)
[ -n "$options" ] || fail "found no option in $binary --help"
option_section=$(section "$options_heading")
for option in $options; do
  grep -qE -- "(^| )$option( |,|$)" <<<"$option_section" || fail "$options_heading does not describe $option"
done
summary+="$(wc -w <<<"$options") options"

if [ -n "$codes_header" ]; then
  codes=$(grep -oE '= [0-9]+,' "$codes_header" | grep -oE '[0-9]+')
  [ "$(wc -l <<<"$codes")" -ge 8 ] || fail "found only these exit codes in $codes_header: $codes"
  status_section=$(section "$status_heading")
  for code in $codes; do
    grep -qE "^ {7}$code( |$)" <<<"$status_section" || fail "$status_heading does not describe exit code $code"
  done
  summary+=", $(wc -w <<<"$codes") exit codes"
fi
echo "check-manpage: $name: $summary described; groff renders it without a warning"
