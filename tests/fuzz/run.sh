#!/usr/bin/env bash
# tests/fuzz/run.sh <source-dir> <work-dir> [--seed=N] [--runs=N | --seconds=N]
#
# Builds every libFuzzer target of tests/fuzz (ASan + UBSan, clang++-14) straight
# from the sources, without the CMake build tree, then runs each one in one of
# two modes:
#
#   check (default; ctest's fuzz.smoke): a fixed seed (default 1) and a fixed
#     number of runs per target (the RUNS column below, or --runs=N for all),
#     over the committed corpus tests/fuzz/corpus/<target>/ only, read in name
#     order, one process per target, nothing written back. The same commit gives
#     the same executions and the same result on every machine.
#   explore (--seconds=N; tools/fuzz): N seconds per target with a random seed
#     (or --seed=N), growing <work-dir>/explore/<target>/ from the committed
#     corpus; what it finds stays there for the next exploring run.
#
# Prints per target the seed, the runs and the corpus used; exits non-zero when a
# target does not build, crashes, leaks, hits UB, fails an invariant or times
# out, and prints the path of the saved input (<work-dir>/crashes/<target>/).
#
# Objects and binaries are cached under <work-dir> by content: an object is
# reused while its source, the flags and every project header it included are
# unchanged (sha256), so a re-run compiles nothing that did not change.
# Environment: FUZZ_JOBS (parallel compiles and runs, default 2),
# FUZZ_TARGETS (space-separated subset of target names). See tests/fuzz/README.md.
set -euo pipefail

