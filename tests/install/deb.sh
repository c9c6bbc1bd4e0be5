#!/usr/bin/env bash
# deb.sh <source dir> <build dir>: the Debian packages CPack builds from the install
# rules (packaging/DebianPackage.cmake), inspected with dpkg-deb, then installed,
# upgraded in place, removed and purged with dpkg into a scratch root:
#   dpkg --root=ROOT --force-script-chrootless: ROOT has its own dpkg database
#   (ROOT/var/lib/dpkg), files land under ROOT only, and the maintainer scripts run
#   with DPKG_ROOT=ROOT, which they take to mean "not this system": no systemctl, no
#   deb-systemd-helper. The machine's own dpkg database and /etc are never touched.
#   --force-depends: ROOT's database is empty; the Depends are checked instead against
#   this machine's packages (dpkg-query), which built and ran the binaries.
# Needs root (dpkg sets file owners); skipped (exit 77) otherwise.
set -euo pipefail
src=$1 build=$2
work=$build/tests/install-deb
source "$(dirname "$0")/scratch.sh"
if [[ $(id -u) -ne 0 ]]; then
  echo "deb.sh: not root: dpkg cannot install into a scratch root; skipped" >&2
  exit 77
fi

rm -rf "$work"
mkdir -p "$work"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log" >&2; fail "cpack -G DEB"; }
version=$(dpkg-deb -f "$(ls "$work"/out/ipfacts_*.deb)" Version)
arch=$(dpkg --print-architecture)
deb=$work/out/ipfacts_${version}_${arch}.deb
sdk=$work/out/ipfacts-sdk_${version}_all.deb
[[ -f $deb && -f $sdk ]] || fail "cpack did not leave ipfacts_${version}_${arch}.deb and ipfacts-sdk_${version}_all.deb"

# --- control: fields, scripts, conffiles ------------------------------------------------
info=$(dpkg-deb -I "$deb")
for member in control conffiles postinst prerm postrm; do
  grep -qE "^ +[0-9]+ bytes, +[0-9]+ lines +\*? +$member( |$)" <<<"$info" || fail "the package has no $member"
done
for script in postinst prerm postrm; do
  grep -qE "^ +[0-9]+ bytes, +[0-9]+ lines +\* +$script" <<<"$info" || fail "$script is not executable"
done
[[ $(dpkg-deb -f "$deb" Package) == ipfacts ]] || fail "Package is not ipfacts"
depends=$(dpkg-deb -f "$deb" Depends)
names=$(tr ',' '\n' <<<"$depends" | awk '{print $1}')
for d in libc6 libstdc++6 libssl3 iso-codes tzdata passwd; do
  grep -qxF "$d" <<<"$names" || fail "Depends lacks $d: $depends"
done
[[ $(dpkg-deb -f "$deb" Recommends) == "default-mta | mail-transport-agent" ]] ||
  fail "Recommends is '$(dpkg-deb -f "$deb" Recommends)': the installed mailer needs a local MTA"
# Every dependency is satisfied by this machine, the one the binaries ran on.
IFS=',' read -ra deps <<<"$depends"
for d in "${deps[@]}"; do
  d=$(xargs <<<"$d")
  name=${d%% *}
  have=$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null) || fail "Depends names $name, which this machine lacks"
  if [[ $d =~ \((.+)\ (.+)\) ]]; then
    dpkg --compare-versions "$have" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" ||
      fail "Depends wants $d; this machine has $name $have"
  fi
done
mkdir -p "$work/control"
dpkg-deb -e "$deb" "$work/control"
for script in postinst prerm postrm; do
  sh -n "$work/control/$script" || fail "$script is not valid sh"
  grep -q 'DPKG_ROOT' "$work/control/$script" || fail "$script ignores DPKG_ROOT"
done
expected_conffiles=$(cd "$src/etc" && find . -type f | sed 's|^\./|/etc/ipfacts/|' | sort)
[[ $(sort "$work/control/conffiles") == "$expected_conffiles" ]] ||
  fail "conffiles is not every file of etc/ under /etc/ipfacts: $(diff <(sort "$work/control/conffiles") <(echo "$expected_conffiles"))"

# --- contents ---------------------------------------------------------------------------
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for f in ./usr/sbin/ipfactsd ./usr/bin/ipfacts ./usr/sbin/ipfacts-fetch-data ./etc/ipfacts/ipfacts.yaml \
         ./lib/systemd/system/ipfactsd.service ./usr/lib/ipfacts/plugins/libip.so; do
  grep -qxF -- "$f" <<<"$contents" || fail "the package lacks $f"
done
if grep -qE 'include/|libfetch\.so|libkv\.so|libbusy\.so|libtls\.so' <<<"$contents"; then
  fail "the service package holds SDK headers or test plugins"
