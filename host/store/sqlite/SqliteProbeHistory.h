// SqliteProbeHistory: ProbeHistory in the host's SQLite file (store.path,
// shared with the key store and the store facility), tables status_probes and
// status_upstreams.
// The schema carries its version in status_schema; opening an older file
// migrates it, a newer one is refused. One connection behind a mutex.
#pragma once

#include "host/store/ProbeHistory.h"

#include <mutex>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace ipfacts::store {

class SqliteProbeHistory : public ProbeHistory {
public:
    /// The schema version this build writes.
    static constexpr int kSchemaVersion = 2;

    /// Opens (creating or migrating) `path`. Throws ProbeHistoryError.
    explicit SqliteProbeHistory(const std::string& path);
    ~SqliteProbeHistory() override;
    SqliteProbeHistory(const SqliteProbeHistory&) = delete;
    SqliteProbeHistory& operator=(const SqliteProbeHistory&) = delete;

    void record(const std::vector<ProbeSample>& samples) override;
    std::vector<ProbeSample> between(int64_t from_ms, int64_t to_ms) override;
    int64_t pruneBefore(int64_t before_ms) override;
    void recordUpstreams(const std::vector<UpstreamSample>& samples) override;
    std::vector<UpstreamTotals> upstreamTotals(int64_t from_ms, int64_t to_ms) override;

private:
    void exec(const char* sql);
    void migrate();
    [[noreturn]] void fail(const std::string& what) const;
    /// Runs `sql` once per row in one transaction, `bind` filling its
    /// parameters; rolled back at the first row that fails.
    template <class Row, class Bind>
    void insertEach(const char* sql, const std::vector<Row>& rows, Bind bind, const char* row_name);
    /// The rows `read` makes of `sql` run with ?1 = from_ms, ?2 = to_ms;
    /// `what` names the read in an error.
    template <class Row, class Read>
    std::vector<Row> selectBetween(const char* sql, int64_t from_ms, int64_t to_ms, Read read, const char* what);

    std::mutex mu_;
    sqlite3* db_ = nullptr;
};

}  // namespace ipfacts::store
