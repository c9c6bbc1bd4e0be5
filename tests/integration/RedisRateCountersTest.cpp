// RedisRateCounters against a real redis-server (tests/store/RedisServer),
// driven as an event loop drives them: on the test's own epoll set, the
// round's asks sent together by send(), the replies read when the socket is
// ready. A round's asks go to Redis as ONE script call, and inside it each
// ask is decided in order, as exactly as if it had a call of its own: a limit
// of 4 admits the first 4 asks of a round of 10, a challenge solution sent
// twice in one round is accepted once, and a round larger than one call's
// share is split into several calls in one write with every count in order.
// One caller's keys share a cluster hash tag. A reply that does not come in
// time, and a Redis that is gone, are answered `unavailable`, and counting
// resumes by itself once Redis answers again.
#include "host/ratelimit/ServiceClock.h"
#include "host/store/redis/RedisLink.h"
#include "host/store/redis/RedisRateCounters.h"
#include "tests/store/RedisServer.h"

#include <cppunit/extensions/HelperMacros.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <string>
#include <thread>
#include <vector>

using namespace ipfacts;
using ratelimit::RateDecision;

namespace {

/// The decisions of asks, in ask order.
struct Decisions {
    std::vector<RateDecision> got;
    size_t answered = 0;

    explicit Decisions(size_t n) : got(n) {}
    ratelimit::SharedCounters::Done slot(size_t i) {
        return [this, i](const RateDecision& d) {
            got[i] = d;
            ++answered;
        };
    }
    bool all() const { return answered == got.size(); }
};

/// One event loop's counters, turned by the test on an epoll set of its own.
class LoopDriver {
public:
    explicit LoopDriver(const store::RedisCountersConfig& config) : epfd_(epoll_create1(EPOLL_CLOEXEC)) {
        counters = std::make_unique<store::RedisRateCounters>(config, ratelimit::LoopSeat{epfd_, 7, &clock_});
    }
    ~LoopDriver() {
        counters.reset();
        ::close(epfd_);
    }
    /// Turns (wait, ready, tick) until `done` holds; false after 10 s, a bound, not a synchronisation.
    bool turnUntil(const std::function<bool()>& done) {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!done()) {
            if (std::chrono::steady_clock::now() > give_up) return false;
            epoll_event ev[4];
            const int n = epoll_wait(epfd_, ev, 4, 20);
            for (int i = 0; i < n; ++i) {
                CPPUNIT_ASSERT_EQUAL(uint64_t(7), ev[i].data.u64);
                counters->ready(ev[i].events);
            }
            counters->tick();
        }
        return true;
    }
    std::unique_ptr<store::RedisRateCounters> counters;

private:
    int epfd_;
    ratelimit::ServiceClock clock_{false};
};

ratelimit::CounterKey keyOf(uint8_t who) {
    ratelimit::CounterKey k;
    k.bytes[0] = 1, k.bytes[1] = 4, k.bytes[2] = who;
    return k;
}

int64_t commandCalls(int port, const std::string& command) {
    store::RedisLink link("127.0.0.1", port, 2000);
    auto replies = link.run({{"INFO", "commandstats"}});
    const std::string& text = replies.at(0).text;
    const std::string tag = "cmdstat_" + command + ":calls=";
    size_t at = text.find(tag);
    return at == std::string::npos ? 0 : std::stoll(text.substr(at + tag.size()));
}

/// EVALSHA calls Redis has run since the last CONFIG RESETSTAT.
int64_t evalshaCalls(int port) { return commandCalls(port, "evalsha"); }

manifest::Quota quotaOf(int64_t per_minute, int64_t per_day, int64_t challenge_after = 0) {
    manifest::Quota q;
    q.per_minute = per_minute, q.per_day = per_day, q.challenge_after = challenge_after;
    return q;
}

void resetStats(int port) {
    store::RedisLink link("127.0.0.1", port, 2000);
    link.run({{"CONFIG", "RESETSTAT"}});
}

std::vector<std::string> keysLike(int port, const std::string& pattern) {
    store::RedisLink link("127.0.0.1", port, 2000);
    std::vector<std::string> out;
    const auto replies = link.run({{"KEYS", pattern}});
    for (const auto& e : replies.at(0).elements) out.push_back(e.text);
    return out;
}

}  // namespace

class RedisRateCountersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RedisRateCountersTest);
    CPPUNIT_TEST(aRoundIsOneCallDecidedInOrder);
    CPPUNIT_TEST(aSolutionSentTwiceInOneRoundIsAcceptedOnce);
    CPPUNIT_TEST(aRoundLargerThanOneCallIsSplitAndStaysExact);
    CPPUNIT_TEST(oneCallersKeysShareAHashTag);
    CPPUNIT_TEST(aReplyNotInTimeIsAnsweredUnavailable);
    CPPUNIT_TEST(aStoppedRedisIsAnsweredUnavailableThenCountsAgain);
    CPPUNIT_TEST_SUITE_END();

    testing::RedisServer redis_;
    std::unique_ptr<LoopDriver> loop_;
    const int64_t now_ = static_cast<int64_t>(std::time(nullptr));

    store::RedisCountersConfig config(int timeout_ms = 2000) const {
        store::RedisCountersConfig c;
        c.port = redis_.port();
        c.timeout_ms = timeout_ms;
        return c;
    }

    /// Takes `n` asks of `who` under `quota` (with `pass` if given) in one round.
    std::vector<RateDecision> takeRound(size_t n, uint8_t who, const manifest::Quota& quota,
                                        const ratelimit::ChallengePass* pass = nullptr) {
        Decisions d(n);
        for (size_t i = 0; i < n; ++i) loop_->counters->take(keyOf(who), quota, now_, pass, d.slot(i));
        loop_->counters->send();
        CPPUNIT_ASSERT_MESSAGE("every ask answered", loop_->turnUntil([&] { return d.all(); }));
        return d.got;
    }

    /// One ask alone: connects the link and loads the script before the stats are reset.
    void warmUp() {
        auto d = takeRound(1, 200, quotaOf(1000, 0));
        CPPUNIT_ASSERT(d[0].allowed && !d[0].unavailable);
        resetStats(redis_.port());
    }

