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


def outline(path):
    """(headings, code blocks, tables) of a Markdown file, each an item with its line number:
    a heading's level and text, a code block's text (fence lines included), a table's rows."""
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
            headings.append((number, len(m.group(1)), m.group(2)))
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


def compare(english, chinese):
    names = (os.path.basename(english), os.path.basename(chinese))
    (h1, c1, t1), (h2, c2, t2) = outline(english), outline(chinese)
    checks = (
        ('headings', h1, h2, lambda a, b: a[1] == b[1], lambda h: f'level {h[1]} "{h[2]}"'),
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
