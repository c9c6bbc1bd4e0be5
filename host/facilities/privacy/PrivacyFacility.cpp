#include "host/facilities/privacy/PrivacyFacility.h"

#include "host/facilities/CEntry.h"
#include "host/facilities/FacilitySet.h"
#include "host/facilities/dns/ResolverFacility.h"
#include "host/facilities/http/HttpFacility.h"
#include "host/facilities/netdb/NetDb.h"
#include "host/facilities/netdb/NetDbFacility.h"
#include "host/facilities/privacy/FlagVerdict.h"
#include "host/facilities/tasks/TasksFacility.h"

#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <ipfacts/plugin.hpp>

#include <algorithm>

#include <chrono>
#include <ctime>

namespace ipfacts::facilities::privacy {
namespace {

int64_t nowSeconds() { return static_cast<int64_t>(std::time(nullptr)); }

/// Where a lookup's answer lives until the plugin frees it; derived, so
/// static_cast gets back here.
struct LentFacts : ipf_privacy_facts {
    PrivacyFacts copy;
    fields::Arena arena;
};

ipf_status lookupC(ipf_plugin_ctx* ctx, ipf_str address, const ipf_privacy_facts** out) {
    if (!ctx || !out) return IPF_INVALID;
    auto* f = facilityOf<PrivacyFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    auto a = net::IpAddress::parse(view(address));
    if (!a || view(address).find('[') != std::string_view::npos) return IPF_INVALID;
    auto* lent = new LentFacts();
    try {
        lent->copy = f->lookup(a->unmapped(), nowSeconds());
    } catch (const std::exception& e) {
        delete lent;
        spdlog::error("privacy: lookup failed: {}", e.what());
        return IPF_ERROR;
    }
    fill(lent->copy, *lent, lent->arena);
    *out = lent;
    return IPF_OK;
}

void factsFree(const ipf_privacy_facts* facts) { delete static_cast<const LentFacts*>(facts); }

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_privacy_api kTable{sizeof(ipf_privacy_api), cEntry<lookupC>, cEntry<factsFree>};

void runFeed(void* state) { static_cast<Feed*>(state)->refresh(nowSeconds()); }

}  // namespace

std::string isoDate(int64_t unix_s) { return isoUtc(unix_s * 1000); }

PrivacyFacility::PrivacyFacility(const PrivacyConfig& config, http::HttpFacility* http, const NetDbHandle* netdb,
                                 int64_t netdb_date_s, const StubResolver* resolver,
                                 std::shared_ptr<UpstreamOutcomes> outcomes)
    : config_(config), netdb_(netdb), netdb_date_s_(netdb_date_s) {
    if (config_.tor_dns) {
        if (config_.tor_dns->enabled)
            tor_dns_.emplace(config_.tor_dns->zone, resolver);
        else
            switched_off_.emplace_back("tor", "tor-dnsel");
    }
    for (const FeedConfig& fc : config_.feeds()) {
        if (!fc.enabled) {
            switched_off_.emplace_back(fc.flag, fc.name);
            continue;
        }
        feeds_.push_back(std::make_unique<Feed>(fc, http, outcomes));
        // Local files are there at once; downloads wait for the first task run.
        if (!fc.file.empty()) feeds_.back()->refresh(nowSeconds());
    }
    if (config_.provider) {
        if (config_.provider->enabled)
            provider_.emplace(*config_.provider, http);
        else {
            if (config_.provider->vpn.set()) switched_off_.emplace_back("vpn", config_.provider->name);
            if (config_.provider->proxy.set()) switched_off_.emplace_back("proxy", config_.provider->name);
        }
    }
    if (!config_.hosting.enabled) switched_off_.emplace_back("hosting", "hosting");
    local_ = readLocalFiles();
}

std::shared_ptr<const PrivacyFacility::LocalFiles> PrivacyFacility::readLocalFiles() const {
    auto files = std::make_shared<LocalFiles>();
    if (config_.hosting.enabled && !config_.hosting.asns.empty()) files->hosting = HostingAsns(config_.hosting.asns);
    if (!config_.overrides.empty()) files->overrides = Overrides(config_.overrides);
    return files;
}

std::shared_ptr<const PrivacyFacility::LocalFiles> PrivacyFacility::local() const {
    std::lock_guard<std::mutex> lock(mu_);
    return local_;
}

void PrivacyFacility::reload() {
    try {
        auto files = readLocalFiles();
        std::lock_guard<std::mutex> lock(mu_);
        local_ = std::move(files);
    } catch (const std::exception& e) {
        spdlog::error("privacy: reload failed, keeping the old lists: {}", e.what());
    }
    for (auto& feed : feeds_)
        if (!feed->config().file.empty()) feed->refresh(nowSeconds());
}

void PrivacyFacility::schedule(tasks::TaskRunner& runner) {
    for (auto& feed : feeds_) {
        tasks::TaskSpec spec;
        spec.plugin = "privacy";
        spec.name = "feed." + feed->config().name;
        spec.interval = std::chrono::seconds(feed->config().refresh_s);
        // A file was read at start; a download is due at once.
        spec.first_delay = feed->config().file.empty() ? std::chrono::milliseconds(0) : spec.interval;
        spec.timeout = std::chrono::milliseconds(feed->config().timeout_ms + 1000);
        spec.run = runFeed;
        spec.state = feed.get();
        const std::string why = runner.add(spec);
        if (!why.empty()) spdlog::error("privacy: feed {} not scheduled: {}", feed->config().name, why);
    }
}

void PrivacyFacility::hostingWords(const net::IpAddress& a, const LocalFiles& files,
                                   std::vector<SourceWord>& out) const {
    if (!config_.hosting.enabled) return;
    if (!netdb_) {
        out.push_back(SourceWord::unknown("hosting", "netdb", "provider down: no address database (netdb: section)"));
        return;
    }
    const auto db = netdb_->current();
    const NetFacts facts = db->lookup(a, std::chrono::system_clock::now());
    const std::string asn = facts.asn ? "AS" + std::to_string(*facts.asn) : "";
    if (config_.hosting.connection_type) {
        if (facts.connection_type == "hosting")
            out.push_back(SourceWord::yes("hosting", "netdb-connection-type", asn.empty() ? facts.address : asn,
                                          isoDate(netdb_date_s_)));
        else
            out.push_back(SourceWord::no("hosting", "netdb-connection-type"));
    }
    if (!config_.hosting.asns.empty()) {
        if (facts.asn && files.hosting.find(*facts.asn))
            out.push_back(SourceWord::yes("hosting", "hosting-asns", asn, isoDate(files.hosting.date_s()),
                                          *files.hosting.find(*facts.asn)));
        else
            out.push_back(SourceWord::no("hosting", "hosting-asns"));
    }
}

PrivacyFacts PrivacyFacility::lookup(const net::IpAddress& a, int64_t now_s) const {
    std::vector<SourceWord> words;
    for (const auto& feed : feeds_) words.push_back(feed->lookup(a, now_s));
    if (tor_dns_) words.push_back(tor_dns_->lookup(a, now_s));
    const auto files = local();
    hostingWords(a, *files, words);
    if (provider_) {
        auto said = provider_->lookup(a.toString(), now_s);
        words.insert(words.end(), said.begin(), said.end());
    }
    return decide(words, files->overrides.find(a), switched_off_);
}

const ipf_privacy_api& PrivacyFacility::table() { return kTable; }

void PrivacyFacility::fill(ipf_host_api& api) const { api.privacy = &kTable; }

/// The date of netdb's network data: the newest of its ASN files and connection-type rules.
int64_t netdbDate(const manifest::Manifest& m) {
    const auto* netdb = m.section<NetDbFiles>();
    if (!netdb) return 0;
    std::vector<std::string> files = netdb->asn_csv;
    files.push_back(netdb->connection_types);
    int64_t newest = 0;
    for (const auto& f : files) {
        struct stat st {};
        if (!f.empty() && ::stat(f.c_str(), &st) == 0) newest = std::max(newest, static_cast<int64_t>(st.st_mtime));
    }
    return newest;
}

void addPrivacyFacility(FacilitySet& set, const manifest::Manifest& m) {
    const auto* config = m.section<PrivacyConfig>();
    if (!config) return;
    auto* netdb = set.get<NetDbFacility>();
    auto* resolver = set.get<ResolverFacility>();
    auto f =
        std::make_unique<PrivacyFacility>(*config, set.get<http::HttpFacility>(), netdb ? &netdb->handle() : nullptr,
                                          netdbDate(m), resolver ? &resolver->resolver() : nullptr, set.outcomes());
    if (auto* t = set.get<tasks::TasksFacility>()) f->schedule(t->runner());
    set.add(std::move(f));
}

}  // namespace ipfacts::facilities::privacy
