// DailyMeters: named daily budgets per caller block. Each meter the manifest
// declares is a per-address budget for the UTC day, counted in the daemon's
// WindowTally: every node's with store.counters: redis, so a caller's
// allowance is the same whichever node answers.
#pragma once

#include "host/net/IpAddress.h"
#include "host/ratelimit/WindowTally.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace ipfacts::facilities {

class DailyMeters {
public:
    DailyMeters(const std::map<std::string, int64_t>& per_day, std::shared_ptr<ratelimit::WindowTally> tally);

    struct Use {
        bool allowed;
        int64_t remaining;
        int64_t resets_at;
    };
    /// Counts one use of `meter` by `address` (the caller's block) at `now_s`
    /// (Unix seconds); nullopt for an unknown meter. Thread-safe.
    std::optional<Use> take(const std::string& meter, const net::IpAddress& address, int64_t now_s);
    /// Forgets counts of past days. Thread-safe.
    void purge(int64_t now_s) { tally_->purge(now_s); }

private:
    std::map<std::string, int64_t> per_day_;
    std::shared_ptr<ratelimit::WindowTally> tally_;
};

}  // namespace ipfacts::facilities
