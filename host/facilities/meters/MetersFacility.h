// MetersFacility: the meters slot (meters: section): daily budgets per
// caller, such as the privacy enrichment's 20 a day, whose days are the
// daemon's ServiceClock's (a test's manual clock moves them).
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/meters/DailyMeters.h"
#include "host/facilities/meters/MetersConfig.h"
#include "host/ratelimit/ServiceClock.h"

namespace ipfacts::facilities {

class MetersFacility : public Facility {
public:
    static constexpr const char* kName = "meters";
    /// `clock` outlives the facility; `tally` is where the budgets count.
    MetersFacility(const std::map<std::string, int64_t>& per_day, const ratelimit::ServiceClock& clock,
                   std::shared_ptr<ratelimit::WindowTally> tally)
        : meters_(per_day, std::move(tally)), clock_(clock) {}
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    void purge(int64_t now_s) override { meters_.purge(now_s); }
    DailyMeters& meters() { return meters_; }
    const ratelimit::ServiceClock& clock() const { return clock_; }

private:
    DailyMeters meters_;
    const ratelimit::ServiceClock& clock_;
};

/// Adds the facility when the manifest declares meters.
void addMetersFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities
