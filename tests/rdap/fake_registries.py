#!/usr/bin/env python3
"""Fake RDAP registries and WHOIS servers on 127.0.0.1 for the /api/v1/rdap suites.

  fake_registries.py start <state-dir>   start in the background; returns once every
                                         server listens and <state-dir>/ports.env exists
  fake_registries.py stop <state-dir>    stop what start started

Real registries cannot be reached from tests (traffic stays on loopback), and no
packaged server speaks RDAP, so this one serves the RFC 9083-shaped fixtures of
plugins/rdap/tests/fixtures the way registries do:

  /arin/ip/*         an ARIN-style ip network: cidr0, the abuse entity nested two deep
  /redirect/ip/*     301 to /ripe4/ip/* (a registry sending the client to another one)
  /ripe4/ip/*        the same network, from the registry redirected to
  /ripe/ip/*         a RIPE-style IPv6 network with a redacted contact; /ripe/autnum/* an autnum
  /loop/ip/*         302 to /loop2/ip/*, which sends it back: a redirect loop
  /missing/*         404 (the authoritative registry has no such object)
  /limited/*         429 with Retry-After: 30
  /slow/*            answers after 3 s (slower than the test manifest's timeout)
  /registry/domain/* a thin registry: its `related` link names /registrar/domain/*
                     (/slow/domain/* for slowregistrar.*)
  /registrar/domain/* the registrar's object, RFC 9537 redactions
  /lacnic/ip/*       an ip network behind the budgeted upstream (host lacnic.localhost)
  /corpus/<registry>/<ip|autnum|domain>/<q>
                     the real recorded answers of tests/rdap/corpus/rdap (cases.json): the
                     case's file as recorded (with the case's `status`, 200 unless it is a
                     recorded error), or a 301 to the case's registry when the case
                     names one (`via`) that redirects, as RIRs do for space they do not hold;
                     a `related` registrar link is rewritten to /corpus-registrar/<id>/domain/<q>
  /corpus-registrar/<id>/domain/<q>  the case's recorded registrar answer, 404 when none was recorded
  /portjump/*        301 to the same path on RDAP_OTHER_PORT, a port no bootstrap entry names
  /portlink/domain/* a thin registry whose registrar link names RDAP_OTHER_PORT
  /_count?prefix=P   how many requests began with P (JSON {"count": n})

Two WHOIS servers (RFC 3912): IANA's stand-in answers every query with
`refer: 127.0.0.1:<registry port>`; the registry answers a query of the WHOIS corpus
(tests/rdap/corpus/whois/cases.yaml: its `replay` or `query`) with the recorded answer,
byte for byte, any other domain with the gTLD layout and anything else with the RIPE
layout, and keeps the queries it read.

It writes the manifest's inputs too: bootstrap/{ipv4,ipv6,asn,dns}.json pointing at
these paths (the corpus cases' addresses, AS numbers and TLDs too), overrides.yaml and
whois-servers.yaml. ports.env holds RDAP_PORT, RDAP_OTHER_PORT, WHOIS_IANA_PORT,
WHOIS_REGISTRY_PORT and RDAP_STATE.
"""
import json
import os
import signal
import socket
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "plugins", "rdap", "tests", "fixtures")
WHOIS_CORPUS = os.path.join(HERE, "corpus", "whois")


def whois_corpus():
    """The recorded WHOIS answers by the query the suite asks: {query: bytes}. Each case
    of cases.yaml begins `- {query: Q, ...` with `replay: "R"` on the same line when set
    (read with a pattern: the standard library has no YAML reader)."""
    import re
    out = {}
    with open(os.path.join(WHOIS_CORPUS, "cases.yaml"), encoding="utf-8") as f:
        for line in f:
            case = re.match(r'- \{query: "?([^",]+)"?,', line)
            if not case:
                continue
            replay = re.search(r'replay: "([^"]+)"', line)
            with open(os.path.join(WHOIS_CORPUS, "answers", case.group(1) + ".txt"), "rb") as a:
                out[(replay.group(1) if replay else case.group(1)).lower()] = a.read()
    return out


