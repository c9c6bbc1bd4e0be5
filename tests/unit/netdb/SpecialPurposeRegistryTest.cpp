#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <arpa/inet.h>

#include <cppunit/extensions/HelperMacros.h>
#include <yaml-cpp/yaml.h>

#include <array>
#include <cstring>

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;
using ipfacts::net::CidrRange;
using ipfacts::net::IpAddress;

namespace {

/// One block as the test reads it from the YAML itself, independently of the
/// code under test: containment through net::CidrRange, ends by bit masking.
struct Block {
    std::string prefix, kind;
    unsigned length;
    CidrRange range;
};

std::vector<Block> blocksOfFile(const std::string& path) {
    std::vector<Block> out;
    for (const auto& b : YAML::LoadFile(path)["blocks"]) {
        const std::string prefix = b["prefix"].as<std::string>();
        const unsigned length = static_cast<unsigned>(std::stoul(prefix.substr(prefix.find('/') + 1)));
        out.push_back({prefix, b["kind"].as<std::string>(), length, *CidrRange::parse(prefix)});
    }
    return out;
}

/// First (`last` false) or last address of a CIDR block.
IpAddress endOf(const std::string& prefix, bool last) {
    const size_t slash = prefix.find('/');
    const IpAddress base = *IpAddress::parse(prefix.substr(0, slash));
    const unsigned length = static_cast<unsigned>(std::stoul(prefix.substr(slash + 1)));
    std::array<uint8_t, 16> b{};
    std::memcpy(b.data(), base.bytes(), base.size());
    for (unsigned bit = length; bit < base.size() * 8; ++bit) {
        const uint8_t mask = static_cast<uint8_t>(0x80 >> (bit % 8));
        b[bit / 8] = last ? (b[bit / 8] | mask) : (b[bit / 8] & ~mask);
    }
    char text[INET6_ADDRSTRLEN];
    inet_ntop(base.isV4() ? AF_INET : AF_INET6, b.data(), text, sizeof text);
    return *IpAddress::parse(text);
}

/// The kind of the longest block holding `a`, or "public".
std::string expectedDirect(const std::vector<Block>& blocks, const IpAddress& a) {
    const Block* best = nullptr;
    for (const auto& b : blocks)
        if (b.range.contains(a) && (!best || b.length > best->length)) best = &b;
    return best ? best->kind : "public";
}

/// The kind after the IPv4-mapped rule: the embedded address's, unless public.
std::string expectedKind(const std::vector<Block>& blocks, const IpAddress& a) {
    const std::string direct = expectedDirect(blocks, a);
    if (direct != "ipv4-mapped") return direct;
    const uint8_t* b = a.bytes();
    const auto v4 = IpAddress::parse(std::to_string(b[12]) + "." + std::to_string(b[13]) + "." +
                                     std::to_string(b[14]) + "." + std::to_string(b[15]));
    const std::string inner = expectedDirect(blocks, *v4);
    return inner == "public" ? direct : inner;
}

}  // namespace

class SpecialPurposeRegistryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SpecialPurposeRegistryTest);
    CPPUNIT_TEST(bothEndsOfEveryBlockHaveItsKind);
    CPPUNIT_TEST(famousAddresses);
    CPPUNIT_TEST(unlistedAddressIsPublic);
    CPPUNIT_TEST(mappedAddressesAreJudgedByTheirIpv4);
    CPPUNIT_TEST(mostSpecificBlockWins);
    CPPUNIT_TEST(rfcsListStandsInForMissingRfc);
    CPPUNIT_TEST(malformedFilesNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

    SpecialPurposeRegistry registry{etcFile("special-purpose.yaml")};

    void expect(const char* address, const char* kind, const char* rfc, bool routable, const char* description = nullptr) {
        const Classification c = registry.classify(*IpAddress::parse(address));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(address, std::string(kind), c.kind);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(address, std::string(rfc ? rfc : "(null)"), c.rfc.value_or("(null)"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(address, routable, c.routable);
        if (description) CPPUNIT_ASSERT_EQUAL_MESSAGE(address, std::string(description), c.description);
    }

public:
    void bothEndsOfEveryBlockHaveItsKind() {
        const auto blocks = blocksOfFile(etcFile("special-purpose.yaml"));
        CPPUNIT_ASSERT(blocks.size() > 100);
        CPPUNIT_ASSERT_EQUAL(blocks.size(), registry.size());
        size_t own_kind = 0;
        for (const auto& b : blocks) {
            for (bool last : {false, true}) {
                const IpAddress a = endOf(b.prefix, last);
                const std::string got = registry.classify(a).kind;
                CPPUNIT_ASSERT_EQUAL_MESSAGE(b.prefix + (last ? " last " : " first ") + a.toString(),
                                             expectedKind(blocks, a), got);
                own_kind += got == b.kind;
            }
        }
        // Most ends are not shadowed by a nested block: the check is not vacuous.
        CPPUNIT_ASSERT(own_kind > blocks.size());
    }

    void famousAddresses() {
        expect("192.0.2.1", "documentation", "RFC 5737", false, "Documentation (TEST-NET-1)");
        expect("198.51.100.7", "documentation", "RFC 5737", false);
        expect("203.0.113.255", "documentation", "RFC 5737", false);
        expect("100.64.0.1", "shared", "RFC 6598", false, "Shared Address Space");
        expect("10.0.0.1", "private", "RFC 1918", false, "Private-Use");
        expect("172.31.255.255", "private", "RFC 1918", false);
        expect("192.168.1.1", "private", "RFC 1918", false);
        expect("127.0.0.1", "loopback", "RFC 1122", false);
        expect("169.254.169.254", "link-local", "RFC 3927", false);
        expect("8.8.8.8", "public", nullptr, true, "Globally routable unicast address");
        expect("255.255.255.255", "broadcast", "RFC 8190", false);
        expect("224.0.0.1", "multicast", "RFC 5771", false);
        expect("239.255.255.250", "multicast", "RFC 5771", false);
        expect("198.18.0.1", "benchmarking", "RFC 2544", false);
        expect("0.0.0.0", "unspecified", "RFC 1122", false);
        expect("240.0.0.1", "reserved", "RFC 1112", false);
        expect("192.0.0.9", "anycast", "RFC 7723", true);
        expect("2001:db8::1", "documentation", "RFC 3849", false);
        expect("3fff::1", "documentation", "RFC 9637", false);
        expect("fe80::1", "link-local", "RFC 4291", false);
        expect("fc00::1", "unique-local", "RFC 4193", false);
        expect("fd12:3456:789a::1", "unique-local", "RFC 4193", false);
        expect("::1", "loopback", "RFC 4291", false);
        expect("::", "unspecified", "RFC 4291", false);
        expect("ff02::1", "multicast", "RFC 4291", false);
        expect("64:ff9b::808:808", "translation", "RFC 6052", true);
        expect("2002:c000:204::1", "translation", "RFC 3056", false);
        expect("2001::1", "translation", "RFC 4380", false);
        expect("100::1", "discard", "RFC 6666", false);
        expect("2001:1::1", "anycast", "RFC 7723", true);
        expect("2001:4860:4860::8888", "public", nullptr, true);
        expect("2a00:1450:4001::1", "public", nullptr, true);
    }

    void unlistedAddressIsPublic() {
        const Classification c = registry.classify(*IpAddress::parse("81.2.69.160"));
        CPPUNIT_ASSERT_EQUAL(std::string("public"), c.kind);
        CPPUNIT_ASSERT(!c.rfc);
        CPPUNIT_ASSERT(c.routable);
        CPPUNIT_ASSERT(!c.special);
        CPPUNIT_ASSERT(c.locatable());
    }

    void mappedAddressesAreJudgedByTheirIpv4() {
        expect("::ffff:10.0.0.1", "private", "RFC 1918", false, "IPv4-mapped address of 10.0.0.1: Private-Use");
        expect("::ffff:127.0.0.1", "loopback", "RFC 1122", false, "IPv4-mapped address of 127.0.0.1: Loopback");
        // A routable embedded block still gives a non-routable mapped address.
        expect("::ffff:192.0.0.9", "anycast", "RFC 7723", false,
               "IPv4-mapped address of 192.0.0.9: Port Control Protocol Anycast");
        expect("::ffff:8.8.8.8", "ipv4-mapped", "RFC 4291", false,
               "IPv4-mapped address of 8.8.8.8: Globally routable unicast address");
        expect("::ffff:0.0.0.0", "unspecified", "RFC 1122", false);
        expect("::ffff:255.255.255.255", "broadcast", "RFC 8190", false);
        CPPUNIT_ASSERT(!registry.classify(*IpAddress::parse("::ffff:8.8.8.8")).locatable());
    }

    void mostSpecificBlockWins() {
        expect("192.0.0.8", "reserved", "RFC 7600", false, "IPv4 dummy address");
        expect("192.0.0.10", "anycast", "RFC 8155", true);
        expect("192.0.0.11", "reserved", "RFC 6890", false, "IETF Protocol Assignments");
        expect("0.0.0.1", "reserved", "RFC 791", false, "This network");
        expect("233.252.0.1", "documentation", "RFC 5771", false);
        expect("233.252.1.1", "multicast", "RFC 5771", false, "AD-HOC Block III");
    }

    void rfcsListStandsInForMissingRfc() {
        ScratchFile f(
            "blocks:\n"
            "  - { prefix: 192.0.2.0/24, kind: documentation, rfcs: [RFC 5737, RFC 6890], description: D, routable: false }\n"
            "  - { prefix: 2d00::/8, kind: reserved, rfc: null, rfcs: [], description: R, routable: false }\n");
        SpecialPurposeRegistry r(f.path());
        CPPUNIT_ASSERT_EQUAL(std::string("RFC 5737, RFC 6890"), *r.classify(*IpAddress::parse("192.0.2.1")).rfc);
        CPPUNIT_ASSERT(!r.classify(*IpAddress::parse("2d00::1")).rfc);
    }

    void malformedFilesNameFileAndLine() {
        ScratchFile bad_kind(
            "blocks:\n"
            "  - { prefix: 10.0.0.0/8, kind: private, rfc: RFC 1918, description: P, routable: false }\n"
            "  - { prefix: 192.0.2.0/24, kind: docs, rfc: RFC 5737, description: D, routable: false }\n");
        std::string e = errorOf([&] { SpecialPurposeRegistry r(bad_kind.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(bad_kind.path() + ":3:") == 0 && e.find("docs") != std::string::npos);

        ScratchFile bad_prefix("blocks:\n  - { prefix: 10.0.0.0/33, kind: private, description: P, routable: false }\n");
        e = errorOf([&] { SpecialPurposeRegistry r(bad_prefix.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(bad_prefix.path() + ":2:") == 0 && e.find("10.0.0.0/33") != std::string::npos);

        ScratchFile no_routable("blocks:\n  - { prefix: 10.0.0.0/8, kind: private, description: P }\n");
        e = errorOf([&] { SpecialPurposeRegistry r(no_routable.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(":2:") != std::string::npos && e.find("routable") != std::string::npos);

        ScratchFile broken("blocks:\n  - { prefix: [\n");
        e = errorOf([&] { SpecialPurposeRegistry r(broken.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(broken.path() + ":") == 0);

        e = errorOf([] { SpecialPurposeRegistry r("/nonexistent/special-purpose.yaml"); });
        CPPUNIT_ASSERT_EQUAL(std::string("/nonexistent/special-purpose.yaml: cannot open"), e);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(SpecialPurposeRegistryTest);
