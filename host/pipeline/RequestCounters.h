// RequestCounters: what the pipeline counts for /metrics — requests by route
// and status, latency by route, refusals (429, 503 overloaded), open
// connections — without a lock or a shared atomic on the request path. Each
// thread that counts (in practice each event loop) gets its own block the
// first time it counts; only it writes there, with relaxed loads and stores
// (no read-modify-write, so no locked instruction), and a scrape sums the
// blocks. Blocks live as long as the counters, so nothing counted is lost.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

namespace ipfacts::pipeline {

/// Upper bounds of the latency histogram's buckets, microseconds (the
/// exposition shows them in seconds); a last bucket, +Inf, holds the rest.
inline constexpr std::array<int64_t, 14> kLatencyBoundsUs = {
    500, 1000, 2500, 5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000, 2500000, 5000000, 10000000};
inline constexpr size_t kLatencyBuckets = kLatencyBoundsUs.size() + 1;

/// Status codes counted one by one; any other is counted under its class ("4xx").
inline constexpr std::array<int, 21> kCountedStatuses = {200, 204, 301, 302, 304, 400, 401, 403, 404, 405, 406,
                                                         408, 413, 414, 429, 431, 500, 502, 503, 504, 505};
/// Slots: the counted codes, then the classes 1xx..5xx.
inline constexpr size_t kStatusSlots = kCountedStatuses.size() + 5;
/// The slot of `status` (an unknown class counts as 5xx).
size_t statusSlot(int status);
/// The label of slot `slot`: "200", ..., "4xx".
std::string_view statusLabel(size_t slot);

/// Answers refused for load or quota, by their error token.
enum class Refusal : uint8_t {
    RateLimited,         // 429 rate_limited (quota, or too many wrong keys)
    ChallengeRequired,   // 429 challenge_required
    TooManyConcurrent,   // 429 too_many_concurrent (slow requests per caller)
    TooManyConnections,  // 429 too_many_connections (at accept, no request read)
    Overloaded,          // 503 overloaded (workers full, or queued past the budget)
};
inline constexpr size_t kRefusals = 5;
std::string_view refusalToken(Refusal r);

/// One thread's counts. Written by its thread only.
class ThreadCounters {
public:
    explicit ThreadCounters(size_t route_slots);

    /// A single writer's increment: a plain load and store, no locked instruction.
    struct Cell {
        std::atomic<uint64_t> v{0};
        void add(uint64_t n) { v.store(v.load(std::memory_order_relaxed) + n, std::memory_order_relaxed); }
        uint64_t get() const { return v.load(std::memory_order_relaxed); }
    };

    void request(size_t route, int status, int64_t micros);
    void refusal(Refusal r) { refusals_[static_cast<size_t>(r)].add(1); }
    /// Open connections: this thread's opens minus its closes (the loop that
    /// accepts a connection closes it, so the sum over threads is the total).
    void connectionOpened() { opened_.add(1); }
    void connectionClosed() { closed_.add(1); }
    /// An answer counted on this node because the shared counters were away
    /// (X-RateLimit-Policy: unavailable).
    void countedWhileSharedAway() { shared_away_.add(1); }

private:
    friend class RequestCounters;
    size_t route_slots_;
    std::unique_ptr<Cell[]> requests_;    // [route][status slot]
    std::unique_ptr<Cell[]> latency_;     // [route][bucket], not cumulative
    std::unique_ptr<Cell[]> latency_us_;  // [route]: sum of durations
    std::array<Cell, kRefusals> refusals_;
    Cell opened_, closed_;
    Cell shared_away_;
};

/// The sums over every thread's block at one moment.
struct RequestTotals {
    size_t route_slots = 0;
    std::vector<uint64_t> requests;    // [route * kStatusSlots + slot]
    std::vector<uint64_t> latency;     // [route * kLatencyBuckets + bucket], not cumulative
    std::vector<uint64_t> latency_us;  // [route]
    std::array<uint64_t, kRefusals> refusals{};
    uint64_t open_connections = 0;
    uint64_t counted_while_shared_away = 0;
};

class RequestCounters {
public:
    /// `route_slots`: the routes plus one for requests no route matched.
    explicit RequestCounters(size_t route_slots);
    RequestCounters(const RequestCounters&) = delete;
    RequestCounters& operator=(const RequestCounters&) = delete;

    /// The calling thread's block; the first call on a thread adds it (under
    /// the lock, once per thread).
    ThreadCounters& local();

    /// Sums every block. Any thread; counts written meanwhile may or may not be in it.
    RequestTotals totals() const;
    size_t routeSlots() const { return route_slots_; }

private:
    size_t route_slots_;
    uint64_t id_;  // tells this object from an earlier one at the same address
    mutable std::mutex mu_;
    std::vector<std::unique_ptr<ThreadCounters>> blocks_;
};

}  // namespace ipfacts::pipeline
