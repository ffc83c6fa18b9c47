#!/usr/bin/env python3
"""Every relative link in README.md, README.zh-CN.md and docs/*.md leads somewhere: the file
exists, and an #anchor names a heading of the file it points at (GitHub's rule: lower case,
spaces to '-', punctuation dropped, a repeated heading gets -1, -2, ...; CJK characters are
letters, so they stay, and CJK punctuation such as '：' or '（' goes). README.md also stays a
front door a person reads in ten minutes: at most MAX_README_LINES lines.

Usage: links_test.py [SOURCE_DIR]   (default: the repository this file is in)
"""

import os
import re
import sys
import unicodedata

MAX_README_LINES = 500

FENCE = re.compile(r'^\s*(```|~~~)')
HEADING = re.compile(r'^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
CODE_SPAN = re.compile(r'(`+)(.+?)\1')
# [text](target) and ![alt](target); the text may hold one level of brackets or a code span.
LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
HTML_ANCHOR = re.compile(r'<a\s+(?:name|id)="([^"]+)"', re.IGNORECASE)


def prose_lines(text):
    """(line number, line) outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.split('\n'), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = CODE_SPAN.sub(lambda m: m.group(2), heading)
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', text)  # a link's text stays
    text = re.sub(r'<[^>]+>', '', text)  # HTML tags go
    out = []
    for ch in text.lower():
        if ch in ' -':
            out.append('-' if ch == ' ' else ch)
        elif ch == '_' or unicodedata.category(ch)[0] in 'LNM':
            out.append(ch)
    return ''.join(out)


def anchors(path, cache={}):
    if path not in cache:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        seen, found = {}, set()
        for _, line in prose_lines(text):
            found.update(HTML_ANCHOR.findall(line))
            m = HEADING.match(line)
            if not m:
                continue
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f'{base}-{n}')
        cache[path] = found
    return cache[path]


def broken_links(path, root):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    problems = []
    for number, line in prose_lines(text):
        for target in LINK.findall(CODE_SPAN.sub('', line)):
            if re.match(r'^[a-z][a-z0-9+.-]*:', target, re.IGNORECASE):
                continue  # https:, mailto: ...
            file_part, _, anchor = target.partition('#')
            where = f'{os.path.relpath(path, root)}:{number}: {target}'
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part \
                else path
            if not os.path.exists(dest):
                problems.append(f'{where}: no such file')
            elif anchor and dest.endswith('.md') and anchor not in anchors(dest):
                problems.append(f'{where}: no heading #{anchor} in {os.path.relpath(dest, root)}')
    return problems


def check_slug():
    """GitHub's anchors for headings in Chinese, as README.zh-CN.md links them."""
    for heading, expected in (('试用：两条命令', '试用两条命令'), ('何时需要人工处理', '何时需要人工处理'),
                              ('`[report]` 运行报告（邮件）', 'report-运行报告邮件')):
        assert slug(heading) == expected, f'slug({heading!r}) = {slug(heading)!r}, not {expected!r}'


def main():
    check_slug()
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), '..', '..'))
    docs = os.path.join(root, 'docs')
    files = [os.path.join(root, 'README.md'), os.path.join(root, 'README.zh-CN.md')] + sorted(
        os.path.join(docs, name) for name in os.listdir(docs) if name.endswith('.md'))
    problems = []
    for path in files:
        problems += broken_links(path, root)
    with open(os.path.join(root, 'README.md'), encoding='utf-8') as f:
        lines = f.read().count('\n')
    if lines > MAX_README_LINES:
        problems.append(f'README.md: {lines} lines, more than {MAX_README_LINES}: move the detail '
                        'into a file of docs/ and link it')
    for problem in problems:
        print(problem)
    print(f'{len(files)} files checked, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
