// PrefixTable: CIDR blocks mapped to small integer values, where the most
// specific block containing an address wins. Nested blocks are flattened
// into disjoint sorted intervals once, at build time, so a lookup is one
// binary search instead of a scan over every block.
#pragma once

#include "host/facilities/netdb/AddressPrefix.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ipfacts::facilities::netdb {

class PrefixTable {
public:
    /// Records `prefix` -> `value`. Of two equal prefixes the first added wins.
    void add(const AddressPrefix& prefix, uint32_t value);
    /// Flattens what was added; call once, after the last add, before find.
    void build();

    /// The value of the most specific block holding `a`, if any. Thread-safe after build.
    std::optional<uint32_t> find(const net::IpAddress& a) const;

private:
    struct Interval {
        AddressKey first, last;
        uint32_t value;
    };
    struct Entry {
        AddressPrefix prefix;
        uint32_t value;
    };
    static std::vector<Interval> flatten(const std::vector<Entry>& entries, bool v4);

    std::vector<Entry> pending_v4_, pending_v6_;
    std::vector<Interval> v4_, v6_;
};

}  // namespace ipfacts::facilities::netdb
