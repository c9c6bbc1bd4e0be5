// Feed: one privacy list kept fresh in the background (Tor exits, a relay's
// egress ranges, a local range file). refresh() runs on a worker fiber (the
// facility's periodic task), never on the request path; a failed refresh
// keeps the previous data, whose date then shows in evidence until it passes
// max_age_s, after which the flag is unknown ("stale feed"), never false.
#pragma once

#include "host/facilities/UpstreamOutcomes.h"
#include "host/facilities/privacy/FeedParsers.h"
#include "host/facilities/privacy/PrivacyConfig.h"
#include "host/facilities/privacy/SourceWord.h"
#include "host/net/IpAddress.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace ipfacts::facilities::http {
class HttpFacility;
}

namespace ipfacts::facilities::privacy {

class Feed {
public:
    /// `http` may be null (no http: section): a url feed then never loads.
    /// `outcomes`, when given, counts each download ("privacy" + the feed's name).
    Feed(FeedConfig config, http::HttpFacility* http, std::shared_ptr<UpstreamOutcomes> outcomes = nullptr);

    const FeedConfig& config() const { return config_; }

    /// Fetches (url) or reads (file) the list and swaps it in when it parses;
    /// otherwise keeps the old data and remembers why. Blocking.
    void refresh(int64_t now_s);

    /// What this feed says about `a` at `now_s`. Thread-safe.
    SourceWord lookup(const net::IpAddress& a, int64_t now_s) const;

    /// Counts for logs and tests.
    size_t size() const;
    uint64_t refreshes() const { return refreshes_.load(); }

private:
    struct Snapshot {
        RangeTable table;
        int64_t data_date_s = 0;
    };
    /// The body and the date it speaks for (Last-Modified, file time), or the error.
    bool load(int64_t now_s, std::string& body, int64_t& date_s, std::string& error) const;

    FeedConfig config_;
    http::HttpFacility* http_;
    std::shared_ptr<UpstreamOutcomes> outcomes_;
    mutable std::mutex mu_;
    std::shared_ptr<const Snapshot> current_;
    std::string last_error_;
    std::atomic<uint64_t> refreshes_{0};
};

}  // namespace ipfacts::facilities::privacy
