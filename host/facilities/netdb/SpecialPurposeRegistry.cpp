#include "host/facilities/netdb/SpecialPurposeRegistry.h"

#include "host/facilities/netdb/YamlSource.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>

namespace ipfacts::facilities::netdb {

namespace {

const char kPublicDescription[] = "Globally routable unicast address";

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

const std::vector<std::string>& SpecialPurposeRegistry::kinds() {
    static const std::vector<std::string> k = {
        "public",      "private",   "loopback", "link-local",  "shared",       "documentation",
        "benchmarking", "multicast", "reserved", "unspecified", "broadcast",    "ipv4-mapped",
        "translation", "unique-local", "discard", "anycast"};
    return k;
}

SpecialPurposeRegistry::SpecialPurposeRegistry(const std::string& path) {
    YamlSource src(path);
    for (const auto& block : src.sequence(src.root(), "blocks")) {
        if (!block.IsMap()) src.fail(block, "a block is not a map");
        const std::string prefix_text = src.text(block, "prefix");
        auto prefix = AddressPrefix::parse(prefix_text);
        if (!prefix) src.fail(block["prefix"], "`" + prefix_text + "` is not a CIDR block");
        Classification c;
        c.kind = src.text(block, "kind");
        if (std::find(kinds().begin(), kinds().end(), c.kind) == kinds().end())
            src.fail(block["kind"], "unknown kind `" + c.kind + "`");
        c.rfc = rfcOf(src, block);
        c.description = src.text(block, "description");
        c.routable = src.flag(block, "routable");
        c.special = true;
        table_.add(*prefix, static_cast<uint32_t>(blocks_.size()));
        blocks_.push_back(std::move(c));
    }
    table_.build();
}

Classification SpecialPurposeRegistry::direct(const net::IpAddress& a) const {
    if (auto i = table_.find(a)) return blocks_[*i];
    Classification c;
    c.kind = "public";
    c.description = kPublicDescription;
    c.routable = true;
    return c;
}

Classification SpecialPurposeRegistry::mapped(const net::IpAddress& a, Classification block) const {
    const net::IpAddress v4 = embeddedIpv4(a);
    Classification inner = direct(v4);
    const std::string prefix = "IPv4-mapped address of " + v4.toString() + ": ";
    if (inner.kind == "public") {
        block.description = prefix + inner.description;
        return block;
    }
    inner.description = prefix + inner.description;
    inner.routable = false;
    return inner;
}

Classification SpecialPurposeRegistry::classify(const net::IpAddress& a) const {
    Classification c = direct(a);
    if (c.kind == "ipv4-mapped" && !a.isV4()) return mapped(a, std::move(c));
    return c;
}

}  // namespace ipfacts::facilities::netdb
