// HttpFacility: the http slot (http: section): the guarded HttpClient, the
// defaults of the manifest, and each named upstream's policy and budget.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/dns/ResolverConfig.h"
#include "host/facilities/http/HttpClient.h"
#include "host/facilities/http/HttpConfig.h"
#include "host/facilities/http/PinnedNames.h"
#include "host/facilities/http/UpstreamBudget.h"
#include "host/ratelimit/ServiceClock.h"

namespace ipfacts::facilities::http {

class HttpFacility : public Facility {
public:
    static constexpr const char* kName = "http";
    /// `resolver`: the resolver: section, required when spec.resolve_with_resolver
    /// (std::runtime_error without it); `outcomes`: where named upstreams' results are counted;
    /// `clock`: what the upstreams' budgets count minutes and days by (the daemon's; outlives the facility);
    /// `tally`: where they count (the daemon's; null: the facility's own memory).
    HttpFacility(const HttpConfig& spec, std::shared_ptr<const guard::AddressGuard> guard,
                 const ResolverConfig* resolver = nullptr, std::shared_ptr<UpstreamOutcomes> outcomes = nullptr,
                 const ratelimit::ServiceClock& clock = ratelimit::ServiceClock::system(),
                 std::shared_ptr<ratelimit::WindowTally> tally = nullptr);
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    void purge(int64_t now_s) override { budget_.purge(now_s); }

    /// Applies the defaults and the upstreams' policies, then fetches.
    /// Requests an upstream's budget refuses are answered with that reason
    /// and never sent. Thread-safe.
    std::vector<HttpResult> fetchAll(std::vector<HttpRequest> requests);

private:
    HttpConfig spec_;
    HttpClient client_;
    UpstreamBudget budget_;
    std::optional<PinnedNames> pinned_;  // http.resolve: resolver
    std::shared_ptr<UpstreamOutcomes> outcomes_;
    const ratelimit::ServiceClock& clock_;
};

/// Adds the facility when the manifest has an http: section; throws
/// std::runtime_error for http.resolve: resolver without a resolver: section.
void addHttpFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::http
