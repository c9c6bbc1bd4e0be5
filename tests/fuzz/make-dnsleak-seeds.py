#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_dnsleak_query (tests/fuzz/corpus/fuzz_dnsleak_query):
questions as resolvers send them to the leak responder, for zone leak.fuzz.test. The
live-* seeds carry a token live at the target's fixed time under its fixed secret (32
bytes of 'f'), made as host/facilities/dnsleak/LeakToken.cpp does: 32 hex random, 8 hex
expiry, then the first 16 hex of HMAC-SHA-256 keyed with HMAC(secret, "dnsleak")
(ServerSecret::hmacHex(purpose, data)). Standard library only:
python3 tests/fuzz/make-dnsleak-seeds.py
"""
import hashlib
import hmac
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "fuzz_dnsleak_query")
SECRET = b"f" * 32
NOW = 1_800_000_000


def token(expires, random_hex="0123456789abcdef0123456789abcdef"):
    body = random_hex + "%08x" % expires
    key = hmac.new(SECRET, b"dnsleak", hashlib.sha256).digest()
    return body + hmac.new(key, body.encode(), hashlib.sha256).hexdigest()[:16]


def name(text):
    out = b""
    for label in text.split("."):
        if label:
            out += bytes([len(label)]) + label.encode()
    return out + b"\0"


def query(qname, qtype=1, flags=0x0100, opt=b"", qid=0x4242):
    head = struct.pack("!HHHHHH", qid, flags, 1, 0, 0, 1 if opt else 0)
    return head + name(qname) + struct.pack("!HH", qtype, 1) + opt


def opt(udp=1232, options=b"", version=0):
    return b"\0" + struct.pack("!HHIH", 41, udp, version << 16, len(options)) + options


def ecs(family, prefix, address):
    body = struct.pack("!HBB", family, prefix, 0) + address
    return struct.pack("!HH", 8, len(body)) + body


live = token(NOW + 600)
seeds = {
    "live-a": query("1.%s.leak.fuzz.test" % live),
    "live-mixed-case-aaaa": query(("2.%s.LeAk.FuZz.TeSt" % live.upper()), 28),
    "live-token-only-ns": query("%s.leak.fuzz.test" % live, 2),
    "live-ecs-v4": query("3.%s.leak.fuzz.test" % live, 1, opt=opt(options=ecs(1, 24, bytes([198, 51, 100])))),
    "live-ecs-v6": query("4.%s.leak.fuzz.test" % live, 28, opt=opt(options=ecs(2, 56, bytes(7)))),
    "live-txt-small-udp": query("1.%s.leak.fuzz.test" % live, 16, opt=opt(udp=512)),
    "expired": query("1.%s.leak.fuzz.test" % token(NOW)),
    "apex-soa": query("leak.fuzz.test", 6),
    "apex-ns": query("leak.fuzz.test", 2),
    "other-zone": query("www.example.org", 1),
    "any": query("1.%s.leak.fuzz.test" % live, 255),
    "badvers": query("leak.fuzz.test", 6, opt=opt(version=1)),
    "notify": query("leak.fuzz.test", 6, flags=4 << 11),
}
os.makedirs(OUT, exist_ok=True)
for seed, data in seeds.items():
    with open(os.path.join(OUT, seed), "wb") as f:
        f.write(data)
