// ProbeSample: one check of one target from one region, as the history keeps it.
#pragma once

#include <cstdint>
#include <string>

namespace ipfacts::store {

struct ProbeSample {
    std::string target;      // the target's URL (its identity)
    std::string region;      // the node that checked
    int64_t at_ms = 0;       // when the check started, Unix ms
    bool ok = false;         // up: a 2xx or 3xx answer within the time-out
    int http_status = 0;     // 0 when no answer arrived
    int64_t latency_us = 0;  // start to end of the exchange; kept for failures too, never used in percentiles
    std::string error;       // why it is down; empty when up
};

}  // namespace ipfacts::store
