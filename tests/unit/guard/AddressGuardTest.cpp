// The address guard's table: every refused form with the reason a user reads,
// the addresses that pass, and the allow list. Pure classification: no socket
// is opened, so this suite needs no network at all.
#include "host/facilities/guard/AddressGuard.h"

#include <cppunit/extensions/HelperMacros.h>

#include <arpa/inet.h>
#include <netinet/in.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

// Counts heap allocations, so the suite can hold check() to "allocation-free".
static std::atomic<long> g_allocations{0};
void* operator new(size_t n) {
    ++g_allocations;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace ipfacts::facilities::guard {
namespace {

std::string registryPath() {
    const char* src = std::getenv("IPFACTS_SOURCE_DIR");
    return std::string(src ? src : ".") + "/etc/netdb/special-purpose.yaml";
}

struct Row {
    const char* address;
    const char* reason;  // "" for an address that passes
};

// One line per refused form the issue lists, with the reason a user reads.
const Row kRefused[] = {
    {"0.0.0.0", "refused: 0.0.0.0 is unspecified (RFC 1122)"},
    {"0.1.2.3", "refused: 0.1.2.3 is reserved (RFC 791)"},
    {"127.0.0.1", "refused: 127.0.0.1 is loopback (RFC 1122)"},
    {"127.255.255.254", "refused: 127.255.255.254 is loopback (RFC 1122)"},
    {"10.0.0.1", "refused: 10.0.0.1 is private (RFC 1918)"},
    {"172.16.0.1", "refused: 172.16.0.1 is private (RFC 1918)"},
    {"172.31.255.255", "refused: 172.31.255.255 is private (RFC 1918)"},
    {"192.168.1.1", "refused: 192.168.1.1 is private (RFC 1918)"},
    {"100.64.0.1", "refused: 100.64.0.1 is shared address space (RFC 6598)"},
    {"169.254.169.254", "refused: 169.254.169.254 is link-local (RFC 3927)"},  // cloud metadata
    {"169.254.170.2", "refused: 169.254.170.2 is link-local (RFC 3927)"},      // ECS task metadata
    {"192.0.0.1", "refused: 192.0.0.1 is reserved (RFC 7335)"},
    {"192.0.0.9", "refused: 192.0.0.9 is anycast (RFC 7723)"},  // PCP: the local gateway answers
    {"192.0.0.100", "refused: 192.0.0.100 is reserved (RFC 6890)"},
    {"192.0.2.1", "refused: 192.0.2.1 is documentation (RFC 5737)"},
    {"198.51.100.7", "refused: 198.51.100.7 is documentation (RFC 5737)"},
    {"203.0.113.7", "refused: 203.0.113.7 is documentation (RFC 5737)"},
    {"198.18.0.1", "refused: 198.18.0.1 is benchmarking (RFC 2544)"},
    {"198.19.255.255", "refused: 198.19.255.255 is benchmarking (RFC 2544)"},
    {"224.0.0.1", "refused: 224.0.0.1 is multicast (RFC 5771)"},
    {"239.255.255.250", "refused: 239.255.255.250 is multicast (RFC 5771)"},
    {"240.0.0.1", "refused: 240.0.0.1 is reserved (RFC 1112)"},
    {"255.255.255.255", "refused: 255.255.255.255 is broadcast (RFC 8190)"},
    {"::", "refused: :: is unspecified (RFC 4291)"},
    {"::1", "refused: ::1 is loopback (RFC 4291)"},
    {"fc00::1", "refused: fc00::1 is unique-local (RFC 4193)"},
    {"fd12:3456:789a::1", "refused: fd12:3456:789a::1 is unique-local (RFC 4193)"},
    {"fe80::1", "refused: fe80::1 is link-local (RFC 4291)"},
    {"febf:ffff::1", "refused: febf:ffff::1 is link-local (RFC 4291)"},
    {"ff02::1", "refused: ff02::1 is multicast (RFC 4291)"},
    {"2001:db8::1", "refused: 2001:db8::1 is documentation (RFC 3849)"},
    {"3fff::1", "refused: 3fff::1 is documentation (RFC 9637)"},
    {"100::1", "refused: 100::1 is discard-only (RFC 6666)"},
    {"2001:2::1", "refused: 2001:2::1 is benchmarking (RFC 5180)"},
    {"fec0::1", "refused: fec0::1 is reserved (RFC 3879)"},
    {"4000::1", "refused: 4000::1 is reserved (RFC 4291)"},  // outside 2000::/3
    {"2100::1", "refused: 2100::1 is reserved: Reserved by IANA (IPv6 Global Unicast Address Space, unallocated)"},
    {"3ffe::1", "refused: 3ffe::1 is reserved: Reserved by IANA (IPv6 Global Unicast Address Space, unallocated)"},
    // IPv4-mapped
    {"::ffff:10.0.0.1", "refused: ::ffff:10.0.0.1 embeds 10.0.0.1, private (RFC 1918)"},
    {"::ffff:127.0.0.1", "refused: ::ffff:127.0.0.1 embeds 127.0.0.1, loopback (RFC 1122)"},
    {"::ffff:169.254.169.254", "refused: ::ffff:169.254.169.254 embeds 169.254.169.254, link-local (RFC 3927)"},
    // IPv4-compatible (deprecated): refused around a refused address and around a public one
    {"::10.0.0.1", "refused: ::10.0.0.1 embeds 10.0.0.1, private (RFC 1918)"},
    {"::127.0.0.1", "refused: ::127.0.0.1 embeds 127.0.0.1, loopback (RFC 1122)"},
    {"::8.8.8.8", "refused: ::8.8.8.8 is reserved (RFC 4291)"},
    // NAT64, well-known and local-use prefixes
    {"64:ff9b::7f00:1", "refused: 64:ff9b::7f00:1 embeds 127.0.0.1, loopback (RFC 1122)"},
    {"64:ff9b::a00:1", "refused: 64:ff9b::a00:1 embeds 10.0.0.1, private (RFC 1918)"},
    {"64:ff9b::a9fe:a9fe", "refused: 64:ff9b::a9fe:a9fe embeds 169.254.169.254, link-local (RFC 3927)"},
    {"64:ff9b:1::a00:1", "refused: 64:ff9b:1::a00:1 embeds 10.0.0.1, private (RFC 1918)"},
    // 6to4: the IPv4 address is bits 16-47
    {"2002:a00:1::1", "refused: 2002:a00:1::1 embeds 10.0.0.1, private (RFC 1918)"},
    {"2002:7f00:1::", "refused: 2002:7f00:1:: embeds 127.0.0.1, loopback (RFC 1122)"},
    {"2002:c0a8:101::1", "refused: 2002:c0a8:101::1 embeds 192.168.1.1, private (RFC 1918)"},
    // Teredo: the client is the last 32 bits XOR 0xffffffff (f5ff:fffe = 10.0.0.1)
    {"2001:0:4136:e378:8000:63bf:f5ff:fffe",
     "refused: 2001:0:4136:e378:8000:63bf:f5ff:fffe embeds 10.0.0.1, private (RFC 1918)"},
    {"2001:0:4136:e378:8000:63bf:80ff:fffe",
     "refused: 2001:0:4136:e378:8000:63bf:80ff:fffe embeds 127.0.0.1, loopback (RFC 1122)"},
    // Teredo with a public client but a private server
    {"2001:0:a00:1:8000:63bf:f7f7:f7f7",
     "refused: 2001:0:a00:1:8000:63bf:f7f7:f7f7 embeds 10.0.0.1, private (RFC 1918)"},
};

const char* const kPasses[] = {
    "8.8.8.8",
    "1.1.1.1",
    "9.9.9.9",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",                        // mapped: judged as 8.8.8.8
    "64:ff9b::808:808",                      // NAT64 of 8.8.8.8
    "2002:808:808::1",                       // 6to4 of 8.8.8.8 (2002:0808:0808::1)
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",  // Teredo: client 8.8.8.8, server 65.54.227.120
    "172.32.0.1",
    "100.128.0.1",
    "192.0.3.1",  // just outside their blocks
};

}  // namespace

class AddressGuardTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AddressGuardTest);
    CPPUNIT_TEST(refusesEveryListedForm);
    CPPUNIT_TEST(passesGlobalUnicast);
    CPPUNIT_TEST(allowListLetsLoopbackThrough);
    CPPUNIT_TEST(judgesSocketAddressesAsWritten);
    CPPUNIT_TEST(checkAllocatesNothing);
    CPPUNIT_TEST(warnsOnlyWithAnAllowList);
    CPPUNIT_TEST(judgesByTheSharedRegistry);
    CPPUNIT_TEST_SUITE_END();

public:
    void refusesEveryListedForm() {
        AddressGuard g(registryPath(), {});
        std::string wrong;  // every mismatching line, not just the first
        for (const Row& row : kRefused) {
            auto a = net::IpAddress::parse(row.address);
            CPPUNIT_ASSERT_MESSAGE(row.address, a.has_value());
            GuardVerdict v = g.check(*a);
            if (v.allowed || v.reason() != row.reason)
                wrong += std::string("\n  ") + row.address + ": want \"" + row.reason + "\", got \"" +
                         (v.allowed ? "allowed" : v.reason()) + "\"";
        }
        CPPUNIT_ASSERT_EQUAL(std::string(), wrong);
    }

    void passesGlobalUnicast() {
        AddressGuard g(registryPath(), {});
        for (const char* text : kPasses) {
            GuardVerdict v = g.check(*net::IpAddress::parse(text));
            CPPUNIT_ASSERT_MESSAGE(std::string(text) + ": " + v.reason(), v.allowed);
            CPPUNIT_ASSERT_EQUAL(std::string(), v.reason());
        }
    }

    void allowListLetsLoopbackThrough() {
        GuardConfig c;
        CPPUNIT_ASSERT(c.addAllowed("127.0.0.0/8"));
        CPPUNIT_ASSERT(c.addAllowed("::1/128"));
        AddressGuard g(registryPath(), c);
        for (const char* text : {"127.0.0.1", "127.0.0.3", "::1", "::ffff:127.0.0.1"}) {
            GuardVerdict v = g.check(*net::IpAddress::parse(text));
            CPPUNIT_ASSERT_MESSAGE(text, v.allowed);
            CPPUNIT_ASSERT(v.why == GuardVerdict::Why::AllowListed);
        }
        // The allow list opens what it names, nothing else.
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 10.0.0.1 is private (RFC 1918)"),
                             g.check(*net::IpAddress::parse("10.0.0.1")).reason());
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 64:ff9b::7f00:1 embeds 127.0.0.1, loopback (RFC 1122)"),
                             g.check(*net::IpAddress::parse("64:ff9b::7f00:1")).reason());
    }

    void judgesSocketAddressesAsWritten() {
        AddressGuard g(registryPath(), {});
        sockaddr_in6 sin6{};
        sin6.sin6_family = AF_INET6;
        inet_pton(AF_INET6, "::ffff:10.0.0.1", &sin6.sin6_addr);
        CPPUNIT_ASSERT_EQUAL(std::string("refused: ::ffff:10.0.0.1 embeds 10.0.0.1, private (RFC 1918)"),
                             g.check(reinterpret_cast<sockaddr*>(&sin6)).reason());
        sockaddr_in sin{};
        sin.sin_family = AF_INET;
        inet_pton(AF_INET, "1.1.1.1", &sin.sin_addr);
        CPPUNIT_ASSERT(g.check(reinterpret_cast<sockaddr*>(&sin)).allowed);
        sockaddr other{};
        other.sa_family = AF_UNIX;
        GuardVerdict v = g.check(&other);
        CPPUNIT_ASSERT(!v.allowed);
        CPPUNIT_ASSERT_EQUAL(std::string("refused: not an IPv4 or IPv6 socket address"), v.reason());
    }

    void checkAllocatesNothing() {
        GuardConfig c;
        c.addAllowed("127.0.0.2/32");
        AddressGuard g(registryPath(), c);
        std::vector<net::IpAddress> addresses;
        for (const Row& row : kRefused) addresses.push_back(*net::IpAddress::parse(row.address));
        for (const char* text : kPasses) addresses.push_back(*net::IpAddress::parse(text));
        sockaddr_in6 sin6{};
        sin6.sin6_family = AF_INET6;
        inet_pton(AF_INET6, "64:ff9b::a00:1", &sin6.sin6_addr);
        size_t allowed = 0;
        for (const auto& a : addresses) {
            const long before = g_allocations.load();
            allowed += g.check(a).allowed;
            const long after = g_allocations.load();  // before the assertion builds its message
            CPPUNIT_ASSERT_EQUAL_MESSAGE(a.toString(), before, after);
        }
        const long before = g_allocations.load();
        allowed += g.check(reinterpret_cast<sockaddr*>(&sin6)).allowed;
        const long after = g_allocations.load();
        CPPUNIT_ASSERT_EQUAL(before, after);
        CPPUNIT_ASSERT_EQUAL(sizeof kPasses / sizeof kPasses[0], allowed);
    }

    void warnsOnlyWithAnAllowList() {
        CPPUNIT_ASSERT(!AddressGuard(registryPath(), {}).allowListWarning());
        GuardConfig c;
        c.addAllowed("127.0.0.0/8");
        auto w = AddressGuard(registryPath(), c).allowListWarning();
        CPPUNIT_ASSERT(w && w->find("127.0.0.0/8") != std::string::npos);
    }

    // The daemon's guard holds netdb's reading of the registry, not its own:
    // a refusal points at that registry's row.
    void judgesByTheSharedRegistry() {
        auto registry = std::make_shared<const netdb::SpecialPurposeRegistry>(registryPath());
        AddressGuard g(registry, {});
        CPPUNIT_ASSERT_EQUAL(static_cast<const void*>(registry.get()), static_cast<const void*>(&g.registry()));
        const auto a = *net::IpAddress::parse("10.0.0.1");
        GuardVerdict v = g.check(a);
        CPPUNIT_ASSERT(!v.allowed);
        CPPUNIT_ASSERT_EQUAL(static_cast<const void*>(registry->find(a)), static_cast<const void*>(v.block));
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 10.0.0.1 is private (RFC 1918)"), v.reason());
        CPPUNIT_ASSERT_THROW(AddressGuard(std::shared_ptr<const netdb::SpecialPurposeRegistry>(), {}),
                             std::invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AddressGuardTest);

}  // namespace ipfacts::facilities::guard
