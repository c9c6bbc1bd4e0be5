#include "host/front/TargetPage.h"

#include "host/front/PageParts.h"
#include "host/html/HtmlText.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <vector>

namespace ipfacts::front {
namespace {

using html::escape;
using Poco::JSON::Array;
using Poco::JSON::Object;

struct Link {
    const char* route;  ///< the path template that must be routed
    std::string href;
    const char* label;
};

/// The target's other answers. A name has DNS, TLS and mail answers; an
/// address its reverse name; both registration data; the blocklists take the
/// address (a name's first).
std::vector<Link> linksOf(const std::string& target, const std::string& address, bool is_name) {
    const std::string t = percentEncode(target), a = percentEncode(address);
    std::vector<Link> out{{"/api/v1/lookup/{target}", "/api/v1/lookup/" + t, "This lookup as JSON"}};
    if (is_name) {
        out.push_back({"/api/v1/dns", "/api/v1/dns?name=" + t, "DNS records (A; other types with &type=)"});
        out.push_back({"/api/v1/ssl", "/api/v1/ssl?host=" + t, "The TLS certificate it presents"});
        out.push_back({"/api/v1/mx", "/api/v1/mx?domain=" + t, "Mail: MX, SPF and DMARC"});
    } else {
        out.push_back({"/api/v1/reverse/{ip}", "/api/v1/reverse/" + a, "Reverse DNS, forward-confirmed"});
    }
    out.push_back({"/api/v1/rdap", "/api/v1/rdap?query=" + t, "Registration data (RDAP, WHOIS fallback)"});
    if (!address.empty())
        out.push_back({"/api/v1/blacklist/{ip}", "/api/v1/blacklist/" + a, "Blocklist status of the address"});
    return out;
}

std::string linksSection(const std::vector<Link>& links, const std::set<std::string>& routed) {
    std::string h =
        "<section aria-labelledby=\"more-h\"><h2 id=\"more-h\">More about this target</h2><ul class=\"links\">";
    for (const auto& l : links)
        if (routed.count(l.route))
            h += "<li><a href=\"" + escape(l.href) + "\">" + escape(l.label) + "</a> <code>" + escape(l.href) +
                 "</code></li>";
    return h + "</ul></section>";
}

std::string classificationSection(const Object::Ptr& r) {
    std::string h = "<section aria-labelledby=\"kind-h\"><h2 id=\"kind-h\">Classification</h2><dl>";
    h += fact(r, "Kind", "classification.kind") + fact(r, "Description", "classification.description") +
         fact(r, "RFC", "classification.rfc", "", "none: not a special-purpose block") +
         fact(r, "Routable", "classification.routable");
    return h + "</dl></section>";
}

/// Every address a name resolved to; nothing for an address target.
std::string addressesSection(const Object::Ptr& r) {
    Array::Ptr addresses = r->getArray("addresses");
    if (!addresses || r->get("hostname").isEmpty()) return "";
    std::string h = "<section aria-labelledby=\"addr-h\"><h2 id=\"addr-h\">Addresses</h2><ul data-addresses>";
    for (size_t i = 0; i < addresses->size(); ++i) {
        const std::string a = addresses->getElement<std::string>(static_cast<unsigned>(i));
        h += "<li><a href=\"/" + escape(percentEncode(a)) + "\">" + escape(a) + "</a></li>";
    }
    if (addresses->size() == 0) h += "<li class=\"muted\">none</li>";
    return h + "</ul></section>";
}

std::string heading(const Object::Ptr& r, const std::string& target) {
    const bool is_name = !r->get("hostname").isEmpty();
    const std::string ip = r->has("ip") && !r->get("ip").isEmpty() ? r->get("ip").toString() : "";
    std::string h = "<h1>" + escape(target) + "</h1><p>";
    if (is_name)
        h += "The host name <span data-field=\"hostname\" data-value=\"" + escape(r->get("hostname").toString()) +
             "\">" + escape(r->get("hostname").toString()) + "</span>";
    else
        h += "The address";
    if (!ip.empty())
        h += std::string(is_name ? ", first address " : " ") + "<span data-field=\"ip\" data-value=\"" + escape(ip) +
             "\">" + escape(ip) + "</span> (IPv" + escape(r->has("version") ? r->get("version").toString() : "?") + ")";
    return h + ".</p>";
}

}  // namespace

std::string targetPage(const TargetPageInput& in) {
    const Object::Ptr r = parseObjectOrNull(in.lookup_json);
    std::string h = pageStart(in.target + ": " + in.service_host);
    h += lookupForm(in.target);
    if (!r) return h + "<h1>" + escape(in.target) + "</h1><p>The facts are not available right now.</p>" + pageEnd();
    const bool is_name = !r->get("hostname").isEmpty();
    const std::string ip = r->has("ip") && !r->get("ip").isEmpty() ? r->get("ip").toString() : "";
    h += heading(r, in.target) + classificationSection(r) + addressesSection(r) + locationSection(r) +
         networkSection(r, false) + reasonsSection(r);
    static const std::set<std::string> none;
    h += linksSection(linksOf(in.target, ip, is_name), in.routed ? *in.routed : none);
    h += "<p class=\"muted\"><a href=\"/\">Your own address</a></p>";
    return h + pageEnd();
}

std::string targetErrorPage(const std::string& target, const std::string& message, const std::string& service_host) {
    return pageStart(target + ": " + service_host) + lookupForm(target) + "<h1>" + escape(target) +
           "</h1><p class=\"notice\" data-error>" + escape(message) +
           "</p><p class=\"muted\"><a href=\"/\">Your own address</a></p>" + pageEnd();
}

}  // namespace ipfacts::front
