// The slot map read from CLUSTER SLOTS (the wire text redis-server 7.0 sends
// for a three-master cluster, read by hiredis's own reader), corrected by
// MOVED; and the redirections parsed from their error texts.
#include "host/store/redis/ClusterSlotMap.h"
#include "host/store/redis/RedisRedirect.h"

#include <cppunit/extensions/HelperMacros.h>

#include <hiredis/hiredis.h>

#include <memory>
#include <stdexcept>
#include <string>

using namespace ipfacts::store;

namespace {

/// The reply in `wire` (RESP), as hiredis reads it off a socket.
std::unique_ptr<RedisReply> readWire(const std::string& wire) {
    redisReader* reader = redisReaderCreate();
    redisReaderFeed(reader, wire.data(), wire.size());
    void* reply = nullptr;
    const int status = redisReaderGetReply(reader, &reply);
    redisReaderFree(reader);
    CPPUNIT_ASSERT_EQUAL(REDIS_OK, status);
    CPPUNIT_ASSERT(reply != nullptr);
    auto out = std::make_unique<RedisReply>(toRedisReply(*static_cast<redisReply*>(reply)));
    freeReplyObject(reply);
    return out;
}

std::string node(const std::string& host, int port, const std::string& id) {
    return "*4\r\n$" + std::to_string(host.size()) + "\r\n" + host + "\r\n:" + std::to_string(port) + "\r\n$" +
           std::to_string(id.size()) + "\r\n" + id + "\r\n*0\r\n";
}

std::string range(int first, int last, const std::string& master, const std::string& replica = "") {
    return std::string(replica.empty() ? "*3" : "*4") + "\r\n:" + std::to_string(first) +
           "\r\n:" + std::to_string(last) + "\r\n" + master + replica;
}

const RedisNodeAddress kAsked{"127.0.0.1", 7001};

}  // namespace

class ClusterSlotMapTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ClusterSlotMapTest);
    CPPUNIT_TEST(threeMastersCoverEverySlot);
    CPPUNIT_TEST(anEmptyHostIsTheNodeAsked);
    CPPUNIT_TEST(aPartlyServedClusterLeavesSlotsUnserved);
    CPPUNIT_TEST(movedCorrectsOneSlot);
    CPPUNIT_TEST(aMalformedReplyIsRefused);
    CPPUNIT_TEST(redirectionsAreRead);
    CPPUNIT_TEST_SUITE_END();

