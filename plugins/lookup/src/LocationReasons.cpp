#include "LocationReasons.h"

#include <ipfacts/location.hpp>

namespace ipfacts::lookup {
namespace {

/// "private address (RFC 1918)", "reserved address".
std::string describe(std::string_view kind, const std::optional<std::string>& rfc) {
    std::string what = std::string(kind) + " address";
    if (rfc) what += " (" + *rfc + ")";
    return what;
}

}  // namespace

void explainMissingLocation(LookupReport& report) {
    if (!report.facts || report.facts->locatable) return;
    const NetFacts& f = *report.facts;
    if (!f.not_locatable_reason || !isSpecialPurposeReason(*f.not_locatable_reason)) return;
    const std::string what = describe(*f.not_locatable_reason, f.rfc);
    report.reasons.add(kGeolocationReason, what + ": no geolocation");
    report.reasons.add(kNetworkReason, what + ": no network owner");
}

}  // namespace ipfacts::lookup
