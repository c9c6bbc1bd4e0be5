#!/usr/bin/env bash
# tools/check-layers catches what it is there for: on a copy of host/, host/layers.txt
# and docs/architecture.md with one thing broken at a time, it fails and names the file,
# the line and what is not allowed. The unbroken copy passes first, so each failure below
# comes from the one thing broken.
set -euo pipefail
root="$1"
checker="$root/tools/check-layers"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
copy="$work/tree"
failures=0

fresh() {
  rm -rf "$copy"
  mkdir -p "$copy/docs"
  cp -a "$root/host" "$copy/"
  cp "$root/docs/architecture.md" "$copy/docs/"
}

# expect <what> <mode> <text>: the checker (with <mode>, or "" for the full check) fails
# on the copy and says <text>.
expect() {
  local what="$1" mode="$2" text="$3" out rc=0
  out="$("$checker" $mode "$copy" 2>&1)" || rc=$?
  if ((rc == 0)); then
    echo "FAIL $what: the checker passed" >&2
    failures=$((failures + 1))
  elif [[ $out != *"$text"* ]]; then
    echo "FAIL $what: no line says: $text" >&2
    echo "$out" | sed 's/^/    /' >&2
    failures=$((failures + 1))
  else
    echo "ok   $what: $text"
  fi
}

fresh
"$checker" "$copy" >/dev/null || { echo "FAIL the unbroken copy does not pass" >&2; exit 1; }
echo "ok   the unbroken copy passes"

sed -i '1a #include "host/server/Daemon.h"' "$copy/host/net/IpAddress.cpp"
line='host/net/IpAddress.cpp:2: host/net/ may not include host/server/Daemon.h (host/server/ is not in its entry of host/layers.txt)'
expect "a forbidden include" "" "$line"
expect "a forbidden include, as the build checks" "--includes" "$line"

fresh
sed -i 's|^host/pipeline/: host/net/|host/pipeline/: host/server/ host/net/|' "$copy/host/layers.txt"
expect "a cycle of folder-wide entries" "" "folder-wide entries form a cycle: host/pipeline/ -> host/server/ -> host/pipeline/"

fresh
sed -i 's|^host/net/:$|host/net/: host/fiber/|' "$copy/host/layers.txt"
n="$(grep -n '^host/net/:' "$copy/host/layers.txt" | cut -d: -f1)"
expect "an entry nothing uses" "" "host/layers.txt:$n: host/net/ includes nothing of host/fiber/; drop the entry"

fresh
sed -i '/^| `host\/cache\/` /s/| standard library only |$/| `host\/net\/` |/' "$copy/docs/architecture.md"
expect "a document row saying more" "" "the row lets host/cache/ include host/net/, host/layers.txt does not"

fresh
mkdir "$copy/host/unlisted"
printf '#include "host/net/IpAddress.h"\n' >"$copy/host/unlisted/Stray.cpp"
expect "a folder that is no layer" "--includes" "host/unlisted/Stray.cpp:1: belongs to no layer of host/layers.txt"

fresh
mkdir -p "$copy/plugins/stray/src"
printf '#include "ipfacts/plugin.hpp"\n#include "host/pipeline/Exchange.h"\n' >"$copy/plugins/stray/src/Stray.cpp"
expect "a plugin reaching into the host" "--includes" \
  "plugins/stray/src/Stray.cpp:2: plugins/ may not include host/pipeline/Exchange.h (the SDK and plugins never see the host)"

((failures == 0)) || { echo "check-layers-test: $failures case(s) failed" >&2; exit 1; }
echo "check-layers-test: every case caught"
