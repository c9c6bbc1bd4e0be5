#include "host/store/postgres/PgConnection.h"

#include <libpq-fe.h>

namespace ipfacts::store {

PgResult::PgResult(pg_result* r) : r_(r) {}
PgResult::~PgResult() { PQclear(r_); }
bool PgResult::succeeded() const {
    // Null only when out of memory or the connection is gone.
    const ExecStatusType st = r_ ? PQresultStatus(r_) : PGRES_FATAL_ERROR;
    return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}
int PgResult::rows() const { return PQntuples(r_); }
bool PgResult::isNull(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
std::string PgResult::text(int row, int col) const {
    return std::string(PQgetvalue(r_, row, col), static_cast<size_t>(PQgetlength(r_, row, col)));
}
int64_t PgResult::integer(int row, int col) const { return std::stoll(PQgetvalue(r_, row, col)); }
std::string PgResult::bytes(int row, int col) const {
    size_t n = 0;
    unsigned char* raw = PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(r_, row, col)), &n);
    if (!raw) throw PgError("postgres: cannot read a bytea value", false);
    std::string out(reinterpret_cast<const char*>(raw), n);
    PQfreemem(raw);
    return out;
}
int64_t PgResult::affected() const {
    const char* n = PQcmdTuples(r_);
    return n && *n ? std::stoll(n) : 0;
}

PgConnection::PgConnection(const std::string& conninfo) {
    conn_ = PQconnectdb(conninfo.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
        std::string why = PQerrorMessage(conn_);
        PQfinish(conn_);
        conn_ = nullptr;
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        throw PgError("postgres: " + why, true);
    }
    // NOTICEs (CREATE ... IF NOT EXISTS skipping) are no failures: not printed.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
}

PgConnection::~PgConnection() {
    if (conn_) PQfinish(conn_);
}

bool PgConnection::healthy() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

void PgConnection::fail(const std::string& what) const {
    std::string why = PQerrorMessage(conn_);
    while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
    throw PgError("postgres: " + what + ": " + why, !healthy());
}

PgResult PgConnection::exec(const char* sql, const std::vector<PgParam>& params) {
    std::vector<const char*> values;
    std::vector<int> lengths, formats;
    for (const auto& p : params) {
        values.push_back(p.is_null ? nullptr : p.value.data());
        lengths.push_back(static_cast<int>(p.value.size()));
        formats.push_back(p.binary ? 1 : 0);
    }
    PgResult r(PQexecParams(conn_, sql, static_cast<int>(params.size()), nullptr, values.data(), lengths.data(),
                            formats.data(), 0));
    if (!r.succeeded()) fail(sql);
    return r;
}

void PgConnection::run(const std::string& sql) {
    PgResult r(PQexec(conn_, sql.c_str()));
    if (!r.succeeded()) fail("running a script");
}

}  // namespace ipfacts::store
