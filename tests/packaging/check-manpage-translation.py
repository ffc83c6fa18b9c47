#!/usr/bin/env python3
"""A translated man page documents what the English one does: the same options, verbs, exit
codes, configuration sections and keys, and environment variables, each way round.

The translation is free in its prose; these names are what an administrator types or reads in
the program's output, so a missing or misspelt one is a defect of the page, not of style.
Compares the roff sources (the names stand in bold/italic macros, untranslated).
Usage: check-manpage-translation.py ENGLISH_PAGE TRANSLATED_PAGE
"""
import re
import sys

# Section headings of the English page and their translations.
HEADINGS = {
    "VERBS": ("VERBS", "命令"),
    "OPTIONS": ("OPTIONS", "选项"),
    "EXIT STATUS": ("EXIT STATUS", "退出状态"),
    "CONFIGURATION": ("CONFIGURATION", "配置"),
    "ENVIRONMENT": ("ENVIRONMENT", "环境变量"),
}
FONT_MACROS = (".B", ".BR", ".BI", ".IB", ".I", ".IR", ".RB", ".RI")
IDENTIFIER = re.compile(r"^(\[[a-z]+\]|[a-z][a-z0-9_]*(\.[a-z]*)?|[A-Z][A-Z_]+|[0-9]+|[a-z][a-z\-]*)$")


def sections(path):
    """The page's lines, by the heading they stand under."""
    result, current = {}, ""
    with open(path, encoding="utf-8") as page:
        for line in page:
            line = line.rstrip("\n").replace("\\-", "-")
            if line.startswith(".SH "):
                current = line[4:].strip().strip('"')
                continue
            result.setdefault(current, []).append(line)
    return result


def first_argument(line):
    """The first argument of a font macro line (`.BI apply " PLANFILE"` -> apply), or None."""
    macro, _, rest = line.partition(" ")
    if macro not in FONT_MACROS or not rest:
        return None
    rest = rest.strip()
    word = rest[1:].split('"')[0] if rest.startswith('"') else rest.split()[0]
    word = word.strip()
    return word if IDENTIFIER.match(word) else None


def tagged(lines):
    """The names a .TP entry is headed with (the line after each .TP): verbs, codes, variables."""
    names = set()
    for before, line in zip(lines, lines[1:]):
        if before.startswith(".TP"):
            if line.startswith((".BR ", ".IR ")):  # `.BR NOTIFY_SOCKET ", " WATCHDOG_USEC`
                names.update(w for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", line[4:]) if w.isupper())
            word = first_argument(line)
            if word:
                names.add(word)
    return names


def names(path):
    """Every name the page documents, as (kind, name)."""
    by_heading = sections(path)
    under = lambda key: next((by_heading[h] for h in HEADINGS[key] if h in by_heading), [])
    found = set()
    with open(path, encoding="utf-8") as page:
        text = page.read().replace("\\-", "-")
    found |= {("option", o) for o in re.findall(r"(?<![\w-])--[a-z][a-z-]*", text)}
    found |= {("verb", v) for v in tagged(under("VERBS"))}
    found |= {("exit code", c) for c in tagged(under("EXIT STATUS")) if c.isdigit()}
    found |= {("environment variable", v) for v in tagged(under("ENVIRONMENT"))}
    for line in under("CONFIGURATION"):
        word = first_argument(line)
        if word and not word.isdigit():
            found.add(("configuration name", word))
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    english, translated = sys.argv[1], sys.argv[2]
    ours, theirs = names(english), names(translated)
    problems = [f"{translated} lacks the {kind} {name}, which {english} documents"
                for kind, name in sorted(ours - theirs)]
    problems += [f"{translated} documents the {kind} {name}, which {english} does not"
                 for kind, name in sorted(theirs - ours)]
    for problem in problems:
        print(f"check-manpage-translation: FAIL: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    kinds = {}
    for kind, _ in ours:
        kinds[kind] = kinds.get(kind, 0) + 1
    summary = ", ".join(f"{count} {kind}s" for kind, count in sorted(kinds.items()))
    print(f"check-manpage-translation: {translated} documents what {english} does: {summary}")


if __name__ == "__main__":
    main()