CORPUS = os.path.join(HERE, "corpus", "rdap")


def corpus_cases():
    with open(os.path.join(CORPUS, "cases.json"), encoding="utf-8") as f:
        return json.load(f)


def corpus_key(kind, query):
    """A query as the RDAP path writes it, in one form (addresses compressed, AS numbers bare)."""
    import ipaddress
    if kind == "ip":
        return str(ipaddress.ip_address(query.split("/")[0]))
    if kind == "autnum":
        return str(int(query.upper().lstrip("AS")))
    return query.lower()


def corpus_bootstrap_entry(case):
    import ipaddress
    if case["kind"] == "ip":
        a = ipaddress.ip_address(case["query"])
        return "%s/%d" % (a, a.max_prefixlen)
    if case["kind"] == "autnum":
        n = corpus_key("autnum", case["query"])
        return "%s-%s" % (n, n)
    return case["query"].rsplit(".", 1)[1]


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return f.read()


class Counts:
    lock = threading.Lock()
    paths = []

    @classmethod
    def add(cls, path):
        with cls.lock:
            cls.paths.append(path)

    @classmethod
    def count(cls, prefix):
        with cls.lock:
            return sum(1 for p in cls.paths if p.startswith(prefix))


class Rdap(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body="", headers=()):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/rdap+json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def corpus(self, top, path, port):
        """The recorded answers: /corpus/<registry>/<kind>/<q> and /corpus-registrar/<id>/domain/<q>."""
        parts = path.split("/", 4)
        if len(parts) != 5:
            return self.send(404, json.dumps({"errorCode": 404, "title": "no such corpus path"}))
        _, _, registry, kind, query = parts
        for case in corpus_cases():
            if top == "corpus-registrar":
                if case["id"] != registry or kind != "domain":
                    continue
                if not case.get("registrar_file"):
                    return self.send(404, json.dumps({"errorCode": 404, "title": "no registrar answer recorded"}))
                return self.send(200, open(os.path.join(CORPUS, case["registrar_file"]), encoding="utf-8").read())
            if case["kind"] != kind or corpus_key(kind, case["query"]) != corpus_key(kind, query):
                continue
            if case.get("via") == registry:
                return self.send(301, "", [("Location", "http://127.0.0.1:%d/corpus/%s/%s/%s" % (port, case["serve"], kind, query))])
            if case["serve"] != registry:
                continue
            with open(os.path.join(CORPUS, case["file"]), encoding="utf-8") as f:
                body = f.read()
            if case.get("registrar_link"):  # as written, or with JSON's escaped slashes (Verisign's "https:\/\/")
                link = case["registrar_link"]
                local = "http://127.0.0.1:%d/corpus-registrar/%s/domain/%s" % (port, case["id"], query.upper())
                body = body.replace(link, local).replace(link.replace("/", "\\/"), local.replace("/", "\\/"))
            return self.send(case.get("status", 200), body)  # a recorded error body with its status
        return self.send(404, json.dumps({"errorCode": 404, "title": "not in the corpus"}))

    def do_GET(self):
        url = urlparse(self.path)
        path = url.path
        if path == "/_count":
            prefix = parse_qs(url.query).get("prefix", [""])[0]
            return self.send(200, json.dumps({"count": Counts.count(prefix)}))
        Counts.add(path)
        port = self.server.server_address[1]
        rest = path.split("/", 2)[2] if path.count("/") >= 2 else ""
        top = path.split("/")[1] if "/" in path else ""
        if top in ("corpus", "corpus-registrar"):
            return self.corpus(top, path, port)
        if top == "portjump":
            return self.send(301, "", [("Location", "http://127.0.0.1:%d/arin/%s" % (self.server.other_port, rest))])
        if top == "portlink" and rest.startswith("domain/"):
            body = fixture("domain-registry-thin.json").replace(
                "https://rdap.registrar.example/domain/EXAMPLE.COM",
                "http://127.0.0.1:%d/registrar/domain/%s" % (self.server.other_port, rest[len("domain/"):].upper()))
            return self.send(200, body)
        if top in ("arin", "ripe4", "lacnic") and rest.startswith("ip/"):
            return self.send(200, fixture("ip-arin.json"))
        if top == "redirect":
            return self.send(301, "", [("Location", "http://127.0.0.1:%d/ripe4/%s" % (port, rest))])
        if top == "ripe" and rest.startswith("ip/"):
            return self.send(200, fixture("ip-ripe-v6.json"))
        if top == "ripe" and rest.startswith("autnum/"):
            return self.send(200, fixture("autnum-ripe.json"))
        if top == "loop":
            return self.send(302, "", [("Location", "/loop2/" + rest)])
        if top == "loop2":
            return self.send(302, "", [("Location", "http://127.0.0.1:%d/loop/%s" % (port, rest))])
        if top == "missing":
            return self.send(404, json.dumps({"errorCode": 404, "title": "Not Found"}))
        if top == "limited":
            return self.send(429, json.dumps({"errorCode": 429, "title": "Too Many Requests"}), [("Retry-After", "30")])
        if top == "slow":
            time.sleep(3)
            return self.send(200, fixture("ip-arin.json"))
        if top == "registry" and rest.startswith("domain/"):
            name = rest[len("domain/"):]
            if name.startswith("nothere."):
                return self.send(404, json.dumps({"errorCode": 404}))
            # slowregistrar.*: its registrar answers only after the client's timeout.
            registrar = "slow" if name.startswith("slowregistrar.") else "registrar"
            body = fixture("domain-registry-thin.json").replace(
                "https://rdap.registrar.example/domain/EXAMPLE.COM",
                "http://127.0.0.1:%d/%s/domain/%s" % (port, registrar, name.upper()))
            return self.send(200, body)
        if top == "registrar" and rest.startswith("domain/"):
            return self.send(200, fixture("domain-registrar.json"))
        return self.send(404, json.dumps({"errorCode": 404, "title": "no such fixture path"}))


