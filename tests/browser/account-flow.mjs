#!/usr/bin/env node
// account-flow.mjs <base-url> <smtp-sink-dir> <artefact-dir>
// The key lifecycle as a person does it, in headless Chromium: ask for a link on
// /api-keys, read the real message the SMTP sink received, open the link (a page
// asking to confirm: opening it used nothing), confirm, see the key; the used link
// opened again says so at once; create a second key with a name (shown escaped),
// see each key's use today and this month against the limits, rotate the first (its
// old value gets 401 at once), revoke the second after a confirmation page (401),
// sign out. Every page: the Content-Security-Policy sent and nothing breaking it, no
// request off the origin, the basics of accessibility. Screenshots in <artefact-dir>:
// account-1-form.png ... account-7-signed-out.png, account-used-link.png,
// account-dashboard-desktop.png, account-confirm-revoke.png.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  withBrowser, openPage, check, checkSameOrigin, checkAccessibleBasics, checkFitsWidth, artefact, main, PHONE, DESKTOP,
} from "./lib.mjs";

const [base, sinkDir, out] = process.argv.slice(2);
if (!base || !sinkDir || !out) {
  console.error("usage: account-flow.mjs <base-url> <smtp-sink-dir> <artefact-dir>");
  process.exit(2);
}

const mails = () => readdirSync(sinkDir).filter((n) => n.endsWith(".eml")).sort();

/** Waits (up to 10 s) for a message beyond the first `known`; returns its text. */
async function nextMail(known) {
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    const names = mails();
    if (names.length > known) return readFileSync(join(sinkDir, names[names.length - 1]), "utf8");
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no sign-in mail arrived in the SMTP sink");
}

async function statusWithKey(key) {
  return (await fetch(`${base}/ip`, { headers: { Authorization: `Bearer ${key}` } })).status;
}

/** The page's policy, what it allows, and no console errors (a CSP refusal is one). */
async function checkPage(p, what) {
  const csp = p.response ? p.response.headers()["content-security-policy"] || "" : null;
  if (csp !== null) {
    check(csp.startsWith("default-src 'none'") && csp.includes("style-src 'sha256-") && csp.includes("form-action 'self'"),
      `${what}: Content-Security-Policy is "${csp}"`);
    check(!csp.includes("unsafe-inline"), `${what}: the policy allows unsafe-inline`);
  }
  const margin = await p.page.evaluate(() => getComputedStyle(document.body).margin);
  check(margin === "0px", `${what}: the page's style was not applied (body margin ${margin})`);
  await checkAccessibleBasics(p.page);
  checkSameOrigin(p.requests, base);
  check(p.consoleErrors.length === 0, `${what}: console errors: ${p.consoleErrors.join(" | ")}`);
}

/** The live key ids the dashboard lists, in order. */
async function liveIds(page) {
  return page.$$eval("tr[data-state=live]", (rows) => rows.map((r) => r.getAttribute("data-key-id")));
}

/** Clicks a button and waits for the page it posts to; returns that page's response. */
async function submit(p, selector) {
  const [response] = await Promise.all([p.page.waitForNavigation({ waitUntil: "load" }), p.page.click(selector)]);
  p.response = response;
  return response;
}

