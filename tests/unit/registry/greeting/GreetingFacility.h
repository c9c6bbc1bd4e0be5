// GreetingFacility: a facility built only for tests, made by the recipe of
// docs/architecture.md ("A new facility is"): its folder holds its class, its
// section's reader and its Registration.cpp, and nothing outside the folder
// names it. It fills no slot (ipf_host_api has none for it); it answers
// /readyz and /metrics through the same hooks as the host's facilities.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "tests/unit/registry/greeting/GreetingConfig.h"

namespace ipfacts::facilities::greeting {

class GreetingFacility : public Facility {
public:
    static constexpr const char* kName = "greeting";
    /// `store_started`: whether the store (which it needs) was in the set when it started.
    GreetingFacility(GreetingConfig config, bool store_started)
        : config_(std::move(config)), store_started_(store_started) {}
    const char* name() const override { return kName; }
    /// A real facility puts its C table into its slot here.
    void fill(ipf_host_api& /*api*/) const override {}
    std::optional<FacilityHealth> readiness() const override;
    std::vector<MetricFamily> metrics(int64_t now_unix) const override;

    bool storeStarted() const { return store_started_; }

private:
    GreetingConfig config_;
    bool store_started_;
};

/// Adds the facility when the manifest has a greeting: section.
void addGreetingFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::greeting
