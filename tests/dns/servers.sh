#!/usr/bin/env bash
# tests/dns/servers.sh — real DNS servers on loopback for the DNS integration tests.
#
#   servers.sh start <state-dir>   wipe <state-dir>, start NSD (authoritative, zones of
#                                  tests/dns/zones, signed.test signed now) and two validating
#                                  unbound resolvers "alpha" and "beta" (plain DNS + DoH),
#                                  wait until all answer, write <state-dir>/ports.env
#   servers.sh stop <state-dir>    stop everything started there; idempotent, always exit 0
#
# Meant for ctest fixtures (FIXTURES_SETUP / FIXTURES_CLEANUP). See tests/dns/README.md for
# what runs, the keys of ports.env and the table of names the tests can rely on.
#
# Environment:
#   DNS_FIXTURE_TIMEOUT   seconds to wait for the servers to answer (default 15)
#   DNS_FIXTURE_TTL       "original" (default): resolvers return the zone TTL unchanged (300)
#                         "short": resolvers cap their cache (and the TTL they return) at 5 s
set -euo pipefail

me="tests/dns/servers.sh"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
zones_src="$here/zones"
marker=".ipfacts-dns-fixture"   # written into every state dir this script owns
timeout_s="${DNS_FIXTURE_TIMEOUT:-15}"
ttl_mode="${DNS_FIXTURE_TTL:-original}"

die() { echo "$me: FAILED: $*" >&2; exit 1; }
usage() { echo "usage: $me start|stop <state-dir>" >&2; exit 2; }

# Zones NSD serves (file tests/dns/zones/<name>.zone each) ...
ZONES=(test example.test xn--bcher-kva.example 2.0.192.in-addr.arpa 8.b.d.0.1.0.0.2.ip6.arpa
       signed.test child.signed.test)
# Fake blocklists (DNSBLs) for the dnsbl plugin, asked only through the "lists" unbound.
ZONES+=(bl.test)
# ... and broken.test, a zone NSD is configured for but has no zone file for: NSD answers
# SERVFAIL for every name in it, at once (a dead port would keep unbound retrying for >60 s).
BROKEN_ZONE=broken.test
# Zones the resolvers reach through stub-zone entries pointing at NSD (child.signed.test is
# found through the delegation in signed.test). timeout.test points at DEAD_PORT instead.
STUBS=(test example.test xn--bcher-kva.example 2.0.192.in-addr.arpa 8.b.d.0.1.0.0.2.ip6.arpa
       signed.test broken.test)
# /api/v1/mx fixtures (plugins/mail): one zone of mail domains, served and stubbed like the others.
ZONES+=(mail.test)
STUBS+=(mail.test)
# A name under a real top-level domain, which the front door's /{target} takes (.test it does not).
ZONES+=(ipfacts-fixture.net)
STUBS+=(ipfacts-fixture.net)
SERVERS=(nsd alpha beta)
# "lists": the blocklists' own recursive resolver (unbound with remote control, so a test reads
# its exact query count with unbound-control); only the dnsbl plugin's named resolver asks it.
SERVERS+=(lists)

# ------------------------------------------------------------------------------------------
# stop

# pid plus all its descendants (NSD forks xfrd and server children)
pid_tree() {
  local p c
  for p in "$@"; do
    echo "$p"
    for c in $(pgrep -P "$p" 2>/dev/null || true); do pid_tree "$c"; done
  done
}

