// ResolverFacility: stub DNS for plugins (resolver: section, the resolver
// slot): the StubResolver and its C table.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/dns/ResolverConfig.h"
#include "host/facilities/dns/StubResolver.h"

namespace ipfacts::facilities {

class ResolverFacility : public Facility {
public:
    static constexpr Slot kSlot = Slot::Resolver;
    explicit ResolverFacility(const ResolverConfig& spec, std::shared_ptr<UpstreamOutcomes> outcomes = nullptr);
    Slot slot() const override { return kSlot; }
    void fill(ipf_host_api& api) const override;
    const StubResolver& resolver() const { return resolver_; }
    /// Resolves and counts each answer's outcome under its server (UpstreamOutcomes).
    std::vector<DnsAnswer> resolve(const std::vector<DnsQuestion>& questions) const;

private:
    StubResolver resolver_;
    std::shared_ptr<UpstreamOutcomes> outcomes_;
};

/// Adds the facility when the manifest has a resolver: section.
void addResolverFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities
