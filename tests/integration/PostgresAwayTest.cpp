// store.backend redis+postgres with PostgreSQL stopped under a serving node:
// the node serves on (a keyed caller too: keys and limits are in memory), so
// /readyz stays 200 and a load balancer keeps every node; the store's health
// shows where an operator looks for it: the /readyz check "store" (failing,
// not deciding) and ipfacts_store_up{store="postgres"} on /metrics, back to
// 1 once PostgreSQL is started again (the health thread's next read).
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/ManifestEdits.h"
#include "tests/integration/support/Service.h"
#include "tests/store/PostgresServer.h"
#include "tests/store/RedisServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <memory>
#include <thread>

using namespace ipfacts::testing;

class PostgresAwayTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PostgresAwayTest);
    CPPUNIT_TEST(aNodeStaysReadyWhilePostgresIsAway);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        redis_ = std::make_unique<RedisServer>();
        redis_->start();
        pg_ = std::make_unique<PostgresServer>("pg-away");
        pg_->start();
        node_ = std::make_unique<Service>("pg-away", [this](std::string& m) {
            withoutRefusedPlugins(m);
            metrics_port_ = freeLoopbackPort();  // anew on each start attempt
            m += "\nstore: { backend: redis+postgres, redis: { port: " + std::to_string(redis_->port()) +
                 " }, postgres: { conninfo: \"" + pg_->conninfo() + "\", pool: 2 } }\n" +
                 "metrics:\n  listen: [\"127.0.0.1:" + std::to_string(metrics_port_) + "\"]\n";
        });
        node_->start();
    }
    void tearDown() override {
        node_.reset();
        pg_.reset();
        redis_.reset();
    }

    void aNodeStaysReadyWhilePostgresIsAway() {
        const std::string key = node_->issueKey("away-account");
        HttpClient c("127.0.0.1", node_->port());
        CPPUNIT_ASSERT(storeCheck(c)->getValue<bool>("ok"));
        CPPUNIT_ASSERT_EQUAL(1, storeUp());

        pg_->stop();
        // The store's health is read a second on a thread of its own: wait for it
        // to see the stop, every /readyz meanwhile 200.
        auto check = storeCheckOnceIt(c, false);
        CPPUNIT_ASSERT(!check->getValue<bool>("decides"));
        const std::string detail = check->getValue<std::string>("detail");
        CPPUNIT_ASSERT_MESSAGE(detail, detail.find("postgres: a read failed") == 0);
        CPPUNIT_ASSERT_EQUAL(0, storeUp());
        // And it serves, the keyed caller as such.
        auto r = c.get("/ip", {"Authorization: Bearer " + key});
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("address:key"), *r.header("X-RateLimit-Policy"));

        pg_->restart();
        CPPUNIT_ASSERT(storeCheckOnceIt(c, true)->getValue<bool>("ok"));
        CPPUNIT_ASSERT_EQUAL(1, storeUp());
    }

private:
    /// /readyz's "store" check; asserts the node is ready (200) whatever the store says.
    Poco::JSON::Object::Ptr storeCheck(HttpClient& c) {
        auto r = c.get("/readyz");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto body = parseJson(r.body);
        CPPUNIT_ASSERT(body->getValue<bool>("ready"));
        return readyzCheck(body, "store");
    }

    /// storeCheck, asked until its ok is `ok` (up to 10 s: the health thread reads each second).
    Poco::JSON::Object::Ptr storeCheckOnceIt(HttpClient& c, bool ok) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        auto check = storeCheck(c);
        while (check->getValue<bool>("ok") != ok && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            check = storeCheck(c);
        }
        CPPUNIT_ASSERT_EQUAL(ok, check->getValue<bool>("ok"));
        return check;
    }

    /// ipfacts_store_up{store="postgres"} as /metrics shows it (-1 when absent).
    int storeUp() {
        HttpClient m("127.0.0.1", metrics_port_);
        auto r = m.get("/metrics");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        const std::string series = "ipfacts_store_up{store=\"postgres\"} ";
        size_t at = r.body.find(series);
        if (at == std::string::npos) return -1;
        return r.body[at + series.size()] - '0';
    }

    std::unique_ptr<RedisServer> redis_;
    std::unique_ptr<PostgresServer> pg_;
    std::unique_ptr<Service> node_;
    int metrics_port_ = 0;
};
CPPUNIT_TEST_SUITE_REGISTRATION(PostgresAwayTest);
