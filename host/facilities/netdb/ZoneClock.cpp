#include "host/facilities/netdb/ZoneClock.h"

#include "host/facilities/netdb/CivilTime.h"

#include <sys/stat.h>

#include <fstream>
#include <iterator>
#include <mutex>
#include <sstream>

namespace ipfacts::facilities::netdb {

namespace {

bool validChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' || c == '_' ||
           c == '+' || c == '-';
}

}  // namespace

ZoneClock::ZoneClock(std::string zoneinfo_dir) : dir_(std::move(zoneinfo_dir)) { preload(); }

bool ZoneClock::validName(std::string_view zone) {
    if (zone.empty() || zone.size() > 64 || zone.front() == '/' || zone.front() == '-' || zone.back() == '/')
        return false;
    for (char c : zone)
        if (!validChar(c)) return false;
    return zone.find("//") == std::string_view::npos;
}

void ZoneClock::insert(Table& table, std::string name, std::unique_ptr<const TzifZone> zone) {
    auto named = std::make_unique<const Named>(Named{std::move(name), std::move(zone)});
    const std::string_view key = named->name;  // points into the entry itself, so it lives as long
    table.emplace(key, std::move(named));
}

void ZoneClock::preload() {
    // tzdata.zi lines "Z <name> ..." define zones, "L <target> <name>" links.
    std::ifstream zi(dir_ + "/tzdata.zi");
    std::string line;
    while (std::getline(zi, line)) {
        if (line.size() < 3 || (line[0] != 'Z' && line[0] != 'L') || line[1] != ' ') continue;
        std::istringstream words(line.substr(2));
        std::string name;
        words >> name;
        if (line[0] == 'L') words >> name;
        if (!validName(name) || preloaded_.count(name)) continue;
        if (auto z = read(name)) insert(preloaded_, name, std::move(z));
    }
}

std::unique_ptr<const TzifZone> ZoneClock::read(const std::string& name) const {
    const std::string path = dir_ + "/" + name;
    struct stat st {};
    // "Europe" names a folder; opening one "works" and then fails on read.
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMaxFileBytes) return nullptr;
    try {
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return std::make_unique<const TzifZone>(bytes, name);
    } catch (const std::exception&) {
        return nullptr;  // unreadable, or not a TZif file: the zone is unknown
    }
}

const TzifZone* ZoneClock::zone(std::string_view name) const {
    if (auto it = preloaded_.find(name); it != preloaded_.end()) return it->second->zone.get();
    if (!validName(name)) return nullptr;
    return zoneOnDemand(name);
}

const TzifZone* ZoneClock::zoneOnDemand(std::string_view name) const {
    {
        std::shared_lock lock(mu_);
        if (auto it = on_demand_.find(name); it != on_demand_.end()) return it->second->zone.get();
    }
    std::string key(name);
    auto loaded = read(key);  // outside the lock: a slow disk stalls only this caller
    std::unique_lock lock(mu_);
    if (auto it = on_demand_.find(name); it != on_demand_.end()) return it->second->zone.get();  // another thread won
    const TzifZone* z = loaded.get();
    if (z || on_demand_.size() < kMaxOnDemand) insert(on_demand_, std::move(key), std::move(loaded));
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

size_t ZoneClock::readLater() const {
    std::shared_lock lock(mu_);
    return on_demand_.size();
}

}  // namespace ipfacts::facilities::netdb
