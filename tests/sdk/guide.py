#!/usr/bin/env python3
"""The plugin author's guide (sdk/README.md) followed literally: its files are the
fenced blocks marked `<!-- guide-file: NAME -->`, taken as written.

  guide.py SOURCE_DIR BUILD_DIR

  1. build.sh: installs the SDK component alone into a scratch prefix (for the
     guide's /opt/ipfacts-sdk; its `build` is this build tree) and builds the
     plugin out of tree; the prefix holds nothing of the service
  2. the library the guide names (manifest.yaml's `library`) exists and exports
     only ipfacts_plugin_v1
  3. manifest.yaml's plugins and routes, in a manifest of this test: --check-config
     ok; ipfactsd loads the plugin and answers the route as the guide says it does,
     and /api/openapi.json holds the guide's operation
  4. the same plugin with an openapi.json that describes no `greet`: --check-config
     fails naming the route, as the daemon refuses to start with it
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import urllib.request

GUIDE_FILE = re.compile(r"<!-- guide-file: (\S+) -->\n```[a-z]*\n(.*?)\n```", re.S)
DEADLINE_S = 30


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, cwd, log, **kw):
    with open(log, "a") as out:
        out.write(f"$ {cmd if isinstance(cmd, str) else ' '.join(cmd)}\n")
        out.flush()
        return subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, **kw).returncode


def guide_files(source):
    text = open(os.path.join(source, "sdk", "README.md")).read()
    files = dict(GUIDE_FILE.findall(text))
    for name in ("build.sh", "hello/CMakeLists.txt", "hello/HelloPlugin.cpp", "hello/openapi.json", "manifest.yaml"):
        if name not in files:
            fail(f"sdk/README.md has no block marked <!-- guide-file: {name} -->")
    return files


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def manifest(work, guide_yaml, plugin_dir, port):
    """A manifest of this test with the guide's plugins and routes in it."""
    plugins, routes, part = [], [], None
    for line in guide_yaml.splitlines():
        if line in ("plugins:", "routes:"):
            part = plugins if line == "plugins:" else routes
        elif part is not None and line.strip():
            part.append(line)
    if not plugins or not routes:
        fail("the guide's manifest block has no plugins: or no routes:")
    text = "\n".join([
        "service: { host: ipfacts.test, edge: test }",
        f"server: {{ listen: [\"127.0.0.1:{port}\"], threads: 1, workers: 1 }}",
        "state_dir: state",
        "access_log: \"off\"",
        f"plugin_dir: {plugin_dir}",
        "rate_classes:",
        "  address: { anonymous: { per_minute: 600, per_day: 10000 }, keyed: { per_minute: 600, per_day: 10000 } }",
        "  unmetered: { metered: false }",
        "plugins:", *plugins,
        "routes:", *routes,
        "  - { path: /api/openapi.json, handler: host.openapi, rate_class: unmetered, cache_control: \"no-store\" }",
        ""])
    path = os.path.join(work, "manifest.yaml")
    open(path, "w").write(text)
    return path


def serve(ipfactsd, config, work, port, log):
    name = f"ipfacts-guide-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(DEADLINE_S)
    out = open(log, "a")
    proc = subprocess.Popen([ipfactsd, "--config", config], cwd=work, stdout=out, stderr=subprocess.STDOUT,
                            env=dict(os.environ, NOTIFY_SOCKET="@" + name))
    try:
        while "READY=1" not in sock.recv(4096).decode().split("\n"):
            pass
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/hello?name=Ada", timeout=10) as r:
            hello = (r.status, json.loads(r.read()))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json", timeout=10) as r:
            doc = json.loads(r.read())
    except socket.timeout:
        fail(f"ipfactsd with the guide's plugin sent no READY=1 within {DEADLINE_S} s (log: {log})")
    finally:
        proc.terminate()
        proc.wait(timeout=DEADLINE_S)
    return hello, doc


def main():
    source, build = (os.path.abspath(a) for a in sys.argv[1:3])
    work = os.path.join(build, "tests", "sdk-guide")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    log = os.path.join(work, "guide.log")
    files = guide_files(source)
    for name, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(work, name)), exist_ok=True)
        open(os.path.join(work, name), "w").write(text + "\n")

    # 1. The guide's commands, its two places made this test's.
    prefix = os.path.join(work, "sdk-prefix")
    script = files["build.sh"].replace("/opt/ipfacts-sdk", prefix).replace("--install build ", f"--install {build} ")
    env = dict(os.environ)
    if shutil.which("ccache"):
        env["CMAKE_CXX_COMPILER_LAUNCHER"] = "ccache"
    if run(["bash", "-euo", "pipefail", "-c", script], work, log, env=env) != 0:
        fail(f"the guide's build commands failed (log: {log})")
    service = [p for p in ("sbin/ipfactsd", "bin/ipfacts", "etc/ipfacts") if os.path.exists(os.path.join(prefix, p))]
    if service:
        fail(f"the SDK component installed parts of the service: {service}")

    # 2. The library the guide's manifest names.
    library = re.search(r"library: ([^,} ]+)", files["manifest.yaml"]).group(1)
    built = os.path.join(work, library)
    if not os.path.isfile(built):
        fail(f"the guide's manifest names {library}, which its build did not produce")
    exports = subprocess.run(["nm", "-D", "--defined-only", built], capture_output=True, text=True).stdout
    if " ipfacts_plugin_v1" not in exports:
        fail(f"{library} exports no ipfacts_plugin_v1")

    # 3. Loaded by ipfactsd, answering as the guide says.
    ipfactsd = os.path.join(build, "host", "ipfactsd")
    port = free_port()
    config = manifest(work, files["manifest.yaml"], os.path.join(build, "plugins"), port)
    if run([ipfactsd, "--check-config", config], work, log) != 0:
        fail(f"--check-config of the guide's manifest failed (log: {log})")
    (status, body), doc = serve(ipfactsd, config, work, port, log)
    if status != 200 or body.get("message") != "hi, Ada" or "checked_at" not in body:
        fail(f"/api/v1/hello?name=Ada answered {status} {body}, not the guide's greeting")
    op = doc["paths"].get("/api/v1/hello", {}).get("get", {})
    if op.get("operationId") != "getHello":
        fail(f"/api/openapi.json does not hold the guide's operation: {op}")

    # 4. A fragment without the handler's operation: refused by --check-config as at start.
    open(os.path.join(work, "hello", "openapi.json"), "w").write('{"operations": {}}\n')
    if run(["cmake", "--build", os.path.join(work, "hello", "build")], work, log) != 0:
        fail("rebuilding with an empty fragment failed")
    checked = subprocess.run([ipfactsd, "--check-config", config], cwd=work, capture_output=True, text=True)
    if checked.returncode != 1 or "route /api/v1/hello" not in checked.stderr or "greet" not in checked.stderr:
        fail(f"--check-config of a plugin whose fragment lacks its operation: exit {checked.returncode}, "
             f"{checked.stdout}{checked.stderr}")
    started = subprocess.run([ipfactsd, "--config", config], cwd=work, capture_output=True, text=True,
                             timeout=DEADLINE_S)
    if started.returncode == 0:
        fail("ipfactsd started with a fragment --check-config refuses")
    print(f"the guide's own blocks: SDK installed alone, {library} built out of tree, --check-config ok, "
          f"/api/v1/hello answered {body['message']!r}, its operation in /api/openapi.json; an empty "
          f"fragment: --check-config exit 1 ({checked.stderr.strip().splitlines()[0]}), ipfactsd refuses too")


if __name__ == "__main__":
    main()
