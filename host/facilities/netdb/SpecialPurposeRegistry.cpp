#include "host/facilities/netdb/SpecialPurposeRegistry.h"

#include "host/facilities/netdb/YamlSource.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>

namespace ipfacts::facilities::netdb {

namespace {

constexpr std::string_view kPublic = "public";
constexpr std::string_view kPublicDescription = "Globally routable unicast address";
constexpr std::string_view kMappedKind = "ipv4-mapped";

/// "RFC 6890" from `rfc`, or the `rfcs` list joined, or nullopt.
std::optional<std::string> rfcOf(const YamlSource& src, const YAML::Node& block) {
    if (block["rfc"] && !block["rfc"].IsNull()) return src.text(block, "rfc");
    std::string joined;
    for (const auto& r : src.optionalSequence(block, "rfcs"))
        joined += (joined.empty() ? "" : ", ") + src.scalar(r, "an `rfcs` entry");
    if (joined.empty()) return std::nullopt;
    return joined;
}

/// The IPv4 address carried in the last 32 bits of an IPv6 address.
net::IpAddress embeddedIpv4(const net::IpAddress& a) {
    sockaddr_in sin{};
    sin.sin_family = AF_INET;
    std::memcpy(&sin.sin_addr, a.bytes() + 12, 4);
    return *net::IpAddress::fromSockaddr(reinterpret_cast<const sockaddr*>(&sin));
}

}  // namespace

std::string Classification::describe() const {
    if (!mapped_ipv4) return std::string(description);
    return "IPv4-mapped address of " + mapped_ipv4->toString() + ": " + std::string(description);
}

const std::vector<std::string>& SpecialPurposeRegistry::kinds() {
    static const std::vector<std::string> k = {"public",      "private",       "loopback",     "link-local",
                                               "shared",      "documentation", "benchmarking", "multicast",
                                               "reserved",    "unspecified",   "broadcast",    "ipv4-mapped",
                                               "translation", "unique-local",  "discard",      "anycast"};
    return k;
}

SpecialPurposeRegistry::SpecialPurposeRegistry(const std::string& path) : path_(path) {
    YamlSource src(path);
    for (const auto& row : src.sequence(src.root(), "blocks")) {
        if (!row.IsMap()) src.fail(row, "a block is not a map");
        SpecialBlock b;
        b.prefix = src.text(row, "prefix");
        auto prefix = AddressPrefix::parse(b.prefix);
        if (!prefix) src.fail(row["prefix"], "`" + b.prefix + "` is not a CIDR block");
        b.length = prefix->length;
        b.kind = src.text(row, "kind");
        if (std::find(kinds().begin(), kinds().end(), b.kind) == kinds().end())
            src.fail(row["kind"], "unknown kind `" + b.kind + "`");
        b.rfc = rfcOf(src, row);
        b.description = src.text(row, "description");
        b.routable = src.flag(row, "routable");
        table_.add(*prefix, static_cast<uint32_t>(blocks_.size()));
        blocks_.push_back(std::move(b));
    }
    if (blocks_.empty()) src.fail(src.root()["blocks"], "the registry lists no blocks");
    table_.build();
}

const SpecialBlock* SpecialPurposeRegistry::find(const net::IpAddress& a) const {
    const std::optional<uint32_t> i = table_.find(a);
    return i ? &blocks_[*i] : nullptr;
}

Classification SpecialPurposeRegistry::direct(const net::IpAddress& a) const {
    Classification c;
    const SpecialBlock* b = find(a);
    if (!b) {
        c.kind = kPublic;
        c.description = kPublicDescription;
        return c;
    }
    c.kind = b->kind;
    if (b->rfc) c.rfc = *b->rfc;
    c.description = b->description;
    c.routable = b->routable;
    c.special = true;
    return c;
}

Classification SpecialPurposeRegistry::classify(const net::IpAddress& a) const {
    Classification c = direct(a);
    if (c.kind != kMappedKind || a.isV4()) return c;
    // ::ffff:a.b.c.d: the mapped block's facts around a public address,
    // the embedded address's own block otherwise, never routable as such.
    const net::IpAddress v4 = embeddedIpv4(a);
    Classification inner = direct(v4);
    if (!inner.special) {
        c.description = inner.description;
        c.mapped_ipv4 = v4;
        return c;
    }
    inner.routable = false;
    inner.mapped_ipv4 = v4;
    return inner;
}

}  // namespace ipfacts::facilities::netdb
