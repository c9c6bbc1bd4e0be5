#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_dns_message (tests/fuzz/corpus/fuzz_dns_message):
a few DNS responses as a resolver sends them (name compression, EDNS0, AD,
NXDOMAIN with SOA, TC), and name/type lines for buildQuery. Standard library
only; run it again after changing a seed here:  python3 tests/fuzz/make-dns-seeds.py
"""
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "fuzz_dns_message")

A, NS, CNAME, SOA, MX, TXT, AAAA, SRV, OPT, RRSIG = 1, 2, 5, 6, 15, 16, 28, 33, 41, 46
QR, AA, TC, RD, RA, AD = 0x8000, 0x0400, 0x0200, 0x0100, 0x0080, 0x0020


def name(text):
    out = b""
    for label in text.rstrip(".").split("."):
        if label:
            out += bytes([len(label)]) + label.encode()
    return out + b"\0"


def ptr(offset):
    return struct.pack("!H", 0xC000 | offset)


def rr(owner, rtype, ttl, rdata, rclass=1):
    return owner + struct.pack("!HHIH", rtype, rclass, ttl, len(rdata)) + rdata


def opt(do=True, size=1232):
    return b"\0" + struct.pack("!HHIH", OPT, size, 0x8000 if do else 0, 0)


def message(flags, qname, qtype, answers=(), authority=(), additional=(), rcode=0, qid=0x5A5A):
    header = struct.pack("!HHHHHH", qid, flags | rcode, 1, len(answers), len(authority), len(additional))
    question = name(qname) + struct.pack("!HH", qtype, 1)
    return header + question + b"".join(answers) + b"".join(authority) + b"".join(additional)


Q = ptr(12)  # the question's name, right after the 12-byte header
ok = QR | RD | RA

seeds = {
    "a-ad-edns": message(ok | AD, "example.com", A, [rr(Q, A, 300, bytes([93, 184, 216, 34]))], additional=[opt()]),
    "aaaa": message(ok, "example.com", AAAA,
                    [rr(Q, AAAA, 3600, bytes.fromhex("26062800021f cb07 6820 80da af6b 8b2c".replace(" ", "")))]),
    "cname-chain": message(ok, "www.example.org", A, [
        rr(Q, CNAME, 60, name("edge.example.net")),
        rr(ptr(12 + 17 + 4 + 12), A, 20, bytes([192, 0, 2, 10])),  # owner: the CNAME's target
        rr(ptr(12 + 17 + 4 + 12), A, 20, bytes([192, 0, 2, 11])),
    ]),
    "nxdomain-soa": message(ok, "nope.example", A, authority=[
        rr(ptr(12 + 5), SOA, 900,
           name("ns1.example") + name("hostmaster.example") + struct.pack("!IIIII", 2024010101, 7200, 3600, 1209600, 300))
    ], rcode=3),
    "mx-txt": message(ok | AA, "example.net", MX, [
        rr(Q, MX, 300, struct.pack("!H", 10) + b"\x04mail" + Q),
        rr(Q, TXT, 300, b"\x0bv=spf1 -all\x05hello"),
    ]),
    "srv": message(ok, "_sip._tcp.example.test", SRV,
                   [rr(Q, SRV, 86400, struct.pack("!HHH", 10, 60, 5060) + name("sip.example.test"))]),
    "rrsig": message(ok | AD, "example.com", A, [
        rr(Q, A, 300, bytes([93, 184, 216, 34])),
        rr(Q, RRSIG, 300, struct.pack("!HBBIIIH", A, 13, 2, 300, 1735689600, 1733097600, 12345) + Q + bytes(64)),
    ], additional=[opt()]),
    "truncated": message(ok | TC, "big.example", TXT),
    "servfail": message(ok, "broken.example", AAAA, rcode=2),
    "query-aaaa": b"example.com\nAAAA",
    "query-srv": b"_sip._tcp.example.test\nSRV",
    "query-root": b".\nNS",
}

os.makedirs(OUT, exist_ok=True)
for file, data in seeds.items():
    with open(os.path.join(OUT, file), "wb") as f:
        f.write(data)
print(f"wrote {len(seeds)} seeds to {OUT}")