public:
    void setUp() override {
        redis_.start();
        loop_ = std::make_unique<LoopDriver>(config());
        warmUp();
    }
    void tearDown() override {
        loop_.reset();
        redis_.stop();
    }

    void aRoundIsOneCallDecidedInOrder() {
        const auto q = quotaOf(4, 1000);
        auto d = takeRound(10, 1, q);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), evalshaCalls(redis_.port()));
        for (size_t i = 0; i < d.size(); ++i) {
            CPPUNIT_ASSERT(!d[i].unavailable);
            CPPUNIT_ASSERT_EQUAL_MESSAGE("ask " + std::to_string(i), i < 4, d[i].allowed);
            // The minute window is the one reported: what is left after this ask.
            CPPUNIT_ASSERT_EQUAL(int64_t(i < 4 ? 3 - int64_t(i) : 0), d[i].remaining);
        }
        CPPUNIT_ASSERT(d[9].retry_after_s > 0 && d[9].retry_after_s <= 60);
        // Refused asks counted nothing: the next round still finds the minute full at 4.
        auto again = takeRound(1, 1, q);
        CPPUNIT_ASSERT(!again[0].allowed);
        CPPUNIT_ASSERT_EQUAL(size_t(2), keysLike(redis_.port(), "ipf:{*}1:m:*").size());  // caller 1, the warm-up's
    }

    void aSolutionSentTwiceInOneRoundIsAcceptedOnce() {
        const auto q = quotaOf(100, 100, 1);
        ratelimit::ChallengePass pass{"a1b2c3", now_ + 600};
        auto d = takeRound(2, 2, q, &pass);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), evalshaCalls(redis_.port()));
        CPPUNIT_ASSERT(d[0].allowed && !d[0].solution_replayed);
        CPPUNIT_ASSERT(!d[1].allowed && d[1].solution_replayed);
        // The solved mark lets the caller on past challenge_after without a pass.
        auto later = takeRound(3, 2, q);
        for (const auto& x : later) CPPUNIT_ASSERT(x.allowed && !x.challenge);
        // Reported against the daily limit, no longer the challenge threshold.
        CPPUNIT_ASSERT_EQUAL(int64_t(100), later[2].limit);
        // Another caller is still challenged past 1 a day.
        auto other = takeRound(2, 9, q);
        CPPUNIT_ASSERT(other[0].allowed);
        CPPUNIT_ASSERT(!other[1].allowed && other[1].challenge);
    }

    void aRoundLargerThanOneCallIsSplitAndStaysExact() {
        auto d = takeRound(700, 3, quotaOf(1000, 300));
        // 256 asks a call: three calls, sent in one write.
        CPPUNIT_ASSERT_EQUAL(int64_t(3), evalshaCalls(redis_.port()));
        for (size_t i = 0; i < d.size(); ++i) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE("ask " + std::to_string(i), i < 300, d[i].allowed);
            if (i < 300) CPPUNIT_ASSERT_EQUAL(int64_t(299 - int64_t(i)), d[i].remaining);
        }
    }

    void oneCallersKeysShareAHashTag() {
        const auto q = quotaOf(100, 100, 1);
        ratelimit::ChallengePass pass{"d4e5f6", now_ + 600};
        CPPUNIT_ASSERT(takeRound(1, 4, q, &pass)[0].allowed);
        // Caller 4: kind 4 (an IPv4 block), then its 16 identity bytes, hex; the rate class (1) after the tag.
        const std::string tag = "ipf:{0404" + std::string(30, '0') + "}";
        auto keys = keysLike(redis_.port(), tag + "*");
        CPPUNIT_ASSERT_EQUAL(size_t(4), keys.size());  // minute, day, solved mark, replay record
        const std::string minute = std::to_string(now_ / 60), day = std::to_string(now_ / 86400);
        for (const std::string& k : {tag + "1:m:" + minute, tag + "1:d:" + day, tag + "1:s:" + day, tag + "r:d4e5f6"})
            CPPUNIT_ASSERT_MESSAGE(k, std::find(keys.begin(), keys.end(), k) != keys.end());
    }

    void aReplyNotInTimeIsAnsweredUnavailable() {
        loop_ = std::make_unique<LoopDriver>(config(200));
        CPPUNIT_ASSERT(!takeRound(1, 5, quotaOf(100, 0))[0].unavailable);
        // Redis busy in a script for two seconds or so, from another connection:
        // our reply waits behind it. A count, had it been waited for, would
        // not say `unavailable`: the answers below came at the deadline.
        std::thread busy([port = redis_.port()] {
            store::RedisLink link("127.0.0.1", port, 10000);
            link.run({{"EVAL",
                       "local e = tonumber(redis.call('TIME')[1]) + 2 "
                       "repeat until tonumber(redis.call('TIME')[1]) > e",
                       "0"}});
        });
        CPPUNIT_ASSERT_MESSAGE("redis busy", redisBusy());
        auto late = takeRound(3, 5, quotaOf(100, 0));
        busy.join();
        for (const auto& d : late) CPPUNIT_ASSERT(d.unavailable);
        CPPUNIT_ASSERT(loop_->counters->down());
        // Redis is free again: after the backoff the link connects anew and counts.
        std::vector<RateDecision> next;
        CPPUNIT_ASSERT(loop_->turnUntil([&] {
            next = takeRound(1, 5, quotaOf(100, 0));
            return !next[0].unavailable;
        }));
        // 1 before, 1 now; the 3 late asks too when Redis ran them once free
        // (their connection was closed by then; whether Redis reads a closed
        // client's last command is its business).
        CPPUNIT_ASSERT(next[0].remaining == 98 || next[0].remaining == 95);
    }

    /// Waits until a PING goes unanswered for 100 ms (the busy script runs); false after 10 s.
    bool redisBusy() const {
        for (int i = 0; i < 100; ++i) {
            try {
                store::RedisLink link("127.0.0.1", redis_.port(), 100);
                link.run({{"PING"}});
            } catch (const store::RedisDown&) {
                return true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return false;
    }

    void aStoppedRedisIsAnsweredUnavailableThenCountsAgain() {
        CPPUNIT_ASSERT(!takeRound(1, 6, quotaOf(100, 0))[0].unavailable);
        redis_.stop();
        // The closed connection is seen at once; then, until the backoff ends, asks are answered in take().
        auto away = takeRound(2, 6, quotaOf(100, 0));
        for (const auto& d : away) CPPUNIT_ASSERT(d.unavailable);
        Decisions at_once(1);
        loop_->counters->take(keyOf(6), quotaOf(100, 0), now_, nullptr, at_once.slot(0));
        CPPUNIT_ASSERT(at_once.all() && at_once.got[0].unavailable);
        CPPUNIT_ASSERT(loop_->counters->down());
        redis_.restart();  // empty
        std::vector<RateDecision> back;
        CPPUNIT_ASSERT(loop_->turnUntil([&] {
            back = takeRound(1, 6, quotaOf(100, 0));
            return !back[0].unavailable;
        }));
        CPPUNIT_ASSERT(back[0].allowed);
        CPPUNIT_ASSERT_EQUAL(int64_t(99), back[0].remaining);
        CPPUNIT_ASSERT(!loop_->counters->down());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RedisRateCountersTest);
