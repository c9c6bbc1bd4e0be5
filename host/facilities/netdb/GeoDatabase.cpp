#include "host/facilities/netdb/GeoDatabase.h"

#include "host/facilities/netdb/MmdbData.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <stdexcept>

namespace ipfacts::facilities::netdb {

namespace {

std::optional<std::string> textOf(const MMDB_entry_data_s& d) {
    if (d.type != MMDB_DATA_TYPE_UTF8_STRING || d.data_size == 0) return std::nullopt;
    return std::string(d.utf8_string, d.data_size);
}

std::optional<double> numberOf(const MMDB_entry_data_s& d) {
    if (d.type == MMDB_DATA_TYPE_DOUBLE) return d.double_value;
    if (d.type == MMDB_DATA_TYPE_FLOAT) return static_cast<double>(d.float_value);
    return std::nullopt;
}

/// The value at `path` of `entry`, if present.
std::optional<MMDB_entry_data_s> valueAt(MMDB_entry_s entry, std::initializer_list<const char*> path) {
    const char* p[8] = {};
    std::copy(path.begin(), path.end(), p);
    MMDB_entry_data_s d{};
    if (MMDB_aget_value(&entry, &d, p) != MMDB_SUCCESS || !d.has_data) return std::nullopt;
    return d;
}

/// Text at `path`; unset when absent, not a string, or empty (the reduced
/// layout writes "" for unknown fields).
std::optional<std::string> text(const MMDB_entry_s& e, std::initializer_list<const char*> path) {
    auto d = valueAt(e, path);
    return d ? textOf(*d) : std::nullopt;
}

/// A number at `path` (the reduced layout stores float, GeoIP2 double).
std::optional<double> number(const MMDB_entry_s& e, std::initializer_list<const char*> path) {
    auto d = valueAt(e, path);
    return d ? numberOf(*d) : std::nullopt;
}

std::optional<std::string> textOf(const MmdbData& data, const MmdbValue& v) {
    if (v.type != MmdbValue::kString || v.size == 0) return std::nullopt;
    return std::string(data.text(v));
}

void assignReduced(GeoRecord& r, const MmdbData& data, std::string_view key, const MmdbValue& v) {
    if (key == "country_code")
        r.country = textOf(data, v);
    else if (key == "state1")
        r.region = textOf(data, v);
    else if (key == "city")
        r.city = textOf(data, v);
    else if (key == "postcode")
        r.postal = textOf(data, v);
    else if (key == "timezone")
        r.timezone = textOf(data, v);
    else if (key == "latitude")
        r.latitude = data.number(v);
    else if (key == "longitude")
        r.longitude = data.number(v);
}

/// The reduced layout is one flat map, read member by member where it lies
/// in the file (MmdbData): no per-field search as MMDB_aget_value x7 would
/// do, and no decoded list allocated per lookup.
GeoRecord readReduced(const MMDB_entry_s& e) {
    GeoRecord r;
    const MmdbData data(e.mmdb->data_section, e.mmdb->data_section_size);
    // A malformed record gives nothing, as libmaxminddb's decoder would.
    auto assign = [&](std::string_view key, const MmdbValue& v) { assignReduced(r, data, key, v); };
    if (!data.forEachMember(e.offset, assign)) return GeoRecord{};
    return r;
}

GeoRecord readGeoIp2(const MMDB_entry_s& e) {
    GeoRecord r;
    r.country = text(e, {"country", "iso_code"});
    r.country_name = text(e, {"country", "names", "en"});
    r.continent = text(e, {"continent", "code"});
    r.region = text(e, {"subdivisions", "0", "names", "en"});
    r.region_code = text(e, {"subdivisions", "0", "iso_code"});
    r.city = text(e, {"city", "names", "en"});
    r.postal = text(e, {"postal", "code"});
    r.timezone = text(e, {"location", "time_zone"});
    r.latitude = number(e, {"location", "latitude"});
    r.longitude = number(e, {"location", "longitude"});
    return r;
}

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

}  // namespace

std::optional<GeoDatabase::Layout> GeoDatabase::layoutOf(const std::string& t) {
    // MaxMind's family also has ASN, ISP, Anonymous-IP... files with no place in them.
    const bool maxmind_family = startsWith(t, "GeoIP2-") || startsWith(t, "GeoLite2-") || startsWith(t, "DBIP-");
    const bool has_places =
        contains(t, "City") || contains(t, "Country") || contains(t, "Enterprise") || contains(t, "Location");
    if (maxmind_family && has_places) return Layout::kGeoIp2;
    if (startsWith(t, "city")) return Layout::kReduced;  // ip-location-db: "city ipv4", "city ipv6"
    return std::nullopt;
}

GeoDatabase::MmdbFile::MmdbFile(const std::string& path) {
    // On failure MMDB_open releases what it took itself.
    const int status = MMDB_open(path.c_str(), MMDB_MODE_MMAP, &db);
    if (status != MMDB_SUCCESS) throw std::runtime_error(path + ": " + MMDB_strerror(status));
}

GeoDatabase::MmdbFile::~MmdbFile() { MMDB_close(&db); }

GeoDatabase::GeoDatabase(const std::string& path) : file_(path) {
    type_ = file_.db.metadata.database_type ? file_.db.metadata.database_type : "";
    auto layout = layoutOf(type_);
    if (!layout)
        throw std::runtime_error(
            path + ": unknown database_type `" + type_ +
            "` (expected a GeoIP2/GeoLite2 City or Country file, or ip-location-db's `city ipv4`/`city ipv6`)");
    layout_ = *layout;
}

std::optional<GeoRecord> GeoDatabase::lookup(const net::IpAddress& a) const {
    if (!a.isV4() && !holdsIpv6()) return std::nullopt;
    sockaddr_storage ss{};
    if (a.isV4()) {
        auto* sin = reinterpret_cast<sockaddr_in*>(&ss);
        sin->sin_family = AF_INET;
        std::memcpy(&sin->sin_addr, a.bytes(), 4);
    } else {
        auto* sin6 = reinterpret_cast<sockaddr_in6*>(&ss);
        sin6->sin6_family = AF_INET6;
        std::memcpy(&sin6->sin6_addr, a.bytes(), 16);
    }
    int error = MMDB_SUCCESS;
    MMDB_lookup_result_s res = MMDB_lookup_sockaddr(&file_.db, reinterpret_cast<const sockaddr*>(&ss), &error);
    if (error != MMDB_SUCCESS || !res.found_entry) return std::nullopt;
    GeoRecord r = layout_ == Layout::kGeoIp2 ? readGeoIp2(res.entry) : readReduced(res.entry);
    if (r.empty()) return std::nullopt;
    return r;
}

}  // namespace ipfacts::facilities::netdb
