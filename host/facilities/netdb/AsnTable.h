// AsnTable: which autonomous system announces an address, from CSV files of
// inclusive ranges "start_ip,end_ip,asn,as_name" (ip-location-db's asn-ipv4.csv
// and asn-ipv6.csv). Held compactly for ~500k ranges: per family, sorted
// parallel columns (IPv4 bounds as uint32, IPv6 as two uint64) searched by
// bisection, and every AS name stored once in a shared pool.
#pragma once

#include "host/facilities/netdb/AddressKey.h"
#include "host/facilities/netdb/StringPool.h"
#include "host/net/IpAddress.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::netdb {

struct AsnMatch {
    uint32_t asn = 0;
    std::string_view name;    // into the table's pool; empty when the source has none
    uint32_t name_index = 0;  // the name's index in namePool()
};

class AsnTable {
public:
    /// Loads every file; throws naming file and line on a malformed row.
    /// Where ranges overlap, the one starting later (the more specific) wins.
    explicit AsnTable(const std::vector<std::string>& csv_paths);

    /// The range holding `a`, if any. Thread-safe, allocation-free.
    std::optional<AsnMatch> find(const net::IpAddress& a) const;

    size_t ranges() const { return v4_.start.size() + v6_.start.size(); }
    /// Bytes held by the columns and the name pool.
    size_t bytes() const;
    double loadMs() const { return load_ms_; }
    /// Every distinct AS name, so per-name facts can be computed once.
    const StringPool& namePool() const { return names_; }

    /// One family's ranges as parallel columns, sorted by start, disjoint.
    /// `bucket[h]` counts the ranges starting below the h-th /16 (IPv4) or
    /// the h-th 16-bit top group (IPv6): bisection then starts inside one
    /// bucket, a few cache lines, instead of across megabytes.
    template <class Key>
    struct Columns {
        std::vector<Key> start, end;
        std::vector<uint32_t> asn, name;  // name: index into names_
        std::vector<uint32_t> bucket;     // 65537 entries
    };

private:
    template <class Key>
    std::optional<AsnMatch> search(const Columns<Key>& c, const Key& k) const;

    Columns<uint32_t> v4_;
    Columns<AddressKey> v6_;
    StringPool names_;
    double load_ms_ = 0;
};

}  // namespace ipfacts::facilities::netdb
