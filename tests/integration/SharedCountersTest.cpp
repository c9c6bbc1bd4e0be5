// store.counters: redis. Two ipfactsd nodes share one real redis-server
// (tests/store/RedisServer): a per-minute limit of N admits exactly N
// requests across both nodes under concurrent load, for several N; with
// Redis stopped mid-run no request fails: each node counts on its own
// meanwhile (X-RateLimit-Policy: unavailable, at most the limit per node,
// each such answer in /metrics); started again, shared counting resumes by
// itself without refusing callers for what they did while it was away;
// a bot challenge solved on one node lets its caller on at the other, once.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"
#include "tests/store/RedisServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <openssl/sha.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

using namespace ipfacts::testing;

namespace {

const int kLimits[] = {1, 7, 40};
const int kAwayLimit = 5;  // class sharedaway, a minute

/// The suite's manifest with the counters in Redis, a class `sharedN` of N a
/// minute for each of kLimits (routes /sharedN/ip), `sharedaway` and
/// `sharedbig` for load; a metrics listener on a port it puts in `*metrics_port`.
std::function<void(std::string&)> sharedManifest(int redis_port, int* metrics_port) {
    return [redis_port, metrics_port](std::string& m) {
        std::string classes = "rate_classes:\n", routes = "routes:\n";
        auto add = [&](const std::string& name, int per_minute) {
            classes += "  " + name + ":\n    anonymous: { per_minute: " + std::to_string(per_minute) +
                       ", per_day: 1000000 }\n";
            routes += "  - { path: /" + name + "/ip, handler: ip.address, rate_class: " + name +
                      ", cache_control: \"private, no-store\" }\n";
        };
        for (int n : kLimits) add("shared" + std::to_string(n), n);
        add("sharedaway", kAwayLimit);
        add("sharedbig", 1000000);
        classes += "  sharedchallenge:\n    anonymous: { per_minute: 100, per_day: 4, challenge_after: 1 }\n";
        routes +=
            "  - { path: /sharedchallenge/ip, handler: ip.address, rate_class: sharedchallenge, cache_control: "
            "\"no-store\" }\n";
        m.replace(m.find("rate_classes:\n"), 14, classes);
        m.replace(m.find("routes:\n"), 8, routes);
        m += "\nstore: { counters: redis, redis: { port: " + std::to_string(redis_port) + ", timeout_ms: 500 } }\n";
        m += "challenge: { difficulty: 8 }\n";
        *metrics_port = freeLoopbackPort();  // chosen anew on every start attempt
        m += "metrics:\n  listen: [\"127.0.0.1:" + std::to_string(*metrics_port) + "\"]\n";
    };
}

/// The node's ipfacts_ratelimit_unavailable_total.
long long unavailableTotal(int metrics_port) {
    HttpClient c("127.0.0.1", metrics_port);
    const std::string body = c.get("/metrics").body;
    const std::string name = "\nipfacts_ratelimit_unavailable_total ";
    const size_t at = body.find(name);
    CPPUNIT_ASSERT_MESSAGE(body, at != std::string::npos);
    return std::stoll(body.substr(at + name.size()));
}

/// "<token> <nonce>" solving `token` at 8 bits (the manifest's difficulty here).
std::string solve(const std::string& token) {
    for (int n = 0;; ++n) {
        const std::string data = token + std::to_string(n);
        unsigned char d[SHA256_DIGEST_LENGTH];
        SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), d);
        if (d[0] == 0) return token + " " + std::to_string(n);
    }
}

struct Tally {
    std::mutex mu;
    std::map<int, int> statuses;
    std::map<std::string, int> policies;
    std::set<std::string> resets;  // X-RateLimit-Reset values seen: the minutes the requests fell in
    Tally() = default;
    Tally& operator=(Tally&& o) noexcept {
        statuses = std::move(o.statuses), policies = std::move(o.policies), resets = std::move(o.resets);
        return *this;
    }
    void add(const HttpReply& r) {
        std::lock_guard<std::mutex> lock(mu);
        ++statuses[r.status];
        ++policies[r.header("X-RateLimit-Policy").value_or("-")];
        if (auto reset = r.header("X-RateLimit-Reset")) resets.insert(*reset);
    }
};

