#include "host/store/sqlite/SqliteProbeHistory.h"

#include "host/store/sqlite/SqliteFile.h"

#include <sqlite3.h>

#include <memory>

namespace ipfacts::store {
namespace {

struct Finalize {
    void operator()(sqlite3_stmt* st) const { sqlite3_finalize(st); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

// Version 1: one row per check. at_ms is indexed: every read is a time range.
constexpr const char* kSchemaV1 =
    "CREATE TABLE IF NOT EXISTS status_probes ("
    "  target TEXT NOT NULL,"
    "  region TEXT NOT NULL,"
    "  at_ms INTEGER NOT NULL,"
    "  ok INTEGER NOT NULL,"
    "  http_status INTEGER NOT NULL,"
    "  latency_us INTEGER NOT NULL,"
    "  error TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS status_probes_at ON status_probes(at_ms);";

// Version 2: one row per upstream and prober round in which it was asked.
constexpr const char* kSchemaV2 =
    "CREATE TABLE IF NOT EXISTS status_upstreams ("
    "  facility TEXT NOT NULL,"
    "  upstream TEXT NOT NULL,"
    "  region TEXT NOT NULL,"
    "  at_ms INTEGER NOT NULL,"
    "  ok INTEGER NOT NULL,"
    "  failed INTEGER NOT NULL,"
    "  last_error TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS status_upstreams_at ON status_upstreams(at_ms);";

/// `sql` prepared on `db`; null when it does not prepare.
Statement prepare(sqlite3* db, const char* sql) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK) return Statement();
    return Statement(raw);
}

void bindText(sqlite3_stmt* st, int i, const std::string& v) {
    sqlite3_bind_text(st, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
}

std::string columnText(sqlite3_stmt* st, int i) {
    const auto* p = sqlite3_column_text(st, i);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(st, i))) : "";
}

}  // namespace

SqliteProbeHistory::SqliteProbeHistory(const std::string& path) {
    std::string why;
    db_ = store::openSqliteFile(path, why);
    if (!db_) throw ProbeHistoryError("status history: " + why);
    try {
        migrate();
    } catch (...) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw;
    }
}

SqliteProbeHistory::~SqliteProbeHistory() { sqlite3_close(db_); }

void SqliteProbeHistory::fail(const std::string& what) const {
    throw ProbeHistoryError("status history: " + what + ": " + sqlite3_errmsg(db_));
}

void SqliteProbeHistory::exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw ProbeHistoryError("status history: " + msg);
    }
}

void SqliteProbeHistory::migrate() {
    exec(
        "BEGIN IMMEDIATE;"
        "CREATE TABLE IF NOT EXISTS status_schema (version INTEGER NOT NULL);"
        "INSERT INTO status_schema(version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM status_schema);");
    Statement st = prepare(db_, "SELECT version FROM status_schema");
    if (!st) {
        exec("ROLLBACK");
        fail("reading the schema version");
    }
    int version = sqlite3_step(st.get()) == SQLITE_ROW ? sqlite3_column_int(st.get(), 0) : 0;
    st.reset();
    if (version > kSchemaVersion) {
        exec("ROLLBACK");
        throw ProbeHistoryError("status history: the file holds schema version " + std::to_string(version) +
                                ", newer than this build's " + std::to_string(kSchemaVersion));
    }
    // Each step takes the file one version further; later versions add theirs below.
    if (version < 1) exec(kSchemaV1);
    if (version < 2) exec(kSchemaV2);
    exec(("UPDATE status_schema SET version = " + std::to_string(kSchemaVersion) + "; COMMIT;").c_str());
}

template <class Row, class Bind>
void SqliteProbeHistory::insertEach(const char* sql, const std::vector<Row>& rows, Bind bind, const char* row_name) {
    std::lock_guard lock(mu_);
    Statement st = prepare(db_, sql);
    if (!st) fail("preparing an insert");
    exec("BEGIN IMMEDIATE");
    for (const auto& row : rows) {
        bind(st.get(), row);
        if (sqlite3_step(st.get()) != SQLITE_DONE) {
            std::string msg = sqlite3_errmsg(db_);
            exec("ROLLBACK");
            throw ProbeHistoryError(std::string("status history: inserting ") + row_name + ": " + msg);
        }
        sqlite3_reset(st.get());
    }
    exec("COMMIT");
}

