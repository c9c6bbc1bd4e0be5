// The cluster counters route an ask by the slot of its caller
// (RedisClusterCounters::slotOf); the script call's keys (RedisCounterScript)
// must all sit in that slot, or the master refuses the call (CROSSSLOT) or
// another owns it. Checked on the keys of a real call, for callers of every
// kind, with and without a challenge solution.
#include "host/store/redis/RedisClusterCounters.h"
#include "host/store/redis/RedisCounterScript.h"
#include "host/store/redis/RedisLink.h"
#include "host/store/redis/RedisSlot.h"

#include <cppunit/extensions/HelperMacros.h>

#include <hiredis/hiredis.h>

#include <set>

using namespace ipfacts;
using namespace ipfacts::store;

namespace {

/// The EVALSHA call appendCounterCall writes for `asks`, as Redis reads it.
RedisReply callOf(const std::vector<CounterAsk>& asks) {
    std::string wire;
    appendCounterCall(wire, "ipf:", asks.data(), asks.size());
    redisReader* reader = redisReaderCreate();
    redisReaderFeed(reader, wire.data(), wire.size());
    void* raw = nullptr;
    CPPUNIT_ASSERT_EQUAL(REDIS_OK, redisReaderGetReply(reader, &raw));
    redisReaderFree(reader);
    CPPUNIT_ASSERT(raw != nullptr);
    RedisReply call = toRedisReply(*static_cast<redisReply*>(raw));
    freeReplyObject(raw);
    return call;
}

CounterAsk askOf(uint8_t rate_class, uint8_t kind, uint8_t last, const std::string& solution) {
    CounterAsk a;
    a.key.bytes[0] = rate_class;
    a.key.bytes[1] = kind;
    a.key.bytes[17] = last;
    a.key.bytes[5] = static_cast<uint8_t>(last * 7);
    a.quota = manifest::Quota{10, 100, 5};
    a.now_s = 1795800000;
    a.pass.signature = solution;
    a.pass.expires_unix = solution.empty() ? 0 : 1795800300;
    return a;
}

}  // namespace

class RedisClusterSlotTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RedisClusterSlotTest);
    CPPUNIT_TEST(everyKeyOfAnAskIsInItsCallersSlot);
    CPPUNIT_TEST(theRateClassDoesNotMoveACaller);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyKeyOfAnAskIsInItsCallersSlot() {
        std::set<int> slots;
        for (uint8_t kind : {4, 6, 0x6b})
            for (uint8_t last = 0; last < 20; ++last) {
                // With a solution sent every key is named: the windows, the mark, the replay record.
                const CounterAsk ask = askOf(2, kind, last, last % 3 ? "" : "sig" + std::to_string(last));
                const RedisReply call = callOf({ask});
                // EVALSHA <sha> <numkeys> <keys...> <values...>
                CPPUNIT_ASSERT_EQUAL(std::string("EVALSHA"), call.elements.at(0).text);
                const size_t keys = std::stoul(call.elements.at(2).text);
                CPPUNIT_ASSERT(keys >= 2);
                const int slot = RedisClusterCounters::slotOf(ask.key);
                slots.insert(slot);
                for (size_t k = 0; k < keys; ++k) {
                    const std::string& key = call.elements.at(3 + k).text;
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(key, slot, redisSlot(key));
                }
            }
        CPPUNIT_ASSERT(slots.size() > 40);  // callers spread over slots
    }
    void theRateClassDoesNotMoveACaller() {
        CPPUNIT_ASSERT_EQUAL(RedisClusterCounters::slotOf(askOf(0, 4, 9, "").key),
                             RedisClusterCounters::slotOf(askOf(7, 4, 9, "").key));
        CPPUNIT_ASSERT(RedisClusterCounters::slotOf(askOf(0, 4, 9, "").key) !=
                       RedisClusterCounters::slotOf(askOf(0, 6, 9, "").key));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(RedisClusterSlotTest);
