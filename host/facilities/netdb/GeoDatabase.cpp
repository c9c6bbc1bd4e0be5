#include "host/facilities/netdb/GeoDatabase.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <stdexcept>

namespace ipfacts::facilities::netdb {

namespace {

/// Frees a decoded entry on every path out.
struct EntryList {
    MMDB_entry_data_list_s* head = nullptr;
    ~EntryList() { MMDB_free_entry_data_list(head); }
};

/// The node after the value that starts at `n` (a nested map or array included).
const MMDB_entry_data_list_s* skipValue(const MMDB_entry_data_list_s* n) {
    if (!n) return nullptr;
    const uint32_t type = n->entry_data.type, size = n->entry_data.data_size;
    const MMDB_entry_data_list_s* next = n->next;
    if (type == MMDB_DATA_TYPE_MAP)
        for (uint32_t i = 0; i < size && next; ++i) next = skipValue(skipValue(next));
    else if (type == MMDB_DATA_TYPE_ARRAY)
        for (uint32_t i = 0; i < size && next; ++i) next = skipValue(next);
    return next;
}

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

void assignReduced(GeoRecord& r, std::string_view key, const MMDB_entry_data_s& v) {
    if (key == "country_code") r.country = textOf(v);
    else if (key == "state1") r.region = textOf(v);
    else if (key == "city") r.city = textOf(v);
    else if (key == "postcode") r.postal = textOf(v);
    else if (key == "timezone") r.timezone = textOf(v);
    else if (key == "latitude") r.latitude = numberOf(v);
    else if (key == "longitude") r.longitude = numberOf(v);
}

/// The reduced layout is one flat map, so it is decoded in a single pass
/// rather than searched once per field (half the cost of MMDB_aget_value x7).
GeoRecord readReduced(MMDB_entry_s e) {
    GeoRecord r;
    EntryList list;
    if (MMDB_get_entry_data_list(&e, &list.head) != MMDB_SUCCESS || !list.head ||
        list.head->entry_data.type != MMDB_DATA_TYPE_MAP)
        return r;
    const MMDB_entry_data_list_s* n = list.head->next;
    for (uint32_t i = 0; i < list.head->entry_data.data_size && n && n->next; ++i) {
        const MMDB_entry_data_s& key = n->entry_data;
        if (key.type == MMDB_DATA_TYPE_UTF8_STRING)
            assignReduced(r, std::string_view(key.utf8_string, key.data_size), n->next->entry_data);
        n = skipValue(n->next);
    }
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
        throw std::runtime_error(path + ": unknown database_type `" + type_ +
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
