// The http core on request fibers: a fetch that waits on a silent server
// parks its fiber, not the worker thread, and keep-alive connections are
// reused across fetches made by different fibers of one thread.
#include "host/fiber/FiberScheduler.h"
#include "tests/unit/http/HttpTestSupport.h"
#include "tests/unit/http/LoopbackServer.h"

#include "tests/support/EventCounter.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

using namespace ipfacts::testing;
using ipfacts::fiber::FiberScheduler;

namespace {

using Counter = ipfacts::testing::EventCounter;

/// Bounded wait for a condition another thread makes true.
template <typename Pred>
bool eventually(Pred p) {
    for (int i = 0; i < 30000; ++i) {
        if (p()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return p();
}

}  // namespace

class HttpOnFibersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HttpOnFibersTest);
    CPPUNIT_TEST(silentUpstreamHoldsNoThread);
    CPPUNIT_TEST(fibersOfOneThreadShareConnections);
    CPPUNIT_TEST_SUITE_END();

public:
    // One worker thread, 100 fetches stuck on a server that never answers:
    // all 100 connect (so all are parked at once), and a job queued after
    // them runs to its end while they still wait.
    void silentUpstreamHoldsNoThread() {
        auto client = clientAllowing({"127.0.0.0/8"});
        auto silent = std::make_unique<LoopbackServer>("127.0.0.1");
        const std::string url = silent->base() + "/slow";
        FiberScheduler workers({1, 200, 256 * 1024});
        Counter done, quick;
        std::mutex mu;
        std::vector<std::string> errors;
        for (int i = 0; i < 100; ++i)
            workers.submit([&] {
                auto req = get(url);
                req.timeout_ms = 20000;  // ended by the server going away, not by time
                auto r = client.fetchAll({req});
                std::lock_guard<std::mutex> lock(mu);
                errors.push_back(r.front().error);
                done.add();
            });
        CPPUNIT_ASSERT(eventually([&] { return silent->connections() == 100; }));
        workers.submit([&] { quick.add(); });
        CPPUNIT_ASSERT(quick.waitFor(1));
        CPPUNIT_ASSERT_EQUAL(0, done.value());
        silent.reset();  // closes the 100 connections: every fetch ends now
        CPPUNIT_ASSERT(done.waitFor(100));
        for (const auto& e : errors) CPPUNIT_ASSERT_MESSAGE("a fetch with no answer has an error", !e.empty());
    }

    void fibersOfOneThreadShareConnections() {
        auto client = clientAllowing({"127.0.0.0/8"});
        LoopbackServer server("127.0.0.1", [](const std::string&) { return LoopbackServer::ok("hi"); });
        FiberScheduler workers({1, 10, 256 * 1024});
        Counter done;
        int statuses[3] = {0, 0, 0};
        for (int i = 0; i < 3; ++i) {
            workers.submit([&, i] {
                statuses[i] = static_cast<int>(client.fetchAll({get(server.base() + "/")}).front().status);
                done.add();
            });
            CPPUNIT_ASSERT(done.waitFor(i + 1));  // one after another: the first's connection is idle for the next
        }
        for (int s : statuses) CPPUNIT_ASSERT_EQUAL(200, s);
        CPPUNIT_ASSERT_EQUAL(1, server.connections());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HttpOnFibersTest);
