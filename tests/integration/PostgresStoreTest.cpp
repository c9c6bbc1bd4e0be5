// store.backend: redis+postgres. Two ipfactsd nodes on one real PostgreSQL
// (tests/store/PostgresServer) and one real redis-server: a key issued with
// the admin command works on both; revoked through one, the other drops it at
// its next keys refresh (within a second); the store facility's rows and counters are one set for both nodes,
// and plugins' namespaces stay apart; one node's probe round is in the
// other's status.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"
#include "tests/store/PostgresServer.h"
#include "tests/store/RedisServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

using namespace ipfacts::testing;

namespace {

std::function<void(std::string&)> pgManifest(int redis_port, const std::string& conninfo) {
    return [=](std::string& m) {
        // A status target both nodes name alike (each node's own targets carry its own ports).
        const std::string shared =
            "    - { url: \"http://127.0.0.1:" + std::to_string(redis_port) + "/\", label: \"Shared\", kind: http }\n";
        m.replace(m.find("  targets:\n"), 11, "  targets:\n" + shared);
        m += "\nstore: { backend: redis+postgres, redis: { port: " + std::to_string(redis_port) +
             " }, postgres: { conninfo: \"" + conninfo + "\", pool: 2 } }\n";
    };
}

Poco::JSON::Object::Ptr call(HttpClient& c, const std::string& target) {
    auto r = c.get(target);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(target + ": " + r.body, 200, r.status);
    return parseJson(r.body);
}

std::string valueOf(const Poco::JSON::Object::Ptr& o) {
    return o->getValue<bool>("hit") ? o->getValue<std::string>("value") : "<miss>";
}

/// True once `node` shows the keys version `reference` shows (its own refresh, polled on /readyz).
bool sameKeysVersionWithin(Service& node, Service& reference, std::chrono::milliseconds limit) {
    const long long want = reference.keysVersion();
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (node.keysVersion() == want) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
}

}  // namespace

class PostgresStoreTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PostgresStoreTest);
    CPPUNIT_TEST(aKeyRevokedOnOneNodeIs401OnTheOther);
    CPPUNIT_TEST(pluginRowsAreSharedByTheNodes);
    CPPUNIT_TEST(aProbeRoundOfOneNodeIsInTheOthersStatus);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        redis_ = std::make_unique<RedisServer>();
        redis_->start();
        pg_ = std::make_unique<PostgresServer>("postgres-store");
        pg_->start();
        a_ = std::make_unique<Service>("pg-a", pgManifest(redis_->port(), pg_->conninfo()));
        b_ = std::make_unique<Service>("pg-b", pgManifest(redis_->port(), pg_->conninfo()));
        a_->start();
        b_->start();
    }
    void tearDown() override {
        a_.reset();
        b_.reset();
        pg_.reset();
        redis_.reset();
    }

    void aKeyRevokedOnOneNodeIs401OnTheOther() {
        const std::string key = a_->issueKey("pg-account");  // the admin command, writing to PostgreSQL
        // Node b learns of the key by its own refresh of the shared keys version.
        CPPUNIT_ASSERT(sameKeysVersionWithin(*b_, *a_, std::chrono::seconds(3)));
        HttpClient on_a("127.0.0.1", a_->port()), on_b("127.0.0.1", b_->port());
        const std::string bearer = "Authorization: Bearer " + key;
        for (auto* c : {&on_a, &on_b}) {
            auto r = c->get("/ip", {bearer});
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("address:key"), *r.header("X-RateLimit-Policy"));
        }
        CPPUNIT_ASSERT(b_->revokeKey(key));  // through b's manifest: returns once b has reloaded
        const auto revoked = std::chrono::steady_clock::now();
        CPPUNIT_ASSERT(sameKeysVersionWithin(*a_, *b_, std::chrono::seconds(3)));
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - revoked);
        CPPUNIT_ASSERT_EQUAL(401, on_a.get("/ip", {bearer}).status);
        CPPUNIT_ASSERT_EQUAL(401, on_b.get("/ip", {bearer}).status);
        std::printf("\n  key revoked through node b: node a reloaded %lld ms later (keys.refresh_ms 200)\n",
                    static_cast<long long>(ms.count()));
        CPPUNIT_ASSERT(ms < std::chrono::seconds(1));
    }

    void pluginRowsAreSharedByTheNodes() {
        HttpClient on_a("127.0.0.1", a_->port()), on_b("127.0.0.1", b_->port());
        CPPUNIT_ASSERT_EQUAL(std::string("s1"), valueOf(call(on_a, "/test/kv/store?name=session&value=s1")));
        CPPUNIT_ASSERT_EQUAL(std::string("s1"), valueOf(call(on_b, "/test/kv/store?name=session")));
        CPPUNIT_ASSERT_EQUAL(std::string("<miss>"), valueOf(call(on_b, "/test/kv2/store?name=session")));
        // One counter, incremented through both nodes.
        CPPUNIT_ASSERT_EQUAL(int64_t(2), call(on_a, "/test/kv/store?name=hits&incr=2")->getValue<int64_t>("count"));
        CPPUNIT_ASSERT_EQUAL(int64_t(5), call(on_b, "/test/kv/store?name=hits&incr=3")->getValue<int64_t>("count"));
        CPPUNIT_ASSERT_EQUAL(std::string("5"), valueOf(call(on_a, "/test/kv/store?name=hits")));
        // Keys and values beyond plain words survive the round trip (bytea).
        CPPUNIT_ASSERT_EQUAL(std::string("a b%\xc3\xa9"),
                             valueOf(call(on_a, "/test/kv/store?name=odd%20key%2F%C3%A9&value=a%20b%25%C3%A9")));
        CPPUNIT_ASSERT_EQUAL(std::string("a b%\xc3\xa9"),
                             valueOf(call(on_b, "/test/kv/store?name=odd%20key%2F%C3%A9")));
    }

    void aProbeRoundOfOneNodeIsInTheOthersStatus() {
        // Both nodes run the suite's manual status clock; a probes, b reports.
        // (A node's history is every node's: nodes differ by region in production.)
        const std::string at = std::to_string(1767225600000LL);  // 2026-01-01T00:00:00Z
        HttpClient on_a("127.0.0.1", a_->port()), on_b("127.0.0.1", b_->port());
        auto round = call(on_a, "/test/status/control?set_ms=" + at + "&probe=1");
        CPPUNIT_ASSERT_EQUAL(size_t(4), round->getArray("samples")->size());
        call(on_b, "/test/status/control?set_ms=" + at);  // b reads the history again
        auto st = call(on_b, "/api/v1/status");
        // Of a's four samples, b's targets share one URL: that check is in b's figures.
        CPPUNIT_ASSERT_EQUAL(1, st->getObject("overall")->getValue<int>("checks_24h"));
        CPPUNIT_ASSERT_EQUAL(4, call(on_a, "/api/v1/status")->getObject("overall")->getValue<int>("checks_24h"));
    }

private:
    std::unique_ptr<RedisServer> redis_;
    std::unique_ptr<PostgresServer> pg_;
    std::unique_ptr<Service> a_, b_;
};
CPPUNIT_TEST_SUITE_REGISTRATION(PostgresStoreTest);
