#!/usr/bin/python3
"""Runs the installed ipfactsd.service of a root the way systemd would, without
systemd: its ExecStart (%S = /var/lib) chrooted into ROOT, as its User= and Group=,
under its UMask=, with systemd's environment for a service and $NOTIFY_SOCKET
(waits for READY=1: no sleeps). Then every endpoint that needs no internet.

  start_unit.py ROOT KEY    KEY: an API key `ipfacts key add` issued in ROOT

An SMTP sink (Debian's python3-aiosmtpd) on 127.0.0.1:25 stands for the local MTA
the installed manifest mails sign-in links through. Runs inside the network
namespace fresh-root.sh made: only loopback, so the manifest's own port (8080) and
port 25 are free and nothing leaves the machine.
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from aiosmtpd.controller import Controller

BASE = "http://127.0.0.1:8080"
DEADLINE_S = 30
UNIT = "lib/systemd/system/ipfactsd.service"


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def unit_settings(root):
    settings = {}
    for line in open(os.path.join(root, UNIT)):
        m = re.match(r"^([A-Za-z]+)=(.*)$", line.strip())
        if m:
            settings.setdefault(m.group(1), m.group(2))
    return settings


class Inbox:
    """What the local MTA received: (recipients, message bytes)."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos, envelope.original_content or envelope.content))
        return "250 OK"


def get(path, headers=None, data=None):
    req = urllib.request.Request(BASE + path, headers=headers or {}, data=data)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read().decode()


def start(root, unit):
    name = f"ipfacts-fresh-root-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)  # abstract: reachable from the chroot, private to this network namespace
    user, group = unit["User"], unit.get("Group", unit["User"])
    command = unit["ExecStart"].replace("%S", "/var/lib")
    home = "/var/lib/ipfacts"
    env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8",
           "USER": user, "LOGNAME": user, "HOME": home, "SHELL": "/usr/sbin/nologin",
           "NOTIFY_SOCKET": "@" + name}
    proc = subprocess.Popen(
        ["chroot", root, "/usr/bin/setpriv", f"--reuid={user}", f"--regid={group}", "--init-groups", "--",
         "/bin/sh", "-c", f"umask {unit['UMask']}; exec {command}"],
        env=env, stdout=sys.stdout, stderr=subprocess.STDOUT)
    sock.settimeout(DEADLINE_S)
    try:
        while "READY=1" not in sock.recv(4096).decode().split("\n"):
            pass
    except socket.timeout:
        proc.kill()
        fail(f"no READY=1 within {DEADLINE_S} s")
    return proc, sock


def uid_of(root, user):
    for line in open(os.path.join(root, "etc/passwd")):
        fields = line.split(":")
        if fields[0] == user:
            return int(fields[2])
    fail(f"no user {user} in the root")


