#!/usr/bin/env node
// target-page.mjs <base-url> <artefact-dir> <forwarded-address>
// The lookup in headless Chromium, as the caller <forwarded-address> (X-Forwarded-For; the
// daemon trusts 127.0.0.1 for this check): the front page has the lookup form and its guide
// folded by family; typing an address into the form and submitting it (a GET, no script)
// lands on /<address>, whose page shows the same facts as /api/v1/lookup/<address>
// (data-field), its classification and links to the target's other answers; an address in
// documentation space shows why it has no location; a host name's page shows its addresses
// and links to its DNS, TLS and mail answers. At phone and desktop widths: nothing
// wider than the screen, the Content-Security-Policy kept (no console errors), every
// request same-origin. A caller from private space is told why it has no location, under
// the form, on the first screen. Screenshots: lookup-phone.png, lookup-desktop.png,
// name-phone.png, name-desktop.png (whole pages), front-folded-desktop.png and front-private-{phone,desktop}-first-screen.png in
// <artefact-dir>.
import {
  withBrowser, openPage, check, checkSameOrigin, checkFigures, checkFitsWidth, checkAccessibleBasics,
  artefact, main, PHONE, DESKTOP,
} from "./lib.mjs";

const [base, out, address] = process.argv.slice(2);
if (!base || !out || !address) {
  console.error("usage: target-page.mjs <base-url> <artefact-dir> <forwarded-address>");
  process.exit(2);
}

const TARGET = "8.8.8.8";
const NAME = "ipfacts-fixture.net";
const REQUIRED = ["ip", "classification.kind", "classification.routable", "geo_accuracy", "city", "region", "country",
  "country_name", "loc", "timezone", "asn", "as_name", "rir", "connection_type"];

async function lookupJson(target) {
  const r = await fetch(`${base}/api/v1/lookup/${target}`, { headers: { "X-Forwarded-For": address } });
  check(r.status === 200, `/api/v1/lookup/${target} answered ${r.status}`);
  return r.json();
}

