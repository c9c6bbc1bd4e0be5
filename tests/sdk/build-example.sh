#!/usr/bin/env bash
# Installs the SDK from the build tree into a private prefix, then builds
# sdk/examples/hello against that prefix alone, as a third party would.
set -euo pipefail
src=$1 build=$2
prefix=$build/tests/sdk-install
out=$build/tests/hello-example
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$src/sdk/examples/hello" -B "$out" -DCMAKE_PREFIX_PATH="$prefix" "${launcher[@]}" >/dev/null
cmake --build "$out" >/dev/null
test -f "$out/libhello.so"
# Only the entry point may be exported.
exports=$(nm -D --defined-only "$out/libhello.so" | awk '{print $3}' | grep -v '^_' | grep -c . || true)
nm -D --defined-only "$out/libhello.so" | grep -q ' ipfacts_plugin_v1$'
echo "example plugin built out of tree: $out/libhello.so ($exports exported symbols)"
