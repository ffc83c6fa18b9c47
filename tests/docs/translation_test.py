#!/usr/bin/env python3
"""README.zh-CN.md translates README.md whole and stays in step with it: the same headings, level
by level in the same order; the same fenced code blocks, text for text (commands are not
translated); the same tables with the same number of rows each. A section added to one file only,
a command changed in one only, or a row added to one table only fails here, naming the first
difference of each kind with the line in both files.

Usage: translation_test.py [SOURCE_DIR]   (default: the repository this file is in)
"""

import os
import re
import sys

FENCE = re.compile(r'^\s*(```|~~~)')
HEADING = re.compile(r'^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
TABLE_ROW = re.compile(r'^\s*\|')


LINK = re.compile(r'\]\(\s*<?([^)\s>#]+)')  # a link to another file (an #anchor's language varies)


def outline(path):
    """(headings, code blocks, tables) of a Markdown file, each an item with its line number:
    a heading's level, text and what its section holds (below), a code block's text (fence lines
    included), a table's rows."""
    headings, blocks, tables = [], [], []
    block, table = None, None
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    for number, line in enumerate(lines, 1):
        if block is not None:
            block[1].append(line)
            if FENCE.match(line):
                blocks.append((block[0], '\n'.join(block[1])))
                block = None
            continue
        if FENCE.match(line):
            block = (number, [line])
            table = None
            continue
        if TABLE_ROW.match(line):
            if table is None:
                table = [number, 0]
                tables.append(table)
            table[1] += 1
            continue
        table = None
        m = HEADING.match(line)
        if m:
            headings.append((number, len(m.group(1)), m.group(2), []))
        elif headings:
            headings[-1][3].extend(LINK.findall(line))
    # What a section holds, in either language: its code blocks, its tables' rows and the files
    # it links. Only used to find where two lists of headings part ways.
    for i, heading in enumerate(headings):
        end = headings[i + 1][0] if i + 1 < len(headings) else len(lines) + 1
        inside = lambda item: heading[0] < item[0] < end
        headings[i] = heading[:3] + ((tuple(c[1] for c in blocks if inside(c)),
                                      tuple(t[1] for t in tables if inside(t)),
                                      tuple(t for t in heading[3] if not t.startswith('README'))),)
    return headings, blocks, [tuple(t) for t in tables]


def first_difference(kind, ours, theirs, same, show, names):
    """The first place where two lists of items differ, as one message, or None."""
    for a, b in zip(ours, theirs):
        if not same(a, b):
            return (f'{kind}: {names[0]}:{a[0]} {show(a)} but {names[1]}:{b[0]} {show(b)}')
    if len(ours) != len(theirs):
        longer, name = (ours, names[0]) if len(ours) > len(theirs) else (theirs, names[1])
        extra = longer[min(len(ours), len(theirs))]
        return (f'{kind}: {len(ours)} in {names[0]}, {len(theirs)} in {names[1]}; the first '
                f'without a counterpart is {name}:{extra[0]} {show(extra)}')
    return None


def same_heading(levels_differ):
    """Headings pair up by level alone when both files have as many of each; otherwise a
    heading also pairs up only with one whose section holds the same, to name the section
    added or removed rather than the last one."""
    if not levels_differ:
        return lambda a, b: a[1] == b[1]
    return lambda a, b: a[1] == b[1] and a[3] == b[3]


def compare(english, chinese):
    names = (os.path.basename(english), os.path.basename(chinese))
    (h1, c1, t1), (h2, c2, t2) = outline(english), outline(chinese)
    levels_differ = [h[1] for h in h1] != [h[1] for h in h2]
    checks = (
        ('headings', h1, h2, same_heading(levels_differ), lambda h: f'level {h[1]} "{h[2]}"'),
        ('code blocks', c1, c2, lambda a, b: a[1] == b[1],
         lambda c: 'a code block:\n' + '\n'.join('    ' + line for line in c[1].split('\n'))),
        ('tables', t1, t2, lambda a, b: a[1] == b[1], lambda t: f'a table of {t[1]} rows'),
    )
    problems = []
    for kind, ours, theirs, same, show in checks:
        problem = first_difference(kind, ours, theirs, same, show, names)
        if problem:
            problems.append(problem)
    counts = f'{len(h1)} headings, {len(c1)} code blocks, {len(t1)} tables'
    return problems, counts


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), '..', '..'))
    problems, counts = compare(os.path.join(root, 'README.md'),
                               os.path.join(root, 'README.zh-CN.md'))
    for problem in problems:
        print(problem)
    if problems:
        print('README.zh-CN.md translates README.md whole: change both in the same commit')
        return 1
    print(f'README.md and README.zh-CN.md in step: {counts}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
