#include "host/account/AccountPages.h"

#include "host/html/HtmlText.h"

#include <ipfacts/plugin.hpp>

#include <algorithm>

namespace ipfacts::account {
namespace {

const std::string kStyle =
    "body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}"
    "main{max-width:68rem;margin:0 auto;padding:1rem}"
    "h1{font-size:1.5rem}table{border-collapse:collapse;width:100%}"
    "th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #d0d7de;vertical-align:top}"
    "form.inline{display:inline}button{font:inherit;padding:.3rem .8rem;margin:.1rem 0}"
    "input[type=email]{font:inherit;padding:.3rem;width:min(100%,22rem);box-sizing:border-box}"
    ".key{font:1rem monospace;word-break:break-all;background:#fff8c5;padding:.5rem;display:block}"
    ".error{color:#cf222e}.muted{color:#555}.scroll{overflow-x:auto}"
    "@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th,td{border-color:#30363d}"
    ".key{background:#3b2e00}.muted{color:#9da7b1}.error{color:#ff7b72}}";

std::string layout(const std::string& service_host, const std::string& title, const std::string& body) {
    return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
           "<meta name=\"referrer\" content=\"same-origin\"><link rel=\"icon\" href=\"data:,\"><title>" +
           html::escape(title) + " · " + html::escape(service_host) + "</title><style>" + kStyle +
           "</style></head><body><main><h1>" + html::escape(title) + "</h1>" + body + "</main></body></html>";
}

/// "2026-11-26" (`with_time`: "2026-11-26T14:05:09Z"); "never" for 0.
std::string utcText(int64_t t, bool with_time) {
    if (t == 0) return "never";
    const std::string iso = isoUtc(t * 1000);
    return with_time ? iso : iso.substr(0, 10);
}

std::string hidden(const char* name, const std::string& value) {
    return std::string("<input type=\"hidden\" name=\"") + name + "\" value=\"" + html::escape(value) + "\">";
}

/// A one-button form posting `action` (and the key id) to the dashboard; the button's
/// data-action is `shown` (what a person asks for), or `action` when empty.
std::string actionForm(const std::string& csrf, const char* action, const std::string& id, const char* label,
                       const char* shown = "") {
    return "<form class=\"inline\" method=\"post\" action=\"/api-keys/dashboard\">" + hidden("csrf", csrf) +
           hidden("action", action) + (id.empty() ? std::string() : hidden("id", id)) +
           "<button type=\"submit\" name=\"do\" value=\"" + std::string(action) + "\" data-action=\"" +
           (*shown ? shown : action) + "\" data-key-id=\"" + html::escape(id) + "\">" + label + "</button></form>";
}

/// 12345 as "12,345".
std::string grouped(int64_t n) {
    std::string digits = std::to_string(n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') out += ',';
        out += digits[i];
    }
    return out;
}

/// The most a key may make in a day: the largest keyed daily quota of any class
/// (each class counts apart, so that is what one class allows); 0 when none.
int64_t dailyCeiling(const std::vector<KeyLimit>& limits) {
    int64_t most = 0;
    for (const auto& l : limits) most = std::max(most, l.per_day);
    return most;
}

/// A count and, beside it, the ceiling it is measured against (when there is one).
std::string useCell(const char* field, int64_t count, const char* window, int64_t ceiling, const char* per) {
    std::string h = "<td><span data-field=\"" + std::string(field) + "\">" + std::to_string(count) + "</span>";
    if (ceiling > 0)
        h += " <span class=\"muted\" data-limit=\"" + std::string(window) + "\">of " + grouped(ceiling) + " " + per +
             "</span>";
    return h + "</td>";
}

std::string keyRow(const store::KeyRecord& k, const std::string& name, const store::KeyUsage& u,
                   const DashboardView& v) {
    const bool live = k.revoked_at == 0;
    const int64_t day = dailyCeiling(v.limits);
    std::string h = "<tr data-key-id=\"" + html::escape(k.id) + "\" data-state=\"" + (live ? "live" : "revoked") +
                    "\"><th scope=\"row\"><code>" + html::escape(k.id) + "</code></th><td>" +
                    (name.empty() ? std::string("<span class=\"muted\">none</span>")
                                  : "<span data-field=\"name\">" + html::escape(name) + "</span>") +
                    "</td><td>" + utcText(k.created_at, false) + "</td><td>" +
                    (live ? std::string("live") : "revoked " + utcText(k.revoked_at, false)) + "</td>" +
                    useCell("today", u.today, "day", day, "a day") +
                    useCell("month", u.month, "month", day * v.days_in_month, "this month") +
                    "<td data-field=\"last_used\">" + utcText(k.last_used_at, true) + "</td><td>";
    if (live)
        h += actionForm(v.csrf, "rotate", k.id, "Rotate") + " " +
             actionForm(v.csrf, "confirm_revoke", k.id, "Revoke", "revoke");
    return h + "</td></tr>";
}

/// What each key may do: its quota in each metered class.
std::string limitsTable(const std::vector<KeyLimit>& limits) {
    if (limits.empty()) return "";
    std::string h =
        "<section id=\"limits\" aria-labelledby=\"limits-h\"><h2 id=\"limits-h\">Limits of each key</h2>"
        "<p class=\"muted\">Each rate class counts apart; past a limit the answer is 429 with Retry-After.</p>"
        "<div class=\"scroll\"><table><thead><tr><th scope=\"col\">Rate class</th><th scope=\"col\">A minute</th>"
        "<th scope=\"col\">A day</th></tr></thead><tbody>";
    auto cell = [](int64_t n) { return "<td>" + (n ? grouped(n) : std::string("no limit")) + "</td>"; };
    for (const auto& l : limits)
        h += "<tr><th scope=\"row\">" + html::escape(l.rate_class) + "</th>" + cell(l.per_minute) + cell(l.per_day) +
             "</tr>";
    return h + "</tbody></table></div></section>";
}

/// Create, with an optional name (escaped wherever it is shown, at most kMaxKeyNameChars).
std::string createForm(const std::string& csrf) {
    return "<form method=\"post\" action=\"/api-keys/dashboard\">" + hidden("csrf", csrf) + hidden("action", "create") +
           "<label for=\"key-name\">Name of the new key (optional)</label><br><input type=\"text\" id=\"key-name\" "
           "name=\"name\" maxlength=\"" +
           std::to_string(kMaxKeyNameChars) +
           "\" autocomplete=\"off\"> <button type=\"submit\" name=\"do\" value=\"create\" data-action=\"create\" "
           "data-key-id=\"\">Create a key</button></form>";
}

}  // namespace

const std::string& accountPagePolicy() {
    static const std::string policy = html::strictPolicy(kStyle, "'self'");
    return policy;
}

std::string requestPage(const std::string& service_host, const std::string& error) {
    std::string body =
        "<p>An API key raises your rate limits; it unlocks nothing else. Give an e-mail address you can read: "
        "we send one sign-in link, which works once, within 15 minutes. Signing in shows your key once and "
        "opens the dashboard, where you create, rotate and revoke keys.</p>"
        "<p class=\"muted\">We keep a keyed hash of the address, never the address itself, once the link is used "
        "or expires.</p>";
    if (!error.empty()) body += "<p class=\"error\" role=\"alert\" id=\"error\">" + html::escape(error) + "</p>";
    body +=
        "<form method=\"post\" action=\"/api-keys\"><label for=\"email\">E-mail address</label><br>"
        "<input type=\"email\" id=\"email\" name=\"email\" required maxlength=\"254\" autocomplete=\"email\"> "
        "<button type=\"submit\" id=\"send\">Send sign-in link</button></form>";
    // The page 401 answers link to (keys.docs_url): how a key is used, what it changes.
    body +=
        "<h2 id=\"using\">Using a key</h2>"
        "<p>Send it as <code>Authorization: Bearer &lt;key&gt;</code> (preferred) or as the query parameter "
        "<code>key=&lt;key&gt;</code> (weaker: query strings are logged along the way), for example "
        "<code>curl -H 'Authorization: Bearer ipf_…' https://" +
        html::escape(service_host) +
        "/api/v1/ip</code>. Keyed answers carry <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> "
        "and <code>X-RateLimit-Reset</code> for the key's own quota; past it, 429 with <code>Retry-After</code>.</p>"
        "<p>Do not put a key in front-end code: a browser's call reports the visitor's address, and the page "
        "gives the key away.</p>"
        "<p>An unknown or revoked key is answered <strong>401</strong> with a link to this page. A key cannot be "
        "shown again: a lost key is replaced by signing in and rotating it, and the old key stops working at once. "
        "An account holds up to 5 live keys.</p>";
    return layout(service_host, "Get an API key", body);
}

std::string sentPage(const std::string& service_host, int link_lifetime_s) {
    return layout(service_host, "Check your mail",
                  "<p id=\"sent\" role=\"status\">If that address can receive mail, a sign-in link is on its way. It "
                  "works once, within " +
                      std::to_string(link_lifetime_s / 60) +
                      " minutes.</p><p><a href=\"/api-keys\">Send another link</a></p>");
}

std::string confirmPage(const std::string& service_host, const std::string& token) {
    // Opening the link changes nothing (mail scanners open links before people
    // do); only this form's POST uses the token.
    return layout(service_host, "Sign in",
                  "<p>Confirm to sign in. The link works once: after this, it cannot be used again.</p>"
                  "<form method=\"post\" action=\"/api-keys/signin\">" +
                      hidden("token", token) + "<button type=\"submit\" id=\"confirm\">Sign in</button></form>");
}

std::string messagePage(const std::string& service_host, const std::string& title, const std::string& text) {
    return layout(service_host, title,
                  "<p id=\"message\" role=\"alert\">" + html::escape(text) +
                      "</p><p><a href=\"/api-keys\">Ask for a new sign-in link</a></p>");
}

std::string dashboardPage(const std::string& service_host, const DashboardView& v) {
    std::string body;
    if (!v.new_key.empty())
        body +=
            "<section aria-labelledby=\"new-key-h\"><h2 id=\"new-key-h\">Your new key</h2>"
            "<p><strong>Copy it now: it is shown this once and cannot be shown again.</strong> Send it as "
            "<code>Authorization: Bearer &lt;key&gt;</code>; keep it out of front-end code.</p>"
            "<output class=\"key\" id=\"new-key\">" +
            html::escape(v.new_key) + "</output></section>";
    if (!v.notice.empty()) body += "<p role=\"status\" id=\"notice\">" + html::escape(v.notice) + "</p>";
    int live = 0;
    for (const auto& k : v.keys) live += k.revoked_at == 0;
    body += "<h2>Keys</h2><p>" + std::to_string(live) + " of " + std::to_string(v.max_live_keys) +
            " live keys. Usage counts are UTC days and months.</p>";
    body +=
        "<div class=\"scroll\"><table id=\"keys\"><thead><tr><th scope=\"col\">Key id</th><th "
        "scope=\"col\">Name</th><th scope=\"col\">Created</th>"
        "<th scope=\"col\">State</th><th scope=\"col\">Today</th><th scope=\"col\">This month</th>"
        "<th scope=\"col\">Last used</th><th scope=\"col\">Actions</th></tr></thead><tbody>";
    for (const auto& k : v.keys) {
        auto use = v.usage.find(k.id);
        auto name = v.names.find(k.id);
        body += keyRow(k, name == v.names.end() ? std::string() : name->second,
                       use == v.usage.end() ? store::KeyUsage{} : use->second, v);
    }
    body += "</tbody></table></div><div>";
    if (live < v.max_live_keys)
        body += createForm(v.csrf);
    else
        body += "<p class=\"muted\">Revoke a key to create another.</p>";
    body += "</div>" + limitsTable(v.limits) + "<p>" + actionForm(v.csrf, "signout", "", "Sign out") + "</p>";
    return layout(service_host, "Your API keys", body);
}

std::string confirmRevokePage(const std::string& service_host, const std::string& csrf, const std::string& id,
                              const std::string& name) {
    // A GET could not do: the dashboard's button posts here, and only this page's button revokes.
    return layout(service_host, "Revoke this key?",
                  "<p id=\"revoke-what\">Key <code>" + html::escape(id) + "</code>" +
                      (name.empty() ? std::string() : " (" + html::escape(name) + ")") +
                      "</p><p>It is answered 401 from the moment you confirm, on every node within a second, and "
                      "cannot be brought back. To replace a key that may have leaked while keeping the service "
                      "running, rotate it instead: the new key works at once.</p>"
                      "<form method=\"post\" action=\"/api-keys/dashboard\">" +
                      hidden("csrf", csrf) + hidden("action", "revoke") + hidden("id", id) +
                      "<button type=\"submit\" id=\"confirm-revoke\" data-action=\"revoke-confirmed\">Revoke the "
                      "key</button></form><p><a href=\"/api-keys/dashboard\" id=\"cancel\">Keep it: back to the "
                      "dashboard</a></p>");
}

}  // namespace ipfacts::account
