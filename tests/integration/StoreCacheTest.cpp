// The cache, store and tasks facilities as plugins see them: the test plugin
// kv, loaded twice (kv and kv2), writes and reads through the host; each
// plugin's keys are its own; each runs its own periodic task.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <thread>

using namespace ipfacts::testing;

namespace {

Poco::JSON::Object::Ptr call(const std::string& target) {
    auto r = get(target);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(target + ": " + r.body, 200, r.status);
    return parseJson(r.body);
}

std::string valueOf(const Poco::JSON::Object::Ptr& o) {
    return o->getValue<bool>("hit") ? o->getValue<std::string>("value") : "<miss>";
}

}  // namespace

class StoreCacheTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StoreCacheTest);
    CPPUNIT_TEST(cacheRoundTripOnTheEventLoop);
    CPPUNIT_TEST(cacheKeysArePerPlugin);
    CPPUNIT_TEST(cacheEntriesExpire);
    CPPUNIT_TEST(storeRoundTrip);
    CPPUNIT_TEST(storeKeysArePerPlugin);
    CPPUNIT_TEST(storeCountsAndExpires);
    CPPUNIT_TEST(tasksRunPeriodicallyPerPlugin);
    CPPUNIT_TEST_SUITE_END();

public:
    // kv and kv2 each registered a task every second that counts "ticks" in
    // its own store namespace: both counters grow, run after run.
    void tasksRunPeriodicallyPerPlugin() {
        auto ticks = [](const std::string& plugin) {
            auto o = call("/test/" + plugin + "/store?name=ticks");
            return o->getValue<bool>("hit") ? std::stoll(o->getValue<std::string>("value")) : 0LL;
        };
        const long long kv_before = ticks("kv"), kv2_before = ticks("kv2");
        for (int i = 0; i < 80 && (ticks("kv") < kv_before + 2 || ticks("kv2") < kv2_before + 2); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        CPPUNIT_ASSERT(ticks("kv") >= kv_before + 2);
        CPPUNIT_ASSERT(ticks("kv2") >= kv2_before + 2);
    }

    void cacheRoundTripOnTheEventLoop() {
        auto put = call("/test/kv/cache?name=rt&value=hello");
        CPPUNIT_ASSERT(put->getValue<bool>("stored"));
        CPPUNIT_ASSERT_EQUAL(std::string("hello"), valueOf(put));
        CPPUNIT_ASSERT(!put->getValue<bool>("may_block"));  // NONBLOCKING: answered on the event loop
        CPPUNIT_ASSERT_EQUAL(std::string("hello"), valueOf(call("/test/kv/cache?name=rt")));
    }

    void cacheKeysArePerPlugin() {
        call("/test/kv/cache?name=mine&value=kv-secret");
        CPPUNIT_ASSERT_EQUAL(std::string("<miss>"), valueOf(call("/test/kv2/cache?name=mine")));
        call("/test/kv2/cache?name=mine&value=kv2-own");
        CPPUNIT_ASSERT_EQUAL(std::string("kv-secret"), valueOf(call("/test/kv/cache?name=mine")));
        CPPUNIT_ASSERT_EQUAL(std::string("kv2-own"), valueOf(call("/test/kv2/cache?name=mine")));
    }

    void cacheEntriesExpire() {
        call("/test/kv/cache?name=brief&value=x&ttl_ms=150");
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        CPPUNIT_ASSERT_EQUAL(std::string("<miss>"), valueOf(call("/test/kv/cache?name=brief")));
    }

    void storeRoundTrip() {
        auto put = call("/test/kv/store?name=session&value=s1");
        CPPUNIT_ASSERT_EQUAL(std::string("s1"), valueOf(put));
        CPPUNIT_ASSERT_EQUAL(std::string("s1"), valueOf(call("/test/kv/store?name=session")));
        CPPUNIT_ASSERT_EQUAL(std::string("<miss>"), valueOf(call("/test/kv/store?name=never-written")));
    }

    void storeKeysArePerPlugin() {
        call("/test/kv/store?name=private&value=kv-only");
        CPPUNIT_ASSERT_EQUAL(std::string("<miss>"), valueOf(call("/test/kv2/store?name=private")));
        // A key of this run only: the store is durable.
        std::string budget = "budget-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
        CPPUNIT_ASSERT_EQUAL(int64_t(1),
                             call("/test/kv2/store?name=" + budget + "&incr=1")->getValue<int64_t>("count"));
        CPPUNIT_ASSERT_EQUAL(std::string("<miss>"), valueOf(call("/test/kv/store?name=" + budget)));
    }

    void storeCountsAndExpires() {
        CPPUNIT_ASSERT_EQUAL(int64_t(2), call("/test/kv/store?name=win&incr=2&ttl_ms=400")->getValue<int64_t>("count"));
        auto again = call("/test/kv/store?name=win&incr=3&ttl_ms=400");
        CPPUNIT_ASSERT_EQUAL(int64_t(5), again->getValue<int64_t>("count"));
        CPPUNIT_ASSERT_EQUAL(std::string("5"), valueOf(again));
        std::this_thread::sleep_for(std::chrono::milliseconds(600));
        CPPUNIT_ASSERT_EQUAL(std::string("<miss>"), valueOf(call("/test/kv/store?name=win")));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), call("/test/kv/store?name=win&incr=1&ttl_ms=400")->getValue<int64_t>("count"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StoreCacheTest);
