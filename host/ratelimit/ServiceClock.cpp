#include "host/ratelimit/ServiceClock.h"

#include <chrono>

namespace ipfacts::ratelimit {

int64_t ServiceClock::now() const {
    const int64_t system =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    return system + offset_.load();
}

int64_t ServiceClock::monotonicMicros() const {
    const int64_t steady =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
    return steady + offset_.load() * 1'000'000;
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

}  // namespace ipfacts::ratelimit
