#!/usr/bin/python3
"""Reads a /metrics scrape on stdin with the Prometheus project's own Python
client parser (Debian's python3-prometheus-client, prometheus_client.parser),
checks what that parser leaves open (every family has HELP and a TYPE, names
carry the ipfacts_ prefix, no series twice, histogram buckets cumulative and
ending in +Inf at the count), and prints every series as JSON:

  {"types": {"<family>": "counter"|"gauge"|"histogram"},
   "series": {"<name>{<label>=<value>,...}": <number>}}   labels sorted, values unescaped

Exits 1 with the reason when the text is not valid exposition format 0.0.4.
Run with /usr/bin/python3: Debian's interpreter sees Debian's packages."""
import json
import math
import sys

from prometheus_client.parser import text_string_to_metric_families


def fail(why):
    sys.stderr.write(f"parse.py: {why}\n")
    sys.exit(1)


def key(name, labels):
    return name + "{" + ",".join(f"{k}={labels[k]}" for k in sorted(labels)) + "}"


def main():
    text = sys.stdin.read()
    if not text.endswith("\n"):
        fail("the text does not end with a line feed")
    out = {"types": {}, "series": {}}
    try:
        families = list(text_string_to_metric_families(text))
    except ValueError as e:
        fail(f"the parser refused it: {e}")
    for f in families:
        # Counters come back without their _total suffix (the client's OpenMetrics naming).
        family = f.name + "_total" if f.type == "counter" else f.name
        if not family.startswith("ipfacts_"):
            fail(f"{family}: no ipfacts_ prefix")
        if f.type not in ("counter", "gauge", "histogram"):
            fail(f"{family}: type {f.type} (no TYPE line before its samples?)")
        if not f.documentation:
            fail(f"{family}: no HELP")
        if family in out["types"]:
            fail(f"{family}: the family appears twice")
        out["types"][family] = f.type
        buckets = {}
        for s in f.samples:
            k = key(s.name, s.labels)
            if k in out["series"]:
                fail(f"series {k} appears twice")
            if f.type == "counter" and not s.value >= 0:
                fail(f"{k}: counter {s.value}")
            out["series"][k] = s.value if math.isfinite(s.value) else str(s.value)
            if s.name.endswith("_bucket"):
                rest = {n: v for n, v in s.labels.items() if n != "le"}
                buckets.setdefault(key(f.name, rest), []).append((s.labels["le"], s.value))
        for series, bs in buckets.items():
            if bs[-1][0] != "+Inf":
                fail(f"{series}: the last bucket is not +Inf")
            if any(b[1] < a[1] for a, b in zip(bs, bs[1:])) or any(float(b[0]) <= float(a[0]) for a, b in zip(bs, bs[1:])):
                fail(f"{series}: buckets not cumulative in increasing order")
            labels_key = series[len(f.name):]
            if out["series"].get(f.name + "_count" + labels_key) != bs[-1][1]:
                fail(f"{series}: the +Inf bucket is not the count")
    json.dump(out, sys.stdout)


main()
