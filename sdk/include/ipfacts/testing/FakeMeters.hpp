// FakeMeters: the daily meters facility (ipf_meters_api). A test declares
// the meters the manifest would (name and daily budget); uses are counted
// per meter and caller address and reset at 00:00 UTC of the fake clock. A
// meter not declared answers IPF_NOT_FOUND, as the host does (Host::takeMeter
// then gives nullopt). Header-only; see FakeHost.hpp.
#ifndef IPFACTS_TESTING_FAKEMETERS_HPP
#define IPFACTS_TESTING_FAKEMETERS_HPP

#include <ipfacts/testing/FakeSupport.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>

namespace ipfacts::testing {

class FakeMeters {
public:
    explicit FakeMeters(const FakeClock& clock) : clock_(clock) {}
    FakeMeters(const FakeMeters&) = delete;
    FakeMeters& operator=(const FakeMeters&) = delete;

    /// Declared meters: name -> uses a day per caller ("privacy" -> 20).
    std::map<std::string, int64_t> budgets;
    int takes = 0;  ///< take calls, undeclared meters included

    /// Uses of `meter` counted today for `caller` (an address).
    int64_t usedToday(std::string_view meter, std::string_view caller) const {
        auto it = used_.find({std::string(meter), std::string(caller), today()});
        return it == used_.end() ? 0 : it->second;
    }

    // ---- what the fake host's ipf_meters_api calls -------------------------

    ipf_status take(std::string_view meter, std::string_view caller, int* allowed, int64_t* remaining,
                    int64_t* resetsAt) {
        ++takes;
        auto budget = budgets.find(std::string(meter));
        if (budget == budgets.end()) return IPF_NOT_FOUND;
        int64_t& used = used_[{std::string(meter), std::string(caller), today()}];
        const bool within = used < budget->second;
        if (within) ++used;
        *allowed = within ? 1 : 0;
        *remaining = budget->second - used;
        *resetsAt = (today() + 1) * kDaySeconds;
        return IPF_OK;
    }

private:
    static constexpr int64_t kDaySeconds = 86400;
    int64_t today() const { return clock_.nowMs / 1000 / kDaySeconds; }

    const FakeClock& clock_;
    std::map<std::tuple<std::string, std::string, int64_t>, int64_t> used_;
};

}  // namespace ipfacts::testing

#endif
