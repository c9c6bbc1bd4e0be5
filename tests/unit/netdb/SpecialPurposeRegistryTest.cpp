#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <arpa/inet.h>

#include <cppunit/extensions/HelperMacros.h>
#include <yaml-cpp/yaml.h>

#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;
using ipfacts::net::IpAddress;

namespace {

/// A CIDR block as this test reads it, independently of the code under test
/// (and of net::CidrRange, which holds ::ffff:0:0/96 as IPv4 0.0.0.0/0): an
/// address is inside when it is of the block's family and its first `length`
/// bits equal the base's.
struct Range {
    bool v4 = true;
    unsigned length = 0;
    std::array<uint8_t, 16> base{};

    static Range parse(const std::string& prefix) {
        const size_t slash = prefix.find('/');
        const IpAddress a = *IpAddress::parse(prefix.substr(0, slash));
        Range r;
        r.v4 = a.isV4();
        r.length = static_cast<unsigned>(std::stoul(prefix.substr(slash + 1)));
        std::memcpy(r.base.data(), a.bytes(), a.size());
        return r;
    }
    bool contains(const IpAddress& a) const {
        if (a.isV4() != v4) return false;
        for (unsigned bit = 0; bit < length; ++bit) {
            const uint8_t mask = static_cast<uint8_t>(0x80 >> (bit % 8));
            if ((a.bytes()[bit / 8] & mask) != (base[bit / 8] & mask)) return false;
        }
        return true;
    }
};

/// One block as the test reads it from the YAML itself, independently of the
/// code under test: containment through Range, ends by bit masking.
struct Block {
    std::string prefix, kind;
    unsigned length;
    Range range;
};

std::vector<Block> blocksOfFile(const std::string& path) {
    std::vector<Block> out;
    for (const auto& b : YAML::LoadFile(path)["blocks"]) {
        const std::string prefix = b["prefix"].as<std::string>();
        const unsigned length = static_cast<unsigned>(std::stoul(prefix.substr(prefix.find('/') + 1)));
        out.push_back({prefix, b["kind"].as<std::string>(), length, Range::parse(prefix)});
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
    const auto v4 = IpAddress::parse(std::to_string(b[12]) + "." + std::to_string(b[13]) + "." + std::to_string(b[14]) +
                                     "." + std::to_string(b[15]));
    const std::string inner = expectedDirect(blocks, *v4);
    return inner == "public" ? direct : inner;
}

/// A row of rir.yaml's `ipv4:` / `ipv6:` tables (IANA's address-space registries).
struct SpaceRow {
    std::string prefix, status, designation;
    unsigned length;
    Range range;
};

std::vector<SpaceRow> spaceRowsOfFile(const std::string& path) {
    std::vector<SpaceRow> out;
    const YAML::Node root = YAML::LoadFile(path);
    for (const char* family : {"ipv4", "ipv6"})
        for (const auto& r : root[family]) {
            const std::string prefix = r["prefix"].as<std::string>();
            const unsigned length = static_cast<unsigned>(std::stoul(prefix.substr(prefix.find('/') + 1)));
            const std::string status = r["status"] && !r["status"].IsNull() ? r["status"].as<std::string>() : "";
            out.push_back({prefix, status, r["designation"].as<std::string>(), length, Range::parse(prefix)});
        }
    return out;
}

/// What IANA's address-space tables say about an address no special-purpose
/// block holds, as a kind: an ALLOCATED or LEGACY block is public unicast; a
/// RESERVED one is reserved (multicast or documentation when so designated); a
/// top-level IPv6 block (no status) is what it is named, and "Global Unicast"
/// there means a part of 2000::/3 that the Global Unicast registry does not list,
/// which its note declares reserved by IANA for future allocation.
std::string allocationKind(const std::vector<SpaceRow>& rows, const IpAddress& a) {
    const SpaceRow* best = nullptr;
    for (const auto& r : rows)
        if (r.range.contains(a) && (!best || r.length > best->length)) best = &r;
    if (!best) return "(in no address-space block)";
    if (best->status == "ALLOCATED" || best->status == "LEGACY") return "public";
    if (best->designation == "Multicast") return "multicast";
    if (best->designation == "Documentation") return "documentation";
    if (best->designation == "Unique Local Unicast") return "unique-local";
    if (best->designation == "Link-Scoped Unicast") return "link-local";
    return "reserved";
}

/// The kind an address should get, from the registries alone: the most specific
/// special-purpose block holding it, else its address-space allocation status;
/// for ::ffff:a.b.c.d the embedded address's kind when that is not public.
std::string expectedFromRegistries(const std::vector<Block>& blocks, const std::vector<SpaceRow>& rows,
                                   const IpAddress& a) {
    const Block* best = nullptr;
    for (const auto& b : blocks)
        if (b.range.contains(a) && (!best || b.length > best->length)) best = &b;
    if (!best) return allocationKind(rows, a);
    if (best->kind != "ipv4-mapped" || a.isV4()) return best->kind;
    const uint8_t* b = a.bytes();
    const auto v4 = IpAddress::parse(std::to_string(b[12]) + "." + std::to_string(b[13]) + "." + std::to_string(b[14]) +
                                     "." + std::to_string(b[15]));
    const std::string inner = expectedFromRegistries(blocks, rows, *v4);
    return inner == "public" ? best->kind : inner;
}

/// The address one below (`up` false) or above `a`; nullopt past either end of its family.
std::optional<IpAddress> neighbour(const IpAddress& a, bool up) {
    std::array<uint8_t, 16> b{};
    std::memcpy(b.data(), a.bytes(), a.size());
    for (size_t i = a.size(); i-- > 0;) {
        if (up ? b[i] != 0xff : b[i] != 0x00) {
            b[i] = static_cast<uint8_t>(up ? b[i] + 1 : b[i] - 1);
            char text[INET6_ADDRSTRLEN];
            inet_ntop(a.isV4() ? AF_INET : AF_INET6, b.data(), text, sizeof text);
            return *IpAddress::parse(text);
        }
        b[i] = up ? 0x00 : 0xff;
    }
    return std::nullopt;
}

}  // namespace

class SpecialPurposeRegistryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SpecialPurposeRegistryTest);
    CPPUNIT_TEST(bothEndsOfEveryBlockHaveItsKind);
    CPPUNIT_TEST(everyBlockEdgeAndItsNeighboursAgreeWithTheRegistries);
    CPPUNIT_TEST(unlistedGlobalUnicastIsReserved);
    CPPUNIT_TEST(famousAddresses);
    CPPUNIT_TEST(unlistedAddressIsPublic);
    CPPUNIT_TEST(mappedAddressesAreJudgedByTheirIpv4);
    CPPUNIT_TEST(mostSpecificBlockWins);
    CPPUNIT_TEST(findGivesTheBlockAsWritten);
    CPPUNIT_TEST(rfcsListStandsInForMissingRfc);
    CPPUNIT_TEST(malformedFilesNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

    SpecialPurposeRegistry registry{etcFile("special-purpose.yaml")};

    void expect(const char* address, const char* kind, const char* rfc, bool routable,
                const char* description = nullptr) {
        const Classification c = registry.classify(*IpAddress::parse(address));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(address, std::string(kind), std::string(c.kind));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(address, std::string(rfc ? rfc : "(null)"), std::string(c.rfc.value_or("(null)")));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(address, routable, c.routable);
        if (description) CPPUNIT_ASSERT_EQUAL_MESSAGE(address, std::string(description), c.describe());
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
                const std::string got(registry.classify(a).kind);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(b.prefix + (last ? " last " : " first ") + a.toString(),
                                             expectedKind(blocks, a), got);
                own_kind += got == b.kind;
            }
        }
        // Most ends are not shadowed by a nested block: the check is not vacuous.
        CPPUNIT_ASSERT(own_kind > blocks.size());
    }

    // Every edge of every block of special-purpose.yaml and of the IANA address-space
    // tables in rir.yaml: the block's first and last address and the addresses just
    // outside it. Each must get the kind the registries give it (most specific
    // special-purpose block, else allocation status), so a hole (space that falls
    // through to `public` while IANA reserves it) or an overlap anywhere fails,
    // naming every address that does.
    void everyBlockEdgeAndItsNeighboursAgreeWithTheRegistries() {
        const auto blocks = blocksOfFile(etcFile("special-purpose.yaml"));
        const auto rows = spaceRowsOfFile(etcFile("rir.yaml"));
        CPPUNIT_ASSERT(rows.size() > 256 + 20);
        std::vector<std::pair<std::string, std::string>> edges;  // (prefix, its kind or status)
        for (const auto& b : blocks) edges.push_back({b.prefix, "special-purpose " + b.kind});
        for (const auto& r : rows)
            edges.push_back(
                {r.prefix, "address space " + (r.status.empty() ? std::string("-") : r.status) + " " + r.designation});
        size_t checked = 0, past_the_end = 0;
        std::string failures;
        size_t failed = 0;
        for (const auto& [prefix, what] : edges) {
            const IpAddress first = endOf(prefix, false), last = endOf(prefix, true);
            const std::pair<const char*, std::optional<IpAddress>> probes[] = {{"first-1", neighbour(first, false)},
                                                                               {"first", first},
                                                                               {"last", last},
                                                                               {"last+1", neighbour(last, true)}};
            for (const auto& [where, a] : probes) {
                if (!a) {
                    ++past_the_end;  // first-1 of a block at 0.0.0.0 or ::, last+1 of one at the top
                    continue;
                }
                ++checked;
                const std::string want = expectedFromRegistries(blocks, rows, *a);
                const std::string got(registry.classify(*a).kind);
                if (got == want) continue;
                ++failed;
                failures += "\n  " + a->toString() + " (" + where + " of " + prefix + ", " + what + "): got " + got +
                            ", registries say " + want;
            }
        }
        CPPUNIT_ASSERT_MESSAGE(std::to_string(failed) + " of " + std::to_string(checked) +
                                   " block-edge addresses misclassified:" + failures,
                               failed == 0);
        // first-1/first/last/last+1 of every block, less the few beyond the ends of the families.
        CPPUNIT_ASSERT_EQUAL(4 * edges.size(), checked + past_the_end);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(past_the_end), past_the_end < 16);
    }

    // The issue: 3fff:1000:: up to 3fff:ffff:... (3fff::/16 less the 3fff::/20
    // documentation block) came back public and routable.
    void unlistedGlobalUnicastIsReserved() {
        expect("3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", "documentation", "RFC 9637", false);
        expect("3fff:1000::", "reserved", nullptr, false,
               "Reserved by IANA (IPv6 Global Unicast Address Space, unallocated)");
        expect("3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "reserved", nullptr, false);
        expect("3ffe::1", "reserved", nullptr, false);
        expect("4000::", "reserved", "RFC 4291", false);
        // Gaps between RIR allocations, equally unlisted.
        expect("2003:4000::", "reserved", nullptr, false);
        expect("2003:3fff:ffff:ffff:ffff:ffff:ffff:ffff", "public", nullptr, true);
        expect("2400::1", "public", nullptr, true);
        expect("23ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "reserved", nullptr, false);
        expect("2000::1", "reserved", nullptr, false);
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
        CPPUNIT_ASSERT_EQUAL(std::string("public"), std::string(c.kind));
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

    // The guard's question: the row itself, for the address as written.
    void findGivesTheBlockAsWritten() {
        const SpecialBlock* b = registry.find(*IpAddress::parse("192.0.0.9"));
        CPPUNIT_ASSERT(b);
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.0.9/32"), b->prefix);
        CPPUNIT_ASSERT_EQUAL(32u, b->length);
        CPPUNIT_ASSERT_EQUAL(std::string("anycast"), b->kind);
        CPPUNIT_ASSERT(b->routable);
        CPPUNIT_ASSERT(!registry.find(*IpAddress::parse("8.8.8.8")));
        // Not unmapped: ::ffff:10.0.0.1 is in the mapped block; classify() looks inside.
        b = registry.find(*IpAddress::parse("::ffff:10.0.0.1"));
        CPPUNIT_ASSERT(b && b->kind == "ipv4-mapped" && b->length == 96);
        // classify() reports the same row: views into it, not copies.
        const Classification c = registry.classify(*IpAddress::parse("10.1.2.3"));
        const SpecialBlock* row = registry.find(*IpAddress::parse("10.1.2.3"));
        CPPUNIT_ASSERT(row && c.kind.data() == row->kind.data() && c.description.data() == row->description.data());
        CPPUNIT_ASSERT_EQUAL(etcFile("special-purpose.yaml"), registry.path());
    }

    void rfcsListStandsInForMissingRfc() {
        ScratchFile f(
            "blocks:\n"
            "  - { prefix: 192.0.2.0/24, kind: documentation, rfcs: [RFC 5737, RFC 6890], description: D, routable: "
            "false }\n"
            "  - { prefix: 2d00::/8, kind: reserved, rfc: null, rfcs: [], description: R, routable: false }\n");
        SpecialPurposeRegistry r(f.path());
        CPPUNIT_ASSERT_EQUAL(std::string("RFC 5737, RFC 6890"),
                             std::string(*r.classify(*IpAddress::parse("192.0.2.1")).rfc));
        CPPUNIT_ASSERT(!r.classify(*IpAddress::parse("2d00::1")).rfc);
    }

    void malformedFilesNameFileAndLine() {
        ScratchFile bad_kind(
            "blocks:\n"
            "  - { prefix: 10.0.0.0/8, kind: private, rfc: RFC 1918, description: P, routable: false }\n"
            "  - { prefix: 192.0.2.0/24, kind: docs, rfc: RFC 5737, description: D, routable: false }\n");
        std::string e = errorOf([&] { SpecialPurposeRegistry r(bad_kind.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(bad_kind.path() + ":3:") == 0 && e.find("docs") != std::string::npos);

        ScratchFile bad_prefix(
            "blocks:\n  - { prefix: 10.0.0.0/33, kind: private, description: P, routable: false }\n");
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
