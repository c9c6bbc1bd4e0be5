// NetDb: the host's address-facts facility (ipf_netdb_api, ABI 1.2). Loads
// every data file once, at construction, then answers lookups from memory:
// classification from the IANA special-purpose registries, geolocation from
// mmdb files, AS number and name from range CSVs, the RIR, a connection type
// guess, country names, continents and the local time in the address's zone.
// It also owns the location rule plugins used to infer: whether an address is
// locatable, why not, and geo_accuracy, always set (ABI 1.4).
// README.md beside this file states the rules for each field.
#pragma once

#include "host/net/IpAddress.h"

#include <ipfacts/plugin.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace ipfacts::facilities {

namespace netdb {
class SpecialPurposeRegistry;
class GeoDatabase;
class AsnTable;
class RirTable;
class ConnectionTypeRules;
class ContinentTable;
class CountryNames;
class ZoneClock;
struct AsnMatch;
}  // namespace netdb

/// Which files to load. The special-purpose registry is required: the host's
/// shared reading (`registry`, what the daemon passes) or else the file
/// `special_purpose`. Every other file may be left empty (the facts it gives
/// are then reported unknown), but a file that is named must load.
struct NetDbConfig {
    std::vector<std::string> city_mmdb;  // 0..n mmdb files; each one's layout comes from its metadata
    std::vector<std::string> asn_csv;    // 0..n CSV files of ASN ranges
    std::shared_ptr<const netdb::SpecialPurposeRegistry> registry;  // loaded once at start, shared with the guard
    std::string special_purpose;   // etc/netdb/special-purpose.yaml, read when `registry` is null
    std::string rir;               // etc/netdb/rir.yaml
    std::string continents;        // etc/netdb/continents.yaml
    std::string connection_types;  // etc/netdb/connection-types.yaml
    std::string country_names;     // /usr/share/iso-codes/json/iso_3166-1.json
    std::string zoneinfo_dir = "/usr/share/zoneinfo";
};

class NetDb {
public:
    /// Loads everything; throws std::runtime_error naming the file (and line)
    /// that is missing or malformed.
    explicit NetDb(const NetDbConfig& config);
    ~NetDb();
    NetDb(const NetDb&) = delete;
    NetDb& operator=(const NetDb&) = delete;

    /// Facts about `a` at `now` (for local_time). Thread-safe; reads memory
    /// only, except the first time a zone is met (one small TZif read).
    /// geo_accuracy is always set; not_locatable_reason exactly when
    /// locatable is false: the block's kind, or "not in database".
    /// `wanted` (IPF_NETDB_WANT_* bits, ABI 1.6) names the groups looked up;
    /// the others are left unknown, exactly as ipfacts::onlyWanted says.
    ipfacts::NetFacts lookup(const net::IpAddress& a, std::chrono::system_clock::time_point now,
                             uint32_t wanted = IPF_NETDB_WANT_ALL) const;

    struct Stats {
        size_t asn_ranges;   // ranges in the ASN table, both families
        size_t asn_bytes;    // memory the ASN table holds
        double load_ms;      // the whole constructor
        double asn_load_ms;  // of which reading and indexing the ASN CSVs
    };
    Stats stats() const;

private:
    void addNetwork(ipfacts::NetFacts& f, const std::optional<netdb::AsnMatch>& asn) const;
    /// Location facts, geo_accuracy and locatable; false when no database holds a location.
    bool addGeo(ipfacts::NetFacts& f, const net::IpAddress& a, std::chrono::system_clock::time_point now,
                bool with_local_time) const;

    std::shared_ptr<const netdb::SpecialPurposeRegistry> special_;
    std::vector<std::unique_ptr<netdb::GeoDatabase>> geo_;
    std::unique_ptr<netdb::AsnTable> asn_;
    std::unique_ptr<netdb::RirTable> rir_;
    std::unique_ptr<netdb::ConnectionTypeRules> connection_types_;
    std::unique_ptr<netdb::ContinentTable> continents_;
    std::unique_ptr<netdb::CountryNames> country_names_;
    std::unique_ptr<netdb::ZoneClock> zones_;
    std::vector<uint32_t> name_rules_;  // connection-type rule of each AS name in the ASN table
    double load_ms_ = 0;
};

}  // namespace ipfacts::facilities
