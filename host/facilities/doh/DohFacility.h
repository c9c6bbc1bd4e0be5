// DohFacility: DNS over HTTPS for plugins (doh: section, the doh slot): the
// DohClient and its C table.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/doh/DohClient.h"
#include "host/facilities/doh/DohConfig.h"

namespace ipfacts::facilities {

class DohFacility : public Facility {
public:
    static constexpr const char* kName = "doh";
    DohFacility(const DohConfig& spec, std::shared_ptr<const guard::AddressGuard> guard,
                std::shared_ptr<UpstreamOutcomes> outcomes = nullptr);
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    const DohClient& client() const { return client_; }
    /// Asks every resolver and counts each one's outcome (UpstreamOutcomes).
    std::vector<DnsAnswer> queryAll(const DnsQuestion& q) const;

private:
    DohClient client_;
    std::shared_ptr<UpstreamOutcomes> outcomes_;
};

/// Adds the facility when the manifest has a doh: section.
void addDohFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities
