// SqliteProbeHistory: ProbeHistory in the host's SQLite file (store.path,
// shared with the key store and the store facility), tables status_probes and
// status_upstreams.
// The schema carries its version in status_schema; opening an older file
// migrates it, a newer one is refused. One connection behind a mutex.
#pragma once

#include "host/status/ProbeHistory.h"

#include <mutex>
#include <string>

struct sqlite3;

namespace ipfacts::status {

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

    std::mutex mu_;
    sqlite3* db_ = nullptr;
};

}  // namespace ipfacts::status
