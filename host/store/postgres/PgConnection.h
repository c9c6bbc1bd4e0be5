// PgConnection: one libpq connection to PostgreSQL, blocking, for one thread
// at a time (PgPool lends them out). Statements take their parameters apart
// from the SQL text (PQexecParams): text, 64-bit integers, or raw bytes
// (bytea, sent binary); results are read as text, bytea unescaped.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct pg_conn;
struct pg_result;

namespace ipfacts::store {

/// PostgreSQL refused or could not be reached. `broken` when the connection
/// itself failed (it is then dropped, not lent again).
struct PgError : std::runtime_error {
    PgError(const std::string& what, bool broken) : std::runtime_error(what), broken(broken) {}
    bool broken;
};

/// One statement parameter.
struct PgParam {
    static PgParam text(std::string_view v) { return {std::string(v), false, false}; }
    static PgParam integer(int64_t v) { return {std::to_string(v), false, false}; }
    static PgParam bytes(std::string_view v) { return {std::string(v), true, false}; }
    static PgParam null() { return {"", false, true}; }
    std::string value;
    bool binary = false;
    bool is_null = false;
};

class PgResult {
public:
    explicit PgResult(pg_result* r);
    ~PgResult();
    PgResult(PgResult&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
    PgResult(const PgResult&) = delete;
    PgResult& operator=(const PgResult&) = delete;

    bool succeeded() const;
    int rows() const;
    bool isNull(int row, int col) const;
    std::string text(int row, int col) const;
    int64_t integer(int row, int col) const;
    std::string bytes(int row, int col) const;  // a bytea column
    /// Rows a command touched (UPDATE, DELETE, INSERT).
    int64_t affected() const;

private:
    pg_result* r_;
};

class PgConnection {
public:
    /// Connects with a libpq connection string ("host=127.0.0.1 port=5432
    /// dbname=ipfacts user=ipfacts connect_timeout=2"). Throws PgError.
    explicit PgConnection(const std::string& conninfo);
    ~PgConnection();
    PgConnection(const PgConnection&) = delete;
    PgConnection& operator=(const PgConnection&) = delete;

    /// Runs one statement with `params` ($1, $2...). Throws PgError.
    PgResult exec(const char* sql, const std::vector<PgParam>& params = {});
    /// Runs SQL text of one or more statements, no parameters. Throws PgError.
    void run(const std::string& sql);
    bool healthy() const;

private:
    [[noreturn]] void fail(const std::string& what) const;
    pg_conn* conn_ = nullptr;
};

}  // namespace ipfacts::store
