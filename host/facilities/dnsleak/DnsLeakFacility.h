// DnsLeakFacility: the DNS leak test (host/facilities/dnsleak/README.md).
// The `dnsleak:` section turns it on: it starts the authoritative responder
// (LeakResponder) for the configured zone, hands out sessions (LeakToken) and
// reads what each session's names drew (SessionLog over the store facility's
// KvStore, so nodes sharing a store share sessions). It fills no slot of
// ipf_host_api: the host serves its routes itself (DnsLeakHandlers), so
// plugins and the ABI are untouched.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/dnsleak/DnsLeakConfig.h"
#include "host/facilities/dnsleak/LeakReport.h"
#include "host/facilities/dnsleak/LeakResponder.h"
#include "host/facilities/dnsleak/LeakToken.h"
#include "host/facilities/dnsleak/LeakZone.h"
#include "host/facilities/dnsleak/SessionLog.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::facilities {
class NetDbFacility;
}

namespace ipfacts::facilities::dnsleak {

/// A session just handed out.
struct LeakSession {
    std::string token;
    std::vector<std::string> names;  // to resolve: <i>.<token>.<zone>
    int64_t expires_unix = 0;
};

class DnsLeakFacility : public Facility {
public:
    static constexpr const char* kName = "dnsleak";
    /// Starts the responder; throws when it cannot listen. `kv` and `clock`
    /// outlive the facility (the store facility starts before it); `netdb`
    /// may be null (facts then unknown).
    DnsLeakFacility(DnsLeakConfig config, ipfacts::store::ServerSecret secret, ipfacts::store::KvStore& kv,
                    const ratelimit::ServiceClock& clock, const NetDbFacility* netdb, std::string service_host);
    ~DnsLeakFacility() override;
    const char* name() const override { return kName; }
    void fill(ipf_host_api& /*api*/) const override {}
    /// /metrics: the responder's questions by outcome, open TCP connections,
    /// questions not recorded.
    std::vector<MetricFamily> metrics(int64_t now_unix) const override;

    /// A new session, live for lifetime_s on the service clock. Thread-safe.
    LeakSession start() const;
    /// The result of session `token` as JSON for `caller`, or nothing when
    /// the token is not one of ours or has expired. Reads the store: worker
    /// threads only. Throws ipfacts::store::KvStoreError.
    std::optional<std::string> result(const std::string& token, const net::IpAddress& caller) const;

    const DnsLeakConfig& config() const { return config_; }
    const SessionLog& log() const { return *log_; }
    SessionLog& log() { return *log_; }
    ResponderCounts counts() const { return responder_->counts(); }

private:
    ipfacts::NetFacts factsOf(const net::IpAddress& a) const;

    DnsLeakConfig config_;
    LeakToken tokens_;
    const ratelimit::ServiceClock& clock_;
    const NetDbFacility* netdb_;
    std::string service_host_;
    LeakZone zone_;
    std::unique_ptr<SessionLog> log_;
    std::unique_ptr<LeakResponder> responder_;  // last: it stops first
};

/// Adds the facility when the manifest has a dnsleak: section, over the
/// store facility started before it.
void addDnsLeakFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::dnsleak
