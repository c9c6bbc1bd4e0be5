#include "host/front/FrontPage.h"

#include "host/front/PageParts.h"
#include "host/html/HtmlText.h"

#include <Poco/JSON/Object.h>

#include <algorithm>

namespace ipfacts::front {
namespace {

using html::escape;
using Poco::JSON::Object;

/// Why the caller has no location, when its address is in special-purpose
/// space: "loopback address (RFC 1122): no geolocation" reads as "Your address
/// is a loopback address (RFC 1122), so there is no location to show."
std::string noLocationNotice(const Object::Ptr& r) {
    Object::Ptr reasons = r->getObject("reasons");
    if (!reasons || !reasons->has("geolocation")) return "";
    const std::string why = reasons->get("geolocation").toString();
    const std::string suffix = ": no geolocation";
    std::string h = "<p class=\"notice\" data-notice=\"geolocation\">";
    if (why.size() > suffix.size() && why.compare(why.size() - suffix.size(), suffix.size(), suffix) == 0) {
        const std::string kind = why.substr(0, why.size() - suffix.size());
        const bool vowel = std::string("aeiou").find(kind.front()) != std::string::npos;
        h += "Your address is " + std::string(vowel ? "an " : "a ") + escape(kind) +
             ", so there is no location to show.";
    } else {
        h += "There is no location for your address: " + escape(why) + ".";
    }
    return h + " Look up any public address or host name with the form above.</p>";
}

std::string callerFacts(const Object::Ptr& report, const FrontPageInput& in) {
    const std::string ip = report->optValue<std::string>("ip", "");
    const std::string version = report->has("version") ? report->get("version").toString() : "";
    std::string h = "<h1>Your IP address is <span data-field=\"ip\" data-value=\"" + escape(ip) + "\">" + escape(ip) +
                    "</span></h1><p>IPv<span data-field=\"version\" data-value=\"" + escape(version) + "\">" +
                    escape(version) + "</span>, as seen by " + escape(in.service_host) +
                    ". From a terminal: <code>curl " + escape(in.base_url) + "/</code> prints the address alone.</p>";
    h += lookupForm() + noLocationNotice(report);
    h += locationSection(report) + networkSection(report, true);
    h += "<section aria-labelledby=\"client-h\"><h2 id=\"client-h\">Your client</h2><dl>";
    h += fact(report, "User agent", "user_agent") + fact(report, "Languages", "accepts_language");
    return h + "</dl></section>" + reasonsSection(report);
}

}  // namespace

std::string guideSection(const std::vector<GuideEntry>& guide, const std::string& base_url, bool status_page) {
    std::string h =
        "<section aria-labelledby=\"api-h\"><h2 id=\"api-h\">Endpoints</h2><p>Every endpoint answers GET "
        "without a key. JSON endpoints take <code>?pretty=1</code> (the default for curl, Wget and "
        "HTTPie) and <code>?fields=a,b</code>. The full description: <a href=\"/api/openapi.json\">"
        "the OpenAPI document</a>";
    if (status_page) h += "; measured uptime: <a href=\"/status\">the status page</a>";
    h += ".</p>";
    std::vector<std::string> families;
    for (const auto& e : guide)
        if (std::find(families.begin(), families.end(), e.family) == families.end()) families.push_back(e.family);
    for (const auto& family : families) {
        size_t count = 0;
        std::string items;
        for (const auto& e : guide) {
            if (e.family != family) continue;
            ++count;
            items += "<li data-path=\"" + escape(e.path) + "\"><h3><code>" + escape(e.path) + "</code></h3>";
            if (!e.summary.empty()) items += "<p>" + escape(e.summary) + "</p>";
            items += "<pre><code>curl '" + escape(base_url + e.example) + "'</code></pre></li>";
        }
        h += "<details data-family=\"" + escape(family) + "\"><summary>" + escape(family) + " (" +
             std::to_string(count) + ")</summary><ul class=\"guide\">" + items + "</ul></details>";
    }
    return h + "</section>";
}

std::string frontPage(const FrontPageInput& in) {
    const Object::Ptr report = parseObjectOrNull(in.report_json);
    std::string h = pageStart("Your IP address: " + in.service_host);
    if (report)
        h += callerFacts(report, in);
    else
        h += "<h1>Your IP address</h1><p>The address facts are not available right now.</p>" + lookupForm();
    h += guideSection(*in.guide, in.base_url, in.status_page);
    return h + pageEnd();
}

}  // namespace ipfacts::front
