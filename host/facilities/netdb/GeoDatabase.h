// GeoDatabase: one MaxMind DB (.mmdb) file opened with libmaxminddb in mmap
// mode and read in either of two layouts, told apart by the metadata's
// database_type:
//  - ip-location-db's reduced layout ("city ipv4", "city ipv6"): flat
//    country_code, state1, state2, city, postcode, latitude, longitude, timezone;
//  - MaxMind's GeoIP2/GeoLite2 City layout ("GeoLite2-City", "GeoIP2-City",
//    the Country and Enterprise editions, DB-IP's "DBIP-City-Lite"):
//    country.iso_code, subdivisions[0], city.names.en, ...
// The file is closed (and unmapped) by the destructor.
#pragma once

#include "host/facilities/netdb/GeoRecord.h"
#include "host/net/IpAddress.h"

#include <maxminddb.h>

#include <optional>
#include <string>

namespace ipfacts::facilities::netdb {

class GeoDatabase {
public:
    enum class Layout { kReduced, kGeoIp2 };

    /// Opens `path`; throws std::runtime_error naming it when it cannot be
    /// opened or its database_type is neither layout.
    explicit GeoDatabase(const std::string& path);
    GeoDatabase(const GeoDatabase&) = delete;
    GeoDatabase& operator=(const GeoDatabase&) = delete;

    /// The record for `a`; nullopt when the file has none or cannot hold the
    /// family (IPv6 in an IPv4 file). IPv4 in an IPv6 file is looked up at
    /// ::a.b.c.d by libmaxminddb. Thread-safe: the mapping is read-only.
    std::optional<GeoRecord> lookup(const net::IpAddress& a) const;

    Layout layout() const { return layout_; }
    bool holdsIpv6() const { return file_.db.metadata.ip_version == 6; }
    const std::string& databaseType() const { return type_; }

    /// The layout a database_type names; nullopt for neither.
    static std::optional<Layout> layoutOf(const std::string& database_type);

private:
    /// The open file; closing it unmaps it. A member, so a constructor that
    /// throws after opening still closes it.
    struct MmdbFile {
        explicit MmdbFile(const std::string& path);
        ~MmdbFile();
        MmdbFile(const MmdbFile&) = delete;
        MmdbFile& operator=(const MmdbFile&) = delete;
        MMDB_s db{};
    };

    MmdbFile file_;
    std::string type_;
    Layout layout_ = Layout::kReduced;
};

}  // namespace ipfacts::facilities::netdb
