#!/usr/bin/env bash
# full-disk.sh BUILD_DIR — ipfactsd and `ipfacts key revoke` on a full disk (docs/operations.md,
# "A full disk"). In a mount namespace of its own (unshare; root, as tools/test runs in CI) the
# SQLite file lives on an 8 MiB tmpfs that the test then fills to the last byte:
#   1. the daemon's write-behinds fail every round: each says so once, not five times a second;
#   2. `ipfacts key revoke` still works (the disk reserve is released) and the daemon answers the
#      revoked key 401;
#   3. with the reserve spent, a second revoke refuses, saying what to do.
set -euo pipefail
build="$(cd "$1" && pwd)"
if [[ "${2:-}" != --inside ]]; then
  work="$(mktemp -d /tmp/ipfacts-full-disk.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
  unshare -m --propagation private "$0" "$build" --inside "$work"
  exit
fi
work="$3"
state="$work/state"
disk="$state/disk"
mkdir -p "$disk"
mount -t tmpfs -o size=8m ipfacts-full-disk "$disk"

fail() { echo "full-disk: FAIL: $*" >&2; [[ -f "$state/ipfactsd.log" ]] && tail -n 30 "$state/ipfactsd.log" >&2; exit 1; }

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
cat >"$work/ipfacts.yaml" <<YAML
service: { host: fulldisk.test }
state_dir: $state
keys: { refresh_ms: 50 }
store: { path: disk/ipfacts.sqlite, write_behind_ms: 100 }
rate_classes:
  metered:
    anonymous: { per_minute: 100000, per_day: 1000000 }
    keyed: { per_minute: 100000, per_day: 1000000 }
routes:
  - { path: /healthz, handler: host.healthz, rate_class: unmetered, cache_control: "no-store" }
  - { path: /api/openapi.json, handler: host.openapi, rate_class: metered, cache_control: "no-store" }
YAML
admin() { "$build/host/ipfacts" key "$1" --config "$work/ipfacts.yaml" "${@:2}"; }
status() { curl -s -o /dev/null -w '%{http_code}' "$@" "http://127.0.0.1:$port/api/openapi.json"; }

key1="$(admin add --account full-disk-1)"
key2="$(admin add --account full-disk-2)"
[[ -s "$disk/ipfacts.sqlite.reserve" ]] || fail "no disk reserve beside the SQLite file"

"$build/host/ipfactsd" --config "$work/ipfacts.yaml" --listen "127.0.0.1:$port" >"$state/ipfactsd.log" 2>&1 &
daemon=$!
trap 'kill -TERM $daemon 2>/dev/null || true; wait $daemon 2>/dev/null || true' EXIT
for _ in $(seq 200); do [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz")" == 200 ]] && break; sleep 0.05; done
[[ "$(status -H "Authorization: Bearer $key1")" == 200 ]] || fail "the first key is not served"

# The disk fills to the last byte; the write-behinds (every 100 ms) fail from now on.
dd if=/dev/zero of="$disk/filler" bs=64k 2>/dev/null || true
dd if=/dev/zero of="$disk/filler-tail" bs=4k 2>/dev/null || true  # tmpfs counts pages: the last ones too
for _ in $(seq 30); do
  status >/dev/null
  status -H "Authorization: Bearer $key2" >/dev/null
  sleep 0.1
done
counts="$(grep -c 'rate counters: .*day counts not written' "$state/ipfactsd.log" || true)"
usage="$(grep -c "key usage: .*keys' counts kept" "$state/ipfactsd.log" || true)"
echo "full-disk: after 3 s of failing rounds: $counts rate-counter line(s), $usage key-usage line(s)"
[[ "$counts" == 1 ]] || fail "the rate counters' failure was logged $counts times in 3 s, not once"
[[ "$usage" == 1 ]] || fail "the key usage failure was logged $usage times in 3 s, not once"

# A leaked key is revoked on the full disk: the reserve makes room.
if ! out="$(admin revoke "$key1" 2>&1)"; then fail "key revoke on a full disk: $out"; fi
echo "full-disk: revoke: $out"
[[ "$out" == *"released its reserve"* ]] || fail "revoke did not say it used the reserve: $out"
for _ in $(seq 100); do [[ "$(status -H "Authorization: Bearer $key1")" == 401 ]] && break; sleep 0.05; done
[[ "$(status -H "Authorization: Bearer $key1")" == 401 ]] || fail "the daemon still serves the revoked key"

# The reserve spent and the disk full again: a clear refusal, and what to do.
dd if=/dev/zero of="$disk/filler2" bs=4k 2>/dev/null || true
if out="$(admin revoke "$key2" 2>&1)"; then fail "revoke wrote on a full disk with no reserve left?: $out"; fi
echo "full-disk: second revoke: $out"
[[ "$out" == *"is full and its reserve is used up"* && "$out" == *"Free space"* ]] || fail "unclear refusal: $out"
[[ "$(status -H "Authorization: Bearer $key2")" == 200 ]] || fail "the refused revocation changed something"

rm -f "$disk/filler" "$disk/filler-tail" "$disk/filler2"
kill -TERM "$daemon"
wait "$daemon" || fail "ipfactsd exited with $? after the disk was freed"
trap - EXIT
umount "$disk"
echo "full-disk: ok"