/// Client threads sending a bounded loop of requests until stopped; stopped
/// and joined when it goes, also when an assertion leaves the test early.
struct BoundedLoad {
    std::atomic<bool> stop{false};
    std::vector<std::thread> threads;
    void finish() {
        stop = true;
        for (auto& t : threads)
            if (t.joinable()) t.join();
    }
    ~BoundedLoad() { finish(); }
};

}  // namespace

class SharedCountersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SharedCountersTest);
    CPPUNIT_TEST(aMinuteLimitHoldsExactlyAcrossTwoNodes);
    CPPUNIT_TEST(redisStoppedMidRunServesUnavailableThenResumes);
    CPPUNIT_TEST(whileRedisIsAwayEachNodeHoldsTheLimit);
    CPPUNIT_TEST(aSolvedChallengeHoldsOnEveryNodeOnce);
    CPPUNIT_TEST(pipelinedRequestsWaitingForTheirCountAnswerInOrder);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        redis_ = std::make_unique<RedisServer>();
        redis_->start();
        a_ = std::make_unique<Service>("shared-a", sharedManifest(redis_->port(), &metrics_a_));
        b_ = std::make_unique<Service>("shared-b", sharedManifest(redis_->port(), &metrics_b_));
        a_->start();
        b_->start();
        b_->shareSecretOf(*a_);
    }
    void tearDown() override {
        a_.reset();
        b_.reset();
        redis_.reset();
    }

    // A request parked for its count leaves its socket in the epoll set (the
    // loop no longer takes it out and puts it back for each count): pipelined
    // requests behind it are answered after it, each counted, in order. A
    // client that hangs up while its request waits leaves the node answering.
    void pipelinedRequestsWaitingForTheirCountAnswerInOrder() {
        HttpClient c("127.0.0.1", a_->port(), false, "127.0.0.61");
        // Five writes back to back, none waiting for an answer: read together or
        // (arriving while an earlier one waits for Redis) after it; same answers.
        for (int i = 0; i < 5; ++i)
            c.sendRaw("GET /sharedbig/ip?_=" + std::to_string(i) + " HTTP/1.1\r\nHost: t\r\n\r\n");
        long long last = -1;
        for (int i = 0; i < 5; ++i) {
            auto r = c.read();
            CPPUNIT_ASSERT_MESSAGE("answer " + std::to_string(i), r.has_value());
            CPPUNIT_ASSERT_EQUAL(200, r->status);
            CPPUNIT_ASSERT_EQUAL(std::string("sharedbig:anonymous"), r->header("X-RateLimit-Policy").value_or("-"));
            const long long left = std::stoll(r->header("X-RateLimit-Remaining").value_or("-1"));
            if (i > 0) CPPUNIT_ASSERT_EQUAL(last - 1, left);  // counted one by one, in order
            last = left;
        }
        {
            HttpClient gone("127.0.0.1", a_->port(), false, "127.0.0.62");
            gone.sendRaw("GET /sharedbig/ip HTTP/1.1\r\nHost: t\r\n\r\n");
        }  // closed at once, its request most likely still parked
        CPPUNIT_ASSERT_EQUAL(200, c.get("/sharedbig/ip").status);
    }

    void aMinuteLimitHoldsExactlyAcrossTwoNodes() {
        int source = 40;
        for (int n : kLimits) {
            // 8 clients, half on each node, all from one address, 3N + 8 requests in all.
            const int clients = 8, each = (3 * n + 8 + clients - 1) / clients;
            Tally tally;
            // A burst that straddled a minute (two X-RateLimit-Reset values) proves
            // nothing: it runs again from a fresh address, instead of waiting for
            // the middle of a minute before each.
            for (bool straddled = true; straddled;) {
                CPPUNIT_ASSERT(source < 60);
                const std::string from = "127.0.0." + std::to_string(source++);
                tally = Tally();
                std::vector<std::thread> threads;
                for (int t = 0; t < clients; ++t)
                    threads.emplace_back([&, t] {
                        HttpClient c("127.0.0.1", (t % 2 ? b_ : a_)->port(), false, from);
                        for (int i = 0; i < each; ++i) tally.add(c.get("/shared" + std::to_string(n) + "/ip"));
                    });
                for (auto& th : threads) th.join();
                straddled = tally.resets.size() != 1;
            }
            std::printf("\n  limit %d a minute, %d requests over two nodes: %d x 200, %d x 429", n, clients * each,
                        tally.statuses[200], tally.statuses[429]);
            CPPUNIT_ASSERT_EQUAL(n, tally.statuses[200]);
            CPPUNIT_ASSERT_EQUAL(clients * each - n, tally.statuses[429]);
            CPPUNIT_ASSERT_EQUAL(0, tally.policies["unavailable"]);
        }
        std::printf("\n");
    }

    void redisStoppedMidRunServesUnavailableThenResumes() {
        // Load on both nodes throughout, while Redis goes away and comes back.
        std::atomic<bool> stop{false};
        Tally tally;
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                HttpClient c("127.0.0.1", (t % 2 ? b_ : a_)->port(), false, "127.0.0.60");
                for (int i = 0; i < 20000 && !stop.load(); ++i) tally.add(c.get("/sharedbig/ip"));
            });
        HttpClient probe("127.0.0.1", a_->port(), false, "127.0.0.61");
        auto policyNow = [&] { return probe.get("/sharedbig/ip").header("X-RateLimit-Policy").value_or("-"); };
        CPPUNIT_ASSERT_EQUAL(std::string("sharedbig:anonymous"), policyNow());

        redis_->stop();
        // The first batch after the stop fails on the closed connection: no time to wait for.
        CPPUNIT_ASSERT_EQUAL(std::string("unavailable"), policyNow());
        CPPUNIT_ASSERT_EQUAL(std::string("unavailable"), policyNow());

        redis_->restart();
        const auto back = std::chrono::steady_clock::now();
        std::string policy;
        // Counting resumes with the next attempt (at most a second after the failure).
        for (int i = 0; i < 100 && (policy = policyNow()) == "unavailable"; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const auto resumed_ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - back).count();
        CPPUNIT_ASSERT_EQUAL(std::string("sharedbig:anonymous"), policy);
        // Both nodes count again.
        HttpClient probe_b("127.0.0.1", b_->port(), false, "127.0.0.61");
        for (int i = 0; i < 20 && probe_b.get("/sharedbig/ip").header("X-RateLimit-Policy") == "unavailable"; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        CPPUNIT_ASSERT_EQUAL(std::string("sharedbig:anonymous"),
                             probe_b.get("/sharedbig/ip").header("X-RateLimit-Policy").value_or("-"));
        stop = true;
        for (auto& th : threads) th.join();
        int total = 0;
        for (auto& [status, count] : tally.statuses) total += count;
        std::printf(
            "\n  redis stopped and started under load: %d requests, %d x 200, %d counted, %d unavailable; "
            "counting resumed %lld ms after redis was back\n",
            total, tally.statuses[200], tally.policies["sharedbig:anonymous"], tally.policies["unavailable"],
            static_cast<long long>(resumed_ms));
        CPPUNIT_ASSERT_EQUAL(total, tally.statuses[200]);  // not one failed request
        CPPUNIT_ASSERT(tally.policies["unavailable"] > 0);
        CPPUNIT_ASSERT(tally.policies["sharedbig:anonymous"] > 0);
    }

    void aSolvedChallengeHoldsOnEveryNodeOnce() {
        awayFromDayEdge(60);
        // sharedchallenge: a challenge after 1 a day, then a daily limit of 4.
        HttpClient on_a("127.0.0.1", a_->port(), false, "127.0.0.70");
        HttpClient on_b("127.0.0.1", b_->port(), false, "127.0.0.70");
        CPPUNIT_ASSERT_EQUAL(200, on_a.get("/sharedchallenge/ip").status);
        auto challenged = on_b.get("/sharedchallenge/ip");  // the count is shared: b challenges
        CPPUNIT_ASSERT_EQUAL(429, challenged.status);
        const std::string solution =
            solve(parseJson(challenged.body)->getObject("challenge")->getValue<std::string>("token"));
        // Solved on a (a token of b's, same secret), honoured on b.
        CPPUNIT_ASSERT_EQUAL(200, on_a.get("/sharedchallenge/ip", {"X-Challenge-Solution: " + solution}).status);
        auto next = on_b.get("/sharedchallenge/ip");
        CPPUNIT_ASSERT_EQUAL(200, next.status);
        CPPUNIT_ASSERT_EQUAL(std::string("4"), *next.header("X-RateLimit-Limit"));
        CPPUNIT_ASSERT_EQUAL(std::string("1"), *next.header("X-RateLimit-Remaining"));
        // The same solution on the other node: used already.
        auto replay = on_b.get("/sharedchallenge/ip", {"X-Challenge-Solution: " + solution});
        CPPUNIT_ASSERT_EQUAL(400, replay.status);
        CPPUNIT_ASSERT(parseJson(replay.body)->getValue<std::string>("message").find("already used") !=
                       std::string::npos);
        CPPUNIT_ASSERT_EQUAL(200, on_a.get("/sharedchallenge/ip").status);
        auto over = on_b.get("/sharedchallenge/ip");
        CPPUNIT_ASSERT_EQUAL(429, over.status);
        CPPUNIT_ASSERT_EQUAL(std::string("rate_limited"), parseJson(over.body)->getValue<std::string>("error"));
    }

    // Redis stopped under load: a caller gets exactly the limit on each node
    // (not unlimited), nothing fails, /metrics counts every such answer; back,
    // shared counting resumes across the nodes and the caller refused on
    // each node meanwhile is not refused for it now (Redis came back empty
    // here; one that kept its counts did not see the outage's requests either).
    void whileRedisIsAwayEachNodeHoldsTheLimit() {
        Tally load_a, load_b;
        BoundedLoad load;
        for (int t = 0; t < 2; ++t)
            load.threads.emplace_back([&, t] {
                HttpClient c("127.0.0.1", (t ? b_ : a_)->port(), false, "127.0.0.80");
                for (int i = 0; i < 20000 && !load.stop.load(); ++i) (t ? load_b : load_a).add(c.get("/sharedbig/ip"));
            });
        redis_->stop();
        Tally probes_a, probes_b;
        auto awayOn = [&](Service& node, Tally& tally) {
            HttpClient probe("127.0.0.1", node.port(), false, "127.0.0.81");
            for (int i = 0; i < 100; ++i) {
                auto r = probe.get("/sharedbig/ip");
                tally.add(r);
                if (r.header("X-RateLimit-Policy") == "unavailable") return true;
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
            return false;
        };
        CPPUNIT_ASSERT(awayOn(*a_, probes_a) && awayOn(*b_, probes_b));

        // One caller, 3 x the limit on each node, within one minute (a burst
        // that straddled two runs again from a fresh address).
        Tally on_a, on_b;
        std::string caller;
        for (int source = 82, minute = -1; minute != int(std::time(nullptr) / 60); ++source) {
            CPPUNIT_ASSERT(source < 90);
            caller = "127.0.0." + std::to_string(source);
            minute = int(std::time(nullptr) / 60);
            on_a = Tally(), on_b = Tally();
            HttpClient to_a("127.0.0.1", a_->port(), false, caller), to_b("127.0.0.1", b_->port(), false, caller);
            for (int i = 0; i < 3 * kAwayLimit; ++i)
                on_a.add(to_a.get("/sharedaway/ip")), on_b.add(to_b.get("/sharedaway/ip"));
        }
        std::printf("\n  redis away, limit %d a minute: one caller admitted %d on node a, %d on node b of %d each",
                    kAwayLimit, on_a.statuses[200], on_b.statuses[200], 3 * kAwayLimit);
        std::fflush(stdout);  // before redis-server is started again (a fork)
        for (Tally* t : {&on_a, &on_b}) {
            CPPUNIT_ASSERT_EQUAL(kAwayLimit, t->statuses[200]);
            CPPUNIT_ASSERT_EQUAL(2 * kAwayLimit, t->statuses[429]);
            CPPUNIT_ASSERT_EQUAL(3 * kAwayLimit, t->policies["unavailable"]);
        }

        redis_->restart();
        HttpClient back_a("127.0.0.1", a_->port(), false, caller), back_b("127.0.0.1", b_->port(), false, caller);
        // Shared again on both nodes (each loop tries again within a second).
        // Until then the caller is still over its limit on the node (429,
        // unavailable; 200 if the minute turned meanwhile), never failed.
        Tally waiting_a, waiting_b;
        auto firstShared = [](HttpClient& c, Tally& waiting) {
            for (int i = 0; i < 100; ++i) {
                HttpReply r = c.get("/sharedaway/ip");
                if (r.header("X-RateLimit-Policy") != "unavailable") return r;
                waiting.add(r);
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
            return HttpReply{};
        };
        const HttpReply first_a = firstShared(back_a, waiting_a), first_b = firstShared(back_b, waiting_b);
        for (Tally* t : {&waiting_a, &waiting_b}) {
            int total = 0;
            for (auto& [status, count] : t->statuses) total += count;
            CPPUNIT_ASSERT_EQUAL(total, t->statuses[429] + t->statuses[200]);
        }
        // The first shared answers admit the caller the nodes refused while away: no burst of wrong 429s.
        CPPUNIT_ASSERT_EQUAL(std::string("sharedaway:anonymous"), first_a.header("X-RateLimit-Policy").value_or("-"));
        CPPUNIT_ASSERT_EQUAL(std::string("sharedaway:anonymous"), first_b.header("X-RateLimit-Policy").value_or("-"));
        CPPUNIT_ASSERT_EQUAL(200, first_a.status);
        CPPUNIT_ASSERT_EQUAL(200, first_b.status);
        // One count across the nodes again: a fresh caller gets the limit once
        // over both nodes, not once per node (a round that straddled a minute,
        // or met a loop not yet back on Redis, runs again from a fresh address).
        Tally shared_a, shared_b;
        int late_a = 0, late_b = 0;  // unavailable answers of the rounds run again
        for (int source = 90;; ++source) {
            CPPUNIT_ASSERT(source < 110);
            late_a += shared_a.policies["unavailable"], late_b += shared_b.policies["unavailable"];
            shared_a = Tally(), shared_b = Tally();
            const std::string from = "127.0.0." + std::to_string(source);
            HttpClient to_a("127.0.0.1", a_->port(), false, from), to_b("127.0.0.1", b_->port(), false, from);
            for (int i = 0; i < kAwayLimit; ++i)
                shared_a.add(to_a.get("/sharedaway/ip")), shared_b.add(to_b.get("/sharedaway/ip"));
            std::set<std::string> resets = shared_a.resets;
            resets.insert(shared_b.resets.begin(), shared_b.resets.end());
            if (resets.size() == 1 && shared_a.policies["unavailable"] + shared_b.policies["unavailable"] == 0) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        CPPUNIT_ASSERT_EQUAL(kAwayLimit, shared_a.statuses[200] + shared_b.statuses[200]);
        CPPUNIT_ASSERT_EQUAL(kAwayLimit, shared_a.statuses[429] + shared_b.statuses[429]);

        load.finish();
        // Nothing failed: the load all served, every probe served.
        for (Tally* t : {&load_a, &load_b, &probes_a, &probes_b}) {
            int total = 0;
            for (auto& [status, count] : t->statuses) total += count;
            CPPUNIT_ASSERT_EQUAL(total, t->statuses[200]);
        }
        // /metrics counted each answer given while Redis was away, on the node that gave it.
        CPPUNIT_ASSERT_EQUAL(
            static_cast<long long>(load_a.policies["unavailable"] + probes_a.policies["unavailable"] +
                                   on_a.policies["unavailable"] + waiting_a.policies["unavailable"] + late_a),
            unavailableTotal(metrics_a_));
        CPPUNIT_ASSERT_EQUAL(
            static_cast<long long>(load_b.policies["unavailable"] + probes_b.policies["unavailable"] +
                                   on_b.policies["unavailable"] + waiting_b.policies["unavailable"] + late_b),
            unavailableTotal(metrics_b_));
        std::printf("; load while away: %d + %d answers, all 200\n", load_a.policies["unavailable"],
                    load_b.policies["unavailable"]);
    }

private:
    std::unique_ptr<RedisServer> redis_;
    std::unique_ptr<Service> a_, b_;
    int metrics_a_ = 0, metrics_b_ = 0;
};
CPPUNIT_TEST_SUITE_REGISTRATION(SharedCountersTest);
