#!/usr/bin/env node
// front-page.mjs <base-url> <artefact-dir> <forwarded-address>
// / in headless Chromium, as the caller <forwarded-address> (sent as X-Forwarded-For: the
// daemon trusts 127.0.0.1 for this check): a browser gets the HTML page; every fact it
// shows (data-field) equals /json's for the same request headers; the guide lists every
// path of /api/openapi.json with a curl line; links to the OpenAPI document and /status;
// no request leaves the origin; the Content-Security-Policy is sent, strict, and nothing
// breaks it (no console errors); readable on a phone; /json opened in the browser stays
// JSON. Screenshots: front-phone.png and front-desktop.png (whole pages) and
// front-phone-first-screen.png, front-desktop-first-screen.png in <artefact-dir>.
import {
  withBrowser, openPage, check, checkSameOrigin, checkFigures, checkFitsWidth, checkAccessibleBasics,
  artefact, main, PHONE, DESKTOP,
} from "./lib.mjs";

const [base, out, address] = process.argv.slice(2);
if (!base || !out || !address) {
  console.error("usage: front-page.mjs <base-url> <artefact-dir> <forwarded-address>");
  process.exit(2);
}

const REQUIRED = ["ip", "version", "geo_accuracy", "city", "region", "country", "country_name", "postal", "loc",
  "timezone", "isp", "asn", "as_name", "rir", "connection_type", "network.protocol", "user_agent"];

await main(async () => {
  const doc = await (await fetch(`${base}/api/openapi.json`)).json();
  const paths = Object.keys(doc.paths);
  let compared = 0;
  let requests = 0;
  await withBrowser(async (context) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
    for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
      const p = await openPage(context, `${base}/`, viewport);
      const headers = p.response.headers();
      check(p.response.status() === 200, `/ answered ${p.response.status()}`);
      check((headers["content-type"] || "").startsWith("text/html"), `/ is ${headers["content-type"]}, not HTML`);
      check(/Accept/.test(headers["vary"] || "") && /User-Agent/.test(headers["vary"] || ""),
        `Vary is "${headers["vary"]}"`);
      const csp = headers["content-security-policy"] || "";
      check(csp.startsWith("default-src 'none'") && csp.includes("style-src 'sha256-"), `Content-Security-Policy is "${csp}"`);
      check(!csp.includes("unsafe-inline") && !csp.includes("script-src"), `the policy allows too much: ${csp}`);
      const margin = await p.page.evaluate(() => getComputedStyle(document.body).margin);
      check(margin === "0px", `the page's style was not applied (body margin ${margin})`);

      // The JSON for the very headers the browser sent: the page must show the same facts.
      const sent = await p.response.request().allHeaders();
      const jsonHeaders = { "X-Forwarded-For": address, "User-Agent": sent["user-agent"] };
      if (sent["accept-language"]) jsonHeaders["Accept-Language"] = sent["accept-language"];
      const json = await (await fetch(`${base}/json`, { headers: jsonHeaders })).json();
      check(json.ip === address, `/json reports ${json.ip}, not the forwarded ${address}`);
      compared = await checkFigures(p.page, json, REQUIRED);

      const listed = await p.page.$$eval("li[data-path]", (els) => els.map((e) => ({
        path: e.dataset.path, curl: e.querySelector("pre code")?.textContent || "" })));
      for (const path of paths) {
        const row = listed.find((l) => l.path === path);
        check(row, `the guide does not list ${path}`);
        check(row.curl.startsWith(`curl '${base}/`), `the curl line of ${path} is "${row.curl}"`);
      }
      const links = await p.page.$$eval("a[href]", (els) => els.map((e) => e.getAttribute("href")));
      check(links.includes("/api/openapi.json") && links.includes("/status"), `links: ${links.join(", ")}`);
      await checkAccessibleBasics(p.page);
      if (name === "phone") await checkFitsWidth(p.page);
      await p.page.screenshot({ path: artefact(out, `front-${name}.png`), fullPage: true });
      await p.page.screenshot({ path: artefact(out, `front-${name}-first-screen.png`) });
      checkSameOrigin(p.requests, base);
      check(p.consoleErrors.length === 0, `console errors: ${p.consoleErrors.join(" | ")}`);
      requests += p.requests.length;
      await p.page.close();
    }
    // Any endpoint's JSON opened in a browser stays JSON.
    const j = await openPage(context, `${base}/json`);
    check((j.response.headers()["content-type"] || "").startsWith("application/json"), "/json in a browser is not JSON");
    const text = await j.response.text();
    check(JSON.parse(text).ip === address, "/json in a browser does not parse as the IpReport");
    await j.page.close();
  });
  console.log(`front page: ok (${compared} facts equal /json's, all ${paths.length} paths in the guide, ` +
    `${requests} requests, all same-origin; screenshots in ${out})`);
});
