// ProbeHistory: where probe samples are kept. SQLite on one node
// (SqliteProbeHistory); a shared PostgreSQL history, where every node's
// prober adds its own region, is another implementation of this interface.
#pragma once

#include "host/store/ProbeSample.h"
#include "host/store/UpstreamSample.h"

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace ipfacts::store {

class ProbeHistoryError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class ProbeHistory {
public:
    virtual ~ProbeHistory() = default;
    /// Appends samples in one transaction. Throws ProbeHistoryError.
    virtual void record(const std::vector<ProbeSample>& samples) = 0;
    /// Every sample with from_ms < at_ms <= to_ms, oldest first. Throws ProbeHistoryError.
    virtual std::vector<ProbeSample> between(int64_t from_ms, int64_t to_ms) = 0;
    /// Deletes samples (probes and upstreams) with at_ms < before_ms; returns how many. Throws ProbeHistoryError.
    virtual int64_t pruneBefore(int64_t before_ms) = 0;
    /// Appends one round's upstream counts in one transaction. Throws ProbeHistoryError.
    virtual void recordUpstreams(const std::vector<UpstreamSample>& samples) = 0;
    /// Per upstream, the sums of the samples with from_ms < at_ms <= to_ms,
    /// ordered by facility then upstream. Throws ProbeHistoryError.
    virtual std::vector<UpstreamTotals> upstreamTotals(int64_t from_ms, int64_t to_ms) = 0;
};

}  // namespace ipfacts::store
