#include "host/facilities/netdb/NetDb.h"

#include "host/facilities/netdb/AsnTable.h"
#include "host/facilities/netdb/ConnectionTypeRules.h"
#include "host/facilities/netdb/ContinentTable.h"
#include "host/facilities/netdb/CountryNames.h"
#include "host/facilities/netdb/GeoDatabase.h"
#include "host/facilities/netdb/RirTable.h"
#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "host/facilities/netdb/ZoneClock.h"

#include <ipfacts/location.hpp>
#include <ipfacts/netdb_wanted.hpp>

#include <stdexcept>

namespace ipfacts::facilities {

using namespace netdb;

namespace {

/// Loads `T` from `path`, or leaves it absent when no file is configured.
template <class T>
std::unique_ptr<T> optionalFile(const std::string& path) {
    return path.empty() ? nullptr : std::make_unique<T>(path);
}

/// The connection-type rule each AS name selects. The names are fixed once
/// loaded, so their substrings are matched here, once, not per lookup.
std::vector<uint32_t> nameRules(const ConnectionTypeRules& rules, const StringPool& names) {
    std::vector<uint32_t> out;
    out.reserve(names.size());
    for (uint32_t i = 0; i < names.size(); ++i) out.push_back(rules.ruleForName(names.at(i)));
    return out;
}

std::optional<std::string> copyOf(const std::string* s) { return s ? std::optional<std::string>(*s) : std::nullopt; }

}  // namespace

NetDb::NetDb(const NetDbConfig& config) {
    const auto t0 = std::chrono::steady_clock::now();
    special_ = config.registry;
    if (!special_ && config.special_purpose.empty())
        throw std::runtime_error("netdb: no special_purpose file configured");
    if (!special_) special_ = std::make_shared<const SpecialPurposeRegistry>(config.special_purpose);
    for (const auto& path : config.city_mmdb) geo_.push_back(std::make_unique<GeoDatabase>(path));
    asn_ = std::make_unique<AsnTable>(config.asn_csv);
    rir_ = optionalFile<RirTable>(config.rir);
    connection_types_ = optionalFile<ConnectionTypeRules>(config.connection_types);
    continents_ = optionalFile<ContinentTable>(config.continents);
    country_names_ = optionalFile<CountryNames>(config.country_names);
    zones_ = std::make_unique<ZoneClock>(config.zoneinfo_dir);
    if (connection_types_) name_rules_ = nameRules(*connection_types_, asn_->namePool());
    load_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

NetDb::~NetDb() = default;

NetDb::Stats NetDb::stats() const { return {asn_->ranges(), asn_->bytes(), load_ms_, asn_->loadMs()}; }

NetFacts NetDb::lookup(const net::IpAddress& a, std::chrono::system_clock::time_point now, uint32_t wanted) const {
    wanted = netdbWanted(wanted);
    NetFacts f;
    f.version = a.isV4() ? 4 : 6;
    f.address = a.toString();
    const Classification c = special_->classify(a);
    f.kind = std::string(c.kind);
    if (c.rfc) f.rfc = std::string(*c.rfc);
    f.description = c.describe();
    f.routable = c.routable;
    const bool location = wanted & IPF_NETDB_WANT_LOCATION;
    // geo_accuracy is never null: without a city or region it is country-only.
    if (location) f.geo_accuracy = std::string(kCountryOnlyAccuracy);
    // Special-purpose space is IANA's whatever its kind; the RIR tables are
    // consulted only for ordinary addresses.
    if (c.special && (wanted & IPF_NETDB_WANT_RIR)) f.rir = RirTable::iana();
    // Private, documentation, loopback... space has no place and no operator
    // to guess: the classification is the answer, its kind the reason.
    if (!c.locatable()) {
        f.not_locatable_reason = f.kind;
        return f;
    }

    // The RIR of an address may follow its AS, so either group reads the ASN table.
    if (wanted & (IPF_NETDB_WANT_NETWORK | IPF_NETDB_WANT_RIR)) {
        const std::optional<AsnMatch> asn = asn_->find(a);
        if (wanted & IPF_NETDB_WANT_NETWORK) addNetwork(f, asn);
        // AS 0 marks unrouted space (RFC 7607): no AS to go by.
        const std::optional<uint32_t> routed_as =
            asn && asn->asn != 0 ? std::optional<uint32_t>(asn->asn) : std::nullopt;
        if (!c.special && rir_ && (wanted & IPF_NETDB_WANT_RIR)) f.rir = rir_->registryOf(a, routed_as);
    }
    if (location && !addGeo(f, a, now, wanted & IPF_NETDB_WANT_LOCAL_TIME))
        f.not_locatable_reason = std::string(kNotInDatabase);
    return f;
}

void NetDb::addNetwork(NetFacts& f, const std::optional<AsnMatch>& asn) const {
    // AS 0 marks unrouted space (RFC 7607): no AS to report.
    if (!asn || asn->asn == 0) return;
    f.asn = asn->asn;
    if (!asn->name.empty()) f.as_name = f.isp = std::string(asn->name);
    // The ASN source carries no domain, so as_domain stays unknown.
    if (connection_types_) f.connection_type = connection_types_->typeOf(asn->asn, name_rules_[asn->name_index]);
}

bool NetDb::addGeo(NetFacts& f, const net::IpAddress& a, std::chrono::system_clock::time_point now,
                   bool with_local_time) const {
    std::optional<GeoRecord> r;
    for (const auto& db : geo_)
        if ((r = db->lookup(a))) break;  // files are tried in configured order; the first answer wins
    if (!r) return false;
    f.country = r->country;
    f.region = r->region;
    f.region_code = r->region_code;
    f.city = r->city;
    f.postal = r->postal;
    f.latitude = r->latitude;
    f.longitude = r->longitude;
    if (!f.latitude || !f.longitude) f.latitude = f.longitude = std::nullopt;
    if (r->country) {
        f.country_name = country_names_ ? copyOf(country_names_->nameOf(*r->country)) : std::nullopt;
        if (!f.country_name) f.country_name = r->country_name;
        f.continent = r->continent;
        if (!f.continent && continents_) f.continent = copyOf(continents_->continentOf(*r->country));
    }
    if (r->city || r->region) f.geo_accuracy = std::string(kApproximateAccuracy);
    if (r->timezone) {
        f.timezone = r->timezone;
        if (with_local_time) f.local_time = zones_->localTime(*r->timezone, now);
    }
    // A record with coordinates or a zone but no place name locates nothing.
    f.locatable = r->city || r->region || r->country;
    return f.locatable;
}

}  // namespace ipfacts::facilities
