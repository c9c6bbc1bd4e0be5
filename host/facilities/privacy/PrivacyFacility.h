// PrivacyFacility: the privacy slot (privacy: section, ABI 1.5): VPN, proxy,
// Tor, relay and hosting flags of an address with their evidence, shared by
// the ip plugin (full=1) and the lookup plugin (privacy=1). Feeds refresh in
// the background as periodic tasks of the host's TaskRunner; a lookup reads
// them from memory and calls only the external provider, when one is on.
// README.md beside this file says what each source is and how it degrades.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/privacy/DnsExitList.h"
#include "host/facilities/privacy/ExternalProvider.h"
#include "host/facilities/privacy/Feed.h"
#include "host/facilities/privacy/HostingAsns.h"
#include "host/facilities/privacy/Overrides.h"
#include "host/facilities/privacy/PrivacyConfig.h"

#include <ipfacts/views.hpp>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::facilities {
class NetDbHandle;
}
namespace ipfacts::facilities::tasks {
class TaskRunner;
}

namespace ipfacts::facilities::privacy {

class PrivacyFacility : public Facility {
public:
    static constexpr const char* kName = "privacy";
    /// Reads the local files (range lists, hosting ASNs, overrides; throws
    /// manifest::ConfigError when one is bad). `http`, `netdb`, `resolver`
    /// may be null; `netdb_date_s` is the date of netdb's network data, for evidence.
    /// `outcomes` counts each feed download for the status page.
    PrivacyFacility(const PrivacyConfig& config, http::HttpFacility* http, const NetDbHandle* netdb,
                    int64_t netdb_date_s = 0, const StubResolver* resolver = nullptr,
                    std::shared_ptr<UpstreamOutcomes> outcomes = nullptr);
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    /// SIGHUP: reads the local files again; a bad file keeps the old data.
    void reload() override;

    /// Registers one refresh task per feed that is switched on.
    void schedule(tasks::TaskRunner& runner);

    /// The flags of `a` now. Blocking when the external provider is on. Thread-safe.
    PrivacyFacts lookup(const net::IpAddress& a, int64_t now_s) const;

    /// The feeds (for tests and logs).
    const std::vector<std::unique_ptr<Feed>>& feeds() const { return feeds_; }

    /// The C table (for tests that call it as a plugin would).
    static const ipf_privacy_api& table();

private:
    struct LocalFiles {
        HostingAsns hosting;
        Overrides overrides;
    };
    std::shared_ptr<const LocalFiles> readLocalFiles() const;
    std::shared_ptr<const LocalFiles> local() const;
    void hostingWords(const net::IpAddress& a, const LocalFiles& files, std::vector<SourceWord>& out) const;

    PrivacyConfig config_;
    const NetDbHandle* netdb_;
    int64_t netdb_date_s_;
    std::vector<std::unique_ptr<Feed>> feeds_;                       // enabled ones only
    std::optional<ExternalProvider> provider_;                       // when enabled
    std::optional<DnsExitList> tor_dns_;                             // when enabled
    std::vector<std::pair<std::string, std::string>> switched_off_;  // flag -> source name
    mutable std::mutex mu_;
    std::shared_ptr<const LocalFiles> local_;
};

/// Adds the facility when the manifest has a privacy: section and schedules
/// its feeds on the tasks facility; after the http, netdb and tasks facilities.
void addPrivacyFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::privacy
