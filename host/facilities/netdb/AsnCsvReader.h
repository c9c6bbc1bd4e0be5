// AsnCsvReader: reads ASN range CSV files ("start_ip,end_ip,asn,as_name", one
// inclusive range per row, addresses as text, an optional header row) into
// rows for AsnTable, interning the names as it goes.
#pragma once

#include "host/facilities/netdb/AddressKey.h"
#include "host/facilities/netdb/StringPool.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::facilities::netdb {

struct AsnRow {
    AddressKey start, end;
    uint32_t asn = 0;
    uint32_t name = 0;   // index into the pool
    uint32_t order = 0;  // position in the input, to keep ties stable
};

struct AsnRows {
    std::vector<AsnRow> v4, v6;
};

/// Appends the rows of `path` to `out`; throws "<path>:<line>: <why>" on a bad row.
void readAsnCsv(const std::string& path, AsnRows& out, StringPool& names);

}  // namespace ipfacts::facilities::netdb