# running <pid>: exists and is not a zombie (an exited daemon whose parent is init stays a
# zombie until init reaps it, which some container inits do only now and then)
running() {
  local st
  st="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  st="${st##*) }"
  [[ ${st:0:1} != Z ]]
}

# the pid in <file> when it is still one of our daemons (guards against a recycled pid)
live_pid() {
  local f="$1" pid comm
  [[ -s $f ]] || return 1
  pid="$(tr -dc '0-9' <"$f")"
  [[ -n $pid ]] && running "$pid" || return 1
  comm="$(cat "/proc/$pid/comm" 2>/dev/null || true)"
  [[ $comm == unbound || $comm == nsd || $comm == "nsd: "* ]] || return 1  # NSD renames itself "nsd: main" etc.
  echo "$pid"
}

stop_servers() {
  local dir="$1" s pid pids=() i
  [[ -d $dir ]] || return 0
  for s in "${SERVERS[@]}"; do
    # run.pid is written by this script ($!); the daemon's own pidfile is the fallback
    for f in "$dir/$s/run.pid" "$dir/$s/$s.pid"; do
      if pid="$(live_pid "$f")"; then
        mapfile -t -O "${#pids[@]}" pids < <(pid_tree "$pid")
        break
      fi
    done
  done
  if ((${#pids[@]})); then
    kill -TERM "${pids[@]}" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do   # up to 5 s for a clean exit
      local alive=()
      for pid in "${pids[@]}"; do running "$pid" && alive+=("$pid"); done
      ((${#alive[@]})) || break
      sleep 0.1
    done
    for pid in "${pids[@]}"; do
      if running "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
    done
  fi
  for s in "${SERVERS[@]}"; do rm -f "$dir/$s/run.pid"; done
  return 0
}

# ------------------------------------------------------------------------------------------
# start

# Pick a port that nothing listens on (TCP or UDP), below the kernel's ephemeral range so
# an outgoing connection cannot take it between now and the bind, and not already chosen.
# pick_port <variable>
declare -A chosen=()
pick_port() {
  local used p i low
  used=" $(ss -Hltun 2>/dev/null | awk '{n = split($5, a, ":"); printf "%s ", a[n]}') "
  # The machine's own ephemeral range, not an assumed one.
  low=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
  ((low > 12000)) || die "the ephemeral port range starts at $low: no room below it for test servers"
  for ((i = 0; i < 500; i++)); do
    p=$((10000 + RANDOM % (low - 10000)))
    [[ $used == *" $p "* || -n ${chosen[$p]:-} ]] && continue
    chosen[$p]=1
    printf -v "$1" '%s' "$p"
    return 0
  done
  die "no free loopback port found"
}

make_certs() {
  local d="$1"
  (
    cd "$d"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
      -keyout ca.key -out ca.pem -days 30 -subj "/CN=ipfacts DNS test CA" \
      -addext "basicConstraints=critical,CA:TRUE" \
      -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
    openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
      -keyout server.key -out server.csr -subj "/CN=localhost" 2>/dev/null
    printf '%s\n' "basicConstraints=critical,CA:FALSE" \
      "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" \
      "subjectAltName=IP:127.0.0.1,DNS:localhost" >server.ext
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
      -days 30 -extfile server.ext -out server.pem 2>/dev/null
    rm -f server.csr server.ext ca.srl
    chmod 600 ca.key server.key
  ) || die "could not create the test CA / server certificate with openssl"
}

# sign <zone> in $nsd_dir; prints nothing; leaves <zone>.zone signed in place
sign_zone() {
  local zone="$1" ksk zsk
  (
    cd "$keys_dir"
    ksk="$(ldns-keygen -a ECDSAP256SHA256 -k "$zone")"
    zsk="$(ldns-keygen -a ECDSAP256SHA256 "$zone")"
    echo "$ksk" >"$zone.ksk"
    # DNSKEYs go into the zone itself so they get the zone's $TTL (300)
    cat "$ksk.key" "$zsk.key" >>"$nsd_dir/$zone.zone.unsigned"
    ldns-signzone -o "$zone." -i "$(date -u -d '-1 hour' +%Y%m%d%H%M%S)" \
      -e "$(date -u -d '+30 days' +%Y%m%d%H%M%S)" \
      -f "$nsd_dir/$zone.zone" "$nsd_dir/$zone.zone.unsigned" "$zsk" "$ksk"
  ) || die "could not sign zone $zone with ldns-keygen/ldns-signzone"
}

# DS (SHA-256) of the KSK of <zone>, with TTL 300
ds_of() {
  local zone="$1"
  ldns-key2ds -n -2 "$keys_dir/$(cat "$keys_dir/$zone.ksk").key" |
    awk 'NF { $2 = 300; print }' OFS='\t'
}

write_nsd_conf() {
  local z
  {
    cat <<EOF
# generated by $me
server:
    ip-address: 127.0.0.1@$NSD_PORT
    port: $NSD_PORT
    do-ip4: yes
    do-ip6: no
    username: ""
    chroot: ""
    zonesdir: "$nsd_dir"
    database: ""
    zonelistfile: "$nsd_dir/zone.list"
    xfrdfile: "$nsd_dir/xfrd.state"
    xfrdir: "$nsd_dir"
    pidfile: "$nsd_dir/nsd.pid"
    logfile: "$nsd_dir/nsd.log"
    server-count: 1
    verbosity: 1
    hide-version: yes
    identity: "ipfacts-test-nsd"
    refuse-any: no
    zonefiles-write: 0
    # Response rate limiting would throttle the resolvers themselves under
    # tools/bench (every query comes from 127.0.0.1).
    rrl-ratelimit: 0
    rrl-whitelist-ratelimit: 0

remote-control:
    control-enable: no
EOF
    for z in "${ZONES[@]}"; do
      printf '\nzone:\n    name: "%s."\n    zonefile: "%s.zone"\n' "$z" "$z"
    done
    printf '\n# no zone file on purpose: NSD answers SERVFAIL for this zone\n'
    printf 'zone:\n    name: "%s."\n    zonefile: "%s.zone"\n' "$BROKEN_ZONE" "$BROKEN_ZONE"
  } >"$nsd_dir/nsd.conf"
}

write_unbound_conf() {
  local name="$1" dns_port="$2" doh_port="$3" d="$state/$1" z
  mkdir -p "$d"
  {
    cat <<EOF
# generated by $me — resolver "$name"
server:
    verbosity: 1
    num-threads: 1
    interface: 127.0.0.1@$dns_port
    interface: 127.0.0.1@$doh_port
    port: $dns_port
    https-port: $doh_port
    http-endpoint: "/dns-query"
    # ipfactsd keeps one DoH connection per worker thread; unbound's default of
    # 10 incoming TCP/TLS connections would make the rest wait.
    incoming-num-tcp: 256
    tls-service-key: "$state/server.key"
    tls-service-pem: "$state/server.pem"
    do-ip4: yes
    do-ip6: no
    do-udp: yes
    do-tcp: yes
    so-reuseport: no
    username: ""
    chroot: ""
    directory: "$d"
    pidfile: "$d/$name.pid"
    logfile: "$d/$name.log"
    use-syslog: no
    log-time-ascii: yes
    log-servfail: yes
    do-daemonize: no
    access-control: 127.0.0.0/8 allow
    module-config: "validator iterator"
    # the only trust anchor: DS of signed.test's KSK (no root anchor)
    trust-anchor-file: "$state/signed.test.ds"
    val-log-level: 2
    do-not-query-localhost: no
    qname-minimisation: no
    prefetch: no
    prefetch-key: no
    msg-cache-size: 4m
    rrset-cache-size: 8m
EOF
    if [[ $ttl_mode == short ]]; then
      printf '    cache-max-ttl: 5\n    cache-max-negative-ttl: 5\n'
    else
      # return the TTL of the zone (300) unchanged, however long an answer was cached
      printf '    serve-original-ttl: yes\n'
    fi
    echo "    # No internet here: refuse every name outside the fixture zones at once instead of"
    echo "    # trying the root servers. unbound's default local zones (test., RFC 6761/AS112"
    echo "    # reverse zones) would answer the fixture names itself: a local-zone of the same"
    echo "    # name replaces the default; transparent lets the queries through to the stubs."
    echo '    local-zone: "." refuse'
    for z in "${STUBS[@]}" timeout.test; do
      printf '    local-zone: "%s." transparent\n' "$z"
    done
    if [[ $name == beta ]]; then
      echo "    # the one name where beta differs from alpha (NSD has 192.0.2.100)"
      echo '    local-data: "differs.example.test. 300 IN A 192.0.2.200"'
    fi
    printf '\nremote-control:\n    control-enable: no\n'
    for z in "${STUBS[@]}"; do
      printf '\nstub-zone:\n    name: "%s."\n    stub-addr: 127.0.0.1@%s\n' "$z" "$NSD_PORT"
    done
    echo
    echo "# nothing listens on DEAD_PORT: unbound keeps retrying (the client times out first)"
    printf 'stub-zone:\n    name: "timeout.test."\n    stub-addr: 127.0.0.1@%s\n' "$DEAD_PORT"
  } >"$d/unbound.conf"
  unbound-checkconf "$d/unbound.conf" >"$d/checkconf.log" 2>&1 ||
    { cat "$d/checkconf.log" >&2; die "unbound-checkconf rejected $d/unbound.conf"; }
}

# The blocklists' resolver: stubs to NSD for bl.test (and broken.test, SERVFAIL), everything
# else refused; remote control on LISTS_CONTROL_PORT without certificates, for
# `unbound-control -c <state>/lists/unbound.conf stats_noreset` (total.num.queries).
write_lists_conf() {
  local d="$state/lists" z
  mkdir -p "$d"
  {
    cat <<EOF
# generated by $me — resolver "lists" (blocklists)
server:
    verbosity: 1
    num-threads: 1
    interface: 127.0.0.1@$LISTS_DNS_PORT
    port: $LISTS_DNS_PORT
    do-ip4: yes
    do-ip6: no
    so-reuseport: no
    username: ""
    chroot: ""
    directory: "$d"
    pidfile: "$d/lists.pid"
    logfile: "$d/lists.log"
    use-syslog: no
    do-daemonize: no
    access-control: 127.0.0.0/8 allow
    module-config: "iterator"
    do-not-query-localhost: no
    qname-minimisation: no
    prefetch: no
    serve-original-ttl: yes
    local-zone: "." refuse
    local-zone: "bl.test." transparent
    local-zone: "broken.test." transparent

remote-control:
    control-enable: yes
    control-use-cert: no
    control-interface: 127.0.0.1
    control-port: $LISTS_CONTROL_PORT
EOF
    for z in bl.test broken.test; do
      printf '\nstub-zone:\n    name: "%s."\n    stub-addr: 127.0.0.1@%s\n' "$z" "$NSD_PORT"
    done
  } >"$d/unbound.conf"
  unbound-checkconf "$d/unbound.conf" >"$d/checkconf.log" 2>&1 ||
    { cat "$d/checkconf.log" >&2; die "unbound-checkconf rejected $d/unbound.conf"; }
}

show_logs() {
  local f
  for f in "$state"/nsd/nsd.log "$state"/nsd/stderr.log \
           "$state"/alpha/alpha.log "$state"/alpha/stderr.log \
           "$state"/beta/beta.log "$state"/beta/stderr.log \
           "$state"/lists/lists.log "$state"/lists/stderr.log; do
    [[ -s $f ]] || continue
    echo "----- $f (last 30 lines) -----" >&2
    tail -n 30 "$f" >&2
  done
}

# run <name> <dir> <cmd...>: start a daemon in the foreground mode, in the background
launch() {
  local name="$1" d="$2"; shift 2
  "$@" </dev/null >"$d/stderr.log" 2>&1 &
  echo $! >"$d/run.pid"
}

alive() { running "$(cat "$state/$1/run.pid")"; }

# a server that exited because another process took its port meanwhile
lost_port_race() { ! alive "$1" && grep -qi 'already in use' "$state/$1"/*.log 2>/dev/null; }

# wait_for <server> <description> <command...>: until the command succeeds;
# returns 3 when the server lost a race for its port (the caller retries with other ports)
wait_for() {
  local s="$1" what="$2"; shift 2
  while :; do
    if "$@" >/dev/null 2>&1; then return 0; fi
    if lost_port_race "$s"; then return 3; fi
    alive "$s" || { show_logs; die "$s exited while waiting for $what"; }
    ((SECONDS < deadline)) || { show_logs; die "$what did not answer within ${timeout_s}s"; }
    sleep 0.1
  done
}

q() {  # q <port> <dig args...>: one quick try
  local port="$1"; shift
  dig +time=1 +tries=1 @127.0.0.1 -p "$port" "$@"
}
answers() {  # answers <expected> <dig args...>
  local want="$1"; shift
  [[ "$(q "$@" +short 2>/dev/null)" == *"$want"* ]]
}
nsd_up() { answers "ns1.example.test." "$NSD_PORT" +norec example.test SOA &&
           answers "ns1.signed.test." "$NSD_PORT" +norec signed.test SOA; }
servfail() {  # servfail <port>: broken.test gives SERVFAIL, promptly
  q "$1" www.broken.test A 2>/dev/null | grep -q 'status: SERVFAIL'
}
dns_up() { answers "192.0.2.1" "$1" www.example.test A; }
doh_up() {
  if [[ $dig_https == yes ]]; then
    answers "192.0.2.1" "$1" +https +tls-ca="$state/ca.pem" www.example.test A
  else
    # a GET of a fixed query (id 0, RD, www.example.test A); any HTTP 200 means it serves
    curl -sf --http2 --max-time 2 --cacert "$state/ca.pem" -o /dev/null \
      -H 'accept: application/dns-message' \
      "https://127.0.0.1:$1/dns-query?dns=AAABAAABAAAAAAAAA3d3dwdleGFtcGxlBHRlc3QAAAEAAQ"
  fi
}
ad_set() {  # ad_set <port>: signed.test A validates (AD=1) and example.test does not
  local out
  out="$(q "$1" +dnssec signed.test A 2>&1)" || return 1
  grep -q 'flags:[^;]* ad[ ;]' <<<"$out" || return 1
  out="$(q "$1" +dnssec www.example.test A 2>&1)" || return 1
  ! grep -q 'flags:[^;]* ad[ ;]' <<<"$out"
}

start_once() {
  local v
  for v in NSD_PORT ALPHA_DNS_PORT ALPHA_DOH_PORT BETA_DNS_PORT BETA_DOH_PORT DEAD_PORT \
           LISTS_DNS_PORT LISTS_CONTROL_PORT; do
    pick_port "$v"
  done

  write_nsd_conf
  nsd-checkconf "$nsd_dir/nsd.conf" >"$nsd_dir/checkconf.log" 2>&1 ||
    { cat "$nsd_dir/checkconf.log" >&2; die "nsd-checkconf rejected $nsd_dir/nsd.conf"; }
  write_unbound_conf alpha "$ALPHA_DNS_PORT" "$ALPHA_DOH_PORT"
  write_unbound_conf beta "$BETA_DNS_PORT" "$BETA_DOH_PORT"
  write_lists_conf

  launch nsd "$nsd_dir" nsd -d -c "$nsd_dir/nsd.conf"
  launch alpha "$state/alpha" unbound -d -c "$state/alpha/unbound.conf"
  launch beta "$state/beta" unbound -d -c "$state/beta/unbound.conf"
  launch lists "$state/lists" unbound -d -c "$state/lists/unbound.conf"

  deadline=$((SECONDS + timeout_s))
  wait_for nsd "NSD on port $NSD_PORT" nsd_up || return
  wait_for alpha "alpha (plain DNS, port $ALPHA_DNS_PORT)" dns_up "$ALPHA_DNS_PORT" || return
  wait_for beta "beta (plain DNS, port $BETA_DNS_PORT)" dns_up "$BETA_DNS_PORT" || return
  wait_for alpha "alpha (DoH, port $ALPHA_DOH_PORT)" doh_up "$ALPHA_DOH_PORT" || return
  wait_for beta "beta (DoH, port $BETA_DOH_PORT)" doh_up "$BETA_DOH_PORT" || return
  wait_for lists "lists (port $LISTS_DNS_PORT)" answers "127.0.0.2" "$LISTS_DNS_PORT" 2.0.0.127.bl.test A || return
  wait_for lists "lists (remote control, port $LISTS_CONTROL_PORT)" \
    unbound-control -c "$state/lists/unbound.conf" status || return
  ad_set "$ALPHA_DNS_PORT" || { show_logs; die "alpha: DNSSEC validation of signed.test (AD flag) is wrong"; }
  ad_set "$BETA_DNS_PORT" || { show_logs; die "beta: DNSSEC validation of signed.test (AD flag) is wrong"; }
  servfail "$ALPHA_DNS_PORT" || { show_logs; die "alpha: www.broken.test did not give SERVFAIL"; }
  servfail "$BETA_DNS_PORT" || { show_logs; die "beta: www.broken.test did not give SERVFAIL"; }
  return 0
}

start_servers() {
  local dir="$1"
  command -v nsd >/dev/null && command -v unbound >/dev/null && command -v ldns-signzone >/dev/null &&
    command -v dig >/dev/null && command -v openssl >/dev/null && command -v ss >/dev/null ||
    die "needs nsd, unbound, ldnsutils, dnsutils (dig), openssl, iproute2 (ss): run tools/setup"

  # wipe the state dir — but only one this script made, or an empty one
  if [[ -d $dir ]]; then
    if [[ -e $dir/$marker ]]; then
      stop_servers "$dir"
    elif [[ -n "$(ls -A "$dir")" ]]; then
      die "$dir exists, is not empty and was not made by $me: refusing to wipe it"
    fi
    rm -rf "$dir"
  fi
  mkdir -p "$dir"
  state="$(cd "$dir" && pwd)"
  : >"$state/$marker"
  # whatever makes start fail from here on: stop what it started
  trap 'rc=$?; if ((rc != 0)); then stop_servers "$state"; fi' EXIT

  nsd_dir="$state/nsd"
  keys_dir="$state/keys"
  mkdir -p "$nsd_dir" "$keys_dir"

  make_certs "$state"

  local z
  for z in "${ZONES[@]}"; do
    [[ -f $zones_src/$z.zone ]] || die "missing zone file $zones_src/$z.zone"
    cp "$zones_src/$z.zone" "$nsd_dir/$z.zone"
    nsd-checkzone "$z." "$nsd_dir/$z.zone" >"$nsd_dir/$z.checkzone.log" 2>&1 ||
      { cat "$nsd_dir/$z.checkzone.log" >&2; die "zone file $zones_src/$z.zone is invalid"; }
  done
  # DNSSEC: sign the child, put its DS into signed.test, sign signed.test, put its DS into
  # (unsigned) test. and make it the resolvers' trust anchor
  for z in child.signed.test signed.test; do
    mv "$nsd_dir/$z.zone" "$nsd_dir/$z.zone.unsigned"
    if [[ $z == signed.test ]]; then
      ds_of child.signed.test >>"$nsd_dir/$z.zone.unsigned"
    fi
    sign_zone "$z"
  done
  ds_of signed.test >"$state/signed.test.ds"
  cat "$state/signed.test.ds" >>"$nsd_dir/test.zone"

  dig_https=no
  if grep -q '+\[no\]https' <<<"$(dig -h 2>&1 || true)"; then dig_https=yes; fi

  local attempt rc
  for attempt in 1 2 3; do
    rc=0
    start_once || rc=$?
    ((rc == 0)) && break
    stop_servers "$state"
    echo "$me: a port was taken meanwhile, retrying with other ports" >&2
  done
  ((rc == 0)) || { show_logs; die "could not bind free ports after 3 attempts"; }

  cat >"$state/ports.env" <<EOF
NSD_PORT=$NSD_PORT
ALPHA_DNS_PORT=$ALPHA_DNS_PORT
ALPHA_DOH_PORT=$ALPHA_DOH_PORT
BETA_DNS_PORT=$BETA_DNS_PORT
BETA_DOH_PORT=$BETA_DOH_PORT
CA_FILE=$state/ca.pem
ALPHA_DOH_URL=https://127.0.0.1:$ALPHA_DOH_PORT/dns-query
BETA_DOH_URL=https://127.0.0.1:$BETA_DOH_PORT/dns-query
DEAD_PORT=$DEAD_PORT
LISTS_DNS_PORT=$LISTS_DNS_PORT
LISTS_CONTROL_PORT=$LISTS_CONTROL_PORT
LISTS_CONF=$state/lists/unbound.conf
STATE_DIR=$state
EOF
  cat "$state/ports.env"
}

# ------------------------------------------------------------------------------------------
(($# == 2)) || usage
case "$1" in
  start) start_servers "$2" ;;
  stop)  stop_servers "$2"; exit 0 ;;
  *)     usage ;;
esac