fi
# The SDK stands alone: headers, the CMake package, the fake host; nothing of the service.
sdk_contents=$(dpkg-deb -c "$sdk" | awk '{print $6}')
for f in ./usr/include/ipfacts/plugin.h ./usr/include/ipfacts/testing/FakeHost.hpp; do
  grep -qxF "$f" <<<"$sdk_contents" || fail "ipfacts-sdk lacks $f"
done
grep -q '/cmake/ipfacts-sdk/ipfacts-sdk-config.cmake$' <<<"$sdk_contents" || fail "ipfacts-sdk lacks the CMake package"
if grep -qE 'sbin/|bin/ipfacts$|/plugins/|^\./etc/|systemd' <<<"$sdk_contents"; then
  fail "ipfacts-sdk holds files of the service: $(grep -E 'sbin/|bin/ipfacts$|/plugins/|^\./etc/|systemd' <<<"$sdk_contents")"
fi
[[ -z $(dpkg-deb -f "$sdk" Depends) ]] || fail "ipfacts-sdk depends on $(dpkg-deb -f "$sdk" Depends): it must install alone"
# The manifest and the unit, for the package's layout.
dpkg-deb -x "$deb" "$work/unpacked"
grep -qx 'plugin_dir: /usr/lib/ipfacts/plugins' "$work/unpacked/etc/ipfacts/ipfacts.yaml" || fail "packaged plugin_dir is not /usr/lib/ipfacts/plugins"
grep -q '^state_dir: /var/lib/ipfacts ' "$work/unpacked/etc/ipfacts/ipfacts.yaml" || fail "packaged state_dir is not /var/lib/ipfacts"
grep -qxF 'ExecStart=/usr/sbin/ipfactsd --config /etc/ipfacts/ipfacts.yaml --state-dir %S/ipfacts' \
  "$work/unpacked/lib/systemd/system/ipfactsd.service" || fail "packaged unit's ExecStart"

# --- dpkg into a scratch root -----------------------------------------------------------
root=$work/root
mkdir -p "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/info"
touch "$root/var/lib/dpkg/status"
dpkg_root() { dpkg --root="$root" --force-script-chrootless --force-depends "$@" >>"$work/dpkg.log" 2>&1 ||
  { cat "$work/dpkg.log" >&2; fail "dpkg $*"; }; }
status_of() { dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null || true; }

# The SDK alone first: it installs, and the service is not there.
dpkg_root -i "$sdk"
[[ $(status_of ipfacts-sdk) == "ii " && ! -e $root/usr/sbin/ipfactsd ]] || fail "ipfacts-sdk alone: $(status_of ipfacts-sdk)"
dpkg_root -i "$deb"
[[ $(status_of ipfacts) == "ii " && $(status_of ipfacts-sdk) == "ii " ]] || fail "not installed: $(status_of ipfacts)"
[[ -x $root/usr/sbin/ipfactsd && -f $root/etc/ipfacts/ipfacts.yaml && -f $root/usr/include/ipfacts/plugin.h ]] ||
  fail "installed files missing under $root"
# The packaged (stripped) binary runs on this machine's libraries.
"$root/usr/sbin/ipfactsd" --version | grep -q "^ipfactsd $version " || fail "the packaged ipfactsd --version"
registered=$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Conffiles}\n' ipfacts | awk 'NF {print $1}' | sort)
[[ $registered == "$expected_conffiles" ]] || fail "dpkg did not register the conffiles"

# An operator's change to a conffile survives reinstalling the package.
echo "# local change" >>"$root/etc/ipfacts/ipfacts.yaml"
dpkg_root -i "$deb"
tail -n 1 "$root/etc/ipfacts/ipfacts.yaml" | grep -qx '# local change' || fail "reinstalling overwrote a changed conffile"

# remove: the files go, the conffiles stay; purge: they go too, and the state (postrm).
mkdir -p "$root/var/lib/ipfacts/data"
echo state >"$root/var/lib/ipfacts/ipfacts.sqlite"
dpkg_root -r ipfacts-sdk ipfacts
[[ ! -e $root/usr/sbin/ipfactsd && -f $root/etc/ipfacts/ipfacts.yaml ]] || fail "remove: files left, or conffiles gone"
[[ $(status_of ipfacts) == "rc " ]] || fail "after remove the status is '$(status_of ipfacts)', want rc"
[[ -f $root/var/lib/ipfacts/ipfacts.sqlite ]] || fail "remove deleted the state; only purge may"
dpkg_root -P ipfacts
[[ ! -e $root/etc/ipfacts/ipfacts.yaml && ! -e $root/var/lib/ipfacts ]] || fail "purge left conffiles or state"
[[ -z $(status_of ipfacts) || $(status_of ipfacts) == "pn " ]] || fail "after purge the status is '$(status_of ipfacts)'"

echo "$(basename "$deb") ($(stat -c %s "$deb") bytes) and $(basename "$sdk") (alone first): control, conffiles, scripts, contents;" \
     "installed, reinstalled over a changed conffile, removed and purged in a scratch root"
