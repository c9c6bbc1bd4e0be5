// ExternalProvider: the operator's paid VPN/proxy API (privacy.provider),
// called per address through the http facility, so the guard and the
// upstream's budget apply: the upstream naming the URL's host has a per_day
// quota, and from 80 % of it the http facility makes no call ("budget
// guard"). The answer is JSON; the manifest maps it onto vpn, proxy and
// service (AnswerPath). The key is sent, never logged or shown.
#pragma once

#include "host/facilities/privacy/PrivacyConfig.h"
#include "host/facilities/privacy/SourceWord.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::http {
class HttpFacility;
}

namespace ipfacts::facilities::privacy {

class ExternalProvider {
public:
    ExternalProvider(ProviderConfig config, http::HttpFacility* http);

    /// The words for vpn and proxy (those the mapping names) about `address`
    /// (canonical text); a Yes word carries the service when the answer names
    /// one. Blocking: one HTTP call unless switched off or without http.
    std::vector<SourceWord> lookup(const std::string& address, int64_t now_s) const;

    const ProviderConfig& config() const { return config_; }

    /// The words `body` (the provider's JSON answer about `address`) gives;
    /// Unknown words when it is not JSON. Public for tests.
    std::vector<SourceWord> read(std::string_view body, const std::string& address, int64_t now_s) const;

private:
    std::vector<SourceWord> unknownAll(const std::string& reason) const;
    std::string urlFor(const std::string& address) const;

    ProviderConfig config_;
    http::HttpFacility* http_;
};

}  // namespace ipfacts::facilities::privacy
