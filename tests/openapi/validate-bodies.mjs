#!/usr/bin/env node
// validate-bodies.mjs <openapi.json> <exchanges.jsonl>
// Each line of the JSONL file is one exchange seen by a test:
//   {"method": "GET", "path": "/api/v1/ua?ua=x", "status": 200,
//    "contentType": "application/json", "body": "<the body text>"}
// Every JSON body (application/json or */*+json) is validated with Ajv (JSON Schema
// 2020-12) against the schema the document gives for that path, method and status.
// Fails (exit 1) when a JSON body does not parse, when no path / operation / response
// matches, when the response has no JSON schema, when validation fails, or when the
// file holds no JSON body at all. Non-JSON bodies (and empty HEAD/204/304 bodies) are
// skipped and counted.
import { readFileSync } from "node:fs";
import {
  readJsonFile, makeAjv, deref, compileAt, pointer, formatAjvErrors, mediaBase, isJsonMedia, resolvePointer,
} from "./lib.mjs";

const [docFile, jsonlFile] = process.argv.slice(2);
if (!docFile || !jsonlFile || process.argv.length > 4) {
  console.error("usage: validate-bodies.mjs <openapi.json> <exchanges.jsonl>");
  process.exit(2);
}

let doc;
try {
  doc = readJsonFile(docFile, "OpenAPI document");
} catch (e) {
  console.error(`validate-bodies: ${e.message}`);
  process.exit(1);
}
let lines;
try {
  lines = readFileSync(jsonlFile, "utf8").split("\n");
} catch (e) {
  console.error(`validate-bodies: cannot read ${jsonlFile}: ${e.message}`);
  process.exit(1);
}

const warnings = [];
const ajv = makeAjv(doc, warnings);
const compiled = new Map();

// --- path templates ------------------------------------------------------------------------
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const templates = Object.keys(doc.paths || {}).map((template) => {
  const segs = template.split("/").slice(1);
  let literals = 0;
  const re = segs
    .map((seg) => {
      if (!seg.includes("{")) {
        literals++;
        return escapeRe(seg);
      }
      // "{name}" is one non-empty segment; "badge.{ext}" mixes text and parameters
      return seg
        .split(/(\{[^}]+\})/)
        .map((part) => (/^\{[^}]+\}$/.test(part) ? "[^/]+" : escapeRe(part)))
        .join("");
    })
    .join("/");
  return { template, literals, segments: segs.length, re: new RegExp(`^/${re}$`) };
});

// Base paths of the servers (e.g. "/api"), tried when the path does not match as it is.
const serverPrefixes = [];
for (const s of doc.servers || []) {
  try {
    const p = new URL(String(s.url), "http://x").pathname.replace(/\/+$/, "");
    if (p) serverPrefixes.push(p);
  } catch { /* ignore */ }
}

function matchTemplate(path) {
  const candidates = [path];
  for (const p of serverPrefixes) if (path.startsWith(p + "/")) candidates.push(path.slice(p.length));
  for (const c of candidates) {
    const hits = templates.filter((t) => t.re.test(c));
    if (hits.length) {
      hits.sort((a, b) => b.literals - a.literals || b.segments - a.segments);
      return hits[0].template;
    }
  }
  return undefined;
}

function pickResponse(responses, status) {
  const code = String(status);
  if (code in responses) return code;
  const range = `${code[0]}XX`;
  for (const k of Object.keys(responses)) if (k.toUpperCase() === range) return k;
  if ("default" in responses) return "default";
  return undefined;
}

// --- the exchanges -----------------------------------------------------------------------------
let validated = 0, skipped = 0, failed = 0;
const fail = (where, msg, body) => {
  failed++;
  console.error(`FAIL ${where}: ${msg}`);
  if (body !== undefined) {
    const text = String(body);
    console.error(`    body: ${text.length > 400 ? text.slice(0, 400) + "..." : text}`);
  }
};

