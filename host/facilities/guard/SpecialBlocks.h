// SpecialBlocks: the IANA special-purpose blocks of etc/netdb/special-purpose.yaml
// held so that a look-up allocates nothing: the guard runs it on every connect.
// Same file and same rule (most specific block wins) as netdb's
// SpecialPurposeRegistry, whose classify() returns strings by value.
#pragma once

#include "host/facilities/netdb/PrefixTable.h"
#include "host/net/IpAddress.h"

#include <string>
#include <vector>

namespace ipfacts::facilities::guard {

/// One registry row, as much of it as a refusal needs.
struct SpecialBlock {
    std::string prefix;       // "10.0.0.0/8"
    unsigned length = 0;      // prefix length in bits
    std::string kind;         // private, loopback, ... (netdb's kinds)
    std::string rfc;          // "RFC 1918"; empty when the registry cites none
    std::string description;  // IANA's name for the block
};

class SpecialBlocks {
public:
    /// Loads the registry file; throws std::runtime_error naming file and line.
    explicit SpecialBlocks(const std::string& path);

    /// The most specific block holding `a`, or nullptr for ordinary unicast.
    /// Allocation-free and thread-safe.
    const SpecialBlock* find(const net::IpAddress& a) const;

    size_t size() const { return blocks_.size(); }

private:
    std::vector<SpecialBlock> blocks_;
    netdb::PrefixTable table_;
};

}  // namespace ipfacts::facilities::guard
