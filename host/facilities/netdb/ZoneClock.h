// ZoneClock: "now" as wall time in an IANA zone, from the TZif files under a
// zoneinfo folder. Zones are read on first use and kept for the life of the
// clock; later reads take only a shared lock, so concurrent lookups do not
// serialise. Zone names are checked before they touch the file system.
#pragma once

#include "host/facilities/netdb/TzifZone.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>

namespace ipfacts::facilities::netdb {

class ZoneClock {
public:
    explicit ZoneClock(std::string zoneinfo_dir);

    /// "2026-11-22T11:05:00-08:00"; nullopt when the zone is unknown or unreadable. Thread-safe.
    std::optional<std::string> localTime(std::string_view zone, std::chrono::system_clock::time_point now) const;
    /// Seconds east of UTC in `zone` at `unix_s`; nullopt as for localTime. Thread-safe.
    std::optional<int32_t> utcOffset(std::string_view zone, int64_t unix_s) const;

    /// True for names made of [A-Za-z0-9/_+-] with no empty, "." or ".." part,
    /// none leading with '-' or '/': nothing that could leave the zoneinfo folder.
    static bool validName(std::string_view zone);

    /// Zones read so far (misses included).
    size_t cached() const;

private:
    const TzifZone* zone(std::string_view name) const;
    std::unique_ptr<const TzifZone> read(const std::string& name) const;

    // A name the data repeats for every lookup must not be read again, nor a
    // bad one retried forever; past this many entries misses are not kept.
    static constexpr size_t kMaxCached = 4096;

    std::string dir_;
    mutable std::shared_mutex mu_;
    // nullptr marks a zone that could not be read. Entries are never removed,
    // so the pointers handed out stay valid for the clock's life.
    mutable std::map<std::string, std::unique_ptr<const TzifZone>, std::less<>> zones_;
};

}  // namespace ipfacts::facilities::netdb
