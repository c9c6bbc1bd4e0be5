#include "SpecialPurposePolicy.h"

namespace ipfacts::lookup {
namespace {

std::string describe(const NetFacts& f) {
    std::string what = f.kind + " address";
    if (f.rfc) what += " (" + *f.rfc + ")";
    return what;
}

void clearLocation(NetFacts& f) {
    f.city.reset(), f.region.reset(), f.region_code.reset();
    f.country.reset(), f.country_name.reset(), f.continent.reset(), f.postal.reset();
    f.latitude.reset(), f.longitude.reset();
    f.timezone.reset(), f.local_time.reset(), f.geo_accuracy.reset();
}

void clearOwner(NetFacts& f) {
    f.isp.reset(), f.asn.reset(), f.as_name.reset(), f.as_domain.reset();
    f.connection_type = "unknown";
}

}  // namespace

bool isGeolocatable(std::string_view kind) { return kind.empty() || kind == "public" || kind == "anycast"; }

void withholdGeolocation(LookupReport& report) {
    if (!report.facts || isGeolocatable(report.facts->kind)) return;
    NetFacts& f = *report.facts;
    clearLocation(f);
    clearOwner(f);
    const std::string what = describe(f);
    report.reasons.add(kGeolocationReason, what + ": no geolocation");
    report.reasons.add(kNetworkReason, what + ": no network owner");
}

}  // namespace ipfacts::lookup
