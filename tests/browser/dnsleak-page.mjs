#!/usr/bin/env node
// dnsleak-page.mjs <base-url> <artefact-dir> <responder-port> <zone>
// /dnsleak in headless Chromium: the page's own script runs under its hash-based
// Content-Security-Policy (no unsafe-inline, nothing external); "Run the test" starts a
// session and shows its names, and the browser asks for them (image requests; Chromium's
// --host-resolver-rules sends them to the daemon itself, so no lookup leaves loopback).
// This script then plays the user's resolver: it asks the responder for each name over
// UDP from 127.0.0.1, as a resolver on the same machine would, and the page, polling the
// result, shows the verdict (same network: the resolver is the caller's own address) and
// the resolver. No console error but the images' own failed loads; screenshot
// dnsleak-desktop.png in <artefact-dir>.
import { createSocket } from "node:dgram";
import { withBrowser, openPage, check, checkAccessibleBasics, artefact, main } from "./lib.mjs";

const [base, out, port, zone] = process.argv.slice(2);
if (!base || !out || !port || !zone) {
  console.error("usage: dnsleak-page.mjs <base-url> <artefact-dir> <responder-port> <zone>");
  process.exit(2);
}

/** A DNS question for `name` (type A), as wire bytes. */
function question(id, name) {
  const labels = name.split(".").filter(Boolean).map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  const head = Buffer.from([id >> 8, id & 0xff, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([head, ...labels, Buffer.from([0, 0, 1, 0, 1])]);
}

/** Asks the responder for `name`; resolves with the reply's rcode. */
function ask(id, name) {
  return new Promise((resolve, reject) => {
    const s = createSocket("udp4");
    const timer = setTimeout(() => { s.close(); reject(new Error(`no reply for ${name}`)); }, 2000);
    s.on("message", (m) => { clearTimeout(timer); s.close(); resolve(m[3] & 0x0f); });
    s.bind(0, "127.0.0.1", () => s.send(question(id, name), Number(port), "127.0.0.1"));
  });
}

await main(async () => {
  const origin = new URL(base);
  await withBrowser(async (context) => {
    const p = await openPage(context, `${base}/dnsleak`);
    const headers = p.response.headers();
    check(p.response.status() === 200, `/dnsleak answered ${p.response.status()}`);
    const csp = headers["content-security-policy"] || "";
    check(csp.startsWith("default-src 'none'; script-src 'sha256-"), `Content-Security-Policy is "${csp}"`);
    check(!csp.includes("unsafe-inline") && !csp.includes("unsafe-eval"), `the policy allows too much: ${csp}`);
    await checkAccessibleBasics(p.page);
    await p.page.click("#run");
    await p.page.waitForSelector("body[data-session]", { timeout: 10000 });
    const names = (await p.page.textContent("#names")).split("\n").filter(Boolean);
    check(names.length === 4 && names.every((n) => n.endsWith(`.${zone}`)), `names: ${names.join(", ")}`);
    let id = 1;
    for (const n of names) check((await ask(id++, n)) === 0, `the responder refused ${n}`);
    await p.page.waitForSelector("#verdict[data-status=same_network]", { timeout: 15000 });
    const verdict = await p.page.textContent("#verdict");
    const rows = await p.page.$$eval("#resolvers li", (els) => els.map((e) => e.textContent));
    check(rows.length === 1 && rows[0].startsWith("127.0.0.1: 4 questions"), `resolvers shown: ${rows.join(" | ")}`);
    await p.page.screenshot({ path: artefact(out, "dnsleak-desktop.png"), fullPage: true });
    const outside = p.requests.filter((u) => {
      const h = new URL(u).hostname;
      return new URL(u).origin !== origin.origin && !h.endsWith(`.${zone}`);
    });
    check(outside.length === 0, `requests outside the origin and the zone: ${outside.join(", ")}`);
    const leakImages = p.requests.filter((u) => new URL(u).hostname.endsWith(`.${zone}`)).length;
    check(leakImages === 4, `the page requested ${leakImages} images of the zone's names, not 4`);
    const errors = p.consoleErrors.filter((e) => !e.startsWith("Failed to load resource"));
    check(errors.length === 0, `console errors: ${errors.join(" | ")}`);
    console.log(`dnsleak page: ok (verdict "${verdict}"; ${rows[0]}; screenshot in ${out})`);
  }, [`--host-resolver-rules=MAP *.${zone} ${origin.host}`]);
});