await main(async () => {
  const email = `browser-${Date.now()}@example.com`;
  await withBrowser(async (context) => {
    // 1. The form.
    const p = await openPage(context, `${base}/api-keys`, PHONE);
    check(p.response.status() === 200, `/api-keys answered ${p.response.status()}`);
    await checkPage(p, "form");
    await checkFitsWidth(p.page);
    await p.page.screenshot({ path: artefact(out, "account-1-form.png"), fullPage: true });
    const known = mails().length;
    await p.page.fill("#email", email);
    let r = await submit(p, "#send");
    check(r.status() === 200, `posting the form answered ${r.status()}`);
    check(await p.page.isVisible("#sent"), "no 'check your mail' message");
    await checkPage(p, "sent");
    await p.page.screenshot({ path: artefact(out, "account-2-sent.png"), fullPage: true });

    // 2. The real message, and its link.
    const mail = await nextMail(known);
    check(mail.includes(`X-Envelope-To: ${email}`), "the message went to another address");
    const link = (mail.match(/https?:\/\/\S+\/api-keys\/signin\?token=[0-9a-f]{64}/) || [])[0];
    check(link, "the message holds no sign-in link");

    // 3. Opening it asks to confirm: nothing is used yet.
    r = await p.page.goto(link, { waitUntil: "load" });
    p.response = r;
    check(r.status() === 200 && (await p.page.isVisible("#confirm")), "the link did not show a confirmation");
    await checkPage(p, "confirm");
    await p.page.screenshot({ path: artefact(out, "account-3-confirm.png"), fullPage: true });
    // A second opening (the mail scanner had the first) still confirms: the GET used nothing.
    r = await p.page.reload({ waitUntil: "load" });
    p.response = r;
    check(await p.page.isVisible("#confirm"), "a second opening of the link no longer confirms");

    // 4. Confirm: signed in, the key shown once.
    r = await submit(p, "#confirm");
    check(r.status() === 200, `confirming answered ${r.status()}`);
    const key1 = (await p.page.textContent("#new-key")).trim();
    check(/^ipf_[a-z2-7]{32,}$/.test(key1), `no key shown: "${key1}"`);
    await checkPage(p, "signed in");
    await p.page.screenshot({ path: artefact(out, "account-4-key.png"), fullPage: true });
    // The used link, opened again (a second tab, the mail once more): it says so on opening,
    // not after a button that can no longer work.
    const again = await openPage(context, link, PHONE);
    check(again.response.status() === 400, `a used link answered ${again.response.status()} on opening`);
    check(!(await again.page.$("#confirm")), "a used link still offers to sign in");
    const said = (await again.page.textContent("#message")) || "";
    check(/already used|expired/.test(said), `a used link says "${said}"`);
    // Chromium reports the page's own 400 as a console error: the only one allowed here.
    again.consoleErrors = again.consoleErrors.filter((e) => !e.includes("status of 400"));
    await checkPage(again, "used link");
    await again.page.screenshot({ path: artefact(out, "account-used-link.png"), fullPage: true });
    await again.page.close();
    const cookies = await context.cookies(`${base}/api-keys/dashboard`);
    const session = cookies.find((c) => c.name === "ipf_session");
    check(session && session.httpOnly && session.sameSite === "Lax", "the sign-in cookie is not HttpOnly, SameSite=Lax");
    check((await statusWithKey(key1)) === 200, "the new key is refused");
    const [id1] = await liveIds(p.page);

    // 5. A second key, named: the name is stored and shown as text, never as markup.
    const bound = await p.page.getAttribute("#key-name", "maxlength");
    check(bound === "64", `the name field is bounded at ${bound}, not 64 characters`);
    const typed = `CI <b>runner</b> & "nightly"`;
    await p.page.fill("#key-name", typed);
    r = await submit(p, "button[data-action=create]");
    const key2 = (await p.page.textContent("#new-key")).trim();
    check(/^ipf_/.test(key2) && key2 !== key1, "create showed no new key");
    check((await liveIds(p.page)).length === 2, "two live keys are not listed");
    check((await statusWithKey(key2)) === 200, "the second key is refused");
    const id2 = createHash("sha256").update(key2).digest("hex").slice(0, 16);
    const shown = await p.page.textContent(`tr[data-key-id="${id2}"] [data-field=name]`);
    check(shown === typed, `the key's name shows as "${shown}", not "${typed}"`);
    check((await p.page.$$("#keys b")).length === 0, "the name's markup became an element");
    // Today's and this month's use against the limits.
    for (let i = 0; i < 3; i++) await statusWithKey(key2);
    r = await p.page.goto(`${base}/api-keys/dashboard`, { waitUntil: "load" });
    p.response = r;
    const today = await p.page.textContent(`tr[data-key-id="${id2}"] [data-field=today]`);
    check(today === "4", `today's use of the second key shows "${today}", not 4 (1 + 3 requests)`);
    const limit = await p.page.textContent(`tr[data-key-id="${id2}"] [data-limit=day]`);
    check(/of [0-9,]+ a day/.test(limit), `no daily limit beside today's use: "${limit}"`);
    check(await p.page.isVisible("#limits"), "the dashboard does not list the key's limits");
    await checkPage(p, "dashboard");
    await checkFitsWidth(p.page);
    await p.page.screenshot({ path: artefact(out, "account-5-second-key.png"), fullPage: true });
    await p.page.setViewportSize(DESKTOP);
    await p.page.screenshot({ path: artefact(out, "account-dashboard-desktop.png"), fullPage: true });
    await p.page.setViewportSize(PHONE);

    // 6. Rotate the first: the old value stops at once, the new one works.
    r = await submit(p, `button[data-action=rotate][data-key-id="${id1}"]`);
    const key3 = (await p.page.textContent("#new-key")).trim();
    check(/^ipf_/.test(key3) && key3 !== key1 && key3 !== key2, "rotate showed no new key");
    check((await statusWithKey(key1)) === 401, "the rotated key still works");
    check((await statusWithKey(key3)) === 200, "the rotated-in key is refused");
    check(!(await liveIds(p.page)).includes(id1), "the rotated key is still listed as live");
    await checkPage(p, "rotated");
    await p.page.screenshot({ path: artefact(out, "account-6-rotated.png"), fullPage: true });

    // 7. Revoke the second key: a page asks first, and until then nothing changed.
    check((await liveIds(p.page)).includes(id2), "the second key is not listed as live");
    r = await submit(p, `button[data-action=revoke][data-key-id="${id2}"]`);
    check(r.status() === 200 && (await p.page.isVisible("#confirm-revoke")), "revoke did not ask to confirm");
    check((await p.page.textContent("#revoke-what")).includes(id2), "the confirmation does not name the key");
    check((await statusWithKey(key2)) === 200, "asking to confirm revoked the key already");
    await checkPage(p, "confirm revoke");
    await p.page.screenshot({ path: artefact(out, "account-confirm-revoke.png"), fullPage: true });
    r = await submit(p, "#confirm-revoke");
    check(r.status() === 200, `revoke answered ${r.status()}`);
    check((await statusWithKey(key2)) === 401, "the revoked key still works");
    check((await statusWithKey(key3)) === 200, "revoking one key stopped another");
    check((await p.page.$("#new-key")) === null, "a key is shown after a revoke");

    // 8. Sign out.
    r = await submit(p, "button[data-action=signout]");
    await checkPage(p, "signed out");
    await p.page.screenshot({ path: artefact(out, "account-7-signed-out.png"), fullPage: true });
    r = await p.page.goto(`${base}/api-keys/dashboard`, { waitUntil: "load" });
    check(new URL(p.page.url()).pathname === "/api-keys", "the dashboard is still open after signing out");
  });
  console.log("account flow: ok");
});

import { createHash } from "node:crypto";
