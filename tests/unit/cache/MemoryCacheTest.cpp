// MemoryCache: hits and misses, TTL on an injected clock, the byte bound and
// its LRU order, namespaces, and consistency under concurrent use.
#include "host/cache/MemoryCache.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace ipfacts::cache;
using namespace std::chrono_literals;

namespace {

/// A clock the test moves by hand.
struct ManualClock {
    std::shared_ptr<std::chrono::steady_clock::time_point> now =
        std::make_shared<std::chrono::steady_clock::time_point>(std::chrono::steady_clock::time_point{} + 1000h);
    MemoryCache::Clock fn() const {
        return [now = now] { return *now; };
    }
    void advance(std::chrono::milliseconds d) { *now += d; }
};

/// Room for exactly `n` entries of a one-byte namespace, one-byte key and `value_size`-byte value.
size_t roomFor(size_t n, size_t value_size) { return n * LruShard::costOf(std::string("1:n").size() + 1, value_size); }

std::string valueOf(const std::optional<CachedValue>& v) { return v ? v->bytes : "<miss>"; }

}  // namespace

class MemoryCacheTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MemoryCacheTest);
    CPPUNIT_TEST(hitAndMiss);
    CPPUNIT_TEST(putReplaces);
    CPPUNIT_TEST(expiresAfterTtlOnTheInjectedClock);
    CPPUNIT_TEST(nonPositiveTtlStoresNothing);
    CPPUNIT_TEST(sizeBoundEvictsLeastRecentlyUsed);
    CPPUNIT_TEST(expiredEntriesGoFirstAndCountAsExpired);
    CPPUNIT_TEST(valueLargerThanTheBoundIsRefusedAndOldOneForgotten);
    CPPUNIT_TEST(namespacesAreKeptApart);
    CPPUNIT_TEST(eraseForgets);
    CPPUNIT_TEST(byteBoundHoldsAcrossShards);
    CPPUNIT_TEST(concurrentUseStaysConsistent);
    CPPUNIT_TEST_SUITE_END();

