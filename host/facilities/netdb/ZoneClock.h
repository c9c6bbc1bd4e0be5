// ZoneClock: "now" as wall time in an IANA zone, from the TZif files under a
// zoneinfo folder. Every zone tzdata lists (its tzdata.zi: zones and links)
// is read at construction into an immutable table that lookups read without
// locking. A name not listed there is read on first use into a second table
// behind a shared mutex (shared lock on the read path). Zone names are
// checked before they touch the file system.
#pragma once

#include "host/facilities/netdb/TzifZone.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ipfacts::facilities::netdb {

class ZoneClock {
public:
    /// Preloads the zones `<zoneinfo_dir>/tzdata.zi` lists (if that file exists).
    explicit ZoneClock(std::string zoneinfo_dir);

    /// "2026-11-22T11:05:00-08:00"; nullopt when the zone is unknown or unreadable. Thread-safe.
    std::optional<std::string> localTime(std::string_view zone, std::chrono::system_clock::time_point now) const;
    /// Seconds east of UTC in `zone` at `unix_s`; nullopt as for localTime. Thread-safe.
    std::optional<int32_t> utcOffset(std::string_view zone, int64_t unix_s) const;

    /// True for names made of [A-Za-z0-9/_+-] with no empty part, none
    /// leading with '-' or '/': nothing that could leave the zoneinfo folder
    /// ('.' is refused outright, so no "." or ".." part).
    static bool validName(std::string_view zone);

    size_t preloaded() const { return preloaded_.size(); }
    /// Names read on demand so far (misses included).
    size_t readLater() const;

private:
    /// A zone and its name; the name is the key of the table that owns it.
    struct Named {
        std::string name;
        std::unique_ptr<const TzifZone> zone;  // nullptr: could not be read
    };
    using Table = std::unordered_map<std::string_view, std::unique_ptr<const Named>>;

    const TzifZone* zone(std::string_view name) const;
    const TzifZone* zoneOnDemand(std::string_view name) const;
    std::unique_ptr<const TzifZone> read(const std::string& name) const;
    void preload();
    static void insert(Table& table, std::string name, std::unique_ptr<const TzifZone> zone);

    // Misses are kept so a bad name in the data is not retried on every
    // lookup, but only up to this many names.
    static constexpr size_t kMaxOnDemand = 4096;
    // The largest TZif file in tzdata is under 4 KiB; anything far bigger is not one.
    static constexpr long kMaxFileBytes = 1 << 20;

    std::string dir_;
    Table preloaded_;  // filled by the constructor, then never changed
    mutable std::shared_mutex mu_;
    mutable Table on_demand_;  // entries are never removed: handed-out pointers stay valid
};

}  // namespace ipfacts::facilities::netdb
