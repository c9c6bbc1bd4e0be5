// RedisRateCounters against a real redis-server (tests/store/RedisServer):
// asks held together (hold/send, as an event loop does over one round of
// events) go to Redis as ONE script call, and inside it each ask is decided
// in order, as exactly as if it had a call of its own: a limit of 4 admits
// the first 4 asks of a batch of 10, a challenge solution sent twice in one
// batch is accepted once, and a batch larger than one call's share is split
// into several calls in one round trip with every count in order.
#include "host/store/redis/RedisLink.h"
#include "host/store/redis/RedisRateCounters.h"
#include "tests/store/RedisServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <string>
#include <vector>

using namespace ipfacts;
using ratelimit::RateDecision;

namespace {

/// Collects the decisions of asks, in ask order, and waits for all of them.
struct Decisions {
    std::mutex mu;
    std::condition_variable cv;
    std::vector<RateDecision> got;
    size_t answered = 0;

    explicit Decisions(size_t n) : got(n) {}
    ratelimit::SharedCounters::Done slot(size_t i) {
        return [this, i](const RateDecision& d) {
            std::lock_guard<std::mutex> lock(mu);
            got[i] = d;
            ++answered;
            cv.notify_all();
        };
    }
    bool waitAll() {
        std::unique_lock<std::mutex> lock(mu);
        // A bound, not a synchronisation: every ask is answered within the link's timeout.
        return cv.wait_for(lock, std::chrono::seconds(10), [this] { return answered == got.size(); });
    }
};

ratelimit::CounterKey keyOf(uint8_t who) {
    ratelimit::CounterKey k;
    k.bytes[0] = 1, k.bytes[1] = 1, k.bytes[2] = who;
    return k;
}

/// EVALSHA calls Redis has run since the last CONFIG RESETSTAT.
int64_t evalshaCalls(int port) {
    store::RedisLink link("127.0.0.1", port, 2000);
    auto replies = link.run({{"INFO", "commandstats"}});
    const std::string& text = replies.at(0).text;
    const std::string tag = "cmdstat_evalsha:calls=";
    size_t at = text.find(tag);
    return at == std::string::npos ? 0 : std::stoll(text.substr(at + tag.size()));
}

manifest::Quota quotaOf(int64_t per_minute, int64_t per_day, int64_t challenge_after = 0) {
    manifest::Quota q;
    q.per_minute = per_minute, q.per_day = per_day, q.challenge_after = challenge_after;
    return q;
}

void resetStats(int port) {
    store::RedisLink link("127.0.0.1", port, 2000);
    link.run({{"CONFIG", "RESETSTAT"}});
}

}  // namespace

class RedisRateCountersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RedisRateCountersTest);
    CPPUNIT_TEST(aHeldBatchIsOneCallDecidedInOrder);
    CPPUNIT_TEST(aSolutionSentTwiceInOneBatchIsAcceptedOnce);
    CPPUNIT_TEST(aBatchLargerThanOneCallIsSplitAndStaysExact);
    CPPUNIT_TEST_SUITE_END();

    testing::RedisServer redis_;
    std::unique_ptr<store::RedisRateCounters> counters_;
    const int64_t now_ = static_cast<int64_t>(std::time(nullptr));

    store::RedisCountersConfig config() const {
        store::RedisCountersConfig c;
        c.port = redis_.port();
        c.timeout_ms = 2000;
        return c;
    }

    /// Takes `n` asks of `who` under `quota` (with `pass` if given) as one held batch.
    std::vector<RateDecision> takeHeld(size_t n, uint8_t who, const manifest::Quota& quota,
                                       const ratelimit::ChallengePass* pass = nullptr) {
        Decisions d(n);
        counters_->hold();
        for (size_t i = 0; i < n; ++i) counters_->take(keyOf(who), quota, now_, pass, d.slot(i));
        counters_->send();
        CPPUNIT_ASSERT_MESSAGE("every ask answered", d.waitAll());
        return d.got;
    }

    /// One ask alone: connects the link and loads the script before the stats are reset.
    void warmUp() {
        auto d = takeHeld(1, 200, quotaOf(1000, 0));
        CPPUNIT_ASSERT(d[0].allowed && !d[0].unavailable);
        resetStats(redis_.port());
    }

public:
    void setUp() override {
        redis_.start();
        counters_ = std::make_unique<store::RedisRateCounters>(config());
        warmUp();
    }
    void tearDown() override {
        counters_.reset();
        redis_.stop();
    }

    void aHeldBatchIsOneCallDecidedInOrder() {
        const auto q = quotaOf(4, 1000);
        auto d = takeHeld(10, 1, q);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), evalshaCalls(redis_.port()));
        for (size_t i = 0; i < d.size(); ++i) {
            CPPUNIT_ASSERT(!d[i].unavailable);
            CPPUNIT_ASSERT_EQUAL_MESSAGE("ask " + std::to_string(i), i < 4, d[i].allowed);
            // The minute window is the one reported: what is left after this ask.
            CPPUNIT_ASSERT_EQUAL(int64_t(i < 4 ? 3 - int64_t(i) : 0), d[i].remaining);
        }
        CPPUNIT_ASSERT(d[9].retry_after_s > 0 && d[9].retry_after_s <= 60);
        // Refused asks counted nothing: the next batch still finds the minute full at 4.
        auto again = takeHeld(1, 1, q);
        CPPUNIT_ASSERT(!again[0].allowed);
        store::RedisLink link("127.0.0.1", redis_.port(), 2000);
        auto keys = link.run({{"KEYS", "ipf:m:*"}});
        CPPUNIT_ASSERT_EQUAL(size_t(2), keys.at(0).elements.size());  // caller 1 and the warm-up's
    }

    void aSolutionSentTwiceInOneBatchIsAcceptedOnce() {
        const auto q = quotaOf(100, 100, 1);
        ratelimit::ChallengePass pass{"a1b2c3", now_ + 600};
        auto d = takeHeld(2, 2, q, &pass);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), evalshaCalls(redis_.port()));
        CPPUNIT_ASSERT(d[0].allowed && !d[0].solution_replayed);
        CPPUNIT_ASSERT(!d[1].allowed && d[1].solution_replayed);
        // The solved mark lets the caller on past challenge_after without a pass.
        auto later = takeHeld(3, 2, q);
        for (const auto& x : later) CPPUNIT_ASSERT(x.allowed && !x.challenge);
    }

    void aBatchLargerThanOneCallIsSplitAndStaysExact() {
        auto d = takeHeld(700, 3, quotaOf(1000, 300));
        // 256 asks a call: three calls, sent in one write.
        CPPUNIT_ASSERT_EQUAL(int64_t(3), evalshaCalls(redis_.port()));
        for (size_t i = 0; i < d.size(); ++i) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE("ask " + std::to_string(i), i < 300, d[i].allowed);
            if (i < 300) CPPUNIT_ASSERT_EQUAL(int64_t(299 - int64_t(i)), d[i].remaining);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RedisRateCountersTest);
