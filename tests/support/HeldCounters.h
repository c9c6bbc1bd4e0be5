// HeldCounters: shared counters (store.counters: redis, as the pipeline sees
// them) that hold every ask until the test answers, so a suite sees a request
// parked for its count and then resumed. Header-only.
#pragma once

#include "host/ratelimit/SharedCounters.h"

#include <utility>
#include <vector>

namespace ipfacts::testing {

class HeldCounters : public ratelimit::SharedCounters {
public:
    void take(const ratelimit::CounterKey&, const manifest::Quota&, int64_t, const ratelimit::ChallengePass*,
              Done done) override {
        held_.push_back(std::move(done));
    }
    size_t waiting() const { return held_.size(); }
    /// Answers every held ask "allowed, 99 of 100 left", from the test's
    /// thread as the store's own thread would.
    void answerAll() {
        ratelimit::RateDecision d;
        d.limit = 100;
        d.remaining = 99;
        std::vector<Done> held;
        held.swap(held_);
        for (auto& done : held) done(d);
    }

    /// Answers every held ask as a store that did not answer: `unavailable`.
    void answerAllUnavailable() {
        ratelimit::RateDecision d;
        d.unavailable = true;
        std::vector<Done> held;
        held.swap(held_);
        for (auto& done : held) done(d);
    }

private:
    std::vector<Done> held_;
};

}  // namespace ipfacts::testing
