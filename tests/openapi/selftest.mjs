// Self-test of validate-doc.mjs and validate-bodies.mjs: both must pass good input and
// catch each kind of error. Run: node --test tests/openapi/selftest.mjs  (or npm run selftest)
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "openapi-selftest-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

function baseDoc() {
  return {
    openapi: "3.1.0",
    info: { title: "selftest", version: "1.0.0" },
    servers: [{ url: "http://127.0.0.1:8080" }],
    paths: {
      "/ip": {
        get: {
          operationId: "getIp",
          responses: { 200: { description: "address", content: { "text/plain": { schema: { type: "string" } } } } },
        },
      },
      "/api/v1/ua": {
        get: {
          operationId: "getUa",
          parameters: [{ name: "ua", in: "query", required: false, schema: { type: "string" } }],
          responses: {
            200: { description: "ua", content: { "application/json": { schema: { $ref: "#/components/schemas/Ua" } } } },
            "4XX": { $ref: "#/components/responses/Error" },
          },
        },
      },
      "/api/v1/lookup/{target}": {
        parameters: [{ name: "target", in: "path", required: true, schema: { type: "string" } }],
        get: {
          operationId: "lookup",
          responses: {
            200: { description: "lookup", content: { "application/json": { schema: { $ref: "#/components/schemas/Lookup" } } } },
            default: { $ref: "#/components/responses/Error" },
          },
        },
      },
      "/api/v1/lookup/self": {
        get: {
          operationId: "lookupSelf",
          responses: {
            200: { description: "self", content: { "application/json": { schema: { type: "object", required: ["self"], properties: { self: { const: true } } } } } },
          },
        },
      },
      "/api/v1/nojson": {
        get: { operationId: "noJson", responses: { 200: { description: "no schema" } } },
      },
    },
    components: {
      schemas: {
        Ua: {
          type: "object",
          required: ["ua", "browser"],
          additionalProperties: false,
          properties: {
            ua: { type: "string" },
            browser: { type: ["string", "null"], example: "Firefox", "x-note": "extension" },
          },
        },
        Lookup: {
          type: "object",
          required: ["ip"],
          properties: { ip: { type: "string", format: "ipv4" }, reasons: { type: "object", additionalProperties: { type: "string" } } },
        },
        Error: {
          type: "object",
          required: ["error", "message", "status"],
          additionalProperties: false,
          properties: { error: { type: "string" }, message: { type: "string" }, status: { type: "integer" } },
        },
      },
      responses: {
        Error: { description: "error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
      },
    },
  };
}

let n = 0;
function write(name, content) {
  const file = join(dir, `${n++}-${name}`);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}
function run(script, ...args) {
  const r = spawnSync(process.execPath, [join(here, script), ...args], { encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const ex = (path, status, body, contentType = "application/json", method = "GET") =>
  ({ method, path, status, contentType, body: typeof body === "string" ? body : JSON.stringify(body) });

// ---------------------------------------------------------------------------------- validate-doc
test("validate-doc accepts a valid 3.1 document", () => {
  const r = run("validate-doc.mjs", write("doc.json", baseDoc()));
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /is valid OpenAPI 3\.1\.0/);
});

const badDocs = {
  "missing info": (d) => { delete d.info; },
  "openapi 3.0": (d) => { d.openapi = "3.0.3"; },
  "dangling $ref": (d) => { d.components.schemas.Ua.properties.ua = { $ref: "#/components/schemas/Nope" }; },
  "unknown format": (d) => { d.components.schemas.Lookup.properties.ip.format = "ipv9"; },
  "misspelt keyword": (d) => { d.components.schemas.Ua.properties.ua.maxLenght = 3; },
  "bad schema type": (d) => { d.components.schemas.Ua.properties.ua.type = "strin"; },
  "undeclared path parameter": (d) => { d.paths["/api/v1/lookup/{target}"].parameters = []; },
  "duplicate operationId": (d) => { d.paths["/api/v1/ua"].get.operationId = "getIp"; },
  "external $ref": (d) => { d.components.schemas.Ua.properties.ua = { $ref: "other.json#/x" }; },
};
for (const [name, mutate] of Object.entries(badDocs)) {
  test(`validate-doc rejects: ${name}`, () => {
    const d = baseDoc();
    mutate(d);
    const r = run("validate-doc.mjs", write("bad.json", d));
    assert.equal(r.code, 1, `expected failure for ${name}\n${r.out}${r.err}`);
    assert.match(r.err, /NOT a valid OpenAPI 3\.1 document|not valid JSON/);
  });
}
test("validate-doc rejects a file that is not JSON", () => {
  const r = run("validate-doc.mjs", write("notjson.json", "{ nope"));
  assert.equal(r.code, 1);
});

// ------------------------------------------------------------------------------- validate-bodies
const good = [
  ex("/ip", 200, "127.0.0.1\n", "text/plain"),
  ex("/api/v1/ua?ua=curl%2F8", 200, { ua: "curl/8", browser: null }),
  ex("/api/v1/ua", 200, { ua: "x", browser: "Firefox" }, "application/json; charset=utf-8"),
  ex("/api/v1/ua", 200, "", "application/json", "HEAD"),
  ex("/api/v1/ua", 429, { error: "rate_limited", message: "slow down", status: 429 }),
  ex("/api/v1/lookup/192.0.2.1", 200, { ip: "192.0.2.1" }),
  ex("/api/v1/lookup/self", 200, { self: true }),
  ex("/api/v1/lookup/nowhere.invalid", 404, { error: "not_found", message: "no", status: 404 }),
  ex("/api/v1/ua?fields=browser", 200, { browser: "Firefox" }),
];

test("validate-bodies accepts good exchanges", () => {
  const d = write("doc.json", baseDoc());
  const r = run("validate-bodies.mjs", d, write("good.jsonl", jsonl(good)));
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /^7 bodies validated, 2 non-JSON skipped$/m);
});

const badBodies = {
  "wrong field type": ex("/api/v1/ua", 200, { ua: 5, browser: null }),
  "extra property": ex("/api/v1/ua", 200, { ua: "x", browser: null, extra: 1 }),
  "format violation": ex("/api/v1/lookup/x", 200, { ip: "999.1.1.1" }),
  "body not JSON": ex("/api/v1/ua", 200, "{not json"),
  "unknown path": ex("/api/v1/nothing", 200, { a: 1 }),
  "no such operation": ex("/api/v1/ua", 200, { ua: "x", browser: null }, "application/json", "POST"),
  "undocumented status": ex("/api/v1/lookup/self", 500, { error: "x", message: "y", status: 500 }),
  "response without JSON schema": ex("/api/v1/nojson", 200, { a: 1 }),
  "literal template wins": ex("/api/v1/lookup/self", 200, { ip: "192.0.2.1" }),
  "error envelope via $ref'd 4XX": ex("/api/v1/ua", 400, { error: "bad", status: 400 }),
  "empty GET body": ex("/api/v1/ua", 200, ""),
  "fields= answer with a member not asked for": ex("/api/v1/ua?fields=browser", 200, { browser: null, ua: "x" }),
  "fields= answer without a required member asked for": ex("/api/v1/ua?fields=ua,browser", 200, { browser: null }),
  "fields= member of the wrong type": ex("/api/v1/ua?fields=ua", 200, { ua: 7 }),
};
for (const [name, bad] of Object.entries(badBodies)) {
  test(`validate-bodies rejects: ${name}`, () => {
    const d = write("doc.json", baseDoc());
    const r = run("validate-bodies.mjs", d, write("bad.jsonl", jsonl([...good, bad])));
    assert.equal(r.code, 1, `expected failure for ${name}\n${r.out}${r.err}`);
    assert.match(r.err, /FAIL /);
  });
}

test("validate-bodies rejects a file with no JSON body", () => {
  const d = write("doc.json", baseDoc());
  const r = run("validate-bodies.mjs", d, write("none.jsonl", jsonl([ex("/ip", 200, "1.2.3.4\n", "text/plain")])));
  assert.equal(r.code, 1);
  assert.match(r.out, /^0 bodies validated, 1 non-JSON skipped$/m);
});

test("validate-bodies rejects an empty file", () => {
  const d = write("doc.json", baseDoc());
  const r = run("validate-bodies.mjs", d, write("empty.jsonl", ""));
  assert.equal(r.code, 1);
});

test("validate-bodies rejects a line that is not JSON", () => {
  const d = write("doc.json", baseDoc());
  const r = run("validate-bodies.mjs", d, write("garbage.jsonl", jsonl(good) + "garbage\n"));
  assert.equal(r.code, 1);
});
