// SqliteStore: put/get, TTL expiry on an injected clock, atomic increments
// under threads, namespaces kept apart, purge of expired rows; and the store
// facility's C table namespacing by plugin.
#include "host/facilities/store/StoreFacility.h"
#include "host/store/sqlite/SqliteStore.h"
#include "tests/support/TempSqliteFile.h"

#include <cppunit/extensions/HelperMacros.h>

#include <unistd.h>
#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace ipfacts::facilities;
using namespace ipfacts::facilities::store;
using namespace ipfacts::store;

namespace {

/// A fresh SQLite file in the temp folder, removed (with its WAL) afterwards.
struct TempDb : ipfacts::testing::TempSqliteFile {
    TempDb() : TempSqliteFile("ipfacts-kv") {}
};

struct ManualClock {
    std::shared_ptr<std::atomic<int64_t>> now = std::make_shared<std::atomic<int64_t>>(1'700'000'000'000);
    SqliteStore::Clock fn() const {
        return [now = now] { return now->load(); };
    }
    void advance(int64_t ms) { *now += ms; }
};

}  // namespace

class SqliteStoreTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SqliteStoreTest);
    CPPUNIT_TEST(putGet);
    CPPUNIT_TEST(bytesRoundTrip);
    CPPUNIT_TEST(ttlExpiry);
    CPPUNIT_TEST(incrCountsAndExpires);
    CPPUNIT_TEST(incrAtomicUnderThreads);
    CPPUNIT_TEST(incrAtomicAcrossConnections);
    CPPUNIT_TEST(namespacesApart);
    CPPUNIT_TEST(purgeDropsExpired);
    CPPUNIT_TEST(survivesReopen);
    CPPUNIT_TEST(facilityNamespacesByPlugin);
    CPPUNIT_TEST_SUITE_END();