lines.forEach((line, idx) => {
  if (line.trim() === "") return;
  const lineNo = idx + 1;
  let ex;
  try {
    ex = JSON.parse(line);
  } catch (e) {
    fail(`${jsonlFile}:${lineNo}`, `line is not JSON: ${e.message}`);
    return;
  }
  const method = String(ex.method || "").toUpperCase();
  const rawPath = String(ex.path || "");
  const status = Number(ex.status);
  const where = `${method} ${rawPath} -> ${ex.status} (line ${lineNo})`;
  if (!method || !rawPath.startsWith("/") || !Number.isInteger(status)) {
    fail(where, 'exchange needs "method", "path" (starting with /) and an integer "status"');
    return;
  }
  const body = ex.body === undefined || ex.body === null ? "" : String(ex.body);
  const noBody = body === "" && (method === "HEAD" || status === 204 || status === 304);
  if (!isJsonMedia(ex.contentType) || noBody) {
    skipped++;
    return;
  }

  let data;
  try {
    data = JSON.parse(body);
  } catch (e) {
    fail(where, `body is not valid JSON although Content-Type is ${ex.contentType}: ${e.message}`, body);
    return;
  }

  // A failure outside every documented operation (unknown path, wrong method)
  // must still be the document's one error envelope.
  const envelopePtr = pointer(["components", "schemas", "ErrorResponse"]);
  const validateEnvelope = () => {
    let validateErr;
    try {
      validateErr = compileAt(ajv, envelopePtr, compiled);
    } catch (e) {
      fail(where, `the document has no usable ${envelopePtr}: ${e.message}`);
      return;
    }
    validated++;
    if (!validateErr(data)) fail(where, `error body does not match ${envelopePtr}:\n${formatAjvErrors(validateErr.errors)}`, body);
    else if (data.status !== status) fail(where, `error body says status ${data.status}, the response ${status}`, body);
  };

  const path = rawPath.split(/[?#]/)[0];
  const template = matchTemplate(path);
  if (template === undefined) {
    if (status >= 400) return validateEnvelope();
    fail(where, `no path in the document matches ${path}`);
    return;
  }
  let item;
  try {
    item = deref(doc, doc.paths[template], pointer(["paths", template]));
  } catch (e) {
    fail(where, `path item ${template}: ${e.message}`);
    return;
  }
  const opMethod = method === "HEAD" && !item.value.head ? "get" : method.toLowerCase();
  const op = item.value[opMethod];
  if (!op || typeof op !== "object") {
    if (status >= 400) return validateEnvelope();
    fail(where, `${template} has no ${opMethod} operation`);
    return;
  }
  const responses = op.responses || {};
  const key = pickResponse(responses, status);
  if (key === undefined) {
    fail(where, `${opMethod.toUpperCase()} ${template} documents no response for ${status} (nor ${String(status)[0]}XX nor default)`, body);
    return;
  }
  let resp;
  try {
    resp = deref(doc, responses[key], item.pointer + pointer([opMethod, "responses", key]));
  } catch (e) {
    fail(where, `response ${key}: ${e.message}`);
    return;
  }
  const content = resp.value.content || {};
  const base = mediaBase(ex.contentType);
  const mediaKey = base in content ? base : "application/json" in content ? "application/json" : undefined;
  const media = mediaKey === undefined ? undefined : content[mediaKey];
  if (!media || !media.schema) {
    fail(where, `${opMethod.toUpperCase()} ${template} response ${key} has no JSON schema (content ${JSON.stringify(Object.keys(content))})`, body);
    return;
  }
  const schemaPtr = resp.pointer + pointer(["content", mediaKey, "schema"]);
  let validate;
  try {
    validate = compileAt(ajv, schemaPtr, compiled);
  } catch (e) {
    fail(where, `schema at ${schemaPtr} does not compile: ${e.message}`);
    return;
  }
  validated++;
  const fields = fieldsOf(rawPath);
  if (fields && status === 200) return validateProjection(where, schemaPtr, fields, data, body);
  if (!validate(data)) {
    fail(where, `body does not match ${opMethod.toUpperCase()} ${template} response ${key} (schema ${schemaPtr}):\n${formatAjvErrors(validate.errors)}`, body);
  }
});

// --- fields= (the host's Fields parameter) --------------------------------------------------
// An answer to ?fields=a,b is the schema's object cut to those members: each member present
// is checked against its own property schema, no other member may appear, and every selected
// member the schema requires must be there.
function fieldsOf(rawPath) {
  const q = rawPath.indexOf("?");
  if (q < 0) return undefined;
  const value = new URLSearchParams(rawPath.slice(q + 1)).get("fields");
  return value === null ? undefined : value.split(",");
}

function validateProjection(where, schemaPtr, fields, data, body) {
  let schema;
  try {
    schema = deref(doc, resolvePointer(doc, "#" + schemaPtr), schemaPtr);
  } catch (e) {
    fail(where, `schema at ${schemaPtr}: ${e.message}`);
    return;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return fail(where, "a fields= answer is not an object", body);
  const props = schema.value.properties || {};
  const required = new Set(schema.value.required || []);
  for (const name of Object.keys(data)) {
    if (!fields.includes(name)) return fail(where, `member ${name} was not asked for in fields=`, body);
    if (!(name in props)) return fail(where, `member ${name} is not a property of ${schema.pointer}`, body);
    const validate = compileAt(ajv, `${schema.pointer}/properties/${name}`, compiled);
    if (!validate(data[name])) return fail(where, `member ${name} does not match its property schema:\n${formatAjvErrors(validate.errors)}`, body);
  }
  for (const name of fields)
    if (required.has(name) && !(name in data)) fail(where, `required member ${name} asked for in fields= is missing`, body);
}

for (const w of new Set(warnings)) console.error(`validate-bodies: warning: ${w}`);
console.log(`${validated} bodies validated, ${skipped} non-JSON skipped`);
if (failed) {
  console.error(`validate-bodies: ${failed} exchange(s) FAILED`);
  process.exit(1);
}
if (validated === 0) {
  console.error(`validate-bodies: ${jsonlFile} holds no JSON body: nothing was validated`);
  process.exit(1);
}
