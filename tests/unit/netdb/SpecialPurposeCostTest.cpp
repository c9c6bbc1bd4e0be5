// What a classification costs: the guard runs find() on every outbound
// connect and netdb runs classify() on every lookup, so neither may touch the
// heap. The time per call is printed for the record, never asserted.
#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <random>
#include <string>
#include <vector>

// Counts heap allocations in this test binary, so classify() can be held to
// "allocation-free". Counting only: every allocation still goes to malloc.
static std::atomic<long> g_allocations{0};
void* operator new(size_t n) {
    ++g_allocations;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;
using ipfacts::net::IpAddress;

namespace {

/// 4096 addresses of one shape, from a fixed seed.
std::vector<IpAddress> sample(const char* shape, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<IpAddress> out;
    char text[64];
    for (int i = 0; i < 4096; ++i) {
        const uint64_t r = rng();
        const unsigned b0 = r & 255, b1 = r >> 8 & 255, b2 = r >> 16 & 255, b3 = r >> 24 & 255;
        if (std::string(shape) == "ipv4")
            std::snprintf(text, sizeof text, "%u.%u.%u.%u", b0, b1, b2, b3);
        else if (std::string(shape) == "ipv6")  // 2000::/3, where the registry's holes are
            std::snprintf(text, sizeof text, "%x:%x::%x", 0x2000u | unsigned(r >> 32 & 0x1fff),
                          unsigned(r >> 16 & 0xffff), b0);
        else  // ::ffff:a.b.c.d, both halves classified
            std::snprintf(text, sizeof text, "::ffff:%u.%u.%u.%u", b0, b1, b2, b3);
        out.push_back(*IpAddress::parse(text));
    }
    return out;
}

}  // namespace

class SpecialPurposeCostTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SpecialPurposeCostTest);
    CPPUNIT_TEST(classifyAndFindAllocateNothing);
    CPPUNIT_TEST(timePerClassification);
    CPPUNIT_TEST_SUITE_END();

    SpecialPurposeRegistry registry{etcFile("special-purpose.yaml")};

public:
    void classifyAndFindAllocateNothing() {
        for (const char* shape : {"ipv4", "ipv6", "mapped"}) {
            const std::vector<IpAddress> addresses = sample(shape, 7);
            size_t special = 0, found = 0;
            const long before = g_allocations.load();
            for (const IpAddress& a : addresses) {
                const Classification c = registry.classify(a);
                special += c.special;
                found += registry.find(a) != nullptr;
            }
            const long after = g_allocations.load();
            CPPUNIT_ASSERT_EQUAL_MESSAGE(shape, before, after);
            // Both answers were reached: some of each sample is special space.
            CPPUNIT_ASSERT_MESSAGE(shape, special > 0 && found > 0);
        }
    }

    void timePerClassification() {
        for (const char* shape : {"ipv4", "ipv6", "mapped"}) {
            const std::vector<IpAddress> addresses = sample(shape, 1);
            constexpr int kCalls = 1 << 20;
            size_t sink = 0;
            const auto t0 = std::chrono::steady_clock::now();
            for (int i = 0; i < kCalls; ++i) {
                const Classification c = registry.classify(addresses[i & 4095]);
                sink += c.kind.size() + c.routable;
            }
            const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
            std::printf("\n  classify %-6s %.1f ns per call", shape, ns / kCalls);
            CPPUNIT_ASSERT(sink >= size_t(kCalls) * 6);  // every kind is at least 6 letters ("public")
        }
        std::printf("\n");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SpecialPurposeCostTest);
