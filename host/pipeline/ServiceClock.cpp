#include "host/pipeline/ServiceClock.h"

#include <chrono>

namespace ipfacts::pipeline {

int64_t ServiceClock::now() const {
    const int64_t system =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    return system + offset_.load();
}

const ServiceClock& ServiceClock::system() {
    static const ServiceClock clock(false);
    return clock;
}

bool ServiceClock::advance(int64_t seconds) {
    if (!manual_) return false;
    offset_ += seconds;
    return true;
}

}  // namespace ipfacts::pipeline
