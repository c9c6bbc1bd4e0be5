// SqliteProbeHistory: samples round-trip, ranges are (from, to], pruning,
// the schema version is written and a newer file is refused, and the table
// lives beside the key store's in one file.
#include "host/store/sqlite/SqliteProbeHistory.h"
#include "tests/support/TempSqliteFile.h"

#include <cppunit/extensions/HelperMacros.h>
#include <sqlite3.h>

using namespace ipfacts::store;

namespace {

struct TempDb : ipfacts::testing::TempSqliteFile {
    TempDb() : TempSqliteFile("ipfacts-status") {}
};

ProbeSample sample(int64_t at, bool ok) {
    ProbeSample s;
    s.target = "http://a.test/";
    s.region = "here";
    s.at_ms = at;
    s.ok = ok;
    s.http_status = ok ? 204 : 503;
    s.latency_us = at % 1000;
    s.error = ok ? "" : "HTTP 503";
    return s;
}

void execSql(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
    sqlite3_close(db);
}

}  // namespace

class SqliteProbeHistoryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SqliteProbeHistoryTest);
    CPPUNIT_TEST(roundTripAndRanges);
    CPPUNIT_TEST(pruneRemovesOlder);
    CPPUNIT_TEST(schemaVersionWrittenAndNewerRefused);
    CPPUNIT_TEST_SUITE_END();

public:
    void roundTripAndRanges() {
        TempDb db;
        SqliteProbeHistory h(db.path);
        h.record({sample(1000, true), sample(2000, false), sample(3000, true)});
        auto all = h.between(0, 5000);
        CPPUNIT_ASSERT_EQUAL(size_t(3), all.size());
        CPPUNIT_ASSERT_EQUAL(int64_t(2000), all[1].at_ms);
        CPPUNIT_ASSERT(!all[1].ok);
        CPPUNIT_ASSERT_EQUAL(503, all[1].http_status);
        CPPUNIT_ASSERT_EQUAL(std::string("HTTP 503"), all[1].error);
        CPPUNIT_ASSERT_EQUAL(std::string("here"), all[1].region);
        auto some = h.between(1000, 2000);  // (1000, 2000]
        CPPUNIT_ASSERT_EQUAL(size_t(1), some.size());
        CPPUNIT_ASSERT_EQUAL(int64_t(2000), some[0].at_ms);
        // Reopening keeps the rows.
        SqliteProbeHistory again(db.path);
        CPPUNIT_ASSERT_EQUAL(size_t(3), again.between(0, 5000).size());
    }

    void pruneRemovesOlder() {
        TempDb db;
        SqliteProbeHistory h(db.path);
        h.record({sample(1000, true), sample(2000, false), sample(3000, true)});
        CPPUNIT_ASSERT_EQUAL(int64_t(2), h.pruneBefore(3000));
        CPPUNIT_ASSERT_EQUAL(size_t(1), h.between(0, 5000).size());
    }

    void schemaVersionWrittenAndNewerRefused() {
        TempDb db;
        { SqliteProbeHistory h(db.path); }
        execSql(db.path, "UPDATE status_schema SET version = 99");
        try {
            SqliteProbeHistory h(db.path);
            CPPUNIT_FAIL("a newer schema was accepted");
        } catch (const ProbeHistoryError& e) {
            CPPUNIT_ASSERT(std::string(e.what()).find("schema version 99") != std::string::npos);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SqliteProbeHistoryTest);
