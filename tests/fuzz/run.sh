#!/usr/bin/env bash
# tests/fuzz/run.sh <source-dir> <work-dir> [seconds-per-target]
#
# Builds every libFuzzer target of tests/fuzz (ASan + UBSan, clang++-14) straight
# from the sources, without the CMake build tree, and runs each one for a bounded
# time on a scratch copy of its seed corpus. Prints per target the executions
# done; exits non-zero when a target does not build, crashes, leaks, hits UB,
# fails an invariant or times out, and prints the path of the saved input.
#
# Objects and binaries are cached under <work-dir> by content: an object is
# reused while its source, the flags and every project header it included are
# unchanged (sha256), so a re-run compiles nothing that did not change.
# Environment: FUZZ_JOBS (parallel compiles and runs, default 2),
# FUZZ_TARGETS (space-separated subset of target names). See tests/fuzz/README.md.
set -euo pipefail

me="tests/fuzz/run.sh"
if (($# < 2 || $# > 3)); then
  echo "usage: $me <source-dir> <work-dir> [seconds-per-target]" >&2
  exit 2
fi
src="$(cd "$1" && pwd)"
secs="${3:-5}"
if [[ ! $secs =~ ^[1-9][0-9]*$ ]]; then
  echo "$me: seconds-per-target must be a positive integer, not '$secs'" >&2
  exit 2
fi
jobs="${FUZZ_JOBS:-2}"
if [[ ! $jobs =~ ^[1-9][0-9]*$ ]]; then
  echo "$me: FUZZ_JOBS must be a positive integer, not '$jobs'" >&2
  exit 2
fi
started=$SECONDS

CXX=clang++-14
if ! command -v "$CXX" >/dev/null 2>&1; then
  echo "$me: $CXX not found: the fuzz targets need clang 14 with libFuzzer and the sanitizers" >&2
  echo "$me: install it with tools/setup (Debian packages clang-14 libclang-rt-14-dev)" >&2
  exit 1
fi
rtdir="$("$CXX" -print-runtime-dir 2>/dev/null || true)"
if [[ ! -f $rtdir/libclang_rt.fuzzer-x86_64.a && ! -f $rtdir/libclang_rt.fuzzer.a ]]; then
  echo "$me: $CXX has no libFuzzer runtime (looked in '$rtdir')" >&2
  echo "$me: install it with tools/setup (Debian package libclang-rt-14-dev)" >&2
  exit 1
fi

mkdir -p "$2"
work="$(cd "$2" && pwd)"

FLAGS=(-std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)

# --- the targets ----------------------------------------------------------------------
# name | include dirs (relative to the source dir) | pkg-config packages | sources
# (relative to the source dir; the fuzz target first).
TARGETS=()
declare -A T_INCS T_PKGS T_SRCS
target() {
  TARGETS+=("$1"); T_INCS[$1]=$2; T_PKGS[$1]=$3; T_SRCS[$1]=$4
}
target fuzz_http_text ". " "" \
  "tests/fuzz/fuzz_http_text.cpp host/pipeline/HttpText.cpp"
target fuzz_client_identity ". " "" \
  "tests/fuzz/fuzz_client_identity.cpp host/pipeline/ClientIdentity.cpp host/pipeline/HttpText.cpp host/net/IpAddress.cpp"
target fuzz_dns_message ". sdk/include" "ldns" \
  "tests/fuzz/fuzz_dns_message.cpp host/facilities/dns/DnsMessage.cpp"
target fuzz_dns_name ". sdk/include" "libidn2" \
  "tests/fuzz/fuzz_dns_name.cpp"
target fuzz_lookup_target ". sdk/include plugins/lookup/src" "libidn2" \
  "tests/fuzz/fuzz_lookup_target.cpp plugins/lookup/src/TargetParser.cpp"
ua=plugins/ua/src
target fuzz_ua ". sdk/include $ua" "libpcre2-8 yaml-cpp" \
  "tests/fuzz/fuzz_ua.cpp $ua/UaParser.cpp $ua/UaRules.cpp $ua/UapParser.cpp $ua/UapRuleList.cpp \
   $ua/Replacement.cpp $ua/Regex.cpp $ua/YamlFile.cpp $ua/EngineDetector.cpp $ua/DeviceClassifier.cpp \
   $ua/DeviceClass.cpp $ua/PatternList.cpp"

if [[ -n ${FUZZ_TARGETS:-} ]]; then
  for t in $FUZZ_TARGETS; do
    [[ -n ${T_SRCS[$t]:-} ]] || { echo "$me: no target '$t' (have: ${TARGETS[*]})" >&2; exit 2; }
  done
  read -r -a TARGETS <<<"$FUZZ_TARGETS"
fi

for pkg in $(printf '%s\n' "${T_PKGS[@]}" | tr ' ' '\n' | sort -u); do
  if ! pkg-config --exists "$pkg"; then
    echo "$me: pkg-config knows no '$pkg' (tools/setup installs the libraries)" >&2
    exit 1
  fi
done

objdir="$work/obj" bindir="$work/bin" logdir="$work/log"
mkdir -p "$objdir" "$bindir" "$logdir"
compiler_id="$("$CXX" --version | head -n 1)"

# Compile flags of a target, one per line (paths may hold spaces).
cflags_of() {
  local t=$1 d
  printf '%s\n' "${FLAGS[@]}"
  for d in ${T_INCS[$t]}; do printf '%s\n' "-I$src/$d"; done
  if [[ -n ${T_PKGS[$t]} ]]; then pkg-config --cflags ${T_PKGS[$t]} | tr ' ' '\n' | sed '/^$/d'; fi
}

# sha256 of the files listed in a depfile (the project headers an object included).
deps_hash() {
  local d=$1
  sed -e 's/^[^:]*://' -e 's/\\$//' "$d" | tr ' ' '\n' | sed '/^$/d' |
    while IFS= read -r f; do
      if [[ -f $f ]]; then printf '%s ' "$f"; sha256sum <"$f"; else echo "$f missing"; fi
    done | sha256sum | cut -d' ' -f1
}

# Runs the commands given as function calls, at most $jobs at once.
pool() {
  local fn=$1 item running=0
  shift
  for item in "$@"; do
    if ((running >= jobs)); then
      wait -n || true
      running=$((running - 1))
    fi
    "$fn" "$item" &
    running=$((running + 1))
  done
  wait || true
}

# --- 1. compile (cached by content) ---------------------------------------------------
declare -A UNIT_SRC UNIT_TARGET   # object key -> source, target whose flags it uses
declare -A T_OBJS
for t in "${TARGETS[@]}"; do
  mapfile -t cf < <(cflags_of "$t")
  objs=()
  for rel in ${T_SRCS[$t]}; do
    file="$src/$rel"
    [[ -f $file ]] || { echo "$me: $t: missing source $file" >&2; exit 1; }
    key="$({ printf '%s\n' "$compiler_id" "${cf[@]}" "$file"; cat "$file"; } | sha256sum | cut -d' ' -f1)"
    objs+=("$key")
    UNIT_SRC[$key]=$file
    UNIT_TARGET[$key]=$t
  done
  T_OBJS[$t]="${objs[*]}"
done

compile_unit() {
  local key=$1 file=${UNIT_SRC[$1]} t=${UNIT_TARGET[$1]}
  local cf
  mapfile -t cf < <(cflags_of "$t")
  if "$CXX" "${cf[@]}" -MMD -MF "$objdir/$key.d.tmp" -c "$file" -o "$objdir/$key.o.tmp" >"$logdir/$key.log" 2>&1; then
    mv "$objdir/$key.d.tmp" "$objdir/$key.d"
    deps_hash "$objdir/$key.d" >"$objdir/$key.deps"
    mv "$objdir/$key.o.tmp" "$objdir/$key.o"
  else
    rm -f "$objdir/$key.o.tmp" "$objdir/$key.d.tmp"
  fi
}

stale=()
cached=0
for key in "${!UNIT_SRC[@]}"; do
  if [[ -f $objdir/$key.o && -f $objdir/$key.d && -f $objdir/$key.deps ]] &&
     [[ "$(deps_hash "$objdir/$key.d")" == "$(cat "$objdir/$key.deps")" ]]; then
    cached=$((cached + 1))
    touch "$objdir/$key.o"
  else
    rm -f "$objdir/$key.o" "$objdir/$key.d" "$objdir/$key.deps"
    stale+=("$key")
  fi
done
t0=$SECONDS
if ((${#stale[@]})); then
  echo "fuzz: compiling ${#stale[@]} source file(s), $cached cached ($jobs at a time)"
  pool compile_unit "${stale[@]}"
else
  echo "fuzz: all $cached object files cached, nothing to compile"
fi
failed=0
for key in "${stale[@]}"; do
  if [[ ! -f $objdir/$key.o ]]; then
    echo "fuzz: FAILED to compile ${UNIT_SRC[$key]} for ${UNIT_TARGET[$key]}:" >&2
    sed 's/^/    /' "$logdir/$key.log" >&2
    failed=1
  fi
done
((failed == 0)) || exit 1

# --- 2. link (cached by the objects' keys and the libraries) ----------------------------
link_target() {
  local t=$1 key objs=() libs=()
  for key in ${T_OBJS[$t]}; do objs+=("$objdir/$key.o"); done
  if [[ -n ${T_PKGS[$t]} ]]; then read -r -a libs <<<"$(pkg-config --libs ${T_PKGS[$t]})"; fi
  local want
  want="$({ printf '%s\n' "$compiler_id" "${FLAGS[@]}" "${libs[@]}"; for key in ${T_OBJS[$t]}; do
    echo "$key $(cat "$objdir/$key.deps")"; done; } | sha256sum | cut -d' ' -f1)"
  if [[ -x $bindir/$t && -f $bindir/$t.key && "$(cat "$bindir/$t.key")" == "$want" ]]; then return 0; fi
  rm -f "$bindir/$t" "$bindir/$t.key"
  if "$CXX" "${FLAGS[@]}" "${objs[@]}" "${libs[@]}" -o "$bindir/$t.tmp" >"$logdir/$t.link.log" 2>&1; then
    mv "$bindir/$t.tmp" "$bindir/$t"
    echo "$want" >"$bindir/$t.key"
    echo "fuzz: linked $t"
  else
    rm -f "$bindir/$t.tmp"
  fi
}
pool link_target "${TARGETS[@]}"
for t in "${TARGETS[@]}"; do
  if [[ ! -x $bindir/$t ]]; then
    echo "fuzz: FAILED to link $t:" >&2
    sed 's/^/    /' "$logdir/$t.link.log" >&2
    failed=1
  fi
done
((failed == 0)) || exit 1
# Objects no target uses any more go: the cache holds what the sources need now.
if [[ -z ${FUZZ_TARGETS:-} ]]; then
  for o in "$objdir"/*.o; do
    [[ -e $o ]] || continue
    k="$(basename "$o" .o)"
    [[ -n ${UNIT_SRC[$k]:-} ]] || rm -f "$objdir/$k.o" "$objdir/$k.d" "$objdir/$k.deps" "$logdir/$k.log"
  done
fi
build_secs=$((SECONDS - t0))

# --- 3. run each target for a bounded time ----------------------------------------------
run_target() {
  local t=$1
  local corpus="$work/corpus/$t" crashes="$work/crashes/$t" rundir="$work/run/$t"
  rm -rf "$corpus" "$rundir"
  mkdir -p "$corpus" "$crashes" "$rundir"
  if [[ -d $src/tests/fuzz/corpus/$t ]]; then cp -R "$src/tests/fuzz/corpus/$t/." "$corpus/"; fi
  touch "$rundir/started"
  local rc=0
  (cd "$rundir" && IPFACTS_SOURCE_DIR="$src" "$bindir/$t" -max_total_time="$secs" -timeout=5 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" >"$rundir/log" 2>&1) || rc=$?
  echo "$rc" >"$rundir/rc"
}
echo "fuzz: running ${#TARGETS[@]} target(s) for ${secs}s each ($jobs at a time)"
t1=$SECONDS
pool run_target "${TARGETS[@]}"
run_secs=$((SECONDS - t1))

stat_of() { sed -n "s/^stat::$1: *//p" "$2" | tail -n 1; }
bad=0
for t in "${TARGETS[@]}"; do
  rundir="$work/run/$t" log="$work/run/$t/log"
  rc="$(cat "$rundir/rc" 2>/dev/null || echo '?')"
  execs="$(stat_of number_of_executed_units "$log")" rate="$(stat_of average_exec_per_sec "$log")"
  added="$(stat_of new_units_added "$log")" rss="$(stat_of peak_rss_mb "$log")"
  seeds="$(find "$src/tests/fuzz/corpus/$t" -type f 2>/dev/null | wc -l)"
  summary="${execs:-?} execs (${rate:-?}/s), seeds $seeds + ${added:-?} new inputs, peak RSS ${rss:-?} MB"
  if [[ $rc == 0 ]]; then
    printf 'fuzz: %-22s ok      %s\n' "$t" "$summary"
    continue
  fi
  bad=1
  printf 'fuzz: %-22s FAILED  (exit %s) %s\n' "$t" "$rc" "$summary"
  # The report from its first line: the sanitizer's, libFuzzer's or the invariant's.
  first="$(grep -n -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|FUZZ_CHECK failed|: cannot ' \
    "$log" | cut -d: -f1 || true)"
  first="${first:-1}"
  # ... to its SUMMARY line, without the frames of libFuzzer's own loop and libc.
  sed -n "${first},\$p" "$log" | grep -v -E ' in (fuzzer::|main |_start |__libc_start)' |
    awk '{ print "    " $0 } /^SUMMARY:/ || ++n >= 40 { exit }'
  echo "    full log: $log"
  found=0
  while IFS= read -r f; do
    echo "    input kept: $f"
    echo "    reproduce:  IPFACTS_SOURCE_DIR=$src $bindir/$t $f"
    found=1
  done < <(find "$work/crashes/$t" -maxdepth 1 -type f -newer "$rundir/started" 2>/dev/null)
  ((found)) || echo "    (no input saved)"
done
echo "fuzz: build ${build_secs}s, runs ${run_secs}s, total $((SECONDS - started))s"
exit "$bad"
