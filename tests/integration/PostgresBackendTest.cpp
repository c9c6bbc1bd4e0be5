// The PostgreSQL classes on a real server (tests/store/PostgresServer), without
// a daemon: PgKvStore keeps SqliteStore's semantics (expiry on a clock the test
// moves, counters that restart on an expired row and keep a live row's expiry,
// digits that count on, purge), PgProbeHistory's ranges, upstream sums and pruning, and
// PgSchema's migrations (once per owner, appended steps, a newer database
// refused); a pool heals when the server comes back.
#include "host/store/postgres/PgKvStore.h"
#include "host/store/postgres/PgPool.h"
#include "host/store/postgres/PgProbeHistory.h"
#include "host/store/postgres/PgSchema.h"
#include "tests/store/PostgresServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <memory>

using namespace ipfacts;
using ipfacts::testing::PostgresServer;

class PostgresBackendTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PostgresBackendTest);
    CPPUNIT_TEST(kvStoreSemantics);
    CPPUNIT_TEST(probeHistoryRanges);
    CPPUNIT_TEST(migrations);
    CPPUNIT_TEST(thePoolHealsAfterARestart);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        pg_ = std::make_unique<PostgresServer>("postgres-backend");
        pg_->start();
        pool_ = std::make_shared<store::PgPool>(pg_->conninfo(), 2);
    }
    void tearDown() override {
        pool_.reset();
        pg_.reset();
    }

    void kvStoreSemantics() {
        auto now = std::make_shared<std::atomic<int64_t>>(1'700'000'000'000);
        store::PgKvStore kv(pool_, [now] { return now->load(); });
        kv.put("p", "k", std::string("v\0w", 3), 1000);
        CPPUNIT_ASSERT(kv.get("p", "k") == std::string("v\0w", 3));
        CPPUNIT_ASSERT(!kv.get("q", "k"));  // namespaces apart
        *now += 1000;
        CPPUNIT_ASSERT(!kv.get("p", "k"));                            // expired at its ttl
        CPPUNIT_ASSERT_EQUAL(int64_t(3), kv.incr("p", "k", 3, 500));  // an expired row starts again
        *now += 400;
        CPPUNIT_ASSERT_EQUAL(int64_t(5), kv.incr("p", "k", 2, 10'000));  // a live row keeps its expiry
        CPPUNIT_ASSERT(kv.get("p", "k") == std::string("5"));
        *now += 100;
        CPPUNIT_ASSERT(!kv.get("p", "k"));
        kv.put("p", "digits", "41", 0);
        CPPUNIT_ASSERT_EQUAL(int64_t(42), kv.incr("p", "digits", 1, 0));
        kv.put("p", "words", "x1", 0);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), kv.incr("p", "words", 1, 0));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), kv.purge());  // "k", expired; the rest never expire
        CPPUNIT_ASSERT(kv.get("p", "digits") == std::string("42"));
    }

    void probeHistoryRanges() {
        store::PgProbeHistory h(pool_);
        std::vector<store::ProbeSample> samples;
        for (int i = 1; i <= 3; ++i) {
            store::ProbeSample s;
            s.target = "http://t/" + std::to_string(i);
            s.region = "r";
            s.at_ms = i * 1000;
            s.ok = i != 2;
            s.http_status = s.ok ? 200 : 0;
            s.latency_us = i * 10;
            s.error = s.ok ? "" : "connection failed";
            samples.push_back(s);
        }
        h.record(samples);
        auto got = h.between(1000, 3000);  // from exclusive, to inclusive
        CPPUNIT_ASSERT_EQUAL(size_t(2), got.size());
        CPPUNIT_ASSERT_EQUAL(int64_t(2000), got[0].at_ms);
        CPPUNIT_ASSERT(!got[0].ok);
        CPPUNIT_ASSERT_EQUAL(std::string("connection failed"), got[0].error);
        CPPUNIT_ASSERT(got[1].ok && got[1].http_status == 200 && got[1].latency_us == 30);
        // Upstream rows: summed per upstream over (from, to], every region, and pruned with the probes.
        h.recordUpstreams({{"doh", "a", "r", 1000, 5, 1, "timeout"},
                           {"doh", "a", "s", 2000, 2, 2, "refused"},
                           {"privacy", "tor-exits", "r", 2500, 0, 1, "HTTP 503"}});
        auto totals = h.upstreamTotals(500, 3000);
        CPPUNIT_ASSERT_EQUAL(size_t(2), totals.size());
        CPPUNIT_ASSERT_EQUAL(std::string("a"), totals[0].upstream);
        CPPUNIT_ASSERT_EQUAL(int64_t(7), totals[0].ok);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), totals[0].failed);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), h.upstreamTotals(1000, 3000).at(0).ok);  // (1000, 3000]: the 2000 row
        h.recordUpstreams({{"doh", "a", "r", 4000, 1, 0, ""}});
        CPPUNIT_ASSERT_EQUAL(int64_t(2 + 3), h.pruneBefore(3000));  // two probes, three upstream rows
        CPPUNIT_ASSERT_EQUAL(size_t(1), h.between(0, 10'000).size());
        CPPUNIT_ASSERT_EQUAL(size_t(1), h.upstreamTotals(0, 10'000).size());  // the 4000 row is left
    }

    void migrations() {
        auto lease = pool_->borrow();
        const store::SchemaMigrations v1{"things", {"CREATE TABLE things (id INTEGER PRIMARY KEY)"}};
        const store::SchemaMigrations v2{"things", {v1.steps[0], "INSERT INTO things VALUES (1)"}};
        CPPUNIT_ASSERT_EQUAL(1, store::migrateSchema(*lease, v1));
        CPPUNIT_ASSERT_EQUAL(2, store::migrateSchema(*lease, v2));
        CPPUNIT_ASSERT_EQUAL(2, store::migrateSchema(*lease, v2));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), lease->exec("SELECT count(*) FROM things").integer(0, 0));
        CPPUNIT_ASSERT_THROW(store::migrateSchema(*lease, v1), std::runtime_error);
        // A failing step leaves nothing behind and the version where it was.
        const store::SchemaMigrations broken{
            "things", {v2.steps[0], v2.steps[1], "INSERT INTO things VALUES (2); SELECT nonsense("}};
        CPPUNIT_ASSERT_THROW(store::migrateSchema(*lease, broken), std::exception);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), lease->exec("SELECT count(*) FROM things").integer(0, 0));
        CPPUNIT_ASSERT_EQUAL(2, store::migrateSchema(*lease, v2));
    }

    void thePoolHealsAfterARestart() {
        auto count = [this] {
            return pool_->with([](store::PgConnection& db) { return db.exec("SELECT 1").integer(0, 0); });
        };
        CPPUNIT_ASSERT_EQUAL(int64_t(1), count());
        pg_->stop();
        CPPUNIT_ASSERT_THROW(count(), store::PgError);
        pg_->restart();
        CPPUNIT_ASSERT_EQUAL(int64_t(1), count());  // the broken connection was replaced
    }

private:
    std::unique_ptr<PostgresServer> pg_;
    std::shared_ptr<store::PgPool> pool_;
};
CPPUNIT_TEST_SUITE_REGISTRATION(PostgresBackendTest);
