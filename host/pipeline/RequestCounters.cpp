#include "host/pipeline/RequestCounters.h"

#include <algorithm>

namespace ipfacts::pipeline {
namespace {

constexpr std::array<std::string_view, kStatusSlots> kStatusLabels = {
    "200", "204", "301", "302", "304", "400", "401", "403", "404", "405", "406", "408", "413",
    "414", "429", "431", "500", "502", "503", "504", "505", "1xx", "2xx", "3xx", "4xx", "5xx"};
static_assert(kStatusLabels.size() == kCountedStatuses.size() + 5);

/// statusSlot's table, built once: a status is an index, not a search.
struct SlotTable {
    std::array<uint8_t, 600> slot{};
    SlotTable() {
        for (int s = 0; s < 600; ++s)
            slot[size_t(s)] = uint8_t(kCountedStatuses.size() + size_t(std::max(1, s / 100)) - 1);
        for (size_t i = 0; i < kCountedStatuses.size(); ++i) slot[size_t(kCountedStatuses[i])] = uint8_t(i);
    }
};
const SlotTable kSlots;

std::atomic<uint64_t> next_id{1};

}  // namespace

size_t statusSlot(int status) {
    if (status < 100 || status >= 600) return kStatusSlots - 1;
    return kSlots.slot[size_t(status)];
}

std::string_view statusLabel(size_t slot) { return kStatusLabels.at(slot); }

std::string_view refusalToken(Refusal r) {
    switch (r) {
        case Refusal::RateLimited:
            return "rate_limited";
        case Refusal::ChallengeRequired:
            return "challenge_required";
        case Refusal::TooManyConcurrent:
            return "too_many_concurrent";
        case Refusal::TooManyConnections:
            return "too_many_connections";
        case Refusal::Overloaded:
            return "overloaded";
    }
    return "?";
}

ThreadCounters::ThreadCounters(size_t route_slots)
    : route_slots_(route_slots),
      requests_(new Cell[route_slots * kStatusSlots]),
      latency_(new Cell[route_slots * kLatencyBuckets]),
      latency_us_(new Cell[route_slots]) {}

void ThreadCounters::request(size_t route, int status, int64_t micros) {
    if (route >= route_slots_) route = route_slots_ - 1;
    requests_[route * kStatusSlots + statusSlot(status)].add(1);
    size_t b = 0;
    while (b < kLatencyBoundsUs.size() && micros > kLatencyBoundsUs[b]) ++b;
    latency_[route * kLatencyBuckets + b].add(1);
    latency_us_[route].add(static_cast<uint64_t>(std::max<int64_t>(0, micros)));
}

RequestCounters::RequestCounters(size_t route_slots)
    : route_slots_(std::max<size_t>(1, route_slots)), id_(next_id.fetch_add(1)) {}

ThreadCounters& RequestCounters::local() {
    // One cached block per thread; `owner` is the id of the counters it belongs to.
    thread_local uint64_t owner = 0;
    thread_local ThreadCounters* block = nullptr;
    if (owner != id_) {
        std::lock_guard lock(mu_);
        blocks_.push_back(std::make_unique<ThreadCounters>(route_slots_));
        block = blocks_.back().get();
        owner = id_;
    }
    return *block;
}

RequestTotals RequestCounters::totals() const {
    RequestTotals t;
    t.route_slots = route_slots_;
    t.requests.assign(route_slots_ * kStatusSlots, 0);
    t.latency.assign(route_slots_ * kLatencyBuckets, 0);
    t.latency_us.assign(route_slots_, 0);
    uint64_t opened = 0, closed = 0;
    std::lock_guard lock(mu_);
    for (const auto& b : blocks_) {
        for (size_t i = 0; i < t.requests.size(); ++i) t.requests[i] += b->requests_[i].get();
        for (size_t i = 0; i < t.latency.size(); ++i) t.latency[i] += b->latency_[i].get();
        for (size_t i = 0; i < t.latency_us.size(); ++i) t.latency_us[i] += b->latency_us_[i].get();
        for (size_t i = 0; i < kRefusals; ++i) t.refusals[i] += b->refusals_[i].get();
        opened += b->opened_.get();
        closed += b->closed_.get();
        t.counted_while_shared_away += b->shared_away_.get();
    }
    t.open_connections = opened >= closed ? opened - closed : 0;
    return t;
}

}  // namespace ipfacts::pipeline
