#!/usr/bin/env python3
"""docs/api.md's table of error tokens and the code agree.

Both ways: every token of the table ("## Errors" in docs/api.md) is a string
literal somewhere in host/ or plugins/ (a token nobody sends is a stale line),
and every token the code hands to an error call with a status
(`error(400, "token", ...)`, `writeError(resp, 429, "token", ...)`,
`{503, "token", ...}`, `refused("token", ...)`) is in the table. Prints each
disagreement and exits 1 if there is one.

Usage: check-error-tokens.py REPOSITORY
"""
import glob
import os
import re
import sys

TOKEN = r'"([a-z][a-z0-9]*(?:_[a-z0-9]+)*)"'
CALLS = [
    re.compile(r"(?:[eE]rror|refused|fail\w*|reply)\w*\s*\(\s*(?:[\w.>-]+\s*,\s*)?(?:\d{3}|k\w+)\s*,\s*" + TOKEN),
    re.compile(r"\{\s*\d{3}\s*,\s*" + TOKEN),
    re.compile(r"refused\(\s*" + TOKEN),
]


def sources(root):
    for pattern in ("host/**/*.cpp", "host/**/*.h", "plugins/*/src/*.cpp", "plugins/*/src/*.h"):
        for path in glob.glob(os.path.join(root, pattern), recursive=True):
            with open(path, encoding="utf-8", errors="replace") as f:
                yield os.path.relpath(path, root), f.read()


def documented(root):
    with open(os.path.join(root, "docs/api.md"), encoding="utf-8") as f:
        text = f.read()
    table = text[text.index("\n## Errors\n"):]
    table = table[:table.index("\n## ", 1)]
    tokens = set()
    for line in table.splitlines():
        cells = line.split("|")
        if len(cells) > 3 and re.search(r"\d{3}", cells[1]):
            tokens.update(re.findall(r"`([a-z][a-z0-9_]*)`", cells[2]))
    return tokens


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    table = documented(root)
    literals, sent = set(), {}
    for path, text in sources(root):
        literals.update(re.findall(TOKEN, text))
        for call in CALLS:
            for m in call.finditer(text):
                sent.setdefault(m.group(1), path)
    problems = [f"docs/api.md: `{t}` is in the table but no source sends it" for t in sorted(table - literals)]
    problems += [f"{sent[t]}: `{t}` is sent but not in docs/api.md's table" for t in sorted(set(sent) - table)]
    for p in problems:
        print(p)
    print(f"{len(table)} tokens in the table, {len(sent)} found in error calls, {len(problems)} disagreements")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
