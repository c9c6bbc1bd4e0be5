// LiveKeyCache: answers from memory, reloads when the store's version moves
// (and only then), keeps working on the last snapshot when the store fails,
// and writes the requests counted per key behind, including those of keys
// revoked before the write.
#include "host/store/LiveKeyCache.h"
#include "host/store/sqlite/SqliteAccountStore.h"
#include "tests/support/TempSqliteFile.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <memory>

using namespace ipfacts::store;

namespace {

constexpr int64_t kNow = 1'790'000'000;

/// The SQLite store, counting the calls the cache makes and failing on demand.
class CountingStore : public SqliteAccountStore {
public:
    using SqliteAccountStore::SqliteAccountStore;
    std::atomic<int> version_reads{0}, loads{0};
    std::atomic<bool> down{false};
    int64_t keysVersion() override {
        ++version_reads;
        if (down) throw StoreUnavailable("down");
        return SqliteAccountStore::keysVersion();
    }
    std::vector<KeyRecord> liveKeys() override {
        ++loads;
        return SqliteAccountStore::liveKeys();
    }
    void addUsage(std::string_view day, const std::map<std::string, int64_t>& counts, int64_t now) override {
        if (down) throw StoreUnavailable("down");
        SqliteAccountStore::addUsage(day, counts, now);
    }
};

}  // namespace

class LiveKeyCacheTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LiveKeyCacheTest);
    CPPUNIT_TEST(findsLiveKeysOnly);
    CPPUNIT_TEST(reloadsOnlyWhenTheVersionMoves);
    CPPUNIT_TEST(keepsTheLastKeysWhenTheStoreFails);
    CPPUNIT_TEST(countsAreWrittenBehind);
    CPPUNIT_TEST(countsOfARevokedKeyAreNotLost);
    CPPUNIT_TEST(refresherSeesARevocation);
    CPPUNIT_TEST(eachCacheAnswersFromItsOwnKeys);
    CPPUNIT_TEST_SUITE_END();

    ipfacts::testing::TempSqliteFile file_{"ipfacts-keycache"};

