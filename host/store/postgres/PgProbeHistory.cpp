#include "host/store/postgres/PgProbeHistory.h"

#include "host/store/postgres/PgSchema.h"
#include "host/store/postgres/PgTransaction.h"

namespace ipfacts::store {
namespace {

using store::PgConnection;
using store::PgParam;
using store::PgResult;
using store::PgTransaction;

const store::SchemaMigrations kMigrations{
    "status_probes",
    {
        // 1: one row per check; every read is a time range.
        "CREATE TABLE status_probes (target TEXT NOT NULL, region TEXT NOT NULL, at_ms BIGINT NOT NULL,"
        " ok BOOLEAN NOT NULL, http_status INTEGER NOT NULL, latency_us BIGINT NOT NULL, error TEXT NOT NULL);"
        "CREATE INDEX status_probes_at ON status_probes (at_ms)",
        // 2: one row per upstream and prober round in which it was asked.
        "CREATE TABLE status_upstreams (facility TEXT NOT NULL, upstream TEXT NOT NULL, region TEXT NOT NULL,"
        " at_ms BIGINT NOT NULL, ok BIGINT NOT NULL, failed BIGINT NOT NULL, last_error TEXT NOT NULL);"
        "CREATE INDEX status_upstreams_at ON status_upstreams (at_ms)",
    }};

/// The rows `read` makes of `sql` run with $1 = from_ms, $2 = to_ms.
template <class Read>
auto rowsBetween(PgConnection& db, const char* sql, int64_t from_ms, int64_t to_ms, Read read) {
    auto r = db.exec(sql, {PgParam::integer(from_ms), PgParam::integer(to_ms)});
    std::vector<decltype(read(r, 0))> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(read(r, i));
    return out;
}

}  // namespace

PgProbeHistory::PgProbeHistory(std::shared_ptr<store::PgPool> pool) : pool_(std::move(pool)) {
    pool_->withOr<ProbeHistoryError>("status history: ",
                                     [](PgConnection& db) { return store::migrateSchema(db, kMigrations); });
}

void PgProbeHistory::record(const std::vector<ProbeSample>& samples) {
    pool_->withOr<ProbeHistoryError>("status history: ", [&](PgConnection& db) {
        PgTransaction tx(db);
        for (const auto& s : samples)
            db.exec(
                "INSERT INTO status_probes (target, region, at_ms, ok, http_status, latency_us, error) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                {PgParam::text(s.target), PgParam::text(s.region), PgParam::integer(s.at_ms),
                 PgParam::text(s.ok ? "true" : "false"), PgParam::integer(s.http_status),
                 PgParam::integer(s.latency_us), PgParam::text(s.error)});
        tx.commit();
        return 0;
    });
}

std::vector<ProbeSample> PgProbeHistory::between(int64_t from_ms, int64_t to_ms) {
    return pool_->withOr<ProbeHistoryError>("status history: ", [&](PgConnection& db) {
        return rowsBetween(db,
                           "SELECT target, region, at_ms, ok, http_status, latency_us, error FROM status_probes "
                           "WHERE at_ms > $1 AND at_ms <= $2 ORDER BY at_ms",
                           from_ms, to_ms, [](const PgResult& r, int i) {
                               ProbeSample s;
                               s.target = r.text(i, 0);
                               s.region = r.text(i, 1);
                               s.at_ms = r.integer(i, 2);
                               s.ok = r.text(i, 3) == "t";
                               s.http_status = static_cast<int>(r.integer(i, 4));
                               s.latency_us = r.integer(i, 5);
                               s.error = r.text(i, 6);
                               return s;
                           });
    });
}

int64_t PgProbeHistory::pruneBefore(int64_t before_ms) {
    return pool_->withOr<ProbeHistoryError>("status history: ", [&](PgConnection& db) {
        return db.exec("DELETE FROM status_probes WHERE at_ms < $1", {PgParam::integer(before_ms)}).affected() +
               db.exec("DELETE FROM status_upstreams WHERE at_ms < $1", {PgParam::integer(before_ms)}).affected();
    });
}

void PgProbeHistory::recordUpstreams(const std::vector<UpstreamSample>& samples) {
    pool_->withOr<ProbeHistoryError>("status history: ", [&](PgConnection& db) {
        PgTransaction tx(db);
        for (const auto& s : samples)
            db.exec(
                "INSERT INTO status_upstreams (facility, upstream, region, at_ms, ok, failed, last_error) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                {PgParam::text(s.facility), PgParam::text(s.upstream), PgParam::text(s.region),
                 PgParam::integer(s.at_ms), PgParam::integer(s.ok), PgParam::integer(s.failed),
                 PgParam::text(s.last_error)});
        tx.commit();
        return 0;
    });
}

std::vector<UpstreamTotals> PgProbeHistory::upstreamTotals(int64_t from_ms, int64_t to_ms) {
    return pool_->withOr<ProbeHistoryError>("status history: ", [&](PgConnection& db) {
        return rowsBetween(db,
                           "SELECT facility, upstream, SUM(ok)::BIGINT, SUM(failed)::BIGINT FROM status_upstreams "
                           "WHERE at_ms > $1 AND at_ms <= $2 GROUP BY facility, upstream ORDER BY facility, upstream",
                           from_ms, to_ms, [](const PgResult& r, int i) {
                               return UpstreamTotals{r.text(i, 0), r.text(i, 1), r.integer(i, 2), r.integer(i, 3)};
                           });
    });
}

}  // namespace ipfacts::store
