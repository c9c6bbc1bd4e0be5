#include "host/fiber/FiberPoll.h"

#include "host/fiber/FiberWorker.h"

#include <algorithm>
#include <chrono>

namespace ipfacts::fiber {

int poll(pollfd* fds, nfds_t count, int timeout_ms) {
    if (!onFiber()) return ::poll(fds, count, timeout_ms);
    return FiberWorker::current()->poll(fds, count, timeout_ms);
}

bool onFiber() { return fiber::current() != nullptr && FiberWorker::current() != nullptr; }

int remainingMs(int wanted_ms) {
    const Fiber* f = fiber::current();
    if (!f || !f->deadline()) return wanted_ms;
    const int64_t now_us =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
    const int64_t left_ms = std::max<int64_t>(0, (f->deadline() - now_us) / 1000);
    return static_cast<int>(std::min<int64_t>(wanted_ms, left_ms));
}

}  // namespace ipfacts::fiber
