// SystemCallCount: how many system calls a piece of code makes, by the
// kernel's own account. The code runs on a thread of its own under a seccomp
// filter that hands each of that thread's calls to a supervising thread
// (SECCOMP_RET_USER_NOTIF); the supervisor counts the calls made between two
// markers and lets every call go through unchanged.
#pragma once

#include <functional>

namespace ipfacts::testing {

/// Runs `warm_up`, then `work`, on a new thread and returns how many system
/// calls `work` made, or -1 when the kernel refused the filter. `warm_up`
/// keeps a thread's first-time costs out of the count (AddressSanitizer, for
/// one, maps a thread's fake stack at its first use).
long systemCallsOf(
    const std::function<void()>& work, const std::function<void()>& warm_up = [] {});

}  // namespace ipfacts::testing
