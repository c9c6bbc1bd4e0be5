#include "host/status/StatusClock.h"

#include <chrono>

namespace ipfacts::status {

int64_t SystemClock::nowMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace ipfacts::status
