// SpecialPurposeRegistry: what an address is for, from the IANA IPv4 and IPv6
// Special-Purpose Address Registries as written in etc/netdb/special-purpose.yaml
// (blocks: [{prefix, kind, rfc, description, routable, rfcs?}]). The most
// specific block holding an address decides; an address in no block is
// ordinary public unicast. IPv4-mapped IPv6 addresses are judged by the IPv4
// address they carry (see classify).
#pragma once

#include "host/facilities/netdb/PrefixTable.h"
#include "host/net/IpAddress.h"

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::facilities::netdb {

struct Classification {
    std::string kind;               // public, private, loopback, ... (see kKinds)
    std::optional<std::string> rfc; // "RFC 1918"; nullopt for public addresses
    std::string description;        // one line: what the block is for
    bool routable = true;           // globally reachable
    bool special = false;           // a registry block matched (false: ordinary public)

    /// Public and anycast addresses are real hosts somewhere: worth geolocating.
    bool locatable() const { return kind == "public" || kind == "anycast"; }
};

class SpecialPurposeRegistry {
public:
    /// Loads the YAML file; throws naming file and line on a malformed block.
    explicit SpecialPurposeRegistry(const std::string& path);

    /// The block holding `a`. For ::ffff:a.b.c.d the embedded IPv4 address is
    /// classified too and the description names it; when that address is not
    /// public, its kind, rfc and description (so prefixed) win and the result
    /// is not routable. Thread-safe.
    Classification classify(const net::IpAddress& a) const;

    size_t size() const { return blocks_.size(); }

    /// The kinds a block may have.
    static const std::vector<std::string>& kinds();

private:
    Classification direct(const net::IpAddress& a) const;
    Classification mapped(const net::IpAddress& a, Classification block) const;

    std::vector<Classification> blocks_;
    PrefixTable table_;
};

}  // namespace ipfacts::facilities::netdb
