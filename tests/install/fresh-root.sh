#!/usr/bin/env bash
# fresh-root.sh <source dir> <build dir>: the .deb on a fresh Debian 12, as an operator
# gets it. The root is debootstrap's minbase (essential packages and apt), made once by
# tools/setup in var/fresh-root with the packages the service depends on in its apt
# cache, not installed. Each run works on a copy of it (an overlay; the original stays
# fresh) inside its own mount and network namespaces (unshare -m -n): only loopback.
#   - apt installs the built ipfacts .deb there offline (no network in the namespace): its Depends resolve from the
#     root's own archive cache (--no-install-recommends: the MTA it recommends is not there)
#   - postinst makes the service's user and /var/lib/ipfacts; no systemd runs, so
#     start_unit.py runs the unit's ExecStart as the unit would (User=, UMask=, %S),
#     with $NOTIFY_SOCKET, and checks every endpoint that needs no internet
#   - the admin command, run as root with no --config, reads the installed manifest,
#     writes the store as the service's user and keeps no e-mail address in plain
#   - the installed --check-config passes
# Needs root (chroot, mounts) and var/fresh-root: fails, saying to run tools/setup, without it.
set -euo pipefail
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd)
work=$build/tests/install-fresh-root
source "$(dirname "$0")/scratch.sh"
fresh=$src/var/fresh-root
[[ $(id -u) -eq 0 ]] || fail "needs root (chroot, mounts in a namespace of its own)"
[[ -f $fresh/.ipfacts-fresh-root ]] ||
  fail "no fresh Debian 12 root at $fresh: run tools/setup (it makes it once with debootstrap)"

rm -rf "$work"
mkdir -p "$work"
# The package install.deb built and checked (its fixture, tests/CMakeLists.txt).
deb=$(ls "$build"/tests/install-deb/out/ipfacts_*_*.deb 2>/dev/null | head -n 1)
[[ -n $deb ]] || fail "no ipfacts .deb in $build/tests/install-deb/out: install.deb builds it"

# The rest runs in namespaces of its own: the overlay and /proc vanish with it.
exec unshare -m -n -- bash -s "$src" "$work" "$deb" "$fresh" <<'INNER'
set -euo pipefail
src=$1 work=$2 deb=$3 fresh=$4
source "$src/tests/install/scratch.sh"
log=$work/fresh-root.log
ip link set lo up
mount --make-rprivate /
root=$work/root
mkdir -p "$work/upper" "$work/overlay-work" "$root"
if ! mount -t overlay overlay -o "lowerdir=$fresh,upperdir=$work/upper,workdir=$work/overlay-work" "$root" 2>/dev/null; then
  cp -a "$fresh/." "$root/"   # no overlayfs here: a copy, slower
fi
mount -t proc proc "$root/proc"
mount -t devpts -o newinstance devpts "$root/dev/pts"   # apt's log of dpkg
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }

echo "== apt-get install ./$(basename "$deb") in a fresh Debian 12 (offline)" >>"$log"
cp "$deb" "$root/tmp/"
# No network here: apt takes every Depends from the root's archive cache, or fails.
in_root apt-get install -y --no-install-recommends -o Dpkg::Options::=--force-unsafe-io "/tmp/$(basename "$deb")" >>"$log" 2>&1 ||
  { tail -n 30 "$log" >&2; fail "apt-get could not install the .deb in the fresh root (Depends not in its cache? rerun tools/setup)"; }
in_root dpkg-query -W -f='${Status}\n' ipfacts | grep -qx 'install ok installed' || fail "ipfacts is not installed"

# postinst: the service's user and its state directory.
in_root getent passwd ipfacts >/dev/null || fail "postinst made no ipfacts user"
uid=$(in_root id -u ipfacts)
owner=$(in_root stat -c %U:%G:%a /var/lib/ipfacts)
[[ $owner == ipfacts:ipfacts:750 ]] || fail "/var/lib/ipfacts is $owner, want ipfacts:ipfacts:750"

# The data, where ipfacts-fetch-data (run as root) would put them: the test fixtures.
data=$root/var/lib/ipfacts/data
mkdir -p "$data/geolite2-city" "$data/asn" "$data/uap-core"
cp "$src/tests/fixtures/netdb/city-reduced-v4.mmdb" "$data/geolite2-city/geolite2-city-ipv4.mmdb"
cp "$src/tests/fixtures/netdb/city-reduced-v6.mmdb" "$data/geolite2-city/geolite2-city-ipv6.mmdb"
cp "$src/tests/fixtures/netdb/asn-ipv4.csv" "$data/asn/asn-ipv4.csv"
cp "$src/tests/fixtures/netdb/asn-ipv6.csv" "$data/asn/asn-ipv6.csv"
cp "$src/var/data/uap-core/regexes.yaml" "$data/uap-core/regexes.yaml"

echo "== ipfactsd --check-config /etc/ipfacts/ipfacts.yaml" >>"$log"
in_root /usr/sbin/ipfactsd --check-config /etc/ipfacts/ipfacts.yaml >>"$log" 2>&1 ||
  { tail -n 20 "$log" >&2; fail "--check-config of the installed manifest"; }

echo "== ipfacts key add --account ops@example.org (root, no --config)" >>"$log"
key=$(in_root ipfacts key add --account ops@example.org 2>>"$log") || { tail "$log" >&2; fail "ipfacts key add as root"; }
[[ $key == ipf_* ]] || fail "key add printed '$key'"
in_root ipfacts key list >>"$log" 2>&1 || fail "ipfacts key list as root"
bad=$(find "$root/var/lib/ipfacts" -path "$data" -prune -o ! -uid "$uid" -print)
[[ -z $bad ]] || fail "the admin command, run as root, left files the service's user does not own: $bad"
if grep -rqa 'ops@example.org' "$root/var/lib/ipfacts"; then fail "the store holds the account's e-mail in plain"; fi

# Debian's python3 (/usr/bin): python3-aiosmtpd stands for the local MTA.
echo "== the unit's ExecStart, as the unit runs it" >>"$log"
/usr/bin/python3 "$src/tests/install/start_unit.py" "$root" "$key" >>"$log" 2>&1 ||
  { tail -n 40 "$log" >&2; fail "the installed service"; }
tail -n 1 "$log"
INNER
