#include "MarkdownReport.h"

#include <ipfacts/location.hpp>

namespace ipfacts::ip {
namespace {

// A newline inside a database value would add a line and break the
// promise of exactly five.
std::string oneLine(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return out;
}

std::string locationText(const NetFactsView& f) {
    std::string joined;
    for (const std::optional<std::string_view>& part : {f.city(), f.region(), f.country_name()}) {
        if (!part || part->empty()) continue;
        if (!joined.empty()) joined += ", ";
        joined += oneLine(*part);
    }
    if (joined.empty()) return "unknown";
    // The label is /json's geo_accuracy, so a country-only answer never claims more.
    return joined + " (" + oneLine(f.geo_accuracy().value_or(kCountryOnlyAccuracy)) + ")";
}

std::string ispText(const NetFactsView& f) {
    const std::optional<std::string_view> name = f.isp() ? f.isp() : f.as_name();
    const std::optional<int64_t> asn = f.asn();
    std::string as = asn ? "AS" + std::to_string(*asn) : std::string();
    if (name && !name->empty()) return as.empty() ? oneLine(*name) : oneLine(*name) + " (" + as + ")";
    return as.empty() ? "unknown" : as;
}

}  // namespace

std::string writeMarkdownReport(const MarkdownInput& in) {
    std::string out = "# Your IP address\n";
    out += "- IP: " + oneLine(in.ip) + " (IPv" + std::to_string(in.version) + ")\n";
    out += "- Location: " + locationText(in.facts) + "\n";
    out += "- ISP: " + ispText(in.facts) + "\n";
    out += "- Source: " + oneLine(in.url) + "\n";
    return out;
}

}  // namespace ipfacts::ip
