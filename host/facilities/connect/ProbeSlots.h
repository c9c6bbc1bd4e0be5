// ProbeSlots: how many probes may be in flight at once across the host
// (connect.max_concurrent). Each probe takes a slot before it starts and
// gives it back when it ends; a probe that finds none free is refused as
// data, so a burst of callers cannot open sockets without bound.
#pragma once

#include <atomic>

namespace ipfacts::facilities::connect {

class ProbeSlots {
public:
    explicit ProbeSlots(int capacity) : capacity_(capacity) {}

    /// Takes a slot; false when all are taken. Lock-free, thread-safe.
    bool take() {
        int used = used_.load();
        do {
            if (used >= capacity_) return false;
        } while (!used_.compare_exchange_weak(used, used + 1));
        return true;
    }
    void release(int n = 1) { used_.fetch_sub(n); }

    int capacity() const { return capacity_; }
    int inUse() const { return used_.load(); }

private:
    const int capacity_;
    std::atomic<int> used_{0};
};

}  // namespace ipfacts::facilities::connect
