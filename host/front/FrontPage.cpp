#include "host/front/FrontPage.h"

#include "host/html/HtmlText.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

#include <optional>

namespace ipfacts::front {
namespace {

using html::escape;
using Poco::JSON::Object;

// One column, readable on a phone; code lines wrap rather than widen the
// page, and a click selects a whole curl line (user-select: all) so that it
// copies without a script. Dark mode follows the system.
constexpr const char* kStyle =
    "body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}"
    "main{max-width:52rem;margin:0 auto;padding:1rem}"
    "h1{font-size:1.5rem;overflow-wrap:anywhere}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1rem;margin:1rem 0 "
    ".2rem}"
    "dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.2rem 1rem;margin:.5rem 0}"
    "dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}"
    "pre{background:#f4f4f4;padding:.5rem;border-radius:.3rem;white-space:pre-wrap;overflow-wrap:anywhere;margin:.2rem "
    "0}"
    "pre code{user-select:all}code{font:.9rem ui-monospace,monospace}"
    ".muted{color:#555}ul.guide{list-style:none;padding:0}"
    "a{color:#0550ae}"
    "@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}pre{background:#161b22}"
    ".muted{color:#9da7b1}a{color:#58a6ff}}";

/// The JSON text of `o`'s member at `path` ("network.tls"): what data-value holds.
std::optional<Poco::Dynamic::Var> valueAt(const Object::Ptr& o, const std::string& path) {
    Object::Ptr at = o;
    size_t start = 0;
    while (at) {
        const size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!at->has(key)) return std::nullopt;
        if (dot == std::string::npos) return at->get(key);
        at = at->getObject(key);
        start = dot + 1;
    }
    return std::nullopt;
}

/// A fact: <dt>label</dt><dd data-field data-value>shown</dd>; null shows "unknown".
std::string fact(const Object::Ptr& report, const char* label, const std::string& path,
                 const std::string& prefix = "") {
    const auto v = valueAt(report, path);
    std::string h = "<dt>" + std::string(label) + "</dt>";
    if (!v || v->isEmpty())
        return h + "<dd data-field=\"" + path + "\" data-value=\"null\" class=\"muted\">unknown</dd>";
    const std::string text = v->toString();
    return h + "<dd data-field=\"" + path + "\" data-value=\"" + escape(text) + "\">" + escape(prefix + text) + "</dd>";
}

std::string factsSection(const Object::Ptr& r) {
    std::string h = "<section aria-labelledby=\"where-h\"><h2 id=\"where-h\">Location</h2>";
    const std::string accuracy = r->optValue<std::string>("geo_accuracy", "approximate");
    h +=
        "<p class=\"muted\">Geolocation from an address database is <strong data-field=\"geo_accuracy\" data-value=\"" +
        escape(accuracy) + "\">" + escape(accuracy) +
        "</strong>: it names where the network is registered or "
        "announced, not where you are.</p><dl>";
    h += fact(r, "City", "city") + fact(r, "Region", "region") + fact(r, "Country", "country_name") +
         fact(r, "Country code", "country") + fact(r, "Postal code", "postal") + fact(r, "Coordinates", "loc") +
         fact(r, "Time zone", "timezone");
    h += "</dl></section><section aria-labelledby=\"net-h\"><h2 id=\"net-h\">Network</h2><dl>";
    h += fact(r, "Provider", "isp") + fact(r, "AS number", "asn", "AS") + fact(r, "AS name", "as_name") +
         fact(r, "Registry", "rir") + fact(r, "Connection type", "connection_type") +
         fact(r, "Protocol", "network.protocol") + fact(r, "TLS", "network.tls");
    h += "</dl></section><section aria-labelledby=\"client-h\"><h2 id=\"client-h\">Your client</h2><dl>";
    h += fact(r, "User agent", "user_agent") + fact(r, "Languages", "accepts_language");
    h += "</dl></section>";
    if (Object::Ptr reasons = r->getObject("reasons"); reasons && reasons->size() > 0) {
        h += "<section aria-labelledby=\"why-h\"><h2 id=\"why-h\">Why some facts are unknown</h2><ul>";
        for (const auto& name : reasons->getNames())
            h += "<li><code>" + escape(name) + "</code>: " + escape(reasons->get(name).toString()) + "</li>";
        h += "</ul></section>";
    }
    return h;
}

std::string guideSection(const FrontPageInput& in) {
    std::string h =
        "<section aria-labelledby=\"api-h\"><h2 id=\"api-h\">Endpoints</h2><p>Every endpoint answers GET "
        "without a key. JSON endpoints take <code>?pretty=1</code> (the default for curl, Wget and "
        "HTTPie) and <code>?fields=a,b</code>. The full description: <a href=\"/api/openapi.json\">"
        "the OpenAPI document</a>";
    if (in.status_page) h += "; measured uptime: <a href=\"/status\">the status page</a>";
    h += ".</p><ul class=\"guide\">";
    for (const auto& e : *in.guide) {
        h += "<li data-path=\"" + escape(e.path) + "\"><h3><code>" + escape(e.path) + "</code></h3>";
        if (!e.summary.empty()) h += "<p>" + escape(e.summary) + "</p>";
        h += "<pre><code>curl '" + escape(in.base_url + e.example) + "'</code></pre></li>";
    }
    return h + "</ul></section>";
}

Object::Ptr parseReport(const std::string* text) {
    if (!text) return nullptr;
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        return parser.parse(*text).extract<Object::Ptr>();
    } catch (const std::exception&) {
        return nullptr;
    }
}

}  // namespace

const std::string& frontPagePolicy() {
    static const std::string policy = html::strictPolicy(kStyle);
    return policy;
}

std::string frontPage(const FrontPageInput& in) {
    const Object::Ptr report = parseReport(in.report_json);
    std::string h;
    h.reserve(16 * 1024);
    h += "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
         "<link rel=\"icon\" href=\"data:,\"><title>Your IP address: " +
         escape(in.service_host) + "</title><style>" + kStyle + "</style></head><body><main>";
    if (report) {
        const std::string ip = report->optValue<std::string>("ip", "");
        const std::string version = report->has("version") ? report->get("version").toString() : "";
        h += "<h1>Your IP address is <span data-field=\"ip\" data-value=\"" + escape(ip) + "\">" + escape(ip) +
             "</span></h1><p>IPv<span data-field=\"version\" data-value=\"" + escape(version) + "\">" +
             escape(version) + "</span>, as seen by " + escape(in.service_host) + ". From a terminal: <code>curl " +
             escape(in.base_url) + "/</code> prints the address alone.</p>";
        h += factsSection(report);
    } else {
        h += "<h1>Your IP address</h1><p>The address facts are not available right now.</p>";
    }
    h += guideSection(in);
    h += "</main></body></html>";
    return h;
}

}  // namespace ipfacts::front
