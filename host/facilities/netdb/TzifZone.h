// TzifZone: one time zone's rules read from a compiled TZif file (RFC 8536,
// /usr/share/zoneinfo/<zone> from Debian tzdata): the 64-bit transition
// times of a v2+ file (or the 32-bit ones of a v1 file), the UTC offset of
// each local time type, and the POSIX TZ footer that covers every time after
// the last transition. g++ 12's libstdc++ has no std::chrono::tzdb, hence this.
#pragma once

#include "host/facilities/netdb/PosixTzRule.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::netdb {

class TzifZone {
public:
    /// Parses the bytes of a TZif file; throws std::runtime_error mentioning
    /// `name` when they are not one.
    TzifZone(std::string_view bytes, const std::string& name);

    /// Seconds east of UTC in effect at `unix_s`.
    int32_t utcOffsetAt(int64_t unix_s) const;

    size_t transitions() const { return times_.size(); }
    /// The last transition instant; times from it on follow the footer when there is one.
    std::optional<int64_t> lastTransition() const {
        return times_.empty() ? std::nullopt : std::optional<int64_t>(times_.back());
    }
    bool hasFooter() const { return footer_.has_value(); }

private:
    std::vector<int64_t> times_;    // ascending transition instants (Unix seconds)
    std::vector<uint8_t> types_;    // local time type in effect from times_[i]
    std::vector<int32_t> offsets_;  // UTC offset of each local time type
    std::optional<PosixTzRule> footer_;
};

}  // namespace ipfacts::facilities::netdb
