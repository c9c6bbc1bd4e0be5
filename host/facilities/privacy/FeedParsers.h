// FeedParsers: the formats privacy feeds come in, read into a RangeTable and
// the date their data speaks for. A body that holds no usable entry is an
// error, so a broken download never replaces good data with an empty list.
#pragma once

#include "host/facilities/privacy/RangeTable.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace ipfacts::facilities::privacy {

struct ParsedFeed {
    RangeTable table;
    int64_t data_date_s = 0;  // Unix seconds the data speaks for; 0: the body does not say
    size_t entries = 0;
    size_t skipped = 0;  // lines that were not entries (malformed)
    std::string error;   // set when nothing usable was found
};

/// Tor's measured exit list (check.torproject.org/exit-addresses): blocks of
/// "ExitNode <fingerprint>", "Published", "LastStatus" and one or more
/// "ExitAddress <address> <YYYY-MM-DD HH:MM:SS>" lines. Only ExitAddress
/// lines count (exits as measured, not every relay); the date is the newest
/// ExitAddress time.
ParsedFeed parseTorExitList(std::string_view body);

/// A range list: one block per line, first comma-separated field, as in the
/// iCloud Private Relay egress-ip-ranges.csv ("172.224.224.0/27,GB,GB-EN,London,")
/// and plain range files. Blank lines and lines starting with '#' are skipped.
ParsedFeed parseRangeList(std::string_view body);

/// "YYYY-MM-DD HH:MM:SS" (UTC) as Unix seconds; -1 when malformed.
int64_t parseUtcDateTime(std::string_view text);

}  // namespace ipfacts::facilities::privacy
