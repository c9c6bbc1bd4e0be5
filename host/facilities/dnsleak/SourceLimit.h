// SourceLimit: the responder's rate limit per source, questions per second
// from one IPv4 address or IPv6 /64. It holds at most `max_sources` sources
// (forgotten at each new second); sources past that share one bucket, so a
// flood from many addresses costs fixed memory. Single-threaded: the
// responder's thread alone uses it.
#pragma once

#include "host/net/IpAddress.h"

#include <cstdint>
#include <string>
#include <unordered_map>

namespace ipfacts::facilities::dnsleak {

class SourceLimit {
public:
    SourceLimit(int per_second, int max_sources) : per_second_(per_second), max_sources_(max_sources) {}

    /// Counts one question from `source` in second `now_s`; false past the limit.
    bool admit(const net::IpAddress& source, int64_t now_s);

    size_t tracked() const { return counts_.size(); }

private:
    int per_second_;
    size_t max_sources_;
    int64_t second_ = 0;
    int shared_ = 0;  // the bucket of sources past max_sources
    std::unordered_map<std::string, int> counts_;
};

}  // namespace ipfacts::facilities::dnsleak
