#!/usr/bin/env bash
# Builds an SDK example out of tree, against the installed SDK alone, as a
# third party would.
#   build-example.sh <source dir> <build dir>          installs the SDK component alone
#                                                       into a private prefix, then builds
#                                                       sdk/examples/hello
#   build-example.sh <source dir> <build dir> rates     builds sdk/examples/rates against that
#                                                       prefix and runs its own unit test
#                                                       (ipfacts/testing/FakeHost.hpp)
set -euo pipefail
src=$1 build=$2 example=${3:-hello}
prefix=$build/tests/sdk-install
out=$build/tests/$example-example
if [[ $example == hello ]]; then
  rm -rf "$prefix"
  cmake --install "$build" --component sdk --prefix "$prefix" >/dev/null
  [[ ! -e $prefix/sbin/ipfactsd ]] || { echo "the sdk component installed the service" >&2; exit 1; }
fi
# The SDK a third party gets: the ABI, the C++ glue and the test fake.
for header in plugin.h plugin.hpp config_keys.hpp config.hpp contract.hpp fields.h views.hpp results.hpp dns_answers.hpp \
  testing/FakeHost.hpp testing/FakeRefusal.hpp; do
  test -f "$prefix/include/ipfacts/$header" || { echo "the installed SDK lacks ipfacts/$header" >&2; exit 1; }
done
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$src/sdk/examples/$example" -B "$out" -DCMAKE_PREFIX_PATH="$prefix" "${launcher[@]}" >/dev/null
cmake --build "$out" >/dev/null
test -f "$out/lib$example.so"
# Only the entry point may be exported.
exports=$(nm -D --defined-only "$out/lib$example.so" | awk '{print $3}' | grep -v '^_' | grep -c . || true)
nm -D --defined-only "$out/lib$example.so" | grep -q ' ipfacts_plugin_v1$'
echo "example plugin built out of tree: $out/lib$example.so ($exports exported symbols)"
if [[ -f $out/CTestTestfile.cmake ]]; then
  ctest --test-dir "$out" --output-on-failure
fi
