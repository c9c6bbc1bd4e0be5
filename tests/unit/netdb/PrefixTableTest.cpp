// PrefixTable: the most specific block holding an address wins, the first
// added of two equal blocks wins, and the flattening is checked against a
// brute-force scan over many nested blocks (a fixed seed: the same blocks on
// every run), for IPv4 and IPv6, edges of the address space included.
#include "host/facilities/netdb/PrefixTable.h"

#include <cppunit/extensions/HelperMacros.h>

#include <random>
#include <string>
#include <vector>

using namespace ipfacts::facilities::netdb;
using ipfacts::net::IpAddress;

namespace {

struct Block {
    AddressPrefix prefix;
    uint32_t value;
};

/// The brute-force answer: the longest block holding `a`, the first added on a tie.
std::optional<uint32_t> scan(const std::vector<Block>& blocks, const IpAddress& a) {
    const AddressKey k = AddressKey::of(a);
    const Block* best = nullptr;
    for (const Block& b : blocks)
        if (b.prefix.v4 == a.isV4() && b.prefix.contains(k) && (!best || b.prefix.length > best->prefix.length))
            best = &b;
    return best ? std::optional<uint32_t>(best->value) : std::nullopt;
}

std::string v4(uint32_t x) {
    return std::to_string(x >> 24) + "." + std::to_string((x >> 16) & 255) + "." + std::to_string((x >> 8) & 255) +
           "." + std::to_string(x & 255);
}

}  // namespace

class PrefixTableTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PrefixTableTest);
    CPPUNIT_TEST(mostSpecificWinsAndFirstOfEqualBlocks);
    CPPUNIT_TEST(wholeSpaceAndItsLastAddress);
    CPPUNIT_TEST(agreesWithABruteForceScan);
    CPPUNIT_TEST_SUITE_END();

public:
    void mostSpecificWinsAndFirstOfEqualBlocks() {
        PrefixTable t;
        t.add(*AddressPrefix::parse("10.0.0.0/8"), 1);
        t.add(*AddressPrefix::parse("10.1.0.0/16"), 2);
        t.add(*AddressPrefix::parse("10.1.2.0/24"), 3);
        t.add(*AddressPrefix::parse("10.1.0.0/16"), 9);  // equal to an earlier block: ignored
        t.add(*AddressPrefix::parse("2001:db8::/32"), 4);
        t.build();
        CPPUNIT_ASSERT_EQUAL(uint32_t(1), *t.find(*IpAddress::parse("10.0.0.1")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(2), *t.find(*IpAddress::parse("10.1.0.1")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(3), *t.find(*IpAddress::parse("10.1.2.255")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(2), *t.find(*IpAddress::parse("10.1.3.0")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(1), *t.find(*IpAddress::parse("10.255.255.255")));
        CPPUNIT_ASSERT(!t.find(*IpAddress::parse("11.0.0.0")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(4), *t.find(*IpAddress::parse("2001:db8::1")));
        CPPUNIT_ASSERT(!t.find(*IpAddress::parse("2001:db9::")));
    }

    void wholeSpaceAndItsLastAddress() {
        PrefixTable t;
        t.add(*AddressPrefix::parse("0.0.0.0/0"), 1);
        t.add(*AddressPrefix::parse("255.255.255.0/24"), 2);
        t.add(*AddressPrefix::parse("255.255.255.255/32"), 3);
        t.add(*AddressPrefix::parse("::/0"), 4);
        t.add(*AddressPrefix::parse("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/128"), 5);
        t.build();
        CPPUNIT_ASSERT_EQUAL(uint32_t(1), *t.find(*IpAddress::parse("0.0.0.0")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(2), *t.find(*IpAddress::parse("255.255.255.254")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(3), *t.find(*IpAddress::parse("255.255.255.255")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(4), *t.find(*IpAddress::parse("::")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(4), *t.find(*IpAddress::parse("ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe")));
        CPPUNIT_ASSERT_EQUAL(uint32_t(5), *t.find(*IpAddress::parse("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")));
    }

    void agreesWithABruteForceScan() {
        std::mt19937 rng(20261126);  // fixed: the same blocks every run
        std::vector<Block> blocks;
        PrefixTable t;
        // Blocks crowded into 10.0.0.0/12 so that many nest; a few duplicates.
        for (uint32_t i = 0; i < 1500; ++i) {
            const unsigned len = 12 + rng() % 21;
            const uint32_t mask = len == 32 ? 0xffffffffu : ~(0xffffffffu >> len);
            const uint32_t base = (0x0a000000u | (rng() & 0x000fffffu)) & mask;
            auto p = AddressPrefix::parse(v4(base) + "/" + std::to_string(len));
            CPPUNIT_ASSERT(p);
            blocks.push_back({*p, i});
            t.add(*p, i);
            if (i % 100 == 0) {  // an equal block later: must not win
                blocks.push_back({*p, 100000 + i});
                t.add(*p, 100000 + i);
            }
        }
        for (uint32_t i = 0; i < 200; ++i) {
            const std::string text = "2001:db8:" + std::to_string(rng() % 4) + "::/" + std::to_string(32 + rng() % 33);
            auto p = AddressPrefix::parse(text);
            if (!p) continue;  // host bits set: not a block
            blocks.push_back({*p, 200000 + i});
            t.add(*p, 200000 + i);
        }
        t.build();
        for (int i = 0; i < 20000; ++i) {
            const IpAddress a = *IpAddress::parse(v4(0x0a000000u | (rng() & 0x001fffffu)));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(a.toString(), scan(blocks, a).value_or(UINT32_MAX),
                                         t.find(a).value_or(UINT32_MAX));
        }
        for (int i = 0; i < 2000; ++i) {
            const IpAddress a =
                *IpAddress::parse("2001:db8:" + std::to_string(rng() % 5) + "::" + std::to_string(rng() % 9));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(a.toString(), scan(blocks, a).value_or(UINT32_MAX),
                                         t.find(a).value_or(UINT32_MAX));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PrefixTableTest);
