// A typed client of ipfacts: the paths and bodies come from ipfacts.d.ts, which
// openapi-typescript generates from the document a running ipfactsd serves at
// /api/openapi.json; tsc --strict checks every use below against it.
//   node client.js BASE_URL     prints one JSON line: what /json and a lookup said
import createClient from "openapi-fetch";
import type { paths } from "./ipfacts.js";

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error("usage: node client.js BASE_URL");
const client = createClient<paths>({ baseUrl });

// The caller's own facts.
const own = await client.GET("/json");
if (!own.data) throw new Error(`/json answered ${own.response.status}`);
const ip: string = own.data.ip;
// @ts-expect-error `ip` is a string in the document: the generated types are not `any`
const notANumber: number = own.data.ip;
void notANumber;

// A lookup of an address, its path parameter typed.
const lookup = await client.GET("/api/v1/lookup/{target}", { params: { path: { target: "8.8.8.8" } } });
if (!lookup.data) throw new Error(`/api/v1/lookup/8.8.8.8 answered ${lookup.response.status}`);
const country: string | null | undefined = lookup.data.country;

console.log(JSON.stringify({ ip, lookup_status: lookup.response.status, country }));