template <class Row, class Read>
std::vector<Row> SqliteProbeHistory::selectBetween(const char* sql, int64_t from_ms, int64_t to_ms, Read read,
                                                   const char* what) {
    std::lock_guard lock(mu_);
    Statement st = prepare(db_, sql);
    if (!st) fail("preparing a read");
    sqlite3_bind_int64(st.get(), 1, from_ms);
    sqlite3_bind_int64(st.get(), 2, to_ms);
    std::vector<Row> out;
    int rc;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW) out.push_back(read(st.get()));
    if (rc != SQLITE_DONE) fail(what);
    return out;
}

void SqliteProbeHistory::record(const std::vector<ProbeSample>& samples) {
    insertEach(
        "INSERT INTO status_probes(target, region, at_ms, ok, http_status, latency_us, error) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        samples,
        [](sqlite3_stmt* st, const ProbeSample& s) {
            bindText(st, 1, s.target);
            bindText(st, 2, s.region);
            sqlite3_bind_int64(st, 3, s.at_ms);
            sqlite3_bind_int(st, 4, s.ok ? 1 : 0);
            sqlite3_bind_int(st, 5, s.http_status);
            sqlite3_bind_int64(st, 6, s.latency_us);
            bindText(st, 7, s.error);
        },
        "a sample");
}

std::vector<ProbeSample> SqliteProbeHistory::between(int64_t from_ms, int64_t to_ms) {
    return selectBetween<ProbeSample>(
        "SELECT target, region, at_ms, ok, http_status, latency_us, error FROM status_probes "
        "WHERE at_ms > ?1 AND at_ms <= ?2 ORDER BY at_ms",
        from_ms, to_ms,
        [](sqlite3_stmt* st) {
            ProbeSample s;
            s.target = columnText(st, 0);
            s.region = columnText(st, 1);
            s.at_ms = sqlite3_column_int64(st, 2);
            s.ok = sqlite3_column_int(st, 3) != 0;
            s.http_status = sqlite3_column_int(st, 4);
            s.latency_us = sqlite3_column_int64(st, 5);
            s.error = columnText(st, 6);
            return s;
        },
        "reading samples");
}

int64_t SqliteProbeHistory::pruneBefore(int64_t before_ms) {
    std::lock_guard lock(mu_);
    int64_t gone = 0;
    for (const char* sql :
         {"DELETE FROM status_probes WHERE at_ms < ?1", "DELETE FROM status_upstreams WHERE at_ms < ?1"}) {
        Statement st = prepare(db_, sql);
        if (!st) fail("preparing a prune");
        sqlite3_bind_int64(st.get(), 1, before_ms);
        if (sqlite3_step(st.get()) != SQLITE_DONE) fail("pruning");
        gone += sqlite3_changes64(db_);
    }
    return gone;
}

void SqliteProbeHistory::recordUpstreams(const std::vector<UpstreamSample>& samples) {
    insertEach(
        "INSERT INTO status_upstreams(facility, upstream, region, at_ms, ok, failed, last_error) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        samples,
        [](sqlite3_stmt* st, const UpstreamSample& s) {
            bindText(st, 1, s.facility);
            bindText(st, 2, s.upstream);
            bindText(st, 3, s.region);
            sqlite3_bind_int64(st, 4, s.at_ms);
            sqlite3_bind_int64(st, 5, s.ok);
            sqlite3_bind_int64(st, 6, s.failed);
            bindText(st, 7, s.last_error);
        },
        "an upstream sample");
}

std::vector<UpstreamTotals> SqliteProbeHistory::upstreamTotals(int64_t from_ms, int64_t to_ms) {
    return selectBetween<UpstreamTotals>(
        "SELECT facility, upstream, SUM(ok), SUM(failed) FROM status_upstreams "
        "WHERE at_ms > ?1 AND at_ms <= ?2 GROUP BY facility, upstream ORDER BY facility, upstream",
        from_ms, to_ms,
        [](sqlite3_stmt* st) {
            return UpstreamTotals{columnText(st, 0), columnText(st, 1), sqlite3_column_int64(st, 2),
                                  sqlite3_column_int64(st, 3)};
        },
        "reading upstream samples");
}

}  // namespace ipfacts::store
