// SpecialPurposeRegistry: what an address is for, from the IANA IPv4 and IPv6
// Special-Purpose Address Registries as written in etc/netdb/special-purpose.yaml
// (blocks: [{prefix, kind, rfc, description, routable, rfcs?}]). The host reads
// that file once, at start, into one of these and shares it read-only: the
// address guard asks it on every outbound connect, netdb on every lookup.
// One rule for both: the most specific block holding an address decides; an
// address in no block is ordinary public unicast. Look-ups allocate nothing:
// they hand out references into the loaded table.
#pragma once

#include "host/facilities/netdb/PrefixTable.h"
#include "host/net/IpAddress.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::netdb {

/// One block of the registry file.
struct SpecialBlock {
    std::string prefix;              // "10.0.0.0/8", as written
    unsigned length = 0;             // prefix length in bits
    std::string kind;                // private, loopback, ... (SpecialPurposeRegistry::kinds())
    std::optional<std::string> rfc;  // `rfc`, else the `rfcs` list joined with ", ", else nullopt
    std::string description;         // IANA's name for the block
    bool routable = false;           // the registry's "Globally Reachable"
};

/// What the registry says about one address, as views into the registry's
/// table (valid while the registry lives). Making one allocates nothing.
struct Classification {
    std::string_view kind;                // public, private, loopback, ... (SpecialPurposeRegistry::kinds())
    std::optional<std::string_view> rfc;  // "RFC 1918"; nullopt for public addresses and blocks citing none
    std::string_view description;         // the deciding block's name ("Private-Use"); see describe()
    bool routable = true;                 // globally reachable
    bool special = false;                 // a registry block matched (false: ordinary public)
    /// For ::ffff:a.b.c.d, the IPv4 address it carries; describe() names it.
    std::optional<net::IpAddress> mapped_ipv4;

    /// Public and anycast addresses are real hosts somewhere: worth geolocating.
    bool locatable() const { return kind == "public" || kind == "anycast"; }
    /// The one-line description an answer shows: `description`, after
    /// "IPv4-mapped address of a.b.c.d: " for a mapped address. Allocates.
    std::string describe() const;
};

class SpecialPurposeRegistry {
public:
    /// Loads the YAML file; throws naming file and line on a malformed block.
    explicit SpecialPurposeRegistry(const std::string& path);

    /// The most specific block holding `a` exactly as written (::ffff:10.0.0.1
    /// is in the ipv4-mapped block), or nullptr for ordinary unicast. The
    /// address guard's question. Thread-safe.
    const SpecialBlock* find(const net::IpAddress& a) const;

    /// netdb's answer: find(a) as a Classification. For ::ffff:a.b.c.d the
    /// embedded IPv4 address is classified too and named by describe(); when
    /// that address is in a block, its kind, rfc and description win and the
    /// result is not routable. Thread-safe.
    Classification classify(const net::IpAddress& a) const;

    size_t size() const { return blocks_.size(); }
    const std::string& path() const { return path_; }

    /// The kinds a block may have.
    static const std::vector<std::string>& kinds();

private:
    Classification direct(const net::IpAddress& a) const;

    std::string path_;
    std::vector<SpecialBlock> blocks_;
    PrefixTable table_;
};

}  // namespace ipfacts::facilities::netdb
