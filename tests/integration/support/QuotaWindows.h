// Quota windows reset on the UTC minute and day. A test that counts within one
// window waits until the window has room left, so it can never straddle two.
#pragma once

#include <chrono>
#include <ctime>
#include <thread>

namespace ipfacts::testing {

/// Waits until at least `room_s` seconds of the current UTC minute are left.
inline void awayFromMinuteEdge(int room_s = 20) {
    while (std::time(nullptr) % 60 > 60 - room_s) std::this_thread::sleep_for(std::chrono::milliseconds(200));
}

/// Waits until at least `room_s` seconds of the current UTC day are left.
inline void awayFromDayEdge(int room_s = 30) {
    while (std::time(nullptr) % 86400 > 86400 - room_s) std::this_thread::sleep_for(std::chrono::milliseconds(200));
}

}  // namespace ipfacts::testing
