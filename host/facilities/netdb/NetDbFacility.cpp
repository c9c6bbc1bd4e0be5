#include "host/facilities/netdb/NetDbFacility.h"

#include "host/facilities/CEntry.h"
#include "host/facilities/netdb/DataDate.h"
#include "host/facilities/netdb/NetDb.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <utility>

#include <sys/stat.h>

namespace ipfacts::facilities {
namespace {

/// What a plugin holds: the C view first, so the pointer it gets back is the box.
struct FactsBox {
    ipf_netdb_facts c{};
    NetFacts facts;
};

/// The C view of the box's facts, by the SDK's one field list (ipfacts/fields.h).
void fill(FactsBox& b) {
    ipfacts::fields::Arena none;  // ipf_netdb_facts points to no arrays
    ipfacts::fill(b.facts, b.c, none);
}

/// lookup_wanted (ABI 1.6): only the groups `wanted` names are looked up.
ipf_status lookupWanted(ipf_plugin_ctx* ctx, ipf_str address, uint32_t wanted, const ipf_netdb_facts** out) {
    if (!ctx || !out) return IPF_INVALID;
    const auto* f = facilityOf<NetDbFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    auto a = net::IpAddress::parse(std::string_view(address.ptr ? address.ptr : "", address.len));
    // Brackets are for URLs, not for address literals.
    if (!a || (address.len && address.ptr[0] == '[')) return IPF_INVALID;
    auto db = f->handle().current();
    auto box = std::make_unique<FactsBox>();
    box->facts = db->lookup(*a, std::chrono::system_clock::now(), wanted);
    fill(*box);
    *out = &box.release()->c;  // ownership passes to the plugin until facts_free
    return IPF_OK;
}

ipf_status lookup(ipf_plugin_ctx* ctx, ipf_str address, const ipf_netdb_facts** out) {
    return lookupWanted(ctx, address, IPF_NETDB_WANT_ALL, out);
}

void factsFree(const ipf_netdb_facts* f) {
    std::unique_ptr<const FactsBox> owned(reinterpret_cast<const FactsBox*>(f));
}

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_netdb_api kTable{sizeof(ipf_netdb_api), cEntry<lookup>, cEntry<factsFree>, cEntry<lookupWanted>};

NetDbConfig configOf(const NetDbFiles& s, std::shared_ptr<const netdb::SpecialPurposeRegistry> registry) {
    NetDbConfig c;
    c.city_mmdb = s.city_mmdb;
    c.asn_csv = s.asn_csv;
    c.registry = std::move(registry);
    c.special_purpose = s.special_purpose;
    c.rir = s.rir;
    c.continents = s.continents;
    c.connection_types = s.connection_types;
    c.country_names = s.country_names;
    c.zoneinfo_dir = s.zoneinfo_dir;
    return c;
}

std::shared_ptr<const NetDb> load(const NetDbFiles& spec,
                                  std::shared_ptr<const netdb::SpecialPurposeRegistry> registry) {
    auto db = std::make_shared<const NetDb>(configOf(spec, std::move(registry)));
    auto st = db->stats();
    spdlog::info("netdb loaded in {:.0f} ms: {} ASN ranges in {} KiB (read in {:.0f} ms)", st.load_ms, st.asn_ranges,
                 st.asn_bytes / 1024, st.asn_load_ms);
    return db;
}

/// The fetched data files (city_mmdb, asn_csv) of `spec` that are not there.
std::vector<std::string> missingData(const NetDbFiles& spec) {
    std::vector<std::string> missing;
    std::error_code ec;
    for (const auto* list : {&spec.city_mmdb, &spec.asn_csv})
        for (const auto& f : *list)
            if (!std::filesystem::exists(f, ec)) missing.push_back(f);
    return missing;
}

/// `spec` without its missing data files: a fresh install serves (and says it is
/// not ready) until the data is fetched, instead of refusing to start.
NetDbFiles present(NetDbFiles spec, const std::vector<std::string>& missing) {
    auto drop = [&](std::vector<std::string>& files) {
        std::vector<std::string> kept;
        for (auto& f : files)
            if (std::find(missing.begin(), missing.end(), f) == missing.end()) kept.push_back(std::move(f));
        files = std::move(kept);
    };
    drop(spec.city_mmdb);
    drop(spec.asn_csv);
    return spec;
}

}  // namespace

NetDbFacility::NetDbFacility(const NetDbFiles& spec, std::shared_ptr<const netdb::SpecialPurposeRegistry> registry)
    : spec_(spec),
      registry_(std::move(registry)),
      missing_(missingData(spec_)),
      handle_(load(present(spec_, missing_), registry_)),
      loaded_unix_(std::time(nullptr)) {
    if (!missing_.empty())
        spdlog::error(
            "netdb: address data missing: {}; serving without it, /readyz answers 503. Fetch it with "
            "ipfacts-fetch-data (tools/fetch-data in a source tree), then SIGHUP (systemctl reload ipfactsd)",
            fmt::join(missing_, ", "));
}

std::vector<std::string> NetDbFacility::missing() const {
    std::lock_guard<std::mutex> lock(missing_mutex_);
    return missing_;
}

void NetDbFacility::fill(ipf_host_api& api) const { api.netdb = &kTable; }

std::optional<FacilityHealth> NetDbFacility::readiness() const {
    const auto gone = missing();
    if (gone.empty()) return FacilityHealth{true, "address data loaded"};
    return FacilityHealth{false, fmt::format("address data missing: {} (fetch it with ipfacts-fetch-data, then SIGHUP)",
                                             fmt::join(gone, ", "))};
}

std::vector<MetricFamily> NetDbFacility::metrics(int64_t now_unix) const {
    std::vector<MetricFamily> out;
    if (!spec_.city_mmdb.empty() || !spec_.asn_csv.empty()) {
        MetricFamily files{"ipfacts_data_file_age_seconds",
                           "gauge",
                           "Seconds since each data file of the netdb: section was made (an mmdb's build_epoch, "
                           "otherwise its modification time), by kind and path.",
                           {}};
        for (const auto& [kind, list] : {std::pair{"city_mmdb", &spec_.city_mmdb}, {"asn_csv", &spec_.asn_csv}})
            for (const auto& f : *list) {
                // Gone since the load, or no true date: no sample rather than a made-up age.
                if (auto made = netdb::dataDate(f))
                    files.samples.push_back({{{"kind", kind}, {"file", f}}, double(now_unix - *made)});
            }
        out.push_back(std::move(files));
    }
    out.push_back({"ipfacts_data_loaded_age_seconds",
                   "gauge",
                   "Seconds since the address data in use was loaded (at start, or by the last SIGHUP that succeeded).",
                   {{{}, double(now_unix - loadedUnix())}}});
    return out;
}

void NetDbFacility::reload() {
    try {
        // Every file or none: a file missing now keeps what was loaded.
        if (auto gone = missingData(spec_); !gone.empty())
            throw std::runtime_error(fmt::format("missing {}", fmt::join(gone, ", ")));
        handle_.replace(load(spec_, registry_));
        loaded_unix_.store(std::time(nullptr), std::memory_order_relaxed);
        {
            std::lock_guard<std::mutex> lock(missing_mutex_);
            missing_.clear();
        }
        spdlog::info("SIGHUP: netdb reloaded");
    } catch (const std::exception& e) {
        spdlog::error("SIGHUP: netdb reload failed, keeping the loaded data: {}", e.what());
    }
}

void addNetDbFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (const auto* files = m.section<NetDbFiles>()) set.add(std::make_unique<NetDbFacility>(*files, set.registry()));
}

}  // namespace ipfacts::facilities
