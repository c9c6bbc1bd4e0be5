#include "tests/unit/registry/greeting/GreetingFacility.h"

#include "host/manifest/Manifest.h"

namespace ipfacts::facilities::greeting {

std::optional<FacilityHealth> GreetingFacility::readiness() const {
    if (config_.ready) return FacilityHealth{true, "greets with '" + config_.text + "'"};
    return FacilityHealth{false, "told not to be ready (greeting.ready: false)"};
}

std::vector<MetricFamily> GreetingFacility::metrics(int64_t /*now_unix*/) const {
    return {{"ipfacts_greeting_info", "gauge", "The greeting in use; always 1.", {{{{"text", config_.text}}, 1}}}};
}

void addGreetingFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (const auto* config = m.section<GreetingConfig>())
        set.add(std::make_unique<GreetingFacility>(*config, set.has("store")));
}

}  // namespace ipfacts::facilities::greeting