me="tests/fuzz/run.sh"
usage() {
  echo "usage: $me <source-dir> <work-dir> [--seed=N] [--runs=N | --seconds=N]" >&2
  exit 2
}
(($# >= 2)) || usage
src="$(cd "$1" && pwd)"
workarg=$2
shift 2
mode=check seed="" runs="" secs=""
for arg in "$@"; do
  case $arg in
    --seed=*) seed=${arg#--seed=} ;;
    --runs=*) runs=${arg#--runs=} ;;
    --seconds=*) secs=${arg#--seconds=}; mode=explore ;;
    *) usage ;;
  esac
done
posint() { [[ $2 =~ ^[1-9][0-9]{0,9}$ ]] || { echo "$me: $1 must be a positive integer, not '$2'" >&2; exit 2; }; }
[[ -z $seed ]] || posint --seed "$seed"
[[ -z $runs ]] || posint --runs "$runs"
[[ -z $secs ]] || posint --seconds "$secs"
if [[ -n $runs && -n $secs ]]; then
  echo "$me: give --runs (check mode) or --seconds (explore mode), not both" >&2
  exit 2
fi
[[ $mode == explore || -n $seed ]] || seed=1
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

mkdir -p "$workarg"
work="$(cd "$workarg" && pwd)"

FLAGS=(-std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)

# --- the targets ----------------------------------------------------------------------
# name | runs in check mode | include dirs (relative to the source dir) | pkg-config
# packages | sources (relative to the source dir; the fuzz target first).
# The runs give each target roughly 2-6 s on one core of a 2-core VM (runs 20 s in all).
TARGETS=()
declare -A T_RUNS T_INCS T_PKGS T_SRCS
target() {
  TARGETS+=("$1"); T_RUNS[$1]=$2; T_INCS[$1]=$3; T_PKGS[$1]=$4; T_SRCS[$1]=$5
}
target fuzz_http_text 60000 ". " "" \
  "tests/fuzz/fuzz_http_text.cpp host/pipeline/HttpText.cpp"
target fuzz_client_identity 60000 ". " "" \
  "tests/fuzz/fuzz_client_identity.cpp host/pipeline/ClientIdentity.cpp host/pipeline/HttpText.cpp host/net/IpAddress.cpp"
target fuzz_front_door 60000 ". " "" \
  "tests/fuzz/fuzz_front_door.cpp host/front/MediaChoice.cpp host/pipeline/JsonShape.cpp host/pipeline/HttpText.cpp"
target fuzz_browser_request 60000 ". " "libcrypto" \
  "tests/fuzz/fuzz_browser_request.cpp host/account/BrowserRequest.cpp host/pipeline/HttpText.cpp host/html/HtmlText.cpp"
target fuzz_metrics_request 60000 ". " "" \
  "tests/fuzz/fuzz_metrics_request.cpp host/metrics/MetricsRequest.cpp"
target fuzz_dns_message 60000 ". sdk/include" "ldns" \
  "tests/fuzz/fuzz_dns_message.cpp host/facilities/dns/DnsMessage.cpp"
target fuzz_dnsleak_query 200000 ". sdk/include" "libcrypto" \
  "tests/fuzz/fuzz_dnsleak_query.cpp host/facilities/dnsleak/DnsQuery.cpp host/facilities/dnsleak/DnsReply.cpp \
   host/facilities/dnsleak/LeakZone.cpp host/facilities/dnsleak/LeakToken.cpp host/store/ServerSecret.cpp \
   host/store/KeyStore.cpp host/net/IpAddress.cpp"
target fuzz_dns_name 60000 ". sdk/include" "libidn2" \
  "tests/fuzz/fuzz_dns_name.cpp"
target fuzz_lookup_target 80000 ". sdk/include plugins/lookup/src" "libidn2" \
  "tests/fuzz/fuzz_lookup_target.cpp plugins/lookup/src/TargetParser.cpp"
rdap=plugins/rdap/src
target fuzz_rdap_query 60000 ". sdk/include $rdap" "libidn2" \
  "tests/fuzz/fuzz_rdap_query.cpp $rdap/RdapQuery.cpp"
target fuzz_whois_parser 12000 ". sdk/include $rdap" "" \
  "tests/fuzz/fuzz_whois_parser.cpp $rdap/WhoisParser.cpp $rdap/WhoisRecord.cpp $rdap/WhoisDate.cpp $rdap/Summary.cpp $rdap/RegistryName.cpp $rdap/RegistryAddress.cpp"
target fuzz_dnsbl_answer 60000 ". sdk/include plugins/dnsbl/src" "" \
  "tests/fuzz/fuzz_dnsbl_answer.cpp plugins/dnsbl/src/ListingVerdict.cpp plugins/dnsbl/src/RowCodec.cpp"
target fuzz_privacy_feeds 120000 ". sdk/include" "" \
  "tests/fuzz/fuzz_privacy_feeds.cpp host/facilities/privacy/FeedParsers.cpp host/facilities/privacy/RangeTable.cpp \
   host/facilities/netdb/PrefixTable.cpp host/facilities/netdb/AddressPrefix.cpp host/facilities/netdb/AddressKey.cpp \
   host/net/IpAddress.cpp"
target fuzz_bot_challenge 60000 ". sdk/include" "libcrypto" \
  "tests/fuzz/fuzz_bot_challenge.cpp host/pipeline/BotChallenge.cpp host/ratelimit/CounterTable.cpp \
   host/store/ServerSecret.cpp host/store/KeyStore.cpp host/net/IpAddress.cpp"
ua=plugins/ua/src
target fuzz_ua 16000 ". sdk/include $ua" "libpcre2-8 yaml-cpp" \
  "tests/fuzz/fuzz_ua.cpp $ua/UaParser.cpp $ua/UaRules.cpp $ua/UapParser.cpp $ua/UapRuleList.cpp \
   $ua/Replacement.cpp $ua/Regex.cpp $ua/YamlFile.cpp $ua/EngineDetector.cpp $ua/DeviceClassifier.cpp \
   $ua/DeviceClass.cpp $ua/PatternList.cpp"

# The mail family's parsers (plugins/mail): SPF (with TXT joining and macros), DMARC, MTA-STS/TLS-RPT.
mail=plugins/mail/src
target fuzz_spf 60000 ". sdk/include $mail" "libidn2" \
  "tests/fuzz/fuzz_spf.cpp $mail/SpfParser.cpp $mail/SpfMacro.cpp $mail/SpfRecord.cpp $mail/TxtText.cpp"
target fuzz_dmarc 60000 ". sdk/include $mail" "libidn2 libpsl" \
  "tests/fuzz/fuzz_dmarc.cpp $mail/DmarcParser.cpp $mail/OrganizationalDomain.cpp $mail/TxtText.cpp $mail/MailDns.cpp $mail/PublicSuffixList.cpp"
target fuzz_mta_sts 60000 ". sdk/include $mail" "libidn2" \
  "tests/fuzz/fuzz_mta_sts.cpp $mail/MtaStsPolicy.cpp $mail/TlsRptRecord.cpp"

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

# --- 3. run each target ------------------------------------------------------------------
# Nothing here may depend on the machine, the clock or the environment in check
# mode: ASLR off (NOASLR above), one process per target (no -jobs/-workers/-fork), -seed and -runs fixed,
# no -max_total_time, the seed inputs given as a list sorted by name (-seed_inputs;
# a directory would be read in readdir order, which differs between file
# systems, and libFuzzer's shuffle and size sort depend on that order), no corpus
# directory (so no new input is written anywhere and none is re-read: -reload=0),
# no timed allocator purge, no comparison-guided mutations (-use_cmp=0: the
# operands libFuzzer records include pointers, which ASLR moves, e.g. iterators
# into a string on the stack; with them two runs of fuzz_ua or
# fuzz_lookup_target on one machine already differed), and the sanitizers'
# options set here rather than inherited, the same argv and environment everywhere. -timeout and -rss_limit_mb only turn a hang or a memory blow-up
# into a failure; they do not change what runs.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:allocator_may_return_null=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS=""
unset ASAN_SYMBOLIZER_PATH LLVM_SYMBOLIZER_PATH 2>/dev/null || true

# Address space layout randomisation off (util-linux setarch -R) in check mode: some
# code under test branches on how two addresses compare (libstdc++'s aliasing checks,
# for one), so with ASLR on the same input can cover different edges in two runs and
# the runs drift apart (fuzz_client_identity did, one run in three or so).
NOASLR=()
if [[ $mode == check ]]; then
  if setarch "$(uname -m)" -R true >/dev/null 2>&1; then
    NOASLR=(setarch "$(uname -m)" -R)
  else
    echo "fuzz: WARNING: cannot turn ASLR off (setarch -R failed): results may differ between runs" >&2
  fi
fi

corpus_of() { echo "$src/tests/fuzz/corpus/$1"; }

# The committed corpus of a target as a comma-separated list, sorted by name (C locale).
seed_list() {
  local dir=$1 f
  [[ -d $dir ]] || return 0
  while IFS= read -r f; do
    if [[ $f == *,* ]]; then echo "$me: a corpus file name holds a comma: $f" >&2; return 1; fi
    printf '%s\n' "$f"
  done < <(find "$dir" -type f | LC_ALL=C sort) | paste -sd, -
}

run_target() {
  local t=$1
  local crashes="$work/crashes/$t" rundir="$work/run/$t" committed
  committed="$(corpus_of "$t")"
  rm -rf "$rundir"
  mkdir -p "$crashes" "$rundir"
  touch "$rundir/started"
  local rc=0 args=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
  if [[ $mode == check ]]; then
    seed_list "$committed" >"$rundir/seeds" || { echo 2 >"$rundir/rc"; return; }
    args+=(-seed="$seed" -runs="${runs:-${T_RUNS[$t]}}" -reload=0 -purge_allocator_interval=-1 -use_cmp=0)
    args+=(-artifact_prefix="crashes/$t/")
    [[ ! -s $rundir/seeds ]] || args+=(-seed_inputs=@"run/$t/seeds")
    # The same process image wherever the tree and the work dir are: run from the work
    # dir with relative paths only and a fixed environment, so that argv, the
    # environment and so the stack addresses do not depend on this machine's paths.
    ln -sfn "$src" "$work/src"
    (cd "$work" && env -i PATH=/usr/bin:/bin LC_ALL=C IPFACTS_SOURCE_DIR=src \
        ASAN_OPTIONS="$ASAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" LSAN_OPTIONS="$LSAN_OPTIONS" \
        "${NOASLR[@]}" "bin/$t" "${args[@]}" >"$rundir/log" 2>&1) || rc=$?
    echo "$rc" >"$rundir/rc"
    return
  else
    args+=(-artifact_prefix="$crashes/")
    local grown="$work/explore/$t"
    mkdir -p "$grown"
    args+=(-max_total_time="$secs")
    [[ -z $seed ]] || args+=(-seed="$seed")
    args+=("$grown")  # new inputs go here (the first directory) ...
    [[ ! -d $committed ]] || args+=("$committed")  # ... and never into the committed corpus
  fi
  (cd "$rundir" && IPFACTS_SOURCE_DIR="$src" "$bindir/$t" "${args[@]}" >"$rundir/log" 2>&1) || rc=$?
  echo "$rc" >"$rundir/rc"
}
if [[ $mode == check ]]; then
  echo "fuzz: check mode: seed $seed, ${runs:-the RUNS of each target} runs, committed corpus only ($jobs target(s) at a time)"
else
  echo "fuzz: explore mode: ${secs}s per target, seed ${seed:-random} ($jobs target(s) at a time)"
fi
t1=$SECONDS
pool run_target "${TARGETS[@]}"
run_secs=$((SECONDS - t1))

stat_of() { sed -n "s/^stat::$1: *//p" "$2" | tail -n 1; }
bad=0
for t in "${TARGETS[@]}"; do
  rundir="$work/run/$t" log="$work/run/$t/log"
  rc="$(cat "$rundir/rc" 2>/dev/null || echo '?')"
  execs="$(stat_of number_of_executed_units "$log")" rss="$(stat_of peak_rss_mb "$log")"
  added="$(stat_of new_units_added "$log")"
  used_seed="$(sed -n 's/^INFO: Seed: \([0-9]*\).*/\1/p' "$log" | head -n 1)"
  committed="$(corpus_of "$t")"
  nseeds="$(find "$committed" -type f 2>/dev/null | wc -l)"
  # libFuzzer's last status line: coverage (cov), features (ft), inputs kept (corp).
  final="$(grep -E '^#[0-9]+[[:space:]]+(DONE|NEW|REDUCE|pulse|INITED)' "$log" | tail -n 1 |
    sed -n 's/.*\(cov: [0-9]* ft: [0-9]* corp: [0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')"
  if [[ $mode == check ]]; then
    summary="seed ${used_seed:-?}, ${execs:-?}/${runs:-${T_RUNS[$t]}} runs, corpus ${committed#"$src"/} ($nseeds files): ${final:-?}"
  else
    summary="seed ${used_seed:-?}, ${execs:-?} execs in ${secs}s, corpus ${committed#"$src"/} ($nseeds files) + $work/explore/$t (+${added:-?} new): ${final:-?}"
  fi
  summary="$summary, peak RSS ${rss:-?} MB"
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
  echo "    once fixed, keep the input: cp <input> tests/fuzz/corpus/$t/regression-<what> (tests/fuzz/README.md)"
done
echo "fuzz: build ${build_secs}s, runs ${run_secs}s, total $((SECONDS - started))s"
exit "$bad"
