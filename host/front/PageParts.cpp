#include "host/front/PageParts.h"

#include "host/html/HtmlText.h"

#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

#include <cctype>
#include <optional>

namespace ipfacts::front {
namespace {

using html::escape;
using Poco::JSON::Object;

// One column, readable on a phone; code lines wrap rather than widen the
// page, and a click selects a whole curl line (user-select: all) so that it
// copies without a script. The guide's families fold (<details>). Dark mode
// follows the system.
constexpr const char* kStyle =
    "body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}"
    "main{max-width:52rem;margin:0 auto;padding:1rem}"
    "h1{font-size:1.5rem;overflow-wrap:anywhere}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1rem;margin:1rem 0 "
    ".2rem}"
    "dl{display:grid;grid-template-columns:minmax(7rem,max-content) minmax(0,1fr);gap:.2rem 1rem;margin:.5rem 0}"
    "dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}"
    "pre{background:#f4f4f4;padding:.5rem;border-radius:.3rem;white-space:pre-wrap;overflow-wrap:anywhere;margin:.2rem "
    "0}"
    "pre code{user-select:all}code{font:.9rem ui-monospace,monospace}"
    ".muted{color:#555}ul.guide{list-style:none;padding:0}"
    "form.lookup{margin:1rem 0}form.lookup label{display:block;font-weight:600;margin-bottom:.2rem}"
    "form.lookup div{display:flex;gap:.5rem}form.lookup input{flex:1;min-width:0;font:inherit;padding:.4rem}"
    "form.lookup button{font:inherit;padding:.4rem .9rem}"
    ".notice{border-left:.3rem solid #bf8700;background:#fff8c5;padding:.5rem .8rem}"
    "details{border-top:1px solid #ddd;padding:.4rem 0}summary{cursor:pointer;font-weight:600}"
    "ul.links{padding-left:1.2rem}"
    "a{color:#0550ae}"
    "@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}pre{background:#161b22}"
    ".muted{color:#9da7b1}a{color:#58a6ff}.notice{background:#3b2e00;border-color:#d29922}details{border-color:#30363d}"
    "}";

/// The member of `o` at `path` ("network.tls").
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

}  // namespace

std::string pageStart(std::string_view title) {
    return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
           "<link rel=\"icon\" href=\"data:,\"><title>" +
           escape(title) + "</title><style>" + kStyle + "</style></head><body><main>";
}

std::string pageEnd() { return "</main></body></html>"; }

std::string lookupForm(std::string_view value) {
    return "<form class=\"lookup\" method=\"get\" action=\"/\" role=\"search\"><label for=\"q\">Look up an address or "
           "a host name</label><div><input id=\"q\" name=\"q\" type=\"text\" required maxlength=\"253\" "
           "autocapitalize=\"off\" autocomplete=\"off\" spellcheck=\"false\" placeholder=\"8.8.8.8 or example.com\" "
           "value=\"" +
           escape(value) + "\"><button type=\"submit\">Look up</button></div></form>";
}

std::string fact(const Object::Ptr& o, const char* label, const std::string& path, const std::string& prefix,
                 const char* if_null) {
    const auto v = valueAt(o, path);
    std::string h = "<dt>" + std::string(label) + "</dt>";
    if (!v || v->isEmpty())
        return h + "<dd data-field=\"" + path + "\" data-value=\"null\" class=\"muted\">" + if_null + "</dd>";
    const std::string text = v->toString();
    return h + "<dd data-field=\"" + path + "\" data-value=\"" + escape(text) + "\">" + escape(prefix + text) + "</dd>";
}

std::string locationSection(const Object::Ptr& r) {
    std::string h = "<section aria-labelledby=\"where-h\"><h2 id=\"where-h\">Location</h2>";
    const std::string accuracy = r->optValue<std::string>("geo_accuracy", "approximate");
    h +=
        "<p class=\"muted\">Geolocation from an address database is <strong data-field=\"geo_accuracy\" data-value=\"" +
        escape(accuracy) + "\">" + escape(accuracy) +
        "</strong>: it names where the network is registered or "
        "announced, not where a person is.</p><dl>";
    h += fact(r, "City", "city") + fact(r, "Region", "region") + fact(r, "Country", "country_name") +
         fact(r, "Country code", "country") + fact(r, "Postal code", "postal") + fact(r, "Coordinates", "loc") +
         fact(r, "Time zone", "timezone");
    return h + "</dl></section>";
}

std::string networkSection(const Object::Ptr& r, bool connection) {
    std::string h = "<section aria-labelledby=\"net-h\"><h2 id=\"net-h\">Network</h2><dl>";
    h += fact(r, "Provider", "isp") + fact(r, "AS number", "asn", "AS") + fact(r, "AS name", "as_name");
    if (!connection) h += fact(r, "AS domain", "as_domain");
    h += fact(r, "Registry", "rir") + fact(r, "Connection type", "connection_type");
    if (connection) h += fact(r, "Protocol", "network.protocol") + fact(r, "TLS", "network.tls");
    return h + "</dl></section>";
}

std::string reasonsSection(const Object::Ptr& r) {
    Object::Ptr reasons = r->getObject("reasons");
    if (!reasons || reasons->size() == 0) return "";
    std::string h = "<section aria-labelledby=\"why-h\"><h2 id=\"why-h\">Why some facts are unknown</h2><ul>";
    for (const auto& name : reasons->getNames())
        h += "<li data-reason=\"" + escape(name) + "\"><code>" + escape(name) +
             "</code>: " + escape(reasons->get(name).toString()) + "</li>";
    return h + "</ul></section>";
}

Object::Ptr parseObjectOrNull(const std::string* text) {
    if (!text) return nullptr;
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        return parser.parse(*text).extract<Object::Ptr>();
    } catch (const std::exception&) {
        return nullptr;
    }
}

std::string percentEncode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == ':') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

const std::string& pagePolicy() {
    static const std::string policy = html::strictPolicy(kStyle, "'self'");
    return policy;
}

}  // namespace ipfacts::front
