#!/usr/bin/env bash
# Every tracked C and C++ source follows .clang-format. A drift fails with the file names
# and the command that fixes them. The frozen ABI headers under tests/abi/include-* are
# copies of what shipped and keep their bytes (tests/abi/.clang-format turns formatting off).
set -euo pipefail
root="$1"
cd "$root"
format=clang-format-14
command -v "$format" >/dev/null || { echo "clang-format-check: $format not installed (tools/setup)" >&2; exit 1; }
mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h' '*.hpp' 2>/dev/null || find host plugins sdk tests tools -name '*.[ch]' -o -name '*.[ch]pp')
((${#files[@]})) || { echo "clang-format-check: no sources found under $root" >&2; exit 1; }
# One clang-format per 64 files, two at a time: a process per file costs more than the work.
# Each drift is reported as "file:line:col: error: code should be clang-formatted".
status=0
report="$(printf '%s\0' "${files[@]}" | xargs -0 -n64 -P2 "$format" --dry-run --Werror 2>&1)" || status=$?
mapfile -t drift < <(sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' <<<"$report" | sort -u)
if ((status != 0 && ${#drift[@]} == 0)); then
  echo "clang-format-check: $format failed without naming a drift:" >&2
  echo "$report" >&2
  exit 1
fi
if ((${#drift[@]})); then
  echo "clang-format-check: ${#drift[@]} of ${#files[@]} files drift from .clang-format:" >&2
  printf '  %s\n' "${drift[@]}" >&2
  echo "fix with: $format -i ${drift[*]}" >&2
  exit 1
fi
echo "clang-format-check: ${#files[@]} files follow .clang-format"