public:
    void threeMastersCoverEverySlot() {
        const std::string a = node("127.0.0.1", 7001, "aaaa"), b = node("127.0.0.1", 7002, "bbbb"),
                          c = node("127.0.0.1", 7003, "cccc"), replica = node("127.0.0.1", 7004, "dddd");
        // Ranges in any order; a replica listed after its master is not a master.
        auto reply = readWire("*3\r\n" + range(5461, 10922, b) + range(0, 5460, a, replica) + range(10923, 16383, c));
        const auto map = ClusterSlotMap::fromClusterSlots(*reply, kAsked);
        CPPUNIT_ASSERT_EQUAL(size_t(3), map.masters().size());
        CPPUNIT_ASSERT_EQUAL(16384, map.servedSlots());
        CPPUNIT_ASSERT_EQUAL(7001, map.masters()[static_cast<size_t>(map.masterOf(0))].port);
        CPPUNIT_ASSERT_EQUAL(7001, map.masters()[static_cast<size_t>(map.masterOf(5460))].port);
        CPPUNIT_ASSERT_EQUAL(7002, map.masters()[static_cast<size_t>(map.masterOf(5461))].port);
        CPPUNIT_ASSERT_EQUAL(7002, map.masters()[static_cast<size_t>(map.masterOf(10922))].port);
        CPPUNIT_ASSERT_EQUAL(7003, map.masters()[static_cast<size_t>(map.masterOf(16383))].port);
        CPPUNIT_ASSERT_EQUAL(map.masterOf(redisSlot("user1000")), map.masterOf(redisSlot("{user1000}.following")));
    }
    void anEmptyHostIsTheNodeAsked() {
        auto reply = readWire("*1\r\n" + range(0, 16383, node("", 7009, "eeee")));
        const auto map = ClusterSlotMap::fromClusterSlots(*reply, kAsked);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:7009"), map.masters()[0].text());
    }
    void aPartlyServedClusterLeavesSlotsUnserved() {
        auto reply = readWire("*1\r\n" + range(100, 199, node("10.0.0.1", 7001, "aaaa")));
        const auto map = ClusterSlotMap::fromClusterSlots(*reply, kAsked);
        CPPUNIT_ASSERT_EQUAL(100, map.servedSlots());
        CPPUNIT_ASSERT_EQUAL(-1, map.masterOf(99));
        CPPUNIT_ASSERT_EQUAL(0, map.masterOf(150));
        CPPUNIT_ASSERT_EQUAL(-1, ClusterSlotMap().masterOf(0));
    }
    void movedCorrectsOneSlot() {
        auto reply = readWire("*2\r\n" + range(0, 8191, node("127.0.0.1", 7001, "a")) +
                              range(8192, 16383, node("127.0.0.1", 7002, "b")));
        auto map = ClusterSlotMap::fromClusterSlots(*reply, kAsked);
        CPPUNIT_ASSERT_EQUAL(1, map.move(5, RedisNodeAddress{"127.0.0.1", 7002}));
        CPPUNIT_ASSERT_EQUAL(1, map.masterOf(5));
        CPPUNIT_ASSERT_EQUAL(0, map.masterOf(6));
        // A master not seen before gets the next number.
        CPPUNIT_ASSERT_EQUAL(2, map.move(6, RedisNodeAddress{"127.0.0.1", 7003}));
        CPPUNIT_ASSERT_EQUAL(size_t(3), map.masters().size());
    }
    void aMalformedReplyIsRefused() {
        const auto refused = [](const std::string& wire) {
            auto reply = readWire(wire);
            CPPUNIT_ASSERT_THROW(ClusterSlotMap::fromClusterSlots(*reply, kAsked), std::invalid_argument);
        };
        refused("-ERR This instance has cluster support disabled\r\n");
        refused(":1\r\n");
        refused("*1\r\n" + range(0, 16384, node("127.0.0.1", 7001, "a")));  // past the last slot
        refused("*1\r\n" + range(9, 8, node("127.0.0.1", 7001, "a")));
        refused("*1\r\n*3\r\n:0\r\n:1\r\n*1\r\n$1\r\nh\r\n");  // a node without its port
    }
    void redirectionsAreRead() {
        const auto moved = parseRedirect("MOVED 3999 127.0.0.1:6381", kAsked);
        CPPUNIT_ASSERT(moved.has_value());
        CPPUNIT_ASSERT(moved->kind == RedisRedirect::Kind::Moved);
        CPPUNIT_ASSERT_EQUAL(3999, moved->slot);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:6381"), moved->to.text());
        const auto ask = parseRedirect("ASK 0 :7005", kAsked);  // no host: the one that answered
        CPPUNIT_ASSERT(ask.has_value());
        CPPUNIT_ASSERT(ask->kind == RedisRedirect::Kind::Ask);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:7005"), ask->to.text());
        const auto v6 = parseRedirect("MOVED 16383 ::1:7002", kAsked);
        CPPUNIT_ASSERT(v6.has_value());
        CPPUNIT_ASSERT_EQUAL(std::string("::1"), v6->to.host);
        CPPUNIT_ASSERT_EQUAL(7002, v6->to.port);
        CPPUNIT_ASSERT(!parseRedirect("CLUSTERDOWN The cluster is down", kAsked));
        CPPUNIT_ASSERT(!parseRedirect("MOVED 16384 127.0.0.1:7002", kAsked));
        CPPUNIT_ASSERT(!parseRedirect("MOVED 1 127.0.0.1", kAsked));
        CPPUNIT_ASSERT(!parseRedirect("MOVED x 127.0.0.1:7002", kAsked));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ClusterSlotMapTest);
