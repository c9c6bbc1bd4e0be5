// LocalWindowTally: WindowTally in this node's memory, for one box
// (store.counters: memory) and as a shared tally's memory of what it learnt
// and its fallback while the store is away. Lock-striped by scope: every key
// of one take sits in one stripe, so the take is one critical section.
#pragma once

#include "host/ratelimit/WindowTally.h"

#include <array>
#include <deque>
#include <mutex>
#include <unordered_map>

namespace ipfacts::ratelimit {

class LocalWindowTally : public WindowTally {
public:
    TallyAnswer take(const std::string& scope, const std::vector<TallyLimit>& limits, int64_t now_s) override;
    bool full(const std::string& scope, const std::vector<TallyLimit>& limits, int64_t now_s) override;
    void giveBack(const std::string& scope, const std::vector<TallyLimit>& limits, const TallyAnswer& taken) override;
    void purge(int64_t now_s) override;

    /// Raises the fixed windows of `limits` to at least `counts` (what a
    /// shared store answered), so full() knows of them and a fallback counts on
    /// from them. Sliding windows keep only this node's own events.
    void learn(const std::string& scope, const std::vector<TallyLimit>& limits, const std::vector<int64_t>& counts,
               int64_t now_s);

    /// Windows held, for tests.
    size_t size() const;

private:
    struct Window {
        int64_t index = -1;         // fixed: which window (now / window_s) the count is of
        int64_t count = 0;          // fixed
        std::deque<int64_t> times;  // sliding: each event's time, oldest first
    };
    struct Stripe {
        mutable std::mutex mu;
        std::unordered_map<std::string, Window> windows;
    };
    Stripe& stripeOf(const std::string& scope);
    static std::string nameOf(const std::string& scope, const TallyLimit& l);
    /// The window's count at `now_s`, after dropping what left it.
    static int64_t countAt(Window& w, const TallyLimit& l, int64_t now_s);
    static int64_t retryAfter(const Window& w, const TallyLimit& l, int64_t now_s);

    static constexpr size_t kStripes = 16;
    std::array<Stripe, kStripes> stripes_;
};

}  // namespace ipfacts::ratelimit
