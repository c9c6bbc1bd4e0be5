#!/usr/bin/env node
// validate-doc.mjs <openapi.json>
// Checks that the document is a valid OpenAPI 3.1 description:
//   1. it validates against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator);
//   2. every local "$ref" resolves, and no external one is used;
//   3. every schema compiles as JSON Schema 2020-12 (Ajv), with known keywords and
//      formats only (OpenAPI's example/discriminator/xml/externalDocs and x-* allowed);
//   4. every {param} of a path template is declared as a required path parameter;
//   5. operationIds are unique.
// Prints every problem found and exits 1 if there is one, 0 otherwise.
import { Validator } from "@seriousme/openapi-schema-validator";
import {
  readJsonFile, makeAjv, resolvePointer, deref, compileAt, pointer, HTTP_METHODS,
} from "./lib.mjs";

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error("usage: validate-doc.mjs <openapi.json>");
  process.exit(2);
}

const problems = [];
const problem = (msg) => problems.push(msg);

let doc;
try {
  doc = readJsonFile(file, "OpenAPI document");
} catch (e) {
  console.error(`validate-doc: ${e.message}`);
  process.exit(1);
}

// 1. the OpenAPI 3.1 schema
if (typeof doc.openapi !== "string" || !/^3\.1\.\d+$/.test(doc.openapi)) {
  problem(`"openapi" is ${JSON.stringify(doc.openapi)}, expected a 3.1.x version`);
}
const validator = new Validator();
const res = await validator.validate(structuredClone(doc));
if (!res.valid) {
  const errs = Array.isArray(res.errors) ? res.errors : [res.errors];
  for (const e of errs) {
    if (e && typeof e === "object" && "instancePath" in e) {
      problem(`OpenAPI schema: ${e.instancePath || "(root)"}: ${e.message}` +
        (e.params ? " " + JSON.stringify(e.params) : ""));
    } else {
      problem(`OpenAPI schema: ${typeof e === "string" ? e : JSON.stringify(e)}`);
    }
  }
}

// 2. references; collect schema locations on the way
const schemaPointers = [];
function walk(node, path, inSchema) {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    node.forEach((v, i) => walk(v, [...path, i], inSchema));
    return;
  }
  if (typeof node.$ref === "string") {
    const ref = node.$ref;
    if (!ref.startsWith("#")) {
      problem(`${pointer(path)}: external $ref ${ref} (the document must be self-contained)`);
    } else if (resolvePointer(doc, ref) === undefined) {
      problem(`${pointer(path)}: $ref ${ref} does not resolve`);
    }
  }
  for (const [k, v] of Object.entries(node)) {
    if (!inSchema && (k === "example" || k === "examples")) continue; // free-form data
    if (inSchema && (k === "example" || k === "examples" || k === "const" || k === "default" || k === "enum")) continue;
    const here = [...path, k];
    let isSchema = inSchema;
    if (!inSchema) {
      const atComponentSchemas = path.length === 2 && path[0] === "components" && path[1] === "schemas";
      if (k === "schema" || atComponentSchemas) {
        if (v && typeof v === "object") schemaPointers.push(pointer(here));
        isSchema = true;
      }
    }
    walk(v, here, isSchema);
  }
}
walk(doc, [], false);

// 3. every schema compiles under JSON Schema 2020-12
if (problems.length === 0) {
  const warnings = [];
  const ajv = makeAjv(doc, warnings);
  for (const ptr of schemaPointers) {
    const schema = resolvePointer(doc, "#" + ptr);
    if (schema && typeof schema === "object") {
      const ok = ajv.validateSchema(schema);
      if (!ok) {
        for (const e of ajv.errors || []) problem(`${ptr}: not a JSON Schema 2020-12: ${e.instancePath || "(root)"} ${e.message}`);
        continue;
      }
    }
    const before = warnings.length;
    try {
      compileAt(ajv, ptr);
    } catch (e) {
      problem(`${ptr}: schema does not compile: ${e.message}`);
    }
    // An unknown keyword is most often a typo ("maxLenght") that silently weakens
    // the schema: refuse it. Extensions must be spelt "x-...".
    for (const w of warnings.splice(before)) {
      if (/unknown keyword/.test(w)) problem(`${ptr} (or a schema it references): ${w.replace(/^strict mode: /, "")}`);
      else console.error(`validate-doc: warning: ${w}`);
    }
  }
}

// 4. path parameters, 5. operationIds
const opIds = new Map();
for (const [template, item0] of Object.entries(doc.paths || {})) {
  let item;
  try {
    item = deref(doc, item0, "").value || {};
  } catch (e) {
    problem(`paths ${template}: ${e.message}`);
    continue;
  }
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const params = (list) =>
    (Array.isArray(list) ? list : []).map((p) => {
      try { return deref(doc, p, "").value || {}; } catch { return {}; }
    });
  const common = params(item.parameters);
  for (const method of HTTP_METHODS) {
    const op = item[method];
    if (!op || typeof op !== "object") continue;
    const all = [...common, ...params(op.parameters)];
    for (const n of names) {
      const p = all.find((x) => x.in === "path" && x.name === n);
      if (!p) problem(`${method.toUpperCase()} ${template}: path parameter {${n}} is not declared`);
      else if (p.required !== true) problem(`${method.toUpperCase()} ${template}: path parameter {${n}} must have required: true`);
    }
    for (const p of all) {
      if (p.in === "path" && !names.includes(p.name)) {
        problem(`${method.toUpperCase()} ${template}: path parameter "${p.name}" is not in the template`);
      }
    }
    if (op.operationId !== undefined) {
      const prev = opIds.get(op.operationId);
      if (prev) problem(`operationId "${op.operationId}" used by ${prev} and ${method.toUpperCase()} ${template}`);
      else opIds.set(op.operationId, `${method.toUpperCase()} ${template}`);
    }
  }
}

if (problems.length) {
  console.error(`validate-doc: ${file} is NOT a valid OpenAPI 3.1 document:`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
const nPaths = Object.keys(doc.paths || {}).length;
console.log(`validate-doc: ${file} is valid OpenAPI ${doc.openapi} (${nPaths} paths, ${schemaPointers.length} schemas compiled)`);