await main(async () => {
  const json = await lookupJson(TARGET);
  const documentation = await lookupJson("192.0.2.10");
  const nameJson = await lookupJson(NAME);
  let compared = 0;
  let requests = 0;
  await withBrowser(async (context) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
    for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
      // The front page: the form, and the guide folded by family.
      const front = await openPage(context, `${base}/`, viewport);
      const folded = await front.page.$$eval("details", (els) => els.map((e) => ({ open: e.open,
        family: e.dataset.family, paths: e.querySelectorAll("li[data-path]").length })));
      check(folded.length >= 3, `the guide has ${folded.length} families`);
      check(folded.every((f) => !f.open && f.paths > 0), `a family is open or empty: ${JSON.stringify(folded)}`);
      const height = await front.page.evaluate(() => document.documentElement.scrollHeight);
      check(height < 3 * viewport.height, `the folded front page is ${height}px high at ${viewport.width}px`);
      if (name === "desktop") await front.page.screenshot({ path: artefact(out, "front-folded-desktop.png"), fullPage: true });

      // Ask with the form: a GET of /?q=, redirected to the target's page.
      await front.page.fill("form.lookup input[name=q]", ` ${TARGET} `);
      await Promise.all([front.page.waitForURL(`${base}/${TARGET}`, { timeout: 15000 }),
        front.page.click("form.lookup button[type=submit]")]);
      const page = front.page;
      check(page.url() === `${base}/${TARGET}`, `the form led to ${page.url()}`);
      check(await page.$eval("form.lookup input[name=q]", (e) => e.value) === TARGET, "the form does not hold the target");
      compared = await checkFigures(page, json, REQUIRED);
      const links = await page.$$eval("section a[href]", (els) => els.map((e) => e.getAttribute("href")));
      for (const want of [`/api/v1/lookup/${TARGET}`, `/api/v1/rdap?query=${TARGET}`, `/api/v1/blacklist/${TARGET}`,
        `/api/v1/reverse/${TARGET}`])
        check(links.includes(want), `the page does not link ${want}: ${links.join(", ")}`);
      await checkAccessibleBasics(page);
      if (name === "phone") await checkFitsWidth(page);
      await page.screenshot({ path: artefact(out, `lookup-${name}.png`), fullPage: true });
      checkSameOrigin(front.requests, base);
      check(front.consoleErrors.length === 0, `console errors: ${front.consoleErrors.join(" | ")}`);
      requests += front.requests.length;
      await page.close();

      // A documentation address: no location, and the page says why.
      const doc = await openPage(context, `${base}/192.0.2.10`, viewport);
      const csp = doc.response.headers()["content-security-policy"] || "";
      check(csp.includes("form-action 'self'") && !csp.includes("script-src"), `policy: ${csp}`);
      await checkFigures(doc.page, documentation, ["classification.kind", "city"]);
      const reasons = await doc.page.$$eval("li[data-reason]", (els) => els.map((e) => e.textContent));
      check(reasons.some((r) => r.includes("documentation address (RFC 5737): no geolocation")),
        `the reasons shown: ${reasons.join(" | ")}`);
      if (name === "phone") await checkFitsWidth(doc.page);
      checkSameOrigin(doc.requests, base);
      check(doc.consoleErrors.length === 0, `console errors: ${doc.consoleErrors.join(" | ")}`);
      await doc.page.close();

      // A host name (tests/dns/zones/ipfacts-fixture.net.zone): the same layout, its addresses
      // and its name's answers.
      const named = await openPage(context, `${base}/${NAME}`, viewport);
      check(named.response.status() === 200, `/${NAME} answered ${named.response.status()}`);
      await checkFigures(named.page, nameJson, ["hostname", "ip", "classification.kind", "city", "asn"]);
      const addresses = await named.page.$$eval("[data-addresses] a", (els) => els.map((e) => e.textContent));
      check(JSON.stringify(addresses) === JSON.stringify(nameJson.addresses), `addresses shown: ${addresses}`);
      const nameLinks = await named.page.$$eval("section a[href]", (els) => els.map((e) => e.getAttribute("href")));
      for (const want of [`/api/v1/dns?name=${NAME}`, `/api/v1/ssl?host=${NAME}`, `/api/v1/mx?domain=${NAME}`])
        check(nameLinks.includes(want), `the name's page does not link ${want}: ${nameLinks.join(", ")}`);
      if (name === "phone") await checkFitsWidth(named.page);
      await named.page.screenshot({ path: artefact(out, `name-${name}.png`), fullPage: true });
      checkSameOrigin(named.requests, base);
      check(named.consoleErrors.length === 0, `console errors: ${named.consoleErrors.join(" | ")}`);
      await named.page.close();

      // A caller in private space (a local run) is told why there is no location, under the form.
      const mine = await context.newPage();
      await mine.setViewportSize(viewport);
      await mine.setExtraHTTPHeaders({ "X-Forwarded-For": "10.1.2.3" });
      await mine.goto(`${base}/`, { waitUntil: "load", timeout: 15000 });
      const notice = await mine.$eval("[data-notice]", (e) => e.textContent);
      check(notice.includes("Your address is a private address (RFC 1918), so there is no location to show."),
        `the notice says "${notice}"`);
      const order = await mine.evaluate(() => {
        const form = document.querySelector("form.lookup").getBoundingClientRect();
        const note = document.querySelector("[data-notice]").getBoundingClientRect();
        return { formTop: form.top, noteTop: note.top, noteBottom: note.bottom, screen: window.innerHeight };
      });
      check(order.formTop < order.noteTop && order.noteBottom <= order.screen,
        `the form and the notice are not both on the first screen: ${JSON.stringify(order)}`);
      if (name === "phone") await checkFitsWidth(mine);
      await mine.screenshot({ path: artefact(out, `front-private-${name}-first-screen.png`) });
      await mine.close();
    }
  });
  console.log(`target page: ok (${compared} facts equal /api/v1/lookup/${TARGET}'s, reached by the form, ` +
    `${requests} requests, all same-origin; screenshots in ${out})`);
});
