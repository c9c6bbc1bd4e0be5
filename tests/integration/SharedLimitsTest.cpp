// What nodes share besides the rate counters (docs/operations.md, "What nodes
// share"): two ipfactsd nodes with store.backend: redis+postgres on one real
// redis-server and one real PostgreSQL. Each limit that used to be per node
// holds across both exactly: sign-in mails per recipient, unknown keys per
// caller, the privacy meter, an upstream's budget. Parallel sign-in posts pass
// at most the limit, on one node with Redis, on both nodes, and on one node
// with the SQLite store (the check and the count are one step everywhere).
// With Redis stopped every node counts alone and keeps answering. The shared
// tally's script (sliding windows, giving back, hash-tagged keys) is also
// checked on the server directly.
#include "host/ratelimit/LocalWindowTally.h"
#include "host/store/redis/RedisLink.h"
#include "host/store/redis/RedisWindowTally.h"
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"
#include "tests/store/PostgresServer.h"
#include "tests/store/RedisServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace ipfacts::testing;

namespace {

void replaceOnce(std::string& text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    if (at == std::string::npos) throw std::runtime_error("manifest edit: '" + from + "' not found");
    text.replace(at, from.size(), to);
}

/// The suite's manifest with unknown keys limited per day (5) rather than per
/// minute, so a test never straddles a window; with `store` appended.
std::function<void(std::string&)> limitsManifest(const std::string& store, int metrics_port = 0) {
    return [store, metrics_port](std::string& m) {
        replaceOnce(m, "invalid_key_limit: { per_minute: 5, per_day: 1000 }",
                    "invalid_key_limit: { per_minute: 1000, per_day: 5 }");
        m += store;
        if (metrics_port) m += "metrics:\n  listen: [\"127.0.0.1:" + std::to_string(metrics_port) + "\"]\n";
    };
}

/// The value of `name` (a sample without labels) on /metrics at `port`; -1 when absent.
long long metricOf(int port, const std::string& name) {
    HttpClient c("127.0.0.1", port);
    const std::string body = c.get("/metrics").body;
    const size_t at = body.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stoll(body.substr(at + name.size() + 2));
}

std::string sharedStore(int redis_port, const std::string& conninfo) {
    return "\nstore: { backend: redis+postgres, redis: { port: " + std::to_string(redis_port) +
           " }, postgres: { conninfo: \"" + conninfo + "\", pool: 2 } }\n";
}

/// A sign-in post for `recipient` from `from`: its status.
int askForLink(Service& node, const std::string& from, const std::string& recipient) {
    HttpClient c("127.0.0.1", node.port(), false, from);
    return c.post("/api-keys", "email=" + recipient, {"Content-Type: application/x-www-form-urlencoded"}).status;
}

/// `n` sign-in posts for one recipient at once, spread over `nodes`, each from
/// its own address (127.0.<net>.<i>); how many were answered 202.
int parallelLinks(const std::vector<Service*>& nodes, int n, int net, const std::string& recipient,
                  std::map<int, int>& statuses) {
    std::mutex mu;
    std::vector<std::thread> threads;
    std::atomic<bool> go{false};
    for (int i = 0; i < n; ++i)
        threads.emplace_back([&, i] {
            while (!go.load()) std::this_thread::yield();
            const int status = askForLink(*nodes[i % nodes.size()],
                                          "127.0." + std::to_string(net) + "." + std::to_string(i + 1), recipient);
            std::lock_guard<std::mutex> lock(mu);
            ++statuses[status];
        });
    go = true;
    for (auto& t : threads) t.join();
    return statuses[202];
}

/// A request with a key no node issued, from `from`: its status.
int wrongKey(Service& node, const std::string& from) {
    HttpClient c("127.0.0.1", node.port(), false, from);
    return c.get("/ip", {"Authorization: Bearer ipf_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}).status;
}

std::string meterReason(Service& node, const std::string& from) {
    HttpClient c("127.0.0.1", node.port(), false, from);
    auto r = c.get("/json?full=1");
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    auto reasons = parseJson(r.body)->getObject("reasons");
    return reasons && reasons->has("privacy") ? reasons->getValue<std::string>("privacy") : "";
}

bool meterSpent(const std::string& reason) { return reason.rfind("meter spent:", 0) == 0; }

/// One fetch through `node`'s http facility of an URL on upstream `budgeted`
/// (host localhost, 2 a minute): its error ("" when it was sent).
std::string fetchBudgeted(Service& node, const std::string& from) {
    HttpClient c("127.0.0.1", node.port(), false, from);
    auto r = c.get("/test/fetch?url=" + urlEncode("http://localhost:" + std::to_string(node.port()) + "/ip"));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    auto result = parseJson(r.body)->getArray("results")->getObject(0);
    return result->get("error").isEmpty() ? "" : result->getValue<std::string>("error");
}

}  // namespace

class SharedLimitsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SharedLimitsTest);
    CPPUNIT_TEST(signInSendsAreCountedAcrossNodes);
    CPPUNIT_TEST(parallelSignInPostsPassAtMostTheLimit);
    CPPUNIT_TEST(unknownKeysAreCountedAcrossNodes);
    CPPUNIT_TEST(thePrivacyMeterIsCountedAcrossNodes);
    CPPUNIT_TEST(anUpstreamBudgetIsCountedAcrossNodes);
    CPPUNIT_TEST(withRedisAwayEachNodeCountsAlone);
    CPPUNIT_TEST(theTallyScriptOnRedis);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        Nodes& n = nodes();
        redis_ = n.redis.get(), a_ = n.a.get(), b_ = n.b.get(), metrics_port_ = n.metrics_port;
    }

    // accounts.sends_per_hour_per_recipient is 3 in the suite's manifest.
    void signInSendsAreCountedAcrossNodes() {
        CPPUNIT_ASSERT_EQUAL(202, askForLink(*a_, "127.0.1.1", "across%40example.com"));
        CPPUNIT_ASSERT_EQUAL(202, askForLink(*a_, "127.0.1.2", "across%40example.com"));
        CPPUNIT_ASSERT_EQUAL(202, askForLink(*b_, "127.0.1.3", "across%40example.com"));
        CPPUNIT_ASSERT_EQUAL(429, askForLink(*b_, "127.0.1.4", "across%40example.com"));  // the 4th, on either node
        CPPUNIT_ASSERT_EQUAL(429, askForLink(*a_, "127.0.1.5", "across%40example.com"));
        CPPUNIT_ASSERT_EQUAL(202, askForLink(*b_, "127.0.1.6", "other%40example.com"));  // recipients apart
    }

    void parallelSignInPostsPassAtMostTheLimit() {
        const int n = 16;
        std::map<int, int> one, two, sqlite;
        const int on_one = parallelLinks({a_}, n, 2, "race1%40example.com", one);
        const int on_two = parallelLinks({a_, b_}, n, 3, "race2%40example.com", two);
        Service alone("limits-sqlite", limitsManifest(""));
        alone.start();
        const int on_sqlite = parallelLinks({&alone}, n, 4, "race3%40example.com", sqlite);
        std::printf(
            "\n  %d parallel sign-in posts for one recipient (3 an hour): %d x 202 on one node (redis), "
            "%d on two nodes, %d on one node (sqlite)\n",
            n, on_one, on_two, on_sqlite);
        for (auto* statuses : {&one, &two, &sqlite}) {
            CPPUNIT_ASSERT_EQUAL(3, (*statuses)[202]);
            CPPUNIT_ASSERT_EQUAL(n - 3, (*statuses)[429]);
        }
    }

    // keys.invalid_key_limit is 5 a day here.
    void unknownKeysAreCountedAcrossNodes() {
        awayFromDayEdge(60);
        for (int i = 0; i < 3; ++i) CPPUNIT_ASSERT_EQUAL(401, wrongKey(*a_, "127.0.5.1"));
        for (int i = 0; i < 2; ++i) CPPUNIT_ASSERT_EQUAL(401, wrongKey(*b_, "127.0.5.1"));
        CPPUNIT_ASSERT_EQUAL(429, wrongKey(*a_, "127.0.5.1"));
        CPPUNIT_ASSERT_EQUAL(429, wrongKey(*b_, "127.0.5.1"));
        CPPUNIT_ASSERT_EQUAL(401, wrongKey(*b_, "127.0.5.2"));  // callers apart
    }

    // meters.privacy is 3 a day in the suite's manifest.
    void thePrivacyMeterIsCountedAcrossNodes() {
        awayFromDayEdge(60);
        CPPUNIT_ASSERT(!meterSpent(meterReason(*a_, "127.0.6.1")));
        CPPUNIT_ASSERT(!meterSpent(meterReason(*a_, "127.0.6.1")));
        CPPUNIT_ASSERT(!meterSpent(meterReason(*b_, "127.0.6.1")));
        const std::string spent = meterReason(*b_, "127.0.6.1");
        CPPUNIT_ASSERT_MESSAGE(spent, meterSpent(spent));
        CPPUNIT_ASSERT(meterSpent(meterReason(*a_, "127.0.6.1")));
        CPPUNIT_ASSERT(!meterSpent(meterReason(*a_, "127.0.6.2")));  // callers apart
    }

    // Upstream `budgeted` allows 2 requests a minute, for the deployment.
    void anUpstreamBudgetIsCountedAcrossNodes() {
        awayFromMinuteEdge(10);
        // From four callers: the budget is the upstream's, whoever asks.
        CPPUNIT_ASSERT_EQUAL(std::string(""), fetchBudgeted(*a_, "127.0.7.1"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), fetchBudgeted(*b_, "127.0.7.2"));
        const std::string refused = "budget: upstream budgeted allows 2 requests a minute";
        CPPUNIT_ASSERT_EQUAL(refused, fetchBudgeted(*a_, "127.0.7.3"));
        CPPUNIT_ASSERT_EQUAL(refused, fetchBudgeted(*b_, "127.0.7.4"));
    }

    void withRedisAwayEachNodeCountsAlone() {
        awayFromDayEdge(60);
        const long long fallbacks_before = metricOf(metrics_port_, "ipfacts_shared_tally_fallbacks_total");
        CPPUNIT_ASSERT_EQUAL(0LL, fallbacks_before);
        redis_->stop();
        // Each node alone: the limit per node (5 unknown keys), and every answer given.
        for (Service* node : {a_, b_}) {
            for (int i = 0; i < 5; ++i) CPPUNIT_ASSERT_EQUAL(401, wrongKey(*node, "127.0.8.1"));
            CPPUNIT_ASSERT_EQUAL(429, wrongKey(*node, "127.0.8.1"));
        }
        CPPUNIT_ASSERT_EQUAL(202, askForLink(*a_, "127.0.8.2", "away%40example.com"));
        CPPUNIT_ASSERT(a_->log().find("shared tally: redis") != std::string::npos);
        // Node a's five wrong keys and its sign-in were counted alone (its 429 was answered from memory).
        CPPUNIT_ASSERT_EQUAL(6LL, metricOf(metrics_port_, "ipfacts_shared_tally_fallbacks_total"));
        // Back: counted in Redis again (a fresh caller; Redis restarted empty).
        redis_->restart();
        std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // past the retry period
        for (int i = 0; i < 3; ++i) CPPUNIT_ASSERT_EQUAL(401, wrongKey(*a_, "127.0.8.3"));
        for (int i = 0; i < 2; ++i) CPPUNIT_ASSERT_EQUAL(401, wrongKey(*b_, "127.0.8.3"));
        CPPUNIT_ASSERT_EQUAL(429, wrongKey(*b_, "127.0.8.3"));
    }

    // The script on the server itself: sliding windows with their wait, giving
    // back, and keys tagged by scope.
    void theTallyScriptOnRedis() {
        ipfacts::store::RedisTallyConfig config;
        config.port = redis_->port();
        config.prefix = "t-test:";
        ipfacts::store::RedisWindowTally tally(config), other_node(config);
        awayFromDayEdge(60);
        const int64_t t0 = std::time(nullptr);  // now: fixed windows expire by the clock of Redis
        const std::vector<ipfacts::ratelimit::TallyLimit> limits{{"r", 3600, 2, true}, {"d", 86400, 0, false}};
        CPPUNIT_ASSERT(tally.take("sc", limits, t0).counted);
        auto second = other_node.take("sc", limits, t0 + 10);
        CPPUNIT_ASSERT(second.counted && !second.fallback);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), second.counts.at(0));
        auto refused = tally.take("sc", limits, t0 + 25);
        CPPUNIT_ASSERT(!refused.counted);
        CPPUNIT_ASSERT_EQUAL(size_t(0), refused.refused_by);
        CPPUNIT_ASSERT_EQUAL(int64_t(3600 - 25), refused.retry_after_s);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), refused.counts.at(1));  // the refused take added nothing
        other_node.giveBack("sc", limits, second);
        auto again = tally.take("sc", limits, t0 + 30);
        CPPUNIT_ASSERT(again.counted);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), again.counts.at(0));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), again.counts.at(1));  // given back from the day count too
        // The keys: one hash tag per scope (one cluster slot), a fixed window's index in its name.
        const std::string day_key = tally.keyOf("sc", limits[1], t0);
        CPPUNIT_ASSERT_EQUAL("t-test:t:{sc}:d:86400:" + std::to_string(t0 / 86400), day_key);
        ipfacts::store::RedisLink link("127.0.0.1", redis_->port(), 1000);
        auto replies = link.run({{"GET", day_key}, {"TTL", day_key}, {"ZCARD", tally.keyOf("sc", limits[0], t0)}});
        CPPUNIT_ASSERT_EQUAL(std::string("2"), replies[0].text);
        CPPUNIT_ASSERT(replies[1].integer > 0);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), replies[2].integer);
        // For the figures only (docs/performance.md): what one take costs, in Redis and in memory.
        const std::vector<ipfacts::ratelimit::TallyLimit> minute_and_day{{"n", 60, 0, false}, {"n", 86400, 0, false}};
        ipfacts::ratelimit::LocalWindowTally local;
        const int takes = 2000;
        auto perTake = [&](ipfacts::ratelimit::WindowTally& t) {
            const auto start = std::chrono::steady_clock::now();
            for (int i = 0; i < takes; ++i) CPPUNIT_ASSERT(t.take("bench", minute_and_day, t0).counted);
            return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / takes;
        };
        const double in_redis = perTake(tally), in_memory = perTake(local);
        std::printf(
            "\n  a take of a minute and a day count: %.1f us in Redis (loopback, one thread), %.2f us in memory\n",
            in_redis, in_memory);
    }

