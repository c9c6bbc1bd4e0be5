#include "LocationReasons.h"

#include <ipfacts/location.hpp>

namespace ipfacts::lookup {

void explainMissingLocation(LookupReport& report) {
    if (report.facts) addNotLocatableReasons(report.reasons, *report.facts);
}

}  // namespace ipfacts::lookup
