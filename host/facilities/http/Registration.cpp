// The http facility's registration: the http: section turns it on; it
// connects out through the guard and, with `resolve: resolver`, pins names to
// the resolver's answers, which needs a resolver: section.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/http/HttpFacility.h"

namespace ipfacts::facilities {
namespace {

void checkResolve(const YAML::Node& root, const manifest::Manifest& m) {
    const auto* http = m.section<http::HttpConfig>();
    if (http && http->resolve_with_resolver && !m.section<ResolverConfig>())
        manifest::YamlReader(m.file, m.dir)
            .fail(root["http"]["resolve"], "http.resolve: resolver needs a resolver: section");
}

}  // namespace

void registerHttp(FacilityRegistry& r) {
    auto section = manifest::sectionOf<http::HttpConfig>("http");
    section.check = checkResolve;
    r.add({http::HttpFacility::kName, {}, true, std::move(section), {}, http::addHttpFacility});
}

}  // namespace ipfacts::facilities