def endpoints(key):
    status, _, body = get("/ip")
    check(status == 200 and body.strip() == "127.0.0.1", f"/ip answered {status}: {body!r}")
    status, _, body = get("/json")
    check(status == 200 and json.loads(body)["ip"] == "127.0.0.1", f"/json answered {status}: {body}")
    status, _, body = get("/healthz")
    check(status == 200 and body == "ok\n", f"/healthz answered {status}: {body!r}")
    status, _, body = get("/readyz")
    check(status == 200 and json.loads(body)["ready"] is True, f"/readyz answered {status}: {body}")
    status, headers, body = get("/", {"Accept": "text/html", "User-Agent": "Mozilla/5.0"})
    check(status == 200 and headers.get_content_type() == "text/html" and "127.0.0.1" in body,
          f"the front page answered {status} {headers.get_content_type()}")
    status, _, body = get("/api/openapi.json")
    doc = json.loads(body)
    check(status == 200 and "/api/v1/lookup/{target}" in doc["paths"] and "/json" in doc["paths"],
          f"/api/openapi.json answered {status} without the plugins' paths")
    status, _, body = get("/api/v1/lookup/8.8.8.8")
    check(status == 200 and json.loads(body).get("city") == "Mountain View",
          f"/api/v1/lookup/8.8.8.8 answered {status}: {body}")
    status, _, body = get("/api/v1/ua", {"User-Agent": "curl/8.0.1"})
    check(status == 200 and "curl" in body.lower(), f"/api/v1/ua answered {status}: {body}")
    status, _, body = get("/api/v1/headers", {"X-Fresh-Root": "yes"})
    check(status == 200 and "x-fresh-root" in body.lower(), f"/api/v1/headers answered {status}: {body[:200]}")
    status, _, body = get("/ip.md")
    check(status == 200 and "127.0.0.1" in body, f"/ip.md answered {status}: {body[:200]}")
    status, _, body = get("/api/v1/status")
    check(status == 200 and json.loads(body)["available"] is True, f"/api/v1/status answered {status}: {body[:200]}")
    status, headers, body = get("/status", {"Accept": "text/html"})
    check(status == 200 and headers.get_content_type() == "text/html", f"/status answered {status}")
    status, headers, body = get("/api-keys", {"Accept": "text/html"})
    check(status == 200 and "<form" in body, f"/api-keys answered {status}")
    status, _, body = get("/ip", {"Authorization": "Bearer " + key})
    check(status == 200, f"/ip with the key `ipfacts key add` issued answered {status}: {body}")
    status, _, body = get("/ip", {"Authorization": "Bearer ipf_" + "0" * 40})
    check(status == 401, f"/ip with an unknown key answered {status}, want 401")
    return len(doc["paths"])


def signin_mail(inbox):
    """The installed mailer: a sign-in link reaches the local MTA."""
    form = urllib.parse.urlencode({"email": "ops@example.org"}).encode()
    status, _, body = get("/api-keys", {"Content-Type": "application/x-www-form-urlencoded",
                                        "Accept": "application/json"}, form)
    check(status == 202, f"POST /api-keys answered {status}: {body}")
    end = time.monotonic() + DEADLINE_S
    while not inbox.messages and time.monotonic() < end:
        time.sleep(0.05)  # polling the sink, bounded by the deadline
    check(inbox.messages, f"no mail reached 127.0.0.1:25 within {DEADLINE_S} s")
    rcpt, message = inbox.messages[0]
    check(rcpt == ["ops@example.org"] and b"/api-keys/signin?token=" in message,
          f"the mail to {rcpt} holds no sign-in link")


def main():
    root, key = sys.argv[1:3]
    unit = unit_settings(root)
    for setting in ("ExecStart", "User", "UMask", "StateDirectory"):
        check(setting in unit, f"the unit has no {setting}=")
    check("DynamicUser" not in unit, "the unit has DynamicUser=: the admin command could not write as its user")
    inbox = Inbox()
    mta = Controller(inbox, hostname="127.0.0.1", port=25)
    mta.start()
    proc, sock = start(root, unit)
    status = open(f"/proc/{proc.pid}/status").read()
    uid = int(re.search(r"^Uid:\s+(\d+)", status, re.M).group(1))
    check(uid == uid_of(root, unit["User"]), f"ipfactsd runs as uid {uid}, not as {unit['User']}")
    paths = endpoints(key)
    signin_mail(inbox)
    state = os.path.join(root, "var/lib/ipfacts")
    secret = os.stat(os.path.join(state, "server-secret"))
    check(secret.st_uid == uid and secret.st_mode & 0o777 == 0o600, "server-secret is not the service's, mode 0600")
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(timeout=DEADLINE_S)
    check(code == 0, f"ipfactsd exited {code} after SIGTERM, want 0")
    mta.stop()
    print(f"fresh Debian 12: the .deb installed offline; ipfactsd as {unit['User']} (uid {uid}) by the unit's "
          f"ExecStart: READY=1; /ip, /json, /healthz, /readyz 200, the front page, /api/openapi.json ({paths} paths), "
          "/api/v1/lookup/8.8.8.8, /api/v1/ua, /api/v1/headers, /ip.md, /api/v1/status, /status, /api-keys and its sign-in mail through the local MTA; the admin command's key 200, an unknown key 401; "
          "SIGTERM exit 0")


if __name__ == "__main__":
    main()