public:
    void hitAndMiss() {
        MemoryCache c(1 << 20);
        CPPUNIT_ASSERT(!c.get("p", "k"));
        CPPUNIT_ASSERT(c.put("p", "k", "value", 10s));
        CPPUNIT_ASSERT_EQUAL(std::string("value"), valueOf(c.get("p", "k")));
        CPPUNIT_ASSERT(!c.get("p", "other"));
        auto s = c.stats();
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), s.entries);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), s.hits);
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), s.misses);
        CPPUNIT_ASSERT_EQUAL(uint64_t(LruShard::costOf(std::string("1:pk").size(), 5)), s.bytes);
    }

    void putReplaces() {
        MemoryCache c(1 << 20);
        c.put("p", "k", "old", 10s);
        c.put("p", "k", "newer", 10s);
        CPPUNIT_ASSERT_EQUAL(std::string("newer"), valueOf(c.get("p", "k")));
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), c.stats().entries);
        CPPUNIT_ASSERT_EQUAL(uint64_t(LruShard::costOf(4, 5)), c.stats().bytes);
    }

    void expiresAfterTtlOnTheInjectedClock() {
        ManualClock clock;
        MemoryCache c(1 << 20, 4, clock.fn());
        c.put("p", "k", "v", 10s);
        clock.advance(9999ms);
        auto hit = c.get("p", "k");
        CPPUNIT_ASSERT(hit);
        CPPUNIT_ASSERT_EQUAL(int64_t(9999), int64_t(hit->age.count()));
        clock.advance(1ms);  // exactly the TTL: gone
        CPPUNIT_ASSERT(!c.get("p", "k"));
        auto s = c.stats();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), s.entries);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), s.bytes);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), s.expirations);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), s.misses);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), s.evictions);
    }

    void nonPositiveTtlStoresNothing() {
        MemoryCache c(1 << 20);
        c.put("p", "k", "v", 10s);
        CPPUNIT_ASSERT(!c.put("p", "k", "w", 0s));
        CPPUNIT_ASSERT(!c.get("p", "k"));  // the old value is not served either
        CPPUNIT_ASSERT(!c.put("p", "k", "w", -5s));
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), c.stats().entries);
    }

    void sizeBoundEvictsLeastRecentlyUsed() {
        // One shard, so recency order is global and the test can name the victim.
        MemoryCache c(roomFor(3, 10), 1);
        const std::string v(10, 'x');
        c.put("n", "a", v, 60s);
        c.put("n", "b", v, 60s);
        c.put("n", "c", v, 60s);
        CPPUNIT_ASSERT(c.get("n", "a"));  // a is now the most recent: b is the oldest
        c.put("n", "d", v, 60s);
        CPPUNIT_ASSERT(!c.get("n", "b"));
        CPPUNIT_ASSERT(c.get("n", "a") && c.get("n", "c") && c.get("n", "d"));
        c.put("n", "e", v, 60s);  // a was read before c and d: a goes
        CPPUNIT_ASSERT(!c.get("n", "a"));
        auto s = c.stats();
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), s.entries);
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), s.evictions);
        CPPUNIT_ASSERT(s.bytes <= roomFor(3, 10));
    }

    void expiredEntriesGoFirstAndCountAsExpired() {
        ManualClock clock;
        MemoryCache c(roomFor(2, 10), 1, clock.fn());
        const std::string v(10, 'x');
        c.put("n", "a", v, 1s);
        c.put("n", "b", v, 60s);
        clock.advance(2s);
        c.put("n", "c", v, 60s);  // a (least recent, and expired) makes room
        auto s = c.stats();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), s.evictions);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), s.expirations);
        CPPUNIT_ASSERT(c.get("n", "b") && c.get("n", "c"));
    }

    void valueLargerThanTheBoundIsRefusedAndOldOneForgotten() {
        MemoryCache c(roomFor(2, 10), 1);
        c.put("n", "a", "small", 60s);
        c.put("n", "b", "small", 60s);
        CPPUNIT_ASSERT(!c.put("n", "a", std::string(roomFor(2, 10), 'x'), 60s));
        CPPUNIT_ASSERT(!c.get("n", "a"));
        CPPUNIT_ASSERT(c.get("n", "b"));  // nothing else was evicted for a value that cannot fit
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), c.stats().entries);
    }

    void namespacesAreKeptApart() {
        MemoryCache c(1 << 20);
        c.put("dns", "k", "dns's", 60s);
        c.put("lookup", "k", "lookup's", 60s);
        CPPUNIT_ASSERT_EQUAL(std::string("dns's"), valueOf(c.get("dns", "k")));
        CPPUNIT_ASSERT_EQUAL(std::string("lookup's"), valueOf(c.get("lookup", "k")));
        CPPUNIT_ASSERT(!c.get("reverse", "k"));
        // A namespace and key that concatenate alike are still different entries.
        c.put("ab", "c", "1", 60s);
        CPPUNIT_ASSERT(!c.get("a", "bc"));
        CPPUNIT_ASSERT(!c.get("", "abc"));
        c.erase("dns", "k");
        CPPUNIT_ASSERT(c.get("lookup", "k"));
    }

    void eraseForgets() {
        MemoryCache c(1 << 20);
        c.put("p", "k", "v", 60s);
        CPPUNIT_ASSERT(c.erase("p", "k"));
        CPPUNIT_ASSERT(!c.erase("p", "k"));
        CPPUNIT_ASSERT(!c.get("p", "k"));
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), c.stats().bytes);
    }

    void byteBoundHoldsAcrossShards() {
        const size_t bound = 64 * 1024;
        MemoryCache c(bound, 8);
        for (int i = 0; i < 5000; ++i) c.put("p", "key" + std::to_string(i), std::string(100, 'v'), 60s);
        auto s = c.stats();
        CPPUNIT_ASSERT(s.bytes <= bound);
        CPPUNIT_ASSERT(s.entries > 0);
        CPPUNIT_ASSERT_EQUAL(uint64_t(5000), s.entries + s.evictions);
    }

    void concurrentUseStaysConsistent() {
        // Threads read and write overlapping keys of two namespaces in a cache
        // small enough to evict. Every value names its namespace and key, so a
        // hit that returns anything else would be a torn or crossed entry.
        MemoryCache c(32 * 1024, 4);
        constexpr int kThreads = 8, kOps = 20000;
        std::atomic<uint64_t> gets{0}, wrong{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&, t] {
                for (int i = 0; i < kOps; ++i) {
                    std::string ns = (i + t) % 2 ? "even" : "odd";
                    std::string key = "k" + std::to_string((i * 7 + t) % 300);
                    if (i % 3 == 0) {
                        c.put(ns, key, ns + "/" + key + "/" + std::string(i % 50, 'x'), 60s);
                    } else {
                        ++gets;
                        auto v = c.get(ns, key);
                        if (v && v->bytes.rfind(ns + "/" + key + "/", 0) != 0) ++wrong;
                    }
                }
            });
        for (auto& th : threads) th.join();
        auto s = c.stats();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), wrong.load());
        CPPUNIT_ASSERT_EQUAL(gets.load(), s.hits + s.misses);
        CPPUNIT_ASSERT(s.bytes <= 32 * 1024);
        CPPUNIT_ASSERT(s.entries <= 600);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MemoryCacheTest);
