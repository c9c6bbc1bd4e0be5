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
drift=()
for f in "${files[@]}"; do
  [[ -f $f ]] || continue
  if ! "$format" --dry-run --Werror "$f" >/dev/null 2>&1; then drift+=("$f"); fi
done
if ((${#drift[@]})); then
  echo "clang-format-check: ${#drift[@]} of ${#files[@]} files drift from .clang-format:" >&2
  printf '  %s\n' "${drift[@]}" >&2
  echo "fix with: $format -i ${drift[*]}" >&2
  exit 1
fi
echo "clang-format-check: ${#files[@]} files follow .clang-format"
