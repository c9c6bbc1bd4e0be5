#!/usr/bin/env bash
# tests/unit/fiber/run-asan.sh <source-dir> <work-dir>
# Builds the fiber suites with AddressSanitizer and UBSan (tests/unit/fiber/asan,
# clang++-14) into <work-dir>, again only what changed, and runs them with
# use-after-return detection on, so the sanitizer's fake stacks travel across
# fiber switches too. Exits non-zero on a build failure or any report.
set -euo pipefail
me="tests/unit/fiber/run-asan.sh"
(($# == 2)) || { echo "usage: $me <source-dir> <work-dir>" >&2; exit 2; }
src="$(cd "$1" && pwd)"
work=$2
CXX=clang++-14
if ! command -v "$CXX" >/dev/null 2>&1; then
  echo "$me: $CXX not found: install it with tools/setup (Debian package clang-14)" >&2
  exit 1
fi
if [[ ! -f $work/CMakeCache.txt ]]; then
  launcher=()  # ccache, when there, as in the main build
  if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  cmake -S "$src/tests/unit/fiber/asan" -B "$work" -DCMAKE_CXX_COMPILER="$CXX" -DIPFACTS_SOURCE_DIR="$src" \
    "${launcher[@]}" >/dev/null
fi
cmake --build "$work" -j2
export ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1:abort_on_error=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
exec "$work/test_fiber_asan"
