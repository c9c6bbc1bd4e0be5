// MetersFacility: the meters slot (meters: section): daily budgets per
// caller, such as the privacy enrichment's 20 a day.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/meters/DailyMeters.h"
#include "host/facilities/meters/MetersConfig.h"

namespace ipfacts::facilities {

class MetersFacility : public Facility {
public:
    static constexpr const char* kName = "meters";
    explicit MetersFacility(const std::map<std::string, int64_t>& per_day) : meters_(per_day) {}
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    void purge(int64_t now_s) override { meters_.purge(now_s); }
    DailyMeters& meters() { return meters_; }

private:
    DailyMeters meters_;
};

/// Adds the facility when the manifest declares meters.
void addMetersFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities
