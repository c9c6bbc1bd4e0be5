// WindowTally: counts of rare events by name, each limited per time window,
// where the check and the count are one atomic step: "add one to these keys
// in their windows, unless one of them is full". What used to be counted per
// node off the request path goes through it: sign-in mails (per caller block
// and per recipient), unknown API keys per caller block, the meters
// facility's daily budgets and the http facility's upstream budgets. Two
// kinds: LocalWindowTally (this node's memory) and, with store.counters:
// redis, store::RedisWindowTally, which every node shares
// (docs/operations.md, "What nodes share").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::ratelimit {

/// One limit on one count of a take().
struct TallyLimit {
    std::string key;       // within the take's scope
    int64_t window_s = 0;  // the window's length: fixed windows are aligned on the Unix epoch (UTC minutes, days)
    int64_t limit = 0;     // events one window may hold; 0: counted, never refused
    bool sliding = false;  // the last window_s seconds instead of the current fixed window
};

/// What a take() did.
struct TallyAnswer {
    bool counted = true;          // one event was added to every limit's window
    size_t refused_by = 0;        // when not counted: the index of the full limit
    int64_t retry_after_s = 0;    // when not counted: until that window has room
    std::vector<int64_t> counts;  // per limit: its window's count after the take (as found when refused)
    bool fallback = false;        // the shared store was away: counted by this node alone
    int64_t at_s = 0;             // when it was taken (what giveBack() needs)
    std::string event;            // this event's own name in sliding windows (what giveBack() removes)
};

class WindowTally {
public:
    virtual ~WindowTally() = default;
    /// Adds one event to each of `limits` at `now_s`, or to none when one of
    /// them is full already: decided and counted in one atomic step, so
    /// callers racing (on one node or on several sharing the store) never
    /// pass a limit together. Every key of one call shares `scope`, which
    /// keeps them together in the store (one Redis hash slot). Thread-safe.
    virtual TallyAnswer take(const std::string& scope, const std::vector<TallyLimit>& limits, int64_t now_s) = 0;
    /// True when one of `limits` is known full at `now_s`; counts nothing and
    /// never waits on the network (a shared tally answers from what this node
    /// learnt by its own takes). Thread-safe.
    virtual bool full(const std::string& scope, const std::vector<TallyLimit>& limits, int64_t now_s) = 0;
    /// Takes back what `taken` (counted by take() with the same scope and
    /// limits) added, when the work it admitted did not happen. Thread-safe.
    virtual void giveBack(const std::string& scope, const std::vector<TallyLimit>& limits,
                          const TallyAnswer& taken) = 0;
    /// Forgets the windows that ended by `now_s`. Thread-safe; call now and then.
    virtual void purge(int64_t now_s) = 0;
    /// Takes counted by this node alone because the shared store was away
    /// (always 0 for a tally that is this node's anyway), for /metrics.
    virtual uint64_t fallbacks() const { return 0; }
};

}  // namespace ipfacts::ratelimit
