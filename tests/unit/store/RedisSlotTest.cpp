// The Redis Cluster hash slot: CRC16/XMODEM of the key, or of its hash tag,
// modulo 16384, checked against the values Redis's cluster specification
// gives and against the slots redis-server itself reports (CLUSTER KEYSLOT).
#include "host/store/redis/RedisSlot.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::store;

class RedisSlotTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RedisSlotTest);
    CPPUNIT_TEST(crc16IsXmodem);
    CPPUNIT_TEST(slotsAreRedisOwn);
    CPPUNIT_TEST(aHashTagChoosesTheSlot);
    CPPUNIT_TEST(anEmptyOrOpenTagIsNoTag);
    CPPUNIT_TEST_SUITE_END();

public:
    void crc16IsXmodem() {
        CPPUNIT_ASSERT_EQUAL(0x31C3, static_cast<int>(redisCrc16("123456789")));
        CPPUNIT_ASSERT_EQUAL(0, static_cast<int>(redisCrc16("")));
    }
    void slotsAreRedisOwn() {
        // As `redis-cli CLUSTER KEYSLOT <key>` answers (Redis 7.0).
        CPPUNIT_ASSERT_EQUAL(12739, redisSlot("123456789"));
        CPPUNIT_ASSERT_EQUAL(12182, redisSlot("foo"));
        CPPUNIT_ASSERT_EQUAL(5061, redisSlot("bar"));
        CPPUNIT_ASSERT_EQUAL(0, redisSlot(""));
    }
    void aHashTagChoosesTheSlot() {
        CPPUNIT_ASSERT_EQUAL(redisSlot("user1000"), redisSlot("{user1000}.following"));
        CPPUNIT_ASSERT_EQUAL(redisSlot("user1000"), redisSlot("{user1000}.followers"));
        // Only the first "{" and the first "}" after it count.
        CPPUNIT_ASSERT_EQUAL(redisSlot("bar"), redisSlot("foo{bar}{zap}"));
        CPPUNIT_ASSERT_EQUAL(redisSlot("{bar"), redisSlot("foo{{bar}}zap"));
        // The counters' keys: every window of one caller in the caller's slot.
        CPPUNIT_ASSERT_EQUAL(redisSlot("ipf:{0a01}m:29000000"), redisSlot("ipf:{0a01}d:20000"));
    }
    void anEmptyOrOpenTagIsNoTag() {
        CPPUNIT_ASSERT_EQUAL(static_cast<int>(redisCrc16("foo{}{bar}") % 16384), redisSlot("foo{}{bar}"));
        CPPUNIT_ASSERT_EQUAL(static_cast<int>(redisCrc16("foo{bar") % 16384), redisSlot("foo{bar"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(RedisSlotTest);
