// Shared helpers of validate-doc.mjs and validate-bodies.mjs.
import { readFileSync } from "node:fs";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;

// The document is registered in Ajv under this id; schemas are compiled as
// {"$ref": DOC_ID + "#<json pointer>"} so "#/components/schemas/X" refs inside them
// resolve against the whole document.
export const DOC_ID = "urn:ipfacts:openapi.json";

// Keywords an OpenAPI 3.1 Schema Object may carry that JSON Schema 2020-12 does not
// know (annotations only: they do not change validation).
const OPENAPI_KEYWORDS = ["example", "discriminator", "xml", "externalDocs"];
const ROOT_KEYS = new Set([
  "openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components",
  "security", "tags", "externalDocs",
]);

export function readJsonFile(file, what) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`cannot read ${what} ${file}: ${e.message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${what} ${file} is not valid JSON: ${e.message}`);
  }
}

// An Ajv (JSON Schema 2020-12) holding the whole OpenAPI document.
// strictSchema "log": unknown keywords are reported through `warnings` (and "x-"
// extensions ignored); an unknown "format" makes compilation throw.
export function makeAjv(doc, warnings = []) {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    strictSchema: "log",
    validateFormats: true,
    logger: {
      log() {},
      warn(...args) {
        const msg = args.join(" ");
        if (/unknown keyword: "x-/.test(msg)) return;
        // Ajv compiles the document root too, whose keys are OpenAPI's, not JSON Schema's.
        const m = /unknown keyword: "([^"]+)"/.exec(msg);
        if (m && ROOT_KEYS.has(m[1])) return;
        warnings.push(msg);
      },
      error(...args) {
        warnings.push(args.join(" "));
      },
    },
  });
  addFormats(ajv);
  for (const k of OPENAPI_KEYWORDS) ajv.addKeyword({ keyword: k });
  // The document itself is not a JSON Schema: register it without meta-validation.
  ajv.addSchema(doc, DOC_ID, undefined, false);
  return ajv;
}

export function escapePointer(segment) {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function pointer(segments) {
  return segments.map((s) => "/" + escapePointer(s)).join("");
}

// "#/a/b" -> the value in doc, or undefined.
export function resolvePointer(doc, ref) {
  if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
  const frag = decodeURIComponent(ref.slice(1));
  if (frag === "") return doc;
  if (!frag.startsWith("/")) return undefined;
  let cur = doc;
  for (const raw of frag.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (cur === null || typeof cur !== "object" || !(key in cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

// Follows {"$ref": "#/..."} chains (responses, parameters ...). Returns
// {value, pointer} where pointer is the JSON pointer of the final object.
export function deref(doc, value, ptr) {
  const seen = new Set();
  while (value && typeof value === "object" && typeof value.$ref === "string") {
    if (seen.has(value.$ref)) throw new Error(`$ref cycle at ${value.$ref}`);
    seen.add(value.$ref);
    const next = resolvePointer(doc, value.$ref);
    if (next === undefined) throw new Error(`unresolvable $ref ${value.$ref}`);
    ptr = decodeURIComponent(value.$ref.slice(1));
    value = next;
  }
  return { value, pointer: ptr };
}

// Compiles (and caches) the schema at a JSON pointer of the document.
export function compileAt(ajv, ptr, cache) {
  if (cache && cache.has(ptr)) return cache.get(ptr);
  const frag = ptr
    .split("/")
    .map((s) => encodeURIComponent(s).replace(/%7E/gi, "~"))
    .join("/");
  const validate = ajv.compile({ $ref: `${DOC_ID}#${frag}` });
  if (cache) cache.set(ptr, validate);
  return validate;
}

export function formatAjvErrors(errors) {
  return (errors || [])
    .map((e) => {
      const where = e.instancePath === "" ? "(body)" : e.instancePath;
      const params = e.params && Object.keys(e.params).length ? " " + JSON.stringify(e.params) : "";
      return `    ${where}: ${e.message}${params}  [schema ${e.schemaPath}]`;
    })
    .join("\n");
}

export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export function mediaBase(contentType) {
  return String(contentType || "").split(";")[0].trim().toLowerCase();
}

export function isJsonMedia(contentType) {
  const base = mediaBase(contentType);
  return base === "application/json" || base.endsWith("+json");
}
