// The `mail` family: GET /api/v1/mx, a domain's MX hosts, SPF (with the
// lookup tree and an optional evaluation for a sender address), DMARC,
// MTA-STS and TLS-RPT (plugins/mail/README.md).
#ifndef IPFACTS_PLUGINS_MAIL_MAILPLUGIN_H
#define IPFACTS_PLUGINS_MAIL_MAILPLUGIN_H

#include "MailLookup.h"
#include "PublicSuffixList.h"

#include <ipfacts/plugin.hpp>

#include <memory>

namespace ipfacts::mail {

/// Created once at init; handlers share the immutable settings and list.
class MailPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"resolver", nullptr};
    static constexpr ipf_config_key kConfigKeys[] = {
        {"public_suffix_list", IPF_CONFIG_PATH, 0, nullptr,
         "a Public Suffix List file (.dat); default: libpsl's newest (built-in or /usr/share/publicsuffix)"},
        {"max_dns_questions", IPF_CONFIG_INTEGER, 0, "150", "DNS questions one request may ask"},
        {"dns_budget_ms", IPF_CONFIG_INTEGER, 0, "5000", "after this, a request asks no more DNS questions"},
        {"spf_max_depth", IPF_CONFIG_INTEGER, 0, "10", "include/redirect levels followed"},
        {"spf_max_records", IPF_CONFIG_INTEGER, 0, "40", "SPF records fetched per request"},
        {"mta_sts_timeout_ms", IPF_CONFIG_INTEGER, 0, "3000", "the MTA-STS policy fetch"},
        {"mta_sts_port", IPF_CONFIG_INTEGER, 0, "443",
         "the port of MTA-STS policy URLs; 443 in public deployments (RFC 8461 3.3), another for tests"},
        {nullptr, 0, 0, nullptr, nullptr}};

    explicit MailPlugin(Host& host);

    /// GET /api/v1/mx?domain=...[&ip=...]. Blocks on DNS and HTTP: registered without NONBLOCKING.
    void mx(Request& req, Response& resp);

private:
    const Host& host_;
    MailSettings settings_;
    std::unique_ptr<PublicSuffixList> psl_;
};

}  // namespace ipfacts::mail

#endif
