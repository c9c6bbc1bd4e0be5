#!/usr/bin/env bash
# typed-client.sh <source dir> <build dir>: a typed TypeScript client from the document
# ipfactsd serves. Runs inside `unshare -n` (tests/CMakeLists.txt): only loopback.
#   1. ipfactsd from etc/ipfacts.yaml (every plugin, the data tools/setup fetched) on a
#      loopback port; /api/openapi.json fetched from it
#   2. openapi-typescript turns it into ipfacts.d.ts; tsc --strict compiles client.ts
#      against it (a use the document does not allow fails the compile)
#   3. the compiled client calls /json and /api/v1/lookup/8.8.8.8 on that daemon
# The node tools come pinned from tests/client/package-lock.json (tools/setup: npm ci).
set -euo pipefail
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd)
here=$src/tests/client
work=$build/tests/typed-client
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ -x $here/node_modules/.bin/openapi-typescript && -x $here/node_modules/.bin/tsc ]] ||
  fail "tests/client/node_modules is missing: run tools/setup"
rm -rf "$work"
mkdir -p "$work"
port=18091
base=http://127.0.0.1:$port

# 1. The daemon (the first READY=1 on its notify socket), its document.
python3 - "$build/host/ipfactsd" "$src/etc/ipfacts.yaml" "$port" "$work" <<'PY' &
import os, socket, subprocess, sys
ipfactsd, config, port, work = sys.argv[1:5]
sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
sock.bind(f"\0ipfacts-typed-client-{os.getpid()}")
log = open(os.path.join(work, "ipfactsd.log"), "w")
proc = subprocess.Popen([ipfactsd, "--config", config, "--listen", f"127.0.0.1:{port}",
                         "--state-dir", os.path.join(work, "state")],
                        env=dict(os.environ, NOTIFY_SOCKET=f"@ipfacts-typed-client-{os.getpid()}"),
                        stdout=log, stderr=subprocess.STDOUT)
sock.settimeout(30)
try:
    while "READY=1" not in sock.recv(4096).decode().split("\n"):
        pass
except socket.timeout:
    proc.kill()
    sys.exit("no READY=1 within 30 s")
open(os.path.join(work, "ready"), "w").close()
# Until the test removes the file: then SIGTERM, and its exit status.
import time
while os.path.exists(os.path.join(work, "ready")):
    time.sleep(0.05)
proc.terminate()
sys.exit(proc.wait(timeout=30))
PY
daemon=$!
trap 'rm -f "$work/ready"; wait $daemon || true' EXIT
for _ in $(seq 600); do [[ -f $work/ready ]] && break; kill -0 $daemon 2>/dev/null || fail "ipfactsd did not start: $(tail "$work/ipfactsd.log")"; sleep 0.05; done
[[ -f $work/ready ]] || fail "ipfactsd not ready within 30 s"
python3 -c 'import sys, urllib.request; open(sys.argv[2], "wb").write(urllib.request.urlopen(sys.argv[1]).read())' \
  "$base/api/openapi.json" "$work/openapi.json"

# 2. Generated, then compiled strictly.
cp "$here/client.ts" "$here/tsconfig.json" "$work/"
"$here/node_modules/.bin/openapi-typescript" "$work/openapi.json" -o "$work/ipfacts.d.ts" >"$work/generate.log" 2>&1 ||
  { cat "$work/generate.log" >&2; fail "openapi-typescript could not generate from the served document"; }
ln -s "$here/node_modules" "$work/node_modules"
(cd "$work" && echo '{"type":"module"}' >package.json && "$here/node_modules/.bin/tsc" --strict -p tsconfig.json) ||
  fail "tsc --strict rejected the client against the generated types"

# 3. Run against the daemon.
out=$(cd "$work" && node client.js "$base") || fail "the typed client failed: $out"
python3 - "$out" <<'PY' || exit 1
import json, sys
r = json.loads(sys.argv[1])
if r["ip"] != "127.0.0.1" or r["lookup_status"] != 200 or r["country"] != "US":
    sys.exit(f"FAIL: the typed client got {r}")
PY
rm -f "$work/ready"
wait $daemon || fail "ipfactsd did not exit 0 after SIGTERM"
trap - EXIT
echo "typed client: $(wc -l <"$work/ipfacts.d.ts") lines generated from /api/openapi.json, tsc --strict clean; $out"
