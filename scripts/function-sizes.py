#!/usr/bin/env python3
"""The longest functions and files under the given folders (default: jobs daemon config).

    scripts/function-sizes.py [--top N] [DIR ...]

A function is a definition that starts at column 0 and ends at the first `}` alone at column 0
(the layout clang-format gives this tree); its size counts every line from the first line of its
signature to that brace. Lambdas and functions defined inside a class body count with their
enclosing function or not at all: a rough measure, good for comparing one tree with another.
"""
import os
import re
import sys

SKIP = re.compile(r"^(#|//|/\*|\*|namespace|using|struct|class|enum|template|static_assert|extern|typedef|\}|\{|$)")


def functions(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    start = None
    for i, line in enumerate(lines):
        if start is None:
            if line and not line[0].isspace() and not SKIP.match(line) and not line.rstrip().endswith(";"):
                start = i
            continue
        if line.rstrip().endswith(";") and i == start + 0:
            start = None
        elif line == "}" or line.startswith("}  //"):
            yield start + 1, i - start + 1, lines[start].strip()
            start = None
        elif line and not line[0].isspace() and line[0] not in "{}" and not line.startswith("//"):
            # A declaration or a one-liner before: this line may open the next function.
            start = None if SKIP.match(line) else i


def main(argv):
    top = 10
    if argv[:1] == ["--top"]:
        top, argv = int(argv[1]), argv[2:]
    dirs = argv or ["jobs", "daemon", "config"]
    funcs, files = [], []
    for d in dirs:
        for root, _, names in os.walk(d):
            for name in names:
                if not name.endswith((".cpp", ".h")):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    files.append((sum(1 for _ in f), path))
                for line, size, signature in functions(path):
                    funcs.append((size, f"{path}:{line}", signature[:70]))
    funcs.sort(reverse=True)
    files.sort(reverse=True)
    print(f"longest functions ({len(funcs)} found):")
    for size, where, signature in funcs[:top]:
        print(f"  {size:4d}  {where}  {signature}")
    print(f"functions over 40 lines: {sum(1 for f in funcs if f[0] > 40)}, over 80: {sum(1 for f in funcs if f[0] > 80)}")
    print(f"longest files ({len(files)} files):")
    for size, path in files[:top]:
        print(f"  {size:4d}  {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
