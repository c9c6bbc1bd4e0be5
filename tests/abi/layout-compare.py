#!/usr/bin/env python3
"""The current plugin.h keeps every frozen ABI header's promises.

usage: layout-compare.py CLANG CURRENT_INCLUDE FROZEN_INCLUDE...

For each frozen header (tests/abi/include-1.N) the compiler lays out every
struct it defines, in the frozen header and in the current one:
  - a struct that starts with `uint32_t struct_size` (a table that grows) keeps
    every member of the frozen one at the same offset, with the same type and
    name, and may only have more after them;
  - any other struct (an element of an array, a value passed by copy) is the
    same member for member, and the same size;
every IPF_ enumerator keeps its value, and every IPF_ object-like macro its
definition (IPF_ABI_MINOR only grows). Prints each broken promise; exits 1
when there is one.
"""
import re
import subprocess
import sys
import tempfile

RECORD_DEF = re.compile(r"struct\s+(ipf_\w+)\s*\{")
ENUMERATOR = re.compile(r"\b(IPF_[A-Z0-9_]+)\s*=\s*(\d+)")


def frozen_records(include):
    with open(include + "/ipfacts/plugin.h") as f:
        text = f.read()
    return sorted(set(RECORD_DEF.findall(text))), dict(ENUMERATOR.findall(text))


def layouts(clang, include, records):
    """{record: (member lines, sizeof)} as clang lays them out."""
    with tempfile.NamedTemporaryFile("w", suffix=".c") as tu:
        tu.write("#include <ipfacts/plugin.h>\n")
        for i, r in enumerate(records):
            tu.write(f"int size_{i} = sizeof(struct {r});\n")
        tu.flush()
        out = subprocess.run([clang, "-x", "c", "-fsyntax-only", "-Xclang", "-fdump-record-layouts", "-I", include,
                              tu.name], check=True, capture_output=True, text=True).stdout
    result = {}
    for block in out.split("*** Dumping AST Record Layout")[1:]:
        lines = [l for l in block.strip().splitlines() if l.strip()]
        name = lines[0].split("|", 1)[1].strip().removeprefix("struct ")
        size = int(re.search(r"sizeof=(\d+)", lines[-1]).group(1))
        result[name] = ([" ".join(l.split()) for l in lines[1:-1]], size)
    return result


def macros(clang, include):
    out = subprocess.run([clang, "-x", "c", "-dM", "-E", "-I", include, "-"], input="#include <ipfacts/plugin.h>\n",
                         check=True, capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        m = re.match(r"#define (IPF_\w+) (.*)", line)
        if m:
            found[m.group(1)] = " ".join(m.group(2).split())
    return found


def compare(clang, current, frozen):
    broken = []
    records, enumerators = frozen_records(frozen)
    old, new = layouts(clang, frozen, records), layouts(clang, current, records)
    for r in records:
        (old_members, old_size), (new_members, new_size) = old[r], new[r]
        grows = old_members[0].endswith("uint32_t struct_size")
        if new_members[: len(old_members)] != old_members:
            first = next(i for i, (a, b) in enumerate(zip(old_members + [""], new_members + [""])) if a != b)
            broken.append(f"struct {r}: '{old_members[first] if first < len(old_members) else ''}' "
                          f"became '{new_members[first] if first < len(new_members) else '(nothing)'}'")
        elif not grows and (new_size != old_size or len(new_members) != len(old_members)):
            broken.append(f"struct {r}: an array element or value changed size, {old_size} to {new_size} bytes")
        elif new_size < old_size:
            broken.append(f"struct {r}: shrank from {old_size} to {new_size} bytes")
    with open(current + "/ipfacts/plugin.h") as f:
        now = dict(ENUMERATOR.findall(f.read()))
    for name, value in enumerators.items():
        if now.get(name) != value:
            broken.append(f"enumerator {name}: {value} became {now.get(name, '(gone)')}")
    old_macros, new_macros = macros(clang, frozen), macros(clang, current)
    for name, value in old_macros.items():
        if name == "IPF_ABI_MINOR":
            if int(new_macros[name]) < int(value):
                broken.append(f"IPF_ABI_MINOR went back from {value} to {new_macros[name]}")
        elif new_macros.get(name) != value:
            broken.append(f"macro {name}: '{value}' became '{new_macros.get(name, '(gone)')}'")
    return broken, len(records)


def main():
    clang, current, frozen = sys.argv[1], sys.argv[2], sys.argv[3:]
    failed = False
    for f in frozen:
        broken, checked = compare(clang, current, f)
        for b in broken:
            print(f"{f}: {b}")
        print(f"{f}: {checked} structs compared, {len(broken)} broken promises")
        failed = failed or bool(broken)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
