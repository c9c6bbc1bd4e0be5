// RangeTable: address blocks of one privacy source (Tor exits, a relay's
// egress ranges, a VPN range file, an operator's overrides), each with the
// text it was written as for evidence, answering "which block holds this
// address" in one binary search (netdb's PrefixTable; the most specific wins).
#pragma once

#include "host/facilities/netdb/PrefixTable.h"
#include "host/net/IpAddress.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::facilities::privacy {

class RangeTable {
public:
    /// Adds a block ("104.28.0.0/16", or a bare address as its /32 or /128)
    /// with a value index the caller keeps meaning for; false when `text` is
    /// not a block.
    bool add(const std::string& text, uint32_t value = 0);
    /// Call once after the last add.
    void build();

    struct Match {
        std::string prefix;  // canonical "a.b.c.d/n"
        uint32_t value = 0;
    };
    /// The most specific block holding `a`. Thread-safe after build.
    std::optional<Match> find(const net::IpAddress& a) const;
    size_t size() const { return blocks_.size(); }

private:
    struct Block {
        std::string prefix;
        uint32_t value;
    };
    netdb::PrefixTable table_;
    std::vector<Block> blocks_;
};

}  // namespace ipfacts::facilities::privacy
