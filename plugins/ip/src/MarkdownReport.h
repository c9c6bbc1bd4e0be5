// MarkdownReport: the body of GET /ip.md (plugins/ip/README.md), made for pasting
// into chats and for language models. Exactly five lines, each ending in \n:
//
//   # Your IP address
//   - IP: 203.0.113.7 (IPv4)
//   - Location: Amsterdam, North Holland, Netherlands (approximate)
//   - ISP: Example Networks (AS64500)
//   - Source: https://ipfacts.example/ip.md
#ifndef IPFACTS_PLUGINS_IP_MARKDOWNREPORT_H
#define IPFACTS_PLUGINS_IP_MARKDOWNREPORT_H

#include <ipfacts/plugin.hpp>

#include <string>
#include <string_view>

namespace ipfacts::ip {

struct MarkdownInput {
    std::string_view ip;
    int version = 4;
    const NetFactsView& facts;
    std::string_view url;  ///< the document's own URL
};

/// Location: the known ones of city, region, country_name joined by ", ",
/// then the geo_accuracy in brackets (" (approximate)", " (country-only)";
/// country-only when netdb gives none, as /json writes it); "unknown" when
/// none is known.
/// ISP: the isp (or, failing that, the AS name), then " (AS<asn>)" when the
/// number is known; "AS<asn>" alone when only the number is; else "unknown".
/// Control characters in any value become spaces, so the five lines stay
/// five; nothing else is escaped (the text is meant to be read as is).
std::string writeMarkdownReport(const MarkdownInput& in);

}  // namespace ipfacts::ip

#endif
