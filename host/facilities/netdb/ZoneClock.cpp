#include "host/facilities/netdb/ZoneClock.h"

#include "host/facilities/netdb/CivilTime.h"

#include <fstream>
#include <iterator>
#include <mutex>

namespace ipfacts::facilities::netdb {

namespace {

bool validChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' || c == '_' ||
           c == '+' || c == '-';
}

}  // namespace

ZoneClock::ZoneClock(std::string zoneinfo_dir) : dir_(std::move(zoneinfo_dir)) {}

bool ZoneClock::validName(std::string_view zone) {
    if (zone.empty() || zone.size() > 64 || zone.front() == '/' || zone.front() == '-' || zone.back() == '/')
        return false;
    for (char c : zone)
        if (!validChar(c)) return false;
    // With '.' refused above, "." and ".." parts cannot occur; reject "//" too.
    return zone.find("//") == std::string_view::npos;
}

std::unique_ptr<const TzifZone> ZoneClock::read(const std::string& name) const {
    std::ifstream in(dir_ + "/" + name, std::ios::binary);
    if (!in) return nullptr;
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
        return std::make_unique<const TzifZone>(bytes, name);
    } catch (const std::exception&) {
        return nullptr;  // not a TZif file (a folder, posixrules oddities): treat as unknown
    }
}

const TzifZone* ZoneClock::zone(std::string_view name) const {
    if (!validName(name)) return nullptr;
    {
        std::shared_lock lock(mu_);
        if (auto it = zones_.find(name); it != zones_.end()) return it->second.get();
    }
    const std::string key(name);
    auto loaded = read(key);  // outside the lock: a slow disk stalls only this caller
    std::unique_lock lock(mu_);
    if (auto it = zones_.find(name); it != zones_.end()) return it->second.get();  // another thread won
    const TzifZone* z = loaded.get();
    if (z || zones_.size() < kMaxCached) zones_.emplace(key, std::move(loaded));
    return z;
}

std::optional<int32_t> ZoneClock::utcOffset(std::string_view name, int64_t unix_s) const {
    const TzifZone* z = zone(name);
    if (!z) return std::nullopt;
    return z->utcOffsetAt(unix_s);
}

std::optional<std::string> ZoneClock::localTime(std::string_view name,
                                                std::chrono::system_clock::time_point now) const {
    const int64_t unix_s = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
    auto offset = utcOffset(name, unix_s);
    if (!offset) return std::nullopt;
    return isoLocalTime(unix_s, *offset);
}

size_t ZoneClock::cached() const {
    std::shared_lock lock(mu_);
    return zones_.size();
}

}  // namespace ipfacts::facilities::netdb