class WhoisHandler(socketserver.StreamRequestHandler):
    def handle(self):
        query = self.rfile.readline(1024).decode("utf-8", "replace").strip()
        self.server.queries.append(query)
        answer = self.server.answer(query)
        self.wfile.write(answer if isinstance(answer, bytes) else answer.encode())


class WhoisServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, answer):
        self.answer = answer
        self.queries = []
        super().__init__(("127.0.0.1", 0), WhoisHandler)


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def bootstrap(state, rdap_port):
    base = "http://127.0.0.1:%d/" % rdap_port
    os.makedirs(os.path.join(state, "bootstrap"), exist_ok=True)

    def services(pairs):
        return json.dumps({"description": "fake bootstrap", "publication": "2026-11-26T00:00:00Z", "version": "1.0",
                           "services": [[entries, [url]] for entries, url in pairs]}, indent=1)

    cases = corpus_cases()

    def corpus(kind, v6=None):
        pairs, seen = [], set()
        for c in cases:
            if c["kind"] != kind or (v6 is not None and (":" in c["query"]) != v6):
                continue
            entry = corpus_bootstrap_entry(c)
            if entry not in seen:
                seen.add(entry)
                pairs.append(([entry], base + "corpus/%s/" % c.get("via", c["serve"])))
        return pairs

    write(os.path.join(state, "bootstrap", "ipv4.json"), services(corpus("ip", False) + [
        (["192.0.2.0/24"], base + "arin/"),
        (["198.51.100.0/25"], base + "redirect/"),
        (["198.51.100.128/25"], "http://lacnic.localhost:%d/lacnic/" % rdap_port),
        (["203.0.113.0/26"], base + "loop/"),
        (["203.0.113.64/26"], base + "missing/"),
        (["203.0.113.128/26"], base + "limited/"),
        (["203.0.113.192/26"], base + "slow/"),
    ]))
    write(os.path.join(state, "bootstrap", "ipv6.json"), services(corpus("ip", True) + [(["2001:db8::/32"], base + "ripe/")]))
    write(os.path.join(state, "bootstrap", "asn.json"), services(corpus("autnum") + [
        (["64496-64511"], base + "ripe/"), (["65536-65551"], base + "portjump/")]))
    write(os.path.join(state, "bootstrap", "dns.json"), services(corpus("domain") + [
        (["test"], base + "registry/"), (["porttest"], base + "portlink/")]))
    write(os.path.join(state, "overrides.yaml"),
          "dns:\n  - { entries: [override.example], urls: [\"%sregistry/\"] }\n" % base)


