#!/usr/bin/env python3
"""Every member the OpenAPI fragments promise is described in our own words.

For each schema of host/openapi/components.json, host/*/openapi.json,
host/facilities/*/openapi.json and
plugins/<family>/openapi.json, every property name (of the schema and of the
objects nested in it) must appear as `name` in docs/api.md or in the README
beside that fragment (plugins/<family>/README.md, host/<folder>/README.md).
The served document stays authoritative for shapes; this keeps the prose from
silently missing a member. Prints each missing one and exits 1 if there is one.

Usage: check-api-fields.py REPOSITORY
"""
import glob
import json
import os
import sys


def members(schema, out):
    """Property names of `schema` and of every object schema inside it."""
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            out.add(name)
            members(sub, out)
        for key in ("items", "additionalProperties"):
            members(schema.get(key), out)
        for key in ("oneOf", "anyOf", "allOf"):
            for sub in schema.get(key, []):
                members(sub, out)
    return out


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    with open(os.path.join(root, "docs/api.md"), encoding="utf-8") as f:
        api = f.read()
    fragments = [os.path.join(root, "host/openapi/components.json")]
    fragments += sorted(glob.glob(os.path.join(root, "host/*/openapi.json")))
    fragments += sorted(glob.glob(os.path.join(root, "host/facilities/*/openapi.json")))
    fragments += sorted(glob.glob(os.path.join(root, "plugins/*/openapi.json")))
    missing = 0
    for fragment in fragments:
        readme = os.path.join(os.path.dirname(fragment), "README.md")
        prose = api
        if os.path.exists(readme):
            with open(readme, encoding="utf-8") as f:
                prose += f.read()
        with open(fragment, encoding="utf-8") as f:
            schemas = json.load(f).get("schemas", {})
        for name, schema in schemas.items():
            for member in sorted(members(schema, set())):
                if f"`{member}`" not in prose:
                    missing += 1
                    print(f"{os.path.relpath(fragment, root)}: {name}.{member} is in no document")
    print(f"{missing} members described nowhere")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