public:
    void findsLiveKeysOnly() {
        CountingStore s(file_.path);
        s.addKey(sha256Hex("ipf_a"), "acct", kNow, 5);
        LiveKeyCache cache(
            s, [] { return kNow; }, 1000);
        CPPUNIT_ASSERT(!cache.loaded());
        cache.refreshNow();
        CPPUNIT_ASSERT(cache.loaded());
        auto k = cache.findKey("ipf_a");
        CPPUNIT_ASSERT(k);
        CPPUNIT_ASSERT_EQUAL(sha256Hex("ipf_a").substr(0, 16), k->id);
        CPPUNIT_ASSERT(!cache.findKey("ipf_b"));
        // Lookups are memory only: a thousand of them ask the store nothing.
        const int reads = s.version_reads, loads = s.loads;
        for (int i = 0; i < 1000; ++i) cache.findKey(i % 2 ? "ipf_a" : "ipf_x");
        CPPUNIT_ASSERT_EQUAL(reads, s.version_reads.load());
        CPPUNIT_ASSERT_EQUAL(loads, s.loads.load());
    }

    void reloadsOnlyWhenTheVersionMoves() {
        CountingStore s(file_.path);
        LiveKeyCache cache(
            s, [] { return kNow; }, 1000);
        cache.refreshNow();
        cache.refreshNow();
        cache.refreshNow();
        CPPUNIT_ASSERT_EQUAL(1, s.loads.load());  // one version read each, one load
        CPPUNIT_ASSERT_EQUAL(3, s.version_reads.load());
        s.addKey(sha256Hex("ipf_a"), "acct", kNow, 5);
        CPPUNIT_ASSERT(!cache.findKey("ipf_a"));
        cache.refreshNow();
        CPPUNIT_ASSERT_EQUAL(2, s.loads.load());
        CPPUNIT_ASSERT(cache.findKey("ipf_a"));
        CPPUNIT_ASSERT_EQUAL(s.SqliteAccountStore::keysVersion(), cache.version());
    }

    void keepsTheLastKeysWhenTheStoreFails() {
        CountingStore s(file_.path);
        s.addKey(sha256Hex("ipf_a"), "acct", kNow, 5);
        LiveKeyCache cache(
            s, [] { return kNow; }, 1000);
        cache.refreshNow();
        s.down = true;
        cache.refreshNow();  // logs, keeps the snapshot
        CPPUNIT_ASSERT(cache.findKey("ipf_a"));
        CPPUNIT_ASSERT(cache.loaded());
    }

    void countsAreWrittenBehind() {
        CountingStore s(file_.path);
        s.addKey(sha256Hex("ipf_a"), "acct", kNow, 5);
        LiveKeyCache cache(
            s, [] { return kNow; }, 1000);
        cache.refreshNow();
        auto k = cache.findKey("ipf_a");
        for (int i = 0; i < 5; ++i) k->countRequest();
        CPPUNIT_ASSERT_EQUAL(int64_t(5), cache.unwritten(k->id));
        CPPUNIT_ASSERT(s.usageOn(utcDay(kNow)).empty());  // nothing on disk yet
        s.down = true;
        cache.flushUsage();  // fails: the counts wait for the next write
        s.down = false;
        k->countRequest();
        cache.flushUsage();
        CPPUNIT_ASSERT_EQUAL(int64_t(6), s.usageOn(utcDay(kNow))[k->id]);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), cache.unwritten(k->id));
        cache.flushUsage();  // nothing new: nothing added
        CPPUNIT_ASSERT_EQUAL(int64_t(6), s.usageOn(utcDay(kNow))[k->id]);
    }

    void countsOfARevokedKeyAreNotLost() {
        CountingStore s(file_.path);
        s.addKey(sha256Hex("ipf_a"), "acct", kNow, 5);
        LiveKeyCache cache(
            s, [] { return kNow; }, 1000);
        cache.refreshNow();
        auto k = cache.findKey("ipf_a");
        k->countRequest();
        k->countRequest();
        s.revokeKey("acct", k->id, kNow);
        cache.refreshNow();
        CPPUNIT_ASSERT(!cache.findKey("ipf_a"));
        cache.flushUsage();
        CPPUNIT_ASSERT_EQUAL(int64_t(2), s.usageOn(utcDay(kNow))[k->id]);
    }

    void eachCacheAnswersFromItsOwnKeys() {
        // Lookups remember the snapshot per thread: a cache made where another was (same
        // address, same generation) must not answer from the other's keys.
        CountingStore s(file_.path);
        s.addKey(sha256Hex("ipf_a"), "acct", kNow, 5);
        ipfacts::testing::TempSqliteFile other_file("ipfacts-keycache-other");
        CountingStore other(other_file.path);
        for (int round = 0; round < 2; ++round) {
            auto cache = std::make_unique<LiveKeyCache>(
                round == 0 ? s : other, [] { return kNow; }, 1000);
            cache->refreshNow();
            CPPUNIT_ASSERT_EQUAL(round == 0, cache->findKey("ipf_a") != nullptr);
        }
    }

    void refresherSeesARevocation() {
        CountingStore s(file_.path);
        s.addKey(sha256Hex("ipf_a"), "acct", kNow, 5);
        LiveKeyCache cache(
            s, [] { return kNow; }, 50);
        cache.start();
        CPPUNIT_ASSERT(cache.findKey("ipf_a"));
        s.revokeKey("", sha256Hex("ipf_a").substr(0, 16), kNow);
        // The refresher thread reloads within its period; polled, bounded.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (cache.findKey("ipf_a") && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        CPPUNIT_ASSERT(!cache.findKey("ipf_a"));
        cache.stop();
        cache.stop();  // idempotent
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LiveKeyCacheTest);