def serve(state):
    rdap = ThreadingHTTPServer(("127.0.0.1", 0), Rdap)
    rdap.daemon_threads = True
    # The same registries on a second port that no bootstrap entry names: where /portjump
    # and /portlink point, a redirect or registrar link the plugin must not follow.
    other = ThreadingHTTPServer(("127.0.0.1", 0), Rdap)
    other.daemon_threads = True
    rdap.other_port = other.other_port = other.server_address[1]
    recorded = whois_corpus()

    def registry_answer(q):
        asked = q.split()[-1].lower() if q.split() else ""
        if asked in recorded:
            return recorded[asked]
        return fixture("whois/gtld.txt") if "." in q and not q[0].isdigit() else fixture("whois/ripe.txt")

    registry = WhoisServer(registry_answer)
    iana = WhoisServer(lambda q: "%% IANA WHOIS server (fake)\r\n\r\nrefer:        127.0.0.1:%d\r\n\r\ninetnum:      %s\r\nsource:       IANA\r\n"
                       % (registry.server_address[1], q))
    for server in (rdap, other, registry, iana):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    bootstrap(state, rdap.server_address[1])
    write(os.path.join(state, "whois-servers.yaml"),
          "iana: \"127.0.0.1:%d\"\ntlds:\n  nodata: \"127.0.0.1:%d\"\n" % (iana.server_address[1], registry.server_address[1]))
    tmp = os.path.join(state, "ports.env.tmp")
    write(tmp, "RDAP_PORT=%d\nRDAP_OTHER_PORT=%d\nWHOIS_IANA_PORT=%d\nWHOIS_REGISTRY_PORT=%d\nRDAP_STATE=%s\n"
          % (rdap.server_address[1], other.server_address[1], iana.server_address[1], registry.server_address[1], state))
    os.rename(tmp, os.path.join(state, "ports.env"))  # ready: every server listens
    signal.sigwait({signal.SIGTERM, signal.SIGINT})


def start(state):
    os.makedirs(state, exist_ok=True)
    stop(state)
    for name in ("ports.env", "ports.env.tmp"):
        if os.path.exists(os.path.join(state, name)):
            os.remove(os.path.join(state, name))
    pid = os.fork()
    if pid == 0:
        os.setsid()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
        devnull = os.open(os.devnull, os.O_RDWR)
        log = os.open(os.path.join(state, "fake.log"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(devnull, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        try:
            serve(state)
        finally:
            os._exit(0)
    write(os.path.join(state, "fake.pid"), str(pid))
    # Wait for readiness (ports.env appears once every socket listens), bounded.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if os.path.exists(os.path.join(state, "ports.env")):
            return 0
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            sys.stderr.write("fake registries exited early; see %s/fake.log\n" % state)
            return 1
        time.sleep(0.05)
    sys.stderr.write("fake registries did not come up in 20 s\n")
    return 1


def stop(state):
    pidfile = os.path.join(state, "fake.pid")
    if not os.path.exists(pidfile):
        return 0
    with open(pidfile) as f:
        pid = int(f.read().strip() or 0)
    os.remove(pidfile)
    if pid > 0:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop"):
        sys.stderr.write(__doc__)
        sys.exit(2)
    state_dir = os.path.abspath(sys.argv[2])
    sys.exit(start(state_dir) if sys.argv[1] == "start" else stop(state_dir))
