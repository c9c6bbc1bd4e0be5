// lib.mjs — the browser harness of ipfacts' page tests: Debian's headless
// Chromium driven by playwright-core, a fresh profile per run, every request
// the page makes recorded, and helpers a page's check needs (figures shown
// under data-field against the JSON they come from, layout on a phone,
// accessible names). A new page gets its own <page>.mjs beside status-page.mjs
// and a line in tests/CMakeLists.txt or the integration test that serves it.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM = process.env.IPFACTS_CHROMIUM || "/usr/bin/chromium";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export class CheckFailed extends Error {}

export function check(condition, message) {
  if (!condition) throw new CheckFailed(message);
}

/**
 * Runs `fn(context)` with a fresh Chromium profile, closed and removed afterwards;
 * `extraArgs` go to Chromium after the harness's own (--host-resolver-rules ...).
 */
export async function withBrowser(fn, extraArgs = []) {
  const profile = mkdtempSync(join(tmpdir(), "ipfacts-chromium-"));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        ...extraArgs,
      ],
      viewport: DESKTOP,
    });
    return await fn(context);
  } finally {
    if (context) await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Opens `url` in a new page of `context` at `viewport`; returns the page, its main
 * response, every request URL it made, and the console errors (CSP violations among them).
 */
export async function openPage(context, url, viewport = DESKTOP) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const requests = [];
  const consoleErrors = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  const response = await page.goto(url, { waitUntil: "load", timeout: 15000 });
  return { page, response, requests, consoleErrors };
}

/** Every request went to `base`'s origin (no external assets, nothing third-party). */
export function checkSameOrigin(requests, base) {
  const origin = new URL(base).origin;
  const external = requests.filter((u) => !u.startsWith("data:") && new URL(u).origin !== origin);
  check(external.length === 0, `requests outside ${origin}: ${external.join(", ")}`);
}

/** The value at a dotted path ("targets.0.regions.0.uptime_24h") of `json`. */
export function at(json, path) {
  return path.split(".").reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), json);
}

/**
 * Every element with data-field shows the JSON's value at that path: data-value is the
 * value's JSON text (null as "null") and, for a value, the visible text contains it.
 * Returns how many figures were compared; `required` paths must be among them.
 */
export async function checkFigures(page, json, required = []) {
  const cells = await page.$$eval("[data-field]", (els) =>
    els.map((e) => ({ field: e.dataset.field, value: e.dataset.value, text: e.innerText })));
  const seen = new Set();
  for (const { field, value, text } of cells) {
    const want = at(json, field);
    check(want !== undefined, `the page shows ${field}, which the JSON does not have`);
    const wantText = want === null ? "null" : String(want);
    check(value === wantText, `${field}: the page has ${value}, the JSON ${wantText}`);
    if (want !== null && typeof want !== "boolean") check(text.includes(wantText), `${field}: "${text}" does not show ${wantText}`);
    seen.add(field);
  }
  for (const f of required) check(seen.has(f), `the page does not show ${f}`);
  return cells.length;
}

/** Nothing wider than the screen: a phone reads it without scrolling sideways. */
export async function checkFitsWidth(page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  check(scroll <= width, `the page is ${scroll}px wide on a ${width}px screen`);
}

/** A language, one h1, a title on every SVG image, a scope on every table header. */
export async function checkAccessibleBasics(page) {
  const r = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    h1: document.querySelectorAll("h1").length,
    untitledSvgs: [...document.querySelectorAll("svg[role=img]")].filter((s) => {
      const ids = (s.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
      return !ids.some((id) => (document.getElementById(id)?.textContent || "").trim());
    }).length,
    svgsWithoutRole: [...document.querySelectorAll("svg")].filter((s) => s.getAttribute("role") !== "img").length,
    unscopedHeaders: [...document.querySelectorAll("table th")].filter((t) => !t.getAttribute("scope")).length,
    imagesWithoutAlt: [...document.querySelectorAll("img")].filter((i) => !i.getAttribute("alt")).length,
  }));
  check(r.lang, "the page has no lang");
  check(r.h1 === 1, `the page has ${r.h1} h1 elements`);
  check(r.untitledSvgs === 0 && r.svgsWithoutRole === 0, "an SVG chart has no role=img or no title");
  check(r.unscopedHeaders === 0, `${r.unscopedHeaders} table headers have no scope`);
  check(r.imagesWithoutAlt === 0, "an image has no alt text");
}

/** Parses `text` as XML in the page (DOMParser); returns the root element's name and title. */
export async function parseXml(page, text, type = "image/svg+xml") {
  return page.evaluate(
    ([t, ty]) => {
      const doc = new DOMParser().parseFromString(t, ty);
      const error = doc.getElementsByTagName("parsererror")[0];
      return {
        error: error ? error.textContent : null,
        root: doc.documentElement.localName,
        namespace: doc.documentElement.namespaceURI,
        title: doc.querySelector("title")?.textContent ?? null,
        texts: [...doc.querySelectorAll("text")].map((n) => n.textContent),
      };
    },
    [text, type],
  );
}

/** Creates `dir` when absent and returns the path of `name` in it. */
export function artefact(dir, name) {
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

/** Runs a check script's main: prints what failed and exits 1. */
export async function main(fn) {
  try {
    await fn();
  } catch (e) {
    console.error(e instanceof CheckFailed ? `FAILED: ${e.message}` : e.stack || String(e));
    process.exit(1);
  }
}