public:
    void putGet() {
        TempDb db;
        SqliteStore s(db.path);
        CPPUNIT_ASSERT(!s.get("p", "k"));
        s.put("p", "k", "v1", 0);
        CPPUNIT_ASSERT_EQUAL(std::string("v1"), *s.get("p", "k"));
        s.put("p", "k", "v2", 0);
        CPPUNIT_ASSERT_EQUAL(std::string("v2"), *s.get("p", "k"));
        s.put("p", "empty", "", 0);
        CPPUNIT_ASSERT_EQUAL(std::string(""), *s.get("p", "empty"));
    }

    void bytesRoundTrip() {
        TempDb db;
        SqliteStore s(db.path);
        std::string bin("a\0b\xff", 4), key("k\0", 2);
        s.put("p", key, bin, 0);
        CPPUNIT_ASSERT(*s.get("p", key) == bin);
        CPPUNIT_ASSERT(!s.get("p", "k"));  // "k" is another key than "k\0"
    }

    void ttlExpiry() {
        TempDb db;
        ManualClock c;
        SqliteStore s(db.path, c.fn());
        s.put("p", "k", "v", 1000);
        c.advance(999);
        CPPUNIT_ASSERT(s.get("p", "k"));
        c.advance(1);
        CPPUNIT_ASSERT(!s.get("p", "k"));
        s.put("p", "k", "again", 0);  // an expired row is replaced
        c.advance(1'000'000'000);
        CPPUNIT_ASSERT_EQUAL(std::string("again"), *s.get("p", "k"));
    }

    void incrCountsAndExpires() {
        TempDb db;
        ManualClock c;
        SqliteStore s(db.path, c.fn());
        CPPUNIT_ASSERT_EQUAL(int64_t(1), s.incr("p", "n", 1, 1000));
        c.advance(500);
        CPPUNIT_ASSERT_EQUAL(int64_t(6), s.incr("p", "n", 5, 1000));  // keeps its first expiry
        CPPUNIT_ASSERT_EQUAL(std::string("6"), *s.get("p", "n"));
        c.advance(500);  // the first window is over
        CPPUNIT_ASSERT(!s.get("p", "n"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-2), s.incr("p", "n", -2, 1000));  // starts again from 0
        s.put("p", "text", "abc", 0);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), s.incr("p", "text", 3, 0));  // a non-integer counts as 0
        s.put("p", "num", "40", 0);
        CPPUNIT_ASSERT_EQUAL(int64_t(42), s.incr("p", "num", 2, 0));
    }

    void incrAtomicUnderThreads() {
        TempDb db;
        SqliteStore s(db.path);
        std::vector<std::thread> ts;
        for (int t = 0; t < 8; ++t)
            ts.emplace_back([&] {
                for (int i = 0; i < 1000; ++i) s.incr("p", "n", 1, 60000);
            });
        for (auto& t : ts) t.join();
        CPPUNIT_ASSERT_EQUAL(std::string("8000"), *s.get("p", "n"));
    }

    // Two stores on one file (two connections, as two processes or a later
    // connection-per-thread would be): SQLite's write lock keeps the single statement atomic.
    void incrAtomicAcrossConnections() {
        TempDb db;
        SqliteStore a(db.path), b(db.path);
        std::vector<std::thread> ts;
        for (int t = 0; t < 8; ++t)
            ts.emplace_back([&, t] {
                SqliteStore& s = t % 2 ? a : b;
                for (int i = 0; i < 250; ++i) s.incr("p", "n", 1, 0);
            });
        for (auto& t : ts) t.join();
        CPPUNIT_ASSERT_EQUAL(int64_t(2001), a.incr("p", "n", 1, 0));
    }

    void namespacesApart() {
        TempDb db;
        SqliteStore s(db.path);
        s.put("a", "k", "from a", 0);
        s.put("b", "k", "from b", 0);
        s.incr("a", "n", 5, 0);
        CPPUNIT_ASSERT_EQUAL(std::string("from a"), *s.get("a", "k"));
        CPPUNIT_ASSERT_EQUAL(std::string("from b"), *s.get("b", "k"));
        CPPUNIT_ASSERT(!s.get("b", "n"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), s.incr("b", "n", 1, 0));
        CPPUNIT_ASSERT(!s.get("ab", "k"));
    }

    void purgeDropsExpired() {
        TempDb db;
        ManualClock c;
        SqliteStore s(db.path, c.fn());
        s.put("p", "short", "x", 100);
        s.incr("p", "counter", 1, 100);
        s.put("p", "long", "y", 10'000);
        s.put("p", "forever", "z", 0);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), s.purge());
        c.advance(100);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), s.purge());
        CPPUNIT_ASSERT(s.get("p", "long") && s.get("p", "forever"));
        c.advance(10'000);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), s.purge());
        CPPUNIT_ASSERT(s.get("p", "forever"));
    }

    void survivesReopen() {
        TempDb db;
        {
            SqliteStore s(db.path);
            s.put("p", "k", "durable", 0);
            s.incr("p", "n", 7, 0);
        }
        SqliteStore s(db.path);
        CPPUNIT_ASSERT_EQUAL(std::string("durable"), *s.get("p", "k"));
        CPPUNIT_ASSERT_EQUAL(std::string("7"), *s.get("p", "n"));
    }

    // Through the C table, as plugins call it: the context's plugin name is the namespace.
    void facilityNamespacesByPlugin() {
        TempDb db;
        FacilitySet set;
        set.add(std::make_unique<StoreFacility>(std::make_unique<SqliteStore>(db.path), "sqlite"));
        FacilityContext a{"alpha", &set}, b{"beta", &set};
        auto* ca = reinterpret_cast<ipf_plugin_ctx*>(&a);
        auto* cb = reinterpret_cast<ipf_plugin_ctx*>(&b);
        ipf_host_api api{};
        set.fill(api);
        CPPUNIT_ASSERT(api.store == &StoreFacility::table());
        const ipf_store_api& t = *api.store;
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.put(ca, {"k", 1}, {"secret", 6}, 0));
        ipf_str out{};
        CPPUNIT_ASSERT_EQUAL(IPF_NOT_FOUND, t.get(cb, {"k", 1}, &out));
        CPPUNIT_ASSERT(out.ptr == nullptr);
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.get(ca, {"k", 1}, &out));
        CPPUNIT_ASSERT_EQUAL(std::string("secret"), std::string(out.ptr, out.len));
        t.value_free(out.ptr);
        int64_t n = 0;
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.incr(cb, {"n", 1}, 3, 1000, &n));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), n);
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, t.incr(cb, {"n", 1}, 3, 1000, nullptr));
        FacilitySet empty;
        FacilityContext none{"alpha", &empty};
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, t.get(reinterpret_cast<ipf_plugin_ctx*>(&none), {"k", 1}, &out));
        set.purge(0);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SqliteStoreTest);
