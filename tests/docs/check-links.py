#!/usr/bin/env python3
"""Every relative link in the repository's Markdown resolves.

Checks each tracked *.md file (README.md, CHANGELOG.md, docs/, and the READMEs of
host, plugins, sdk, tests, data): a link [text](target) or a reference
definition [label]: target whose target is not a URL must name a file or folder
that exists, and a #fragment must name a heading of the target Markdown file
(GitHub's anchor rule). Links inside fenced code blocks and code spans are not
links. Prints every broken link with file:line and exits 1 if there is one.

Usage: check-links.py REPOSITORY
"""
import os
import re
import subprocess
import sys

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def markdown_files(root):
    """The repository's Markdown: git's list, or a walk outside build trees and node_modules."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard",
                              "*.md"], check=True, capture_output=True).stdout.decode()
        return sorted(p for p in out.split("\0") if p and os.path.isfile(os.path.join(root, p)))
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in (".git", "node_modules", "var") and not d.startswith("build")]
            found += [os.path.relpath(os.path.join(folder, f), root) for f in files if f.endswith(".md")]
        return sorted(found)


def text_lines(path):
    """(line number, line) outside fenced code blocks, code spans blanked."""
    fenced = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = FENCE.match(line)
            if m:
                if fenced is None:
                    fenced = m.group(1)
                elif fenced == m.group(1):
                    fenced = None
                continue
            if fenced is None:
                yield number, CODE_SPAN.sub(lambda s: " " * len(s.group(0)), line.rstrip("\n"))


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation out, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen, found = {}, set()
        for _, line in text_lines(path):
            m = HEADING.match(line)
            if not m:
                continue
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        with open(path, encoding="utf-8") as f:  # explicit <a name=...> / id= anchors
            found.update(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", f.read()))
        cache[path] = found
    return cache[path]


def broken(root, source, target):
    """Why `target`, linked from `source`, does not resolve; None when it does."""
    if EXTERNAL.match(target):
        return None
    path, _, fragment = target.partition("#")
    if path.startswith("/"):
        return "an absolute path is not a file of the repository"
    here = os.path.join(root, source)
    resolved = os.path.normpath(os.path.join(os.path.dirname(here), path)) if path else here
    if not os.path.abspath(resolved).startswith(os.path.abspath(root) + os.sep):
        return "leaves the repository"
    if not os.path.exists(resolved):
        return "no such file"
    if fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
        return f"no heading #{fragment} in {os.path.relpath(resolved, root)}"
    return None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    failures = checked = 0
    for source in markdown_files(root):
        for number, line in text_lines(os.path.join(root, source)):
            targets = [m.group(1) for m in LINK.finditer(line)]
            ref = REFERENCE.match(line)
            if ref:
                targets.append(ref.group(1))
            for target in targets:
                checked += 1
                why = broken(root, source, target)
                if why:
                    failures += 1
                    print(f"{source}:{number}: {target}: {why}")
    print(f"{checked} links checked, {failures} broken")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
