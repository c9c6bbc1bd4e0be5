// ConnectFacility: the connect slot (connect: section, ABI 1.4): guarded TCP
// connect plus TLS handshake for plugins, which open no sockets themselves,
// and (1.5) plain TCP exchanges such as a WHOIS query.
// Holds the manifest's limits, the shared OpenSSL client context and the
// guard; fills ipf_connect_api.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/connect/ConnectConfig.h"
#include "host/facilities/connect/ProbeSlots.h"
#include "host/facilities/connect/TcpExchange.h"
#include "host/facilities/connect/TlsClientContext.h"
#include "host/facilities/connect/TlsProbeRequest.h"
#include "host/facilities/connect/TlsProbeResult.h"

#include <memory>
#include <vector>

namespace ipfacts::facilities::connect {

class ConnectFacility : public Facility {
public:
    static constexpr const char* kName = "connect";
    /// Throws std::runtime_error when the CA store cannot be loaded.
    ConnectFacility(const ConnectConfig& config, std::shared_ptr<const guard::AddressGuard> guard);
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;

    /// Applies the manifest's time-out (0: connect.timeout_ms; capped at
    /// connect.max_timeout_ms) and concurrency limit, then probes every
    /// request at once; result i is request i's. Never throws. Thread-safe.
    std::vector<TlsProbeResult> probeAll(std::vector<TlsProbeRequest> requests);

    /// Plain TCP exchanges (ABI 1.5; WHOIS): the same time-out defaults and
    /// cap, the same slots and guard as the probes; 0 max_bytes reads up to
    /// kDefaultExchangeBytes. Result i is request i's. Never throws. Thread-safe.
    std::vector<TcpExchangeResult> exchangeAll(std::vector<TcpExchangeRequest> requests);

    const ConnectConfig& config() const { return config_; }

private:
    ConnectConfig config_;
    std::shared_ptr<const guard::AddressGuard> guard_;
    SslCtxPtr ctx_;
    ProbeSlots slots_;
};

/// Adds the facility when the manifest has a connect: section.
void addConnectFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::connect
