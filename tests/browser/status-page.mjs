#!/usr/bin/env node
// status-page.mjs <base-url> <artefact-dir>
// /status in headless Chromium against /api/v1/status fetched just before: every figure
// the page shows (data-field) equals the JSON's (the upstreams' figures and the degraded
// state among them), on a phone and on a desktop; no request
// leaves the service's origin; the Content-Security-Policy is sent and nothing breaks it
// (no console errors); the badge parses as SVG and shows the JSON's 24-hour uptime.
// Screenshots: status-phone.png, status-desktop.png and badge.png in <artefact-dir>.
import {
  withBrowser, openPage, check, checkSameOrigin, checkFigures, checkFitsWidth, checkAccessibleBasics,
  parseXml, artefact, main, PHONE, DESKTOP,
} from "./lib.mjs";

const [base, out] = process.argv.slice(2);
if (!base || !out) {
  console.error("usage: status-page.mjs <base-url> <artefact-dir>");
  process.exit(2);
}

/** The badge's figure for a 24-hour uptime (host/status/README.md, "Badge"): cut to 2 decimals. */
function badgeText(uptime) {
  if (uptime === null) return "no data";
  if (uptime >= 100) return "100%";
  return (Math.floor(uptime * 100 + 1e-9) / 100).toFixed(2) + "%";
}

await main(async () => {
  const json = await (await fetch(`${base}/api/v1/status`)).json();
  const required = ["available", "generated_at", "overall.uptime_24h", "overall.uptime_30d", "overall.p50_ms",
    "overall.p95_ms", "overall.checks_24h"];
  json.targets.forEach((t, i) => t.regions.forEach((_, j) => {
    for (const k of ["uptime_24h", "uptime_30d", "p50_ms", "p95_ms", "checks_24h", "checks_30d", "last_checked_at",
      "last_ok"]) required.push(`targets.${i}.regions.${j}.${k}`);
  }));
  required.push("degraded");
  json.upstreams.forEach((_, i) => {
    for (const k of ["down", "uptime_24h", "uptime_30d", "ok_24h", "failed_24h", "ok_30d", "failed_30d",
      "failed_in_a_row"]) required.push(`upstreams.${i}.${k}`);
  });
  let compared = 0;
  let requests = 0;
  await withBrowser(async (context) => {
    for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
      const p = await openPage(context, `${base}/status`, viewport);
      check(p.response.status() === 200, `/status answered ${p.response.status()}`);
      const csp = p.response.headers()["content-security-policy"] || "";
      check(csp.startsWith("default-src 'none'") && csp.includes("style-src 'sha256-"),
        `Content-Security-Policy is "${csp}"`);
      check(!csp.includes("unsafe-inline"), "the policy allows unsafe-inline");
      // The hashed style applied: a CSP refusal would leave the default margin.
      const margin = await p.page.evaluate(() => getComputedStyle(document.body).margin);
      check(margin === "0px", `the page's style was not applied (body margin ${margin})`);
      compared = await checkFigures(p.page, json, required);
      await checkAccessibleBasics(p.page);
      if (name === "phone") await checkFitsWidth(p.page);
      await p.page.screenshot({ path: artefact(out, `status-${name}.png`), fullPage: true });
      checkSameOrigin(p.requests, base);
      check(p.consoleErrors.length === 0, `console errors: ${p.consoleErrors.join(" | ")}`);
      requests += p.requests.length;
      await p.page.close();
    }
    const svg = await (await fetch(`${base}/status/badge.svg`)).text();
    const b = await openPage(context, `${base}/status/badge.svg`);
    const parsed = await parseXml(b.page, svg);
    check(parsed.error === null, `the badge is not well-formed XML: ${parsed.error}`);
    check(parsed.root === "svg" && parsed.namespace === "http://www.w3.org/2000/svg", "the badge's root is not svg");
    const want = badgeText(json.overall.uptime_24h);
    check(parsed.title === `uptime 24h: ${want}`, `badge title "${parsed.title}", expected "uptime 24h: ${want}"`);
    check(parsed.texts.includes(want), `the badge shows ${parsed.texts.join(" ")}, not ${want}`);
    await b.page.screenshot({ path: artefact(out, "badge.png") });
    checkSameOrigin(b.requests, base);
  });
  console.log(`status page: ok (${compared} figures equal the JSON's, ${requests} requests, all same-origin; ` +
    `badge "${badgeText(json.overall.uptime_24h)}"; screenshots in ${out})`);
});
