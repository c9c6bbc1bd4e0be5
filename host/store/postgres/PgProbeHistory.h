// PgProbeHistory: the status history on PostgreSQL (store.backend:
// redis+postgres): every node's prober adds its own region's samples to one
// table, and every node's status page reads them all (status_upstreams the
// same for what each node's upstreams answered).
#pragma once

#include "host/store/ProbeHistory.h"
#include "host/store/postgres/PgPool.h"

#include <memory>

namespace ipfacts::store {

class PgProbeHistory : public ProbeHistory {
public:
    /// Migrates the table on first use of `pool`. Throws ProbeHistoryError.
    explicit PgProbeHistory(std::shared_ptr<store::PgPool> pool);

    void record(const std::vector<ProbeSample>& samples) override;
    std::vector<ProbeSample> between(int64_t from_ms, int64_t to_ms) override;
    int64_t pruneBefore(int64_t before_ms) override;
    void recordUpstreams(const std::vector<UpstreamSample>& samples) override;
    std::vector<UpstreamTotals> upstreamTotals(int64_t from_ms, int64_t to_ms) override;

private:
    std::shared_ptr<store::PgPool> pool_;
};

}  // namespace ipfacts::store