private:
    /// One Redis, one PostgreSQL and two nodes for the whole suite (each test
    /// counts for callers and recipients of its own): started at the first
    /// test, stopped when the suite's process ends, nodes first.
    struct Nodes {
        std::unique_ptr<RedisServer> redis;
        std::unique_ptr<PostgresServer> pg;
        std::unique_ptr<Service> a, b;
        int metrics_port = 0;  // node a's /metrics
    };
    static Nodes& nodes() {
        static Nodes n = [] {
            Nodes made;
            made.redis = std::make_unique<RedisServer>();
            made.redis->start();
            made.pg = std::make_unique<PostgresServer>("shared-limits");
            made.pg->start();
            const std::string store = sharedStore(made.redis->port(), made.pg->conninfo());
            made.metrics_port = freeLoopbackPort();
            made.a = std::make_unique<Service>("limits-a", limitsManifest(store, made.metrics_port));
            made.b = std::make_unique<Service>("limits-b", limitsManifest(store));
            made.a->start();
            made.b->start();
            made.b->shareSecretOf(*made.a);  // so a recipient's address hashes alike on both
            return made;
        }();
        return n;
    }
    RedisServer* redis_ = nullptr;
    Service *a_ = nullptr, *b_ = nullptr;
    int metrics_port_ = 0;
};
CPPUNIT_TEST_SUITE_REGISTRATION(SharedLimitsTest);
